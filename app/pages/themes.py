"""The theme of a page, chosen by path exactly as SPEC.md §2 says (everything else: DEFAULT)."""

from __future__ import annotations

THEMES_BY_PATH = {
    "/furniture-shop": "FURNITURE",
    "/healthbeauty-shop": "HEALTH",
    "/gift-shop": "GIFT",
}


def theme_for(path: str) -> str:
    return THEMES_BY_PATH.get(path.rstrip("/") or "/", "DEFAULT")
