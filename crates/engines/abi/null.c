/* The C floor: the lab's C ABI with no evaluation, every hand 0. What a call
 * into a C library costs the lab, measured the way every C engine is. */
#include "handeval_engine.h"

uint32_t handeval_engine_abi(void) { return HANDEVAL_ENGINE_ABI; }

const char *handeval_engine_games(void) { return "five,six,seven,omaha,omaha5,omaha6"; }

int32_t handeval_engine_evaluate(uint32_t cards, uint32_t hole,
                                 const uint8_t *hands, size_t count,
                                 int64_t *values) {
    (void)cards;
    (void)hole;
    (void)hands;
    for (size_t i = 0; i < count; i++) values[i] = 0;
    return 0;
}
