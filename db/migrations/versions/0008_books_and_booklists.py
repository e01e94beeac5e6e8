"""books, authors and school booklists

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-25 09:00:00

Every product of the books shop gets its book record: its author string becomes Author records
(one per distinct name, credited in order), its level comes from its category (a school book's
class from "Class N" in its title, college books year 1, story books by readers' age). Existing
books have no ISBN yet (the column allows NULL for exactly them); administrators add it in the
product form or by CSV import. Nothing is removed: Product.author stays as the display string.
Names in an author string are split at ";", ",", "&" and "and" (the shop writes several authors
joined with ", ").
"""

import re

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

CLASS_IN_TITLE = re.compile(r"\bClass (\d{1,2})\b")
AUTHOR_SEPARATORS = re.compile(r"\s*(?:;|,|&|\band\b)\s*")


def create_tables() -> None:
    op.create_table(
        "author",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.Column("slug", sa.String(length=140), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_author")),
        sa.UniqueConstraint("slug", name=op.f("uq_author_slug")),
    )
    op.create_index(op.f("ix_author_name"), "author", ["name"], unique=False)
    op.create_table(
        "book",
        sa.Column("product_id", sa.Integer(), nullable=False),
        sa.Column("isbn", sa.String(length=13), nullable=True),
        sa.Column("publisher", sa.String(length=120), nullable=True),
        sa.Column("edition", sa.String(length=40), nullable=True),
        sa.Column("year", sa.Integer(), nullable=True),
        sa.Column("format", sa.String(length=20), nullable=False),
        sa.Column("pages", sa.Integer(), nullable=True),
        sa.Column("language", sa.String(length=40), nullable=False),
        sa.Column("level_kind", sa.String(length=10), nullable=False),
        sa.Column("level_from", sa.Integer(), nullable=False),
        sa.Column("level_to", sa.Integer(), nullable=False),
        sa.Column("subject", sa.String(length=80), nullable=True),
        sa.Column("series", sa.String(length=120), nullable=True),
        sa.Column("volume", sa.Integer(), nullable=True),
        sa.CheckConstraint("level_kind IN ('class', 'college', 'age')", name=op.f("ck_book_level_kind")),
        sa.CheckConstraint("level_from <= level_to", name=op.f("ck_book_level_range")),
        sa.CheckConstraint("pages IS NULL OR pages > 0", name=op.f("ck_book_pages_positive")),
        sa.ForeignKeyConstraint(
            ["product_id"], ["product.id"], name=op.f("fk_book_product_id_product"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("product_id", name=op.f("pk_book")),
        sa.UniqueConstraint("isbn", name=op.f("uq_book_isbn")),
    )
    op.create_index("ix_book_level", "book", ["level_kind", "level_from", "level_to"], unique=False)
    op.create_index(op.f("ix_book_format"), "book", ["format"], unique=False)
    op.create_index(op.f("ix_book_publisher"), "book", ["publisher"], unique=False)
    op.create_index(op.f("ix_book_subject"), "book", ["subject"], unique=False)
    op.create_table(
        "book_author",
        sa.Column("book_id", sa.Integer(), nullable=False),
        sa.Column("author_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["author_id"], ["author.id"], name=op.f("fk_book_author_author_id_author"), ondelete="RESTRICT"
        ),
        sa.ForeignKeyConstraint(
            ["book_id"], ["book.product_id"], name=op.f("fk_book_author_book_id_book"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("book_id", "author_id", name=op.f("pk_book_author")),
    )
    op.create_index(op.f("ix_book_author_author_id"), "book_author", ["author_id"], unique=False)
    op.create_table(
        "booklist",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("slug", sa.String(length=200), nullable=False),
        sa.Column("school", sa.String(length=120), nullable=False),
        sa.Column("grade", sa.Integer(), nullable=False),
        sa.Column("academic_year", sa.String(length=9), nullable=False),
        sa.Column("published", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("grade >= 1 AND grade <= 12", name=op.f("ck_booklist_grade_range")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_booklist")),
        sa.UniqueConstraint("slug", name=op.f("uq_booklist_slug")),
    )
    op.create_index("ix_booklist_school_grade", "booklist", ["school", "grade"], unique=False)
    op.create_table(
        "booklist_item",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("booklist_id", sa.Integer(), nullable=False),
        sa.Column("product_id", sa.Integer(), nullable=False),
        sa.Column("quantity", sa.Integer(), nullable=False),
        sa.Column("required", sa.Boolean(), nullable=False),
        sa.Column("note", sa.Text(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.CheckConstraint("quantity >= 1 AND quantity <= 99", name=op.f("ck_booklist_item_quantity_range")),
        sa.ForeignKeyConstraint(
            ["booklist_id"], ["booklist.id"], name=op.f("fk_booklist_item_booklist_id_booklist"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["product_id"], ["product.id"], name=op.f("fk_booklist_item_product_id_product"), ondelete="RESTRICT"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_booklist_item")),
    )
    op.create_index(op.f("ix_booklist_item_booklist_id"), "booklist_item", ["booklist_id"], unique=False)
    op.create_index(op.f("ix_booklist_item_product_id"), "booklist_item", ["product_id"], unique=False)


def slugify(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower().replace("'", "")).strip("-") or "author"


def level_of(title: str, top_slug: str | None, leaf_slug: str) -> tuple[str, int, int]:
    if top_slug == "school-books":
        found = CLASS_IN_TITLE.search(title)
        grade = min(max(int(found.group(1)), 1), 12) if found else 1
        return "class", grade, grade
    if top_slug == "college-books":
        return "college", 1, 1
    return ("age", 3, 8) if leaf_slug == "childrens-stories" else ("age", 12, 99)


def move_books() -> None:
    """Book records for the books shop's existing products, their author strings as Authors."""
    connection = op.get_bind()
    rows = connection.execute(
        sa.text(
            "SELECT p.id, p.title, p.author, c.slug, parent.slug FROM product p"
            " JOIN category c ON c.id = p.category_id LEFT JOIN category parent ON parent.id = c.parent_id"
            " WHERE p.shop = 'books' ORDER BY p.id"
        )
    ).all()
    authors: dict[str, int] = {}
    slugs: set[str] = set()
    for product_id, title, author, leaf_slug, top_slug in rows:
        kind, low, high = level_of(title, top_slug, leaf_slug)
        connection.execute(
            sa.text(
                "INSERT INTO book (product_id, format, language, level_kind, level_from, level_to)"
                " VALUES (:id, 'Paperback', 'English', :kind, :low, :high)"
            ),
            dict(id=product_id, kind=kind, low=low, high=high),
        )
        names = [name for name in AUTHOR_SEPARATORS.split(author or "") if name]
        for position, name in enumerate(dict.fromkeys(names)):
            if name not in authors:
                slug, n = slugify(name), 1
                while slug in slugs:
                    n += 1
                    slug = f"{slugify(name)}-{n}"
                slugs.add(slug)
                authors[name] = connection.execute(
                    sa.text("INSERT INTO author (name, slug) VALUES (:name, :slug) RETURNING id"),
                    dict(name=name, slug=slug),
                ).scalar_one()
            connection.execute(
                sa.text("INSERT INTO book_author (book_id, author_id, position) VALUES (:book, :author, :position)"),
                dict(book=product_id, author=authors[name], position=position),
            )


def upgrade() -> None:
    create_tables()
    move_books()


def downgrade() -> None:
    for table in ("booklist_item", "booklist", "book_author", "book", "author"):
        op.drop_table(table)
