#!/usr/bin/env node
function fromHashbang() { return 1; }
