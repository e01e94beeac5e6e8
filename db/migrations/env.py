"""Alembic environment: runs migrations on the URL given by db.migrate.alembic_config."""

from alembic import context
from sqlalchemy import pool

from db.engine import make_engine
from db.models import Base
from db.search.backends import is_index_object

config = context.config


def run() -> None:
    engine = make_engine(config.get_main_option("sqlalchemy.url"), poolclass=pool.NullPool)
    with engine.connect() as connection:
        # SQLite alters tables by copying them ("batch" mode), which keeps their rows.
        context.configure(
            connection=connection,
            target_metadata=Base.metadata,
            render_as_batch=True,
            # The search index's own tables are made by its backend, not by the models.
            include_name=lambda name, kind, _parent: not is_index_object(name),
        )
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


run()
