// The tile step (HF-16): offering the hand's halflings and playing one
// instead of drawing.
#include <gtest/gtest.h>

#include "hf_harness.hpp"

namespace hftest {
namespace {

constexpr const char* kPlay = "play-halfling";

// Player 1's turn, with a hand of three (HF/I-3 twice: a saved game may do that).
TestState turn_of_player_one() {
    TestState state = make_state(3);
    set_active(state, 1);
    set_hand(state, 0, {"HF/I-1"});
    set_hand(state, 1, {"HF/I-3", "HF/II-7", "HF/I-3"});
    set_hand(state, 2, {"HF/II-12"});
    return state;
}

void expect_refused(const HookResult& r, const std::string& message_part) {
    EXPECT_EQ(r.status, CK_E_INTERNAL);
    EXPECT_NE(r.error.find(message_part), std::string::npos) << r.error;
}

// HF-16: one option per distinct tile type in the hand, in hand order.
TEST(HalflingsTileStep, HF16_OffersOnePlayOptionPerDistinctHandTile) {
    const TestState state = turn_of_player_one();
    const HookResult r = call(CK_HOOK_TILE_STEP_OPTIONS, state, tile_step_options(1));
    ASSERT_EQ(r.status, CK_OK) << r.error;
    const auto options = offered(r);
    ASSERT_EQ(options.size(), 2u);
    // Both in one OfferTileStepOptions (schema revision 4); the host makes
    // the labels ("play halfling HF/I-3", tests/hf_games).
    ASSERT_EQ(r.response.effects.size(), 1u);
    EXPECT_NE(r.response.effects[0]->effect.AsOfferTileStepOptions(), nullptr);
    EXPECT_EQ(options[0].action, kPlay);
    EXPECT_EQ(options[0].tile_type, type_of(state, "HF/I-3"));
    EXPECT_EQ(options[0].label, "play halfling {tile}");
    EXPECT_EQ(options[1].action, kPlay);
    EXPECT_EQ(options[1].tile_type, type_of(state, "HF/II-7"));
    EXPECT_EQ(options[1].label, "play halfling {tile}");
}

// HF-16: the options are those of the player asked about.
TEST(HalflingsTileStep, HF16_OffersTheAskedPlayersHandOnly) {
    TestState state = turn_of_player_one();
    set_active(state, 2);
    const HookResult r = call(CK_HOOK_TILE_STEP_OPTIONS, state, tile_step_options(2));
    ASSERT_EQ(offered(r).size(), 1u);
    EXPECT_EQ(offered(r)[0].tile_type, type_of(state, "HF/II-12"));
}

// HF-16: with no halflings the player must draw; nothing is offered.
TEST(HalflingsTileStep, HF16_NothingOfferedWithAnEmptyHand) {
    TestState state = turn_of_player_one();
    set_hand(state, 1, {});
    EXPECT_EQ(call(CK_HOOK_TILE_STEP_OPTIONS, state, tile_step_options(1)).status, CK_NOTHING_TO_DO);
}

// HF-16: the choice comes before drawing; once a tile is drawn, chosen or
// placed this turn there is nothing to offer.
TEST(HalflingsTileStep, HF16_NothingOfferedOnceTheTileStepIsUsed) {
    TestState drawn = turn_of_player_one();
    drawn.turn().mutate_has_tile_to_place(true);
    drawn.turn().mutate_tile_to_place(type_of(drawn, "BA/RCr"));
    EXPECT_EQ(call(CK_HOOK_TILE_STEP_OPTIONS, drawn, tile_step_options(1)).status, CK_NOTHING_TO_DO);

    TestState placed = turn_of_player_one();
    placed.turn().mutate_has_placed_tile(true);
    placed.turn().mutable_placed_tile() = ck::test::at(1, 0);
    EXPECT_EQ(call(CK_HOOK_TILE_STEP_OPTIONS, placed, tile_step_options(1)).status, CK_NOTHING_TO_DO);
}

// HF-16: playing a halfling from the hand: one PlayHandTile, nothing else.
TEST(HalflingsTileStep, HF16_PlayingAHalflingPlaysItFromTheHand) {
    const TestState state = turn_of_player_one();
    const uint16_t tile = type_of(state, "HF/II-7");
    const HookResult r =
        call(CK_HOOK_APPLY_TILE_STEP_OPTION, state, apply_option(1, kPlay, tile, "play halfling HF/II-7"));
    ASSERT_EQ(r.status, CK_OK) << r.error;
    ASSERT_EQ(r.response.effects.size(), 1u);
    const fb::PlayHandTileT* play = r.response.effects[0]->effect.AsPlayHandTile();
    ASSERT_NE(play, nullptr);
    EXPECT_EQ(play->player, 1);
    EXPECT_EQ(play->tile_type, tile);
}

// A tile type that is not in the player's hand (another player's, or none).
TEST(HalflingsTileStep, HF16_RefusesATileNotInTheHand) {
    const TestState state = turn_of_player_one();
    expect_refused(call(CK_HOOK_APPLY_TILE_STEP_OPTION, state, apply_option(1, kPlay, type_of(state, "HF/I-1"))),
                   "player 1 has no HF/I-1 in hand (HF-16)");
    expect_refused(call(CK_HOOK_APPLY_TILE_STEP_OPTION, state, apply_option(1, kPlay, type_of(state, "BA/RCr"))),
                   "player 1 has no BA/RCr in hand");
}

TEST(HalflingsTileStep, HF16_RefusesAPlayerWhoIsNotActive) {
    const TestState state = turn_of_player_one();
    expect_refused(call(CK_HOOK_APPLY_TILE_STEP_OPTION, state, apply_option(0, kPlay, type_of(state, "HF/I-1"))),
                   "player 0 is not the active player 1");
}

TEST(HalflingsTileStep, RefusesUnknownActions) {
    const TestState state = turn_of_player_one();
    for (const char* action : {"draw", "play-halflings", "place-token"})
        expect_refused(call(CK_HOOK_APPLY_TILE_STEP_OPTION, state, apply_option(1, action, type_of(state, "HF/I-3"))),
                       "unknown tile-step action '" + std::string(action) + "'");
}

// HF-16: one tile per turn; after drawing, a halfling can no longer be chosen.
TEST(HalflingsTileStep, HF16_RefusesOnceTheTileStepIsUsed) {
    TestState state = turn_of_player_one();
    state.turn().mutate_has_tile_to_place(true);
    state.turn().mutate_tile_to_place(type_of(state, "BA/L"));
    expect_refused(call(CK_HOOK_APPLY_TILE_STEP_OPTION, state, apply_option(1, kPlay, type_of(state, "HF/I-3"))),
                   "tile step of this turn is already used");
}

TEST(HalflingsTileStep, RefusesAnUnknownTileType) {
    const TestState state = turn_of_player_one();
    const auto unknown = static_cast<uint16_t>(state.setup.tile_types.size() + 3);
    expect_refused(call(CK_HOOK_APPLY_TILE_STEP_OPTION, state, apply_option(1, kPlay, unknown)),
                   "is not in the game's tile types");
}

}  // namespace
}  // namespace hftest
