"""Signing in and back-office accounts: /api/auth (sign_in.py), one's own account and two-factor
enrolment (account.py), the owner's staff accounts (staff.py) and their shared write path (writes.py)."""
