"""A runner that breaks the protocol on purpose, as its first argument says:
the lab must catch each way with the engine named, and never hang.

    wrong-value   answers the highest card's rank: values that order hands wrongly
    wrong-count   one value short, with an end line that says so
    garbage       a line that is no number
    nothing       exits at once, answering nothing
    crash         raises an exception, as a package might
    sleep         never answers
    turn-sleep    loads, then never answers a turn
    turn-crash    loads, then dies in a turn
    equity        counts 990 boards of two players: 600 and 370 wins, 20 ties each
"""
import sys
import time

mode = sys.argv[1]
stream = sys.stdin.buffer


def request():
    """The next request's records, by key (None at the end of the input)."""
    fields = {}
    while True:
        key = b""
        while True:
            c = stream.read(1)
            if not c:
                return None
            if c == b":":
                break
            key += c
        n = b""
        while True:
            c = stream.read(1)
            if c == b":":
                break
            n += c
        value = stream.read(int(n))
        stream.read(1)
        if key == b"end":
            return fields
        fields[key.decode()] = value.decode()


if mode == "nothing":
    sys.exit(0)
if mode == "sleep":
    time.sleep(600)
while True:
    fields = request()
    if fields is None:
        break
    if fields["task"] == "turn":
        if mode == "turn-sleep":
            time.sleep(600)
        if mode == "turn-crash":
            print("the package fell over in a turn", file=sys.stderr)
            sys.exit(1)
    if fields["task"] == "equity" and mode == "equity":
        passes = int(fields["passes"])
        print("".join("%d,990\n" % (1000 + i) for i in range(passes)), end="")
        print("player,600,20\nplayer,370,20\nend,%d" % passes, flush=True)
        continue
    hands = [[int(c) for c in h.split()] for h in fields.get("hands", "").splitlines() if h]
    if fields["task"] == "load":
        print("end,%d" % len(hands), flush=True)
    elif mode == "wrong-value":
        print("".join("%d\n" % max(c >> 2 for c in h) for h in hands), end="")
        print("end,%d" % len(hands))
    elif mode == "wrong-count":
        print("".join("%d\n" % 1 for h in hands[1:]), end="")
        print("end,%d" % (len(hands) - 1))
    elif mode == "garbage":
        print("banana")
        print("end,1")
    elif mode == "crash":
        raise RuntimeError("the package fell over")
    else:
        print("".join("0\n" for h in hands), end="")
        print("end,%d" % len(hands), flush=True)
