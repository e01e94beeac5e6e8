"""Brands: name (unique, whatever its case), featured, logo. Deleting a brand keeps its products,
without a brand (the product table's foreign key says SET NULL)."""

from __future__ import annotations

from pydantic import StrictBool
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from db import audit
from db.admin import Conflict, found, unique_slug
from db.admin.forms import Form, MediaPath, Text, changes_of
from db.models import Brand
from db.queries.media import media_url


class BrandForm(Form):
    name: Text(1, 120)
    featured: StrictBool = False
    logo: MediaPath | None = None


BrandChanges = changes_of(BrandForm)


def brand_form_record(brand: Brand) -> dict:
    return {
        "id": brand.id,
        "name": brand.name,
        "slug": brand.slug,
        "featured": brand.featured,
        "logo": brand.logo,
        "logoUrl": media_url(brand.logo),
    }


def brand_for_form(session: Session, brand_id: int) -> dict:
    return brand_form_record(found(session, Brand, brand_id, "brand"))


def brand_choices(session: Session) -> list[dict]:
    return [
        {"id": id_, "name": name}
        for id_, name in session.execute(select(Brand.id, Brand.name).order_by(func.lower(Brand.name)))
    ]


def _refuse_duplicate_name(session: Session, name: str, own_id: int | None = None) -> None:
    query = select(Brand.id).where(func.lower(Brand.name) == name.lower())
    if own_id is not None:
        query = query.where(Brand.id != own_id)
    if session.scalar(query.limit(1)) is not None:
        raise Conflict(f"A brand named “{name}” already exists")


def create_brand(session: Session, actor: str, form: BrandForm) -> dict:
    _refuse_duplicate_name(session, form.name)
    brand = Brand(name=form.name, slug=unique_slug(session, Brand, form.name), featured=form.featured, logo=form.logo)
    session.add(brand)
    session.flush()
    audit.record(session, actor, "create", "brand", brand.id, None, audit.snapshot(brand))
    return brand_form_record(brand)


def update_brand(session: Session, actor: str, brand_id: int, changes: Form) -> dict:
    brand = found(session, Brand, brand_id, "brand")
    values = changes.model_dump(exclude_unset=True)
    if "name" in values:
        _refuse_duplicate_name(session, values["name"], own_id=brand.id)
    before = audit.snapshot(brand)
    for name, value in values.items():
        setattr(brand, name, value)
    session.flush()
    audit.record(session, actor, "update", "brand", brand.id, before, audit.snapshot(brand))
    return brand_form_record(brand)


def delete_brand(session: Session, actor: str, brand_id: int) -> None:
    brand = found(session, Brand, brand_id, "brand")
    before = audit.snapshot(brand)
    session.delete(brand)  # the ORM sets its products' brand to none, as the foreign key would
    audit.record(session, actor, "delete", "brand", brand_id, before, None)
