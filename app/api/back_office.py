"""The back office's lists (SPEC.md §7, first block): GET only, for a signed-in administrator.

Without an administrator session each answers 401 {"message"}; the records come from
db/queries/admin.py and admin_sales.py, so the /admin pages and these lists never disagree. The
big lists are searched, filtered and paged in SQL and also export as CSV at the same path plus
`.csv` (e.g. /api/products.csv?published=true, /api/orders.csv?status=Pending).
"""

from __future__ import annotations

from app.api.catalogue.records import BrandRow, CategoryRow, CustomerRow, ProductRow, ReviewRow
from app.api.lists import list_route
from app.api.paged_lists import csv_route, paged_list_route
from app.api.sales.records import (
    AuditRow,
    DashboardCard,
    EarningRow,
    OrderRow,
    PackagePaymentRow,
    PackageRecord,
    PayoutRequestRow,
    PayoutRow,
    RecentPurchase,
    RefundRequestRow,
    SellerRow,
    StockOut,
)
from app.auth.sessions import require_admin
from db.queries.admin import ADMIN_LISTS, PAGED_LISTS
from db.queries.admin_sales import SALES_LISTS, packages

ALL_PAGED = {**PAGED_LISTS, **SALES_LISTS}

# The record each list path answers (an array of them).
RECORDS = {
    "/api/dashboard-cards": DashboardCard,
    "/api/recent-purchase": RecentPurchase,
    "/api/stock-out-products": StockOut,
    "/api/packages": PackageRecord,
    "/api/products": ProductRow,
    "/api/category": CategoryRow,
    "/api/brands": BrandRow,
    "/api/reviews": ReviewRow,
    "/api/customers": CustomerRow,
    "/api/orders": OrderRow,
    "/api/refund-requests": RefundRequestRow,
    "/api/sellers": SellerRow,
    "/api/earning-history": EarningRow,
    "/api/payout-requests": PayoutRequestRow,
    "/api/payouts": PayoutRow,
    "/api/package-payments": PackagePaymentRow,
    "/api/audit-log": AuditRow,
}

routes = [
    *(
        list_route(path, query, RECORDS[path], guard=require_admin)
        for path, query in {**ADMIN_LISTS, "/api/packages": packages}.items()
    ),
    *(paged_list_route(path, spec, RECORDS[path], require_admin) for path, spec in ALL_PAGED.items()),
    *(csv_route(path + ".csv", spec, require_admin) for path, spec in ALL_PAGED.items()),
]
