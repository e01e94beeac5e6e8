"""Static files: hashed build output is served pre-compressed and cached for a year; media briefly."""

from __future__ import annotations

import os

from starlette.responses import FileResponse, Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

ENCODINGS = (("br", ".br"), ("gzip", ".gz"))
# Media is kept a day by browsers and shared caches (app/media/store.py serves the same).
MEDIA_CACHE = "public, max-age=86400"


class ImmutableStaticFiles(StaticFiles):
    """Build output has content-hashed names, so a file never changes under its name.

    build.py writes .br and .gz beside each script and stylesheet; they are sent to browsers
    that accept them, so nothing is compressed per request.
    """

    async def get_response(self, path: str, scope: Scope) -> Response:
        accepted = dict(scope["headers"]).get(b"accept-encoding", b"").decode()
        for encoding, suffix in ENCODINGS:
            if encoding in accepted:
                full, stat = self.lookup_path(path + suffix)
                if stat is not None:
                    media_type = FileResponse(os.path.join(self.directory, path)).media_type
                    response = FileResponse(full, stat_result=stat, media_type=media_type)
                    response.headers["Content-Encoding"] = encoding
                    response.headers["Vary"] = "Accept-Encoding"
                    return self._cache_forever(response)
        return self._cache_forever(await super().get_response(path, scope))

    @staticmethod
    def _cache_forever(response: Response) -> Response:
        if response.status_code == 200:
            response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
        return response


class MediaFiles(StaticFiles):
    def file_response(self, *args, **kwargs):
        response = super().file_response(*args, **kwargs)
        response.headers["Cache-Control"] = MEDIA_CACHE
        response.headers["X-Content-Type-Options"] = "nosniff"
        return response
