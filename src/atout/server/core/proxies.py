"""Who is really on the other end when the game master sits behind a reverse proxy.

Behind nginx (the shipped docker-compose) every socket's peer is the proxy: the per-address limits
would then count every player as one. ``atout serve --trusted-proxy CIDR`` names the proxies whose
``X-Forwarded-For`` / ``X-Forwarded-Proto`` (or, without them, RFC 7239 ``Forwarded``) headers are
believed; from
anyone else these headers are ignored, so a client cannot pick the address it is counted under.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable, Sequence

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Address = ipaddress.IPv4Address | ipaddress.IPv6Address


def parse_networks(cidrs: Sequence[str]) -> tuple[Network, ...]:
    """``--trusted-proxy`` values (``10.0.0.0/8``, ``172.16.0.0/12``, ``127.0.0.1``, ``::1``).
    Raises ValueError with a one-line reason."""
    out = []
    for c in cidrs:
        try:
            out.append(ipaddress.ip_network(c.strip(), strict=False))
        except ValueError:
            raise ValueError(f"{c!r} is not an address or a CIDR block (e.g. 10.0.0.0/8)") from None
    return tuple(out)


def _ip(text: str) -> Address | None:
    """An address from a header's element: ``1.2.3.4``, ``1.2.3.4:80``, ``[::1]:80``, ``"[::1]"``."""
    t = text.strip().strip('"')
    if t.startswith("["):
        t = t[1 : t.find("]")] if "]" in t else ""
    elif t.count(":") == 1:  # IPv4 with a port
        t = t.partition(":")[0]
    try:
        return ipaddress.ip_address(t)
    except ValueError:
        return None


def trusted(address: str | None, proxies: tuple[Network, ...]) -> bool:
    if not proxies or address is None:
        return False
    ip = _ip(address)
    return ip is not None and any(ip in n for n in proxies)


def _hops(get_all: Callable[[str], list[str]]) -> tuple[list[str], list[str]]:
    """The forwarding chain, nearest the client first, and each hop's proto. ``X-Forwarded-For``
    (what nginx, HAProxy, Traefik and Caddy set by default) wins; ``Forwarded`` is read only
    without it: a proxy that sets one passes the other through from the client unchanged."""
    hops = [e for v in get_all("x-forwarded-for") for e in v.split(",") if e.strip()]
    if hops:
        proto = [e.strip().lower() for v in get_all("x-forwarded-proto") for e in v.split(",")]
        return hops, [proto[0] if proto else ""] * len(hops)
    hops, protos = [], []
    for header in get_all("forwarded"):
        for element in header.split(","):
            if not element.strip():
                continue
            pairs = {
                k.strip().lower(): v.strip()
                for k, _, v in (p.partition("=") for p in element.split(";"))
            }
            hops.append(pairs.get("for", ""))
            protos.append(pairs.get("proto", "").strip('"').lower())
    return hops, protos


def client(
    peer: str | None, get_all: Callable[[str], list[str]], proxies: tuple[Network, ...]
) -> tuple[str | None, bool]:
    """(the client's address, whether it came over https) for a request from ``peer``.

    Only a trusted peer's headers are read; the chain is walked from the nearest hop outwards
    while each hop is itself a trusted proxy, so the first untrusted one is the client (what a
    client writes into the header itself lies further out and is never reached). A malformed
    chain counts the request under the proxy's own address."""
    if not trusted(peer, proxies):
        return peer, False
    hops, protos = _hops(get_all)
    if not hops:
        return peer, False
    secure = protos[0] == "https"  # the outermost proxy: where the player's TLS ended
    for hop in reversed(hops):
        ip = _ip(hop)
        if ip is None:
            return peer, secure
        if not any(ip in n for n in proxies):
            return str(ip), secure
    ip = _ip(hops[0])
    return (str(ip) if ip is not None else peer), secure
