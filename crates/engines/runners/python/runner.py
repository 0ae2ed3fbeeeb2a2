"""handeval's Python runner: requests on standard input, each answered on
standard output in turn until the input ends, as PROTOCOL.md (beside this
folder) says. It uses the standard library and the engine's package only.

    python runner.py < requests       # answer each request
    python runner.py --version NAME   # the version of NAME's package

Each engine is an adapter below: given the game, it returns how to turn a
hand (card indices, 4 * rank + suit, suits c d h s) into the package's own
representation (outside the timing), how to evaluate one prepared hand into
an integer (the `call` model) and, where the package has one, how to
evaluate a list of them at once (the `batch` model); optionally a fourth,
how to turn a block of prepared hands into what the batch call takes (a
numpy array), also outside the timing.
"""

import importlib.metadata
import platform
import sys
import time

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def card_name(c):
    return RANKS[c >> 2] + SUITS[c & 3]


ADAPTERS = {}
PACKAGES = {}


def adapter(name, package):
    def register(make):
        ADAPTERS[name] = make
        PACKAGES[name] = package
        return make

    return register


class Unsupported(Exception):
    pass


@adapter("py/null", None)
def null(game, hole):
    # The loop and the protocol, no evaluation: the language's floor.
    return (lambda h: h), (lambda p: 0), (lambda ps: [0] * len(ps))


@adapter("py/eval7", "eval7")
def eval7_adapter(game, hole):
    if hole:
        raise Unsupported(game)
    import eval7

    deck = [eval7.Card(card_name(c)) for c in range(52)]
    return (lambda h: [deck[c] for c in h]), eval7.evaluate, None


@adapter("py/phevaluator", "phevaluator")
def phevaluator_adapter(game, hole):
    import phevaluator

    if hole == 0:
        evaluate = phevaluator.evaluate_cards
        return (lambda h: tuple(h)), (lambda p: evaluate(*p)), None
    if hole == 4 and game == "omaha":
        evaluate = phevaluator.evaluate_omaha_cards
        # The board first, then the four hole cards.
        return (lambda h: tuple(h[4:] + h[:4])), (lambda p: evaluate(*p)), None
    raise Unsupported(game)


@adapter("py/treys", "treys")
def treys_adapter(game, hole):
    if hole:
        raise Unsupported(game)
    from treys import Card, Evaluator

    deck = [Card.new(card_name(c)) for c in range(52)]
    evaluator = Evaluator()
    evaluate = evaluator.evaluate
    return (
        (lambda h: ([deck[c] for c in h[:2]], [deck[c] for c in h[2:]])),
        (lambda p: evaluate(p[0], p[1])),
        None,
    )


@adapter("py/pokerkit", "pokerkit")
def pokerkit_adapter(game, hole):
    import pokerkit

    deck = [next(iter(pokerkit.Card.parse(card_name(c)))) for c in range(52)]
    # Its hand types by the lab's game ids. The low hands' lookups index
    # the best low 0 (`entry.index` grows as a low gets worse), where its
    # highs index the best high last: a low's index is negated, so that
    # every answer of the engine is higher for the better hand. Stud8's
    # value is its low (the high is seven's): a hand with no eight-or-better
    # low has no EightOrBetterLowHand, and answers below every low.
    kinds = {
        "five": (pokerkit.StandardHighHand, 1),
        "six": (pokerkit.StandardHighHand, 1),
        "seven": (pokerkit.StandardHighHand, 1),
        "short5": (pokerkit.ShortDeckHoldemHand, 1),
        "short7": (pokerkit.ShortDeckHoldemHand, 1),
        "ace5": (pokerkit.RegularLowHand, -1),
        "razz": (pokerkit.RegularLowHand, -1),
        "deuce7": (pokerkit.StandardLowHand, -1),
        "stud8": (pokerkit.EightOrBetterLowHand, -1),
        "badugi": (pokerkit.BadugiHand, -1),
        "omaha": (pokerkit.OmahaHoldemHand, 1),
    }
    if game not in kinds or hole not in (0, 4):
        raise Unsupported(game)
    kind, sign = kinds[game]
    split = hole or 2
    prepare = lambda h: ([deck[c] for c in h[:split]], [deck[c] for c in h[split:]])
    if game == "stud8":
        from_game_or_none = kind.from_game_or_none
        # Below every low's -index (its 56 lows are indexed 0 to 55).
        none = -(1 << 40)

        def low(p):
            hand = from_game_or_none(p[0], p[1])
            return none if hand is None else sign * hand.entry.index

        return prepare, low, None
    from_game = kind.from_game
    return prepare, (lambda p: sign * from_game(p[0], p[1]).entry.index), None


