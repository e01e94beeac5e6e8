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
        sqlite = connection.dialect.name == "sqlite"
        if sqlite:
            # SQLite alters tables by copying them ("batch" mode), which keeps their rows; the copy
            # drops the old table, which SQLite refuses while other tables' rows refer to it. So
            # the references are not enforced while migrating, and checked whole afterwards.
            connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
            connection.commit()  # ends the autobegun transaction: the migrations commit their own
        context.configure(
            connection=connection,
            target_metadata=Base.metadata,
            render_as_batch=True,
            # The search index's own tables are made by its backend, not by the models.
            include_name=lambda name, kind, _parent: not is_index_object(name),
        )
        with context.begin_transaction():
            context.run_migrations()
        if sqlite:
            broken = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
            connection.exec_driver_sql("PRAGMA foreign_keys=ON")
            connection.commit()
            if broken:
                raise RuntimeError(f"the migration left rows that refer to nothing: {broken[:5]}")
    engine.dispose()


run()
