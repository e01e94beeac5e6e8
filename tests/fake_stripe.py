"""localstripe, a real stand-in for Stripe's API and Stripe.js, run by the tests in a thread on
127.0.0.1 (its own command binds every interface): the shop's SDK talks to it over HTTP through
STRIPE_API_BASE, and browser tests load its Stripe.js from STRIPE_JS_URL.

localstripe ignores Stripe's idempotency keys and keeps its objects in one store per process, which
`reset()` empties between tests. Its webhooks are signed as Stripe signs them (HMAC-SHA256 over
"timestamp.payload"); `sign()` makes such a signature for events a test writes itself."""

from __future__ import annotations

import asyncio
import atexit
import hashlib
import hmac
import json
import socket
import threading
import time

import httpx
import pytest

SECRET_KEY = "sk_test_studentbooks"
PUBLISHABLE_KEY = "pk_test_studentbooks"
WEBHOOK_SECRET = "whsec_studentbooks_tests"
CARD_PAID = "4242424242424242"
CARD_DECLINED = "4000000000000341"  # attaches, then is declined when charged
CARD_3DS = "4000002760003184"  # asks for 3-D Secure on every payment


class FakeStripe:
    def __init__(self):
        from aiohttp import web
        from localstripe.server import app

        self._loop = asyncio.new_event_loop()
        self._socket = socket.socket()
        self._socket.bind(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self._socket.getsockname()[1]}"
        self.js_url = f"{self.url}/js.stripe.com/v3/"
        ready = threading.Event()

        def serve() -> None:
            asyncio.set_event_loop(self._loop)
            self._runner = web.AppRunner(app, access_log=None)
            self._loop.run_until_complete(self._runner.setup())
            self._loop.run_until_complete(web.SockSite(self._runner, self._socket).start())
            ready.set()
            self._loop.run_forever()

        self._thread = threading.Thread(target=serve, name="localstripe", daemon=True)
        self._thread.start()
        if not ready.wait(10):
            raise RuntimeError("localstripe did not start")

    def env(self, **more: str) -> dict[str, str]:
        """The shop's variables for Stripe through this stand-in."""
        return {
            "STRIPE_SECRET_KEY": SECRET_KEY,
            "STRIPE_PUBLISHABLE_KEY": PUBLISHABLE_KEY,
            "STRIPE_WEBHOOK_SECRET": WEBHOOK_SECRET,
            "STRIPE_API_BASE": self.url,
            "STRIPE_JS_URL": self.js_url,
            **more,
        }

    def settings(self) -> dict:
        """The same, as make_settings() overrides."""
        return {key.lower(): value for key, value in self.env().items()}

    def reset(self) -> None:
        httpx.delete(f"{self.url}/_config/data", timeout=5).raise_for_status()

    def send_webhooks_to(self, url: str) -> None:
        """Have localstripe deliver its own events (signed) to the shop."""
        data = {"url": url, "secret": WEBHOOK_SECRET}
        httpx.post(f"{self.url}/_config/webhooks/shop", data=data, timeout=5).raise_for_status()

    def card_payment_method(self, number: str = CARD_PAID) -> str:
        """What the checkout page's Stripe.js makes of a card: a SetupIntent confirmed with it; its pm_…"""
        api = {"Authorization": f"Bearer {SECRET_KEY}"}
        intent = httpx.post(f"{self.url}/v1/setup_intents", data={"usage": "on_session"}, headers=api, timeout=5).json()
        card = {"number": number, "exp_month": "12", "exp_year": "2034", "cvc": "123"}
        body = {
            "key": PUBLISHABLE_KEY,
            "use_stripe_sdk": True,
            "client_secret": intent["client_secret"],
            "payment_method_data": {"type": "card", "card": card, "billing_details": {"address": {}}},
        }
        confirmed = httpx.post(
            f"{self.url}/v1/setup_intents/{intent['id']}/confirm", content=json.dumps(body), timeout=5
        ).json()
        return confirmed["payment_method"]

    def authenticate(self, client_secret: str, success: bool = True) -> dict:
        """The shopper's answer to the 3-D Secure step Stripe.js shows."""
        intent = client_secret.split("_secret_")[0]
        body = json.dumps({"key": PUBLISHABLE_KEY, "client_secret": client_secret})
        url = f"{self.url}/v1/payment_intents/{intent}/_authenticate?success={'true' if success else 'false'}"
        return httpx.post(url, content=body, timeout=5).json()

    def intent(self, intent_id: str) -> dict:
        api = {"Authorization": f"Bearer {SECRET_KEY}"}
        return httpx.get(f"{self.url}/v1/payment_intents/{intent_id}", headers=api, timeout=5).json()

    def stop(self) -> None:
        async def down() -> None:
            await self._runner.cleanup()

        asyncio.run_coroutine_threadsafe(down(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)


def sign(payload: bytes, secret: str = WEBHOOK_SECRET, at: int | None = None) -> str:
    """A Stripe-Signature header for this payload, as Stripe makes it."""
    at = int(time.time()) if at is None else at
    digest = hmac.new(secret.encode(), f"{at}.".encode() + payload, hashlib.sha256).hexdigest()
    return f"t={at},v1={digest}"


_running: FakeStripe | None = None


@pytest.fixture(scope="session")
def stripe_server():
    """One localstripe per test process: every test module that imports this fixture gets a session
    fixture of its own, and localstripe's app (one module-level aiohttp application) cannot be
    served a second time: a second FakeStripe in the same worker never starts."""
    global _running
    if _running is None:
        _running = FakeStripe()
        atexit.register(_running.stop)
    return _running


@pytest.fixture
def fake_stripe(stripe_server):
    stripe_server.reset()
    return stripe_server
