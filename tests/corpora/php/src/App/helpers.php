<?php

namespace Acme\App;

// lode: Acme.App.format_count
function format_count(int $n): string
{
    return number_format($n);
}
