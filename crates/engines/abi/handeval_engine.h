/*
 * The lab's C ABI: how a user's evaluator, in any language that can export C
 * functions, plugs into handeval's checks.
 *
 * Build a shared library exporting the functions below and point the lab
 * at it:
 *
 *     cc -O2 -shared -fPIC -o libmine.so mine.c
 *     cargo xtask engines check --library ./libmine.so
 *
 * Cards are numbered 4 * rank + suit: ranks 2 to ace are 0 to 12, suits
 * clubs, diamonds, hearts, spades are 0 to 3 (As is 51, 2c is 0).
 * A hand is `cards` bytes, its `hole` hole cards first (0 for Hold'em; 4 for
 * Omaha, where a hand is two of them and three of the five board cards).
 *
 * The values are on the evaluator's own scale; the lab only needs them to
 * order hands: a higher value is a stronger hand (negate them otherwise),
 * equal values a split pot. The lab derives the map from values to the 7,462
 * classes itself and counts every hand the values order wrongly.
 *
 * Where it runs. The lab loads a user's library into a process of its own
 * (`cargo xtask engines serve-library`), never into the lab's: a crash, a
 * hang or garbage is reported as that engine's failure, and the lab goes on
 * with the other games and engines. That process calls these functions from
 * ONE thread, one request at a time; the lab may run several such processes
 * at once. No function needs to be reentrant: static scratch data is safe.
 * The library must not print to standard output (the protocol's) or keep
 * pointers to the buffers after a call returns.
 *
 * Version 2 adds handeval_engine_games: a game's deck and ranking are told by
 * its id, not by its number of cards (a short-deck hand has Hold'em's), so
 * the library says which games it evaluates and gets no others. A library of
 * version 1 is still taken, and given the standard-deck games only (five,
 * six, seven, omaha, omaha5, omaha6): the games its cards and hole tell.
 */
#ifndef HANDEVAL_ENGINE_H
#define HANDEVAL_ENGINE_H

#include <stddef.h>
#include <stdint.h>

#define HANDEVAL_ENGINE_ABI 2

#ifdef __cplusplus
extern "C" {
#endif

/* Returns HANDEVAL_ENGINE_ABI: the lab takes versions 1 and 2. */
uint32_t handeval_engine_abi(void);

/*
 * The lab's ids of the games the library evaluates, separated by commas
 * ("five,six,seven,omaha"; `cargo xtask list --games` lists the ids). The
 * string must live as long as the library. Required from version 2.
 */
const char *handeval_engine_games(void);

/*
 * Writes one value per hand into values[0 .. count]: `hands` holds
 * count * cards bytes, hand after hand, all of one game. Returns 0, or
 * nonzero (nothing written) when the library does not evaluate hands of
 * this shape.
 */
int32_t handeval_engine_evaluate(uint32_t cards, uint32_t hole,
                                 const uint8_t *hands, size_t count,
                                 int64_t *values);

#ifdef __cplusplus
}
#endif

#endif
