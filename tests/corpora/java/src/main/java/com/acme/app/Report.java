package com.acme.app;

import java.util.List;

// lode: com.acme.app.Report
class Report {
    void print(List<String> lines) {
        for (String line : lines) {
            System.out.println(line);
        }
    }
}
