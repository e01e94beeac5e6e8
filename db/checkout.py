"""Placing an order: the whole checkout is one transaction (the caller's), or nothing is written."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, joinedload

from db.catalogue_version import stock_sold
from db.events import occurred
from db.models import CheckoutAttempt, Customer, Offer, Order, OrderLine, OrderStatusChange, Product, Seller
from db.money import Currency
from db.offers import buy_box, offer_price, sold, summarise
from db.order_links import order_secret_key
from db.payments import latest_charge, new_charge, payment_state, record_call
from db.shipments import shipments_for


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
    # The offer bought (db/offers.py); None: the product's buy box.
    offer_id: int | None = None


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
    """The price of the product's buy box (its row's summary) after its discount."""
    return offer_price(product.price, product.discount)


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


CHANGED = "Some items in your cart changed. Please review them and try again."


def _problem(line: CheckoutLine, reason: str, message: str, **more) -> dict:
    problem = {"id": str(line.product_id), "reason": reason, "message": message, **more}
    if line.offer_id is not None:
        problem["offerId"] = str(line.offer_id)
    return problem


@dataclass(frozen=True)
class Bought:
    """A line's offer (with its product and its seller's package) and whether it is the buy box,
    whose stock is its product's."""

    offer: Offer
    boxed: bool


def _offers_bought(session: Session, checkout: Checkout) -> list[Bought | None]:
    """Each line's offer (the buy box's where the line names none): None where it is not sold."""
    boxes = {
        pid: buy_box(candidates)
        for pid, candidates in sold(session, [line.product_id for line in checkout.lines]).items()
    }
    boxed = {box.id for box in boxes.values() if box is not None}
    wanted = [
        line.offer_id if line.offer_id is not None else getattr(boxes.get(line.product_id), "id", None)
        for line in checkout.lines
    ]
    with_package = joinedload(Offer.seller).joinedload(Seller.package)
    query = select(Offer).options(with_package, joinedload(Offer.product)).where(Offer.id.in_([i for i in wanted if i]))
    offers = {offer.id: offer for offer in session.scalars(query).unique()}
    bought = []
    for line, offer_id in zip(checkout.lines, wanted):
        offer = offers.get(offer_id)
        on_sale = (
            offer is not None
            and offer.product_id == line.product_id
            and offer.product.published
            and (offer.seller is None or offer.seller.suspended_at is None)
        )
        bought.append(Bought(offer, offer.id in boxed) if on_sale else None)
    return bought


def _check_offers(session: Session, checkout: Checkout) -> list[Bought]:
    bought = _offers_bought(session, checkout)
    problems = []
    for line, chosen in zip(checkout.lines, bought):
        if chosen is None:
            problems.append(_problem(line, "unavailable", "This product is no longer sold."))
            continue
        offer = chosen.offer
        title, price = offer.product.title, offer_price(offer.price, offer.discount)
        if line.qty > offer.stock:
            problems.append(_problem(line, "stock", f"Only {offer.stock} of {title} left in stock.", stock=offer.stock))
        elif line.price != price:
            problems.append(_problem(line, "price", f"The price of {title} is now {price}.", price=float(price)))
    if problems:
        raise CheckoutRefused(CHANGED, problems)
    return bought


def _take_stock(session: Session, line: CheckoutLine, bought: Bought) -> None:
    """A guarded decrement of the offer's stock (a concurrent checkout that took it first makes this
    one fail), and of its product's when it is the buy box."""
    offer, product = bought.offer, bought.offer.product
    left = session.execute(
        update(Offer)
        .where(Offer.id == offer.id, Offer.stock >= line.qty)
        .values(stock=Offer.stock - line.qty)
        .returning(Offer.stock)
        .execution_options(synchronize_session=False)
    ).scalar_one_or_none()
    if left is None:
        raise CheckoutRefused(CHANGED, [_problem(line, "stock", f"{product.title} just sold out.")])
    if left == 0:
        # Sold out: the buy box may go to another offer, or the product out of stock; the summary
        # is written again through the flush, which names the pages it moves.
        summarise(session, [product.id])
    elif bought.boxed:
        # A plain UPDATE the flush hook does not see: only a sell-out changes what lists show.
        session.execute(
            update(Product)
            .where(Product.id == product.id)
            .values(stock=Product.stock - line.qty)
            .execution_options(synchronize_session=False)
        )
        stock_sold(session, product.id, product.shop, left + line.qty, left)


def place_order(session: Session, checkout: Checkout) -> Order:
    """Create the customer (or find them by email), the order with its lines in one shipment per
    seller, and lower the offers' stock."""
    bought = _check_offers(session, checkout)
    customer = find_or_create_customer(session, checkout)
    lines = []
    for line, chosen in zip(checkout.lines, bought):
        _take_stock(session, line, chosen)
        offer = chosen.offer
        unit = offer_price(offer.price, offer.discount)
        lines.append(
            OrderLine(
                product_id=offer.product_id,
                offer_id=offer.id,
                condition=offer.condition,
                seller_id=offer.seller_id,
                commission_rate=offer.seller.package.commission_rate if offer.seller else None,
                title=offer.product.title,
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
        shipments=shipments_for(lines),
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
