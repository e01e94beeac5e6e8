"""`python -m app.media.covers`: every book of the books shop that has no image gets a drawn cover
(db/covers.py), kept by the configured media store (MEDIA_STORE, MEDIA_DIR) in the database of
DATABASE_URL, as the server reads them; prints how many it drew. A book with an image keeps it, so
a second run draws none. Written a batch per transaction, so a running server keeps serving."""

from __future__ import annotations

from app.database import Database
from app.media.store import media_store
from app.settings import Settings
from db.admin.book_import import draw_missing_covers


def draw_covers(settings: Settings) -> int:
    """The number of covers drawn."""
    db = Database(settings.database_url)
    try:
        store = media_store(settings.media_store, db, settings.media_dir)
        drawn, after = 0, 0
        while after is not None:
            count, after = db.write_sync(draw_missing_covers, store.keep_drawn, after)
            drawn += count
        return drawn
    finally:
        db.dispose()


def main() -> None:
    drawn = draw_covers(Settings())
    print(f"Drew {drawn:,} cover{'' if drawn == 1 else 's'} for books without an image")


if __name__ == "__main__":
    main()
