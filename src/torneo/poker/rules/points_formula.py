"""The points formula of a jackpot league (PKR-LEAGUE-4): a league setting over the entrants
``n``, the finish ``f``, the buy-in ``b`` (euros), ``rebuys``, ``addons`` and ``bounties``.

The formula is parsed with :mod:`ast` into a whitelist of nodes and evaluated by our own
walker — never ``eval``. Arithmetic is exact (fractions); ``sqrt``, ``log``, ``exp`` and
fractional powers are computed in floating point, and the result is then rounded (half up) to
the league's decimals (2 by default), so the points stored are exact decimals.
``pick(f, 100, 80, 60)`` reads a placement table: the value at position ``f``, 0 beyond it.
"""

from __future__ import annotations

import ast
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from torneo.core.errors import TorneoError
from torneo.core.messages import N_, Message

VARIABLES = ("n", "f", "b", "rebuys", "addons", "bounties")
MAX_FORMULA = 400
# PKR-LEAGUE-4, issue 28 item 1 (a reading: the regulation names no largest field): a league's
# formula is checked for every field of 2 to MAX_FIELD players (more than a club's room seats),
# or the largest field it has already scored if that is more; a tournament of a larger field is
# checked when it feeds the league. Rebuys, add-ons and bounties are checked 0 to MAX_EXTRAS.
MAX_FIELD = 100
MAX_EXTRAS = 20
Number = Fraction | float


class _Undefined(ValueError):
    """A value the formula is not defined for, said in the formula's words."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = Message(message)


def _sqrt(x: Number) -> Number:
    if x < 0:
        raise _Undefined(N_("the square root of a negative number"))
    root = math.isqrt(int(x)) if isinstance(x, Fraction) and x.denominator == 1 else None
    if root is not None and root * root == x:
        return Fraction(root)
    return math.sqrt(x)


def _pick(index: Number, *values: Number) -> Number:
    if index != int(index):
        raise _Undefined(N_("pick needs a whole position"))
    position = int(index)
    return values[position - 1] if 1 <= position <= len(values) else Fraction(0)


def _round(x: Number, digits: Number = Fraction(0)) -> Number:
    return round_half_up(Fraction(x), int(digits))


FUNCTIONS: dict[str, Callable[..., Number]] = {
    "sqrt": _sqrt,
    "log": lambda x, base=None: math.log(x) if base is None else math.log(x, base),
    "log10": lambda x: math.log10(x),
    "exp": lambda x: math.exp(x),
    "min": lambda *xs: min(xs),
    "max": lambda *xs: max(xs),
    "abs": lambda x: abs(x),
    "floor": lambda x: Fraction(math.floor(x)),
    "ceil": lambda x: Fraction(math.ceil(x)),
    "round": _round,
    "pick": _pick,
}

_BINARY: dict[type[ast.operator], Callable[[Number, Number], Number]] = {
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.Div: lambda a, b: a / b,
    ast.FloorDiv: lambda a, b: Fraction(math.floor(a / b)),
    ast.Mod: lambda a, b: a % b,
}

_COMPARE: dict[type[ast.cmpop], Callable[[Number, Number], bool]] = {
    ast.Lt: lambda a, b: a < b,
    ast.LtE: lambda a, b: a <= b,
    ast.Gt: lambda a, b: a > b,
    ast.GtE: lambda a, b: a >= b,
    ast.Eq: lambda a, b: a == b,
    ast.NotEq: lambda a, b: a != b,
}


def _shown(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else str(float(value))


def _why(exc: Exception) -> Message:
    """What went wrong, in words of the formula's reader."""
    if isinstance(exc, ZeroDivisionError):
        return Message(N_("a division by zero"))
    if isinstance(exc, _Undefined):
        return exc.message
    if isinstance(exc, OverflowError):
        return Message(N_("a number too large"))
    return Message(N_("a square root, logarithm or power of a number outside its range"))


def round_half_up(x: Fraction, decimals: int) -> Fraction:
    scale = 10**decimals
    scaled = x * scale
    return Fraction(math.floor(scaled + Fraction(1, 2)), scale)