@adapter("py/holdem-hand-evaluator", "holdem-hand-evaluator")
def holdem_hand_evaluator_adapter(game, hole):
    if hole:
        raise Unsupported(game)
    import holdem_hand_evaluator

    return (lambda h: "".join(card_name(c) for c in h)), holdem_hand_evaluator.evaluate_hand, None


@adapter("py/pokerfast", "pokerfast")
def pokerfast_adapter(game, hole):
    if game != "seven":
        raise Unsupported(game)
    import pokerfast
    from pokerfast import equity

    return (lambda h: tuple(card_name(c) for c in h)), pokerfast.eval7, equity.evaluate


@adapter("py/pypokerengine", "PyPokerEngine")
def pypokerengine_adapter(game, hole):
    if hole:
        raise Unsupported(game)
    from pypokerengine.engine.card import Card
    from pypokerengine.engine.hand_evaluator import HandEvaluator

    # Its cards: a suit flag (clubs 2, diamonds 4, hearts 8, spades 16)
    # and a rank of 2 to 14.
    deck = [Card(2 << (c & 3), (c >> 2) + 2) for c in range(52)]
    evaluate = HandEvaluator.eval_hand
    # Two hole cards, then the board.
    return (
        (lambda h: ([deck[c] for c in h[:2]], [deck[c] for c in h[2:]])),
        (lambda p: evaluate(p[0], p[1])),
        None,
    )


@adapter("py/handeval", "handeval")
def handeval_adapter(game, hole):
    # The lab's own package: cards are already its numbers, hole cards
    # first. Its batch takes a numpy array, made from the block outside the
    # timing (the fourth item), as a user's array already is.
    import numpy
    import handeval

    evaluate_cards, evaluate = handeval.evaluate_cards, handeval.evaluate
    return (
        (lambda h: tuple(h)),
        (lambda p: evaluate_cards(*p)),
        (lambda array: evaluate(array)[0]),
        (lambda part: numpy.array(part, dtype=numpy.uint8)),
    )


def read_request(stream):
    """The records `key:length:value\\n` of the next request, by key, up to
    and including its `end` record; None when the input has ended."""
    fields = {}
    while True:
        key = bytearray()
        while True:
            c = stream.read(1)
            if not c:
                if fields or key:
                    raise ValueError("the input ended inside a request")
                return None
            if c == b":":
                break
            key += c
        length = bytearray()
        while True:
            c = stream.read(1)
            if not c:
                raise ValueError("the input ended inside a record")
            if c == b":":
                break
            length += c
        n = int(length)
        value = stream.read(n) if n else b""
        if len(value) != n or stream.read(1) != b"\n":
            raise ValueError("record %s: not %d bytes and a newline" % (key.decode(), n))
        key = key.decode()
        if key == "end":
            return fields
        fields[key] = value.decode()


