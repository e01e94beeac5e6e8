"""The back office's money side: writes to orders, refunds, sellers and payouts (writes.py) and the
records of its lists and dashboard (records.py)."""
