"""The database layer: models, engine, migrations, queries and seed data. Imports nothing from app."""