class Runner:
    """What a runner keeps between the requests of one timing: the loaded
    blocks, prepared (and packed) outside any timing."""

    def __init__(self):
        self.loaded = None

    def made(self, fields):
        name = fields["engine"]
        if name not in ADAPTERS:
            raise ValueError("no engine %s in the Python runner" % name)
        game, hole = fields["game"], int(fields["hole"])
        made = ADAPTERS[name](game, hole)
        prepare, call, batch = made[:3]
        # A batch's input as the package takes it (a numpy array), where
        # that is not a list of prepared hands: made outside the timing, as
        # a hand's own representation is.
        pack = made[3] if len(made) > 3 else (lambda part: part)
        if fields["model"] == "batch" and batch is None:
            raise Unsupported("the batch model")
        return prepare, call, batch, pack

    @staticmethod
    def hands(fields):
        cards, count = int(fields["cards"]), int(fields["count"])
        lines = fields["hands"].splitlines()
        flat = list(map(int, fields["hands"].split()))
        if len(lines) != count or len(flat) != count * cards:
            raise ValueError("the hands are not %d hands of %d cards" % (count, cards))
        return [flat[i : i + cards] for i in range(0, len(flat), cards)]

    def answer(self, fields, out):
        if fields.get("protocol") != "2":
            raise ValueError("protocol %r, this runner speaks 2" % fields.get("protocol"))
        task = fields.get("task")
        if task == "check":
            prepare, call, batch, pack = self.made(fields)
            prepared = [prepare(h) for h in self.hands(fields)]
            if fields["model"] == "batch":
                values = batch(pack(prepared))
            else:
                values = [call(p) for p in prepared]
            out.write("".join("%d\n" % v for v in values))
            out.write("end,%d\n" % len(values))
        elif task == "load":
            prepare, call, batch, pack = self.made(fields)
            prepared = [prepare(h) for h in self.hands(fields)]
            block = int(fields["block"])
            blocks = [prepared[i : i + block] for i in range(0, len(prepared), block)]
            if fields["model"] == "batch":
                self.loaded = ("batch", batch, [(pack(b), len(b)) for b in blocks])
            else:
                self.loaded = ("call", call, [(b, len(b)) for b in blocks])
            out.write("end,%d\n" % len(prepared))
        elif task == "turn":
            if self.loaded is None:
                raise ValueError("a turn before any load")
            model, evaluate, blocks = self.loaded
            part, count = blocks[int(fields["block"])]
            passes, warm = int(fields["passes"]), fields["warm"] == "1"
            clock = time.perf_counter_ns
            lines = []
            sink = 0
            for i in range(passes + (1 if warm else 0)):
                if model == "batch":
                    began = clock()
                    values = evaluate(part)
                    took = clock() - began
                    sink ^= len(values)
                else:
                    last = None
                    began = clock()
                    for p in part:
                        last = evaluate(p)
                    took = clock() - began
                    sink ^= hash(last)
                if i > 0 or not warm:
                    lines.append("%d,%d\n" % (max(took, 1), count))
            out.write("".join(lines))
            out.write("end,%d\n" % len(lines))
        else:
            raise ValueError("no task %r" % task)
        out.flush()


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--version":
        name = sys.argv[2]
        if name not in PACKAGES:
            print("no engine %s in the Python runner" % name, file=sys.stderr)
            return 2
        package = PACKAGES[name]
        if package is None:
            print("%s %s" % (platform.python_implementation(), platform.python_version()))
        else:
            print(importlib.metadata.version(package))
        return 0
    runner = Runner()
    stream = sys.stdin.buffer
    while True:
        try:
            fields = read_request(stream)
            if fields is None:
                return 0
            runner.answer(fields, sys.stdout)
        except Unsupported as e:
            sys.stdout.write("error,unsupported: %s\n" % e)
            sys.stdout.flush()
            return 3
        except Exception as e:  # every failure is an answer the lab reads
            sys.stdout.write("error,%s: %s\n" % (type(e).__name__, str(e).replace("\n", " ")))
            sys.stdout.flush()
            return 1


if __name__ == "__main__":
    sys.exit(main())
