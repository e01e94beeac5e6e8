"""Media paths: the database stores paths relative to the media folder; clients get URLs."""

from __future__ import annotations

_base = "/media/"


def configure(media_url: str) -> None:
    """Set once at start-up from the MEDIA_URL setting."""
    global _base
    _base = media_url if media_url.endswith("/") else media_url + "/"


def media_url(path: str | None) -> str | None:
    if not path:
        return None
    if path.startswith(("/", "http://", "https://")):
        return path
    return _base + path
