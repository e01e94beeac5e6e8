"""/api/seller/account: a seller's own account and its two-factor sign-in, the staff account page's
API (app/api/accounts/account.py) behind the seller portal's guard. A seller handles money
(payouts), so when the shop requires two-factor sign-in this is the one place of the portal a
seller without it may reach (app/auth/roles.py)."""

from __future__ import annotations

from app.api.accounts.account import account_routes
from app.auth.sessions import require_seller

routes = account_routes("/api/seller/account", require_seller)
