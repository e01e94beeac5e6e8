"""Administrator writes to products, categories, brands, reviews and customers (REST on the list
paths, see admin_writes.py), and the single records their forms edit."""

from __future__ import annotations

from app.api.admin_writes import Area
from app.api.catalogue.records import BrandRecord, CategoryRecord, CustomerRecord, ProductRecord, ReviewRecord
from db.admin.brands import BrandChanges, BrandForm, brand_for_form, create_brand, delete_brand, update_brand
from db.admin.categories import (
    CategoryChanges,
    CategoryForm,
    category_for_form,
    create_category,
    delete_category,
    update_category,
)
from db.admin.customers import CustomerChanges, customer_view, update_customer
from db.admin.products import (
    ProductChanges,
    ProductForm,
    create_product,
    delete_product,
    product_for_form,
    update_product,
)
from db.admin.reviews import ReviewChanges, delete_review, update_review

AREAS = (
    Area(
        "/api/products",
        "product",
        ProductChanges,
        ProductForm,
        create_product,
        product_for_form,
        update_product,
        delete_product,
        media=("images",),
        record=ProductRecord,
    ),
    Area(
        "/api/category",
        "category",
        CategoryChanges,
        CategoryForm,
        create_category,
        category_for_form,
        update_category,
        delete_category,
        media=("banner",),
        record=CategoryRecord,
    ),
    Area(
        "/api/brands",
        "brand",
        BrandChanges,
        BrandForm,
        create_brand,
        brand_for_form,
        update_brand,
        delete_brand,
        media=("logo",),
        record=BrandRecord,
    ),
    Area("/api/reviews", "review", ReviewChanges, update=update_review, delete=delete_review, record=ReviewRecord),
    Area(
        "/api/customers", "customer", CustomerChanges, read=customer_view, update=update_customer, record=CustomerRecord
    ),
)

routes = [route for area in AREAS for route in area.routes()]
