"""The seller portal's pages: dashboard, offers, orders, earnings, payouts, the seller's account (two-factor
sign-in, as staff have theirs); and the invite link's page, where an invited seller chooses a password
(signed out)."""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy.orm import Session
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from app.auth.sessions import anonymous_csrf, set_csrf_cookie, token_hash
from app.auth.two_factor import account_record
from app.pages.admin.sign_in import INVITE_STATUS
from app.pages.render import Page, respond
from app.pages.seller.shell import route, seller_list_props
from app.services import services_of
from db.admin.staff import invite_view
from db.carriers import CARRIERS
from db.models.offers import CONDITIONS
from db.models.sales import SHIPMENT_STATUSES
from db.queries.admin_lists import ListQuery, page_of
from db.seller_accounts import account_of
from db.seller_portal.money import available, dashboard, sellers_earnings, sellers_payout_requests, sellers_payouts
from db.seller_portal.offers import catalogue_requests, sellers_offers
from db.seller_portal.shipments import sellers_shipments, shipments_page


def dashboard_props(session: Session, seller_id: int, params: Mapping[str, str]) -> dict:
    return {"figures": dashboard(session, seller_id)}


def offers_props(session: Session, seller_id: int, params: Mapping[str, str]) -> dict:
    return {
        "list": seller_list_props(session, sellers_offers(seller_id), params),
        "conditions": list(CONDITIONS),
        "requests": catalogue_requests(session, seller_id),
    }


def orders_props(session: Session, seller_id: int, params: Mapping[str, str]) -> dict:
    return {
        "list": seller_list_props(session, sellers_shipments(seller_id), params, shipments_page),
        "statuses": list(SHIPMENT_STATUSES),
        "carriers": list(CARRIERS),
    }


def earnings_props(session: Session, seller_id: int, params: Mapping[str, str]) -> dict:
    return {"list": seller_list_props(session, sellers_earnings(seller_id), params), **available(session, seller_id)}


def payouts_props(session: Session, seller_id: int, params: Mapping[str, str]) -> dict:
    # The latest payouts made beside the requests' list (which the URL pages).
    payouts, _ = page_of(session, sellers_payouts(seller_id), ListQuery(per_page=20))
    return {
        "list": seller_list_props(session, sellers_payout_requests(seller_id), params),
        "payouts": payouts,
        **available(session, seller_id),
    }


def account_props(session: Session, seller_id: int, params: Mapping[str, str]) -> dict:
    return {"account": account_record(session, account_of(session, seller_id).id)}


async def invite_page(request: Request) -> Response:
    token = request.path_params["token"]
    props = await services_of(request).db.read(invite_view, token_hash(token))
    status = INVITE_STATUS.get(props.get("problem"), 200)
    if status == 200:
        props["token"] = token
    csrf = anonymous_csrf(request)
    props["csrfToken"] = csrf
    response = await respond(request, Page("SellerInvite", props, status=status, meta={"robots": "noindex"}))
    set_csrf_cookie(response, request, csrf)
    return response


routes = [
    route("/seller", "SellerDashboard", dashboard_props),
    route("/seller/offers", "SellerOffers", offers_props),
    route("/seller/orders", "SellerOrders", orders_props),
    route("/seller/earnings", "SellerEarnings", earnings_props),
    route("/seller/payouts", "SellerPayouts", payouts_props),
    route("/seller/account", "SellerAccount", account_props),
    Route("/seller/invite/{token}", invite_page, methods=["GET", "HEAD"]),
]
