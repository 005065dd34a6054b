"""Sealed answers: an exercise's right answer kept as salted hashes, not as a number.

The checks a student is given (``make lab``'s ``work/checks``, ``make assign``'s
``student/checks``) must say whether an answer is right, with a hint, without holding the answer
in readable form. A sealed answer does that: it keeps, for the right value ``x*``, the salted
hash of the cell of a fine grid that ``x*`` falls in, and accepts a student's ``x`` when the
cell of ``x`` or one of its :data:`NEIGHBOURS` nearest neighbours on either side has that hash.

* A number compared with an absolute tolerance ``abs`` uses the grid of step ``abs / m``
  (``m`` = :data:`NEIGHBOURS`): cell ``floor(x / step)``.
* A number compared with a relative tolerance ``rel`` uses a grid in ``log |x|`` of step
  ``-log(1 - rel) / m``, with the sign: cell ``(sign x, floor(log|x| / step))``; zero has a cell
  of its own.
* A whole number, and a choice among named options, hash the value itself.

**Every correct answer passes.** Where ``math.isclose(x, x*, rel_tol=rel, abs_tol=abs)`` holds,
``x`` is within ``m`` steps of ``x*`` on one of the two grids, so the cells differ by at most
``m`` and a neighbour matches: the sealed check accepts everything the unsealed one accepts. It
also accepts a little more, up to ``m + 1`` steps away (1.25 times the tolerance), never a value
further off.

**What it protects, and what not.** Reading a sealed check shows a salt and hashes; the answer
is not there to read or to print. The grid is finite, though: trying every cell near a guess
finds the answer, and the hashes are slowed (PBKDF2, :data:`ITERATIONS` rounds, about 1 ms each)
only to make that a matter of minutes rather than of a moment. So a sealed check guards the
student's own practice, not a grade: ``make grade`` never uses them; it runs the teacher's checks,
with the answers, in a process the student's code never touched (``tools/grade.py``).

Examples
--------
>>> sealed = SealedNumber.seal(0.0121, rel=1e-3, abs=1e-6, salt="fixed-for-the-example")
>>> sealed.admits(0.012101), sealed.admits(0.0125)
(True, False)
>>> "0.0121" in repr(sealed.to_dict())
False
"""

from __future__ import annotations

import hashlib
import math
import secrets
from dataclasses import dataclass
from typing import Any

__all__ = [
    "ITERATIONS",
    "NEIGHBOURS",
    "SealedChoice",
    "SealedInteger",
    "SealedNumber",
    "from_dict",
    "normal_choice",
]

#: PBKDF2 rounds per hash: about 1 ms each here, so a check of one number (at most 18 hashes)
#: takes a few tens of milliseconds, and a search through every grid cell near a guess minutes.
ITERATIONS = 5_000
#: Cells per tolerance: a sealed number accepts up to (1 + 1/NEIGHBOURS) times its tolerance.
NEIGHBOURS = 4
_OFFSETS = (0, *(d for k in range(1, NEIGHBOURS + 1) for d in (-k, k)))


def _salt() -> str:
    return secrets.token_hex(16)


def _digest(salt: str, *parts: object) -> str:
    text = "\x1f".join(str(part) for part in parts).encode("utf-8")
    return hashlib.pbkdf2_hmac("sha256", text, salt.encode("ascii"), ITERATIONS)[:16].hex()


def _finite(value: float) -> bool:
    return math.isfinite(value)


def _abs_cell(value: float, tolerance: float) -> int:
    return math.floor(value / (tolerance / NEIGHBOURS))


def _rel_step(rel: float) -> float:
    # |log|x| - log|x*|| <= -log(1 - rel) whenever x is within rel of x* (math.isclose)
    return -math.log1p(-rel) / NEIGHBOURS


def _rel_cell(value: float, step: float) -> tuple[int, int]:
    if value == 0:
        return (0, 0)
    return (1 if value > 0 else -1, math.floor(math.log(abs(value)) / step))


