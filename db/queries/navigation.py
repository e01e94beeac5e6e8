"""A shop's side navigation: labelled groups of items, children nested up to two levels."""
from __future__ import annotations

from collections import defaultdict

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..models import NavigationGroup, NavigationItem

# An item's children and their children: deeper rows (there should be none) are not shown.
MAX_DEPTH = 2


def navigation_for(session: Session, shop: str) -> list[dict]:
    """[{category: label, categoryItem: [{icon, title, href, child?: [...]}]}] in display order.

    Two queries whatever the depth: the groups, then every item of those groups at once; the tree
    is put together here rather than through lazy `children` loads (one query per item).
    """
    groups = list(session.scalars(
        select(NavigationGroup).where(NavigationGroup.shop == shop)
        .order_by(NavigationGroup.position, NavigationGroup.id)
    ))
    if not groups:
        return []
    rows = session.execute(
        select(NavigationItem.id, NavigationItem.group_id, NavigationItem.parent_id,
               NavigationItem.icon, NavigationItem.title, NavigationItem.href)
        .where(NavigationItem.group_id.in_([group.id for group in groups]))
        .order_by(NavigationItem.position, NavigationItem.id)
    ).all()
    top: dict[int, list] = defaultdict(list)  # group id -> its top-level rows
    below: dict[int, list] = defaultdict(list)  # item id -> its child rows
    for row in rows:
        (below[row.parent_id] if row.parent_id is not None else top[row.group_id]).append(row)

    def item(row, depth: int) -> dict:
        record = {"icon": row.icon, "title": row.title, "href": row.href}
        if depth < MAX_DEPTH and below[row.id]:
            record["child"] = [item(child, depth + 1) for child in below[row.id]]
        return record

    return [
        {"category": group.label, "categoryItem": [item(row, 0) for row in top[group.id]]}
        for group in groups
    ]
