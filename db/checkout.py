"""Placing an order: the whole checkout is one transaction (the caller's), or nothing is written."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, joinedload

from db.catalogue_version import stock_sold
from db.events import occurred
from db.models import CheckoutAttempt, Customer, Order, OrderLine, OrderStatusChange, Product, Seller
from db.money import Currency
from db.order_links import order_secret_key
from db.payments import latest_charge, new_charge, payment_state, record_call

CENT = Decimal("0.01")


class CheckoutRefused(Exception):
    """The order cannot be placed as asked; `details` says which items and why."""

    def __init__(self, message: str, details: list[dict]):
        super().__init__(message)
        self.message = message
        self.details = details


@dataclass(frozen=True)
class CheckoutLine:
    product_id: int
    qty: int
    price: Decimal  # the unit price the shopper saw


@dataclass(frozen=True)
class Checkout:
    name: str
    email: str
    phone: str
    billing_address: str
    payment_method: str
    lines: tuple[CheckoutLine, ...]
    # The shopper account signed in while ordering (verified or not), and where to deliver when not
    # to the billing address (as the lines db/addresses.py address_text writes).
    account_id: int | None = None
    delivery_address: str | None = None


def sale_price(product: Product) -> Decimal:
    """The price after the product's discount, in cents, rounded half up."""
    return (product.price * (100 - product.discount) / 100).quantize(CENT, rounding=ROUND_HALF_UP)


def find_or_create_customer(session: Session, checkout: Checkout) -> Customer:
    email = checkout.email.strip().lower()
    by_email = select(Customer).where(func.lower(Customer.email) == email)
    customer = session.scalar(by_email)
    if customer is None:
        try:
            with session.begin_nested():
                customer = Customer(name=checkout.name, email=email, phone=checkout.phone)
                session.add(customer)
        except IntegrityError:
            # A simultaneous first checkout by the same shopper created them a moment ago: the
            # unique email refused our copy (the savepoint undid just that), and theirs is ours.
            customer = session.scalar(by_email)
    return customer


def _check_products(session: Session, checkout: Checkout) -> dict[int, Product]:
    ids = [line.product_id for line in checkout.lines]
    # With each seller's package (its commission rate goes on the line): no lazy read per line.
    with_package = joinedload(Product.seller).joinedload(Seller.package)
    found = session.scalars(select(Product).options(with_package).where(Product.id.in_(ids))).unique()
    products = {p.id: p for p in found}
    problems = []
    for line in checkout.lines:
        product = products.get(line.product_id)
        if product is None or not product.published:
            problems.append(
                {"id": str(line.product_id), "reason": "unavailable", "message": "This product is no longer sold."}
            )
        elif line.qty > product.stock:
            problems.append(
                {
                    "id": str(product.id),
                    "reason": "stock",
                    "stock": product.stock,
                    "message": f"Only {product.stock} of {product.title} left in stock.",
                }
            )
        elif line.price != sale_price(product):
            problems.append(
                {
                    "id": str(product.id),
                    "reason": "price",
                    "price": float(sale_price(product)),
                    "message": f"The price of {product.title} is now {sale_price(product)}.",
                }
            )
    if problems:
        raise CheckoutRefused("Some items in your cart changed. Please review them and try again.", problems)
    return products


def place_order(session: Session, checkout: Checkout) -> Order:
    """Create the customer (or find them by email), the order with its lines, and lower stock."""
    products = _check_products(session, checkout)
    customer = find_or_create_customer(session, checkout)
    lines = []
    for line in checkout.lines:
        product = products[line.product_id]
        # Guarded decrement: a concurrent checkout that took the stock first makes this one fail.
        left = session.execute(
            update(Product)
            .where(Product.id == product.id, Product.stock >= line.qty)
            .values(stock=Product.stock - line.qty)
            .returning(Product.stock)
            .execution_options(synchronize_session=False)
        ).scalar_one_or_none()
        if left is None:
            raise CheckoutRefused(
                "Some items in your cart changed. Please review them and try again.",
                [{"id": str(product.id), "reason": "stock", "message": f"{product.title} just sold out."}],
            )
        # A plain UPDATE the flush hook does not see: only a sell-out changes what lists show.
        stock_sold(session, product.id, product.shop, left + line.qty, left)
        unit = sale_price(product)
        rate = product.seller.package.commission_rate if product.seller else None
        lines.append(
            OrderLine(
                product_id=product.id,
                seller_id=product.seller_id,
                commission_rate=rate,
                title=product.title,
                unit_price=unit,
                qty=line.qty,
                amount=unit * line.qty,
            )
        )
    # Built whole and added once: added first, the order would be flushed by the first UPDATE and
    # its empty history read back by a SELECT.
    order = Order(
        customer=customer,
        status="Pending",
        payment_method=checkout.payment_method,
        payment_status="Pending",
        billing_address=checkout.billing_address,
        delivery_address=checkout.delivery_address,
        account_id=checkout.account_id,
        total=sum((line.amount for line in lines), Decimal("0")),
        lines=lines,
        history=[OrderStatusChange(from_status=None, to_status="Pending", changed_by=customer.email)],
    )
    session.add(order)
    session.flush()
    occurred(session, "order_placed", order_id=order.id)
    return order


class CheckoutReused(Exception):
    """An Idempotency-Key sent again with a different checkout."""


@dataclass(frozen=True)
class Placed:
    order_no: int
    total: Decimal
    status: str
    key: str  # the order's own key (db/order_links.py): pays for it again, signs the guest's link
    payment_id: int
    replayed: bool  # this Idempotency-Key placed the order earlier: nothing new was written
    state: dict  # the payment's state (db/payments.py payment_state)


def _placed(session: Session, order: Order, replayed: bool) -> Placed:
    charge = latest_charge(session, order.id)
    key = order_secret_key(session, order)
    return Placed(order.id, order.total, order.status, key, charge.id, replayed, payment_state(session, charge))


def place_checkout(
    session: Session,
    checkout: Checkout,
    provider: str,
    currency: Currency,
    attempt: tuple[str, str] | None = None,
) -> Placed:
    """Place the order with its charge, started as pending (a card is charged after the commit; cash
    waits for the door). `attempt` is the Idempotency-Key and a fingerprint of what was asked: a key
    seen before answers its order again and writes nothing."""
    if attempt is not None:
        earlier = session.get(CheckoutAttempt, attempt[0])
        if earlier is not None:
            if earlier.fingerprint != attempt[1]:
                raise CheckoutReused()
            return _placed(session, session.get(Order, earlier.order_id), replayed=True)
    order = place_order(session, checkout)
    if attempt is not None:
        # Two requests with one key at once: the second's insert waits for the first's commit and
        # fails on the key, undoing its order; the caller then answers the first's.
        session.add(CheckoutAttempt(key=attempt[0], order_id=order.id, fingerprint=attempt[1]))
    charge = new_charge(session, order, provider, currency)
    if provider == "cash":
        record_call(
            session,
            provider="cash",
            action="start",
            outcome="ok",
            detail="pending: pay on delivery",
            payment_id=charge.id,
            order_id=order.id,
        )
    session.flush()
    return _placed(session, order, replayed=False)
