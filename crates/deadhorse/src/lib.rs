//! DeadHorseEval, Jeff Hurley's ("eljefeo") table-free five-card evaluator,
//! ported from Java: 17-bit cards, modulo tests for straights and flushes, and
//! OR/XOR popcounts for the hands with repeated ranks.
//!
//! Original: <https://github.com/eljefeo/dead-horse-eval> (Java, `README.md`
//! and `src/main/java/com/jmedia/poker/DeadHorse.java`). The ideas are its
//! author's; the code and prose here are this lab's.
//!
//! | variant | role | ported from | what it is |
//! |---|---|---|---|
//! | [`Upstream`] (`deadhorse/upstream`) | faithful | `DeadHorse.eval5` at commit 28cf1b6 (2024-10-14) | the shipped code: distinct ranks by clearing low bits, AND flush test |
//! | [`Readme`] (`deadhorse/readme`) | faithful | the method of `README.md` at 85994db (2015-05-16) | `%` straight and flush tests, popcount sums; the shipped code's values |
//! | [`Listing`] (`deadhorse/listing`) | published listing | the full-strength `eval5` printed in `README.md` at 28cf1b6 | bugs kept: trips lose their rank, every flush ties |
//! | [`Tuned`] (`deadhorse/tuned`) | tuned | derived from [`Readme`] | branch-light, hardware popcount; same values |
//! | [`Simd`] (`deadhorse/simd`) | SIMD | derived from [`Tuned`] | [`Tuned`]'s arithmetic in 16-bit lanes, one hand per lane, AVX-512 or AVX2; same values |
//! | [`BestOf<Tuned>`](handeval_core::BestOf) (`deadhorse/best-of-6`) | tuned, six cards | derived from [`Tuned`] | the best of the six five-card hands by [`Tuned`] |
//! | [`Six`] (`deadhorse/six`) | tuned, six cards | derived from [`Seven`] | [`Seven`]'s sum, OR and XOR of six cards: direct and table-free |
//! | [`SixSimd`] (`deadhorse/six-simd`) | SIMD, six cards | derived from [`Six`] | [`SevenSimd`]'s kernel on six cards, with six cards' shape tables, AVX-512 or AVX2 |
//! | [`BestOf<Tuned>`](handeval_core::BestOf) (`deadhorse/best-of-21`) | tuned, seven cards | derived from [`Tuned`] | the best of the 21 five-card hands by [`Tuned`] |
//! | [`Seven`] (`deadhorse/seven`) | tuned, seven cards | derived from [`Tuned`] | upstream's unfinished `DeadHorse7` idea made correct: seven cards combined by sum, OR and XOR; [`Tuned`]'s value of the best five |
//! | [`BestOf<Tuned>`](handeval_core::BestOf) (`deadhorse/best-of-60`) | tuned, Omaha | derived from [`Tuned`] | the best of the 60 fives of two hole and three board cards by [`Tuned`] |
//! | [`BestOf<Simd>`](handeval_core::BestOf) (`deadhorse/best-of-60-simd`) | SIMD, Omaha | derived from [`Simd`] | the best of the 60 fives by [`Simd`], every five of each hand through the vector kernel |
//! | [`Omaha`] (`deadhorse/omaha`) | tuned, Omaha | derived from [`Seven`] | direct and table-free: the best five of two hole and three board cards from OR, XOR and SUM of each part, never the 60 fives; [`Tuned`]'s value |
//! | [`OmahaSimd`] (`deadhorse/omaha-simd`) | SIMD, Omaha | derived from [`Omaha`] | the same kernel across hands in 16-bit lanes, AVX-512 or AVX2 |
//! | [`BestOf<Tuned>`](handeval_core::BestOf) (`deadhorse/best-of-100`) | tuned, five-card Omaha | derived from [`Tuned`] | the best of the 100 fives of two hole and three board cards by [`Tuned`] |
//! | [`Plo5`] (`deadhorse/omaha5`) | tuned, five-card Omaha | derived from [`Omaha`] | [`Omaha`]'s direct table-free kernel with five hole cards, never the 100 fives |
//! | [`Plo5Simd`] (`deadhorse/omaha5-simd`) | SIMD, five-card Omaha | derived from [`Plo5`] | the same kernel across hands in 16-bit lanes, AVX-512 or AVX2 |
//! | [`BestOf<Tuned>`](handeval_core::BestOf) (`deadhorse/best-of-150`) | tuned, six-card Omaha | derived from [`Tuned`] | the best of the 150 fives of two hole and three board cards by [`Tuned`] |
//! | [`Plo6`] (`deadhorse/omaha6`) | tuned, six-card Omaha | derived from [`Omaha`] | [`Omaha`]'s direct table-free kernel with six hole cards, never the 150 fives |
//! | [`Plo6Simd`] (`deadhorse/omaha6-simd`) | SIMD, six-card Omaha | derived from [`Plo6`] | the same kernel across hands in 16-bit lanes, AVX-512 or AVX2 |
//! | [`Short`] (`deadhorse/short`) | tuned, short deck (five and seven cards) | derived from [`Seven`] | [`Seven`]'s evaluation by short deck's rules: A-6-7-8-9 the lowest straight, a flush above a full house |
//! | [`ShortSimd`] (`deadhorse/short-simd`) | SIMD, short deck (seven cards) | derived from [`Short`] | [`SevenSimd`]'s kernel by short deck's rules, AVX-512 or AVX2 |
//! | [`ShortTrips`] (`deadhorse/short-trips`) | tuned, short deck with three of a kind above the straight (five and seven cards) | derived from [`Short`] | [`Short`]'s evaluation, the two types traded, a seven-card straight beside trips replaced by the trips |
//! | [`AceFive`] (`deadhorse/ace-five`) | tuned, ace-to-five lowball (five cards) | the lab's | table-free: rank-count bitsets, the class from the combinatorial number system ([`lowball`]) |
//! | [`AceFiveSimd`] (`deadhorse/ace-five-simd`) | SIMD, ace-to-five lowball | derived from [`AceFive`] | the rank-count masks in 16-bit lanes, the value the masks themselves, no class table ([`lowball_simd`]), AVX-512 or AVX2 |
//! | [`DeuceSeven`] (`deadhorse/deuce-seven`) | tuned, deuce-to-seven lowball (five cards) | the lab's | [`AceFive`]'s arithmetic with the ace high and straights and flushes counted |
//! | [`DeuceSevenSimd`] (`deadhorse/deuce-seven-simd`) | SIMD, deuce-to-seven lowball | derived from [`DeuceSeven`] | [`AceFiveSimd`]'s value with straights and flushes tested in lanes, AVX-512 or AVX2 |
//! | [`AceFiveSeven`] (`deadhorse/razz`) | tuned, razz (seven cards) | derived from [`AceFive`] | the best five's masks from the seven cards', then [`AceFive`]'s arithmetic |
//! | [`RazzSimd`] (`deadhorse/razz-simd`) | SIMD, razz | derived from [`AceFiveSeven`] | the five that play chosen in lanes, then [`AceFiveSimd`]'s value, AVX-512 or AVX2 |
//! | [`OmahaLow`] (`deadhorse/omaha-low`) | tuned, the low half of Omaha Hi-Lo and Big O | the lab's | the best eight-or-better low from the hole's and the board's low-rank masks, table-free ([`low_of_masks`]) |
//! | [`OmahaLowSimd`] (`deadhorse/omaha-low-simd`) | SIMD, the low half of Omaha Hi-Lo and Big O | derived from [`OmahaLow`] | the same across hands in 16-bit lanes, every pair of hole cards in every lane, AVX-512 or AVX2 |
//! | [`StudLow`] (`deadhorse/stud-low`) | tuned, the low half of seven-card stud Hi-Lo | the lab's | the five lowest bits of the seven cards' low-rank mask, if it has five |
//! | [`StudLowSimd`] (`deadhorse/stud-low-simd`) | SIMD, the low half of stud Hi-Lo | derived from [`StudLow`] | the same across hands in 16-bit lanes, AVX-512 or AVX2 |
//! | [`BestOfLow`] (`deadhorse/best-of-low`) | tuned, the low half of every Hi-Lo game | derived from [`AceFive`] | the best of the game's fives by the five-card ace-to-five kernel, kept if one of the 56 eight-or-better classes |
//! | [`Badugi`] (`deadhorse/badugi`) | tuned, badugi (four cards) | the lab's | the least of the fifteen sets of cards with no rank or suit twice, as `missing << 13 \| rank bits`, classed by the combinatorial number system ([`badugi`]) |
//! | [`BadugiSimd`] (`deadhorse/badugi-simd`) | SIMD, badugi | derived from [`Badugi`] | the same fifteen sets in 16-bit lanes, clashes as lane masks, the class read off in registers, AVX-512 or AVX2 |
//!
//! [`Upstream`] and [`Readme`] give upstream's exact int on every hand, and
//! [`Tuned`] the same values (the tests compare all 2,598,960).
//!
//! # The card
//!
//! Each card is 17 bits: 13 rank bits (2 at bit 0 .. ace at bit 12) and 4
//! suit bits (diamond 8192, club 16384, heart 32768, spade 65536). The ace of
//! spades and the five of clubs:
//!
//! ```text
//!            S H C D A K Q J T 9 8 7 6 5 4 3 2
//! As  65536+4096 = 1 0 0 0 1 0 0 0 0 0 0 0 0 0 0 0 0
//! 5c  16384+8    = 0 0 1 0 0 0 0 0 0 0 0 0 0 1 0 0 0
//! ```
//!
//! For five cards `a..e` let `y = (a|b|c|d|e) & 8191` (the ranks present) and
//! `x = (a^b^c^d^e) & 8191` (the ranks present an odd number of times).
//!
//! # Straights: `32624896 % y == 0`
//!
//! 32624896 = 2^8 · 31 · 4111 = lcm(7936, 4111), the least common multiple of
//! the ace-high straight mask (`0x1F00` = 2^8 · 31) and the wheel mask
//! (`0x100F` = 4111, a prime). Every straight mask is `31 · 2^k` with
//! k ≤ 8, or 4111, so each divides it. Conversely its divisors below 8192
//! are the powers of two up to 256, the ten straight masks, and nothing else
//! (the other divisors, such as 31 · 4111, are too large for 13 bits); a
//! power of two is a single rank, and five cards always hold at least two
//! ranks. So the test has no false positives. The `tests/` folder checks all
//! 8,191 possible `y`.
//!
//! # Flushes: `65536 % suits == 0`
//!
//! `suits = (a|b|c|d|e) & !8191` is a power of two (one suit bit) exactly for
//! a flush, and 65536 = 2^16 is divisible by 2^13..2^16 but by no sum of two
//! or more of them (such a sum has an odd factor above 1).
//!
//! # Repeated ranks: popcount(y) + popcount(x)
//!
//! A pair drops one rank from `y` and, cancelling in the XOR, one more from
//! `x`; a triple keeps its rank in `x`. So the sum identifies the pattern:
//!
//! | hand | popcount(y) | popcount(x) | sum |
//! |---|---:|---:|---:|
//! | five distinct ranks | 5 | 5 | 10 |
//! | one pair | 4 | 3 | 7 |
//! | three of a kind | 3 | 3 | 6 |
//! | two pair | 3 | 1 | 4 |
//! | full house | 2 | 1 | 3 |
//! | four of a kind | 2 | 1 | 3 |
//!
//! Quads and the full house tie at 3. For quads, `x` is the kicker and
//! `y ^ x` the quad rank, and the plain arithmetic sum of the five rank parts
//! is `4·quad + kicker`; for a full house it is `3·trip + 2·pair`. So the
//! hand is quads exactly when `sum - x == (y ^ x) << 2` (the original
//! compares both sides modulo 2^13, which changes nothing for these values).
//!
//! # Full strength
//!
//! The value is `type << 26 | important << 13 | kickers` (type 0 high card
//! .. 8 straight flush), with `z = y ^ x`: pair, two pair and quads are
//! `x | z << 13` (the repeated ranks are in `z`, the single ones in `x`), a
//! full house `z | x << 13` (the trip is the odd count), trips
//! `(t ^ y) | t << 13`, a straight `x` with the wheel's ace dropped (`0x100F`
//! becomes 15, below the six-high straight's `0x1F`), a flush `x`. Upstream
//! has no royal type; [`Evaluator::category`](handeval_core::Evaluator::category) reports the ace-high straight
//! flush as [`Category::RoyalFlush`].
//!
//! The README's printed full-strength code has two bugs, kept in [`Listing`]:
//! trips lose their rank and every flush ties (5,406 distinct values instead
//! of 7,462). Shipped versions from May to October 2024 found the trip rank
//! by comparing whole cards with `&`, which matches a shared *suit* as
//! readily as a shared rank; the October 2024 fix (a5aabcd) is in [`Upstream`].
//!
//! ```
//! use handeval_core::{Category, Evaluator, Hand};
//! use handeval_deadhorse::{Readme, Tuned, Upstream};
//!
//! let trips: Hand = "9s 9h 9d Ks Qh".parse().unwrap();
//! assert_eq!(Readme::category(Readme::encode(&trips)), Category::ThreeOfAKind);
//! assert_eq!(Upstream::strength(Upstream::encode(&trips)) as u32, Tuned::strength(Tuned::encode(&trips)));
//! // type 3, important = the nine (bit 7), kickers = king and queen.
//! assert_eq!(Tuned::strength(Tuned::encode(&trips)), 3 << 26 | (1 << 7) << 13 | 1 << 11 | 1 << 10);
//! ```
//!
//! # Seven cards
//!
//! Upstream sketches a seven-card evaluator, `DeadHorse7` ("almost working"
//! by its own README at 28cf1b6, checked upstream on category counts only):
//! per-rank counters summed over the seven cards, and the suits summed to
//! find a flush. [`Seven`] finishes the idea, correct on all 133,784,560
//! hands, with the five-card evaluator's own three fields. For seven cards
//! `y` (OR) is the ranks present and `x` (XOR) those held an odd number of
//! times, so `z = y ^ x` holds the ranks held two or four times. The plain
//! sum `S` of the rank bits is `Σ count · 2^rank`, with carries; but
//! `S - y - z` takes one from every rank present and one more from every
//! rank in `z`, which leaves exactly `2 · 2^rank` for each rank held three or
//! four times and nothing else, so `(S - y - z) >> 1` is the set of ranks
//! held at least three times, with no carry anywhere. Then quads are that set
//! within `z`, trips within `x`, pairs are `z` without it. Each card also
//! carries a 1 in its suit's nibble (bits 16..32); the seven nibbles' sum
//! plus 3 reaches 8 exactly for a suit of five or more cards.
//!
//! Two trips, a worked example: `5c 5d 5h 9c 9d 9h Kc`, ranks 5 (bit 3),
//! 9 (bit 7), K (bit 11).
//!
//! ```text
//! y = x          = 1<<11 | 1<<7 | 1<<3       (each rank three or one times: odd)
//! z = y ^ x      = 0
//! S              = 1<<11 + 3<<7 + 3<<3
//! (S - y - z)>>1 = 1<<7 | 1<<3               (the fives and the nines: three each)
//! trips          = 1<<7 | 1<<3;  pairs = 0;  quads = 0
//! ```
//!
//! Two trips are a full house: the higher trips (nines) over the best other
//! rank held at least twice (fives), type 6, as [`Tuned`] values `9c 9d 9h 5c 5d`:
//!
//! ```
//! use handeval_core::{BestFive, Evaluator, Hand, Hand7};
//! use handeval_deadhorse::{Seven, Tuned};
//!
//! let seven: Hand7 = "5c 5d 5h 9c 9d 9h Kc".parse().unwrap();
//! let best: Hand = "9c 9d 9h 5c 5d".parse().unwrap();
//! assert_eq!(Seven::strength(&seven), 6 << 26 | (1 << 7) << 13 | 1 << 3);
//! assert_eq!(Seven::strength(&seven), Tuned::strength(Tuned::encode(&best)));
//! ```
//!
//! The value is [`Tuned`]'s for the best five cards. High card, pairs and
//! trips (nine in ten seven-card hands) go through one branch-free path;
//! straights, flushes, full houses and quads take a branch that is rarely
//! taken. [`BestOf<Tuned>`](handeval_core::BestOf) takes the best of the 21 fives by [`Tuned`] instead,
//! for comparison.
//!
//! Nothing in it counts to seven: the identities hold per rank for any
//! number of cards (a rank's count is at most four), and a suit's nibble
//! reaches its flag at five of six cards as of seven. [`Six`] is the same
//! evaluation of six cards, and [`SixSimd`] the vector kernel's: its shape
//! tables are six cards' (a high card holds one rank too many for five, not
//! two; three pairs keep two and kick with the third), and the rest is
//! word for word [`SevenSimd`]'s. Both equal the reference's class on all
//! 20,358,520 six-card hands (`cargo xtask diff --game six`).
//!
//! ```
//! use handeval_core::{BestFive, Evaluator, Hand, Hand6};
//! use handeval_deadhorse::{Six, SixSimd, Tuned};
//!
//! // Three pairs: the kings and nines made, the fives' rank the kicker.
//! let six: Hand6 = "5c 5d 9c 9d Kh Ks".parse().unwrap();
//! let best: Hand = "Kh Ks 9c 9d 5c".parse().unwrap();
//! let mut simd = [0];
//! SixSimd::strengths(&[six], &mut simd);
//! assert_eq!(Six::strength(&six), Tuned::strength(Tuned::encode(&best)));
//! assert_eq!(simd[0], Six::strength(&six));
//! ```
//!
//! # Omaha
//!
//! An Omaha hand is worth its best five of exactly two hole cards and three
//! board cards: 60 fives, which [`BestOf<Tuned>`](handeval_core::BestOf) tries one by one. [`Omaha`]
//! computes the best five directly, with the seven-card method's fields
//! taken over each part apart: for the hole (4 cards) and for the board (5)
//! the OR, XOR and SUM of the rank bits give the rank masks `one`, `two`
//! and `three` (ranks held at least once, twice, three times), exactly as
//! for seven cards. Then each type is made in a few ways, each a rule on
//! these masks (`H` the hole's, `B` the board's, `S = H.one & B.one` the
//! ranks in both):
//!
//! | type | made from (hole + board) | kickers that leaves |
//! |---|---|---|
//! | straight flush, flush | the one suit with three board cards (a board of five has at most one), two hole cards of it | flush: the two highest suited hole ranks, the three highest suited board ranks |
//! | quads | `H.one & B.three` (1 + 3), `H.two & B.two` (2 + 2) | a hole card, a board card |
//! | full house | trips `B.three` + pair `H.two`; trips `H.two & B.one` + pair `B.two`; trips `H.one & B.two` + pair in `S` | none |
//! | straight | a window of five ranks all in `H.one \| B.one`, at least two in the hole, at least three on the board | none |
//! | trips | `H.two & B.one`, `H.one & B.two`, `B.three` | two board cards, one of each, two hole cards |
//! | two pair | `H.two` + `B.two`, two ranks of `S`, `S` + `B.two` | a board card, a board card, a hole card |
//! | one pair | `H.two`, `B.two`, `S` | three board; two hole and one board; one hole and two board |
//! | high card | the two highest hole ranks and the three highest board ranks | |
//!
//! Within a type the ways never tie on the made ranks when no stronger
//! type is present (two ways sharing a rank would make a stronger type),
//! so the highest made rank picks the way, and the way fixes the kickers.
//! The straight test counts in all ten windows at once: with the ace copied
//! below the 2, bit `p` of `m >> k` (k = 0..4) is the `k`-th rank of the
//! window starting at `p`, and an OR/AND chain over the five shifts marks
//! the windows holding at least two hole ranks (at least three board
//! ranks, all five ranks). Every step is an AND, OR, XOR, add, shift or
//! popcount on 13-bit masks, so the kernel runs in 16-bit lanes; it is
//! written once over [`handeval_lanes::Lanes`] and runs on plain integers
//! ([`Omaha`]) or 32 hands to an AVX-512 register ([`OmahaSimd`]).
//!
//! Shared with the seven-card kernels: the rank bits and suit counters of
//! the cards and the highest-bit and keep-the-highest steps (in
//! `handeval-lanes`, written once), the `(sum - y - z) >> 1` count of
//! [`Seven`], and [`Tuned`]'s value layout. New here: counting the hole and
//! board apart, the two-and-three window test, and the per-type ways above.
//!
//! Worked example: hole `As 9c 8d 2h`, board `Ks Qs Js Ts 3c`. Read as
//! Hold'em it is a royal flush; in Omaha it is a queen-high straight.
//!
//! ```text
//! H.one = A 9 8 2 = 0x10C1      B.one = K Q J T 3 = 0x0F02
//! H.two = B.two = S = 0         (no pair of any kind)
//! suits: the board holds four spades, the hole one: no flush
//! windows (hole ranks, board ranks):  T-A (1, 4)  9-K (1, 4)  8-Q (2, 3) made
//! straight 8-Q = 0x07C0         value 4 << 26 | 0x07C0
//! ```
//!
//! ```
//! use handeval_core::{BestFive, Evaluator, Hand, Omaha4};
//! use handeval_deadhorse::{Omaha, OmahaSimd, Tuned};
//!
//! let hand: Omaha4 = "As 9c 8d 2h | Ks Qs Js Ts 3c".parse().unwrap();
//! let best: Hand = "9c 8d Qs Js Ts".parse().unwrap();
//! assert_eq!(Omaha::strength(&hand), 4 << 26 | 0x07C0);
//! assert_eq!(Omaha::strength(&hand), Tuned::strength(Tuned::encode(&best)));
//! assert_eq!(OmahaSimd::strength(&hand), Omaha::strength(&hand));
//! ```
//!
//! More hole cards change only how much the hole's masks may hold: with `h`
//! hole cards `H.one` holds up to `h` ranks where a five takes two, so its
//! kept ranks drop the lowest while more than two are too many (twice for
//! five hole cards, three times for six), and with six hole cards `H.two`
//! may hold three pairs, so its highest rank is found in general rather
//! than as the higher of two. The flush counters take any hole: a suit's
//! nibble holds at most six hole cards, plus the 6 that flags two. So
//! [`Plo5`] (`deadhorse/omaha5`, 100 fives) and [`Plo6`]
//! (`deadhorse/omaha6`, 150 fives) are the same kernel on their hand sizes.
//!
//! ```
//! use handeval_core::{BestFive, Omaha6};
//! use handeval_deadhorse::{Plo6, Plo6Simd};
//!
//! // Two hole pairs (and a queen) beside a board pair: the hole kings and
//! // the board's king make trips, the board's queens the pair. Queens full
//! // of kings (Qc Kc with Qs Qd Ks) is the weaker way.
//! let hand: Omaha6 = "Kc Kd Qc 9d 9h 2c | Ks Qs Qd 7h 3c".parse().unwrap();
//! let best: handeval_core::Hand = "Kc Kd Ks Qs Qd".parse().unwrap();
//! use handeval_core::Evaluator;
//! assert_eq!(
//!     Plo6::strength(&hand),
//!     handeval_deadhorse::Tuned::strength(handeval_deadhorse::Tuned::encode(&best))
//! );
//! assert_eq!(Plo6Simd::strength(&hand), Plo6::strength(&hand));
//! ```
//!
//! # Short deck
//!
//! Short deck deals 36 cards, 6 to ace, and ranks a flush above a full
//! house, with A-6-7-8-9 the lowest straight
//! ([`rules::SHORT_DECK`](handeval_core::rules::SHORT_DECK)). The counts
//! per rank do not care which ranks the deck holds, so [`Short`] is
//! [`Seven`]'s evaluation with two changes: the lowest straight's mask is
//! `A | 9876` and its value puts the ace where the 5 would be (`0xF8`,
//! below 6-7-8-9-T's `0x1F0`), and the types of a flush and a full house
//! trade places (5 and 6: one XOR with 3). [`ShortSimd`] makes the same two
//! changes to [`SevenSimd`]'s kernel: the ace's low copy goes below the 6
//! (and only the ace: the shift that brings it down brings the ten to king
//! below the 6 too, which the first try forgot, and `K A 6 7 8` read as a
//! straight), and the two types trade places in the value's top half.
//!
//! ```
//! use handeval_core::{BestFive, Category, Short7};
//! use handeval_deadhorse::{Short, ShortSimd};
//!
//! // Kh Kd Ks with four hearts and the 6h: a flush, which beats the full
//! // house short deck would rank below it.
//! let hand: Short7 = "Kh Kd Ks Th 7h 8h 6h".parse().unwrap();
//! assert_eq!(Short::category(&hand), Category::Flush);
//! assert_eq!(Short::strength(&hand) >> 26, 6);
//! assert_eq!(ShortSimd::strength(&hand), Short::strength(&hand));
//! ```
//!
//! # Not ported
//!
//! Upstream's `DeadHorse7` code itself (its 3-bit counter layout and
//! its flush and straight searches; [`Seven`] takes the idea, not the code),
//! its hand generators and name decoders (`HandMakerFiveCard`, `Util5`), and
//! the examples and speed loops are not in the lab.
//!
//! # Performance
//!
//! `cargo xtask bench --filter deadhorse` times the variants against the
//! other evaluators (the listing is checked, not timed); the README's Results
//! section has the figures.
#![no_std]

