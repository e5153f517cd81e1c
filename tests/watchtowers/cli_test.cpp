// The Watchtowers through the `cloisterkit` command: whole games with the
// other expansions refereed for the tower's points, saves that name what
// JCloisterZone names and replay to the same scores, JCloisterZone's engine
// tests this host cannot play refused by name, a fan's tower refused, and
// the tower drawn as a badge. The suite is named `watchtowers` so that
// `ctest -R '^watchtowers\.'` runs these with the rest of the folder's
// tests. Rule IDs: docs/expansions/watchtowers.md.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

#include "cli_json.hpp"
#include "game_count.hpp"

namespace {

using ::testing::ContainsRegex;
using ::testing::HasSubstr;
using ck::test::CommandResult;
using ck::test::run_cli;
using ck::test::run_json;
using nlohmann::json;
using Space = std::pair<int, int>;

const std::string kData = CK_WT_DATA;

std::filesystem::path scratch(const std::string& name) { return ck::test::scratch_path("watchtowers", name); }

Space space_of(const json& at) { return {at["position"][0].get<int>(), at["position"][1].get<int>()}; }

bool is_tower(const std::string& tile) { return tile.rfind("WT/", 0) == 0; }

// A tower's points per subject counted (WT-3), the digit of its id's
// suffix ("WT/CFRF_2M": 2 per follower).
int tower_step(const std::string& tile) { return tile[tile.size() - 2] - '0'; }

struct Seen {
    int towers_laid = 0, tower_scores = 0;
};

// Referees one game (`play --json`): the twelve tower tiles are laid
// (WT-1); every watchtower entry is scored during the game (WT-5), in a
// turn where its player has a figure on a tower tile, and is a multiple of
// one of that player's towers' points (WT-3).
void check_game(const json& j, Seen& seen) {
    std::map<Space, std::string> towers;                   // where each tower tile lies
    std::map<int, std::set<Space>> figure_on_tower_since;  // player -> tower spaces where they placed a figure
    std::set<std::string> laid;
    for (const json& m : j["moves"]) {
        if (m["type"] == "tile" && is_tower(m["tile"])) {
            towers[space_of(m["at"])] = m["tile"];
            laid.insert(m["tile"].get<std::string>());
        }
        if (m["type"] == "meeple" && towers.count(space_of(m["at"])))
            figure_on_tower_since[m["player"].get<int>()].insert(space_of(m["at"]));
    }
    EXPECT_EQ(laid.size(), 12u) << "WT-1: the twelve tower tiles join the pile, each once";
    seen.towers_laid += static_cast<int>(laid.size());
    for (const json& e : j["score_entries"]) {
        if (e["name"] != "watchtower") continue;
        ++seen.tower_scores;
        EXPECT_FALSE(e["final"].get<bool>()) << "WT-5: no tower points at the final scoring";
        const int player = e["player"].get<int>(), points = e["points"].get<int>();
        EXPECT_GT(points, 0) << "WT-3: nothing is no entry";
        bool fits = false;
        for (const Space& s : figure_on_tower_since[player]) fits |= points % tower_step(towers[s]) == 0;
        EXPECT_TRUE(fits) << "WT-2: " << e.dump() << " goes to a player who put a figure on a tower with that step";
    }
}

// WT-1 to WT-11: every expansion of the library that meets the towers
// (Halflings, Little Buildings, the abbot), 2 to 4 random and greedy
// players; each game refereed (check_game).
TEST(watchtowers, PlaysWithHalflingsLittleBuildingsAndTheAbbot) {
    Seen seen;
    ck::test::for_each_computer_game("watchtowers,halflings,little-buildings,abbot", 30,
                                     [&](const json& game, int) { check_game(game, seen); });
    EXPECT_GT(seen.tower_scores, 6) << "towers score";
}

// WT-11, WT-13: with Inns & Cathedrals' big follower and the Princess &
// the Dragon (the dragon eats figures before the scoring): games play, are
// refereed and replay to the same scores, entry by entry.
TEST(watchtowers, PlaysWithInnsAndCathedralsAndTheDragonAndReplays) {
    const int seeds = ck::test::games_for_this_build(3);
    Seen seen;
    for (int seed = 1; seed <= seeds; ++seed)
        for (const char* others : {"inns-and-cathedrals", "princess-and-dragon"}) {
            const std::string file = scratch(std::string(others) + "-" + std::to_string(seed) + ".jcz").string();
            const json played = run_json("play --expansions watchtowers," + std::string(others) + " --players 3 --seed " +
                                         std::to_string(seed) + " --player-types greedy,random,greedy --json --save " + file);
            if (HasFailure()) return;
            check_game(played, seen);
            ck::test::expect_entries_add_up(played, 3);
            ck::test::expect_replays_as_played(file, played);
        }
    EXPECT_GT(seen.tower_scores, seeds);
}

// WT-7: the save names the set `watchtowers` and the element `watchtower`
// (no element of the expansion's name: JCloisterZone has none), and
// replays to the same scores, entry by entry.
TEST(watchtowers, SavesNameWhatJczNamesAndReplayToTheSameScores) {
    const int seeds = ck::test::games_for_this_build(3);
    for (int seed = 1; seed <= seeds; ++seed) {
        const std::string file = scratch("wt-" + std::to_string(seed) + ".jcz").string();
        const json played = run_json("play --expansions watchtowers,little-buildings --players 2 --seed " +
                                     std::to_string(seed) + " --player-types greedy --json --save " + file);
        if (HasFailure()) return;
        const json saved = json::parse(ck::test::read_text_file(file));
        EXPECT_EQ(saved["setup"]["sets"].value("watchtowers", 0), 1) << "WT-1, WT-7";
        const json& elements = saved["setup"]["elements"];
        EXPECT_EQ(elements.value("watchtower", json()), 1) << "WT-7: the element the engine needs";
        EXPECT_FALSE(elements.contains("watchtowers"));
        ck::test::expect_replays_as_played(file, played);
    }
}

// JCloisterZone's engine tests (data/README.md): watchtower-monasteries
// replays as saved (registered in CMakeLists.txt). The other two need Bridges, Castles & Bazaars' castle and Corn Circles, which this
// library lacks: refused, naming what is missing.
TEST(watchtowers, JczEngineTestsThisHostCannotPlayAreRefusedByName) {
    const std::pair<const char*, const char*> refusals[] = {
        {"watchtower-city-castle-interaction.jcz", "no loaded expansion provides element 'castle'"},
        {"watchtower-multiple-meeples.jcz",
         "message type CIRCLE_REMOVE_OR_DEPLOY belongs to an expansion this host does not replay"},
    };
    for (const auto& [file, why] : refusals) {
        const CommandResult r = run_cli("replay " + kData + "/" + file);
        EXPECT_NE(r.status, 0) << file;
        EXPECT_THAT(r.output(), HasSubstr(why)) << file;
    }
}

// A tile file with a tower the module does not know (a fan's) is refused
// before the game starts, naming the tile: it would otherwise score nothing.
TEST(watchtowers, AnUnknownTowerIsRefusedBeforeTheGame) {
    const std::string xml = scratch("fan-tower.xml").string();
    std::ofstream(xml) << R"(<?xml version="1.0" encoding="utf-8"?>
<defs><tiles><tile id="FAN/RFr_5R"><watchtower bonus="5/road"/><road>W E</road>
<field>WR NL NR EL</field><field>ER SL SR WL</field></tile></tiles>
<sets><tile-set id="fan-towers"><ref tile="FAN/RFr_5R" count="1"/></tile-set></sets></defs>
)";
    const CommandResult r = run_cli("play --tiles " + xml + " --expansions watchtowers --seed 1");
    EXPECT_NE(r.status, 0);
    EXPECT_THAT(r.output(), HasSubstr("watchtowers: tile FAN/RFr_5R has a watchtower of a kind this module does not know"));
}

