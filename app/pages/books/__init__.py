"""Browsing books: author and class/college/story pages (browse.py) and school booklists (booklists.py)."""
