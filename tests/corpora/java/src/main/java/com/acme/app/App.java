package com.acme.app;

// lode-ref: com.acme.shop.remote.Retry.withRetry
import static com.acme.shop.remote.Retry.withRetry;

// lode-ref: com.acme.shop.Warehouse
import com.acme.shop.Warehouse;
// lode-ref: com.acme.shop.MemoryWarehouse
import com.acme.shop.MemoryWarehouse;
import com.acme.shop.remote.RemoteWarehouse;
import java.util.*;

/** Starts the shop. */
public class App {
    public static void main(String[] args) {
        Warehouse local = new MemoryWarehouse();
        // lode-ref: com.acme.shop.Warehouse.count
        int n = local.count("apple");
        // lode-ref: com.acme.shop.MemoryWarehouse.LIMIT
        if (n > MemoryWarehouse.LIMIT) {
            // lode-ref: com.acme.shop.remote.RemoteWarehouse.Client
            RemoteWarehouse.Client client = new RemoteWarehouse.Client("http://stock");
            withRetry(() -> client.get("/"));
        }
        // lode-ref: com.acme.app.Report
        Report report = new Report();
        // lode-ref: com.acme.app.Report.print
        report.print(new ArrayList<>(local.skus()));
        // lode-ref: com.acme.app.Summary.of
        System.out.println(Summary.of(local.skus()));
    }
}