def _check_tolerance(rel: float, abs_: float) -> None:
    if not (0 <= rel < 1) or not (abs_ >= 0) or not _finite(abs_):
        raise ValueError(
            f"rel must be in [0, 1) and abs a finite number >= 0; got rel={rel!r}, abs={abs_!r}"
        )
    if rel == 0 and abs_ == 0:
        raise ValueError("rel and abs are both 0: a sealed number needs a tolerance to compare")


@dataclass(frozen=True)
class SealedNumber:
    """A real number sealed with its tolerance (``rel`` and ``abs``, as :func:`math.isclose`).

    Attributes
    ----------
    salt : str
        Random, per sealed value.
    rel, abs : float
        The tolerances of the comparison (either may be 0, not both).
    by_abs, by_rel : str
        The hashes of the right value's cells on the absolute and the relative grid ("" where
        that tolerance is 0).
    """

    salt: str
    rel: float
    abs: float
    by_abs: str
    by_rel: str

    @classmethod
    def seal(cls, value: float, *, rel: float, abs: float, salt: str | None = None) -> SealedNumber:
        """Seal the right value ``value`` for comparisons within ``rel`` or ``abs``.

        Parameters
        ----------
        value : float
            The right answer (finite).
        rel, abs : float
            Relative and absolute tolerance, as in :func:`math.isclose`.
        salt : str, optional
            A fixed salt (for tests); by default a fresh random one.

        Returns
        -------
        SealedNumber

        Examples
        --------
        >>> SealedNumber.seal(2.0, rel=0.01, abs=0, salt="s").admits(2.019)
        True
        """
        value = float(value)
        if not _finite(value):
            raise ValueError(f"value must be a finite number to seal; got {value!r}")
        _check_tolerance(rel, abs)
        salt = salt or _salt()
        by_abs = _digest(salt, "a", _abs_cell(value, abs)) if abs > 0 else ""
        by_rel = _digest(salt, "r", *_rel_cell(value, _rel_step(rel))) if rel > 0 else ""
        return cls(salt, float(rel), float(abs), by_abs, by_rel)

    def admits(self, value: float) -> bool:
        """Whether ``value`` is within the tolerance of the sealed number (see the module).

        Parameters
        ----------
        value : float
            The student's number.

        Returns
        -------
        bool
        """
        value = float(value)
        if not _finite(value):
            return False
        if self.abs > 0:
            cell = _abs_cell(value, self.abs)
            if any(_digest(self.salt, "a", cell + d) == self.by_abs for d in _OFFSETS):
                return True
        if self.rel > 0:
            sign, cell = _rel_cell(value, _rel_step(self.rel))
            neighbours = (0,) if sign == 0 else _OFFSETS
            for d in neighbours:
                if _digest(self.salt, "r", sign, cell + d) == self.by_rel:
                    return True
        return False

    def to_dict(self) -> dict[str, Any]:
        """The sealed number as plain data (JSON)."""
        return {"sealed": "number", "salt": self.salt, "rel": self.rel, "abs": self.abs,
                "by_abs": self.by_abs, "by_rel": self.by_rel}  # fmt: skip


@dataclass(frozen=True)
class SealedInteger:
    """A whole number sealed as the salted hash of its value.

    Examples
    --------
    >>> sealed = SealedInteger.seal(1825, salt="s")
    >>> sealed.admits(1825), sealed.admits(1826)
    (True, False)
    """

    salt: str
    digest: str

    @classmethod
    def seal(cls, value: int, *, salt: str | None = None) -> SealedInteger:
        """Seal the whole number ``value``.

        Parameters
        ----------
        value : int
            The right answer.
        salt : str, optional
            A fixed salt (for tests); by default a fresh random one.

        Returns
        -------
        SealedInteger
        """
        salt = salt or _salt()
        return cls(salt, _digest(salt, "i", int(value)))

    def admits(self, value: int) -> bool:
        """Whether ``value`` is the sealed whole number.

        Parameters
        ----------
        value : int
            The student's whole number.

        Returns
        -------
        bool
        """
        return _digest(self.salt, "i", int(value)) == self.digest

    def to_dict(self) -> dict[str, Any]:
        """The sealed whole number as plain data (JSON)."""
        return {"sealed": "integer", "salt": self.salt, "digest": self.digest}


