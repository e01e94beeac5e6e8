"""Back-office pages: the shell every admin page shares (shell.py), sign-in (sign_in.py) and one module
per area (catalogue, sales, booklists, book import, search synonyms, staff, outbox)."""
