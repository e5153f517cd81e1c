// The Wind Roses through the `cloisterkit` command: whole games with the
// other expansions refereed rose by rose, the game's start on the large
// rose, saves that name what JCloisterZone names and replay to the same
// scores, JCloisterZone's own save refused by name, a start tile chosen
// twice refused. Rule IDs: docs/expansions/wind-roses.md.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli_json.hpp"
#include "game_count.hpp"

namespace {

using ::testing::HasSubstr;
using ck::test::CommandResult;
using ck::test::run_cli;
using ck::test::run_json;
using nlohmann::json;

const std::string kData = CK_WR_DATA;

std::filesystem::path scratch(const std::string& name) { return ck::test::scratch_path("wind_roses", name); }

// The referee's own reading of the six tiles (the tile file's `wind-rose`):
// "NWSE" for a large rose, the printed quarter for a small one.
const std::map<std::string, std::string> kRoses{{"WR/Cc.1", "NE"}, {"WR/CC.2", "SE"}, {"WR/CFc", "NW"},
                                                {"WR/CFR", "NWSE"}, {"WR/Rr", "NWSE"}, {"WR/RrC", "SW"}};

// WR-3, WR-4, written apart from the module: the printed quarter turned
// clockwise by the reference's quarter turns, then x/y compared with the
// reference's space (north is smaller y, the row and column in both).
bool in_marked_quarter(const std::string& printed, int turns, int x, int y, int rx, int ry) {
    const std::vector<std::string> clockwise{"NE", "SE", "SW", "NW"};
    const auto at = std::find(clockwise.begin(), clockwise.end(), printed) - clockwise.begin();
    const std::string q = clockwise[static_cast<size_t>((at + turns) % 4)];
    const bool north = y <= ry, south = y >= ry, east = x >= rx, west = x <= rx;
    return (q == "NE" && north && east) || (q == "SE" && south && east) || (q == "SW" && south && west) ||
           (q == "NW" && north && west);
}

struct Seen {
    int small_roses = 0, bonuses = 0, references_moved = 0;
};

// Referees one game (`play --json`): WR/CFR is the start and never drawn
// (WR-1); each small rose laid in the quarter its reference marks gives its
// player exactly one entry `wind-rose` of 3 in that turn, during the game
// (WR-3 to WR-5), and no other entry of that name exists; the reference is
// the start, then each WR/Rr laid (WR-2). Triangles change nothing (WR-8).
void check_game(const json& j, Seen& seen) {
    int rx = 0, ry = 0, turns = 0;  // WR-1: WR/CFR at (0,0) unturned
    std::vector<std::tuple<int, int, int>> expected, actual;  // turn, player, points
    int wind_rose_tiles = 0;
    for (const json& m : j["moves"]) {
        if (m["type"] != "tile") continue;
        const std::string tile = m["tile"];
        const auto rose = kRoses.find(tile);
        if (rose == kRoses.end()) continue;
        ++wind_rose_tiles;
        EXPECT_NE(tile, "WR/CFR") << "WR-1: the start tile is not drawn again";
        const int x = m["at"]["position"][0], y = m["at"]["position"][1];
        if (rose->second == "NWSE") {
            rx = x, ry = y, turns = m["rotation"].get<int>() / 90;
            ++seen.references_moved;
            continue;
        }
        ++seen.small_roses;
        if (in_marked_quarter(rose->second, turns, x, y, rx, ry))
            expected.emplace_back(m["turn"].get<int>(), m["player"].get<int>(), 3);
    }
    // WR-1: the five other tiles join the pile (all laid unless some tile
    // had to be set aside, which the JSON counts without naming).
    if (j["tiles_set_aside"].get<int>() == 0) EXPECT_EQ(wind_rose_tiles, 5) << "WR-1: the five other tiles";
    else EXPECT_LE(wind_rose_tiles, 5);
    for (const json& e : j["score_entries"]) {
        if (e["name"] != "wind-rose") continue;
        EXPECT_FALSE(e["final"].get<bool>()) << "WR-5: scored when laid";
        actual.emplace_back(e["turn"].get<int>(), e["player"].get<int>(), e["points"].get<int>());
    }
    EXPECT_EQ(actual, expected) << "WR-3: the bonuses are exactly the small roses in their quarters";
    seen.bonuses += static_cast<int>(actual.size());
}

// WR-1 to WR-9: every expansion of the library that meets the roses
// (Halflings, Little Buildings, the abbot), 2 to 4 random and greedy
// players; each game refereed (check_game).
TEST(wind_roses, PlaysWithHalflingsLittleBuildingsAndTheAbbot) {
    Seen seen;
    ck::test::for_each_computer_game("wind-roses,halflings,little-buildings,abbot", 40,
                                     [&](const json& game, int) { check_game(game, seen); });
    EXPECT_GT(seen.small_roses, 12);
    EXPECT_GT(seen.bonuses, 2) << "some small roses score";
    EXPECT_LT(seen.bonuses, seen.small_roses) << "some do not";
}

// WR-1, WR-7: the save names the set `wind-roses`, the element
// `wind-rose` (no element of the expansion's name) and the start WR/CFR at
// (0,0); it replays to the same scores, entry by entry.
TEST(wind_roses, SavesNameWhatJczNamesAndReplayToTheSameScores) {
    const int seeds = ck::test::games_for_this_build(3);
    for (int seed = 1; seed <= seeds; ++seed) {
        const std::string file = scratch("wr-" + std::to_string(seed) + ".jcz").string();
        const json played = run_json("play --expansions wind-roses,little-buildings --players 2 --seed " +
                                     std::to_string(seed) + " --player-types greedy --json --save " + file);
        if (HasFailure()) return;
        Seen seen;
        check_game(played, seen);
        const json saved = json::parse(ck::test::read_text_file(file));
        EXPECT_EQ(saved["setup"]["sets"].value("wind-roses", 0), 1) << "WR-1, WR-7";
        EXPECT_EQ(saved["setup"]["start"], json::parse(R"([{"tile":"WR/CFR","x":0,"y":0,"rotation":0}])"))
            << "WR-1: the start JCloisterZone writes";
        EXPECT_EQ(saved["setup"]["elements"].value("wind-rose", json()), 1) << "WR-7: the element the engine needs";
        EXPECT_FALSE(saved["setup"]["elements"].contains("wind-roses"));
        ck::test::expect_replays_as_played(file, played);
    }
}

// JCloisterZone's engine test as the client saved it lacks the element the
// client enforces (data/README.md): the set enables the module
// (enabled_by_save): the bonus is scored.
TEST(wind_roses, TheClientsSaveEnablesTheModuleFromItsSet) {
    const CommandResult r = run_cli("replay " + kData + "/wind-rose-bonus.jcz --min-assertions 1");
    EXPECT_EQ(r.status, 0) << r.output();
    EXPECT_THAT(r.out, HasSubstr("PASS  Alice has 3 points"));
    EXPECT_THAT(r.out, HasSubstr("wind-rose"));
}

// The roses are drawn as badges on their tiles (the tile file's markers)
// and named in the legend; the log shows the bonus.
TEST(wind_roses, PictureAndLogShowTheRoses) {
    const std::string svg = scratch("wind-roses.svg").string();
    const CommandResult r = run_cli("play --expansions wind-roses,halflings,little-buildings --seed 2 --players 3 "
                                    "--player-types greedy --svg " + svg);
    ASSERT_EQ(r.status, 0) << r.err;
    const std::string picture = ck::test::read_text_file(svg);
    EXPECT_THAT(picture, HasSubstr("<g class=\"marker\" data-marker=\"wind-rose-large\"><title>large wind rose</title>"));
    EXPECT_THAT(picture, HasSubstr("data-marker=\"wind-rose-sw\"><title>small wind rose, south-west</title>"));
    EXPECT_THAT(r.out, testing::ContainsRegex("\n +[A-Z][a-z]+ \\+3 wind-rose\n")) << "the log";
}

// JCloisterZone's own tile file of the expansion (data/jcz_wind_roses.xml,
// no marker elements), given with --tiles, replaces the module's copy: the
// module knows the roses by id, and the games are the same to the byte.
TEST(wind_roses, TheClientsTileFilePlaysTheSameGames) {
    for (int seed = 1; seed <= ck::test::games_for_this_build(2); ++seed) {
        const std::string game = " --expansions wind-roses --players 3 --player-types greedy --json --seed " +
                                 std::to_string(seed);
        const CommandResult own = run_cli("play" + game);
        const CommandResult clients = run_cli("play --tiles " + kData + "/jcz_wind_roses.xml" + game);
        ASSERT_EQ(own.status, 0) << own.err;
        ASSERT_EQ(clients.status, 0) << clients.err;
        EXPECT_EQ(own.out, clients.out) << "seed " << seed;
    }
}

// What a modder sees of the module: the start tile among its declarations.
TEST(wind_roses, PluginsListsTheStartTileAndTheRosesValue) {
    const json j = run_json("plugins --json");
    if (HasFailure()) return;
    json wr;
    for (const json& m : j["modules"])
        for (const json& e : m.value("expansions", json::array()))
            if (e["id"] == "cloisterkit.wind-roses") wr = e;
    ASSERT_FALSE(wr.is_null()) << j.dump();
    EXPECT_EQ(wr["start_tiles"], json::parse(R"([{"tile_id":"WR/CFR","x":0,"y":0,"rotation":0,
                                                  "with_expansion":"","without_expansion":""}])"));
    EXPECT_EQ(wr["tile_values"], json::parse(R"([{"element":"tile","attribute":"wind-rose"}])"));
    const CommandResult text = run_cli("plugins");
    EXPECT_THAT(text.out, HasSubstr("start:      WR/CFR at (0,0) R0 instead of the base game's start tile"));
    EXPECT_THAT(text.out, HasSubstr("value:      wind-rose of <tile> in tile files"));
}

}  // namespace
