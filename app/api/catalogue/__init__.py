"""The back office's catalogue API: writes to products, categories, brands, reviews and customers
(writes.py, records in records.py), authors, booklists, the CSV book import, image uploads and
search synonyms."""
