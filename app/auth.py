"""Users, sessions, CSRF and password hashing."""
from sqlalchemy.orm import Session


def ensure_admin(session: Session, email: str, password: str) -> None:
    pass
