// HF-16 by declaration (manifest HandPlayDecl, schema revision 5): the host
// offers and plays Halflings' hand tiles itself. The same seeded games are
// played in lockstep by a host that does so and by one that goes through
// Halflings' TILE_STEP_OPTIONS and APPLY_TILE_STEP_OPTION, as a host that
// does not implement the declaration must: every offer, every move and
// every score must be equal, and the declared one must save exactly one
// round trip per offer and per hand tile played.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "core/players.hpp"
#include "hf_game.hpp"

namespace ck::host::test {
namespace {

using ::testing::HasSubstr;

struct Counted {
    size_t offers = 0;  // tile steps whose player held hand tiles
    size_t plays = 0;   // hand tiles played
};

void expect_same_offers(const Game& declared, const Game& by_hooks) {
    const auto& a = declared.tile_step_options();
    const auto& b = by_hooks.tile_step_options();
    ASSERT_EQ(a.size(), b.size()) << "turn " << declared.turn_number();
    for (size_t i = 0; i < a.size(); ++i) {
        EXPECT_EQ(a[i].tile_type, b[i].tile_type) << "option " << i;
        EXPECT_EQ(a[i].action, b[i].action) << "option " << i;
        EXPECT_EQ(a[i].label, b[i].label) << "option " << i;
        EXPECT_EQ(a[i].expansion, b[i].expansion) << "option " << i;
    }
}

void expect_same_moves(const Game& declared, const Game& by_hooks) {
    ASSERT_EQ(declared.moves().size(), by_hooks.moves().size());
    for (size_t i = 0; i < declared.moves().size(); ++i) {
        const Move& a = declared.moves()[i];
        const Move& b = by_hooks.moves()[i];
        SCOPED_TRACE("move " + std::to_string(i) + " of turn " + std::to_string(a.turn));
        EXPECT_EQ(a.type, b.type);
        EXPECT_EQ(a.player, b.player);
        EXPECT_EQ(a.tile, b.tile);
        EXPECT_EQ(a.placement.at, b.placement.at);
        EXPECT_EQ(a.placement.rotation, b.placement.rotation);
        EXPECT_EQ(a.from_hand, b.from_hand);
        EXPECT_EQ(a.option.token_kind, b.option.token_kind);
    }
}

// Plays one seeded game both ways, turn by turn; returns what the hooks'
// host had to ask and apply.
Counted play_both(PluginHooks& declared_hooks, PluginHooks& by_hooks_hooks, int players, uint64_t seed) {
    GameSetup setup = hf_setup(declared_hooks, {}, {}, players);
    setup.seed = seed;
    GameSetup same = setup;
    same.hooks = &by_hooks_hooks;
    Game declared(setup), by_hooks(same);
    std::vector<std::unique_ptr<PlayerAgent>> agents_a, agents_b;
    for (int p = 0; p < players; ++p) {
        agents_a.push_back(make_player("random", seed * 7 + static_cast<uint64_t>(p)));
        agents_b.push_back(make_player("random", seed * 7 + static_cast<uint64_t>(p)));
    }
    Counted counted;
    while (!declared.is_over() && !by_hooks.is_over()) {
        expect_same_offers(declared, by_hooks);
        if (::testing::Test::HasFailure()) return counted;
        const uint8_t active = declared.active_player();
        counted.offers += !declared.player(active).hand.empty();
        const size_t moves = declared.moves().size();
        play_turn(declared, *agents_a[active]);
        play_turn(by_hooks, *agents_b[active]);
        for (size_t i = moves; i < declared.moves().size(); ++i)
            counted.plays += declared.moves()[i].type == MoveType::PlaceTile && declared.moves()[i].from_hand;
    }
    EXPECT_TRUE(declared.is_over());
    EXPECT_TRUE(by_hooks.is_over());
    expect_same_moves(declared, by_hooks);
    for (uint8_t p = 0; p < declared.player_count(); ++p) EXPECT_EQ(declared.score(p), by_hooks.score(p)) << "player " << p;
    return counted;
}

TEST(HfHandPlay, HF16_TheDeclaredHandPlayPlaysTheSameGamesAsTheHooksWithoutTheirRoundTrips) {
    for (const bool with_buildings : {false, true}) {
        const auto declared = hf_hooks(with_buildings, HandPlayBy::Declaration);
        const auto by_hooks = hf_hooks(with_buildings, HandPlayBy::Hooks);
        Counted total;
        for (uint64_t seed = 1; seed <= 12; ++seed) {
            const int players = 2 + static_cast<int>(seed % 3);
            SCOPED_TRACE("seed " + std::to_string(seed) + ", " + std::to_string(players) + " players" +
                         (with_buildings ? ", with Little Buildings" : ""));
            const uint64_t calls_declared = declared->stats().hook_calls;
            const uint64_t calls_by_hooks = by_hooks->stats().hook_calls;
            const Counted c = play_both(*declared, *by_hooks, players, seed);
            if (::testing::Test::HasFailure()) return;
            EXPECT_EQ((by_hooks->stats().hook_calls - calls_by_hooks) - (declared->stats().hook_calls - calls_declared),
                      c.offers + c.plays)
                << "one TILE_STEP_OPTIONS per offer and one APPLY_TILE_STEP_OPTION per play saved";
            total.offers += c.offers;
            total.plays += c.plays;
        }
        EXPECT_GT(total.plays, 30u) << "the games played hand tiles";
    }
}

// A host-made hand play takes the first copy of the tile from the hand and
// makes it the turn's tile, as Halflings' APPLY_TILE_STEP_OPTION does.
TEST(HfHandPlay, HF16_ADeclaredPlayTakesOneCopyOutOfTheHand) {
    auto hooks = hf_hooks(false, HandPlayBy::Declaration);
    Game game(hf_setup(*hooks, {"BA/RFr"}, {{"TT/road", "TT/field", "TT/road"}, {}}));
    ASSERT_EQ(game.tile_step_options().size(), 2u) << "one option per distinct tile type";
    EXPECT_EQ(game.tile_step_options()[0].label, "play halfling TT/road");
    EXPECT_EQ(game.tile_step_options()[0].action, "play-halfling");
    EXPECT_EQ(game.tile_step_options()[1].label, "play halfling TT/field");
    const uint64_t calls = hooks->stats().hook_calls;
    game.choose_tile_step_option(0);
    EXPECT_EQ(hooks->stats().hook_calls, calls) << "no round trip";
    EXPECT_TRUE(game.tile_from_hand());
    ASSERT_TRUE(game.drawn_tile().has_value());
    EXPECT_EQ(*game.drawn_tile(), type_of(game, "TT/road"));
    EXPECT_THAT(hand_of(game, 0), ::testing::ElementsAre("TT/field", "TT/road"));
    game.place_tile("TT/road", space(1, 0, corner_for_rotation(2)), 2);
    ASSERT_FALSE(game.moves().empty());
    EXPECT_EQ(game.moves().back().type, MoveType::PlaceTile);
    EXPECT_TRUE(game.moves().back().from_hand);
}

// Two declarations in one game would both offer every tile of a hand.
TEST(HfHandPlay, TwoExpansionsDeclaringAHandPlayAreRefusedTogether) {
    PluginExpansion a, b;
    a.id = "test.hands-a";
    b.id = "test.hands-b";
    a.hand_play = b.hand_play = {true, "play-it", "play {tile}"};
    try {
        PluginHooks hooks({&a, &b});
        FAIL() << "accepted two hand plays";
    } catch (const HostError& e) {
        EXPECT_THAT(e.what(), HasSubstr("expansions 'test.hands-a' and 'test.hands-b' both declare how hand tiles "
                                        "are played"));
    }
    EXPECT_NO_THROW(PluginHooks({&a, &b}, HandPlayBy::Hooks)) << "by hooks, each expansion offers its own";
}

}  // namespace
}  // namespace ck::host::test
