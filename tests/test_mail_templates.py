"""The shop's mail as rendered (app/mail/templates.py, templates/mail/): every kind renders from its
context into a one-line subject, an HTML document that loads nothing and escapes what it is given,
and a plain-text twin with the same facts; a key missing from a context is an error, never a blank."""

from __future__ import annotations

import copy
import datetime as dt
import re
from decimal import Decimal
from html import unescape

import pytest
from jinja2 import UndefinedError

from app.mail import templates
from app.mail.templates import KINDS, Rendered, render
from db.models.outbox import MESSAGE_KINDS

SHOP = {"name": "Student Books", "url": "http://127.0.0.1:8000", "support_email": "help@studentbooks.example"}
AT = dt.datetime(2026, 11, 26, 14, 5, tzinfo=dt.UTC)
INJECTION = "\r\nBcc: x@evil.test"
SCRIPT = "<script>alert(1)</script>"


def contexts() -> dict[str, dict]:
    """A realistic context of every kind, new on each call (a test may change it)."""
    return {
        "order_placed": {
            "shop": dict(SHOP),
            "customer_name": "Asha Verma",
            "order_no": 1042,
            "placed_at": AT,
            "lines": [
                {
                    "title": "Concepts of Physics, Part 1 (H. C. Verma), revised edition for 2026",
                    "qty": 2,
                    "unit_price": Decimal("12.50"),
                    "line_total": Decimal("25.00"),
                },
                {
                    "title": "Mathematics Textbook for Class 9",
                    "qty": 3,
                    "unit_price": Decimal("8.75"),
                    "line_total": Decimal("26.25"),
                },
                {
                    "title": "Oxford Student Atlas, hardback",
                    "qty": 1,
                    "unit_price": Decimal("1183.25"),
                    "line_total": Decimal("1183.25"),
                },
            ],
            "total": Decimal("1234.50"),
            "payment_method": "Cash",
            "billing_address": "Asha Verma\r\n12 Park Street, Flat 4B\nKolkata 700016\nIndia",
            "order_url": "http://127.0.0.1:8000/account/orders/1042",
        },
        "order_status": {
            "shop": dict(SHOP),
            "customer_name": "Asha Verma",
            "order_no": 1042,
            "status": "Delivered",
            "order_url": "http://127.0.0.1:8000/account/orders/1042",
            "tracking": None,
        },
        "line_cancelled": {
            "shop": dict(SHOP),
            "customer_name": "Asha Verma",
            "order_no": 1042,
            "seller": "Campus Reads",
            "title": "Oxford Student Atlas, hardback",
            "qty": 1,
            "reason": "The copy was water-damaged in storage",
            "amount": Decimal("1183.25"),
            "money_back": "card",
            "order_url": "http://127.0.0.1:8000/account/orders/1042",
        },
        "parcel_shipped": {
            "shop": dict(SHOP),
            "customer_name": "Asha Verma",
            "order_no": 1042,
            "seller": "Campus Reads",
            "titles": ["Oxford Student Atlas, hardback"],
            "order_url": "http://127.0.0.1:8000/account/orders/1042",
            "tracking": {
                "carrier": "UPS",
                "number": "1Z999AA10123456784",
                "url": "https://www.ups.com/track?tracknum=1Z999AA10123456784",
            },
        },
        "refund_accepted": {
            "shop": dict(SHOP),
            "customer_name": "Asha Verma",
            "order_no": 1042,
            "product_title": "Oxford Student Atlas, hardback",
            "amount": Decimal("1183.25"),
        },
        "staff_invite": {
            "shop": dict(SHOP),
            "name": "Rahul Mehta",
            "invited_by": "Priya Nair",
            "link": "http://127.0.0.1:8000/staff/invite/Zx3v9Qk2m7LpR4tY8wB1nC6dF0hJ5sKe",
            "expires_at": AT + dt.timedelta(hours=48),
        },
        "catalogue_request_refused": {
            "shop": dict(SHOP),
            "name": "Campus Reads",
            "isbn": "9780143127741",
            "title": "Class 9 Algebra Made Easy",
            "reason": "This ISBN belongs to a different book: check the back cover of the copy.",
        },
        "staff_disabled": {
            "shop": dict(SHOP),
            "name": "Rahul Mehta",
            "disabled_by": "Priya Nair",
        },
        "two_factor_enrolled": {
            "shop": dict(SHOP),
            "name": "Priya Nair",
            "at": AT,
            "account_url": "http://127.0.0.1:8000/admin/account",
        },
        "two_factor_off": {
            "shop": dict(SHOP),
            "name": "Priya Nair",
            "at": AT,
            "account_url": "http://127.0.0.1:8000/admin/account",
        },
        "verify_email": {
            "shop": dict(SHOP),
            "name": "Asha Verma",
            "link": "http://127.0.0.1:8000/account/verify?token=Zx3v9Qk2m7LpR4tY8wB1nC6dF0hJ5sKe",
            "expires_at": AT + dt.timedelta(hours=48),
        },
        "password_reset": {
            "shop": dict(SHOP),
            "name": "Asha Verma",
            "link": "http://127.0.0.1:8000/account/reset?token=Zx3v9Qk2m7LpR4tY8wB1nC6dF0hJ5sKe",
            "expires_at": AT + dt.timedelta(hours=1),
        },
        "email_change": {
            "shop": dict(SHOP),
            "name": "Asha Verma",
            "new_email": "asha@new.example",
            "link": "http://127.0.0.1:8000/account/verify-email-change?token=Zx3v9Qk2m7LpR4tY8wB1nC6dF0hJ5sKe",
            "expires_at": AT + dt.timedelta(hours=48),
        },
        "stock_alert": {
            "shop": dict(SHOP),
            "product_title": "Oxford Student Atlas, hardback",
            "product_url": "http://127.0.0.1:8000/product/17",
            "cancel_url": "http://127.0.0.1:8000/stock-alerts/cancel?token=Zx3v9Qk2m7LpR4tY8wB1nC6dF0hJ5sKe",
        },
        "stock_back": {
            "shop": dict(SHOP),
            "product_title": "Oxford Student Atlas, hardback",
            "price": Decimal("1183.25"),
            "product_url": "http://127.0.0.1:8000/product/17",
        },
        "order_link": {
            "shop": dict(SHOP),
            "customer_name": "Asha Verma",
            "order_no": 1042,
            "placed_at": AT,
            "order_url": "http://127.0.0.1:8000/orders/1042?key=Zx3v9Qk2m7LpR4tY8wB1nC6dF0hJ5sKeAb12Cd34Ef5",
        },
    }


