// accepted
outer: for (;;) { for (;;) { break outer; } }
