// The River through the `cloisterkit` command: whole games with the other
// expansions refereed tile by tile against a reading of the rules written
// apart from the module (the spring, the river first and its lake last,
// each river tile continuing the river without turning back, river sides
// meeting only river sides), saves that name what JCloisterZone names and
// replay to the same scores, both releases, the Wind Roses' start beside
// the spring, a U-turn refused, the picture. Rule IDs:
// docs/expansions/river.md.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <string>
#include <utility>
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

const std::string kData = CK_RIVER_DATA;

std::filesystem::path scratch(const std::string& name) { return ck::test::scratch_path("river", name); }

// The referee's own reading of the tile files: each river tile's river
// sides at R0 (bit 0 N, 1 E, 2 S, 3 W).
constexpr uint8_t N = 1, E = 2, S = 4, W = 8;
const std::map<std::string, uint8_t> kRiverSides{
    {"RI/s", E},        {"RI.1/I.e", W},      {"RI.1/CICI", W | E}, {"RI.1/CIRI", W | E},  {"RI.1/LIRI", W | E},
    {"RI.1/RIrI", N | S}, {"RI.1/IFI", W | E}, {"RI.1/CcII", S | E}, {"RI.1/RrII", W | S},  {"RI.1/II", W | S},
    {"RI.1/IIG", W | S},  {"RI.2/IFC", W},     {"RI.2/I.v", W},      {"RI.2/III", W | N | E}, {"RI.2/CIcI", N | S},
    {"RI.2/LIFI", W | E}, {"RI.2/RIrI", N | S}, {"RI.2/CIRI", W | E}, {"RI.2/II", W | S},   {"RI.2/IIG", W | S},
    {"RI.2/CcII+", S | E}, {"RI.2/II+", W | N}, {"RI.2/RrII", W | S}, {"GQ/CICI", W | E}, {"GQ/RFI", E}};
const std::set<std::string> kLakes{"RI.1/I.e", "RI.2/I.v"};

uint8_t turned(uint8_t sides, int quarter_turns) {
    const int k = quarter_turns & 3;
    return static_cast<uint8_t>(((sides << k) | (sides >> (4 - k))) & 0xF);
}

using Space = std::pair<int, int>;
Space step(Space s, int side) {
    static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
    return {s.first + dx[side & 3], s.second + dy[side & 3]};
}

// What lies on a space: a square tile's river sides as laid, or the legs
// of the triangles there (which never show the river).
struct Cell {
    bool square = false;
    uint8_t river = 0;  // a square's river sides, as laid
    uint8_t legs = 0;   // sides covered by triangles' legs
};

uint8_t legs_of(const std::string& corner) {
    if (corner == "NE") return N | E;
    if (corner == "SE") return S | E;
    if (corner == "SW") return S | W;
    return N | W;  // NW
}

struct Seen {
    int river_tiles = 0, games = 0, halflings_during_the_river = 0;
};

// Referees one game (`play --json`), its start tiles given as
// {space, river sides as laid}.
void check_game(const json& j, int release, const std::vector<std::pair<Space, uint8_t>>& start, Seen& seen,
                int river_count = 11) {
    std::map<Space, Cell> board;
    for (const auto& [space, river] : start) board[space] = Cell{true, river, 0};
    const auto occupied = [&](Space s) { return board.count(s) != 0; };
    bool river_done = false, lake_seen = false;
    int drawn = 0, river_tiles = 0;
    for (const json& m : j["moves"]) {
        if (m["type"] != "tile") continue;
        const std::string tile = m["tile"];
        const Space at{m["at"]["position"][0].get<int>(), m["at"]["position"][1].get<int>()};
        const int rotation = m["rotation"].get<int>() / 90;
        const bool from_hand = m.value("from_hand", false);
        const auto river = kRiverSides.find(tile);
        if (from_hand) {
            EXPECT_EQ(river, kRiverSides.end()) << "no river tile is played from a hand";
            if (!river_done) ++seen.halflings_during_the_river;
            board[at].legs |= legs_of(m["at"].value("corner", std::string("NE")));
            continue;
        }
        ++drawn;
        if (river == kRiverSides.end()) {
            river_done = true;  // RI-3: the river is over once another tile is drawn
            board[at] = Cell{true, 0, 0};
            continue;
        }
        ++river_tiles;
        EXPECT_TRUE(tile != "RI/s" && tile != "GQ/RFI") << "RI-2, RI-3: no spring is drawn";
        EXPECT_FALSE(river_done) << "RI-3: " << tile << " drawn after the river, turn " << m["turn"];
        EXPECT_FALSE(lake_seen && !kLakes.count(tile)) << "RI-3: " << tile << " after a lake, turn " << m["turn"];
        if (release == 2 && drawn == 1) EXPECT_EQ(tile, "RI.2/III") << "RI-3: the fork first";
        lake_seen = lake_seen || kLakes.count(tile) != 0;
        const uint8_t sides = turned(river->second, rotation);
        // RI-5: one river side meets the river laid; RI-6: every open end has room.
        bool continues = false;
        for (int side = 0; side < 4; ++side) {
            if (!((sides >> side) & 1)) continue;
            const Space next = step(at, side);
            if (occupied(next)) {
                continues = true;
                continue;
            }
            const Space beyond = step(next, side);
            for (const Space r : {step(next, side + 1), step(next, side + 3), beyond, step(beyond, side + 1),
                                  step(beyond, side + 3)})
                EXPECT_FALSE(occupied(r)) << "RI-6: " << tile << " at (" << at.first << "," << at.second
                                          << ") turns the river back, turn " << m["turn"];
        }
        EXPECT_TRUE(continues) << "RI-5: " << tile << " at (" << at.first << "," << at.second << ") turn " << m["turn"];
        board[at] = Cell{true, sides, 0};
    }
    // RI-4 on the final board: a river side faces nothing, a gap, or a river side.
    for (const auto& [space, cell] : board)
        for (int side = 0; side < 4; ++side) {
            const auto other = board.find(step(space, side));
            if (other == board.end()) continue;
            const int facing = (side + 2) & 3;
            const bool mine = (cell.river >> side) & 1, theirs = (other->second.river >> facing) & 1;
            if (cell.square && other->second.square)
                EXPECT_EQ(mine, theirs) << "RI-4: river against land between (" << space.first << "," << space.second
                                        << ") and its side " << side;
            if (mine) EXPECT_FALSE((other->second.legs >> facing) & 1) << "RI-4: a triangle against the river";
        }
    // RI-1: every river tile of the release comes (11 besides the spring),
    // unless tiles were set aside (RI-7), which the JSON counts unnamed.
    if (j["tiles_set_aside"].get<int>() == 0) EXPECT_EQ(river_tiles, river_count) << "RI-1";
    else EXPECT_LE(river_tiles, river_count);
    seen.river_tiles += river_tiles;
    ++seen.games;
}

