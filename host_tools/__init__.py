"""CPython-only tools: simulator front end, test driver, benchmarks, flashing."""
