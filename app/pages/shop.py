"""Storefront pages: the Student Books home and the demo shops."""
from __future__ import annotations

from sqlalchemy.orm import Session

from .render import Page, page_route


def hello(session: Session, path: dict, query: dict) -> Page:
    return Page("Hello", {"name": query.get("name", "world")})


routes = [page_route("/hello", hello)]
