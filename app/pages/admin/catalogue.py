"""Back-office pages for products, categories, brands, reviews and customers.

Each list page renders its first page on the server from the URL's own query (q, sort, page,
per_page and the list's filters, as the JSON list API takes them), so a reload or the back button
shows the same state; the browser then changes the URL and fetches the API as the person
searches, sorts, filters and pages. Unusable parameters in a URL are left out, never an error.
Guarded like /admin (app/pages/admin/shell.py): sign in first, never cached.
"""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy import select
from sqlalchemy.orm import Session
from starlette.routing import Route

from app.pages.admin.shell import list_props, page
from db.admin.brands import brand_choices
from db.admin.categories import category_choices
from db.admin.customers import customer_view
from db.admin.offers import product_offers
from db.admin.products import SHOPS, product_for_form
from db.models import Product
from db.queries.admin import BRANDS, CATEGORIES, CUSTOMERS, PRODUCTS, REVIEWS


def products_props(session: Session, params: Mapping[str, str]) -> dict:
    return {
        "list": list_props(session, PRODUCTS, params),
        "categories": category_choices(session),
        "brands": brand_choices(session),
    }


def product_form_props(session: Session, product_id: int | None) -> dict:
    return {
        "product": product_for_form(session, product_id) if product_id is not None else None,
        "offers": product_offers(session, product_id) if product_id is not None else [],
        "categories": category_choices(session),
        "brands": brand_choices(session),
        "shops": list(SHOPS),
    }


def categories_props(session: Session, params: Mapping[str, str]) -> dict:
    return {"list": list_props(session, CATEGORIES, params), "categories": category_choices(session)}


def brands_props(session: Session, params: Mapping[str, str]) -> dict:
    return {"list": list_props(session, BRANDS, params)}


def reviews_props(session: Session, params: Mapping[str, str]) -> dict:
    listed = list_props(session, REVIEWS, params)
    # The product the list may be narrowed to, named in the filter's chip.
    product_id = listed["params"].get("product")
    product = (
        session.execute(select(Product.id, Product.title.label("name")).where(Product.id == int(product_id)))
        .mappings()
        .first()
        if product_id
        else None
    )
    return {"list": listed, "product": dict(product) if product else None}


def customers_props(session: Session, params: Mapping[str, str]) -> dict:
    return {"list": list_props(session, CUSTOMERS, params)}


def customer_props(session: Session, customer_id: int) -> dict:
    return {"customer": customer_view(session, customer_id)}


routes = [
    Route("/admin/products", page("AdminProducts", "Products", products_props), methods=["GET", "HEAD"]),
    # No id in the path: the form for a new product.
    Route(
        "/admin/products/new",
        page("AdminProductForm", "New product", product_form_props, by="id"),
        methods=["GET", "HEAD"],
    ),
    Route(
        "/admin/products/{id:int}",
        page("AdminProductForm", "Edit product", product_form_props, by="id"),
        methods=["GET", "HEAD"],
    ),
    Route("/admin/categories", page("AdminCategories", "Categories", categories_props), methods=["GET", "HEAD"]),
    Route("/admin/brands", page("AdminBrands", "Brands", brands_props), methods=["GET", "HEAD"]),
    Route("/admin/reviews", page("AdminReviews", "Reviews", reviews_props), methods=["GET", "HEAD"]),
    Route("/admin/customers", page("AdminCustomers", "Customers", customers_props), methods=["GET", "HEAD"]),
    Route(
        "/admin/customers/{id:int}", page("AdminCustomer", "Customer", customer_props, by="id"), methods=["GET", "HEAD"]
    ),
]