def _power(a: Number, b: Number) -> Number:
    if isinstance(b, Fraction) and b.denominator == 1 and abs(b) <= 64:
        if isinstance(a, Fraction) and a == 0 and b < 0:
            raise ZeroDivisionError("0 to a negative power")
        if (
            isinstance(a, Fraction)
            and max(abs(a.numerator), a.denominator).bit_length() * abs(b) > 4096
        ):
            raise OverflowError("the power is too large")
        return a ** int(b)
    if abs(float(b)) > 64:
        raise ValueError("exponent too large")
    return math.pow(float(a), float(b))


@dataclass(frozen=True, slots=True)
class PointsFormula:
    """A league's points formula (PKR-LEAGUE-4), checked when parsed."""

    text: str
    decimals: int = 2
    _tree: ast.Expression = field(
        default=ast.Expression(body=ast.Constant(0)), compare=False, repr=False
    )

    def evaluate(self, **values: int | Fraction) -> Fraction:
        """Points for one result; every variable of :data:`VARIABLES` may be given."""
        unknown = set(values) - set(VARIABLES)
        if unknown:
            raise TorneoError(
                "variables",
                N_("unknown %(names)s"),
                ", ".join(VARIABLES),
                params={"names": str(sorted(unknown))},
            )
        env = {name: Fraction(values.get(name, 0)) for name in VARIABLES}
        return round_half_up(self._exact(env, N_("a formula defined there")), self.decimals)

    def _exact(self, env: Mapping[str, Fraction], accepted: str | Message) -> Fraction:
        """The unrounded value, or a refusal that names the values and the failure in the
        formula's own words (never Python's: no "float division by zero")."""
        try:
            return Fraction(_walk(self._tree.body, env))
        except (ZeroDivisionError, ValueError, OverflowError, TypeError) as exc:
            raise TorneoError(
                "points_formula",
                N_("'%(text)s' cannot be computed for %(values)s: %(why)s"),
                accepted,
                params={
                    "text": self.text,
                    "values": ", ".join(
                        f"{k}={_shown(v)}" for k, v in env.items() if v or k in "nf"
                    ),
                    "why": _why(exc),
                },
            ) from exc

    def check_fields(self, largest: int, buy_ins_cents: Sequence[int]) -> None:
        """PKR-LEAGUE-4 (issue 28 item 1): the formula gives points for every result the league
        can see: every field of 2 to ``largest`` players, every place in it, each buy-in of the
        league's schedule entries (no rebuys, add-ons or bounties), and each of those counts
        from 1 to :data:`MAX_EXTRAS` on the field of 20 that :func:`parse_formula` tries. A
        formula that fails anywhere there is refused before anything is written."""
        accepted = Message(
            N_(
                "a formula that gives points for every field of 2 to %(most)s players and every place"
            ),
            {"most": largest},
        )
        used = {node.id for node in ast.walk(self._tree) if isinstance(node, ast.Name)}
        # A variable the formula does not read is tried at one value only (the check is a
        # few thousand evaluations, not tens of thousands, when b or f play no part).
        prices = sorted(set(buy_ins_cents)) if "b" in used else []
        for cents in prices or [0]:
            env = dict.fromkeys(VARIABLES, Fraction(0))
            env["b"] = Fraction(cents, 100)
            for n in range(2, largest + 1) if "n" in used else [largest]:
                env["n"] = Fraction(n)
                for f in range(1, n + 1) if "f" in used else [1]:
                    env["f"] = Fraction(f)
                    self._exact(env, accepted)
            env["n"], env["f"] = Fraction(20), Fraction(1)
            for extra in ("rebuys", "addons", "bounties"):
                for count in range(1, MAX_EXTRAS + 1):
                    self._exact({**env, extra: Fraction(count)}, accepted)


def parse_formula(text: str, decimals: int = 2) -> PointsFormula:
    """Parse and check a points formula; refused with the offending part named."""
    if len(text) > MAX_FORMULA:
        raise TorneoError(
            "points_formula",
            N_("%(n)s characters"),
            N_("at most %(most)s"),
            params={"n": len(text), "most": MAX_FORMULA},
        )
    if not 0 <= decimals <= 6:
        raise TorneoError(
            "decimals", N_("%(decimals)s"), N_("0 to 6"), params={"decimals": decimals}
        )
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError as exc:
        raise TorneoError(
            "points_formula", N_("not a formula: %(msg)s"), _ACCEPTED, params={"msg": exc.msg}
        ) from exc
    for node in ast.walk(tree):
        _check_node(node)
    formula = PointsFormula(text.strip(), decimals, tree)
    formula.evaluate(n=20, f=1, b=50)  # a formula that fails on a plain result is refused now
    return formula


