"""Writes sent to a live server over HTTP, remembering which ones it answered 2xx: checkouts (each
a new order) and administrator price edits. The crash and backup tests use them as their load."""

from __future__ import annotations

import sqlite3
import threading
import time
from dataclasses import dataclass, field

import httpx
from conftest import ADMIN_EMAIL, ADMIN_PASSWORD

BUYER = {
    "name": "Load Tester",
    "email": "load.tester@example.com",
    "phone": "+1 555 0100 99",
    "billingAddress": "1 Loopback Lane, Localhost",
    "paymentMethod": "Cash",
}


def stocked_products(db_file, count: int = 6) -> list[tuple[int, float]]:
    """(id, sale price) of published products with plenty of stock, read straight from SQLite."""
    with sqlite3.connect(db_file) as connection:
        rows = connection.execute(
            "SELECT id, price, discount FROM product WHERE published AND stock >= 60 ORDER BY stock DESC, id LIMIT ?",
            (count,),
        )
        return [(i, round(float(price) * (100 - discount) / 100, 2)) for i, price, discount in rows]


def admin_client(base: str) -> httpx.Client:
    client = httpx.Client(base_url=base, timeout=10)
    token = client.get("/api/auth/csrf").json()["csrfToken"]
    response = client.post(
        "/api/auth/callback/credentials",
        data={
            "csrfToken": token,
            "email": ADMIN_EMAIL,
            "password": ADMIN_PASSWORD,
            "callbackUrl": "/admin",
            "json": "true",
        },
    )
    response.raise_for_status()
    client.headers["X-CSRF-Token"] = client.get("/api/auth/csrf").json()["csrfToken"]
    return client


@dataclass
class Load:
    """Checkouts and price edits from a few threads until `stop()` or until `limit` writes each."""

    base: str
    products: list[tuple[int, float]]
    limit: int = 400
    orders: list[int] = field(default_factory=list)  # order numbers answered 201
    prices: dict[int, float] = field(default_factory=dict)  # product -> last price answered 200
    edits: int = 0  # price edits answered 200
    errors: list[str] = field(default_factory=list)  # answers that were neither 2xx nor a dropped connection
    _stop: threading.Event = field(default_factory=threading.Event)
    _threads: list[threading.Thread] = field(default_factory=list)

    def _checkouts(self) -> None:
        with httpx.Client(base_url=self.base, timeout=10) as client:
            for n in range(self.limit):
                if self._stop.is_set():
                    return
                # Every product but the last, whose price the edits keep changing.
                product, price = self.products[n % (len(self.products) - 1)]
                try:
                    response = client.post(
                        "/api/checkout", json={**BUYER, "items": [{"id": product, "qty": 1, "price": price}]}
                    )
                except httpx.HTTPError:
                    continue  # the server went away mid-request: this order was never answered
                if response.status_code == 201:
                    self.orders.append(response.json()["orderNo"])
                elif response.status_code != 409:  # 409: a product sold out, refused rightly
                    self.errors.append(f"checkout {response.status_code}: {response.text[:200]}")

    def _price_edits(self, client: httpx.Client) -> None:
        product = self.products[-1][0]
        try:
            for n in range(self.limit):
                if self._stop.is_set():
                    return
                price = round(100 + n / 100, 2)
                try:
                    response = client.patch(f"/api/products/{product}", json={"price": price})
                except httpx.HTTPError:
                    continue
                if response.status_code == 200:
                    self.prices[product] = price
                    self.edits += 1
                else:
                    self.errors.append(f"price edit {response.status_code}: {response.text[:200]}")
        finally:
            client.close()

    def start(self, checkout_threads: int = 2) -> Load:
        # Signed in before the burst (a password check takes a while), so edits run from the start.
        editor = admin_client(self.base)
        targets = [(self._checkouts, ())] * checkout_threads + [(self._price_edits, (editor,))]
        for target, args in targets:
            thread = threading.Thread(target=target, args=args, daemon=True)
            thread.start()
            self._threads.append(thread)
        return self

    def wait_for(self, orders: int, edits: int = 0, timeout: float = 30) -> None:
        """Until this many orders and price edits were answered (or the time is up)."""
        deadline = time.monotonic() + timeout
        while (len(self.orders) < orders or self.edits < edits) and time.monotonic() < deadline:
            time.sleep(0.05)

    def stop(self) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(timeout=15)
