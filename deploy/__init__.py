"""Running the shop behind Debian's nginx: configurations, and the script of `make cluster`."""