SUBJECTS = {
    "order_placed": "Your Student Books order #1042",
    "order_status": "Order #1042 is now delivered",
    "parcel_shipped": "Part of your order #1042 is on its way",
    "line_cancelled": "Campus Reads could not send part of your order #1042",
    "refund_accepted": "Your refund of $1,183.25 for order #1042",
    "staff_invite": "You are invited to the Student Books back office",
    "staff_disabled": "Your Student Books back-office account was disabled",
    "catalogue_request_refused": "We could not add ISBN 9780143127741 to the catalogue",
    "two_factor_enrolled": "Two-factor sign-in is now on for your account",
    "two_factor_off": "Two-factor sign-in was turned off for your account",
    "verify_email": "Confirm your email for Student Books",
    "password_reset": "Reset your Student Books password",
    "email_change": "Confirm your new email for Student Books",
    "stock_alert": "We will tell you when Oxford Student Atlas, hardback is back",
    "stock_back": "Oxford Student Atlas, hardback is back in stock",
    "order_link": "The link to your order #1042",
}
REASONS = {
    "order_placed": "You are receiving this because you placed an order at Student Books.",
    "order_status": "You are receiving this because you placed order #1042 at Student Books.",
    "parcel_shipped": "You are receiving this because you placed order #1042 at Student Books.",
    "line_cancelled": "You are receiving this because you placed order #1042 at Student Books.",
    "refund_accepted": "You are receiving this because you asked for a refund on order #1042 at Student Books.",
    "staff_invite": "You are receiving this because Priya Nair invited you to the Student Books back office.",
    "staff_disabled": "You are receiving this because you had a back-office account at Student Books.",
    "catalogue_request_refused": "You are receiving this because you asked Student Books to add a book to its catalogue.",
    "two_factor_enrolled": "You are receiving this because the sign-in settings of your Student Books account changed.",
    "two_factor_off": "You are receiving this because the sign-in settings of your Student Books account changed.",
    "verify_email": "You are receiving this because an account was opened at Student Books with this email address.",
    "password_reset": "You are receiving this because a password reset was asked for your Student Books account.",
    "email_change": "You are receiving this because this address was given as the new email of an account at Student Books.",
    "stock_alert": "You are receiving this because someone asked Student Books to tell this address when Oxford Student Atlas, hardback is back in stock.",
    "stock_back": "You are receiving this because you asked Student Books to tell you when Oxford Student Atlas, hardback was back in stock.",
    "order_link": "You are receiving this because the link to order #1042 at Student Books was asked for with this email.",
}
# The facts each kind must carry, in its HTML (escaped as HTML is) and in its text alike.
FACTS = {
    "order_placed": [
        "#1042",
        "Asha Verma",
        "26 Nov 2026, 14:05 UTC",
        "Concepts of Physics, Part 1 (H. C. Verma), revised edition for 2026",
        "Mathematics Textbook for Class 9",
        "Oxford Student Atlas, hardback",
        "Qty 2 × $12.50",
        "Qty 3 × $8.75",
        "Qty 1 × $1,183.25",
        "$25.00",
        "$26.25",
        "$1,234.50",
        "Cash",
        "12 Park Street, Flat 4B",
        "Kolkata 700016",
        "http://127.0.0.1:8000/account/orders/1042",
    ],
    "order_status": [
        "#1042",
        "Asha Verma",
        "Delivered",
        "Your order has been delivered.",
        "http://127.0.0.1:8000/account/orders/1042",
    ],
    "parcel_shipped": [
        "#1042",
        "Asha Verma",
        "Campus Reads",
        "Oxford Student Atlas, hardback",
        "UPS",
        "1Z999AA10123456784",
    ],
    "refund_accepted": ["#1042", "Asha Verma", "Oxford Student Atlas, hardback", "$1,183.25"],
    "line_cancelled": [
        "#1042",
        "Asha Verma",
        "Campus Reads",
        "Oxford Student Atlas, hardback",
        "The copy was water-damaged in storage",
        "Refunded to your card",
        "$1,183.25",
    ],
    "staff_invite": [
        "Rahul Mehta",
        "Priya Nair",
        "http://127.0.0.1:8000/staff/invite/Zx3v9Qk2m7LpR4tY8wB1nC6dF0hJ5sKe",
        "28 Nov 2026, 14:05 UTC",
    ],
    "staff_disabled": ["Rahul Mehta", "Priya Nair", "disabled"],
    "catalogue_request_refused": [
        "Campus Reads",
        "9780143127741",
        "Class 9 Algebra Made Easy",
        "This ISBN belongs to a different book: check the back cover of the copy.",
    ],
    "two_factor_enrolled": ["Priya Nair", "26 Nov 2026, 14:05 UTC", "turned on", "http://127.0.0.1:8000/admin/account"],
    "two_factor_off": ["Priya Nair", "26 Nov 2026, 14:05 UTC", "turned off", "http://127.0.0.1:8000/admin/account"],
    "verify_email": [
        "Asha Verma",
        "http://127.0.0.1:8000/account/verify?token=Zx3v9Qk2m7LpR4tY8wB1nC6dF0hJ5sKe",
        "28 Nov 2026, 14:05 UTC",
    ],
    "password_reset": [
        "Asha Verma",
        "http://127.0.0.1:8000/account/reset?token=Zx3v9Qk2m7LpR4tY8wB1nC6dF0hJ5sKe",
        "26 Nov 2026, 15:05 UTC",
    ],
    "email_change": [
        "Asha Verma",
        "asha@new.example",
        "http://127.0.0.1:8000/account/verify-email-change?token=Zx3v9Qk2m7LpR4tY8wB1nC6dF0hJ5sKe",
        "28 Nov 2026, 14:05 UTC",
    ],
    "stock_alert": [
        "Oxford Student Atlas, hardback",
        "http://127.0.0.1:8000/product/17",
        "http://127.0.0.1:8000/stock-alerts/cancel?token=Zx3v9Qk2m7LpR4tY8wB1nC6dF0hJ5sKe",
    ],
    "stock_back": ["Oxford Student Atlas, hardback", "$1,183.25", "http://127.0.0.1:8000/product/17"],
    "order_link": [
        "#1042",
        "Asha Verma",
        "26 Nov 2026, 14:05 UTC",
        "http://127.0.0.1:8000/orders/1042?key=Zx3v9Qk2m7LpR4tY8wB1nC6dF0hJ5sKeAb12Cd34Ef5",
    ],
}


