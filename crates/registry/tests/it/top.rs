//! The tests of `handeval_registry`.

use handeval_core::{BestFive, Evaluator, Game, GameInfo, Hand, Role};
use handeval_reference::Reference;
use handeval_registry::*;

#[test]
fn a_best_of_the_fives_stands_on_its_parts_before_the_last_of_its_role() {
    let game = |id| game(id).expect("a game");
    // The last of each role in Hold'em's seven runs over every hand.
    assert!(!stands_on_its_parts(game("seven"), "perfhash/best-of-21"));
    assert!(stands_on_its_parts(game("seven"), "subskybox/best-of-21"));
    assert!(stands_on_its_parts(game("seven"), "deadhorse/best-of-21"));
    // The only one of its role.
    assert!(!stands_on_its_parts(
        game("seven"),
        "subskybox/best-of-21-simd"
    ));
    // Razz's only best of the fives: the same code on seven cards as
    // Hold'em's, which runs it over every hand first.
    assert!(stands_on_its_parts(game("razz"), "deadhorse/best-of-21"));
    // Not a best of the fives, or no such evaluator.
    assert!(!stands_on_its_parts(game("razz"), "deadhorse/razz"));
    assert!(!stands_on_its_parts(game("razz"), "nobody"));
}

#[test]
fn equity_counts_with_a_direct_kernel_where_a_game_has_one() {
    let of = |g: GameInfo| recommended(g);
    let seven = of(GameInfo::of::<handeval_core::Hand7>());
    if handeval_core::cpu::has(handeval_core::cpu::Feature::Avx2) {
        assert_eq!(seven, "deadhorse/seven-simd");
    } else {
        assert_eq!(seven, "perfhash/seven");
    }
    let omaha = of(GameInfo::of::<handeval_core::Omaha4>());
    assert!(
        omaha.ends_with("/omaha-simd") || omaha == "perfhash/omaha",
        "{omaha}"
    );
    // Five-card Omaha's direct kernel since deadhorse/omaha5.
    let omaha5 = of(GameInfo::of::<handeval_core::Omaha5>());
    assert!(
        omaha5 == "deadhorse/omaha5-simd" || omaha5 == "deadhorse/omaha5",
        "{omaha5}"
    );
    let omaha6 = of(GameInfo::of::<handeval_core::Omaha6>());
    assert!(
        omaha6 == "deadhorse/omaha6-simd" || omaha6 == "deadhorse/omaha6",
        "{omaha6}"
    );
}

#[test]
fn names_are_unique_and_start_with_the_reference() {
    let names = names();
    assert_eq!(names[0], Reference::META.name);
    let mut sorted = names.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), names.len());
}

#[test]
fn every_name_starts_with_its_family() {
    for a in abouts_with_floor() {
        let prefix = a.meta.name.split('/').next().unwrap_or_default();
        assert_eq!(prefix, a.meta.family.name, "{}", a.meta.name);
    }
}

#[test]
fn a_family_is_declared_once_with_one_title() {
    let families = families();
    for (i, f) in families.iter().enumerate() {
        assert!(
            families[i + 1..].iter().all(|g| g.name != f.name),
            "family {} is declared with two titles",
            f.name
        );
    }
}

#[test]
fn one_reference_one_floor_and_the_floor_is_not_checked() {
    let roles: Vec<Role> = abouts_with_floor().iter().map(|a| a.meta.role).collect();
    assert_eq!(roles.iter().filter(|r| **r == Role::Reference).count(), 1);
    assert_eq!(roles.iter().filter(|r| **r == Role::Floor).count(), 1);
    assert!(abouts().iter().all(|a| a.meta.role != Role::Floor));
    assert!(abouts().iter().any(|a| a.meta.role == Role::Baseline));
}

#[test]
fn larger_hands_names_are_unique_and_derive_from_registered_ones() {
    struct Names(Vec<&'static str>);
    impl Visitor for Names {
        fn visit<E: Evaluator>(&mut self) {
            self.0.push(E::META.name);
        }
    }
    fn check<H: Game>() {
        let abouts = abouts_with_floor_of::<H>();
        assert_eq!(abouts[0].meta.role, Role::Floor);
        assert_eq!(abouts[1].meta.name, Reference::META.name);
        assert_eq!(abouts[1].meta.role, Role::Reference);
        let mut names: Vec<_> = abouts.iter().map(|a| a.meta.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), abouts.len(), "{}", H::WORD);
        // An evaluator may be derived from one of another game (six
        // cards' direct evaluation from seven cards').
        let every = abouts_of_every_game();
        for a in &abouts {
            assert_eq!(a.game.id, H::ID);
            let prefix = a.meta.name.split('/').next().unwrap_or_default();
            assert_eq!(prefix, a.meta.family.name, "{}", a.meta.name);
            if let Some(from) = a.meta.derived_from {
                let origin = every
                    .iter()
                    .find(|b| b.meta.name == from && b.meta.family == a.meta.family);
                assert!(
                    origin.is_some(),
                    "{} is derived from unregistered {from}",
                    a.meta.name
                );
            }
        }
        assert!(abouts.iter().any(|a| a.meta.role == Role::Baseline));
    }
    check::<handeval_core::Hand6>();
    check::<handeval_core::Hand7>();
    // Five cards through the same walk: the same evaluators, in the same
    // order, as the five-card walk with encodings.
    let through_cards: Vec<_> = abouts_of::<Hand>().iter().map(|a| a.meta.name).collect();
    assert_eq!(through_cards, names());
    let mut encoded = Names(Vec::new());
    visit_all(&mut encoded);
    assert_eq!(encoded.0, through_cards);
}

#[test]
fn the_floor_reads_every_card() {
    use handeval_core::Hand7;
    let base: Hand7 = "2c 3d 4h 5s 6c 7d 8h".parse().unwrap();
    let strength = |h: &Hand7| <NullCards as BestFive<Hand7>>::strength(h);
    for i in 0..7 {
        let mut cards = base.cards();
        cards[i] = "As".parse().unwrap();
        let moved = Hand7::new(cards).unwrap();
        assert_ne!(strength(&moved), strength(&base), "card {i}");
    }
}

#[test]
fn the_table_free_families_are_those_without_tables() {
    let names: Vec<&str> = table_free_families().iter().map(|f| f.name).collect();
    assert_eq!(names, ["subskybox", "deadhorse", "pext"]);
}

#[test]
fn every_derived_variant_names_a_registered_one_of_its_family() {
    let abouts = abouts();
    for a in abouts.iter().filter(|a| a.meta.derived_from.is_some()) {
        let from = a.meta.derived_from.unwrap_or_default();
        let origin = abouts.iter().find(|b| b.meta.name == from);
        assert!(
            origin.is_some(),
            "{} is derived from unregistered {from}",
            a.meta.name
        );
        assert_eq!(
            origin.map(|o| o.meta.family),
            Some(a.meta.family),
            "{}",
            a.meta.name
        );
        assert_ne!(from, a.meta.name);
    }
}
