"""Customers: the view with their orders, and editing their contact details (name, email, phone)."""

from __future__ import annotations

import re

from pydantic import field_validator
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from db import audit, stock_alerts
from db.admin import Conflict, found
from db.admin.forms import Form, Text, changes_of
from db.models import Customer, Order, OrderLine, User
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


def account_of(session: Session, customer: Customer) -> User | None:
    """The shopper's account of this customer: the one linked to it, or one with the same email."""
    if customer.user_id is not None and (user := session.get(User, customer.user_id)) is not None:
        return user
    return session.scalar(
        select(User).where(func.lower(User.email) == customer.email.strip().lower(), User.role == "customer")
    )


def account_facts(user: User | None) -> dict | None:
    if user is None:
        return None
    return {
        "id": user.id,
        "email": user.email,
        "verified": user.email_verified_at is not None,
        "disabled": user.disabled_at is not None,
        "createdAt": iso(user.created_at),
        "lastSignInAt": iso(user.last_sign_in_at) if user.last_sign_in_at else None,
    }


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
        "account": account_facts(account := account_of(session, customer)),
        "alerts": stock_alerts.alerts_for(session, customer.email, account.id if account else None),
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
