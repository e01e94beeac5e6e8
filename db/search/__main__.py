"""`python -m db.search rebuild [URL]`: index the whole catalogue anew (after restoring data by
hand, say); the shop keeps the index in step by itself otherwise. Reads DATABASE_URL by default."""

from __future__ import annotations

import sys
import time

from db import config
from db.search.index import rebuild


def main(argv: list[str]) -> int:
    if not argv or argv[0] != "rebuild" or len(argv) > 2:
        print("usage: python -m db.search rebuild [DATABASE_URL]", file=sys.stderr)
        return 2
    from db.engine import make_engine

    url = argv[1] if len(argv) == 2 else config.database_url()
    engine = make_engine(url)
    started = time.perf_counter()
    with engine.begin() as connection:
        count = rebuild(connection)
    engine.dispose()
    print(f"indexed {count:,} products in {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
