"""Poker hand evaluation with the fastest evaluator the handeval lab proves.

>>> import numpy as np, handeval
>>> ranks, categories = handeval.evaluate(np.array([[51, 47, 43, 39, 35, 0, 1]], dtype=np.uint8))
>>> int(ranks[0]), handeval.CATEGORIES[categories[0]]
(1, 'Royal Flush')
>>> handeval.rank("As Ks Qs Js Ts 2c 2d")
(1, 'Royal Flush')

Cards are numbers 0..52, ``4 * rank + suit`` (rank 0 = two .. 12 = ace;
suit 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades). A rank is the hand's
class on the conventional scale: 1 (royal flush) .. 7,462 (7-5-4-3-2 of
mixed suits), lower is stronger, equal is a tie.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np
import numpy.typing as npt

from . import _handeval

__all__ = [
    "CATEGORIES",
    "GAMES",
    "evaluate",
    "lows",
    "evaluate_cards",
    "rank",
    "evaluators",
    "equity",
    "estimate",
    "breakdown",
    "table",
    "flops",
    "Equity",
    "HiLoEquity",
    "Estimate",
    "Combo",
    "Breakdown",
    "ClassLine",
    "HandClass",
    "Table",
    "Row",
]

#: Category names by the numbers :func:`evaluate` returns (0 = high card).
CATEGORIES: list[str] = list(_handeval.CATEGORIES)

#: Every game's cards a hand, by its id as the lab names it: Hold'em's
#: ``five``, ``six`` and ``seven``, Omaha's ``omaha``, ``omaha5`` and
#: ``omaha6`` (hole cards, then the board of five), short deck's
#: ``short5`` and ``short7`` (36 cards, 6 to ace; ``short5t`` and
#: ``short7t`` with trips above the straight), the lowball games ``ace5``,
#: ``deuce7`` and ``razz`` (ace-to-five and deuce-to-seven of five cards,
#: ace-to-five of seven: class 1 is the best low), and the Hi-Lo games
#: ``omaha8`` (Omaha Hi-Lo), ``bigo`` (five-card Omaha Hi-Lo) and ``stud8`` (seven-card stud Hi-Lo), whose highs
#: :func:`evaluate` gives and lows :func:`lows`; and ``badugi`` (four cards,
#: classes 1 = A-2-3-4 of four suits .. 1,092 = a king alone, its
#: "category" the number of cards that play, 4 to 1).
GAMES: dict[str, int] = dict(_handeval.games())

#: Cards a hand has in the games told by their width: Hold'em's 5, 6 and
#: 7, then Omaha's hole cards (4, 5 or 6) and board (5).
WIDTHS = tuple(sorted(set(GAMES.values())))


def evaluate(
    cards: npt.ArrayLike, game: str | None = None
) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint8]]:
    """Ranks and category numbers of every hand of ``cards``, in one call.

    ``cards`` has one row a hand: shape ``(n, 5 | 6 | 7)`` for Hold'em,
    ``(n, 9 | 10 | 11)`` for Omaha with 4, 5 or 6 hole cards first, the
    game told by the width; ``game`` names it instead (one of
    :data:`GAMES`), as short deck's and lowball's must be: ``evaluate(hands,
    game="short7")``, whose ranks are on short deck's own scale of 1,404
    classes (a flush above a full house); ``game="ace5"``, ``"deuce7"`` or
    ``"razz"`` on lowball's, 1 the best low; ``game="badugi"`` (or rows of
    four cards) on badugi's 1,092, whose second array is the number of
    cards that play rather than a category. Any integer dtype is taken;
    ``uint8`` in C order is used without a copy. The GIL is released while
    the hands are valued, and a batch of 32,768 hands or more is split over
    every core (one pool of threads, kept between calls;
    ``RAYON_NUM_THREADS`` limits it).

    Raises ``ValueError`` naming the row and the card for a number that is
    no card, a card twice in a hand or a card the game's deck does not
    hold, and for a shape or a name that is no game's; ``TypeError`` for
    an array that is not of integers.
    """
    return _handeval.evaluate(_rows(cards, game), game)


def lows(cards: npt.ArrayLike, game: str) -> npt.NDArray[np.uint8]:
    """Low classes of every hand of ``cards`` of the Hi-Lo game ``game``
    (``"omaha8"``, ``"bigo"`` or ``"stud8"``): 1 (5-4-3-2-A) .. 56 (8-7-6-5-4), lower is
    stronger, 0 for no qualifying eight-or-better low. Rows and errors as
    :func:`evaluate`'s; ``ValueError`` for a game with no low.

    >>> import handeval
    >>> int(handeval.lows([[50, 1, 44, 47, 4, 10, 27, 29, 30]], "omaha8")[0])
    22
    """
    return _handeval.lows(_rows(cards, game), game)


def _rows(cards: npt.ArrayLike, game: str | None) -> npt.NDArray[np.uint8]:
    """``cards`` as the native part takes them: C-contiguous ``uint8`` rows
    of a game's width, each number checked to be a card."""
    array = np.asarray(cards)
    if array.ndim != 2:
        raise ValueError(f"cards must be a 2-D array, one hand a row; got shape {array.shape}")
    if game is not None:
        if game not in GAMES:
            raise ValueError(f"no game {game!r}; the games are {', '.join(GAMES)}")
        if array.shape[1] != GAMES[game]:
            raise ValueError(f"a hand of {game} has {GAMES[game]} cards, not {array.shape[1]}")
    elif array.shape[1] not in WIDTHS:
        raise ValueError(
            "a hand has 5, 6 or 7 cards (Hold'em) or 9, 10 or 11 (Omaha, hole cards first), "
            f"not {array.shape[1]}"
        )
    if array.dtype != np.uint8:
        if not np.issubdtype(array.dtype, np.integer):
            raise TypeError(f"cards must be integers 0..52, not {array.dtype}")
        # Checked before narrowing, so that 300 is not read as 44.
        bad = (array < 0) | (array >= 52)
        if bad.any():
            row, position = (int(i) for i in np.argwhere(bad)[0])
            raise ValueError(
                f"hand {row}, card {position}: {array[row, position]} is not a card "
                "(cards are 0..52, 4 * rank + suit)"
            )
        array = array.astype(np.uint8)
    return np.ascontiguousarray(array)


