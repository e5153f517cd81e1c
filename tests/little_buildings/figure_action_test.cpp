// FIGURE_OPTIONS and APPLY_FIGURE_ACTION: a building instead of a meeple
// (LB-6, LB-8, LB-23).
#include <gtest/gtest.h>

#include "abi_harness.hpp"

namespace lbtest {
namespace {

bool same(const fb::TileRef& a, const fb::TileRef& b) {
    return a.x() == b.x() && a.y() == b.y() && a.corner() == b.corner();
}

// Player 1 has just placed a tile at (2, -1) and holds 1 tower and 2 sheds.
TestState turn_of_player_one() {
    TestState state = make_state(3);
    set_supply(state, 1, kTower, 1);
    set_supply(state, 1, kHouse, 0);
    set_supply(state, 1, kShed, 2);
    set_supply(state, 0, kHouse, 3);  // someone else's houses are not player 1's
    set_turn(state, 1, at(2, -1));
    return state;
}

// LB-6: one option per type still in supply, only on the tile just placed.
TEST(LittleBuildingsFigureStep, LB6_OffersEachTypeInSupplyOnThePlacedTile) {
    const HookResult r = call(CK_HOOK_FIGURE_OPTIONS, turn_of_player_one(), figure_options(1, at(2, -1)));
    ASSERT_EQ(r.status, CK_OK) << r.error;
    const auto options = offered(r);
    ASSERT_EQ(options.size(), 2u);
    EXPECT_EQ(options[0]->token_kind, kTower);
    EXPECT_EQ(options[1]->token_kind, kShed);
    for (const fb::FigureOptionT* o : options) {
        EXPECT_EQ(o->action, "place-token");
        ASSERT_TRUE(o->at);
        EXPECT_TRUE(same(*o->at, at(2, -1)));
        EXPECT_FALSE(o->label.empty());
    }
    EXPECT_EQ(count_effects(r, fb::Effect::OfferFigureOption), static_cast<int>(r.response.effects.size()));
}

// LB-6: a player with no buildings left cannot use the option.
TEST(LittleBuildingsFigureStep, LB6_NothingOfferedWithoutBuildingsLeft) {
    TestState state = turn_of_player_one();
    set_supply(state, 1, kTower, 0);
    set_supply(state, 1, kShed, 0);
    const HookResult r = call(CK_HOOK_FIGURE_OPTIONS, state, figure_options(1, at(2, -1)));
    EXPECT_EQ(r.status, CK_NOTHING_TO_DO);
}

// LB-6: allowed even when the player could not place a meeple (none left).
TEST(LittleBuildingsFigureStep, LB6_OfferedEvenWithoutMeeplesInSupply) {
    TestState state = turn_of_player_one();
    state.game.players[1].mutate_followers_in_supply(0);
    const HookResult r = call(CK_HOOK_FIGURE_OPTIONS, state, figure_options(1, at(2, -1)));
    ASSERT_EQ(r.status, CK_OK) << r.error;
    EXPECT_EQ(offered(r).size(), 2u);
}

// LB-8: the building replaces the turn's single figure action.
TEST(LittleBuildingsFigureStep, LB8_NothingOfferedOnceTheFigureActionIsTaken) {
    TestState state = turn_of_player_one();
    set_turn(state, 1, at(2, -1), /*figure_action_taken=*/true);
    const HookResult r = call(CK_HOOK_FIGURE_OPTIONS, state, figure_options(1, at(2, -1)));
    EXPECT_EQ(r.status, CK_NOTHING_TO_DO);
}

// LB-6, LB-8: placing puts the token on the tile and uses up the figure step.
TEST(LittleBuildingsFigureStep, LB6_LB8_PlacingABuildingPlacesItAndConsumesTheFigureAction) {
    const HookResult r = call(CK_HOOK_APPLY_FIGURE_ACTION, turn_of_player_one(), place_token(1, kShed, at(2, -1)));
    ASSERT_EQ(r.status, CK_OK) << r.error;
    ASSERT_EQ(r.response.effects.size(), 2u);
    const fb::PlaceTokenT* placed = r.response.effects[0]->effect.AsPlaceToken();
    ASSERT_NE(placed, nullptr);
    EXPECT_EQ(placed->player, 1);
    EXPECT_EQ(placed->kind, kShed);
    ASSERT_TRUE(placed->at);
    EXPECT_TRUE(same(*placed->at, at(2, -1)));
    EXPECT_NE(r.response.effects[1]->effect.AsConsumeFigureAction(), nullptr);
}


void expect_refused(const HookResult& r, const std::string& message_part) {
    EXPECT_EQ(r.status, CK_E_INTERNAL);
    EXPECT_NE(r.error.find(message_part), std::string::npos) << r.error;
}

// LB-6: the building can only go on the tile just placed.
TEST(LittleBuildingsFigureStep, LB6_RefusesABuildingAwayFromThePlacedTile) {
    expect_refused(call(CK_HOOK_APPLY_FIGURE_ACTION, turn_of_player_one(), place_token(1, kTower, at(2, 0))),
                   "tile just placed");
}

// LB-6 with Halflings: the other triangle of the space is another tile.
TEST(LittleBuildingsFigureStep, LB6_RefusesTheOtherTriangleOfTheSpace) {
    TestState state = turn_of_player_one();
    set_turn(state, 1, at(4, 4, fb::Corner::NE));
    expect_refused(call(CK_HOOK_APPLY_FIGURE_ACTION, state, place_token(1, kTower, at(4, 4, fb::Corner::SW))),
                   "tile just placed");
}

// LB-6: a type the player has none of left.
TEST(LittleBuildingsFigureStep, LB6_RefusesATypeNotInSupply) {
    expect_refused(call(CK_HOOK_APPLY_FIGURE_ACTION, turn_of_player_one(), place_token(1, kHouse, at(2, -1))),
                   "no LB_HOUSE left");
}

// LB-8: only one figure action per turn.
TEST(LittleBuildingsFigureStep, LB8_RefusesWhenTheFigureActionIsAlreadyTaken) {
    TestState state = turn_of_player_one();
    set_turn(state, 1, at(2, -1), /*figure_action_taken=*/true);
    expect_refused(call(CK_HOOK_APPLY_FIGURE_ACTION, state, place_token(1, kTower, at(2, -1))), "already used");
}

TEST(LittleBuildingsFigureStep, RefusesAPlayerWhoIsNotActive) {
    TestState state = turn_of_player_one();
    set_supply(state, 2, kTower, 1);
    expect_refused(call(CK_HOOK_APPLY_FIGURE_ACTION, state, place_token(2, kTower, at(2, -1))), "not the active player");
}

TEST(LittleBuildingsFigureStep, RefusesUnknownTokenKindsAndActions) {
    expect_refused(call(CK_HOOK_APPLY_FIGURE_ACTION, turn_of_player_one(), place_token(1, "LB_CASTLE", at(2, -1))),
                   "not a little building");
    fb::HookRequestT request = place_token(1, kTower, at(2, -1));
    request.args.AsApplyFigureActionArgs()->option->action = "move-fairy";
    expect_refused(call(CK_HOOK_APPLY_FIGURE_ACTION, turn_of_player_one(), request), "unknown figure action");
}

TEST(LittleBuildingsFigureStep, RefusesWhenNoTileWasPlacedThisTurn) {
    TestState state = turn_of_player_one();
    state.turn().mutate_has_placed_tile(false);
    expect_refused(call(CK_HOOK_APPLY_FIGURE_ACTION, state, place_token(1, kTower, at(2, -1))), "after a tile was placed");
}

// LB-23: a building may go on a halfling just played even if the other
// triangle of its space already holds one.
TEST(LittleBuildingsFigureStep, LB23_BuildingAllowedNextToABuildingOnTheOtherTriangle) {
    TestState state = turn_of_player_one();
    put_building(state, kHouse, at(5, 5, fb::Corner::SW), 0);
    set_turn(state, 1, at(5, 5, fb::Corner::NE));
    const HookResult options = call(CK_HOOK_FIGURE_OPTIONS, state, figure_options(1, at(5, 5, fb::Corner::NE)));
    ASSERT_EQ(options.status, CK_OK) << options.error;
    EXPECT_EQ(offered(options).size(), 2u);
    const HookResult r = call(CK_HOOK_APPLY_FIGURE_ACTION, state, place_token(1, kTower, at(5, 5, fb::Corner::NE)));
    ASSERT_EQ(r.status, CK_OK) << r.error;
    EXPECT_EQ(count_effects(r, fb::Effect::PlaceToken), 1);
}

}  // namespace
}  // namespace lbtest
