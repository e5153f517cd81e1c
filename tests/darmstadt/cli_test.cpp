// Darmstadt through the `cloisterkit` command: whole games with Halflings
// and Little Buildings, saves JCloisterZone opens (its set and its element
// `church`) replayed to the same scores, the log's entries and the
// picture's badges. Rule IDs: docs/expansions/darmstadt.md.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_json.hpp"
#include "game_count.hpp"

namespace {

using ::testing::HasSubstr;
using ck::test::CommandResult;
using ck::test::run_json;
using nlohmann::json;

std::filesystem::path scratch(const std::string& name) { return ck::test::scratch_path("darmstadt", name); }

std::string scenario(const std::string& name) {
    return std::string(CK_TEST_SOURCE_DIR) + "/tests/darmstadt/scenarios/" + name + ".jcz";
}

std::string read_file(const std::string& path) {
    std::ifstream in(path);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// DA-3, DA-6, DA-10, DA-13: every church bonus is 3, given during the game
// (never at the final scoring), with Halflings and Little Buildings, 2 to 4
// players, both computer players; the entries add up. Churches are 2 tiles
// of 75: about one game in ten completes one with followers around it; the
// first six games from seed 140 give two bonuses (the sanitizer build plays
// only those).
TEST(DaCli, PlaysWithHalflingsAndLittleBuildings) {
    int bonuses = 0;
    const int rounds = ck::test::games_for_this_build(5);
    for (int round = 0; round < rounds; ++round)
        ck::test::for_each_computer_game("darmstadt,halflings,little-buildings", 140 + 10 * round,
                                         [&](const json& game, int) {
                                             for (const auto& e : game["score_entries"])
                                                 if (e["name"] == "church") {
                                                     ++bonuses;
                                                     EXPECT_EQ(e["points"], 3) << "DA-3: " << e.dump();
                                                     EXPECT_FALSE(e["final"].get<bool>()) << "DA-6: " << e.dump();
                                                 }
                                         });
    EXPECT_GT(bonuses, 0) << "the games complete churches with followers around them";
}

// DA-1, DA-9: the three tiles join the pile; the save names what
// JCloisterZone's setup names (the set darmstadt, the element church, no
// element "darmstadt") and replays to the same scores, entry by entry.
TEST(DaCli, SavedGamesHoldWhatJczReadsAndReplayToTheSameScores) {
    const int seeds = ck::test::games_for_this_build(3);
    for (int seed = 1; seed <= seeds; ++seed) {
        const std::string file = scratch("da-" + std::to_string(seed) + ".jcz").string();
        const json played = run_json("play --expansions darmstadt,little-buildings --seed " + std::to_string(seed) +
                                     " --players 3 --player-types greedy,random,greedy --json --save " + file);
        if (HasFailure()) return;
        const json saved = json::parse(read_file(file));
        const json& setup = saved["setup"];
        EXPECT_EQ(setup["sets"], json({{"basic:1", 1}, {"darmstadt", 1}})) << "DA-1";
        EXPECT_EQ(setup["elements"].value("church", 0), 1) << "DA-9: JCloisterZone's engine plays churches with it";
        EXPECT_FALSE(setup["elements"].contains("darmstadt")) << "JCloisterZone has no such element";
        EXPECT_EQ(played["tiles_placed"].get<int>() + played["tiles_set_aside"].get<int>(), 72 + 3)
            << "DA-1: the base game's tiles and the three of Darmstadt";
        ck::test::expect_replays_as_played(file, played);
    }
}

// The log names the bonus and darmstadtium's 3 (DA-8, DA-9): an empty
// church's bonus to both tied players (DA-5), and a darmstadtium city's
// breakdown with a cathedral (DA-14).
TEST(DaCli, TheLogNamesTheBonusAndDarmstadtium) {
    const CommandResult church = ck::test::run_cli("replay " + scenario("da-empty-church-same-turn"));
    EXPECT_EQ(church.status, 0) << church.err;
    EXPECT_THAT(church.out, HasSubstr("Alice        church 3"));
    EXPECT_THAT(church.out, HasSubstr("Bob          church 3"));
    const CommandResult city = ck::test::run_cli("replay " + scenario("da-darmstadtium-cathedral"));
    EXPECT_EQ(city.status, 0) << city.err;
    EXPECT_THAT(city.out, HasSubstr("city 27 = 8 spaces with a darmstadtium tile and a cathedral × 2 + 8 cathedral + "
                                    "3 darmstadtium"));
}

// The picture draws the declared attributes as badges, named in full in
// their titles and the legend: a game with Halflings and Little Buildings.
TEST(DaCli, ThePictureDrawsChurchAndDarmstadtiumBadges) {
    const std::string svg = scratch("da-badges.svg").string();
    const CommandResult r = ck::test::run_cli(
        "play --expansions darmstadt,halflings,little-buildings --players 3 --player-types greedy --seed 22 --svg " +
        svg);
    ASSERT_EQ(r.status, 0) << r.err;
    const std::string picture = read_file(svg);
    EXPECT_THAT(picture, HasSubstr("<g class=\"attribute\" data-attribute=\"church\"><title>church</title>"));
    EXPECT_THAT(picture,
                HasSubstr("<g class=\"attribute\" data-attribute=\"darmstadtium\"><title>darmstadtium tile</title>"));
    EXPECT_THAT(picture, HasSubstr(">church</text>")) << "the legend";
    EXPECT_THAT(picture, HasSubstr(">darmstadtium tile</text>")) << "the legend";
}

// What a modder sees of the module: its segment attributes and its deck
// tile set; no rule option (JCloisterZone has none), no figure kind.
TEST(DaCli, PluginsListsTheModuleAndItsDeclarations) {
    const json j = run_json("plugins --json");
    if (HasFailure()) return;
    bool found = false;
    for (const auto& m : j["modules"])
        for (const auto& e : m.value("expansions", json::array()))
            if (e["id"] == "cloisterkit.darmstadt") {
                found = true;
                EXPECT_EQ(e["short_name"], "darmstadt");
                EXPECT_EQ(e["segment_attributes"], json::parse(R"([{"kind": "Monastery", "name": "church", "label": "church"},
                    {"kind": "City", "name": "darmstadtium", "label": "darmstadtium tile"}])"));
                ASSERT_EQ(e["deck_tile_sets"].size(), 1u);
                EXPECT_EQ(e["deck_tile_sets"][0]["tile_set"], "darmstadt") << "DA-1";
                EXPECT_TRUE(e["rule_options"].empty());
                EXPECT_TRUE(e["figure_kinds"].empty());
            }
    EXPECT_TRUE(found) << j.dump();
}

}  // namespace
