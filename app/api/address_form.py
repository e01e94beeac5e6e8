"""An address as a shopper types it (the checkout's delivery address, an account's saved address):
one pydantic model, with a plain message per field that the browser's form mirrors
(components/account/addressRules.js)."""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict, ValidationInfo, field_validator

from db.admin.customers import PHONE
from db.admin.forms import CONTROL, LINE_BREAK

POSTCODE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 -]*$")
# field: (what the shopper calls it, fewest characters (0: may be left empty), most characters)
RULES = {
    "name": ("name", 2, 120),
    "phone": ("phone number", 0, 20),
    "line1": ("street address", 3, 200),
    "line2": ("second address line", 0, 200),
    "city": ("town or city", 2, 100),
    "postcode": ("postcode", 2, 20),
    "country": ("country", 2, 60),
}


def checked(field: str, value: str) -> str:
    label, low, high = RULES[field]
    value = value.strip()
    if CONTROL.search(value) or LINE_BREAK.search(value):
        raise ValueError(f"Write the {label} on one line, without special characters")
    if not value:
        if low:
            raise ValueError(f"Enter the {label}")
        return value
    if len(value) < low:
        raise ValueError(f"The {label} needs at least {low} characters")
    if len(value) > high:
        raise ValueError(f"The {label} can have at most {high} characters")
    if field == "phone" and not PHONE.match(value):
        raise ValueError("Enter a phone number of 7 to 20 digits")
    if field == "postcode" and not POSTCODE.match(value):
        raise ValueError("A postcode has only letters, digits, spaces and hyphens")
    return value


class AddressFields(BaseModel):
    """Every field is checked, the ones left out too (as empty): a missing city says "Enter the town or city"."""

    model_config = ConfigDict(extra="ignore", validate_default=True)
    name: str = ""
    phone: str = ""
    line1: str = ""
    line2: str = ""
    city: str = ""
    postcode: str = ""
    country: str = ""

    @field_validator("*", mode="before")
    @classmethod
    def text(cls, value: object, info: ValidationInfo) -> object:
        return "" if value is None and info.field_name != "isDefault" else value

    @field_validator("*")
    @classmethod
    def rules(cls, value: str, info: ValidationInfo) -> str:
        return checked(info.field_name, value)


class SavedAddress(AddressFields):
    """An address to keep in the account; `isDefault` makes it the one the checkout offers first."""

    isDefault: bool = False

    @field_validator("*")
    @classmethod
    def rules(cls, value: object, info: ValidationInfo) -> object:
        return value if info.field_name == "isDefault" else checked(info.field_name, value)


class AddressChanges(BaseModel):
    """A saved address's new fields (those sent; the others stay), or just `isDefault: true`."""

    model_config = ConfigDict(extra="ignore")
    name: str | None = None
    phone: str | None = None
    line1: str | None = None
    line2: str | None = None
    city: str | None = None
    postcode: str | None = None
    country: str | None = None
    isDefault: bool | None = None

    @field_validator("*")
    @classmethod
    def rules(cls, value: object, info: ValidationInfo) -> object:
        if value is None or info.field_name == "isDefault":
            return value
        return checked(info.field_name, value)

    def fields(self) -> dict:
        return {k: v for k, v in self.model_dump(exclude={"isDefault"}).items() if v is not None}
