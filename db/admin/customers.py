"""Customers: the view with their orders, and editing their contact details (name, email, phone)."""

from __future__ import annotations

import re

from pydantic import field_validator
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from db import audit
from db.admin import Conflict, found
from db.admin.forms import Form, Text, changes_of
from db.models import Customer, Order, OrderLine
from db.queries.admin import accepted_refunds_by_customer, iso, zero_if_none
from db.queries.media import media_url
from db.queries.products import money

# The same shapes the checkout accepts (app/api/shop/checkout.py).
EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$")
PHONE = re.compile(r"^\+?[0-9 ()\-]{7,20}$")


class CustomerForm(Form):
    name: Text(2, 120)
    email: Text(3, 254)
    phone: Text(0, 20) = ""

    @field_validator("email")
    @classmethod
    def email_shape(cls, value: str) -> str:
        if not EMAIL.match(value):
            raise ValueError("Enter an email address like name@example.com")
        return value.lower()

    @field_validator("phone")
    @classmethod
    def phone_shape(cls, value: str) -> str:
        if value and not PHONE.match(value):
            raise ValueError("Enter a phone number of 7 to 20 digits, or leave it empty")
        return value


CustomerChanges = changes_of(CustomerForm)


def _orders(session: Session, customer_id: int) -> list[dict]:
    units = select(OrderLine.order_id, func.sum(OrderLine.qty).label("qty")).group_by(OrderLine.order_id).subquery()
    rows = session.execute(
        select(Order, units.c.qty)
        .outerjoin(units, units.c.order_id == Order.id)
        .where(Order.customer_id == customer_id)
        .order_by(Order.created_at.desc(), Order.id.desc())
    )
    return [
        {
            "id": o.id,
            "qty": int(zero_if_none(qty)),
            "amount": money(o.total),
            "status": o.status,
            "payment": o.payment_status,
            "paymentMethod": o.payment_method,
            "purchaseDate": iso(o.created_at),
            "billingAddress": o.billing_address,
        }
        for o, qty in rows
    ]


def customer_view(session: Session, customer_id: int) -> dict:
    """The customer's record as the list shows it, their contact details and their orders."""
    customer = found(session, Customer, customer_id, "customer")
    refunded = accepted_refunds_by_customer()
    balance = session.scalar(select(refunded.c.total).where(refunded.c.key == customer.id))
    orders = _orders(session, customer.id)
    return {
        "id": customer.id,
        "name": customer.name,
        "email": customer.email,
        "phone": customer.phone,
        "image": media_url(customer.image),
        "createdAt": iso(customer.created_at),
        "balance": money(zero_if_none(balance)),
        "orders": orders,
    }


def update_customer(session: Session, actor: str, customer_id: int, changes: Form) -> dict:
    customer = found(session, Customer, customer_id, "customer")
    values = changes.model_dump(exclude_unset=True)
    if "email" in values:
        taken = session.scalar(
            select(Customer.id).where(func.lower(Customer.email) == values["email"], Customer.id != customer.id)
        )
        if taken is not None:
            raise Conflict(f"Another customer already uses {values['email']}")
    before = audit.snapshot(customer)
    for name, value in values.items():
        setattr(customer, name, value)
    session.flush()
    audit.record(session, actor, "update", "customer", customer.id, before, audit.snapshot(customer))
    return customer_view(session, customer.id)