def evaluate_cards(*cards: int) -> int:
    """The rank of one hand given as card numbers, one argument a card
    (``evaluate_cards(51, 47, 43, 39, 35, 0, 1)``), as ``phevaluator``
    takes them: the quickest call for a single hand. Raises ``ValueError``
    for a number that is no card, a card twice or a count no game has."""
    return _handeval.evaluate_cards(*cards)


def rank(hand: str) -> tuple[int, str]:
    """The rank and category name of one hand in card notation.

    Hold'em's five, six or seven cards (``"As Ks Qs Js Ts 2c 2d"``), or
    Omaha's hole cards, ``|``, then the board (``"As Ad Ks Kd | Qs Js Ts
    2c 3h"``). Raises ``ValueError`` saying what is wrong and where.
    """
    return _handeval.rank(hand)


def evaluators() -> dict[str, str]:
    """The lab's evaluator each game's hands are valued with on this CPU."""
    return dict(_handeval.evaluators())


@dataclass(frozen=True)
class Combo:
    """One combo of a range in an exact count: its ``cards`` (``"AsKs"``),
    its ``weight`` in the range, its ``share`` of the deals and its
    ``equity`` in them."""

    cards: str
    weight: float
    share: float
    equity: float


@dataclass(frozen=True)
class Equity:
    """An exact count, one entry a player: ``equity`` (pots won, tied pots
    by share), ``wins`` and ``ties`` (chances), ``counts`` (games won, tied
    and lost, weighted as the deals: whole numbers when no weight is
    given), the ``games`` and ``deals`` counted, ``per_combo`` (each
    range's :class:`Combo` entries; fixed hands of other games have none)
    and the ``game``."""

    equity: tuple[float, ...]
    wins: tuple[float, ...]
    ties: tuple[float, ...]
    counts: tuple[tuple[float, float, float], ...]
    games: int
    deals: int
    per_combo: tuple[tuple[Combo, ...], ...]
    game: str