def normal_choice(text: str) -> str:
    """A choice as it is compared: lower case, without spaces, hyphens and underscores.

    Parameters
    ----------
    text : str
        An option's name as written.

    Returns
    -------
    str

    Examples
    --------
    >>> normal_choice("Mid-p ")
    'midp'
    """
    return "".join(ch for ch in text.lower() if ch not in " -_")


@dataclass(frozen=True)
class SealedChoice:
    """The right choice(s) among named options, each kept as a salted hash of its normal form.

    The options themselves are no secret (the exercise lists them); which one is right is.

    Examples
    --------
    >>> sealed = SealedChoice.seal(["wilson"], salt="s")
    >>> sealed.admits("Wilson"), sealed.admits("wald")
    (True, False)
    """

    salt: str
    digests: tuple[str, ...]

    @classmethod
    def seal(cls, right: list[str] | tuple[str, ...], *, salt: str | None = None) -> SealedChoice:
        """Seal the right options ``right`` (any of them is accepted).

        Parameters
        ----------
        right : sequence of str
            The accepted spellings of the right option.
        salt : str, optional
            A fixed salt (for tests); by default a fresh random one.

        Returns
        -------
        SealedChoice
        """
        salt = salt or _salt()
        digests = sorted({_digest(salt, "c", normal_choice(option)) for option in right})
        return cls(salt, tuple(digests))

    def admits(self, value: str) -> bool:
        """Whether ``value`` is one of the right options (case, spaces, hyphens do not matter).

        Parameters
        ----------
        value : str
            The student's choice.

        Returns
        -------
        bool
        """
        return _digest(self.salt, "c", normal_choice(value)) in self.digests

    def to_dict(self) -> dict[str, Any]:
        """The sealed choice as plain data (JSON)."""
        return {"sealed": "choice", "salt": self.salt, "digests": list(self.digests)}


Sealed = SealedNumber | SealedInteger | SealedChoice


def from_dict(data: Any) -> Any:
    """Rebuild sealed values (nested in lists) from their plain-data form.

    Parameters
    ----------
    data : dict or list
        What ``to_dict`` gave (a dict with the key ``"sealed"``), or a list of them.

    Returns
    -------
    SealedNumber, SealedInteger, SealedChoice or tuple of them

    Raises
    ------
    ValueError
        If ``data`` is not sealed values in the form ``to_dict`` writes.

    Examples
    --------
    >>> sealed = SealedInteger.seal(7, salt="s")
    >>> from_dict(sealed.to_dict()) == sealed
    True
    """
    if isinstance(data, list):
        return tuple(from_dict(item) for item in data)
    if not isinstance(data, dict):
        raise ValueError(f"a sealed value is a dict with the key 'sealed'; got {data!r:.60}")
    kind = data.get("sealed")
    try:
        if kind == "number":
            return SealedNumber(str(data["salt"]), float(data["rel"]), float(data["abs"]),
                                str(data["by_abs"]), str(data["by_rel"]))  # fmt: skip
        if kind == "integer":
            return SealedInteger(str(data["salt"]), str(data["digest"]))
        if kind == "choice":
            return SealedChoice(str(data["salt"]), tuple(str(d) for d in data["digests"]))
    except KeyError as missing:
        raise ValueError(f"a sealed {kind} lacks its field {missing}") from None
    raise ValueError(f"unknown sealed kind {kind!r}: number, integer or choice")
