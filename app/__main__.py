"""`python -m app`: migrate, seed an empty database, and serve (HOST, PORT, DATABASE_URL override)."""
import logging

import uvicorn

from .main import create_app
from .settings import Settings


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    settings = Settings()
    print(f"Student Books on http://{settings.host}:{settings.port}  (admin: {settings.admin_email})", flush=True)
    uvicorn.run(create_app(settings), host=settings.host, port=settings.port, log_level="info", access_log=False)


if __name__ == "__main__":
    main()
