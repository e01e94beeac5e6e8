"""Benchmarks that print figures (`make bench`); never part of the test run's pass/fail."""
