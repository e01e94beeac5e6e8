"""Issue 23, privacy of cached pages: two shoppers, each signed in in a browser of their own with a
wishlist and a stock alert, visit every storefront, shelf, search and product page, the cart and the
checkout (HTML and the client router's JSON): neither page holds either shopper's name, email or
wishlist (the pages are byte for byte what a guest gets); what is theirs (/api/me, the wishlist,
the account's pages) is `Cache-Control: private, no-store`."""

from __future__ import annotations

from conftest import another_browser, sign_in
from test_shopper_sign_up import csrf
from test_wishlist_and_stock_alerts import books, set_stock, shopper

STOREFRONTS = [
    "/",
    "/market-1",
    "/grocery1",
    "/grocery2",
    "/grocery3",
    "/gadget-shop",
    "/fashion-shop",
    "/furniture-shop",
    "/healthbeauty-shop",
    "/gift-shop",
]
SHELVES = [f"/books/class-{n}" for n in range(1, 13)] + ["/books/college", "/books/stories"]
OTHERS = ["/product/search/science", "/product/search/book", "/booklists", "/cart", "/checkout"]
SHOPPERS = (
    {"name": "Zenobia Quillfeather", "email": "zenobia.quill@example.com"},
    {"name": "Bartholomew Vexley", "email": "bart.vexley@example.com"},
)


def test_no_page_holds_a_shoppers_name_email_or_wishlist(client):
    owner = another_browser(client)
    assert sign_in(owner).status_code == 200
    owner.headers["X-CSRF-Token"] = csrf(owner)["X-CSRF-Token"]
    ids = books(client, 6)
    browsers = []
    for n, who in enumerate(SHOPPERS):
        browser = shopper(client, who["name"], who["email"])
        saved = ids[n * 2 : n * 2 + 2]
        for product_id in saved:
            assert browser.put(f"/api/me/wishlist/{product_id}").status_code == 200
        sold_out = ids[4 + n]
        set_stock(owner, sold_out, 0)
        assert browser.post(f"/api/products/{sold_out}/stock-alerts", json={"email": who["email"]}).status_code == 201
        browsers.append(browser)
    guest = another_browser(client)
    secrets = [s for who in SHOPPERS for s in (who["name"], who["email"], who["email"].replace("@", "\\u0040"))]
    secrets += [s.split()[0] for s in (who["name"] for who in SHOPPERS)]  # first names (a greeting)

    urls = STOREFRONTS + SHELVES + OTHERS + [f"/product/{p}" for p in ids]
    for url in urls:
        for accept in ("text/html", "application/json"):
            answers = [b.get(url, headers={"Accept": accept}) for b in (*browsers, guest)]
            for answer in answers:
                assert answer.status_code == 200, (url, answer.status_code)
                text = answer.text
                for secret in secrets:
                    assert secret.lower() not in text.lower(), (url, accept, secret)
                assert '"wishlist"' not in text, (url, accept)
            if accept == "application/json":
                # The same props for everyone: no shopper's wishlist or alerts in them.
                props = [answer.json()["props"] for answer in answers]
                assert props[0] == props[1] == props[2], url

    for browser, who in zip(browsers, SHOPPERS):
        for url in ("/api/me", "/api/me/wishlist", "/api/me/stock-alerts", "/account", "/account/wishlist"):
            answer = browser.get(url)
            assert answer.status_code == 200, url
            assert answer.headers["cache-control"] == "private, no-store", url
        own = browser.get("/account/wishlist").text
        other = SHOPPERS[1 - SHOPPERS.index(who)]
        assert who["email"] in own and other["email"] not in own and other["name"] not in own
