"""Pages into HTML: the pool of V8 isolates that renders React (v8.py), the HTML document around a
render (document.py) and where a build's time went (server_timing.py).

May import: app.http, app.services, app.settings and db."""
