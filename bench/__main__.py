"""`make bench`: every figure the issues name as a budget, measured side by side in one run."""

from __future__ import annotations

import os
import sys

from bench import (
    admin_lists,
    admin_ssr,
    book_import,
    cache,
    checkout,
    cluster,
    ledger,
    lighthouse,
    live_traffic,
    mail,
    miss,
    offers,
    search,
    shoppers,
    sizes,
    soak,
    ssr,
)
from bench.common import running_server, seeded_database

STOREFRONTS = [
    "/",
    "/market-1",
    "/grocery1",
    "/grocery2",
    "/grocery3",
    "/furniture-shop",
    "/healthbeauty-shop",
    "/gift-shop",
    "/gadget-shop",
    "/fashion-shop",
    "/product/search/Onion",
    "/product/1",
    "/cart",
    "/checkout",
]


def section(text: str) -> None:
    print(text + "\n", flush=True)


def main() -> None:
    # e.g. `python -m bench sizes ssr` runs just those; a number is the search section's catalogue size
    # `offers`: the search and miss sections on BOOKS generated books with OFFERS offers each (bench/offers.py)
    marketplace = "offers" in sys.argv[1:]
    only = {arg for arg in sys.argv[1:] if not arg.isdigit() and arg != "offers"}
    sizes_asked = [int(arg) for arg in sys.argv[1:] if arg.isdigit()]
    wanted = lambda name: not only or name in only  # noqa: E731
    # The sections that share one seeded server; it is started only when one of them runs.
    if any(map(wanted, ("sizes", "ssr", "cache", "admin", "lighthouse"))):
        with (
            seeded_database() as (url, media),
            running_server(url, media, SSR_POOL_SIZE=str(os.cpu_count() or 1)) as base,
        ):
            if wanted("sizes"):
                section(sizes.run(base, STOREFRONTS))
            if wanted("ssr"):
                section(ssr.run(base, {p: p for p in STOREFRONTS}))
            if wanted("cache"):
                section(cache.run(base, STOREFRONTS))
            if wanted("admin"):
                admin_ssr.run(base, admin_ssr.sign_in(base))
            if wanted("lighthouse"):
                section(lighthouse.run(base))
    if wanted("admin"):
        section(admin_lists.run())
    if wanted("live"):
        section(live_traffic.run())
    if wanted("miss"):
        section(miss.run(offers.BOOKS, offers=offers.OFFERS) if marketplace else miss.run())
    if wanted("ledger"):
        section(ledger.run())
    if wanted("book_import"):
        section(book_import.run())
    if wanted("search"):
        section(
            search.run(sizes_asked[0] if sizes_asked else offers.BOOKS, offers=offers.OFFERS)
            if marketplace
            else search.run(*sizes_asked[:1])
        )
    if wanted("soak"):
        section(soak.run())
    if wanted("cluster"):
        section(cluster.run())
    if wanted("mail"):
        section(mail.run())
    if wanted("shoppers"):
        section(shoppers.run())
    if wanted("checkout"):
        section(checkout.run())


if __name__ == "__main__":
    main()
