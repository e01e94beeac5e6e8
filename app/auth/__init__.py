"""Who is who: passwords, sessions and CSRF (sessions.py), signing in (sign_in.py) and its limit
(sign_in_limit.py), two-factor codes (two_factor.py) and which roles may use which part of the back
office (roles.py). Where shopper accounts go.

May import: app.http, app.services, app.database, app.settings and db; never app.api or app.pages."""