/// The family every evaluator in this crate belongs to.
pub const FAMILY: handeval_core::Family = handeval_core::Family {
    name: "deadhorse",
    title: "DeadHorseEval's modulo/popcount evaluator (Java)",
};

extern crate alloc;

pub mod badugi;
pub mod class;
pub mod enumerate;
mod listing;
pub mod low;
pub mod lowball;
pub mod lowball_simd;
mod omaha;
mod readme;
mod seven;
mod seven_simd;
mod short;
mod simd;
mod tuned;
mod upstream;

pub use badugi::{Badugi, BadugiSimd};
pub use listing::Listing;
pub use low::{BestOfLow, OmahaLow, OmahaLowSimd, StudLow, StudLowSimd, five_lowest, low_of_masks};
pub use lowball::{AceFive, AceFiveSeven, DeuceSeven};
pub use lowball_simd::{AceFiveSimd, DeuceSevenSimd, RazzSimd};
pub use omaha::{Omaha, OmahaSimd, Plo5, Plo5Simd, Plo6, Plo6Simd};
pub use readme::Readme;
pub use seven::{Seven, Six};
pub use seven_simd::{SevenSimd, ShortSimd, SixSimd};
pub use short::{Short, ShortFive, ShortFiveBy, ShortTrips, ShortTripsFive};
pub use simd::Simd;
pub use tuned::Tuned;
pub use upstream::Upstream;

