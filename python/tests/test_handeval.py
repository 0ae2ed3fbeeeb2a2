"""The package against an independent oracle over every five-card hand,
its shapes and its errors."""

import functools
from itertools import chain, combinations

import numpy as np
import pytest

import handeval

# The published counts of five-card hands by category, high card first
# (royal flushes apart from the other straight flushes).
CATEGORY_HANDS = [1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 36, 4]


@functools.cache
def every_five_card_hand() -> np.ndarray:
    """Every five-card hand, made once for the tests that read it (read-only,
    so that no test can change another's hands)."""
    hands = np.fromiter(
        chain.from_iterable(combinations(range(52), 5)), dtype=np.uint8, count=5 * 2598960
    ).reshape(-1, 5)
    hands.flags.writeable = False
    return hands


# Short deck's (36 cards, 6 to ace): fewer flushes than full houses.
SHORT_CATEGORY_HANDS = [122400, 193536, 36288, 16128, 6120, 480, 1728, 288, 20, 4]


def rank_groups(ranks: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The ranks highest first, then ordered by how often they occur and
    how high they are, and the hand's pattern of counts (4-1, 3-2, ...)."""
    ranks = -np.sort(-ranks, axis=1)
    counts = (ranks[:, :, None] == ranks[:, None, :]).sum(axis=2)
    order = np.argsort(-(counts * 16 + ranks), axis=1, kind="stable")
    return ranks, np.take_along_axis(ranks, order, axis=1), -np.sort(-counts, axis=1)


def categories_of(straight: np.ndarray, flush: np.ndarray, pattern: np.ndarray) -> np.ndarray:
    """The lab's category ids (0 high card .. 8 straight flush) of hands
    whose straights, flushes and count patterns are given."""
    return np.select(
        [
            straight & flush,
            pattern[:, 0] == 4,
            (pattern[:, 0] == 3) & (pattern[:, 3] == 2),
            flush,
            straight,
            pattern[:, 0] == 3,
            (pattern[:, 0] == 2) & (pattern[:, 2] == 2),
            pattern[:, 0] == 2,
        ],
        [8, 7, 6, 5, 4, 3, 2, 1],
        0,
    )


def oracle(hands: np.ndarray, short: bool = False, trips: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Classes and categories by the rules, written out with numpy alone:
    a key of the category, then the ranks ordered by how often they occur
    and how high they are; classes number the distinct keys from the top.
    Short deck's: A-6-7-8-9 its lowest straight, a flush above a full house;
    with ``trips``, three of a kind above the straight too."""
    suits = hands % 4
    ranks, by_count, pattern = rank_groups((hands // 4).astype(np.int64))
    flush = (suits == suits[:, :1]).all(axis=1)
    distinct = pattern[:, 0] == 1
    low_straight = [12, 7, 6, 5, 4] if short else [12, 3, 2, 1, 0]
    wheel = distinct & (ranks == low_straight).all(axis=1)
    straight = distinct & ((ranks[:, 0] - ranks[:, 4] == 4) | wheel)
    category = categories_of(straight, flush, pattern)
    # A straight is told by its top card; the wheel's is the five (the nine).
    tops = np.where(wheel, 7 if short else 3, ranks[:, 0])
    tiebreak = np.where(
        straight[:, None], np.stack([tops] + [np.zeros_like(tops)] * 4, axis=1), by_count
    )
    # Where the category stands: short deck swaps the flush (5) and the
    # full house (6).
    key = np.where(category == 5, 6, np.where(category == 6, 5, category)) if short else category
    if trips:
        key = np.where(key == 3, 4, np.where(key == 4, 3, key))
    for i in range(5):
        key = key * 16 + tiebreak[:, i]
    distinct_keys = np.unique(key)
    classes = len(distinct_keys) - np.searchsorted(distinct_keys, key)
    royal = (category == 8) & (tops == 12)
    return classes, np.where(royal, 9, category)


@functools.cache
def oracle_of_every_five_card_hand() -> tuple[np.ndarray, np.ndarray]:
    """The oracle over every five-card hand, counted once for the two tests
    that read it (read-only, as the hands are)."""
    classes, categories = oracle(every_five_card_hand())
    classes.flags.writeable = False
    categories.flags.writeable = False
    return classes, categories


def test_every_five_card_hand_has_the_oracles_class_and_category():
    hands = every_five_card_hand()
    classes, categories = handeval.evaluate(hands)
    expected_classes, expected_categories = oracle_of_every_five_card_hand()
    assert classes.dtype == np.uint16 and categories.dtype == np.uint8
    assert len(np.unique(expected_classes)) == 7462
    assert np.bincount(expected_categories, minlength=10).tolist() == CATEGORY_HANDS
    wrong = np.flatnonzero((classes != expected_classes) | (categories != expected_categories))
    assert wrong.size == 0, [hands[i].tolist() for i in wrong[:5]]


def test_the_oracle_catches_a_misnumbered_class():
    classes, _ = handeval.evaluate(every_five_card_hand())
    expected, _ = oracle_of_every_five_card_hand()
    broken = classes.copy()
    broken[broken == 1609] = 1608  # the wheel read as the six-high straight
    assert np.count_nonzero(broken != expected) == 1020


def test_hands_of_every_game():
    royal = [51, 47, 43, 39, 35]  # As Ks Qs Js Ts
    for extra in ([], [0], [0, 1]):
        classes, categories = handeval.evaluate(np.array([royal + extra]))
        assert (classes[0], handeval.CATEGORIES[categories[0]]) == (1, "Royal Flush")
    # Omaha: As Ad Kc Kd | Qs Js Ts 9s 3h plays two hole cards: a straight,
    # not the flush four spades on the board would make in Hold'em.
    omaha = [51, 49, 44, 45, 43, 39, 35, 31, 6]
    for extra in ([], [0], [0, 1]):
        hand = omaha[:4] + extra + omaha[4:]
        _, categories = handeval.evaluate(np.array([hand], dtype=np.uint8))
        assert handeval.CATEGORIES[categories[0]] == "Straight"
    assert handeval.rank("As Ks Qs Js Ts 2c 2d") == (1, "Royal Flush")
    assert handeval.evaluate_cards(51, 47, 43, 39, 35, 0, 1) == 1
    assert handeval.evaluate_cards(*omaha) == handeval.evaluate(np.array([omaha]))[0][0]
    assert handeval.rank("As Ad Kc Kd | Qs Js Ts 9s 3h")[1] == "Straight"
    assert set(handeval.evaluators()) == set(handeval.GAMES)
    assert handeval.GAMES == {
        "five": 5, "six": 6, "seven": 7, "omaha": 9, "omaha5": 10, "omaha6": 11,
        "short5": 5, "short7": 7, "short5t": 5, "short7t": 7, "ace5": 5, "deuce7": 5,
        "razz": 7, "omaha8": 9, "bigo": 10, "stud8": 7, "badugi": 4,
    }
    # Every game of the lab's one list, in its order.
    assert list(handeval.GAMES) == handeval._handeval.game_ids()


def test_every_short_deck_hand_has_the_oracles_class_and_category():
    hands = np.array(list(combinations(range(16, 52), 5)), dtype=np.uint8)
    classes, categories = handeval.evaluate(hands, game="short5")
    expected_classes, expected_categories = oracle(hands, short=True)
    assert len(np.unique(expected_classes)) == 1404
    assert np.bincount(expected_categories, minlength=10).tolist() == SHORT_CATEGORY_HANDS
    wrong = np.flatnonzero((classes != expected_classes) | (categories != expected_categories))
    assert wrong.size == 0, [hands[i].tolist() for i in wrong[:5]]
    # The same hands read as Hold'em's: another scale, another order.
    assert (handeval.evaluate(hands)[0] != classes).any()


def test_every_short_deck_hand_with_trips_above_the_straight_has_the_oracles_class():
    hands = np.array(list(combinations(range(16, 52), 5)), dtype=np.uint8)
    classes, categories = handeval.evaluate(hands, game="short5t")
    expected_classes, expected_categories = oracle(hands, short=True, trips=True)
    wrong = np.flatnonzero((classes != expected_classes) | (categories != expected_categories))
    assert wrong.size == 0, [hands[i].tolist() for i in wrong[:5]]
    # The same hands, the same categories; three of a kind now above the straights.
    assert (categories == handeval.evaluate(hands, game="short5")[1]).all()
    best_trips = classes[categories == 3].min()
    assert best_trips < classes[categories == 4].min()


def lowball_oracle(hands: np.ndarray, rule: str) -> tuple[np.ndarray, np.ndarray]:
    """Lowball classes and categories by the rules, with numpy alone: the
    lowest hand wins. Ace-to-five (``"ace5"``): the ace the lowest card, no
    straight or flush, so a hand is its pattern (no pair best, quads worst)
    then its ranks by count and rank, lower better. Deuce-to-seven
    (``"deuce7"``): the ace high only (A-2-3-4-5 is no straight), the
    categories of the high game in reverse, lower ranks better. Classes
    number the distinct keys from the lowest, 1 the best hand."""
    ace_low = rule == "ace5"
    ranks = (hands // 4).astype(np.int64)
    suits = hands % 4
    ranks, by_count, pattern = rank_groups((ranks + 1) % 13 if ace_low else ranks)
    distinct = pattern[:, 0] == 1
    flush = (not ace_low) & (suits == suits[:, :1]).all(axis=1)
    straight = (not ace_low) & distinct & (ranks[:, 0] - ranks[:, 4] == 4)
    category = categories_of(straight, flush, pattern)
    # From the best low: ace-to-five's patterns in the order pairs spoil
    # a hand; deuce-to-seven's categories as the high game's reversed.
    place = {0: 0, 1: 1, 2: 2, 3: 3, 6: 4, 7: 5} if ace_low else {c: c for c in range(9)}
    key = np.vectorize(place.__getitem__)(category)
    for i in range(5):
        key = key * 16 + by_count[:, i]
    distinct_keys = np.unique(key)
    classes = np.searchsorted(distinct_keys, key) + 1
    royal = (category == 8) & (ranks[:, 0] == 12)
    return classes, np.where(royal, 9, category)


@pytest.mark.parametrize("game, classes_of_game", [("ace5", 6175), ("deuce7", 7462)])
def test_every_lowball_hand_has_the_oracles_class_and_category(game, classes_of_game):
    hands = every_five_card_hand()
    classes, categories = handeval.evaluate(hands, game=game)
    expected_classes, expected_categories = lowball_oracle(hands, game)
    assert len(np.unique(expected_classes)) == classes_of_game
    wrong = np.flatnonzero((classes != expected_classes) | (categories != expected_categories))
    assert wrong.size == 0, [hands[i].tolist() for i in wrong[:5]]
    # The best hand of each: the wheel in ace-to-five, suited or not (a
    # straight flush counts for nothing), 7-5-4-3-2 of two suits in
    # deuce-to-seven, where A-2-3-4-5 is ace-high and, suited, a flush.
    suited_wheel, seven_five, wheel = [48, 0, 4, 8, 12], [20, 12, 9, 4, 1], [49, 0, 4, 8, 12]
    classes, categories = handeval.evaluate(np.array([suited_wheel, seven_five, wheel], dtype=np.uint8), game=game)
    names = [handeval.CATEGORIES[c] for c in categories]
    if game == "ace5":
        assert (classes[0], classes[2], names[0]) == (1, 1, "High Card")
    else:
        assert (classes[1], names[0], names[2]) == (1, "Flush", "High Card")


def assert_best_of_their_fives(hands, seven, five):
    """Each seven-card hand's class and category under ``seven`` are those
    of the best of its 21 fives under ``five``; returns the hands' classes
    and categories."""
    classes, categories = handeval.evaluate(hands, game=seven)
    fives = np.array([hand[list(five_)] for hand in hands for five_ in combinations(range(7), 5)])
    five_classes, five_categories = handeval.evaluate(fives, game=five)
    best = five_classes.reshape(-1, 21).argmin(axis=1)
    assert (classes == five_classes.reshape(-1, 21).min(axis=1)).all()
    assert (categories == five_categories.reshape(-1, 21)[np.arange(len(hands)), best]).all()
    return classes, categories


@pytest.mark.parametrize("seven, five", [("short7", "short5"), ("short7t", "short5t")])
def test_seven_short_deck_cards_are_the_best_of_their_fives(seven, five):
    rng = np.random.default_rng(20261128)
    hands = np.array([rng.choice(np.arange(16, 52), 7, replace=False) for _ in range(5000)], dtype=np.uint8)
    # Three nines beside 6-7-8-9-T: the hand whose best five the two orders differ on.
    hands[0] = [28, 29, 30, 19, 21, 24, 32]
    _, categories = assert_best_of_their_fives(hands, seven, five)
    assert handeval.CATEGORIES[categories[0]] == ("Three of a Kind" if five == "short5t" else "Straight")


def badugi_oracle(hands: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Badugi's classes and playing cards by the rules, with numpy alone:
    of the fifteen sets of a hand's cards, those with no rank and no suit
    twice; the most cards, then the lowest ranks compared from the
    highest down (the ace low): ``missing << 13 | rank bits`` is least for
    the best; classes number the distinct values from the least."""
    ranks = (hands // 4 + 1) % 13  # the ace 0, the deuce 1 .. the king 12
    suits = hands % 4
    best = np.full(len(hands), 1 << 20, dtype=np.int64)
    for k in range(1, 5):
        for chosen in combinations(range(4), k):
            ok = np.ones(len(hands), dtype=bool)
            for a, b in combinations(chosen, 2):
                ok &= (ranks[:, a] != ranks[:, b]) & (suits[:, a] != suits[:, b])
            bits = np.zeros(len(hands), dtype=np.int64)
            for a in chosen:
                bits |= 1 << ranks[:, a].astype(np.int64)
            best = np.where(ok, np.minimum(best, ((4 - k) << 13) | bits), best)
    values = np.unique(best)
    return np.searchsorted(values, best) + 1, 4 - (best >> 13)


def test_every_badugi_hand_has_the_oracles_class():
    hands = np.array(list(combinations(range(52), 4)), dtype=np.uint8)
    classes, cards = handeval.evaluate(hands, game="badugi")
    expected, playing = badugi_oracle(hands)
    assert len(np.unique(expected)) == 1092
    assert np.bincount(playing, minlength=5).tolist() == [0, 2873, 96252, 154440, 17160]
    assert np.count_nonzero(classes != expected) == 0
    assert np.count_nonzero(cards != playing) == 0
    # Told by the width: four cards are badugi's.
    assert (handeval.evaluate(hands[:10])[0] == classes[:10]).all()
    # Ac 2d 3h 4s, the best; As 2s 3h 4d plays 4-3-A (the deuce sits out).
    assert handeval.evaluate(np.array([[48, 1, 6, 11], [51, 3, 6, 9]]), game="badugi")[0].tolist() == [1, 718]
    with pytest.raises(ValueError, match="hand 0: Ac twice"):
        handeval.evaluate(np.array([[48, 1, 6, 48]]), game="badugi")
    with pytest.raises(ValueError, match="a hand of badugi has 4 cards, not 5"):
        handeval.evaluate(np.array([[48, 1, 6, 11, 12]]), game="badugi")


def test_razz_is_the_best_ace_to_five_low_of_the_seven():
    # ace5 is held to the rules' oracle over every hand above; razz's
    # seven cards to the best of their 21 fives by it.
    rng = np.random.default_rng(20261129)
    hands = np.array([rng.choice(52, 7, replace=False) for _ in range(5000)], dtype=np.uint8)
    # A-A-2-2-3-3-4, four ranks: the aces pair, A-A-4-3-2; and the wheel
    # beside two kings, 5-4-3-2-A.
    hands[0] = [48, 49, 0, 1, 4, 5, 8]
    hands[1] = [48, 0, 4, 8, 12, 44, 45]
    classes, categories = assert_best_of_their_fives(hands, "razz", "ace5")
    assert handeval.CATEGORIES[categories[0]] == "One Pair"
    assert classes[1] == 1


def low_oracle(hand, hole):
    """The best eight-or-better low of an Omaha hand of ``hole`` hole cards
    (or, for ``hole`` 0, a stud hand, any five of its seven), from the
    rule's words: every five the game allows, aces low, five distinct ranks
    of eight or lower, the least highest first; its class among the 56 lows
    (1 = 5-4-3-2-A), 0 for none."""
    lows = sorted(sorted(c, reverse=True) for c in combinations(range(1, 9), 5))
    low_rank = lambda card: 1 if card // 4 == 12 else card // 4 + 2
    if hole == 0:
        fives = combinations(hand, 5)
    else:
        fives = (two + three for two in combinations(hand[:hole], 2) for three in combinations(hand[hole:], 3))
    best = None
    for five in fives:
        ranks = sorted((low_rank(c) for c in five), reverse=True)
        if len(set(ranks)) == 5 and ranks[0] <= 8 and (best is None or ranks < best):
            best = ranks
    return 0 if best is None else lows.index(best) + 1


@pytest.mark.parametrize(
    "game, hole, cards, share",
    [("omaha8", 4, 9, (0.3, 0.4)), ("bigo", 5, 10, (0.38, 0.48)), ("stud8", 0, 7, (0.15, 0.22))],
)
def test_hi_lo_games_give_the_oracles_lows_and_their_high_games_highs(game, hole, cards, share):
    rng = np.random.default_rng(20261128)
    hands = np.array([rng.choice(52, cards, replace=False) for _ in range(3000)], dtype=np.uint8)
    found = handeval.lows(hands, game)
    expected = np.array([low_oracle(list(h), hole) for h in hands])
    wrong = np.flatnonzero(found != expected)
    assert wrong.size == 0, [(hands[i].tolist(), found[i], expected[i]) for i in wrong[:5]]
    # The share of hands with a low, near the definition's count.
    assert share[0] < (found > 0).mean() < share[1]
    # The high half is the high game's.
    high = {"omaha8": "omaha", "bigo": "omaha5", "stud8": "seven"}[game]
    assert (handeval.evaluate(hands, game=game)[0] == handeval.evaluate(hands, game=high)[0]).all()
    hands[7, 1] = hands[7, 0]
    with pytest.raises(ValueError, match="hand 7: .* twice"):
        handeval.lows(hands, game)
    with pytest.raises(ValueError, match="seven has no low: the Hi-Lo games are omaha8, bigo, stud8"):
        handeval.lows(hands[:, :7], "seven")


@pytest.mark.parametrize(
    "cards, game, message",
    [
        ([[51, 47, 43, 39, 35, 16, 0]], "short7", "hand 0, card 6: 2c is not in the deck of Short deck"),
        ([[51, 47, 43, 39, 35]], "short7", "a hand of short7 has 7 cards, not 5"),
        ([[51, 47, 43, 39, 35]], "pineapple", "no game 'pineapple'; the games are five, six"),
    ],
)
def test_a_named_game_refuses_what_is_not_its_hand(cards, game, message):
    with pytest.raises(ValueError, match=message):
        handeval.evaluate(cards, game=game)


def test_shapes_and_layouts():
    hands = every_five_card_hand()[:1000]
    classes, _ = handeval.evaluate(hands)
    # Another integer dtype, a list, a view with a stride: the same ranks.
    assert (handeval.evaluate(hands.astype(np.int64))[0] == classes).all()
    assert (handeval.evaluate(hands.tolist())[0] == classes).all()
    wide = np.zeros((1000, 10), dtype=np.uint8)
    wide[:, ::2] = hands
    assert (handeval.evaluate(wide[:, ::2])[0] == classes).all()
    empty_classes, empty_categories = handeval.evaluate(np.zeros((0, 7), dtype=np.uint8))
    assert empty_classes.shape == (0,) and empty_categories.shape == (0,)


@pytest.mark.parametrize(
    "cards, error, message",
    [
        ([[51, 47, 43, 39, 52]], ValueError, "hand 0, card 4: 52 is not a card"),
        ([[1, 2, 3, 4, 5], [51, 47, 43, 39, 51]], ValueError, "hand 1: As twice"),
        (np.array([[1, 2, 3, 4, -1]], dtype=np.int64), ValueError, "hand 0, card 4: -1 is not a card"),
        (np.array([[1, 2, 3, 4, 300]]), ValueError, "300 is not a card"),
        (np.array([[1.0, 2, 3, 4, 5]]), TypeError, "integers"),
        (np.zeros((2, 8), dtype=np.uint8), ValueError, "not 8"),
        (np.zeros(7, dtype=np.uint8), ValueError, "2-D"),
    ],
)
def test_bad_input_is_an_exception_naming_it(cards, error, message):
    with pytest.raises(error, match=message):
        handeval.evaluate(cards)


def test_a_bad_row_deep_in_a_batch_split_across_threads_is_named_by_its_place():
    hands = np.tile(np.array([[51, 47, 43, 39, 35, 0, 1]], dtype=np.uint8), (300_000, 1))
    hands[250_001, 6] = 60
    with pytest.raises(ValueError, match="hand 250001, card 6: 60 is not a card"):
        handeval.evaluate(hands)


def test_a_single_hand_by_its_card_numbers_names_what_is_wrong():
    with pytest.raises(ValueError, match="card 4: 52 is not a card"):
        handeval.evaluate_cards(51, 47, 43, 39, 52)
    with pytest.raises(ValueError, match="As twice"):
        handeval.evaluate_cards(51, 47, 43, 39, 51)
    with pytest.raises(ValueError, match="not 4"):
        handeval.evaluate_cards(51, 47, 43, 39)
    # A number no byte holds is Python's own OverflowError, never a wrong card.
    with pytest.raises(OverflowError):
        handeval.evaluate_cards(51, 47, 43, 39, 300)


def test_bad_text_and_bad_ranges_are_value_errors():
    with pytest.raises(ValueError):
        handeval.rank("As Ks Qs Js Xs")
    with pytest.raises(ValueError):
        handeval.rank("As As Qs Js Ts")
    with pytest.raises(ValueError, match="range"):
        handeval.equity(["AA", "ZZ"])
    with pytest.raises(ValueError):
        handeval.estimate(["AA", "KK"], stderr=1e-9)


def test_equity_exact_and_estimated():
    exact = handeval.equity(["AsAh", "KsKh"], "2c 7d 9h")
    assert isinstance(exact, handeval.Equity)
    assert exact.games == 990 and exact.deals == 1
    assert abs(sum(exact.equity) - 1) < 1e-12
    estimate = handeval.estimate(["AsAh", "KsKh"], "2c 7d 9h", seed=7, stderr=0.005)
    assert isinstance(estimate, handeval.Estimate)
    assert abs(estimate.equity[0] - exact.equity[0]) < 5 * estimate.stderr[0]


def test_range_counts_are_the_published_ones_and_per_combo_adds_up():
    # AA against KK preflop, counted by the lab's Rust tests against the
    # published figures.
    e = handeval.equity(["AA", "KK"])
    assert e.counts[0] == (50371344.0, 285228.0, 10986372.0)
    assert e.games == 61642944 and e.deals == 36
    for p, combos in enumerate(e.per_combo):
        assert len(combos) == 6
        assert abs(sum(c.share for c in combos) - 1) < 1e-12
        assert abs(sum(c.share * c.equity for c in combos) - e.equity[p]) < 1e-12


CARD_RANKS, CARD_SUITS = "23456789TJQKA", "cdhs"


def numbers(text: str) -> list[int]:
    """Card numbers of ``text`` (``"As Kd"``), as the package numbers them."""
    return [4 * CARD_RANKS.index(c[0]) + CARD_SUITS.index(c[1]) for c in text.split()]


def every_board_equity(game: str, hands: list[str], board: str, deck: int = 52):
    """Each hand's equity over every board from the package's batch calls
    alone (``evaluate``, ``lows``): rows of hole cards then the board,
    ranked, each pot shared by the best high (and, in a Hi-Lo game, split
    with the best qualifying low) -- the Rust showdown's count by another
    path."""
    holes = [numbers(h) for h in hands]
    known = [c for h in holes for c in h] + numbers(board)
    lowest = 52 - deck
    rest = [c for c in range(lowest, 52) if c not in known]
    need = 5 - len(numbers(board))
    boards = np.array(list(combinations(rest, need)), dtype=np.uint8).reshape(-1, need)
    fixed = np.array(numbers(board), dtype=np.uint8)
    full = np.hstack([np.broadcast_to(fixed, (len(boards), len(fixed))), boards])
    ranks, lows = [], []
    for hole in holes:
        rows = np.hstack([np.broadcast_to(np.array(hole, dtype=np.uint8), (len(full), len(hole))), full])
        rows = np.ascontiguousarray(rows)
        ranks.append(handeval.evaluate(rows, game)[0].astype(np.int64))
        if game in ("omaha8", "bigo"):
            lows.append(handeval.lows(rows, game).astype(np.int64))
    ranks = np.array(ranks)
    best = ranks.min(axis=0)
    high_winners = ranks == best
    share = np.zeros(ranks.shape)
    if lows:
        lows = np.where(np.array(lows) == 0, 10**6, np.array(lows))
        best_low = lows.min(axis=0)
        low_winners = (lows == best_low) & (best_low < 10**6)
        has_low = low_winners.any(axis=0)
        share += np.where(has_low, 0.5, 1.0) * high_winners / high_winners.sum(axis=0)
        share += np.where(has_low, 0.5, 0.0) * low_winners / np.maximum(low_winners.sum(axis=0), 1)
    else:
        share += high_winners / high_winners.sum(axis=0)
    return share.mean(axis=1), len(full)


@pytest.mark.parametrize(
    "game, hands, board, deck",
    [
        ("seven", ["As Ah", "Ks Kh", "7c 8c"], "2c 9h 3d", 52),
        ("short7", ["As Ah", "Ks Qs"], "6c 9h Tc", 36),
        ("short7t", ["As Ah", "Ks Qs"], "6c 9h Tc", 36),
        ("omaha", ["As Ah 2c 3d", "Ks Kh Qc Jd"], "4h 9c Td", 52),
        ("omaha5", ["As Ah 2c 3d 4h", "Ks Kh Qc Jd Td"], "4s 9c 7d", 52),
        ("omaha6", ["As Ah 2c 3d 4h 5h", "Ks Kh Qc Jd Td 9d"], "4s 9c 7d 8s", 52),
        ("omaha8", ["As Ah 2c 3d", "Ks Kh Qc Jd", "4s 5s 6c 7c"], "8d 2h Tc", 52),
        ("bigo", ["As Ah 2c 3d 4h", "Ks Kh Qc Jd Td"], "5s 9c 7d", 52),
    ],
)
def test_every_game_with_a_board_counts_what_the_batch_calls_count(game, hands, board, deck):
    counted = handeval.equity(hands, board, game=game)
    expected, boards = every_board_equity(game, hands, board, deck)
    if game in ("omaha8", "bigo"):
        assert isinstance(counted, handeval.HiLoEquity)
        assert counted.boards == boards and 0 <= counted.split <= boards
        assert all(0 <= s <= boards for s in counted.scoops)
    else:
        assert isinstance(counted, handeval.Equity)
        assert counted.games == boards
        for w, t, lost in counted.counts:
            assert w + t + lost == boards
    assert counted.game == game
    assert np.allclose(counted.equity, expected, atol=1e-12), (counted.equity, expected)
    # And estimated: within five standard errors of the count (one seeded
    # run, never a flaky one).
    estimated = handeval.estimate(hands, board, seed=3, stderr=0.005, game=game)
    assert isinstance(estimated, handeval.Estimate) and estimated.games >= 4096
    for e, s, x in zip(estimated.equity, estimated.stderr, expected):
        assert abs(e - x) < 5 * s + 1e-12, (game, e, s, x)


def test_a_games_bad_hand_or_name_is_a_value_error():
    with pytest.raises(ValueError, match="not in the deck of short-deck"):
        handeval.equity(["As Ah", "5s 5h"], game="short7")
    with pytest.raises(ValueError, match="no game `nope`"):
        handeval.equity(["As Ah", "Ks Kh"], game="nope")
    with pytest.raises(ValueError, match="no game `nope`"):
        handeval.estimate(["As Ah", "Ks Kh"], game="nope")
    with pytest.raises(ValueError, match="stderr must be at least"):
        handeval.estimate(["As Ad Ks Kd", "Qs Qc Jd Th"], stderr=1e-9, game="omaha")
    with pytest.raises(ValueError, match="board of five"):
        handeval.equity(["As Ah 2c 3d 4h 5h 6h", "Ks Kh Qc Jd Td 9d 8d"], game="stud8")
    with pytest.raises(ValueError, match="As is given twice"):
        handeval.equity(["As Ad Ks Kd", "As Qc Jd Th"], game="omaha")
    with pytest.raises(ValueError, match="player 2's hand"):
        handeval.equity(["As Ad Ks Kd", "Xs Qc Jd Th"], game="omaha")


def _class_equities_are_the_tables(versus, t):
    """Asserts each made class's equity in the breakdown ``versus`` is its
    combos' from the table ``t``, weighted by the opposing weight each
    meets; the classes with an equity."""
    rows = {r.cards: r for r in t.rows}
    equities = 0
    for name, line in versus.made.items():
        of = [rows[h.cards] for h in versus.hands if h.made == name and rows[h.cards].equity is not None]
        deals = sum(r.weight * r.against for r in of)
        if line.equity is None:
            assert deals == 0
        else:
            equities += 1
            assert abs(line.equity - sum(r.weight * r.against * r.equity for r in of) / deals) < 1e-12
    return equities


def test_a_breakdown_adds_up_and_matches_the_table():
    b = handeval.breakdown("random", "2c7d9h")
    assert (b.combos, b.weight) == (1176, 1176.0)
    assert b.made["set"].combos == 9 and b.made["overpair"].combos == 30
    assert b.draws["open-ended"].combos == 32 and b.draws["flush draw"].combos == 0
    assert sum(line.combos for line in b.made.values()) == 1176
    assert abs(sum(line.share for line in b.made.values()) - 1) < 1e-12
    assert all(line.equity is None for line in b.made.values())
    assert len(b.hands) == 1176
    assert sum(h.made == "set" for h in b.hands) == 9
    # Against a range, each class's equity is its combos' from the table,
    # weighted by the opposing weight each meets.
    hero, villain, board = "22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+", "TT+,AQs+,0.5(AKo)", "Ts9s4d"
    versus = handeval.breakdown(hero, board, versus=villain)
    assert _class_equities_are_the_tables(versus, handeval.table(hero, villain, board)) > 3
    with pytest.raises(ValueError, match="board of 2 cards"):
        handeval.breakdown("random", "2c7d")
    with pytest.raises(ValueError, match="player 2's range"):
        handeval.breakdown("random", "2c7d9h", versus="ZZ")


@pytest.mark.parametrize("game", ["short7", "short7t"])
def test_a_short_deck_breakdown_adds_up_and_matches_its_table(game):
    # Short deck's classes by its own deck and ranking: A-6 is a straight
    # on 9-8-7 (A-6-7-8-9), and `random` is its 36 cards' combos.
    b = handeval.breakdown("random", "9h8d7c", game=game)
    assert (b.combos, b.weight) == (528, 528.0)
    assert b.made["straight"].combos == 48
    assert sum(line.combos for line in b.made.values()) == 528
    assert list(b.made)[:4] == ["straight flush", "quads", "flush", "full house"]
    # With trips above the straight, a set or trips outranks it.
    river = handeval.breakdown("9sTs", "9c9d8h7cJd", game=game)
    assert river.hands[0].made == ("trips" if game == "short7t" else "straight")
    # Against a range, each class's equity is its combos' from the
    # game's table, weighted by the opposing weight each meets.
    hero, villain, board = "66+,A6s+,K9s+,QTs+,JTs,ATo+,KJo+", "TT+,AQs+,0.5(AKo)", "Ts9s7dKc"
    versus = handeval.breakdown(hero, board, versus=villain, game=game)
    assert _class_equities_are_the_tables(versus, handeval.table(hero, villain, board, game=game)) > 3
    with pytest.raises(ValueError, match="2c is not in the deck"):
        handeval.breakdown("random", "2c7d9h", game=game)
    with pytest.raises(ValueError, match="5[cdhs] is not in the deck"):
        handeval.breakdown("55", "Th9d8c", game=game)


def test_a_table_is_the_exact_counts_per_combo():
    # Every combo against a range by one call: the same equities as the
    # exact count's combo by combo, another of the lab's paths.
    hero, villain, board = "random", "QQ+,AKs", "2c7d9h"
    t = handeval.table(hero, villain, board)
    assert isinstance(t, handeval.Table) and len(t.rows) == 1176
    e = handeval.equity([hero, villain], board)
    by_cards = {c.cards: c for c in e.per_combo[0]}
    for r in t.rows:
        if r.equity is not None:
            assert abs(r.equity - by_cards[r.cards].equity) < 1e-12
    assert abs(t.equity - e.equity[0]) < 1e-12
    assert t.games == e.games
    flops = handeval.flops("random", "QQ+,AKs")
    assert len(flops) == 1755 and sum(n for _, n in flops) == 22100
    with pytest.raises(ValueError, match="player 1's range"):
        handeval.table("ZZ", "AA")

def test_every_game_with_a_board_has_a_table_held_to_its_pairs():
    # Each row is the mean of its pairs' exact counts by equity(), which
    # counts a matchup of two hands another way (the registry's showdown).
    cases = [
        ("omaha", ["AhAsKhQs", "9c8d7c6d"], ["KcKdJcTd", "AdQd9h8h"], "Ac5c2d"),
        ("omaha5", ["AhAsKhQs2c", "9c8d7c6d3s"], ["KcKdJcTd4h"], "Ac5c2d"),
        ("omaha8", ["Ah2h3sKs", "4d5d9c9h"], ["As3hQcQh", "2d4cJsTs"], "Ac5c8d"),
        ("short7", ["AhKh", "9s9d"], ["AsKs", "QhJh"], "Th7h6c"),
    ]
    for game, hero, villain, board in cases:
        t = handeval.table(hero, villain, board, game=game)
        assert len(t.rows) == len(hero)
        for row, hand in zip(t.rows, hero):
            met = [v for v in villain if not set(zip(hand[::2], hand[1::2])) & set(zip(v[::2], v[1::2]))]
            pairs = [handeval.equity([hand, v], board, game=game).equity[0] for v in met]
            assert row.against == len(met)
            assert abs(row.equity - sum(pairs) / len(pairs)) < 1e-9, (game, hand)
    # Short deck's ranges: `random` is its 36 cards' combos, a two is refused.
    assert len(handeval.table("random", "AA", "Th7h6c", game="short7").rows) == 528
    with pytest.raises(ValueError, match="2d is not in the deck"):
        handeval.table("22+", "AA", game="short7")
    with pytest.raises(ValueError, match="player 1's hand 2"):
        handeval.table("AhAsKhQs, 9c8d7c", "KcKdJcTd", "Ac5c2d", game="omaha")
    with pytest.raises(ValueError, match="no game"):
        handeval.table("AA", "KK", game="nope")
    with pytest.raises(ValueError, match="not cards held and a board|not defined|Omaha"):
        handeval.breakdown("random", "Th7h6c", game="omaha")
