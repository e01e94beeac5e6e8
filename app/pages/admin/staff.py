"""Back-office pages of accounts: /admin/staff (the owner's: staff accounts and the shop's
two-factor setting) and /admin/account (everyone's own: two-factor sign-in)."""

from __future__ import annotations

from sqlalchemy.orm import Session
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from app.auth.sessions import current_session
from app.auth.two_factor import account_record
from app.pages.admin.shell import admin_page
from db.admin.shop_settings import shop_settings
from db.admin.staff import staff_list


def staff_props(session: Session) -> dict:
    return {"staff": staff_list(session), "settings": shop_settings(session)}


async def staff(request: Request) -> Response:
    return await admin_page(request, "AdminStaff", "Staff", staff_props)


async def account(request: Request) -> Response:
    signed_in = await current_session(request)
    # admin_page reads the props only once it has found the session an account's.
    return await admin_page(
        request, "AdminAccount", "Your account", lambda session: {"account": account_record(session, signed_in.user_id)}
    )


routes = [
    Route("/admin/staff", staff, methods=["GET", "HEAD"]),
    Route("/admin/account", account, methods=["GET", "HEAD"]),
]
