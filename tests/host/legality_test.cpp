// Placement and follower legality (jcz-interop.md §3.1, §4.6): illegal
// moves are refused with a reason and leave the game unchanged.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "game_helpers.hpp"

namespace ck::host::test {
namespace {

using ::testing::HasSubstr;

std::string illegal_move_error(const std::function<void()>& f) {
    try {
        f();
    } catch (const HostError& e) {
        EXPECT_EQ(e.category(), ErrorCategory::IllegalMove);
        return e.what();
    }
    return "(no error)";
}

TEST(Legality, TileThatIsNotTheDrawnOneIsRefused) {
    Game game(base_setup({"BA/C"}));
    EXPECT_THAT(illegal_move_error([&] { game.place_tile("BA/L", {{0, 1}, Corner::None}, 0); }),
                HasSubstr("is not the drawn tile \"BA/C\""));
    EXPECT_EQ(game.phase(), Phase::TilePhase);
}

TEST(Legality, EdgeMismatchIsRefusedNamingTheEdge) {
    Game game(base_setup({"BA/C"}));
    // BA/C unturned has its city north and field south; the start city is below.
    EXPECT_THAT(illegal_move_error([&] { game.place_tile("BA/C", {{0, -1}, Corner::None}, 0); }),
                HasSubstr("edge S (field) meets city of the tile at (0,0)"));
    EXPECT_EQ(game.phase(), Phase::TilePhase);
    EXPECT_EQ(game.placed_tiles().size(), 1u);
    game.place_tile("BA/C", {{0, -1}, Corner::None}, 2);  // turned, it fits
    EXPECT_EQ(game.phase(), Phase::ActionPhase);
}

TEST(Legality, PlacementWithoutContactIsRefused) {
    Game game(base_setup({"BA/L"}));
    EXPECT_THAT(illegal_move_error([&] { game.place_tile("BA/L", {{3, 3}, Corner::None}, 0); }), HasSubstr("no contact"));
    EXPECT_THAT(illegal_move_error([&] { game.place_tile("BA/L", {{1, 1}, Corner::None}, 0); }), HasSubstr("no contact"))
        << "a diagonal neighbour is not contact";
}

TEST(Legality, OccupiedSpaceIsRefused) {
    Game game(base_setup({"BA/RFr"}));
    EXPECT_THAT(illegal_move_error([&] { game.place_tile("BA/RFr", {{0, 0}, Corner::None}, 0); }), HasSubstr("occupied"));
}

TEST(Legality, MovesInTheWrongPhaseAreRefused) {
    Game game(base_setup({"BA/RFr"}));
    EXPECT_THAT(illegal_move_error([&] { game.commit(); }), HasSubstr("cannot commit in TilePhase"));
    EXPECT_THAT(illegal_move_error([&] { game.pass(); }), HasSubstr("cannot pass in TilePhase"));
    game.place_tile("BA/RFr", {{1, 0}, Corner::None}, 0);
    EXPECT_THAT(illegal_move_error([&] { game.place_tile("BA/RFr", {{2, 0}, Corner::None}, 0); }),
                HasSubstr("cannot place a tile in ActionPhase"));
}

TEST(Legality, LegalPlacementsOfStartPositionAreExactlyTheFittingOnes) {
    Game game(base_setup({"BA/C"}));
    // BA/C fits north of the start city with its city south only, and east,
    // west (road sides) never; south (field) with the city anywhere but north.
    std::vector<Placement> expected = {
        {{{0, -1}, Corner::None}, 2},
        {{{0, 1}, Corner::None}, 1}, {{{0, 1}, Corner::None}, 2}, {{{0, 1}, Corner::None}, 3},
    };
    std::vector<Placement> got = game.legal_placements();
    auto key = [](const Placement& p) { return std::tuple(p.at.pos.x, p.at.pos.y, p.rotation); };
    std::sort(got.begin(), got.end(), [&](auto& a, auto& b) { return key(a) < key(b); });
    std::sort(expected.begin(), expected.end(), [&](auto& a, auto& b) { return key(a) < key(b); });
    EXPECT_EQ(got, expected);
}

// §4.6: only features without any follower are offered.
TEST(Legality, MeepleOnOccupiedFeatureIsRefused) {
    Game game(base_setup({"BA/RFr", "BA/RFr"}));
    play(game, {"BA/RFr", 1, 0, 0, FeatureKind::Road, "WE"});
    game.place_tile("BA/RFr", {{2, 0}, Corner::None}, 0);
    for (const MeepleOption& o : game.meeple_options()) EXPECT_NE(o.pointer.kind, FeatureKind::Road);
    EXPECT_THAT(illegal_move_error([&] { game.deploy_meeple(ptr(2, 0, FeatureKind::Road, "WE"), "1.small.1"); }),
                HasSubstr("already has a follower"));
    EXPECT_EQ(game.phase(), Phase::ActionPhase);
    game.deploy_meeple(ptr(2, 0, FeatureKind::Field, "NL.NR.EL.WR"), "1.small.1");
    EXPECT_EQ(game.phase(), Phase::CommitActionPhase);
}

TEST(Legality, MeeplePointerMustBeTheWholeSegmentOnThePlacedTile) {
    Game game(base_setup({"BA/RFr", "BA/RFr"}));
    game.place_tile("BA/RFr", {{1, 0}, Corner::None}, 0);
    EXPECT_THAT(illegal_move_error([&] { game.deploy_meeple(ptr(1, 0, FeatureKind::Road, "W"), "0.small.1"); }),
                HasSubstr("no road segment with that exact location"));
    EXPECT_THAT(illegal_move_error([&] { game.deploy_meeple(ptr(0, 0, FeatureKind::Road, "WE"), "0.small.1"); }),
                HasSubstr("tile placed this turn"));
}

TEST(Legality, MeepleMustBeTheActivePlayersAndInSupply) {
    Game game(base_setup({"BA/RFr", "BA/RFr", "BA/RFr"}));
    game.place_tile("BA/RFr", {{1, 0}, Corner::None}, 0);
    EXPECT_THAT(illegal_move_error([&] { game.deploy_meeple(ptr(1, 0, FeatureKind::Road, "WE"), "1.small.1"); }),
                HasSubstr("does not belong to the active player"));
    EXPECT_THAT(illegal_move_error([&] { game.deploy_meeple(ptr(1, 0, FeatureKind::Road, "WE"), "0.small.8"); }),
                HasSubstr("not in the player's supply"));
    game.deploy_meeple(ptr(1, 0, FeatureKind::Road, "WE"), "0.small.4");  // any meeple in supply is fine
    game.commit(0.5);
    play(game, {"BA/RFr", -1, 0, 0});
    game.place_tile("BA/RFr", {{2, 0}, Corner::None}, 0);
    EXPECT_THAT(illegal_move_error([&] { game.deploy_meeple(ptr(2, 0, FeatureKind::Field, "NL.NR.EL.WR"), "0.small.4"); }),
                HasSubstr("not in the player's supply"));
    EXPECT_EQ(game.next_meeple(), (MeepleId{0, 1}));
}

TEST(Legality, BadMeepleIdsAreRejected) {
    EXPECT_THROW(parse_meeple_id("0.big.1"), HostError);
    EXPECT_THROW(parse_meeple_id("0.small"), HostError);
    EXPECT_THROW(parse_meeple_id("x.small.1"), HostError);
    EXPECT_THROW(parse_meeple_id("0.small.0"), HostError);
    EXPECT_EQ(parse_meeple_id("3.small.7"), (MeepleId{3, 7}));
}

TEST(Legality, PassIsAcceptedWhenTheFigureStepWasSkipped) {
    GameSetup setup = base_setup({"BA/RFr"});
    setup.followers_per_player = 0;
    Game game(setup);
    game.place_tile("BA/RFr", {{1, 0}, Corner::None}, 0);
    EXPECT_EQ(game.phase(), Phase::CommitActionPhase) << "nothing offered: the figure step is skipped";
    EXPECT_NO_THROW(game.pass());
    EXPECT_EQ(game.moves().back().type, MoveType::PlaceTile) << "a lenient pass records nothing";
    game.commit(0.5);
    EXPECT_EQ(game.phase(), Phase::TilePhase);
}

}  // namespace
}  // namespace ck::host::test
