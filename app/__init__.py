"""The Student Books web application (Starlette).

At the top, only the composition: main.py (create_app, and the services started and stopped with
it), services.py (what the app holds, and services_of), settings.py, database.py and __main__.py.
Everything else lives in a package named for its concern; .importlinter holds the layers."""