@dataclass(frozen=True)
class HiLoEquity:
    """A Hi-Lo game's exact count over every board, one entry a player:
    ``equity`` (their share of the pots), ``scoops`` (boards won whole),
    ``quartered`` (boards whose low they split with one other player), the
    ``split`` boards (a qualifying low) of the ``boards`` counted, and the
    ``game``."""

    equity: tuple[float, ...]
    scoops: tuple[int, ...]
    quartered: tuple[int, ...]
    split: int
    boards: int
    game: str


@dataclass(frozen=True)
class Estimate:
    """A Monte Carlo estimate: each player's ``equity`` and its
    ``stderr``, and the ``games`` played."""

    equity: tuple[float, ...]
    stderr: tuple[float, ...]
    games: int


def equity(
    hands: Sequence[str], board: str = "", dead: str = "", game: str = "seven"
) -> Equity | HiLoEquity:
    """The exact equity of two to six players over every deal and board.

    In Hold'em (``game="seven"``) each hand is a range as equity tools
    write them (``"QQ+, AKs, 0.5(JJ)"``, or one hand, ``"AsKs"``); in every
    other game with a board (``short7``, ``short7t``, ``omaha``,
    ``omaha5``, ``omaha6``, and the Hi-Lo games ``omaha8`` and ``bigo``)
    each is a fixed hand's hole cards (``"As Ad Ks Kd"``). ``board`` has
    0, 3, 4 or 5 cards. A Hi-Lo game's count is a :class:`HiLoEquity`,
    any other an :class:`Equity`. Raises ``ValueError`` naming the bad
    range, hand, card or game.

    >>> import handeval
    >>> e = handeval.equity(["AA", "KK"])
    >>> e.counts[0]
    (50371344.0, 285228.0, 10986372.0)
    """
    if game == "seven":
        e, w, t, counts, games, deals, per = _handeval.equity(list(hands), board, dead)
        return Equity(
            tuple(e),
            tuple(w),
            tuple(t),
            tuple(counts),
            games,
            deals,
            tuple(tuple(Combo(*c) for c in combos) for combos in per),
            game,
        )
    kind, boards, e, first, second, split = _handeval.showdown(game, list(hands), board, dead)
    if kind == "hi-lo":
        return HiLoEquity(tuple(e), tuple(first), tuple(second), split, boards, game)
    return Equity(
        tuple(e),
        tuple(w / boards for w in first),
        tuple(t / boards for t in second),
        tuple((float(w), float(t), float(boards - w - t)) for w, t in zip(first, second)),
        boards,
        1,
        (),
        game,
    )


def estimate(
    hands: Sequence[str],
    board: str = "",
    dead: str = "",
    seed: int = 1,
    stderr: float = 0.001,
    game: str = "seven",
) -> Estimate:
    """A Monte Carlo estimate of the equity of two to six players, dealt
    from ``seed``, played until each player's standard error is at most
    ``stderr`` (at least 0.0001). Hands as :func:`equity` takes them: Hold'em
    ranges, or in any other game with a board each fixed hand's hole cards
    (a Hi-Lo game's pots split with the best qualifying low)."""
    if game == "seven":
        e, s, games = _handeval.estimate(list(hands), board, dead, seed, stderr)
    else:
        e, s, games = _handeval.estimate_showdown(game, list(hands), board, dead, seed, stderr)
    return Estimate(tuple(e), tuple(s), games)


@dataclass(frozen=True)
class ClassLine:
    """One class of a :class:`Breakdown`: its ``combos``, their
    ``weight``, its ``share`` of the range's weight and, against an
    opposing range, its ``equity`` (``None`` without one, or when no deal
    holds the class)."""

    combos: int
    weight: float
    share: float
    equity: float | None


@dataclass(frozen=True)
class HandClass:
    """One combo of a :class:`Breakdown`: its ``cards``, ``weight``, made
    hand and draws."""

    cards: str
    weight: float
    made: str
    draws: tuple[str, ...]


@dataclass(frozen=True)
class Breakdown:
    """A range on a board: its ``combos`` and ``weight``, every made class
    (``made``, strongest first, adding up to the range) and every draw
    (``draws``, which overlap) by name, and each combo's class
    (``hands``)."""

    combos: int
    weight: float
    made: dict[str, ClassLine]
    draws: dict[str, ClassLine]
    hands: tuple[HandClass, ...]