# What a formula may hold; the operators and function names are code, not words, so they are
# parameters (the "%" operator would otherwise clash with the message's own placeholders).
_ACCEPTED = Message(
    N_(
        "numbers, n f b rebuys addons bounties, %(operators)s, comparisons, 'x if c else y', "
        "and %(functions)s"
    ),
    {"operators": "+ - * / // % **", "functions": " ".join(sorted(FUNCTIONS))},
)
_ALLOWED = (
    ast.Expression,
    ast.BinOp,
    ast.UnaryOp,
    ast.Constant,
    ast.Name,
    ast.Load,
    ast.Call,
    ast.Compare,
    ast.IfExp,
    ast.Pow,
    ast.USub,
    ast.UAdd,
    *_BINARY,
    *_COMPARE,
)


def _check_node(node: ast.AST) -> None:
    if not isinstance(node, _ALLOWED):
        raise TorneoError(
            "points_formula",
            N_("'%(node)s' is not allowed"),
            _ACCEPTED,
            params={"node": type(node).__name__},
        )
    if isinstance(node, ast.Constant) and (
        isinstance(node.value, bool) or not isinstance(node.value, int | float)
    ):
        raise TorneoError(
            "points_formula",
            N_("the constant %(value)s"),
            N_("numbers only"),
            params={"value": repr(node.value)},
        )
    if isinstance(node, ast.Name) and node.id not in VARIABLES and node.id not in FUNCTIONS:
        raise TorneoError(
            "points_formula", N_("unknown name '%(id)s'"), _ACCEPTED, params={"id": node.id}
        )
    if isinstance(node, ast.Call):
        if not isinstance(node.func, ast.Name) or node.func.id not in FUNCTIONS:
            raise TorneoError(
                "points_formula", N_("only the listed functions can be called"), _ACCEPTED
            )
        if node.keywords:
            raise TorneoError("points_formula", N_("keyword arguments"), N_("positional arguments"))


def _constant(value: object) -> Number:
    if isinstance(value, float):
        return Fraction(str(value))
    assert isinstance(value, int)  # _check_node admits numbers only
    return Fraction(value)


def _binary(node: ast.BinOp, env: Mapping[str, Fraction]) -> Number:
    left, right = _walk(node.left, env), _walk(node.right, env)
    if isinstance(node.op, ast.Pow):
        return _power(left, right)
    return _BINARY[type(node.op)](left, right)


def _compare(node: ast.Compare, env: Mapping[str, Fraction]) -> Number:
    """A chain of comparisons is 1 when every one holds, else 0."""
    left = _walk(node.left, env)
    for op, comparator in zip(node.ops, node.comparators, strict=True):
        right = _walk(comparator, env)
        if not _COMPARE[type(op)](left, right):
            return Fraction(0)
        left = right
    return Fraction(1)


def _walk(node: ast.expr, env: Mapping[str, Fraction]) -> Number:
    """The value of a checked formula's node (:func:`_check_node` admitted it)."""
    if isinstance(node, ast.Constant):
        return _constant(node.value)
    if isinstance(node, ast.Name):
        return env[node.id]
    if isinstance(node, ast.UnaryOp):
        operand = _walk(node.operand, env)
        return -operand if isinstance(node.op, ast.USub) else operand
    if isinstance(node, ast.BinOp):
        return _binary(node, env)
    if isinstance(node, ast.Compare):
        return _compare(node, env)
    if isinstance(node, ast.IfExp):
        return _walk(node.body if _walk(node.test, env) else node.orelse, env)
    if isinstance(node, ast.Call):
        assert isinstance(node.func, ast.Name)
        return FUNCTIONS[node.func.id](*(_walk(a, env) for a in node.args))
    raise TorneoError(
        "points_formula",
        N_("'%(node)s' is not allowed"),
        _ACCEPTED,
        params={"node": type(node).__name__},
    )
