// Drawing tiles as JCloisterZone does (jcz-interop.md §4.7, §4.10, §4.11):
// the 48-bit generator, pack order, drawOrder / endTurn / #END, tiles that
// fit nowhere, and setup errors.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "game_helpers.hpp"
#include "core/random.hpp"

namespace ck::host::test {
namespace {

using ::testing::HasSubstr;

TEST(Draws, GeneratorTakesFloorThenAdvancesByTheLcgOnTheBits) {
    double r = 0.5;  // bits 0x3FE0000000000000: low 48 bits are 0
    EXPECT_EQ(jcz_next_int(r, 10), 5);
    EXPECT_EQ(r, 11.0 / 281474976710656.0);
    EXPECT_EQ(jcz_next_int(r, 1000), 0);
    double zero = 0.0;
    EXPECT_EQ(jcz_next_int(zero, 71), 0);
}

TEST(Draws, CommitRandomZeroDrawsTheFirstTileOfThePackInByteOrder) {
    Game game(base_setup({"BA/RFr"}));
    const std::vector<TileTypeId> pack_before = game.pack();
    ASSERT_EQ(pack_before.size(), 70u);  // 72 minus the start tile minus the drawn tile
    game.place_tile("BA/RFr", {{1, 0}, Corner::None}, 0);
    game.pass();
    game.commit(0.0);
    EXPECT_EQ(*game.drawn_tile(), pack_before[0]);
    EXPECT_EQ(game.tile_def(pack_before[0]).id, "BA/C") << "\"BA/C\" sorts first";
}

TEST(Draws, PackIsSortedByTileIdAndHasSeventyTwoTiles) {
    GameSetup s = base_setup({});
    auto prepared = prepare_tiles(s);
    ASSERT_EQ(prepared->pack.size(), 72u);
    for (size_t i = 1; i < prepared->pack.size(); ++i)
        EXPECT_LE(base_catalog().tile(prepared->pack[i - 1]).id, base_catalog().tile(prepared->pack[i]).id);
}

TEST(Draws, EndTurnEndsTheGameAfterThatManyDraws) {
    Game game(base_setup({"BA/RFr", "BA/RFr"}, 2, 2));
    EXPECT_EQ(game.tiles_left(), 1u);
    play(game, {"BA/RFr", 1, 0, 0});
    EXPECT_EQ(game.tiles_left(), 0u);
    play(game, {"BA/RFr", 2, 0, 0});
    EXPECT_EQ(game.phase(), Phase::GameOverPhase);
    EXPECT_FALSE(game.drawn_tile());
}

TEST(Draws, EndMarkerEndsTheGameWhenOnlyItIsLeft) {
    Game game(base_setup({"BA/RFr", "BA/L", "#END"}));
    EXPECT_EQ(game.tiles_left(), 1u) << "entries left, #END included, minus one";
    play(game, {"BA/RFr", 1, 0, 0});
    EXPECT_EQ(game.tiles_left(), 0u);
    EXPECT_EQ(game.phase(), Phase::TilePhase) << "BA/L is still played";
    play(game, {"BA/L", 0, 1, 0});
    EXPECT_TRUE(game.is_over());
}

TEST(Draws, AfterTheDrawOrderDrawsAreRandomAndRepeatable) {
    GameSetup s = base_setup({"BA/RFr"});
    s.initial_random = 0.25;
    Game a(s), b(s);
    play(a, {"BA/RFr", 1, 0, 0});
    play(b, {"BA/RFr", 1, 0, 0});
    EXPECT_EQ(*a.drawn_tile(), *b.drawn_tile());
    EXPECT_EQ(a.draw_random(), b.draw_random());
}

TEST(Draws, TileThatFitsNowhereIsSetAsideAndCounts) {
    static const TileCatalog catalog = [] {
        TileCatalog c;
        load_tile_xml_string(R"(<defs><tiles>
            <tile id="F"><field>NL NR EL ER SL SR WL WR</field></tile>
            <tile id="C4"><city>N E S W</city></tile>
          </tiles><sets><tile-set id="s:1"><ref tile="F" count="3"/><ref tile="C4" count="1"/></tile-set></sets></defs>)",
                             "draw_test", c);
        return c;
    }();
    GameSetup s;
    s.catalog = &catalog;
    s.tile_sets = {{"s:1", 1}};
    s.start_tiles = {{"F", 0, 0, 0}};
    s.players = {{"Alice"}};
    s.draw_order = {"C4", "F"};
    s.end_turn = 2;
    Game game(s);
    ASSERT_EQ(game.discarded_tiles().size(), 1u);
    EXPECT_EQ(game.tile_def(game.discarded_tiles()[0]).id, "C4");
    EXPECT_EQ(game.tile_def(*game.drawn_tile()).id, "F");
    EXPECT_EQ(game.tiles_left(), 0u) << "the discarded draw counts toward endTurn";
    game.place_tile("F", {{1, 0}, Corner::None}, 0);
    game.pass();
    game.commit(0.5);
    EXPECT_TRUE(game.is_over());
}

TEST(Draws, DrawOrderEntryNoLongerInThePackIsAnError) {
    Game game(base_setup({"BA/Cccc+", "BA/Cccc+"}));
    game.place_tile("BA/Cccc+", {{0, -1}, Corner::None}, 0);
    game.pass();
    try {
        game.commit(0.5);
        ADD_FAILURE() << "expected an error";
    } catch (const HostError& e) {
        EXPECT_THAT(e.what(), HasSubstr("drawOrder entry 2: tile \"BA/Cccc+\" is not left in the pack"));
    }
}

TEST(Draws, SetupErrorsAreReported) {
    auto error = [](GameSetup s) -> std::string {
        try {
            Game g(s);
        } catch (const HostError& e) {
            return e.what();
        }
        return "(no error)";
    };
    GameSetup s = base_setup({});
    s.players.clear();
    EXPECT_THAT(error(s), HasSubstr("0 players"));
    s = base_setup({"BA/NOPE"});
    EXPECT_THAT(error(s), HasSubstr("unknown tile id \"BA/NOPE\""));
    s = base_setup({});
    s.start_tiles = {{"BA/RCr", 0, 0, 0}, {"BA/RCr", 1, 0, 0}, {"BA/RCr", 2, 0, 0}, {"BA/RCr", 3, 0, 0},
                     {"BA/RCr", 4, 0, 0}};
    EXPECT_THAT(error(s), HasSubstr("not in the pack"));
    s = base_setup({});
    s.initial_random = 1.5;
    EXPECT_THAT(error(s), HasSubstr("[0, 1)"));
    s = base_setup({});
    s.start_tiles = {{"BA/RCr", 0, 0, 0}, {"BA/L", 30000, 0, 0}};
    EXPECT_THAT(error(s), HasSubstr("too far"));
}

}  // namespace
}  // namespace ck::host::test
