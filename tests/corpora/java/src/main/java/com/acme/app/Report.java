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

class Summary {
    static String of(java.util.List<String> lines) {
        // lode-ref: com.acme.app.Report.print
        new Report().print(lines);
        return String.join(",", lines);
    }
}
