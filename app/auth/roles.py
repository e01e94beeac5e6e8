"""Who may use which part of the back office, decided in one place by the request's path.

An owner may do everything. Staff keep the catalogue, orders and reviews (and the rest of the
daily work) but not the money paid out to sellers, the sellers' package payments, the staff
accounts, the shop's settings, the audit log that records them or the outbox of the mail the shop
sent: those paths, pages and APIs alike, are the owner's alone.
An account the shop requires to enrol in two-factor sign-in reaches only its account page: a
seller's is the portal's /seller/account.
"""

from __future__ import annotations

import re

OWNER = "owner"
STAFF = "staff"
# A shopper with an account: none of the back office, pages or APIs, is theirs.
CUSTOMER = "customer"
ROLES = (OWNER, STAFF)
# A seller runs their own shop in the seller portal: only its pages and API are theirs, and they
# are nobody else's (what a seller sees is theirs alone: app/api/sellers/).
SELLER = "seller"
SELLER_AREAS = ("/seller", "/api/seller")
SELLER_HOME = "/seller"

# Every path under these (and their CSV exports, "/api/payouts.csv") is the owner's alone. The
# earning history is the ledger sellers are paid out from, so it goes with payouts. The audit log
# records the owner's areas too (payouts, staff accounts, settings, every sign-in with its address),
# so it is the owner's as well. So is the outbox: every mail the shop sent, with what it said to whom
# (invites to staff accounts, their two-factor changes), and sending one again.
OWNER_ONLY = (
    "/api/payouts",
    "/api/payout-requests",
    "/api/package-payments",
    "/api/earning-history",
    "/api/admin/staff",
    "/api/admin/settings",
    "/api/audit-log",
    "/api/outbox",
    # a shopper's account: a password-reset mail, disabling it (issue 23)
    "/api/customer-accounts",
    "/admin/payouts",
    "/admin/payout-requests",
    "/admin/package-payments",
    "/admin/earning-history",
    "/admin/staff",
    "/admin/settings",
    "/admin/audit-log",
    "/admin/outbox",
)
# The owner's writes on one seller's portal account: the account and its sign-in are the owner's
# to give and take (staff keep publishing sellers on the same /api/sellers/{id} path).
OWNER_ONLY_WRITES = re.compile(r"^/api/sellers/[0-9]+/(invite|suspend|reinstate)$")
# Where an account that must enrol in two-factor sign-in may go meanwhile.
ENROLMENT = ("/admin/account", "/api/admin/account")
# The page an account is sent to for enrolling.
ACCOUNT_PAGE = "/admin/account"
# A seller's own account page and API, in the portal (the same page and API as staff's).
SELLER_ACCOUNT_PAGE = "/seller/account"
SELLER_ENROLMENT = (SELLER_ACCOUNT_PAGE, "/api/seller/account")

ONLY_OWNERS = "Only the shop's owner may use this area"
NOT_FOR_SHOPPERS = "This is the shop's back office: a shopper's account cannot use it"
NOT_FOR_SELLERS = "This is the shop's back office: a seller's account runs its shop at /seller"
SELLERS_ONLY = "The seller portal is for sellers' accounts: sign in with the account your invite set up"
ENROL_FIRST = "Set up two-factor sign-in on your account page before using the back office"
SELLER_ENROL_FIRST = "Set up two-factor sign-in on your account page before using the seller portal"


def under(path: str, prefixes: tuple[str, ...]) -> bool:
    """Whether `path` is one of `prefixes` or below one ("/api/payouts/3", "/api/payouts.csv"),
    but not merely starting with the same letters ("/api/payouts-report" is not under "/api/payouts")."""
    path = path.rstrip("/") or "/"
    return any(path == p or path.startswith((p + "/", p + ".")) for p in prefixes)


def is_back_office_role(role: str) -> bool:
    return role in ROLES


def account_page(role: str) -> str:
    """Where an account of `role` sets up two-factor sign-in."""
    return SELLER_ACCOUNT_PAGE if role == SELLER else ACCOUNT_PAGE


def enrol_first(role: str) -> str:
    """The 403 message of an account of `role` that must enrol before anything else."""
    return SELLER_ENROL_FIRST if role == SELLER else ENROL_FIRST


def refusal(role: str, enrolment_required: bool, path: str) -> str | None:
    """Why an account of `role` may not use `path` (the 403 message), or None when it may."""
    if enrolment_required and not under(path, SELLER_ENROLMENT if role == SELLER else ENROLMENT):
        return enrol_first(role)
    if role != OWNER and (under(path, OWNER_ONLY) or OWNER_ONLY_WRITES.match(path)):
        return ONLY_OWNERS
    return None


def landing(role: str, callback: str) -> str:
    """Where a sign-in goes: the page it came from, but a seller's is in the portal (a seller
    signing in at /login, which sends to /admin by default, lands on their dashboard)."""
    if role == SELLER and not under(callback.split("?")[0], SELLER_AREAS):
        return SELLER_HOME
    return callback