// The tower is drawn as a badge on its tile and named in the legend; the
// log shows its points.
TEST(watchtowers, PictureAndLogShowTheTowers) {
    const std::string svg = scratch("watchtowers.svg").string();
    const CommandResult r = run_cli("play --expansions watchtowers,halflings,little-buildings --seed 1 --players 3 "
                                    "--player-types greedy --svg " + svg);
    ASSERT_EQ(r.status, 0) << r.err;
    const std::string picture = ck::test::read_text_file(svg);
    EXPECT_THAT(picture, HasSubstr("<g class=\"marker\" data-marker=\"watchtower\"><title>watchtower</title>"));
    EXPECT_THAT(picture, ContainsRegex("<text class=\"legend\"[^>]*>watchtower</text>")) << "the legend names the badge";
    EXPECT_THAT(r.out, ContainsRegex("\n +[A-Z][a-z]+ \\+[0-9]+ watchtower\n")) << "the log";
}

// JCloisterZone's own tile file of the expansion (data/jcz_watchtowers.xml),
// given with --tiles, replaces the module's copy: the host keeps its
// <watchtower bonus="..."/> as the same marker, and the games are the same
// to the byte.
TEST(watchtowers, TheClientsTileFilePlaysTheSameGames) {
    for (int seed = 1; seed <= ck::test::games_for_this_build(2); ++seed) {
        const std::string game = " --expansions watchtowers --players 3 --player-types greedy --json --seed " +
                                 std::to_string(seed);
        const CommandResult own = run_cli("play" + game);
        const CommandResult clients = run_cli("play --tiles " + kData + "/jcz_watchtowers.xml" + game);
        ASSERT_EQ(own.status, 0) << own.err;
        ASSERT_EQ(clients.status, 0) << clients.err;
        EXPECT_EQ(own.out, clients.out) << "seed " << seed;
        EXPECT_THAT(own.out, HasSubstr("\"name\": \"watchtower\"")) << "seed " << seed;
    }
}

// What a modder sees of the module.
TEST(watchtowers, PluginsListsTheModuleAndItsDeclarations) {
    const json j = run_json("plugins --json");
    if (HasFailure()) return;
    json wt;
    for (const json& m : j["modules"])
        for (const json& e : m.value("expansions", json::array()))
            if (e["id"] == "cloisterkit.watchtowers") wt = e;
    ASSERT_FALSE(wt.is_null()) << j.dump();
    EXPECT_EQ(wt["tile_markers"], json::parse(R"([{"name":"watchtower","label":"watchtower"}])"));
}

}  // namespace
