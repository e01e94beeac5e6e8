"""Taking the money: payment providers behind one small interface (provider.py), Stripe for cards
(stripe_cards.py) and cash on delivery (cash.py), and the service that runs their calls between the
database's transactions (service.py), including the sweep that cancels orders left unpaid.

May import app.http, app.services, app.database, app.settings and db; never api, pages or caching."""
