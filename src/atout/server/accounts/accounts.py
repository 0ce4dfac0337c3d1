"""Accounts and sessions: names, argon2id password hashes, server-side sessions, login limits.

An account is a name and a password. The password is hashed with argon2id (argon2-cffi's
:class:`~argon2.PasswordHasher`, RFC 9106's low-memory parameters) and only the hash is stored;
nothing here logs a password or a session token. A session is a random token given to the
client once (a cookie, or a bearer token); the database keeps its sha256 and an expiry that
slides forward when it is used.

Hashing and checking a password take tens of milliseconds: :class:`Accounts` splits signup and
login into a quick check on the loop, the hashing (a pure function the shell runs in a thread),
and a quick write back on the loop (``begin_*`` / ``hash_job`` / ``finish_*``).
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from atout.games.base import AtoutError
from atout.locales import both
from atout.server.accounts.names import (
    NAME_MAX,
    NAME_WHY,
    BadName,
    account_like,
    check,
    keys,
    name_key,
)

if TYPE_CHECKING:
    from atout.server.storage.db import Database


class Gate(Protocol):
    """Who counts the login and signup attempts (:class:`~atout.server.accounts.throttle.Throttle`):
    each call raises ``account.throttled`` when the caller must wait."""

    def signup(self, address: str | None, now: float) -> None: ...
    def login(self, address: str | None, name: str, now: float) -> str: ...
    def succeeded(self, key: str) -> None: ...
    def purge(self, now: float) -> int: ...


SESSION_TTL = 30 * 86400.0  # seconds a session lives after its last use
SESSION_REFRESH = 3600.0  # the expiry is written again at most once an hour per session
PASSWORD_MIN, PASSWORD_MAX = 8, 256
# argon2id with OWASP's first recommended parameters (m=19 MiB, t=2, p=1): 23-24 ms a hash on
# this project's 2-core machine against 116-140 ms (and four threads each) for RFC 9106's
# low-memory profile (t=3, m=64 MiB, p=4) that was used before; docs/SECURITY.md has the figures
# and the queue they allow. Hashes made with other parameters still verify, and are made again
# with these at their owner's next login (check_needs_rehash).
_hasher = PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1)


class AccountError(AtoutError):
    """A refused account request: ``code``, texts in English and French, an HTTP status."""

    def __init__(
        self, code: str, message: str, message_fr: str, status: int, **detail: Any
    ) -> None:
        super().__init__(code, message, message_fr)
        self.status = status
        self.detail = detail


def normalise_name(name: str) -> str:
    """An account's name as kept (:func:`~atout.server.accounts.names.check`); raises
    ``account.bad_name`` (400, detail.reason) where the rule refuses it."""
    try:
        return check(name)
    except BadName as e:
        said = both(NAME_WHY[e.reason], most=NAME_MAX)
        raise AccountError("account.bad_name", *said, 400, reason=e.reason) from None


def check_password(password: str) -> None:
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise AccountError(
            "account.bad_password",
            *both("error-account-bad-password", least=PASSWORD_MIN, most=PASSWORD_MAX),
            400,
            min=PASSWORD_MIN,
            max=PASSWORD_MAX,
        )


def hash_password(password: str) -> str:
    """The argon2id hash (PHC string ``$argon2id$v=19$m=…,t=…,p=…$salt$hash``). Slow: a thread."""
    return _hasher.hash(password)


def verify_password(stored: str, password: str) -> bool:
    """Whether ``password`` matches ``stored`` (False for a malformed hash). Slow: a thread."""
    try:
        return _hasher.verify(stored, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def needs_rehash(stored: str) -> bool:
    try:
        return _hasher.check_needs_rehash(stored)
    except InvalidHashError:
        return False


#: A hash to check against when the name is unknown, so both answers take the same time.
_DUMMY = "$argon2id$v=19$m=19456,t=2,p=1$uf6JhJWMdd1f8hbhZgeyqQ$KH9hRwI7iIktGEln6UIboYVL5GsFDNVySC16C4OSDEA"


def login_key(name: str) -> str:
    """The key a login's name is looked up and counted by: the signup's normalisation where the
    name is a valid one (``BOB``, `` bob `` and ``ｂｏｂ`` are one name), else NFKC, trimmed."""
    try:
        return name_key(normalise_name(name))
    except AccountError:
        return name_key(unicodedata.normalize("NFKC", name).strip()[:64])


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(slots=True)
class Pending:
    """A login or signup waiting for its password work (run :func:`run_job` in a thread)."""

    kind: str  # "signup" or "login"
    name: str
    password: str
    stored: str | None = None  # login: the hash to check against
    counter: str | None = None  # login: the throttle's key a success clears


def run_job(p: Pending) -> str | bool | tuple[bool, str | None]:
    """The slow part: signup hashes; login verifies (against a dummy hash if no such name)
    and, when the password is right but its hash has older parameters, hashes it again:
    returns (ok, the new hash or None)."""
    if p.kind == "signup":
        return hash_password(p.password)
    ok = verify_password(p.stored or _DUMMY, p.password) and p.stored is not None
    again = hash_password(p.password) if ok and needs_rehash(p.stored or "") else None
    return ok, again


class Accounts:
    """Accounts and sessions in the game master's database (its store: writes join the open
    transaction, made durable by the next commit). ``throttle`` counts the attempts
    (:class:`~atout.server.accounts.throttle.Throttle`; None: no limit, for tools)."""

    def __init__(self, store: Database, throttle: Gate | None = None) -> None:
        self.store = store
        self.throttle = throttle

    # -- signup -------------------------------------------------------------------------------
    def begin_signup(self, name: str, password: str, address: str | None, now: float) -> Pending:
        norm = normalise_name(name)
        check_password(password)
        if self.throttle is not None:
            self.throttle.signup(address, now)
        self._not_taken(norm)
        return Pending("signup", norm, password)

    def finish_signup(self, p: Pending, hashed: str, now: float) -> tuple[str, str]:
        """Create the account (its name checked again: another may have taken it meanwhile) and
        a session; returns (name, session token)."""
        assert hashed.startswith("$argon2id$")
        self._not_taken(p.name)
        account = self.store.add_account(p.name, name_key(p.name), hashed, now, *keys(p.name))
        return p.name, self._new_session(account, now)

    def _not_taken(self, name: str) -> None:
        """Refuses ``name`` if an account has it, in any case, or a name it looks like
        (Unicode confusables: :func:`atout.server.accounts.names.account_like`)."""
        like = account_like(self.store, name)
        if like is not None and name_key(like) == name_key(name):
            raise AccountError(
                "account.name_taken",
                *both("error-account-name-taken"),
                409,
                reason="taken",
            )
        if like is not None:
            raise AccountError(
                "account.name_taken",
                *both("error-account-name-confusable", account=repr(like)),
                409,
                reason="confusable",
            )

    # -- login --------------------------------------------------------------------------------
    def begin_login(self, name: str, password: str, address: str | None, now: float) -> Pending:
        """The limits first (this address, this name from this address: never the name alone,
        which would let anyone lock its owner out), then the stored hash to check against."""
        key = login_key(name)
        counter = None
        if self.throttle is not None:
            counter = self.throttle.login(address, key, now)
        a = self.store.account(key)
        if a is None or len(password) > PASSWORD_MAX:
            return Pending("login", name[:64], password[:PASSWORD_MAX], None, counter)
        return Pending("login", a.name, password, a.password, counter)

    def finish_login(self, p: Pending, got: tuple[bool, str | None], now: float) -> tuple[str, str]:
        ok, again = got
        a = self.store.account(name_key(p.name)) if ok else None
        if a is None:  # a wrong password, or the account deleted meanwhile
            raise AccountError(
                "account.bad_login",
                *both("error-account-bad-login"),
                401,
            )
        if self.throttle is not None and p.counter is not None:
            self.throttle.succeeded(p.counter)
        if again is not None:  # the hash had older parameters: made again with today's
            self.store.set_password(a.id, again)
        return p.name, self._new_session(a.id, now)

    # -- sessions -----------------------------------------------------------------------------
    def _new_session(self, account: int, now: float) -> str:
        token = secrets.token_hex(32)
        self.store.add_session(token_hash(token), account, now, now + SESSION_TTL)
        return token

    def session(self, token: str | None, now: float) -> str | None:
        """The name of the account whose session ``token`` is (None: no such live session).
        A session used is extended to ``now + SESSION_TTL`` (written at most hourly)."""
        if not token or len(token) > 128:
            return None
        h = token_hash(token)
        found = self.store.session(h)
        if found is None:
            return None
        name, expires = found
        if expires <= now:
            self.store.end_session(h)
            return None
        if now + SESSION_TTL - expires > SESSION_REFRESH:
            self.store.extend_session(h, now + SESSION_TTL)
        return name

    def logout(self, token: str | None) -> str | None:
        """End the session ``token``; returns its hash (whose sockets must close), None if there
        was no such session (a made-up token costs the nodes nothing)."""
        if not token or len(token) > 128:
            return None
        h = token_hash(token)
        return h if self.store.end_session(h) else None

    def purge(self, now: float) -> int:
        """Delete expired sessions (and forgotten login counters); returns how many sessions."""
        n = self.store.purge_sessions(now)
        if self.throttle is not None:
            self.throttle.purge(now)
        return n

    # -- reads --------------------------------------------------------------------------------
    def find(self, name: str) -> tuple[str, float] | None:
        """(name as written, created) of the account called ``name`` (any case), or None."""
        norm = unicodedata.normalize("NFKC", name).strip()
        a = self.store.account(name_key(norm))
        return (a.name, a.created) if a else None
