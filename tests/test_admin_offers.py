"""A product's offers on its admin page (GET /api/products/{id}/offers/all and /admin/products/{id}):
every offer, the buy box and the product's listing marked, a suspended seller's offer still listed
(and marked) though shoppers cannot buy it; the form's price and stock named as the listing's when
other offers exist; admins only."""

from __future__ import annotations

from decimal import Decimal

from sqlalchemy import func, select
from test_admin_sales import read, write

from db.models import Offer, Product, Seller
from db.models.base import utcnow
from db.offers import listings, summarise


def product_with_used_offers(client) -> int:
    return read(
        client,
        lambda s: s.scalar(
            select(Offer.product_id).group_by(Offer.product_id).having(func.count() > 2).order_by(Offer.product_id)
        ),
    )


def test_every_offer_is_listed_with_the_buy_box_and_the_listing_marked(admin_client):
    product_id = product_with_used_offers(admin_client)
    response = admin_client.get(f"/api/products/{product_id}/offers/all")
    assert response.status_code == 200, response.text
    offers = response.json()

    def expected(session):
        rows = session.scalars(select(Offer).where(Offer.product_id == product_id).order_by(Offer.id)).all()
        product = session.get(Product, product_id)
        return (
            [(o.id, o.condition, float(o.price), o.stock) for o in rows],
            listings(session, [product_id])[product_id],
            product,
        )

    rows, listing, product = read(admin_client, expected)
    assert [(o["id"], o["condition"], o["price"], o["stock"]) for o in offers] == rows
    assert [o["id"] for o in offers if o["listing"]] == [listing]
    [best] = [o for o in offers if o["buyBox"]]
    # The buy box is what the product's row says it sells.
    assert (best["sellerId"], best["price"], best["condition"]) == (
        product.seller_id,
        float(product.price),
        product.condition,
    )
    assert not any(o["suspended"] for o in offers)


def test_a_suspended_sellers_offer_is_marked_and_loses_the_buy_box(admin_client):
    product_id = product_with_used_offers(admin_client)

    def cheapest_used_wins(session):
        # The seller's used copy made the only one in stock: it is the buy box until its seller is suspended.
        offers = session.scalars(select(Offer).where(Offer.product_id == product_id).order_by(Offer.id)).all()
        used = next(o for o in offers if o.seller_id is not None and o.condition != "New")
        for offer in offers:
            offer.stock = 0
        used.stock, used.price = 2, Decimal("0.99")
        summarise(session, [product_id])
        return used.id, used.seller_id

    offer_id, seller_id = write(admin_client, cheapest_used_wins)
    assert [o["id"] for o in admin_client.get(f"/api/products/{product_id}/offers/all").json() if o["buyBox"]] == [
        offer_id
    ]

    def suspend(session):
        session.get(Seller, seller_id).suspended_at = utcnow()
        summarise(session, [product_id])

    write(admin_client, suspend)
    offers = {o["id"]: o for o in admin_client.get(f"/api/products/{product_id}/offers/all").json()}
    assert offers[offer_id]["suspended"] and not offers[offer_id]["buyBox"]
    assert all(o["suspended"] == (o["sellerId"] == seller_id) for o in offers.values())


def test_the_form_names_price_and_stock_as_the_listings_when_others_sell_too(admin_client):
    product_id = product_with_used_offers(admin_client)
    page = admin_client.get(f"/admin/products/{product_id}")
    assert page.status_code == 200
    assert "Listing price" in page.text and "Offers (" in page.text and "Buy box" in page.text
    alone = read(
        admin_client,
        lambda s: s.scalar(
            select(Offer.product_id).group_by(Offer.product_id).having(func.count() == 1).order_by(Offer.product_id)
        ),
    )
    page = admin_client.get(f"/admin/products/{alone}")
    assert "Listing price" not in page.text and "Offers (1)" in page.text


def test_unknown_products_and_signed_out_visitors_are_refused(admin_client, client):
    assert admin_client.get("/api/products/999999/offers/all").status_code == 404
    product_id = product_with_used_offers(admin_client)
    admin_client.cookies.clear()
    assert admin_client.get(f"/api/products/{product_id}/offers/all").status_code == 401
