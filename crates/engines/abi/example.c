/*
 * A plain evaluator against the lab's C ABI, written for the test of that
 * path: what a user's evaluator looks like when it plugs in.
 *
 * A five-card hand's value is its category in the top bits and the ranks
 * that break ties below, most significant first, four bits each: counts of
 * each rank sorted by (count, rank) give the pairs, trips and kickers; a
 * flush or a straight (the wheel's top card the five) decides the rest.
 * Six and seven cards take the best of their fives, Omaha the best of its
 * two hole and three board cards. Slow and obvious on purpose.
 */
#include "handeval_engine.h"

static int64_t five(const uint8_t *c) {
    int count[13] = {0};
    int flush = 1;
    for (int i = 0; i < 5; i++) {
        count[c[i] >> 2]++;
        if ((c[i] & 3) != (c[0] & 3)) flush = 0;
    }
    /* ranks ordered by (count, rank), highest first */
    int order[5], n = 0;
    for (int k = 4; k >= 1; k--)
        for (int r = 12; r >= 0; r--)
            if (count[r] == k) order[n++] = r;
    int straight_top = -1;
    if (n == 5) {
        if (order[0] - order[4] == 4) straight_top = order[0];
#ifndef HANDEVAL_TEST_NO_WHEEL
        else if (order[0] == 12 && order[1] == 3) straight_top = 3; /* A-2-3-4-5 */
#endif
    }
    int category;
    if (straight_top >= 0 && flush) category = 8;
    else if (count[order[0]] == 4) category = 7;
    else if (count[order[0]] == 3 && count[order[1]] == 2) category = 6;
    else if (flush) category = 5;
    else if (straight_top >= 0) category = 4;
    else if (count[order[0]] == 3) category = 3;
    else if (count[order[0]] == 2 && count[order[1]] == 2) category = 2;
    else if (count[order[0]] == 2) category = 1;
    else category = 0;
    int64_t value = category;
    if (straight_top >= 0) return (value << 20) | straight_top;
    for (int i = 0; i < 5; i++) value = (value << 4) | (i < n ? order[i] : 0);
    return value;
}

/* The best of the fives among `k` cards. */
static int64_t best(const uint8_t *cards, int k) {
    int64_t top = -1;
    uint8_t pick[5];
    for (int a = 0; a < k; a++)
        for (int b = a + 1; b < k; b++)
            for (int c = b + 1; c < k; c++)
                for (int d = c + 1; d < k; d++)
                    for (int e = d + 1; e < k; e++) {
                        pick[0] = cards[a]; pick[1] = cards[b]; pick[2] = cards[c];
                        pick[3] = cards[d]; pick[4] = cards[e];
                        int64_t v = five(pick);
                        if (v > top) top = v;
                    }
    return top;
}

static int64_t omaha(const uint8_t *cards, int hole, int board) {
    int64_t top = -1;
    uint8_t pick[5];
    const uint8_t *b = cards + hole;
    for (int h1 = 0; h1 < hole; h1++)
        for (int h2 = h1 + 1; h2 < hole; h2++)
            for (int x = 0; x < board; x++)
                for (int y = x + 1; y < board; y++)
                    for (int z = y + 1; z < board; z++) {
                        pick[0] = cards[h1]; pick[1] = cards[h2];
                        pick[2] = b[x]; pick[3] = b[y]; pick[4] = b[z];
                        int64_t v = five(pick);
                        if (v > top) top = v;
                    }
    return top;
}

/*
 * The lab's tests build this file again with one of these defined, each a
 * way a user's library can go wrong (`build.rs`, `abi/tests`):
 *   HANDEVAL_TEST_CRASH     dies on a five-card wheel (A-2-3-4-5)
 *   HANDEVAL_TEST_HANG      never returns on that hand
 *   HANDEVAL_TEST_RACY      works through one static buffer: wrong when two
 *                           threads call it at once, right on one
 *   HANDEVAL_TEST_NO_WHEEL  the wheel is no straight, in every game
 *   HANDEVAL_TEST_ABI_1     a library of version 1: no list of games
 */
#if defined(HANDEVAL_TEST_CRASH) || defined(HANDEVAL_TEST_HANG)
static int wheel(const uint8_t *h, uint32_t cards) {
    /* A five-card A-2-3-4-5 of any suits: the first of the checks'
       pitfall hands, so every sample holds one. */
    if (cards != 5) return 0;
    unsigned ranks = 0;
    for (uint32_t i = 0; i < 5; i++) ranks |= 1u << (h[i] / 4);
    return ranks == 0x100Fu;
}
#endif

#ifdef HANDEVAL_TEST_RACY
static uint8_t scratch[16];
#endif

static int64_t value_of(const uint8_t *h, uint32_t cards, uint32_t hole) {
#if defined(HANDEVAL_TEST_CRASH)
    if (wheel(h, cards)) {
        volatile int *nowhere = 0;
        *nowhere = 1;
    }
#elif defined(HANDEVAL_TEST_HANG)
    if (wheel(h, cards))
        for (volatile int forever = 1; forever;) {
        }
#endif
#ifdef HANDEVAL_TEST_RACY
    for (uint32_t i = 0; i < cards; i++) scratch[i] = h[i];
    /* Time for another thread to overwrite the buffer. */
    for (volatile int spin = 0; spin < 200; spin++) {
    }
    h = scratch;
#endif
    return hole == 0 ? best(h, (int)cards) : omaha(h, (int)hole, (int)(cards - hole));
}

uint32_t handeval_engine_abi(void) {
#ifdef HANDEVAL_TEST_ABI_1
    return 1;
#else
    return HANDEVAL_ENGINE_ABI;
#endif
}

#ifndef HANDEVAL_TEST_ABI_1
const char *handeval_engine_games(void) { return "five,six,seven,omaha,omaha5,omaha6"; }
#endif

int32_t handeval_engine_evaluate(uint32_t cards, uint32_t hole,
                                 const uint8_t *hands, size_t count,
                                 int64_t *values) {
    if (hole == 0 && (cards < 5 || cards > 7)) return 1;
    if (hole != 0 && (hole < 2 || cards < hole + 3 || cards > hole + 5)) return 1;
    for (size_t i = 0; i < count; i++) values[i] = value_of(hands + i * cards, cards, hole);
    return 0;
}