const std::vector<std::pair<Space, uint8_t>> kSpringAlone{{{0, 0}, E}};

// RI-1 to RI-10 with Halflings, Little Buildings and the abbot (on
// basic:2: the second edition): 2 to 4 random and greedy players.
TEST(river, PlaysWithHalflingsLittleBuildingsAndTheAbbot) {
    Seen seen;
    ck::test::for_each_computer_game("river,halflings,little-buildings,abbot", 60,
                                     [&](const json& game, int) { check_game(game, 1, kSpringAlone, seen); });
    EXPECT_EQ(seen.games, 6);
    EXPECT_GT(seen.river_tiles, 50);
    EXPECT_GT(seen.halflings_during_the_river, 0) << "RI-10: halflings are played while the river flows";
}

// RI-1, RI-3, RI-11: The River II (the fork first, the volcano lake) with
// the dragon, inns and pigs.
TEST(river, TheRiverTwoWithTheDragonInnsAndPigs) {
    Seen seen;
    const int games = ck::test::games_for_this_build(4);
    for (int seed = 1; seed <= games; ++seed) {
        const json j = run_json("play --expansions river,princess-and-dragon,inns-and-cathedrals,traders-and-builders "
                                "--rule river.release=2 --players " + std::to_string(2 + seed % 3) + " --seed " +
                                std::to_string(seed) + " --player-types " + (seed % 2 ? "greedy" : "random") + " --json");
        if (HasFailure()) return;
        check_game(j, 2, kSpringAlone, seen);
        ck::test::expect_entries_add_up(j, 2 + seed % 3);
    }
    EXPECT_GE(seen.river_tiles, 10 * games);
}

// GQ-3: with the Mini Expansion its river tile flows among the others and
// its spring leaves the pack (the game starts on the river's own).
TEST(river, WithTheMiniExpansionItsRiverTileFlowsAndItsSpringLeaves) {
    Seen seen;
    for (int seed = 1; seed <= ck::test::games_for_this_build(3); ++seed) {
        const json j = run_json("play --expansions river,gq11 --players 2 --seed " + std::to_string(seed) + " --json");
        if (HasFailure()) return;
        check_game(j, 1, kSpringAlone, seen, 12);
        int gq = 0;
        for (const json& m : j["moves"]) gq += m["type"] == "tile" && m["tile"].get<std::string>().rfind("GQ/", 0) == 0;
        const int aside = j["tiles_set_aside"].get<int>();
        EXPECT_TRUE(aside == 0 ? gq == 11 : gq >= 11 - aside && gq <= 11)
            << "GQ-1, GQ-3: ten tiles and the river tile, no spring: " << gq;
    }
}