/// Registers the family's evaluators, in report order.
pub fn register(r: &mut impl handeval_core::Register) {
    r.five::<Upstream>();
    r.five::<Readme>();
    r.five::<Listing>();
    r.five::<Tuned>();
    r.five::<Simd>();
    r.best_of::<Tuned>(handeval_core::Games::Every);
    r.add::<handeval_core::Hand6, Six>();
    r.add::<handeval_core::Hand6, SixSimd>();
    r.add::<handeval_core::Hand7, Seven>();
    // Its every-board count of a showdown from partial sums the players share.
    r.add_declared::<handeval_core::Hand7, SevenSimd, _>(
        handeval_equity::showdown::ShowdownForm::EveryBoard {
            form: "partial sums",
            prepare: |showdown| {
                enumerate::Preflop::new(showdown).map(|p| {
                    alloc::boxed::Box::new(move |firsts| p.tally(firsts))
                        as handeval_equity::showdown::EveryBoardCount
                })
            },
        },
    );
    // Omaha's 60 fives through the lab's fastest five-card kernel.
    r.best_of::<Simd>(handeval_core::Games::Only(&[
        <handeval_core::Omaha4 as handeval_core::Game>::ID,
    ]));
    r.add::<handeval_core::Omaha4, Omaha>();
    r.add::<handeval_core::Omaha4, OmahaSimd>();
    r.add::<handeval_core::Omaha5, Plo5>();
    r.add::<handeval_core::Omaha5, Plo5Simd>();
    r.add::<handeval_core::Omaha6, Plo6>();
    r.add::<handeval_core::Omaha6, Plo6Simd>();
    r.add::<handeval_core::Short5, Short>();
    r.add::<handeval_core::Short7, Short>();
    r.add::<handeval_core::Short7, ShortSimd>();
    r.add::<handeval_core::ShortTrips5, ShortTrips>();
    r.add::<handeval_core::ShortTrips7, ShortTrips>();
    // Lowball's five-card games, table-free.
    r.add::<handeval_core::AceFive5, AceFive>();
    r.add::<handeval_core::AceFive5, AceFiveSimd>();
    r.add::<handeval_core::DeuceSeven5, DeuceSeven>();
    r.add::<handeval_core::DeuceSeven5, DeuceSevenSimd>();
    // Razz: the seven cards' kernel, and the best of their 21 fives by the
    // five-card one.
    r.add::<handeval_core::Razz, AceFiveSeven>();
    r.add::<handeval_core::Razz, RazzSimd>();
    r.best_of::<AceFive>(handeval_core::Games::Only(&[
        <handeval_core::Razz as handeval_core::Game>::ID,
    ]));
    // Badugi, table-free.
    r.badugi::<handeval_core::Badugi, Badugi>();
    r.badugi::<handeval_core::Badugi, BadugiSimd>();
    // The Hi-Lo games' low halves: Omaha Hi-Lo's, Big O's and stud's.
    r.low::<handeval_core::Omaha8, OmahaLow>();
    r.low::<handeval_core::Omaha8, OmahaLowSimd>();
    r.low::<handeval_core::BigO, OmahaLow>();
    r.low::<handeval_core::BigO, OmahaLowSimd>();
    r.low::<handeval_core::Stud8, StudLow>();
    r.low::<handeval_core::Stud8, StudLowSimd>();
    // And what they are timed beside: the best of the fives by the
    // five-card ace-to-five kernel.
    r.low::<handeval_core::Omaha8, BestOfLow>();
    r.low::<handeval_core::BigO, BestOfLow>();
    r.low::<handeval_core::Stud8, BestOfLow>();
}

