"""Each kind of mail made from its templates: a one-line subject, an HTML document with its CSS
inlined, and a plain-text twin carrying the same facts.

The templates live in templates/mail/: for a kind, `{kind}.subject.txt`, `{kind}.html` (extending
`layout.html`) and `{kind}.txt` (extending `layout.txt`). The HTML is rendered with autoescape on,
the subject and the text with it off; a key missing from the context is an error (StrictUndefined),
never a blank. The contexts are built by the code that queues the mail; their keys are listed in
the templates themselves and in tests/test_mail_templates.py."""

from __future__ import annotations

import datetime as dt
import functools
import unicodedata
from dataclasses import dataclass
from decimal import Decimal
from urllib.parse import urlsplit

import css_inline
from jinja2 import Environment, FileSystemLoader, StrictUndefined

from db.config import ROOT
from db.models.outbox import MESSAGE_KINDS
from db.money import shop_money

KINDS = MESSAGE_KINDS  # one list: a kind the outbox holds is a kind rendered here
TEMPLATES = ROOT / "templates" / "mail"
SUBJECT_MAX = 200  # outbox_message.subject is a String(200)

# What an order's new status means to the shopper; a status not listed gets the generic sentence.
STATUS_SENTENCES = {
    "Pending": "We have received your order and will start on it shortly.",
    "Paid": "We have received your payment, and your order is next in line to be packed.",
    "Processing": "We are getting your order ready: it is being packed and will be on its way soon.",
    "Shipped": "Your order is on its way to you.",
    "Delivered": "Your order has been delivered. We hope you enjoy your books!",
    "Cancelled": "Your order has been cancelled. If you did not expect this, please get in touch with us.",
}
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
CENT = Decimal("0.01")
LINK_SCHEMES = ("http", "https", "mailto")


@dataclass(frozen=True)
class Rendered:
    subject: str  # one line: control characters replaced by spaces, stripped, at most 200 characters
    html: str  # the full HTML document, CSS inlined
    text: str  # the plain-text twin


def money(value: Decimal | float | int) -> str:
    """In the shop's currency (SHOP_CURRENCY), two decimals rounded half up as the till rounds, with
    thousands separators: "$1,234.50"."""
    return shop_money().format(value)


def date(value: dt.datetime) -> str:
    """An aware datetime in UTC: "26 Nov 2026, 14:05 UTC" (the month's name in English whatever the locale)."""
    if value.tzinfo is None or value.utcoffset() is None:
        raise ValueError(f"a mail's datetime must be aware, not {value!r}")
    utc = value.astimezone(dt.UTC)
    return f"{utc.day} {MONTHS[utc.month - 1]} {utc.year}, {utc:%H:%M} UTC"


def lines(value: str) -> list[str]:
    """A text of several lines (an address) as its non-blank lines, whatever their line ends."""
    return [line.strip() for line in str(value).splitlines() if line.strip()]


def link(value: str) -> str:
    """A URL a mail may link to: http(s) or mailto only, so no `javascript:` ever reaches an href."""
    url = str(value)
    if urlsplit(url).scheme.lower() not in LINK_SCHEMES:
        raise ValueError(f"a mail links only to http(s) or mailto URLs, not {url!r}")
    return url


def status_sentence(status: str) -> str:
    return STATUS_SENTENCES.get(status, f"The status of your order is now “{status}”.")


def one_line(value: str) -> str:
    """A header-safe subject: every control character (CR, LF, tab, NEL...) and line or paragraph
    separator becomes a space, runs of white space one space, and past 200 characters it is cut."""
    spaced = "".join(" " if unicodedata.category(c) in ("Cc", "Zl", "Zp") else c for c in value)
    subject = " ".join(spaced.split())
    return subject if len(subject) <= SUBJECT_MAX else subject[: SUBJECT_MAX - 1].rstrip() + "…"


def _environment(autoescape: bool) -> Environment:
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=autoescape,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters.update(money=money, date=date, lines=lines, link=link)
    env.globals.update(status_sentence=status_sentence)
    return env


@functools.cache
def _html_environment() -> Environment:
    return _environment(autoescape=True)


@functools.cache
def _text_environment() -> Environment:
    return _environment(autoescape=False)


@functools.cache
def _inliner() -> css_inline.CSSInliner:
    # The layout's rules go into style attributes; its @media rules (phone width, dark mode) stay in
    # a <style> block, the only place they can work. Nothing is ever fetched.
    return css_inline.CSSInliner(keep_at_rules=True, load_remote_stylesheets=False)


def render(kind: str, context: dict) -> Rendered:
    """The subject, HTML and text of one mail of `kind` made from `context` (see KINDS)."""
    if kind not in KINDS:
        raise ValueError(f"unknown kind of mail: {kind!r}")
    text_env = _text_environment()
    subject = one_line(text_env.get_template(f"{kind}.subject.txt").render(context))
    # The layout's <title> is the subject, as sent.
    html = _html_environment().get_template(f"{kind}.html").render({**context, "subject": subject})
    text = text_env.get_template(f"{kind}.txt").render(context)
    text = "\n".join(line.rstrip() for line in text.strip().splitlines()) + "\n"
    return Rendered(subject=subject, html=_inliner().inline(html), text=text)