def html_escaped(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def visible(html: str) -> str:
    """The text a reader sees: the body without its tags, entities decoded, white space collapsed."""
    body = re.sub(r"<(style|title|head)[^>]*>.*?</\1>", " ", html, flags=re.S)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", body)).split())


def tags(html: str) -> list[str]:
    return re.findall(r"<\s*([a-zA-Z][a-zA-Z0-9-]*)", html)


def test_the_kinds_are_the_outboxs():
    assert KINDS == MESSAGE_KINDS
    assert set(contexts()) == set(KINDS) == set(SUBJECTS) == set(FACTS) == set(REASONS)


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_renders_its_subject_facts_and_footer(kind):
    rendered = render(kind, contexts()[kind])
    assert isinstance(rendered, Rendered)
    assert rendered.subject == SUBJECTS[kind]
    for fact in FACTS[kind]:
        assert html_escaped(fact) in rendered.html, fact
        assert fact in rendered.text, fact
    for body in (visible(rendered.html), rendered.text):
        assert REASONS[kind] in body
        assert "Student Books · http://127.0.0.1:8000" in body
        assert "help@studentbooks.example" in body
    assert rendered.text.endswith("\n") and "<" not in rendered.text


@pytest.mark.parametrize("kind", KINDS)
def test_the_html_is_a_mail_clients_document(kind):
    html = render(kind, contexts()[kind]).html
    assert html.startswith("<!DOCTYPE html>")
    assert '<meta name="color-scheme" content="light dark">' in html
    assert '<meta name="supported-color-schemes" content="light dark">' in html
    assert f"<title>{SUBJECTS[kind].replace('&', '&amp;')}</title>" in html
    # The CSS is inlined; only the rules that cannot be (phone width, dark mode) stay in <style>.
    styles = re.findall(r"<style[^>]*>(.*?)</style>", html, re.S)
    assert len(styles) == 1
    assert "@media (max-width: 620px)" in styles[0] and "@media (prefers-color-scheme: dark)" in styles[0]
    assert not re.sub(r"@media[^{]*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}", "", styles[0]).strip()
    assert 'class="card"' in html and re.search(r'class="card"[^>]*style="[^"]*background-color: #FFFFFF', html)
    # The 600 px container: an attribute for clients that ignore CSS, a max-width for phones.
    container = re.search(r'<table class="container"[^>]*>', html).group(0)
    assert 'width="600"' in container and "max-width: 600px" in container and "width: 100%" in container
    # The wordmark is text in the header cell of the shop's primary colour, not an image.
    assert re.search(
        r'<td class="header"[^>]*bgcolor="#C0304A"[^>]*>\s*<a class="wordmark"[^>]*>Student Books</a>', html
    )
    assert "-apple-system" in html


@pytest.mark.parametrize("kind", KINDS)
def test_the_html_loads_nothing_and_runs_nothing(kind):
    html = render(kind, contexts()[kind]).html
    lowered = html.lower()
    assert not re.search(r"\bsrc\s*=", lowered)
    assert "<link" not in lowered and "url(" not in lowered and "@import" not in lowered
    assert "<img" not in lowered and "<script" not in lowered and "<iframe" not in lowered
    assert "javascript:" not in lowered and not re.search(r"\son[a-z]+\s*=", lowered)
    links = re.findall(r'href="([^"]*)"', html)
    assert links and all(re.match(r"(https?://|mailto:)", href) for href in links), links


@pytest.mark.parametrize("kind", KINDS)
def test_the_subject_is_one_line_whatever_the_context_holds(kind):
    context = contexts()[kind]
    for key in ("customer_name", "name", "invited_by", "disabled_by", "product_title", "payment_method", "status"):
        if key in context:
            context[key] += INJECTION
    context["shop"]["name"] += INJECTION
    for line in context.get("lines", []):
        line["title"] += INJECTION
    subject = render(kind, context).subject
    assert "\r" not in subject and "\n" not in subject
    assert subject == subject.strip() and "  " not in subject
    assert not any(ord(c) < 32 or ord(c) == 127 for c in subject)


def test_a_subject_loses_every_control_character_and_stops_at_200_characters():
    assert templates.one_line(" A\tB\x00C\x1bD\x7fE\x85F\u2028G\u2029H\r\n ") == "A B C D E F G H"
    context = contexts()["order_status"]
    context["status"] = "Held " + "x" * 300
    subject = render("order_status", context).subject
    assert len(subject) == 200 and subject.startswith("Order #1042 is now held xxx") and subject.endswith("…")


@pytest.mark.parametrize("kind", KINDS)
def test_what_the_context_holds_is_escaped_in_the_html(kind):
    context = contexts()[kind]
    for key in ("customer_name", "name", "invited_by", "disabled_by", "product_title", "payment_method", "status"):
        if key in context:
            context[key] = f"{SCRIPT} & <b>bold</b>"
    for line in context.get("lines", []):
        line["title"] = SCRIPT
    if "billing_address" in context:
        context["billing_address"] = f"{SCRIPT}\n<img src=x onerror=alert(2)>"
    rendered = render(kind, context)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in rendered.html
    assert "script" not in tags(rendered.html) and "b" not in tags(rendered.html)
    assert "img" not in tags(rendered.html) and not re.search(r"<[^>]*\ssrc\s*=", rendered.html)
    if kind == "order_placed":
        assert "&lt;img src=x onerror=alert(2)&gt;" in rendered.html
    assert SCRIPT in rendered.text  # plain text is not HTML: it stays as written


def test_the_shops_name_and_links_are_escaped_too():
    context = contexts()["staff_invite"]
    context["link"] = 'http://127.0.0.1:8000/staff/invite/a"onmouseover="alert(1)'
    context["shop"]["name"] = "<i>Student</i> Books"
    html = render("staff_invite", context).html
    assert "i" not in tags(html) and "&lt;i&gt;Student&lt;/i&gt; Books" in html
    assert 'href="http://127.0.0.1:8000/staff/invite/a&quot;onmouseover=&quot;alert(1)"' in html
    assert not re.search(r"<[^>]*\sonmouseover\s*=", html)  # in the link's text it is text, not an attribute


@pytest.mark.parametrize("url", ["javascript:alert(1)", " JavaScript:alert(1)", "data:text/html,hi", "/relative/path"])
def test_a_link_that_is_not_http_is_refused(url):
    context = contexts()["order_status"]
    context["order_url"] = url
    with pytest.raises(ValueError, match="links only to"):
        render("order_status", context)


def every_key(context: dict, prefix: tuple = ()):
    """The path of every key of a context, nested ones (shop's, a line's) too."""
    for key, value in context.items():
        yield (*prefix, key)
        if isinstance(value, dict):
            yield from every_key(value, (*prefix, key))
        elif isinstance(value, list) and value and isinstance(value[0], dict):
            yield from every_key(value[0], (*prefix, key, 0))


@pytest.mark.parametrize("kind", KINDS)
def test_a_missing_key_is_an_error_never_a_blank(kind):
    paths = list(every_key(contexts()[kind]))
    assert len(paths) >= 5
    for path in paths:
        context = copy.deepcopy(contexts()[kind])
        holder = context
        for step in path[:-1]:
            holder = holder[step]
        del holder[path[-1]]
        with pytest.raises(UndefinedError):
            render(kind, context)


@pytest.mark.parametrize("kind", ["order_placed", "order_status"])
def test_without_an_order_url_there_is_no_button_or_link(kind):
    context = contexts()[kind]
    context["order_url"] = None
    rendered = render(kind, context)
    assert "/account/orders" not in rendered.html and "View your order" not in rendered.html
    assert "/account/orders" not in rendered.text and "View your order" not in rendered.text
    assert 'class="button' not in rendered.html


@pytest.mark.parametrize(
    "kind",
    [
        "order_placed",
        "order_status",
        "staff_invite",
        "two_factor_enrolled",
        "two_factor_off",
        "verify_email",
        "password_reset",
        "email_change",
        "order_link",
    ],
)
def test_links_are_bulletproof_buttons_with_the_full_url_beside(kind):
    html = render(kind, contexts()[kind]).html
    cell = re.search(
        r'<td class="button-cell"[^>]*bgcolor="#C0304A"[^>]*>\s*<a class="button"[^>]*href="([^"]+)"', html
    )
    assert cell, "no button"
    url = re.escape(cell.group(1))
    assert re.search(rf'<a class="url" href="{url}"[^>]*>{url}</a>', html)


@pytest.mark.parametrize(
    ("status", "sentence"),
    [
        ("Processing", "We are getting your order ready"),
        ("Delivered", "Your order has been delivered."),
        ("Paid", "We have received your payment"),
        ("Shipped", "Your order is on its way to you."),
        ("Cancelled", "Your order has been cancelled."),
        ("On hold", "The status of your order is now “On hold”."),
    ],
)
def test_each_status_reads_as_a_sentence(status, sentence):
    context = contexts()["order_status"]
    context["status"] = status
    rendered = render("order_status", context)
    assert rendered.subject == f"Order #1042 is now {status.lower()}"
    assert sentence in rendered.text and html_escaped(sentence) in rendered.html


def test_the_billing_address_keeps_its_lines():
    rendered = render("order_placed", contexts()["order_placed"])
    assert "Asha Verma<br>12 Park Street, Flat 4B<br>Kolkata 700016<br>India" in rendered.html
    assert "  Asha Verma\n  12 Park Street, Flat 4B\n  Kolkata 700016\n  India\n" in rendered.text
    assert "\r" not in rendered.text


def test_an_unknown_kind_is_refused():
    with pytest.raises(ValueError, match="unknown kind"):
        render("newsletter", contexts()["order_placed"])


@pytest.mark.parametrize(
    ("amount", "shown"),
    [
        (Decimal("1234.5"), "$1,234.50"),
        (1234.5, "$1,234.50"),
        (Decimal("0"), "$0.00"),
        (7, "$7.00"),
        (Decimal("1234567.891"), "$1,234,567.89"),
        (Decimal("0.005"), "$0.01"),
        (Decimal("2.675"), "$2.68"),
        (0.1 + 0.2, "$0.30"),
        (Decimal("-12.5"), "-$12.50"),
    ],
)
def test_money_is_us_dollars_with_cents_and_thousands(amount, shown):
    assert templates.money(amount) == shown


def test_dates_are_shown_in_utc_and_must_be_aware():
    kolkata = dt.timezone(dt.timedelta(hours=5, minutes=30))
    assert templates.date(dt.datetime(2026, 11, 26, 19, 35, tzinfo=kolkata)) == "26 Nov 2026, 14:05 UTC"
    assert templates.date(dt.datetime(2026, 1, 5, 9, 0, tzinfo=dt.UTC)) == "5 Jan 2026, 09:00 UTC"
    with pytest.raises(ValueError, match="aware"):
        templates.date(dt.datetime(2026, 11, 26, 14, 5))
    context = contexts()["two_factor_off"]
    context["at"] = dt.datetime(2026, 11, 26, 14, 5)
    with pytest.raises(ValueError, match="aware"):
        render("two_factor_off", context)


def test_the_environments_are_built_once():
    assert templates._html_environment() is templates._html_environment()
    assert templates._text_environment() is templates._text_environment()
    assert templates._html_environment().autoescape is True
    assert templates._text_environment().autoescape is False
    assert templates._inliner() is templates._inliner()
