<?php

namespace Acme;

// A file the parser cannot fully read: the definitions it can read still count.
// lode: Acme.Broken
class Broken
{
    public function half() {
        $x = ;
    }

    // lode: Acme.Broken.whole
    public function whole(): int
    {
        return 1;
    }
}
