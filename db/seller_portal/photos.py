"""The photos of a seller's copy: at most MAX_PHOTOS media paths, each an upload the shop keeps
for this seller. The audit log says which: every upload is recorded there in its own transaction
("create" "media", its generated name, its path and who uploaded it: app/api/images.py), so a path
typed by hand, another seller's upload or the catalogue's images are refused, whatever the store."""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator
from sqlalchemy import select
from sqlalchemy.orm import Session

from db.admin import Invalid
from db.admin.forms import MediaPath
from db.models import AuditEntry
from db.models.offers import MAX_PHOTOS

TOO_MANY = f"Show at most {MAX_PHOTOS} photos of a copy"
NOT_AN_UPLOAD = "Upload this photo again: it is not one of the photos you uploaded to the shop"


def _few_and_distinct(paths: list[str]) -> list[str]:
    if len(paths) > MAX_PHOTOS:
        raise ValueError(TOO_MANY)
    if len(set(paths)) != len(paths):
        raise ValueError("The same photo is in twice: remove one")
    return paths


Photos = Annotated[list[MediaPath], AfterValidator(_few_and_distinct)]


class PhotosRefused(Invalid):
    def __init__(self, message: str):
        super().__init__({"photos": message})
        self.message = message


def _upload_name(path: str) -> str:
    """The generated name an upload's audit entry is kept under (uploads/2025/05/<name>.jpg)."""
    return path.rsplit("/", 1)[-1].split(".", 1)[0][:40]


def uploads_of(session: Session, actor: str, paths: list[str]) -> set[str]:
    """Which of `paths` are uploads the account `actor` made."""
    if not paths:
        return set()
    entries = session.execute(
        select(AuditEntry.after).where(
            AuditEntry.entity == "media",
            AuditEntry.action == "create",
            AuditEntry.actor == actor,
            AuditEntry.entity_id.in_({_upload_name(path) for path in paths}),
        )
    )
    return {after.get("path") for (after,) in entries if after} & set(paths)


def checked_photos(session: Session, actor: str, paths: list[str], kept: list[str] | None = None) -> list[str]:
    """`paths` when each is the seller's own upload (or already among the offer's `kept` photos);
    PhotosRefused (422) otherwise."""
    new = [path for path in paths if path not in (kept or [])]
    if set(new) - uploads_of(session, actor, new):
        raise PhotosRefused(NOT_AN_UPLOAD)
    return paths
