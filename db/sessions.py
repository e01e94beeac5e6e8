"""An account's server-side sessions, as the database's writes end them (signing in and out is
app/auth/'s): disabling an account, a new password, a deleted account."""

from __future__ import annotations

from sqlalchemy import update
from sqlalchemy.orm import Session

from db.models import AuthSession


def end_sessions(session: Session, user_id: int) -> None:
    """Ends every browser signed in to the account, in the caller's transaction."""
    session.execute(update(AuthSession).where(AuthSession.user_id == user_id).values(revoked=True))
