"""staff accounts and two-factor sign-in

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-26 09:00:00

Back-office accounts get roles, invites, disabling, their last sign-in and TOTP two-factor sign-in
(recovery codes, pending second steps); the shop gets its settings table. The one role there was,
"admin", becomes "owner" (everything), and every existing account counts as active since its
creation. Going back turns owners into administrators again, except disabled ones: the older
schema cannot say "disabled", and a role it does not know keeps them out.
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def _token_table(name: str, *columns: sa.Column, secret: str = "token_hash") -> None:
    """A table of hashed one-time secrets that belong to one account."""
    op.create_table(
        name,
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column(secret, sa.String(length=64), nullable=False),
        *columns,
        sa.ForeignKeyConstraint(["user_id"], ["user.id"], name=op.f(f"fk_{name}_user_id_user"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f(f"pk_{name}")),
        sa.UniqueConstraint(secret, name=op.f(f"uq_{name}_{secret}")),
    )
    op.create_index(op.f(f"ix_{name}_user_id"), name, ["user_id"], unique=False)


def upgrade() -> None:
    with op.batch_alter_table("user", schema=None) as batch_op:
        batch_op.add_column(sa.Column("activated_at", sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column("disabled_at", sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column("last_sign_in_at", sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column("two_factor_secret", sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column("two_factor_since", sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column("two_factor_last_step", sa.Integer(), nullable=True))
    op.execute("UPDATE \"user\" SET role = 'owner' WHERE role = 'admin'")
    op.execute('UPDATE "user" SET activated_at = created_at')

    with op.batch_alter_table("auth_session", schema=None) as batch_op:
        batch_op.add_column(sa.Column("enrolment_required", sa.Boolean(), server_default=sa.false(), nullable=False))

    _token_table(
        "staff_invite",
        sa.Column("invited_by", sa.String(length=254), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
    )
    _token_table("recovery_code", sa.Column("used_at", sa.DateTime(timezone=True), nullable=True), secret="code_hash")
    _token_table(
        "sign_in_challenge",
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "shop_setting",
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("value", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_shop_setting")),
    )


def downgrade() -> None:
    op.drop_table("shop_setting")
    for name in ("sign_in_challenge", "recovery_code", "staff_invite"):
        op.drop_index(op.f(f"ix_{name}_user_id"), table_name=name)
        op.drop_table(name)
    with op.batch_alter_table("auth_session", schema=None) as batch_op:
        batch_op.drop_column("enrolment_required")
    op.execute("UPDATE \"user\" SET role = 'admin' WHERE role = 'owner' AND disabled_at IS NULL")
    with op.batch_alter_table("user", schema=None) as batch_op:
        for column in (
            "two_factor_last_step",
            "two_factor_since",
            "two_factor_secret",
            "last_sign_in_at",
            "disabled_at",
            "activated_at",
        ):
            batch_op.drop_column(column)