def breakdown(
    range: str, board: str, dead: str = "", versus: str | None = None, game: str = "seven"
) -> Breakdown:
    """A range's made hands and draws on ``board`` (a flop, turn or
    river), as the lab's ``handeval_equity::breakdown`` defines them, and
    with ``versus`` each class's exact equity against that range.

    ``game`` is Hold'em (``"seven"``) or short deck (``"short7"``, or
    ``"short7t"`` with trips above the straight): short deck's classes are
    Hold'em's by its own deck and ranking (its straights from A-6-7-8-9,
    so its draws; ``"random"`` every combo of its 36 cards; a card below
    the six an error), its made classes listed strongest first by its
    ranking. Omaha's four to six hole cards (two of them played) and the
    Hi-Lo games' two pots change what a top pair or a draw is, and the lab
    has not defined or proven those classes: such a ``game`` raises
    ``ValueError`` saying so, and :func:`table` gives every hand's equity
    there.

    >>> import handeval
    >>> b = handeval.breakdown("random", "2c7d9h")
    >>> b.made["set"].combos, b.draws["open-ended"].combos
    (9, 32)
    >>> handeval.breakdown("random", "9h8d7c", game="short7").made["straight"].combos
    48
    """
    combos, weight, made, draws, hands = _handeval.breakdown(range, board, dead, versus, game)
    return Breakdown(
        combos,
        weight,
        {name: ClassLine(*rest) for name, *rest in made},
        {name: ClassLine(*rest) for name, *rest in draws},
        tuple(HandClass(c, w, m, tuple(d)) for c, w, m, d in hands),
    )


@dataclass(frozen=True)
class Row:
    """One combo of a :class:`Table`: its ``cards``, its ``weight``, the
    opposing weight it can meet (``against``) and its ``equity`` against it
    (``None`` when it meets none)."""

    cards: str
    weight: float
    against: float
    equity: float | None


@dataclass(frozen=True)
class Table:
    """Every combo (or hand) of a range against an opposing one on a board:
    ``rows``, the range's ``equity`` (``None`` when no deal exists), and the
    ``deals`` and ``games`` counted."""

    rows: tuple[Row, ...]
    equity: float | None
    deals: int
    games: int


def table(
    hero: str | Sequence[str],
    villain: str | Sequence[str],
    board: str = "",
    dead: str = "",
    game: str = "seven",
) -> Table:
    """Every combo of ``hero`` against ``villain`` on ``board``, exact, as
    one call.

    In Hold'em (``game="seven"``) and short deck (``short7``, ``short7t``)
    each is a range (``"random"`` for every combo of the game's deck;
    Hold'em's has a faster count of its own). In an Omaha game (``omaha``,
    ``omaha5``, ``omaha6``, and the Hi-Lo ``omaha8`` and ``bigo``, whose
    equity is the share of the pots) each is a list of hands, a sequence
    or one string with commas (``"AsAdKsKd, 9h8h7c6c"``), each of weight
    one. Raises ``ValueError`` naming the bad range, hand, card or game.

    >>> import handeval
    >>> t = handeval.table(["AhAsKhQs"], ["9c8d7c6d", "KcKdJcTd"], "Ac5c2d", game="omaha")
    >>> t.deals, t.games
    (2, 1640)
    """
    def joined(hands: str | Sequence[str]) -> str:
        return hands if isinstance(hands, str) else ",".join(hands)

    if game == "seven":
        rows, e, deals, games = _handeval.table(joined(hero), joined(villain), board, dead)
    else:
        rows, e, deals, games = _handeval.table_of(
            game, joined(hero), joined(villain), board, dead
        )
    return Table(tuple(Row(*r) for r in rows), e, deals, games)


def flops(hero: str, villain: str, dead: str = "") -> list[tuple[str, int]]:
    """The flops a study of ``hero`` against ``villain`` asks about: each
    class of flops up to the suit renamings that leave both ranges as they
    are once (1,755 for ranges without suits), as its least flop and how
    many flops its class has."""
    return _handeval.flops(hero, villain, dead)
