"""A runner that breaks the protocol on purpose, as its first argument says:
the lab must catch each way with the engine named, and never hang.

    wrong-value   answers the highest card's rank: values that order hands wrongly
    wrong-count   one value short, with an end line that says so
    garbage       a line that is no number
    nothing       exits at once, answering nothing
    crash         raises an exception, as a package might
    sleep         never answers
"""
import sys
import time

mode = sys.argv[1]
data = sys.stdin.buffer.read()
# The hands record is the last one: its lines are the hands.
hands = data.split(b"hands:", 1)[1].split(b":", 1)[1].decode().splitlines()
hands = [[int(c) for c in h.split()] for h in hands if h]
if mode == "wrong-value":
    print("".join("%d\n" % max(c >> 2 for c in h) for h in hands), end="")
    print("end,%d" % len(hands))
elif mode == "wrong-count":
    print("".join("%d\n" % 1 for h in hands[1:]), end="")
    print("end,%d" % (len(hands) - 1))
elif mode == "garbage":
    print("banana")
    print("end,1")
elif mode == "nothing":
    pass
elif mode == "crash":
    raise RuntimeError("the package fell over")
elif mode == "sleep":
    time.sleep(600)
