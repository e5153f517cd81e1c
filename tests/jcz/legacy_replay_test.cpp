// JCloisterZone 5.7 files (initialSeed/salt, pointers without feature):
// the engine's caller-draws mode that replays them, and the replayer's
// inference, notes and errors (docs/interop.md, "Legacy 5.7 files").
#include <gtest/gtest.h>

#include <string>

#include "core/errors.hpp"
#include "core/game.hpp"
#include "core/tile_xml.hpp"
#include "jcz/replayer.hpp"
#include "replay_test_support.hpp"

using namespace ck::host;
using namespace ck::host::jcz;

namespace {

using test::scenario;
using test::test_options;

const TileCatalog& basic_catalog() {
    static const TileCatalog catalog = [] {
        TileCatalog c;
        load_tile_xml_file(default_tile_file(), c);
        return c;
    }();
    return catalog;
}

GameSetup caller_draw_setup() {
    GameSetup s;
    s.catalog = &basic_catalog();
    s.players = {PlayerSetup{"A"}, PlayerSetup{"B"}};
    s.initial_random = 0.0;
    s.caller_draws = true;
    return s;
}

TileTypeId tile(const std::string& id) { return static_cast<TileTypeId>(basic_catalog().index_of(id)); }

std::string error_of(const std::string& jcz) {
    try {
        Replay r(parse_saved_game(jcz, "t.jcz"), test_options());
    } catch (const HostError& e) {
        return e.what();
    }
    return "(no error)";
}

// A two-message 5.7 game: BA/L below the start tile, then a follower.
std::string legacy_game(const std::string& pointer, const std::string& more_replay = "") {
    return R"({"initialSeed": "7", "setup": {"sets": {"basic:1": 1}, "elements": {"small-follower": 7, "farmers": true},
      "start": [{"tile": "BA/RCr", "x": 0, "y": 0, "rotation": 0}]},
      "players": [{"name": "A"}, {"name": "B"}],
      "replay": [
        {"type": "PLACE_TILE", "payload": {"tileId": "BA/L", "rotation": "R0", "position": [0, 1]}},
        {"type": "DEPLOY_MEEPLE", "payload": {"pointer": )" +
           pointer + R"(, "meepleId": "0.small.1"}})" + more_replay + "]}";
}

}  // namespace

TEST(CallerDraws, TilePhaseWaitsWithNoTileUntilTheCallerNamesOne) {
    Game g(caller_draw_setup());
    EXPECT_EQ(g.phase(), Phase::TilePhase);
    EXPECT_FALSE(g.drawn_tile().has_value());
    EXPECT_TRUE(g.awaiting_caller_draw());
    EXPECT_TRUE(g.legal_placements().empty());
    const size_t pack = g.pack().size();
    g.draw_tile(tile("BA/RRRR"));
    EXPECT_EQ(g.drawn_tile(), tile("BA/RRRR"));
    EXPECT_EQ(g.pack().size(), pack - 1);
    EXPECT_FALSE(g.legal_placements().empty());
    EXPECT_FALSE(g.awaiting_caller_draw());
    // basic:1 has a single BA/RRRR: once drawn, it is not left.
    g.place_tile("BA/RRRR", TileRef{{1, 0}, Corner::None}, 0);
    g.pass();
    g.commit(0.0);
    EXPECT_TRUE(g.awaiting_caller_draw());
    EXPECT_THROW(g.draw_tile(tile("BA/RRRR")), HostError);
}

TEST(CallerDraws, DrawOrderComesFirstAndEndTurnCountsCallerDraws) {
    GameSetup s = caller_draw_setup();
    s.draw_order = {"BA/C"};
    s.end_turn = 2;
    Game g(s);
    EXPECT_EQ(g.drawn_tile(), tile("BA/C"));  // forced draw, as without caller draws
    g.place_tile("BA/C", TileRef{{0, -1}, Corner::None}, 2);
    g.pass();
    g.commit(0.0);
    ASSERT_TRUE(g.awaiting_caller_draw());
    g.draw_tile(tile("BA/L"));
    g.place_tile("BA/L", TileRef{{0, 1}, Corner::None}, 0);
    g.pass();
    g.commit(0.0);
    EXPECT_EQ(g.phase(), Phase::GameOverPhase);  // endTurn 2 reached by the caller's draw
}

TEST(CallerDraws, OnlyInCallerDrawGamesAndOnlyWhenAwaited) {
    GameSetup normal = caller_draw_setup();
    normal.caller_draws = false;
    Game g(normal);
    EXPECT_FALSE(g.awaiting_caller_draw());
    EXPECT_THROW(g.draw_tile(tile("BA/L")), HostError);
    Game c(caller_draw_setup());
    c.draw_tile(tile("BA/L"));
    EXPECT_THROW(c.draw_tile(tile("BA/L")), HostError);  // already drawn this turn
}

TEST(LegacyReplay, TilesFromMessagesInferredFeaturesAndNotes) {
    const Replay r(load_saved_game(scenario("legacy-5.7-tiles-from-messages.jcz")), test_options());
    EXPECT_EQ(r.tiles_from_messages(), 2);
    EXPECT_EQ(r.inferred_features(), 2);
    EXPECT_TRUE(r.game().awaiting_caller_draw());
    ASSERT_EQ(r.notes().size(), 3u);
    EXPECT_NE(r.notes()[0].find("cannot be reproduced"), std::string::npos);
    EXPECT_NE(r.notes()[1].find("2 tile(s) taken from their PLACE_TILE messages"), std::string::npos);
    EXPECT_NE(r.notes()[2].find("no tile drawn"), std::string::npos);
    // The monastery (CLOISTER) and the city (S) were found on the placed tiles.
    ASSERT_EQ(r.game().figures().size(), 1u);  // the city follower went home
    EXPECT_EQ(r.game().figures()[0].pointer.kind, FeatureKind::Monastery);
    const auto results = r.check_assertions();
    EXPECT_EQ(results.size(), 5u);
    for (const auto& a : results) EXPECT_TRUE(a.passed) << a.text << ": " << a.detail;
}

TEST(LegacyReplay, ForcedDrawsNeedNoTilesFromMessages) {
    const Replay r(load_saved_game(scenario("legacy-5.7-draw-order.jcz")), test_options());
    EXPECT_EQ(r.tiles_from_messages(), 0);
    EXPECT_EQ(r.inferred_features(), 3);
    EXPECT_EQ(r.game().phase(), Phase::GameOverPhase);
    ASSERT_EQ(r.notes().size(), 1u);  // only "cannot be reproduced"
}

TEST(LegacyReplay, CurrentFilesGetNoNotes) {
    const Replay r(load_saved_game(scenario("base-city-pennant.jcz")), test_options());
    EXPECT_TRUE(r.notes().empty());
    EXPECT_EQ(r.tiles_from_messages(), 0);
    EXPECT_FALSE(r.game().awaiting_caller_draw());
}

TEST(LegacyReplay, UndoKeepsTheTileTakenFromTheMessage) {
    const std::string undo = R"(, {"type": "UNDO"}, {"type": "UNDO"})";
    const Replay r(parse_saved_game(legacy_game(R"({"position": [0, 1], "location": "I"})", undo), "t.jcz"),
                   test_options());
    EXPECT_EQ(r.game().phase(), Phase::TilePhase);
    EXPECT_EQ(r.game().drawn_tile(), tile("BA/L"));  // still drawn, as in JCZ
    EXPECT_EQ(r.tiles_from_messages(), 1);
}

TEST(LegacyReplay, PointerWithoutFeatureMustMatchOneSegmentOfThePlacedTile) {
    EXPECT_EQ(error_of(legacy_game(R"({"position": [0, 1], "location": "N"})")),
              "replay[1] DEPLOY_MEEPLE: pointer (0,1) N (no feature given): no segment of the tile just placed has "
              "that location");
    EXPECT_EQ(error_of(legacy_game(R"({"position": [0, 0], "location": "N"})")),
              "replay[1] DEPLOY_MEEPLE: pointer (0,0) N (no feature given) is not on the tile just placed at (0,1)");
    // A field location works as well as the monastery's.
    EXPECT_EQ(error_of(legacy_game(R"({"position": [0, 1], "location": "NL.NR.EL.ER.SL.SR.WL.WR"})")), "(no error)");
}

TEST(LegacyReplay, TileNotLeftInThePackIsAnError) {
    // basic:1 has four BA/L; the fifth cannot be taken.
    std::string replay;
    const char* spots[] = {"[0, 1]", "[0, 2]", "[0, 3]", "[0, 4]", "[0, 5]"};
    for (int i = 0; i < 5; ++i) {
        replay += std::string(i ? ", " : "") + R"({"type": "PLACE_TILE", "payload": {"tileId": "BA/L", "rotation": "R0", "position": )" +
                  spots[i] + R"(}}, {"type": "PASS"}, {"type": "COMMIT", "payload": {"salt": "1"}})";
    }
    const std::string jcz = R"({"initialSeed": "7", "setup": {"sets": {"basic:1": 1}, "elements": {"small-follower": 7},
      "start": [{"tile": "BA/RCr", "x": 0, "y": 0, "rotation": 0}]}, "players": [{"name": "A"}], "replay": [)" +
                            replay + "]}";
    EXPECT_EQ(error_of(jcz),
              "replay[12] PLACE_TILE: cannot take the tile from the message: tile \"BA/L\" is not left in the pack");
}
