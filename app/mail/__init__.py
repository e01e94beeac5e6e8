"""Mail the shop sends: each kind of message made from its templates (templates.py, templates/mail/),
written to the outbox in the transaction of its cause (mailer.py, db/outbox.py), and delivered after
the commit by a sender in every server process (sender.py) over SMTP (smtp.py).

May import: app.http, app.services, app.database, app.settings and db."""
