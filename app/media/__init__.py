"""Uploaded images: what a file really is and where it is written (images.py), and the store that
keeps and serves them, a folder or the database (store.py).

May import: app.http, app.services, app.database, app.settings and db."""
