"""A shopper's saved addresses: listed default first, added, changed, deleted; one of them is the
default (the first one saved, or the one the shopper chose), and every write touches only the
signed-in account's own rows (another account's address is not found)."""

from __future__ import annotations

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from db.admin import Conflict, NotFound
from db.models import Address

MAX_ADDRESSES = 20
FIELDS = ("name", "phone", "line1", "line2", "city", "postcode", "country")


def address_record(address: Address) -> dict:
    return {
        "id": address.id,
        "name": address.name,
        "phone": address.phone,
        "line1": address.line1,
        "line2": address.line2,
        "city": address.city,
        "postcode": address.postcode,
        "country": address.country,
        "isDefault": address.is_default,
    }


def address_text(fields: dict) -> str:
    """An address as the lines an order keeps (and a parcel label shows)."""
    place = " ".join(part for part in (fields.get("postcode", ""), fields.get("city", "")) if part)
    lines = [fields.get("name", ""), fields.get("line1", ""), fields.get("line2", ""), place, fields.get("country", "")]
    if fields.get("phone"):
        lines.append(f"Phone: {fields['phone']}")
    return "\n".join(line for line in lines if line)


def list_addresses(session: Session, user_id: int) -> list[dict]:
    rows = session.scalars(
        select(Address).where(Address.user_id == user_id).order_by(Address.is_default.desc(), Address.id.desc())
    )
    return [address_record(a) for a in rows]


def _own(session: Session, user_id: int, address_id: int) -> Address:
    address = session.get(Address, address_id) if 0 < address_id < 2**63 else None
    if address is None or address.user_id != user_id:
        raise NotFound("There is no such address in your account")
    return address


def _make_default(session: Session, user_id: int, address: Address) -> None:
    session.execute(
        update(Address)
        .where(Address.user_id == user_id, Address.id != address.id, Address.is_default.is_(True))
        .values(is_default=False)
        .execution_options(synchronize_session="fetch")
    )
    address.is_default = True


def add_address(session: Session, user_id: int, fields: dict, make_default: bool = False) -> dict:
    count = session.scalar(select(func.count()).select_from(Address).where(Address.user_id == user_id))
    if count >= MAX_ADDRESSES:
        raise Conflict(f"An account keeps at most {MAX_ADDRESSES} addresses: delete one you no longer use first")
    address = Address(user_id=user_id, **{name: fields.get(name, "") for name in FIELDS})
    session.add(address)
    session.flush()
    if make_default or count == 0:
        _make_default(session, user_id, address)
    return address_record(address)


def change_address(session: Session, user_id: int, address_id: int, changes: dict, make_default: bool) -> dict:
    address = _own(session, user_id, address_id)
    for name in FIELDS:
        if name in changes and changes[name] is not None:
            setattr(address, name, changes[name])
    if make_default:
        _make_default(session, user_id, address)
    session.flush()
    return address_record(address)


def delete_address(session: Session, user_id: int, address_id: int) -> None:
    address = _own(session, user_id, address_id)
    was_default = address.is_default
    session.delete(address)
    session.flush()
    if was_default:
        newest = session.scalar(select(Address).where(Address.user_id == user_id).order_by(Address.id.desc()))
        if newest is not None:
            newest.is_default = True
