"""The browser-side security policy: headers on every response, and each page's
Content-Security-Policy.

Scripts run only from this origin, plus the one inline script every page carries (the loader,
templates/load_scripts.js), allowed by its hash: cached pages are shared by every visitor, so a
per-request nonce cannot work for them. The props are JSON in `type="application/json"` script
elements, which a browser never executes. Styles: emotion writes a `<style>` block into the
server render and inserts more in the browser, so each rendered page gets a random nonce of its
own (kept with the cached page) that the browser's emotion and toast caches put on every style
element they create. Style attributes (`style="…"`, which React writes for computed sizes) cannot
carry a nonce and run no code, so `style-src-attr` allows them.

Pages frame nothing (`frame-src 'none'`), but for the one that shows a mail as a mail client
would: the outbox message's page frames the mail's HTML from this origin (`frames_own_answers`),
an answer that sandboxes itself with a policy of its own (app/api/outbox/messages.py).

The page that takes a card (the checkout, where Stripe is configured) also lets Stripe.js in: its
script, its frames and its API (`CardSources`); no other page may load it.
"""

from __future__ import annotations

import base64
import hashlib
import secrets
from dataclasses import dataclass
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

# Features the shop never uses; a framed or injected page cannot ask for them either.
PERMISSIONS = ", ".join(
    f"{feature}=()"
    for feature in (
        "accelerometer",
        "autoplay",
        "camera",
        "display-capture",
        "geolocation",
        "gyroscope",
        "hid",
        "magnetometer",
        "microphone",
        "midi",
        "payment",
        "serial",
        "usb",
        "xr-spatial-tracking",
    )
)
# What an answer that is not a page (JSON, files) may do when a browser opens it directly: nothing.
NOTHING = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
HSTS = "max-age=31536000; includeSubDomains"
NO_FRAMES = "frame-src 'none'"
OWN_FRAMES = "frame-src 'self'"
STRIPE_JS = "https://js.stripe.com"


def script_hash(source: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(source.encode()).digest()).decode() + "'"


def new_nonce() -> str:
    return secrets.token_urlsafe(16)


@dataclass(frozen=True)
class CardSources:
    """Where the Stripe.js of STRIPE_JS_URL runs from, frames and talks to (space-separated origins)."""

    scripts: str
    frames: str
    connects: str


def card_sources(stripe_js_url: str) -> CardSources:
    """Stripe's own Stripe.js at the origins Stripe documents for a Content-Security-Policy; a stand-in
    (localstripe) serves its script and its API, and would serve any frame, from its one origin."""
    parts = urlsplit(stripe_js_url)
    origin = f"{parts.scheme}://{parts.netloc}"
    if origin == STRIPE_JS:
        return CardSources(STRIPE_JS, f"{STRIPE_JS} https://hooks.stripe.com", "https://api.stripe.com")
    return CardSources(origin, origin, origin)


class PagePolicy:
    """Content-Security-Policy of the HTML documents: one string with a slot for the page's nonce,
    and (where STRIPE_JS_URL is given: Stripe is configured) another for the page that takes a card."""

    def __init__(self, inline_scripts: list[str], media_url: str, stripe_js_url: str = ""):
        media = urlsplit(media_url)
        media_origin = f" {media.scheme}://{media.netloc}" if media.scheme and media.netloc else ""
        scripts = "'self' " + " ".join(script_hash(source) for source in inline_scripts)

        def before_nonce(scripts: str, frames: str, connects: str) -> str:
            return "; ".join(
                (
                    "default-src 'self'",
                    f"script-src {scripts}",
                    f"img-src 'self' data: blob:{media_origin}",
                    "font-src 'self'",
                    f"connect-src {connects}",
                    "object-src 'none'",
                    f"frame-src {frames}",
                    "base-uri 'none'",
                    "frame-ancestors 'none'",
                    "form-action 'self'",
                    "style-src-attr 'unsafe-inline'",
                    "style-src 'self' 'nonce-",
                )
            )

        self._before_nonce = before_nonce(scripts, "'none'", "'self'")
        self._taking_cards_before_nonce = self._before_nonce
        if stripe_js_url:
            cards = card_sources(stripe_js_url)
            self._taking_cards_before_nonce = before_nonce(
                f"{scripts} {cards.scripts}", cards.frames, f"'self' {cards.connects}"
            )

    def header(self, nonce: str, *, takes_cards: bool = False) -> str:
        """The policy of a page; `takes_cards`: the page collects a card with Stripe.js."""
        return (self._taking_cards_before_nonce if takes_cards else self._before_nonce) + nonce + "'"


def frames_own_answers(policy: str) -> str:
    """A page's policy (PagePolicy.header) letting the page frame answers of this origin."""
    return policy.replace(NO_FRAMES, OWN_FRAMES)


class SecurityHeaders:
    """ASGI middleware: the headers every answer carries. A page that set its own policy keeps it;
    anything else gets the policy that allows nothing."""

    def __init__(self, app: ASGIApp, https: bool = False):
        self.app = app
        self.common = [
            (b"x-content-type-options", b"nosniff"),
            (b"x-frame-options", b"DENY"),
            (b"referrer-policy", b"strict-origin-when-cross-origin"),
            (b"permissions-policy", PERMISSIONS.encode()),
        ]
        self.https = https

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        common = self.common
        if self.https or scope.get("scheme") == "https":
            common = [*common, (b"strict-transport-security", HSTS.encode())]

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                names = {name for name, _ in headers}
                headers += [header for header in common if header[0] not in names]
                if b"content-security-policy" not in names:
                    headers.append((b"content-security-policy", NOTHING.encode()))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)
