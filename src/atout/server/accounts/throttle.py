"""Login and signup limits that a stranger cannot turn against an account's owner.

OWASP's authentication guidance: never lock an account because someone else failed to guess its
password. So the counters are keyed by who tries, not only by what is tried:

- **a name from one address** (``n:<address>:<name>``): ``login_free`` attempts, then each
  further one waits ``login_delay`` seconds, doubled at every attempt up to ``login_delay_max``
  (progressive delays, no hard lock); a successful login clears it. The owner, from another
  address, is never slowed by a guesser's failures.
- **an address** (``a:<address>``): a token bucket over every login it tries, whatever the name
  (``login_address_burst``, then one every ``login_address_every`` s): spraying many names.
- **signups from an address** (``s:<address>``): ``signup_burst``, then one every
  ``signup_every`` s.

Names are counted after the signup's normalisation (``BOB``, `` bob `` and ``ｂｏｂ`` are one),
IPv6 addresses by their /64 (one host holds a whole /64). The counters live in the store's
database (the ``throttle`` table), so every node of a group shares them on PostgreSQL; a
compare-and-set on each row keeps two nodes from both taking the last attempt. Every limit is an
``atout serve --limit`` option (:class:`~atout.server.core.limits.CoreLimits`).
"""

from __future__ import annotations

import ipaddress
import math
from typing import Protocol

from atout.locales import both
from atout.server.accounts.accounts import AccountError
from atout.server.storage.db import Counter, CounterRows


class LoginLimits(Protocol):
    """The login and signup limits of ``atout serve --limit`` (the core's ``CoreLimits``)."""

    login_address_burst: int
    login_address_every: float
    signup_burst: int
    signup_every: float
    login_free: int
    login_delay: float
    login_delay_max: float


FORGET = 86400.0  # seconds after its last move a counter is forgotten (back to zero)
PURGE_EVERY = 1000  # counter writes between two purges of the forgotten ones


def address_key(address: str | None) -> str:
    """The key an address is counted under: itself, an IPv6 one by its /64."""
    if address is None:
        return "?"
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def limited(wait: float) -> AccountError:
    retry = max(1, math.ceil(wait))
    return AccountError(
        "account.rate_limited",
        *both("error-account-rate-limited", wait=retry),
        429,
        retry_after=retry,
    )


class Throttle:
    """The counters, in the store (written in its open transaction: the shell commits before
    the slow password work starts, so that every node sees the attempt)."""

    def __init__(self, store: CounterRows, limits: LoginLimits) -> None:
        self.store = store
        self.limits = limits
        self._writes = 0

    # -- the checks ------------------------------------------------------------------------
    def login(self, address: str | None, name: str, now: float) -> str:
        """Count a login attempt on ``name`` (its normalised key) from ``address``; raises
        ``account.rate_limited`` (429, retry_after) if it must wait. Returns the key that a
        success clears (:meth:`succeeded`)."""
        lim = self.limits
        addr = address_key(address)
        self._bucket(f"a:{addr}", lim.login_address_burst, lim.login_address_every, now)
        key = f"n:{addr}:{name}"
        self._progressive(key, now)
        return key

    def signup(self, address: str | None, now: float) -> None:
        lim = self.limits
        self._bucket(f"s:{address_key(address)}", lim.signup_burst, lim.signup_every, now)

    def succeeded(self, key: str) -> None:
        self.store.drop_counter(key)

    def delay(self, n: int) -> float:
        """Seconds the attempt after the ``n``-th must wait."""
        lim = self.limits
        if n < lim.login_free:
            return 0.0
        return min(lim.login_delay_max, lim.login_delay * 2.0 ** min(n - lim.login_free, 60))

    def purge(self, now: float) -> int:
        """Forget the counters that have not moved for a day; returns how many."""
        return self.store.purge_counters(now - FORGET)

    # -- the two kinds of counter --------------------------------------------------------------
    def _progressive(self, key: str, now: float) -> None:
        row = self._row(key)
        if row is not None and now < row.until:
            raise limited(row.until - now)
        n = 1 if row is None else int(row.n) + 1
        self._write(key, row, n, now, now + self.delay(n))

    def _bucket(self, key: str, burst: int, every: float, now: float) -> None:
        row = self._row(key)
        tokens = float(burst) if row is None else min(burst, row.n + (now - row.at) / every)
        if tokens < 1.0:
            raise limited((1.0 - tokens) * every)
        self._write(key, row, tokens - 1.0, now, 0.0)

    def _row(self, key: str) -> Counter | None:
        return self.store.counter(key)

    def _write(self, key: str, row: Counter | None, n: float, at: float, until: float) -> None:
        """Move the counter from ``row`` (as read) to (n, at, until), unless another node moved
        it meanwhile: then this attempt is refused (retry in a second), never counted twice."""
        to = Counter(n, at, until)
        if row is None:
            moved = self.store.add_counter(key, to)
        else:
            moved = self.store.move_counter(key, row, to)
        if not moved:
            raise limited(1.0)
        self._writes += 1
        if self._writes % PURGE_EVERY == 0:
            self.purge(at)
