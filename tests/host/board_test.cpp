// The board's incremental bookkeeping: frontier, requirements, occupancy,
// growth to far positions.
#include <gtest/gtest.h>

#include "game_helpers.hpp"

namespace ck::host::test {
namespace {

TEST(Board, FrontierIsTheEmptySpacesTouchingTileEdges) {
    Game game(base_setup({"BA/RFr"}));
    EXPECT_EQ(game.board().frontier().size(), 4u);
    game.place_tile("BA/RFr", {{1, 0}, Corner::None}, 0);
    // (1,0) left the frontier; (2,0), (1,-1), (1,1) joined it.
    EXPECT_EQ(game.board().frontier().size(), 6u);
    for (Position p : game.board().frontier()) EXPECT_FALSE(game.board().occupied(p));
}

TEST(Board, RequirementOfASpaceListsFacingEdges) {
    Game game(base_setup({"BA/RFr"}));
    const Board::Cell* north = game.board().cell({0, -1});
    ASSERT_NE(north, nullptr);
    EXPECT_EQ(north->req_mask, 1u << static_cast<int>(Side::S));
    EXPECT_EQ((north->req_edges >> (2 * static_cast<int>(Side::S))) & 3, static_cast<int>(EdgeType::City));
}

TEST(Board, GrowsToPlaceTilesFarFromTheStart) {
    GameSetup s = base_setup({"BA/RFr"});
    s.start_tiles = {{"BA/RCr", 0, 0, 0}, {"BA/L", 400, -300, 0}};
    Game game(s);
    EXPECT_TRUE(game.board().occupied({400, -300}));
    EXPECT_EQ(game.board().occupied_around({401, -300}), 1);
    EXPECT_EQ(game.board().frontier().size(), 8u);
    game.place_tile("BA/RFr", {{400, -299}, Corner::None}, 0);
    EXPECT_EQ(game.tile_def(game.placed_tiles().back().type).id, "BA/RFr");
}

TEST(Board, OccupiedNeighboursAreCountedIncludingDiagonals) {
    Game game(base_setup({"BA/RFr", "BA/RFr"}));
    play(game, {"BA/RFr", 1, 0, 0});
    play(game, {"BA/RFr", -1, 0, 0});
    EXPECT_EQ(game.board().occupied_around({0, 1}), 3);
    EXPECT_EQ(game.board().occupied_around({0, 0}), 2);
    EXPECT_EQ(game.board().occupied_around({2, 1}), 1);
}

}  // namespace
}  // namespace ck::host::test
