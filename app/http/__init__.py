"""HTTP plumbing under every answer: security headers and page policies (security.py), trusted
proxies (proxies.py), static files (static.py), the health check (health.py), JSON errors
(errors.py) and what form of a page a request asks for (negotiation.py).

May import: app.services, app.database, app.settings and db; nothing of the other app packages."""
