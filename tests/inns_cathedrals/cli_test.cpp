// Inns & Cathedrals through the `cloisterkit` command: whole games with the
// other expansions, saves JCloisterZone opens (its elements, tile sets and
// meeple ids) replayed to the same scores, JCloisterZone's own tile file
// giving the same games, and breakdowns naming inns and cathedrals. Rule
// IDs: docs/expansions/inns-and-cathedrals.md.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli_json.hpp"
#include "game_count.hpp"

namespace {

using ::testing::HasSubstr;
using ck::test::CommandResult;
using nlohmann::json;
using ck::test::run_json;

const std::string kWithAbbot = "--tile-set basic:2 --expansions inns-and-cathedrals,little-buildings,abbot";

std::filesystem::path scratch(const std::string& name) { return ck::test::scratch_path("inns_cathedrals", name); }

// IC-7, IC-8, IC-10: every expansion together, 2 to 4 players, both
// computer players; the 18 tiles join the pile, big followers are placed
// and never on a garden, and the score entries add up.
TEST(IcCli, PlaysWithHalflingsLittleBuildingsAndTheAbbot) {
    int big_followers = 0, inn_scores = 0, cathedral_scores = 0;
    ck::test::for_each_computer_game("inns-and-cathedrals,halflings,little-buildings,abbot", 10, [&](const json& j, int) {
        for (const auto& m : j["moves"])
            if (m["type"] == "meeple" && m["meeple"].get<std::string>().find(".big.") != std::string::npos) {
                ++big_followers;
                EXPECT_NE(m["feature"], "Garden") << "IC-7: " << m.dump();
            }
        for (const auto& e : j["score_entries"]) {
            const std::string breakdown = e.value("breakdown", "");
            inn_scores += breakdown.find("with an inn") != std::string::npos;
            cathedral_scores += breakdown.find("with a cathedral") != std::string::npos;
        }
    });
    EXPECT_GT(big_followers, 6) << "the computer players place their big followers";
    EXPECT_GT(inn_scores, 0);
    EXPECT_GT(cathedral_scores, 0);
}

// IC-1, IC-2, IC-11: the 18 tiles join the pile; the save names what JCloisterZone's setup names, and
// replays to the same scores, entry by entry.
TEST(IcCli, SavedGamesHoldWhatJczReadsAndReplayToTheSameScores) {
    int big_ids = 0;
    const int seeds = ck::test::games_for_this_build(4);
    for (const bool abbot : {false, true})
        for (int seed = 1; seed <= seeds; ++seed) {
            const std::string file = scratch("ic-" + std::to_string(abbot) + "-" + std::to_string(seed) + ".jcz").string();
            const std::string expansions = abbot ? kWithAbbot : "--expansions inns-and-cathedrals,little-buildings";
            const json played = run_json("play " + expansions + " --seed " + std::to_string(seed) +
                                         " --players 3 --player-types greedy,random,greedy --json --save " + file);
            if (HasFailure()) return;
            std::ifstream in(file);
            const json saved = json::parse(in);
            const json& setup = saved["setup"];
            if (abbot)
                EXPECT_EQ(setup["sets"], json({{"basic:2", 1}, {"inns-and-cathedrals:2", 1}})) << "IC-2: the 2nd edition";
            else
                EXPECT_EQ(setup["sets"], json({{"basic:1", 1}, {"inns-and-cathedrals:1", 1}})) << "IC-2: the 1st edition";
            for (const char* element : {"inn", "cathedral", "big-follower"})
                EXPECT_EQ(setup["elements"].value(element, 0), 1) << element;
            EXPECT_FALSE(setup["elements"].contains("inns-and-cathedrals")) << "JCloisterZone has no such element";
            for (const auto& m : saved["replay"])
                if (m["type"] == "DEPLOY_MEEPLE") {
                    const std::string id = m["payload"]["meepleId"];
                    if (id.find(".big.") != std::string::npos) {
                        ++big_ids;
                        EXPECT_EQ(id.substr(id.size() - 6), ".big.1") << "JCloisterZone's id of a BigFollower";
                    }
                }
            EXPECT_EQ(played["tiles_placed"].get<int>() + played["tiles_set_aside"].get<int>(), 72 + 18)
                << "IC-1: the base game's tiles and the expansion's";
            ck::test::expect_replays_as_played(file, played);
        }
    EXPECT_GT(big_ids, seeds) << "the big followers are placed, and saved with JCloisterZone's ids";
}

// IC-1: JCloisterZone's own inns_and_cathedrals.xml, given with --tiles,
// replaces the expansion's file and plays the same games; the file's
// definitions are the ones played (a copy without its inns plays no inn).
TEST(IcCli, JczOwnTileFileGivesTheSameGames) {
    std::ifstream in(CK_IC_JCZ_TILES);
    std::string xml((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (size_t at; (at = xml.find(" inn=\"true\"")) != std::string::npos;) xml.erase(at, 11);
    const std::string without_inns = scratch("jcz_without_inns.xml").string();
    std::ofstream(without_inns) << xml;
    auto inns_scored = [](const json& game) {
        int n = 0;
        for (const auto& e : game["score_entries"]) n += e["breakdown"].get<std::string>().find("inn") != std::string::npos;
        return n;
    };
    int inns_in_ours = 0;
    for (int seed = 1; seed <= ck::test::games_for_this_build(3); ++seed) {
        const std::string args = "play --expansions inns-and-cathedrals --players 2 --player-types greedy --json --seed " +
                                 std::to_string(seed);
        const json ours = run_json(args);
        const json jcz = run_json(args + " --tiles " + CK_IC_JCZ_TILES);
        const json no_inns = run_json(args + " --tiles " + without_inns);
        if (HasFailure()) return;
        EXPECT_EQ(jcz["moves"], ours["moves"]) << "seed " << seed;
        EXPECT_EQ(jcz["score_entries"], ours["score_entries"]) << "seed " << seed;
        inns_in_ours += inns_scored(ours);
        EXPECT_EQ(inns_scored(no_inns), 0) << "seed " << seed << ": the file given with --tiles was not played";
    }
    EXPECT_GT(inns_in_ours, 0) << "the games score inns at all";
}

// IC-4, IC-6, IC-9: the breakdown says why an unfinished inn road or
// cathedral city scores nothing, and Little Buildings still add theirs.
TEST(IcCli, BreakdownsNameInnsAndCathedrals) {
    const CommandResult r = ck::test::run_cli("replay " + std::string(CK_TEST_SOURCE_DIR) +
                                              "/tests/scenarios/ic-inn-road-building-incomplete.jcz");
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_THAT(r.out, HasSubstr("road.incomplete 1 = 3 spaces with an inn − 3 inn: an unfinished road with an inn "
                                 "scores nothing + 1 little buildings (buildings on it: shed)"));
    const CommandResult c = ck::test::run_cli("replay " + std::string(CK_TEST_SOURCE_DIR) +
                                              "/tests/scenarios/ic-cathedral-completed.jcz");
    EXPECT_THAT(c.out, HasSubstr("city 15 = 5 spaces with a cathedral × 2 + 5 cathedral"));
}

// What a modder sees of the module: its big follower, its segment
// attributes and its deck tile sets (one per edition).
TEST(IcCli, PluginsListsTheModuleAndItsDeclarations) {
    const json j = run_json("plugins --json");
    if (HasFailure()) return;
    bool found = false;
    for (const auto& m : j["modules"])
        for (const auto& e : m.value("expansions", json::array()))
            if (e["id"] == "cloisterkit.inns-and-cathedrals") {
                found = true;
                EXPECT_EQ(e["short_name"], "inns-and-cathedrals");
                ASSERT_EQ(e["figure_kinds"].size(), 1u);
                EXPECT_EQ(e["figure_kinds"][0]["strength"], 2) << "IC-8";
                EXPECT_EQ(e["figure_kinds"][0]["count"], 1) << "IC-7";
                EXPECT_EQ(e["segment_attributes"], json::parse(R"([{"kind": "Road", "name": "inn", "label": "inn"},
                    {"kind": "City", "name": "cathedral", "label": "cathedral"}])"));
                ASSERT_EQ(e["deck_tile_sets"].size(), 2u);
                EXPECT_EQ(e["deck_tile_sets"][1]["with_expansion"], "cloisterkit.abbot") << "IC-2";
            }
    EXPECT_TRUE(found) << j.dump();
}

}  // namespace
