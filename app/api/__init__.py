"""JSON endpoints, one package per area: shop/ (the shoppers'), catalogue/ and sales/ (the back
office's), accounts/ (sign-in, staff). At this level, what every area shares: the declared contract
of an endpoint (contract.py, read by openapi.py), validation, list paging (lists.py, list_params.py,
paged_lists.py, back_office.py), back-office writes (admin_writes.py), uploads and records.

May import: app.auth, app.caching, app.rendering, app.media, app.http, app.services, app.database,
app.settings and db; never app.pages."""
