// The Labyrinth through the `cloisterkit` command: it plays by default
// (basic) alone and with every expansion, refuses the advanced variant
// before the game, saves what JCloisterZone reads as basic and replays to
// the same scores, refuses JCloisterZone's saves it would otherwise replay
// wrongly, and draws its badge. The suite is named `labyrinth` so that
// `ctest -R '^labyrinth\.'` runs these with the rest of the folder's tests.
// Rule IDs: docs/expansions/labyrinth.md.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_json.hpp"
#include "game_count.hpp"

namespace {

using ::testing::ContainsRegex;
using ::testing::HasSubstr;
using ::testing::Not;
using ck::test::CommandResult;
using ck::test::run_cli;
using ck::test::run_json;
using nlohmann::json;

const std::string kData = CK_LA_DATA;

std::filesystem::path scratch(const std::string& name) { return ck::test::scratch_path("labyrinth", name); }

bool labyrinth_laid(const json& game) {
    for (const auto& m : game["moves"])
        if (m["type"] == "tile" && m["tile"] == "LA/Rrrr") return true;
    return false;
}

// LA-1, LA-3, LA-8, LA-10: with Halflings and Little Buildings, 2 to 4
// players, both computer players: the tile is laid, the game ends, every
// player's entries add up to their score, and roads through the labyrinth
// are scored like any road (their breakdown names it, never a bonus).
TEST(labyrinth, PlaysWithHalflingsAndLittleBuildings) {
    int laid = 0, labyrinth_roads = 0;
    ck::test::for_each_computer_game("labyrinth,halflings,little-buildings", 20, [&](const json& game, int) {
        laid += labyrinth_laid(game);
        for (const auto& e : game["score_entries"]) {
            const std::string breakdown = e.value("breakdown", "");
            if (breakdown.find("labyrinth") == std::string::npos) continue;
            ++labyrinth_roads;
            EXPECT_THAT(e["name"].get<std::string>(), HasSubstr("road")) << breakdown;
            EXPECT_THAT(breakdown, Not(HasSubstr("bonus"))) << "LA-3: no labyrinth bonus in the basic variant";
        }
    });
    EXPECT_EQ(laid, 6) << "LA-1: the tile is in every game's pile and laid";
    EXPECT_GT(labyrinth_roads, 0) << "some road through the labyrinth is scored";
}

// LA-2: the default is basic, so the game plays with no --rule, alone and
// with every expansion of the library (`--expansions all`).
TEST(labyrinth, PlaysByDefaultAloneAndWithEveryExpansion) {
    for (const std::string expansions : {"labyrinth", "all"}) {
        const json game = run_json("play --expansions " + expansions + " --seed 4 --players 3 --json");
        if (HasFailure()) return;
        EXPECT_TRUE(labyrinth_laid(game)) << expansions;
        EXPECT_THAT(game["expansions"].dump(), HasSubstr("cloisterkit.labyrinth")) << expansions;
        ck::test::expect_entries_add_up(game, 3);
    }
}

// LA-4, LA-5: the advanced variant is refused before the first turn, with
// what ABI 1.2 lacks and how to play; nothing is played.
TEST(labyrinth, AdvancedVariantIsRefusedBeforeTheGame) {
    const CommandResult r = run_cli("play --expansions labyrinth --rule labyrinth.variant=advanced --seed 1");
    EXPECT_NE(r.status, 0);
    EXPECT_THAT(r.err, HasSubstr("labyrinth: the advanced variant is not played: its LA-5 (a follower on a free arm of "
                                 "an occupied road) needs an effect placing a figure on an occupied feature, which "
                                 "ABI 1.2 lacks; play basic: --rule labyrinth.variant=basic"));
    EXPECT_THAT(r.out, Not(HasSubstr("turn 1 ")));
    const CommandResult bad = run_cli("play --expansions labyrinth --rule labyrinth.variant=Advanced --seed 1");
    EXPECT_NE(bad.status, 0);
    EXPECT_THAT(bad.err, HasSubstr("basic, advanced, jcz")) << "an unknown value is refused with the allowed ones";
}

// LA-2, LA-7: a save names the set and the element labyrinth and says
// "labyrinth-variant": "basic" (JCloisterZone's client would read a save
// without it as advanced), and replays to the same scores; with Halflings
// and Little Buildings too.
TEST(labyrinth, SavesSayBasicAndReplayToTheSameScores) {
    const int seeds = ck::test::games_for_this_build(3);
    for (const std::string expansions : {"labyrinth", "labyrinth,little-buildings", "labyrinth,halflings"})
        for (int seed = 1; seed <= seeds; ++seed) {
            const std::string file = scratch(expansions + "-" + std::to_string(seed) + ".jcz").string();
            const json played = run_json("play --expansions " + expansions + " --seed " + std::to_string(seed) +
                                         " --players 3 --player-types greedy,random,greedy --json --save " + file);
            if (HasFailure()) return;
            const json saved = json::parse(ck::test::read_text_file(file));
            const json& setup = saved["setup"];
            EXPECT_EQ(setup["sets"].value("labyrinth", 0), 1) << "LA-7: the set";
            EXPECT_EQ(setup["elements"].value("labyrinth", 0), 1) << "LA-7: the element the client never writes";
            EXPECT_EQ(setup["rules"].value("labyrinth-variant", ""), "basic") << "LA-2, LA-7: always written";
            EXPECT_FALSE(setup["rules"].contains("labyrinth.variant")) << "JCloisterZone's name only";
            ck::test::expect_replays_as_played(file, played);
        }
}

// LA-2: JCloisterZone's own engine tests (data/README.md), as the client
// saved them (the set enables the module: enabled_by_save).
// labyrinth-meeples-bonus is advanced there (no rule), so it is refused
// with why, instead of being replayed as basic; given the rule basic, its
// second follower on the occupied road is refused (LA-3: no LA-5 in the
// basic variant).
TEST(labyrinth, JczEngineTestsThatCannotReplayAreRefusedWithTheReason) {
    const std::string advanced = kData + "/labyrinth-meeples-bonus.jcz";
    const CommandResult r = run_cli("replay " + advanced + " --min-assertions 2");
    EXPECT_NE(r.status, 0);
    EXPECT_THAT(r.err, HasSubstr("labyrinth: the save has no labyrinth-variant, which JCloisterZone plays as advanced, "
                                 "and advanced is not played (LA-5 needs placing on an occupied road, not in ABI 1.2)"));

    std::string text = ck::test::read_text_file(advanced);
    const std::string no_rules = "\"rules\": {}";
    ASSERT_NE(text.find(no_rules), std::string::npos);
    text.replace(text.find(no_rules), no_rules.size(), "\"rules\": {\"labyrinth-variant\": \"basic\"}");
    const std::string as_basic = scratch("labyrinth-meeples-bonus-as-basic.jcz").string();
    std::ofstream(as_basic) << text;
    const CommandResult b = run_cli("replay " + as_basic);
    EXPECT_NE(b.status, 0);
    EXPECT_THAT(b.err, HasSubstr("DEPLOY_MEEPLE: pointer (2,0) Road W is not offered: its feature already has a follower"));
}

// The road's attribute is drawn as a badge on the tile, and the legend
// names it; the log names the labyrinth in the road's breakdown.
TEST(labyrinth, PictureAndLogShowTheLabyrinth) {
    const std::string svg = scratch("labyrinth.svg").string();
    const CommandResult r =
        run_cli("play --expansions labyrinth,halflings,little-buildings --seed 5 --svg " + svg);
    ASSERT_EQ(r.status, 0) << r.err;
    const std::string picture = ck::test::read_text_file(svg);
    EXPECT_THAT(picture, HasSubstr("data-tile=\"LA/Rrrr\""));
    EXPECT_THAT(picture, HasSubstr("<g class=\"attribute\" data-attribute=\"labyrinth\"><title>labyrinth</title>"));
    EXPECT_THAT(picture, ContainsRegex("<text class=\"legend\"[^>]*>labyrinth</text>")) << "the legend names the badge";
    const CommandResult replayed =
        run_cli("replay " + std::string(CK_TEST_SOURCE_DIR) + "/tests/labyrinth/scenarios/la-roads-joined-tie.jcz");
    EXPECT_THAT(replayed.out, HasSubstr("Alice        road 9 = 9 spaces with a labyrinth"));
}

// What a modder sees of the module.
TEST(labyrinth, PluginsListsTheModuleAndItsDeclarations) {
    const json j = run_json("plugins --json");
    if (HasFailure()) return;
    bool found = false;
    for (const auto& m : j["modules"])
        for (const auto& e : m.value("expansions", json::array()))
            if (e["id"] == "cloisterkit.labyrinth") {
                found = true;
                EXPECT_EQ(e["short_name"], "labyrinth");
                EXPECT_EQ(e["hooks"], json({"GAME_START"}));
                EXPECT_EQ(e["segment_attributes"], json::parse(R"([{"kind": "Road", "name": "labyrinth", "label": "labyrinth"}])"));
                ASSERT_EQ(e["rule_options"].size(), 1u);
                EXPECT_EQ(e["rule_options"][0]["default"], "basic");
                EXPECT_EQ(e["rule_options"][0]["allowed"], json({"basic", "advanced", "jcz"}));
                EXPECT_EQ(e["warnings"], json::array());
            }
    EXPECT_TRUE(found);
}

}  // namespace
