"""/account: the shopper's own account (name, email and whether it is verified)."""

from __future__ import annotations

from app.pages.account.shell import shopper_route

routes = [shopper_route("/account", "Account", "Your account")]
