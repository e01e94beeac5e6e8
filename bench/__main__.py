"""`make bench`: every figure the issues name as a budget, measured side by side in one run."""
from __future__ import annotations

import os

from . import cache, sizes, ssr
from .common import running_server, seeded_database

STOREFRONTS = ["/", "/market-1"]


def main() -> None:
    with seeded_database() as (url, media), running_server(url, media, SSR_POOL_SIZE=str(os.cpu_count() or 1)) as base:
        print(sizes.run(base, STOREFRONTS), flush=True)
        print(flush=True)
        print(ssr.run(base, {p: p for p in STOREFRONTS}), flush=True)
        print(flush=True)
        print(cache.run(base), flush=True)


if __name__ == "__main__":
    main()
