"""/account/addresses: the shopper's saved addresses (list, add, edit, delete, make default)."""

from __future__ import annotations

from sqlalchemy.orm import Session

from app.pages.account.shell import shopper_route
from db.addresses import list_addresses


def addresses_page(session: Session, user_id: int, path: dict, query: dict) -> dict:
    return {"addresses": list_addresses(session, user_id)}


routes = [shopper_route("/account/addresses", "AccountAddresses", "Your addresses", addresses_page)]
