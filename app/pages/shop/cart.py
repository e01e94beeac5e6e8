"""The cart and checkout pages. The cart lives in the visitor's browser, so these pages hold no
per-visitor data: one cached document serves everyone and the browser fills in the cart."""

from __future__ import annotations

from sqlalchemy.orm import Session

from app.pages.heads import unindexed
from app.pages.render import Page, page_route


def cart(session: Session, path: dict, query: dict) -> Page:
    return Page(
        "Cart",
        {},
        meta={
            **unindexed("Your cart"),
            "description": "Your Student Books shopping cart: review your items and quantities, then check out.",
            "canonical": "/cart",
        },
    )


def checkout(session: Session, path: dict, query: dict) -> Page:
    return Page(
        "Checkout",
        {},
        meta={
            **unindexed("Checkout"),
            "description": "Check out at Student Books: your details, billing address and payment method.",
            "canonical": "/checkout",
        },
    )


routes = [page_route("/cart", cart), page_route("/checkout", checkout)]
