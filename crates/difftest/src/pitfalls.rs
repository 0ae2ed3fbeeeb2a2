//! The known pitfalls of hand evaluation: hands that evaluators have got
//! wrong (the wheel, the broadway, a flush beside a straight, Omaha's two
//! hole cards), each with its best five and its category as a poker player
//! writes them. The tests run every evaluator on each; the engines' checks
//! add each to their seeded sample.

use handeval_core::{Card, Category, Game};

/// One pitfall: a hand of a game, its best five, and their category.
pub struct Pitfall {
    /// See [`Pitfall`].
    pub game: &'static str,
    /// See [`Pitfall`].
    pub name: &'static str,
    /// See [`Pitfall`].
    pub hand: &'static str,
    /// See [`Pitfall`].
    pub best: &'static str,
    /// See [`Pitfall`].
    pub category: Category,
}

const fn pitfall(
    game: &'static str,
    name: &'static str,
    hand: &'static str,
    best: &'static str,
    category: Category,
) -> Pitfall {
    Pitfall {
        game,
        name,
        hand,
        best,
        category,
    }
}

/// Every pitfall, by game.
pub const PITFALLS: [Pitfall; 37] = [
    pitfall(
        "five",
        "wheel_is_the_lowest_straight",
        "Ah 2d 3c 4s 5h",
        "Ah 2d 3c 4s 5h",
        Category::Straight,
    ),
    pitfall(
        "five",
        "trips_sharing_a_suit_with_a_kicker_are_trips",
        "9s 9h 9d As Kd",
        "9s 9h 9d As Kd",
        Category::ThreeOfAKind,
    ),
    pitfall(
        "seven",
        "two_trips_make_a_full_house_trips_over_the_higher_pair",
        "5c 5d 5h 9c 9d 9h Kc",
        "9c 9d 9h 5c 5d",
        Category::FullHouse,
    ),
    pitfall(
        "seven",
        "three_pairs_play_two_with_the_third_pairs_rank_as_kicker",
        "Qc Qd 8c 8d 6h 6s 2c",
        "Qc Qd 8c 8d 6h",
        Category::TwoPair,
    ),
    pitfall(
        "seven",
        "straight_and_flush_in_different_cards_is_a_flush",
        "9h 8h 7c 6h 5d 2h Kh",
        "9h 8h 6h 2h Kh",
        Category::Flush,
    ),
    pitfall(
        "seven",
        "six_card_flush_plays_its_top_five",
        "Ah Kh 9h 7h 5h 3h 2c",
        "Ah Kh 9h 7h 5h",
        Category::Flush,
    ),
    pitfall(
        "seven",
        "seven_card_flush_plays_its_top_five",
        "Ah Kh 9h 7h 5h 3h 2h",
        "Ah Kh 9h 7h 5h",
        Category::Flush,
    ),
    pitfall(
        "seven",
        "six_card_straight_plays_the_highest_run",
        "4c 5d 6h 7s 8c 9d Kh",
        "5d 6h 7s 8c 9d",
        Category::Straight,
    ),
    pitfall(
        "seven",
        "seven_card_straight_plays_the_highest_run",
        "3c 4d 5h 6s 7c 8d 9h",
        "5h 6s 7c 8d 9h",
        Category::Straight,
    ),
    pitfall(
        "seven",
        "wheel_beside_a_six_is_a_six_high_straight",
        "Ah 2d 3c 4s 5h 6c Kd",
        "2d 3c 4s 5h 6c",
        Category::Straight,
    ),
    pitfall(
        "seven",
        "quads_with_trips_play_the_trips_rank_as_kicker",
        "7c 7d 7h 7s Kc Kd Kh",
        "7c 7d 7h 7s Kc",
        Category::FourOfAKind,
    ),
    pitfall(
        "six",
        "six_two_trips_make_a_full_house_trips_over_the_higher_pair",
        "5c 5d 5h 9c 9d 9h",
        "9c 9d 9h 5c 5d",
        Category::FullHouse,
    ),
    pitfall(
        "six",
        "six_three_pairs_play_two_with_the_third_pairs_rank_as_kicker",
        "Qc Qd 8c 8d 6h 6s",
        "Qc Qd 8c 8d 6h",
        Category::TwoPair,
    ),
    pitfall(
        "six",
        "six_straight_and_flush_in_different_cards_is_a_flush",
        "9h 8h 7c 6h 5h 2h",
        "9h 8h 6h 5h 2h",
        Category::Flush,
    ),
    pitfall(
        "six",
        "six_six_card_flush_plays_its_top_five",
        "Ah Kh 9h 7h 5h 3h",
        "Ah Kh 9h 7h 5h",
        Category::Flush,
    ),
    pitfall(
        "six",
        "six_six_card_straight_plays_the_highest_run",
        "4c 5d 6h 7s 8c 9d",
        "5d 6h 7s 8c 9d",
        Category::Straight,
    ),
    pitfall(
        "omaha",
        "omaha_board_flush_with_one_hole_card_of_the_suit_is_no_flush",
        "Ah Kc Qd Js | 2h 5h 8h Th 3c",
        "Ah Kc Th 8h 5h",
        Category::HighCard,
    ),
    pitfall(
        "omaha",
        "omaha_four_suited_hole_cards_and_two_on_the_board_is_no_flush",
        "As Ks Qs Js | 2s 3s 7d 8c 9h",
        "As Ks 9h 8c 7d",
        Category::HighCard,
    ),
    pitfall(
        "omaha",
        "omaha_board_quads_play_three_of_them_with_a_hole_pair",
        "Ac Ad 2c 3d | 7c 7d 7h 7s Kc",
        "Ac Ad 7c 7d 7h",
        Category::FullHouse,
    ),
    pitfall(
        "omaha",
        "omaha_board_full_house_plays_three_of_it_with_two_hole_cards",
        "2c 3d 4h 5s | Kc Kd Kh Qc Qd",
        "5s 4h Kc Kd Kh",
        Category::ThreeOfAKind,
    ),
    pitfall(
        "omaha",
        "omaha_straight_needing_three_hole_cards_is_no_straight",
        "5c 6d 7h 8s | 4c 9d Kh Ks 2c",
        "8s 7h Kh Ks 9d",
        Category::OnePair,
    ),
    pitfall(
        "omaha",
        "omaha_wheel_made_two_and_three",
        "Ac 2d Kh Ks | 3c 4d 5h 9s Jc",
        "Ac 2d 3c 4d 5h",
        Category::Straight,
    ),
    pitfall(
        "omaha",
        "omaha_broadway_made_two_and_three",
        "Ac Kd 2h 3s | Qh Js Tc 4d 5c",
        "Ac Kd Qh Js Tc",
        Category::Straight,
    ),
    pitfall(
        "omaha",
        "omaha_best_five_of_all_nine_is_not_allowed",
        "Ac Ad Ah Ks | 2c 7d 9h Jc Qs",
        "Ac Ad Qs Jc 9h",
        Category::OnePair,
    ),
    // Short deck: the rules' order and straights, where an evaluator of
    // the standard game's goes wrong.
    pitfall(
        "short5",
        "short_deck_ace_six_seven_eight_nine_is_the_lowest_straight",
        "Ac 6d 7h 8s 9d",
        "Ac 6d 7h 8s 9d",
        Category::Straight,
    ),
    pitfall(
        "short7",
        "short_deck_flush_beats_the_full_house_in_the_same_cards",
        "Kh Kd Ks Th 7h 8h 6h",
        "Kh Th 7h 8h 6h",
        Category::Flush,
    ),
    pitfall(
        "short7",
        "short_deck_ace_low_straight_beside_a_pair_of_aces",
        "Ac Ad 6h 7s 8d 9c Jh",
        "Ac 6h 7s 8d 9c",
        Category::Straight,
    ),
    pitfall(
        "short7",
        "short_deck_ace_low_straight_flush",
        "As 6s 7s 8s 9s Ks Kd",
        "As 6s 7s 8s 9s",
        Category::StraightFlush,
    ),
    pitfall(
        "short7",
        "short_deck_straight_beats_trips",
        "Tc Td Th 9s 8d 7c 6h",
        "Tc 9s 8d 7c 6h",
        Category::Straight,
    ),
    pitfall(
        "short7t",
        "short_deck_trips_beat_the_straight_beside_them",
        "Tc Td Th 9s 8d 7c 6h",
        "Tc Td Th 9s 8d",
        Category::ThreeOfAKind,
    ),
    // Lowball: the categories count against the hand, and which of them
    // count is the rule's. Deuce-to-seven plays the ace high only, so
    // A-2-3-4-5 is ace-high (pokerkit's issue #44 reports its 2-7 hand
    // scoring it as a straight), while straights and flushes count.
    pitfall(
        "deuce7",
        "deuce_to_seven_wheel_is_ace_high_not_a_straight",
        "Ah 2d 3c 4s 5h",
        "Ah 2d 3c 4s 5h",
        Category::HighCard,
    ),
    pitfall(
        "deuce7",
        "deuce_to_seven_seven_five_flush_is_a_flush",
        "7s 5s 4s 3s 2s",
        "7s 5s 4s 3s 2s",
        Category::Flush,
    ),
    pitfall(
        "deuce7",
        "deuce_to_seven_ace_high_straight_is_a_straight",
        "Ad Kh Qd Jc Ts",
        "Ad Kh Qd Jc Ts",
        Category::Straight,
    ),
    // Ace-to-five ignores straights and flushes and plays the ace low.
    pitfall(
        "ace5",
        "ace_to_five_suited_wheel_is_the_best_low",
        "As 2s 3s 4s 5s",
        "As 2s 3s 4s 5s",
        Category::HighCard,
    ),
    pitfall(
        "ace5",
        "ace_to_five_pair_of_aces_is_a_pair",
        "Ac Ad 2s 3h 4c",
        "Ac Ad 2s 3h 4c",
        Category::OnePair,
    ),
    // Razz: the best low of seven cards, a pair only where four ranks
    // leave no fifth (then the lowest pair, aces).
    pitfall(
        "razz",
        "razz_wheel_beside_a_pair_of_kings",
        "Kc Kd As 2c 3d 4h 5s",
        "As 2c 3d 4h 5s",
        Category::HighCard,
    ),
    pitfall(
        "razz",
        "razz_four_ranks_play_the_pair_of_aces",
        "As Ad Ah 2c 2d 3h 4c",
        "As Ad 2c 3h 4c",
        Category::OnePair,
    ),
];

impl Pitfall {
    /// The hand, of game `G` (`None`: another game's pitfall).
    ///
    /// # Panics
    /// If the hand as written is not a hand of its game: the list is the
    /// lab's own and its test reads every one.
    pub fn hand_of<G: Game>(&self) -> Option<G> {
        if self.game != G::ID {
            return None;
        }
        let cards: Vec<Card> = self
            .hand
            .split_whitespace()
            .filter(|t| *t != "|")
            .map(|t| {
                t.parse()
                    .unwrap_or_else(|_| panic!("pitfall {}: card {t}", self.name))
            })
            .collect();
        Some(G::from_cards(&cards).unwrap_or_else(|_| panic!("pitfall {}: not a hand", self.name)))
    }
}

/// Every pitfall hand of `G`.
pub fn hands<G: Game>() -> Vec<G> {
    PITFALLS.iter().filter_map(Pitfall::hand_of::<G>).collect()
}
