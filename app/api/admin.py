"""The back office's lists (SPEC.md §7, first block): GET only, for a signed-in administrator.

Without an administrator session each answers 401 {"message"}; the records come from
db/queries/admin.py and admin_sales.py, so the /admin pages and these lists never disagree. The
big lists are searched, filtered and paged in SQL and also export as CSV at the same path plus
`.csv` (e.g. /api/products.csv?published=true, /api/orders.csv?status=Pending).
"""
from __future__ import annotations

from db.queries.admin import ADMIN_LISTS, PAGED_LISTS
from db.queries.admin_sales import SALES_LISTS, packages

from ..auth import require_admin
from .admin_lists import csv_route, paged_list_route
from .lists import list_route

ALL_PAGED = {**PAGED_LISTS, **SALES_LISTS}

routes = [
    *(list_route(path, query, guard=require_admin) for path, query in {**ADMIN_LISTS, "/api/packages": packages}.items()),
    *(paged_list_route(path, spec, require_admin) for path, spec in ALL_PAGED.items()),
    *(csv_route(path + ".csv", spec, require_admin) for path, spec in ALL_PAGED.items()),
]
