"""The shop as `python -m app` serves it, but writing no mail (its writes' events answered by no
kind of mail): the "no mail" side of `python -m bench mail`."""

from __future__ import annotations

from app import __main__ as shop
from app.mail import kinds

if __name__ == "__main__":
    kinds.BY_EVENT.clear()
    shop.main()
