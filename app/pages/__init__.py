"""Page routes, one package per area: shop/ (storefronts, product, cart), books/ (authors, classes,
booklists), admin/ (the back office). At this level, what every page shares: serving a page
(render.py: cache, loader, V8, document), its invalidation keys (page_keys.py), its theme
(themes.py), error pages (errors.py) and what crawlers read (seo.py). Each page is a loader
(db -> props) plus a React page name.

May import: app.auth, app.caching, app.rendering, app.media, app.http, app.services, app.database,
app.settings and db; never app.api."""
