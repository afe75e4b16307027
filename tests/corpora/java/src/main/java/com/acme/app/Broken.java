package com.acme.app;

// A file the parser cannot fully read: the definitions it can read still count.
// lode: com.acme.app.Broken
public class Broken {
    void half( {
        int x = ;
    }

    // lode: com.acme.app.Broken.whole
    int whole() {
        return 1;
    }
}
