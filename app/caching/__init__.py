"""Pages kept once rendered: the page cache (page_cache.py), answered before routing (fast_path.py),
dropped as the catalogue changes (page_changes.py, heard through change_notices.py on PostgreSQL),
and what caches in front may keep (shared_cache.py).

May import: app.auth, app.rendering, app.http, app.services, app.database, app.settings and db."""
