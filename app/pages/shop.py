"""Storefront pages: the Student Books home and the demo shops."""
from __future__ import annotations

routes: list = []
