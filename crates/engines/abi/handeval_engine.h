/*
 * The lab's C ABI: how a user's evaluator, in any language that can export C
 * functions, plugs into handeval's checks and timings.
 *
 * Build a shared library exporting the two functions below and point the lab
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
 * The library must not print, exit, keep pointers to the buffers, or start
 * threads in its initialisers: the lab loads it into its own process.
 */
#ifndef HANDEVAL_ENGINE_H
#define HANDEVAL_ENGINE_H

#include <stddef.h>
#include <stdint.h>

#define HANDEVAL_ENGINE_ABI 1

#ifdef __cplusplus
extern "C" {
#endif

/* Returns HANDEVAL_ENGINE_ABI: the lab refuses a library of another version. */
uint32_t handeval_engine_abi(void);

/*
 * Writes one value per hand into values[0 .. count]: `hands` holds
 * count * cards bytes, hand after hand. Returns 0, or nonzero (nothing
 * written) when the library does not evaluate hands of this shape.
 */
int32_t handeval_engine_evaluate(uint32_t cards, uint32_t hole,
                                 const uint8_t *hands, size_t count,
                                 int64_t *values);

#ifdef __cplusplus
}
#endif

#endif