// RI-9: the save names the set, the element `river` and the spring as the
// start; it replays to the same scores, entry by entry.
TEST(river, SavesNameWhatJczNamesAndReplayToTheSameScores) {
    struct Case {
        std::string expansions, rule, set;
    };
    for (const Case& c : {Case{"river,little-buildings", "", "river/1:1"}, Case{"river,abbot", "", "river/1:2"},
                          Case{"river", "--rule river.release=2", "river/2:1"},
                          Case{"river,abbot,inns-and-cathedrals", "--rule river.release=2", "river/2:2"}}) {
        const std::string file = scratch("ri-" + c.set.substr(6, 1) + c.set.substr(8) + ".jcz").string();
        const json played = run_json("play --expansions " + c.expansions + " " + c.rule +
                                     " --players 2 --seed 7 --player-types greedy --json --save " + file);
        if (HasFailure()) return;
        const json saved = json::parse(ck::test::read_text_file(file));
        EXPECT_EQ(saved["setup"]["sets"].value(c.set, 0), 1) << "RI-1, RI-9: " << c.set;
        int river_sets = 0;
        for (const auto& [set, n] : saved["setup"]["sets"].items()) river_sets += set.rfind("river/", 0) == 0;
        EXPECT_EQ(river_sets, 1) << "one release, one edition";
        EXPECT_EQ(saved["setup"]["start"], json::parse(R"([{"tile":"RI/s","x":0,"y":0,"rotation":0}])")) << "RI-2";
        EXPECT_EQ(saved["setup"]["elements"].value("river", json()), 1) << "RI-9: the element the engine needs";
        ck::test::expect_replays_as_played(file, played);
    }
}

// RI-9: a client's save lacks the element it enforces; the set enables the
// module, and the game replays the same.
TEST(river, TheClientsSaveEnablesTheModuleFromItsSet) {
    const std::string file = scratch("ri-client.jcz").string();
    const json played = run_json("play --expansions river --players 2 --seed 3 --json --save " + file);
    if (HasFailure()) return;
    json saved = json::parse(ck::test::read_text_file(file));
    saved["setup"]["elements"].erase("river");
    std::ofstream(file) << saved.dump(2);
    ck::test::expect_replays_as_played(file, played);
}

// RI-2: with the Wind Roses both start tiles are laid, the spring below the
// large rose turned so that the river flows south.
TEST(river, BesideTheWindRosesTheSpringFlowsSouth) {
    const std::string file = scratch("ri-wind-roses.jcz").string();
    const json played =
        run_json("play --expansions river,wind-roses --players 3 --seed 2 --player-types greedy --json --save " + file);
    if (HasFailure()) return;
    Seen seen;
    check_game(played, 1, {{{0, 0}, 0}, {{0, 1}, S}}, seen);
    const json saved = json::parse(ck::test::read_text_file(file));
    EXPECT_EQ(saved["setup"]["start"], json::parse(R"([{"tile":"WR/CFR","x":0,"y":0,"rotation":0},
                                                      {"tile":"RI/s","x":0,"y":1,"rotation":90}])"));
    ck::test::expect_replays_as_played(file, played);
}

// RI-6: JCloisterZone's replay of a river bending back under itself is
// refused, naming the rule; an unknown release is refused before play.
TEST(river, AUTurnAndAnUnknownReleaseAreRefused) {
    const CommandResult u = run_cli("replay " + kData + "/ri-u-turn-refused.jcz");
    EXPECT_NE(u.status, 0) << u.output();
    EXPECT_THAT(u.output(), HasSubstr("RI-6"));
    EXPECT_THAT(u.output(), HasSubstr("RI.1/II"));
    const CommandResult bad = run_cli("play --expansions river --rule river.release=3");
    EXPECT_NE(bad.status, 0);
    EXPECT_THAT(bad.err, HasSubstr("river.release"));
}

// The river is drawn on its tiles, a pool where it springs and ends; the
// declarations are listed for modders.
TEST(river, PictureAndPluginsShowTheRiver) {
    const std::string svg = scratch("river.svg").string();
    const CommandResult r = run_cli("play --expansions river --seed 2 --players 2 --svg " + svg);
    ASSERT_EQ(r.status, 0) << r.err;
    const std::string picture = ck::test::read_text_file(svg);
    EXPECT_THAT(picture, HasSubstr("<path class=\"river\" d=\""));
    EXPECT_THAT(picture, HasSubstr("<circle class=\"river-pool\""));
    const json j = run_json("plugins --json");
    json river;
    for (const json& m : j["modules"])
        for (const json& e : m.value("expansions", json::array()))
            if (e["id"] == "cloisterkit.river") river = e;
    ASSERT_FALSE(river.is_null());
    EXPECT_EQ(river["edge_kinds"], json::parse(R"([{"element":"river","label":"river"}])"));
    EXPECT_EQ(river["tile_groups"].size(), 4u);
    EXPECT_EQ(river["deck_tile_sets"][2]["rule_values"], json::parse(R"(["2"])"));
    const CommandResult text = run_cli("plugins");
    EXPECT_THAT(text.out, HasSubstr("edge kind:  the sides <river> lists in tile files meet only each other"));
    EXPECT_THAT(text.out, HasSubstr("group:      tiles of <tile group=\"river\"> are drawn before group river-lake"));
}

}  // namespace
