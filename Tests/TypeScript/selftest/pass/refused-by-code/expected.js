this is not what tsc writes
