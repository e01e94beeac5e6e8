"""Categories: a tree whose `level` follows it (a top category is 1, its children 2, ...).

Names are unique among a category's siblings (two "Accessories" under different parents are fine,
two under the same parent are not). A category with products or subcategories is not deleted:
they would be left without a place in the tree.
"""

from __future__ import annotations

from pydantic import StrictBool
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from db import audit
from db.admin import Conflict, Invalid, found, unique_slug
from db.admin.forms import Form, MediaPath, RecordId, Text, changes_of
from db.models import Category, Product
from db.queries.media import media_url

MAX_LEVEL = 5


class CategoryForm(Form):
    name: Text(2, 120)
    parentId: RecordId | None = None
    featured: StrictBool = False
    banner: MediaPath | None = None


CategoryChanges = changes_of(CategoryForm)


def category_form_record(category: Category) -> dict:
    return {
        "id": category.id,
        "name": category.name,
        "slug": category.slug,
        "parentId": category.parent_id,
        "level": category.level,
        "featured": category.featured,
        "banner": category.banner,
        "bannerUrl": media_url(category.banner),
    }


def category_for_form(session: Session, category_id: int) -> dict:
    return category_form_record(found(session, Category, category_id, "category"))


def category_choices(session: Session) -> list[dict]:
    """Every category as a form's select lists it: in tree order, with its level for indenting."""
    rows = session.execute(select(Category.id, Category.name, Category.parent_id, Category.level)).all()
    children: dict[int | None, list] = {}
    for row in rows:
        children.setdefault(row.parent_id, []).append(row)
    ordered: list[dict] = []

    def walk(parent_id: int | None) -> None:
        for row in sorted(children.get(parent_id, []), key=lambda r: r.name.lower()):
            ordered.append({"id": row.id, "name": row.name, "level": row.level})
            walk(row.id)

    walk(None)
    return ordered


def _subtree_ids(session: Session, category_id: int) -> set[int]:
    tree = select(Category.id).where(Category.id == category_id).cte("subtree", recursive=True)
    tree = tree.union_all(select(Category.id).where(Category.parent_id == tree.c.id))
    return set(session.scalars(select(tree.c.id)))


def _parent(session: Session, parent_id: int | None, moving: int | None = None) -> Category | None:
    if parent_id is None:
        return None
    parent = session.get(Category, parent_id)
    if parent is None:
        raise Invalid({"parentId": "Choose a parent category from the list"})
    if moving is not None and parent_id in _subtree_ids(session, moving):
        raise Invalid({"parentId": "A category cannot go under itself or one of its own subcategories"})
    if parent.level >= MAX_LEVEL:
        raise Invalid({"parentId": f"Categories go at most {MAX_LEVEL} levels deep; choose a higher parent"})
    return parent


def _refuse_duplicate_name(session: Session, name: str, parent_id: int | None, own_id: int | None = None) -> None:
    same_parent = Category.parent_id.is_(None) if parent_id is None else Category.parent_id == parent_id
    query = select(Category.id).where(func.lower(Category.name) == name.lower(), same_parent)
    if own_id is not None:
        query = query.where(Category.id != own_id)
    if session.scalar(query.limit(1)) is not None:
        where = "at the top level" if parent_id is None else "under the same parent"
        raise Conflict(f"A category named “{name}” already exists {where}")


def _relevel(category: Category, level: int) -> None:
    """Level follows the tree: moving a category moves its whole subtree."""
    category.level = level
    for child in category.children:
        _relevel(child, level + 1)


def create_category(session: Session, actor: str, form: CategoryForm) -> dict:
    parent = _parent(session, form.parentId)
    _refuse_duplicate_name(session, form.name, form.parentId)
    category = Category(
        name=form.name,
        slug=unique_slug(session, Category, form.name),
        parent_id=form.parentId,
        level=parent.level + 1 if parent else 1,
        featured=form.featured,
        banner=form.banner,
    )
    session.add(category)
    session.flush()
    audit.record(session, actor, "create", "category", category.id, None, audit.snapshot(category))
    return category_form_record(category)


def update_category(session: Session, actor: str, category_id: int, changes: Form) -> dict:
    category = found(session, Category, category_id, "category")
    values = changes.model_dump(exclude_unset=True)
    before = audit.snapshot(category)
    parent_id = values.get("parentId", category.parent_id)
    if "parentId" in values:
        parent = _parent(session, parent_id, moving=category.id)
        category.parent_id = parent_id
        _relevel(category, parent.level + 1 if parent else 1)
    name = values.get("name", category.name)
    if "name" in values or "parentId" in values:
        _refuse_duplicate_name(session, name, parent_id, own_id=category.id)
    category.name = name
    if "featured" in values:
        category.featured = values["featured"]
    if "banner" in values:
        category.banner = values["banner"]
    session.flush()
    audit.record(session, actor, "update", "category", category.id, before, audit.snapshot(category))
    return category_form_record(category)


def delete_category(session: Session, actor: str, category_id: int) -> None:
    category = found(session, Category, category_id, "category")
    products = session.scalar(select(func.count()).where(Product.category_id == category.id))
    if products:
        raise Conflict(
            f"“{category.name}” cannot be deleted: it has {products} product{'s' if products != 1 else ''}. "
            "Move them to another category first."
        )
    children = session.scalar(select(func.count()).where(Category.parent_id == category.id))
    if children:
        raise Conflict(
            f"“{category.name}” cannot be deleted: it has {children} "
            f"subcategor{'ies' if children != 1 else 'y'}. Move or delete them first."
        )
    before = audit.snapshot(category)
    session.delete(category)
    audit.record(session, actor, "delete", "category", category_id, before, None)
