"""Requests through a load balancer: the client's address and scheme, believed only from trusted proxies.

TRUSTED_PROXIES lists the proxies (addresses or CIDRs, comma separated; empty trusts none). When the
peer of a request is one of them, its X-Forwarded-For names the client: read from the right (each
proxy appends the address it was reached from), the first hop that is not itself a trusted proxy
(anything further left could have been written by the client). X-Forwarded-Proto, as the nearest
proxy set it, becomes the request's scheme, so cookies are Secure and HSTS is sent behind https.
From any other peer both headers are ignored: the sign-in limit counts real addresses, not ones a
client made up. (Uvicorn's own reading of these headers is off: app/__main__.py.)
"""

from __future__ import annotations

import ipaddress

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
SCHEMES = {"http", "https"}


def parse_address(text: str) -> Address | None:
    try:
        address = ipaddress.ip_address(text.strip())
    except ValueError:
        return None
    # A dual-stack socket reports an IPv4 peer as ::ffff:a.b.c.d.
    return getattr(address, "ipv4_mapped", None) or address


class TrustedProxies:
    def __init__(self, spec: str):
        self.networks = []
        for entry in filter(None, (part.strip() for part in spec.split(","))):
            try:
                self.networks.append(ipaddress.ip_network(entry, strict=False))
            except ValueError:
                raise ValueError(f"TRUSTED_PROXIES: {entry!r} is not an address or a CIDR network") from None

    def __bool__(self) -> bool:
        return bool(self.networks)

    def trusts(self, address: Address | None) -> bool:
        return address is not None and any(address in network for network in self.networks)

    def client(self, peer: Address, forwarded_for: str) -> Address:
        """The client's address, from a trusted peer's X-Forwarded-For."""
        client = peer
        for hop in reversed([hop for hop in forwarded_for.split(",") if hop.strip()]):
            if not self.trusts(client):
                break
            address = parse_address(hop)
            if address is None:
                break  # not an address: the last one known stands
            client = address
        return client


class ForwardedHeaders:
    """ASGI middleware: sets the scope's client and scheme from a trusted proxy's headers."""

    def __init__(self, app: ASGIApp, proxies: TrustedProxies):
        self.app, self.proxies = app, proxies

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and self.proxies and scope.get("client"):
            peer = parse_address(scope["client"][0])
            if self.proxies.trusts(peer):
                headers = Headers(scope=scope)
                forwarded_for = ",".join(headers.getlist("x-forwarded-for"))
                scope = dict(scope, client=(str(self.proxies.client(peer, forwarded_for)), 0))
                proto = headers.get("x-forwarded-proto", "").split(",")[-1].strip().lower()
                if proto in SCHEMES:
                    scope["scheme"] = proto
        await self.app(scope, receive, send)
