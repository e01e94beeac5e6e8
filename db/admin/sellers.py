"""Sellers: publishing them, and moving them to another package (which records the package
payment at that package's price). Later orders earn at the new package's commission rate;
earlier ones keep the rate of their time (db/ledger.py)."""

from __future__ import annotations

from typing import Literal

from pydantic import StrictBool, model_validator
from sqlalchemy import select
from sqlalchemy.orm import Session

from db import audit
from db.admin import Invalid, found
from db.admin.forms import Form
from db.models import Package, PackagePayment, Seller
from db.models.sales import PAYMENT_METHODS
from db.models.sellers import PACKAGE_NAMES
from db.queries.admin_sales import seller_record, seller_rows


class SellerChanges(Form):
    published: StrictBool | None = None
    package: Literal[PACKAGE_NAMES] | None = None
    paymentMethod: Literal[PAYMENT_METHODS] | None = None

    @model_validator(mode="after")
    def paid_for(self) -> SellerChanges:
        if self.package is not None and self.paymentMethod is None:
            raise ValueError("Choose how the seller pays for the new package")
        return self


def seller_view(session: Session, seller_id: int) -> dict:
    return seller_record(session.execute(seller_rows().where(Seller.id == seller_id)).one())


def update_seller(session: Session, actor: str, seller_id: int, changes: SellerChanges) -> dict:
    seller = found(session, Seller, seller_id, "seller")
    before = audit.snapshot(seller)
    if changes.published is None and changes.package is None:
        raise Invalid({"body": "Change the package or publish or unpublish the seller"})
    if changes.published is not None:
        seller.published = changes.published
    if changes.package is not None:
        package = session.scalar(select(Package).where(Package.name == changes.package))
        if package.id == seller.package_id:
            raise Invalid({"package": f"{seller.shop_name} is already on the {package.name} package"})
        seller.package = package
        payment = PackagePayment(
            seller_id=seller.id, package_id=package.id, amount=package.price, payment_method=changes.paymentMethod
        )
        session.add(payment)
        session.flush()
        audit.record(session, actor, "create", "package_payment", payment.id, None, audit.snapshot(payment))
    session.flush()
    action = "package" if changes.package is not None else "publish" if changes.published else "unpublish"
    audit.record(session, actor, action, "seller", seller.id, before, audit.snapshot(seller))
    return seller_view(session, seller.id)