use handeval_core::{Card, CardTable, Category, Hand, Suit};

/// The rank bits of a card.
const RANKS: u32 = 0x1FFF;
/// lcm(0x1F00, 0x100F): divisible by exactly the ten straight masks (and single ranks).
const STRAIGHTS: u32 = 32_624_896;
use handeval_core::bits::{BROADWAY, WHEEL};
/// Type of a straight flush in bits 26..29.
const STRAIGHT_FLUSH: u32 = 8;

/// The 17-bit card: rank bit `1 << rank` (2 = bit 0), suit bit 13..16.
#[inline]
pub const fn card(card: Card) -> u32 {
    let suit = match card.suit() {
        Suit::Diamonds => 1 << 13,
        Suit::Clubs => 1 << 14,
        Suit::Hearts => 1 << 15,
        Suit::Spades => 1 << 16,
    };
    suit | 1 << card.rank().index()
}

/// The README's intermediate values for five cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fields {
    /// `a | b | c | d | e`, suits included.
    pub or: u32,
    /// The ranks present: `or & 8191`.
    pub y: u32,
    /// The ranks present an odd number of times: `(a ^ b ^ c ^ d ^ e) & 8191`.
    pub x: u32,
}

impl Fields {
    /// The fields of five cards.
    #[inline(always)]
    pub const fn of(cards: [u32; 5]) -> Fields {
        let [a, b, c, d, e] = cards;
        let or = a | b | c | d | e;
        Fields {
            or,
            y: or & RANKS,
            x: (a ^ b ^ c ^ d ^ e) & RANKS,
        }
    }

    /// popcount(OR ranks) + popcount(XOR ranks): 10, 7, 4, 6 or 3.
    #[inline(always)]
    pub const fn popcount_sum(self) -> u32 {
        self.y.count_ones() + self.x.count_ones()
    }
}

/// [`card`] of every card, as upstream ships its deck: a table of 52 ints.
pub const CARDS: CardTable<u32> = handeval_core::card_table!(u32, |c| card(c));

#[inline(always)]
fn encode(hand: Hand) -> [u32; 5] {
    CARDS.of_hand(&hand)
}

/// The five cards as Java `int`s, as upstream's `eval5` takes them.
#[inline(always)]
fn java_ints(hand: &Hand) -> [i32; 5] {
    CARDS.of_hand(hand).map(|c| c as i32)
}

/// Category of a value in the upstream layout; the ace-high straight flush is the royal.
/// Upstream's types 0..=8 are in [`Category`]'s order.
#[inline(always)]
fn category_of(value: u32) -> Category {
    let royal = u32::from(value == STRAIGHT_FLUSH << 26 | BROADWAY);
    Category::from_index_masked(((value >> 26) + royal) as usize)
}
