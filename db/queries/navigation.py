"""A shop's side navigation: labelled groups of items, children nested up to two levels."""

from __future__ import annotations

from collections import defaultdict

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session

from db.models import NavigationGroup, NavigationItem
from db.queries.content import content_keys
from db.queries.remembered import remembered
from db.queries.rows import read_rows

# An item's children and their children: deeper rows (there should be none) are not shown.
MAX_DEPTH = 2


# Every group of a shop with its items (a group without items too), groups and items each in
# display order.
NAVIGATION = (
    select(
        NavigationGroup.id.label("group_id"),
        NavigationGroup.label,
        NavigationItem.id,
        NavigationItem.parent_id,
        NavigationItem.icon,
        NavigationItem.title,
        NavigationItem.href,
    )
    .outerjoin(NavigationItem, NavigationItem.group_id == NavigationGroup.id)
    .where(NavigationGroup.shop == bindparam("shop"))
    .order_by(NavigationGroup.position, NavigationGroup.id, NavigationItem.position, NavigationItem.id)
)


def navigation_for(session: Session, shop: str) -> list[dict]:
    """[{category: label, categoryItem: [{icon, title, href, child?: [...]}]}] in display order.

    One query whatever the depth: every item of every group at once; the tree is put together
    here rather than through lazy `children` loads (one query per item).
    """
    labels: dict[int, str] = {}  # group id -> label, in display order
    top: dict[int, list] = defaultdict(list)  # group id -> its top-level rows
    below: dict[int, list] = defaultdict(list)  # item id -> its child rows
    rows = remembered(
        session,
        (NAVIGATION, shop),
        content_keys(shop),
        lambda: read_rows(session, NAVIGATION, {"shop": shop}),
    )
    for row in rows:
        labels.setdefault(row.group_id, row.label)
        if row.id is not None:
            (below[row.parent_id] if row.parent_id is not None else top[row.group_id]).append(row)

    def item(row, depth: int) -> dict:
        record = {"icon": row.icon, "title": row.title, "href": row.href}
        if depth < MAX_DEPTH and below[row.id]:
            record["child"] = [item(child, depth + 1) for child in below[row.id]]
        return record

    return [
        {"category": label, "categoryItem": [item(row, 0) for row in top[group]]} for group, label in labels.items()
    ]
