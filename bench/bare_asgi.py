"""The ceiling a cached page is measured against: an ASGI callable that answers one fixed body
(the brotli bytes of a shop page, read from a file) with the same headers a cached hit carries,
from the same uvicorn as the shop (httptools, uvloop). Nothing is looked up, nothing is routed.

`python -m bench.bare_asgi PORT BODY_FILE` serves it on 127.0.0.1:PORT until stopped.
"""

from __future__ import annotations

import sys
from pathlib import Path

import uvicorn


def bare_app(body: bytes):
    headers = [
        (b"content-type", b"text/html; charset=utf-8"),
        (b"content-length", str(len(body)).encode()),
        (b"content-encoding", b"br"),
        (b"etag", b'"bare"'),
        (b"vary", b"Accept, Accept-Encoding"),
    ]
    start = {"type": "http.response.start", "status": 200, "headers": headers}
    answer = {"type": "http.response.body", "body": body}

    async def app(scope, receive, send):
        if scope["type"] != "http":
            return
        await send(start)
        await send(answer)

    return app


def main() -> None:
    port, body_file = int(sys.argv[1]), Path(sys.argv[2])
    uvicorn.run(
        bare_app(body_file.read_bytes()),
        host="127.0.0.1",
        port=port,
        log_level="warning",
        access_log=False,
        lifespan="off",
    )


if __name__ == "__main__":
    main()
