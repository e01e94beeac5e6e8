"""The back office's lists (SPEC.md §7, first block): GET only, for a signed-in administrator.

Without an administrator session each answers 401 {"message"}; the records come from
db/queries/admin.py, so the /admin page and these lists never disagree.
"""
from __future__ import annotations

from db.queries.admin import ADMIN_LISTS

from ..auth import require_admin
from .lists import list_route

routes = [list_route(path, query, guard=require_admin) for path, query in ADMIN_LISTS.items()]
