"""The shop's currency: its symbol and minor units, how an amount is printed (the browser's
components/shop/money.js prints the same from the same facts) and how a provider counts it.

Prices are stored with two decimals, so only currencies of two minor units are offered: a
zero-decimal currency (JPY) would charge a rounded amount that is not the order's total."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from decimal import ROUND_HALF_UP, Decimal

from db.config import shop_currency

CENT = Decimal("0.01")


@dataclass(frozen=True)
class Currency:
    code: str  # ISO 4217, as Stripe takes it lower-cased
    symbol: str  # printed before the amount
    minor: int = 2  # digits after the decimal point

    def as_config(self) -> dict:
        """What the browser needs to print prices as the server does."""
        return asdict(self)

    def minor_units(self, amount: Decimal) -> int:
        """The amount as a provider counts it: 12.34 USD is 1234."""
        return int((amount * 10**self.minor).to_integral_value(rounding=ROUND_HALF_UP))

    def from_minor_units(self, units: int) -> Decimal:
        return (Decimal(units) / 10**self.minor).quantize(CENT)

    def format(self, value: Decimal | float | int) -> str:
        """ "$1,234.50": the symbol, thousands separators, two decimals rounded half up as the till does."""
        amount = value if isinstance(value, Decimal) else Decimal(str(value))
        amount = amount.quantize(CENT, rounding=ROUND_HALF_UP)
        return f"{'-' if amount < 0 else ''}{self.symbol}{abs(amount):,.{self.minor}f}"


CURRENCIES = {
    c.code: c
    for c in (
        Currency("USD", "$"),
        Currency("EUR", "€"),
        Currency("GBP", "£"),
        Currency("INR", "₹"),
        Currency("CAD", "CA$"),
        Currency("AUD", "A$"),
        Currency("NZD", "NZ$"),
        Currency("SGD", "S$"),
        Currency("ZAR", "R"),
    )
}


def currency_of(code: str) -> Currency:
    try:
        return CURRENCIES[code.upper()]
    except KeyError:
        offered = ", ".join(CURRENCIES)
        raise ValueError(f"SHOP_CURRENCY={code} is not a currency the shop can take; use one of {offered}") from None


def shop_money() -> Currency:
    """SHOP_CURRENCY's currency (USD unless set)."""
    return currency_of(shop_currency())
