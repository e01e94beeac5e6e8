"""What the search index needs beside its own table (db/search/backends.py makes that one, FTS5
or tsvector, which the models cannot describe): the vocabulary and the synonyms."""

from __future__ import annotations

from sqlalchemy import String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from db.models.base import Base


class SearchTerm(Base):
    """A word of the indexed titles, authors and categories, and in how many products it is:
    typo tolerance and "did you mean" look words up here (db/search/terms.py)."""

    __tablename__ = "search_term"

    term: Mapped[str] = mapped_column(String(40), primary_key=True)
    products: Mapped[int] = mapped_column(default=0)


class SearchSynonym(Base):
    """One direction of a synonym pair ("maths" -> "mathematics"); the pair is stored both ways.
    Both sides are folded words separated by single spaces."""

    __tablename__ = "search_synonym"
    __table_args__ = (UniqueConstraint("term", "synonym", name="uq_search_synonym_pair"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    term: Mapped[str] = mapped_column(String(60), index=True)
    synonym: Mapped[str] = mapped_column(String(60))
