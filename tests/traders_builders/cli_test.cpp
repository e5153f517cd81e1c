// Traders & Builders through the `cloisterkit` command: whole games
// refereed for the rules a game's record shows (TB-2 to TB-8), saves that
// replay to the same scores and carry the options as JCloisterZone's
// elements (TB-10), and refusals that say what is wrong. The suite is named
// `traders_builders` so that `ctest -R '^traders_builders\.'` runs these
// with the rest of the folder's tests. Rule IDs:
// docs/expansions/traders-and-builders.md.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
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

const std::string kData = CK_TB_DATA;

std::filesystem::path scratch(const std::string& name) { return ck::test::scratch_path("traders_builders", name); }

bool starts_with(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

struct Seen {
    int second_steps = 0, builders = 0, pigs = 0, goods_bonuses = 0, pig_entries = 0;
};

// One game's record (`play --json`) against the rules it shows.
void referee(const json& game, int players, Seen& seen) {
    std::map<int, std::vector<json>> tiles_of_turn;  // turn -> its tile moves
    std::map<int, int> builder_placed_turn;          // player -> turn of their first builder
    std::set<int> pig_owners;
    std::set<std::string> tb_tiles;
    for (const json& m : game["moves"]) {
        if (m["type"] == "tile") tiles_of_turn[m["turn"].get<int>()].push_back(m);
        if (m["type"] == "tile" && starts_with(m["tile"], "TB/")) tb_tiles.insert(m["tile"].get<std::string>());
        if (m["type"] != "meeple") continue;
        const std::string meeple = m["meeple"];
        const int owner = m["player"].get<int>();
        if (meeple.find(".builder.") != std::string::npos) {
            ++seen.builders;
            EXPECT_TRUE(m["feature"] == "Road" || m["feature"] == "City") << "TB-4: a builder on " << m["feature"];
            builder_placed_turn.try_emplace(owner, m["turn"].get<int>());
        }
        if (meeple.find(".pig.") != std::string::npos) {
            ++seen.pigs;
            EXPECT_EQ(m["feature"], "Field") << "TB-7: a pig on " << m["feature"];
            pig_owners.insert(owner);
        }
    }
    EXPECT_EQ(tb_tiles.size(), 24u) << "TB-1: the 24 tiles of traders-and-builders:1 join the pile, each once";
    for (const auto& [turn, tiles] : tiles_of_turn) {
        ASSERT_LE(tiles.size(), 2u) << "TB-5: never a third tile step, turn " << turn;
        if (tiles.size() < 2) continue;
        ++seen.second_steps;
        const int player = tiles[0]["player"].get<int>();
        EXPECT_EQ(tiles[1]["player"].get<int>(), player) << "TB-5: the second step is the same player's, turn " << turn;
        const auto builder = builder_placed_turn.find(player);
        EXPECT_TRUE(builder != builder_placed_turn.end() && builder->second < turn)
            << "TB-5: a second step needs a builder placed in an earlier turn, turn " << turn;
    }
    std::map<std::string, int> bonus_entries;
    for (const json& e : game["score_entries"]) {
        const std::string name = e["name"];
        if (starts_with(name, "trade-goods.")) {
            ++seen.goods_bonuses;
            ++bonus_entries[name];
            EXPECT_TRUE(e["final"].get<bool>()) << "TB-3: the goods bonus is scored at the end";
            EXPECT_EQ(e["points"].get<int>(), 10) << "TB-3";
        }
        if (name == "pigs") {
            ++seen.pig_entries;
            EXPECT_TRUE(e["final"].get<bool>()) << "TB-8: fields score at the end";
            EXPECT_GT(e["points"].get<int>(), 0) << "TB-8";
            EXPECT_TRUE(pig_owners.count(e["player"].get<int>())) << "TB-8: pig points without a pig";
        }
    }
    for (const auto& [name, n] : bonus_entries) EXPECT_LE(n, players) << "TB-3: one entry per winner: " << name;
}

// Issue 45's own game: `play --expansions river,traders-and-builders,
// halflings,little-buildings` starts with the river, and its log says each
// second tile of a turn (TB-5) and each good taken (TB-2) in words; the
// picture draws the river and the goods on their cities.
TEST(traders_builders, TheLogSaysSecondTilesAndGoodsTakenAndThePictureShowsThem) {
    const std::string args = "play --expansions river,traders-and-builders,halflings,little-buildings --seed 1 "
                             "--players 3 --player-types greedy";
    const json played = run_json(args + " --json");
    ASSERT_FALSE(played.empty());
    int second_tiles = 0, last_turn = -1;
    for (const json& m : played["moves"]) {
        if (m["type"] != "tile") continue;
        second_tiles += m["turn"].get<int>() == last_turn;
        last_turn = m["turn"];
    }
    const auto svg = scratch("river-goods.svg");
    const CommandResult r = run_cli(args + " --svg " + svg.string());
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_THAT(r.out, testing::StartsWith("cloisterkit play: 3 players"));
    EXPECT_THAT(r.out, HasSubstr("turn 1   Alice  (greedy) RI.1/")) << "the river first";
    size_t said = 0;
    for (size_t at = r.out.find("second tile of the turn"); at != std::string::npos;
         at = r.out.find("second tile of the turn", at + 1))
        ++said;
    EXPECT_GT(second_tiles, 0);
    EXPECT_EQ(said, static_cast<size_t>(second_tiles)) << "TB-5: each second tile said";
    EXPECT_THAT(r.out, testing::ContainsRegex("\n +[A-Z][a-z]+ takes 1 (wine|grain|cloth)\n")) << "TB-2 in words";
    const std::string picture = ck::test::read_text_file(svg);
    EXPECT_THAT(picture, HasSubstr("<path class=\"river\""));
    EXPECT_THAT(picture, testing::ContainsRegex("data-value=\"resource=(wine|grain|cloth)\""));
}

TEST(traders_builders, ComputerGamesFollowTheRulesTheirRecordsShow) {
    Seen seen;
    ck::test::for_each_computer_game("traders-and-builders", 4500,
                                     [&](const json& game, int players) { referee(game, players, seen); });
    // The games reach every rule the referee checks, not just its absence.
    EXPECT_GT(seen.second_steps, 0);
    EXPECT_GT(seen.builders, 0);
    EXPECT_GT(seen.pigs, 0);
    EXPECT_GT(seen.pig_entries, 0);
    EXPECT_GT(seen.goods_bonuses, 0);
}

// The searching computer player (mcts) plays the builder's second tile
// step as a move of its own turn (TB-5), and its game saves and replays.
TEST(traders_builders, TheSearchingPlayerTakesASecondTileStep) {
    const auto file = scratch("mcts.jcz");
    const json played = run_json("play --expansions traders-and-builders --player-types mcts:playouts=60,greedy "
                                 "--seed 3 --json --save " + file.string());
    ASSERT_FALSE(played.empty());
    std::map<int, std::vector<int>> placers;  // turn -> who placed its tiles
    for (const json& m : played["moves"])
        if (m["type"] == "tile") placers[m["turn"].get<int>()].push_back(m["player"].get<int>());
    int mcts_second_steps = 0;
    for (const auto& [turn, who] : placers) mcts_second_steps += who == std::vector<int>{0, 0};
    EXPECT_GT(mcts_second_steps, 0) << "seed 3: the mcts player (seat 0) extends its builder's road or city";
    ck::test::expect_replays_as_played(file.string(), played);
}

TEST(traders_builders, GamesWithTheOtherExpansionsSaveAndReplayToTheSameScores) {
    for (const std::string expansions : {"traders-and-builders,inns-and-cathedrals,little-buildings",
                                         "traders-and-builders,abbot,halflings"}) {
        for (const int players : {2, 4}) {
            const auto file = scratch("game-" + std::to_string(players) + "-" + std::to_string(expansions.size()) + ".jcz");
            const json played = run_json("play --expansions " + expansions + " --players " + std::to_string(players) +
                                         " --player-types greedy --seed 77 --json --save " + file.string());
            ASSERT_FALSE(played.empty());
            ck::test::expect_replays_as_played(file.string(), played);
            const json saved = ck::test::read_json_file(file);
            // TB-10: the options as JCloisterZone's elements, never as an element of the expansion's name.
            EXPECT_EQ(saved["setup"]["elements"]["builder"], 1);
            EXPECT_EQ(saved["setup"]["elements"]["pig"], 1);
            EXPECT_EQ(saved["setup"]["elements"]["traders"], true);
            EXPECT_EQ(saved["setup"]["elements"]["pig-herd"], true);
            EXPECT_FALSE(saved["setup"]["elements"].contains("traders-and-builders"));
            EXPECT_FALSE(saved["setup"]["rules"].contains("tradersAndBuilders.pigs"));
        }
    }
}

// With The Princess & the Dragon (TB-11), as JCloisterZone plays them
// together: the builder and the pig go only on the tile just placed (a
// magic portal is for followers), the fairy stands next to followers only,
// and a builder or pig whose owner's follower is eaten or sent home goes
// home with it (the next moves would then differ: the saves replay).
TEST(traders_builders, WithThePrincessAndTheDragonBuildersAndPigsStayBesideFollowers) {
    int dragon_steps = 0, fairy_moves = 0, joiners = 0;
    const int games = ck::test::games_for_this_build(6);
    for (int seed = 1; seed <= games; ++seed) {
        const int players = 2 + seed % 3;
        const auto file = scratch("pd-" + std::to_string(seed) + ".jcz");
        const json played = run_json("play --expansions traders-and-builders,princess-and-dragon --players " +
                                     std::to_string(players) + " --player-types " + (seed % 2 ? "random" : "greedy") +
                                     " --seed " + std::to_string(seed) + " --json --save " + file.string());
        ASSERT_FALSE(played.empty());
        ck::test::expect_replays_as_played(file.string(), played);
        const json saved = ck::test::read_json_file(file);
        json placed;
        for (const json& m : saved["replay"]) {
            if (m["type"] == "PLACE_TILE") placed = m["payload"]["position"];
            dragon_steps += m["type"] == "MOVE_NEUTRAL_FIGURE" && m["payload"]["figureId"] == "dragon.1";
            const std::string id = m["payload"].value("meepleId", std::string());
            const bool joiner = id.find(".builder.") != std::string::npos || id.find(".pig.") != std::string::npos;
            if (m["type"] == "DEPLOY_MEEPLE" && joiner) {
                ++joiners;
                EXPECT_EQ(m["payload"]["pointer"]["position"], placed) << "TB-11: " << id << " on the tile just placed";
            }
            if (m["type"] == "MOVE_NEUTRAL_FIGURE" && m["payload"]["figureId"] == "fairy.1") {
                ++fairy_moves;
                const std::string next_to = m["payload"]["to"].value("meepleId", std::string());
                EXPECT_TRUE(next_to.find(".builder.") == std::string::npos && next_to.find(".pig.") == std::string::npos)
                    << "TB-11: the fairy next to " << next_to;
            }
        }
    }
    // The situations the test is about occur in its six games (the
    // sanitizer builds play fewer, for the memory checks alone).
    if (games == 6) {
        EXPECT_GT(joiners, 3);
        EXPECT_GT(fairy_moves, 3);
        EXPECT_GT(dragon_steps, 10);
    }
}

TEST(traders_builders, OptionsSwitchEachElementAndTravelInSaves) {
    const auto file = scratch("two-pigs.jcz");
    const json played = run_json(
        "play --expansions traders-and-builders --rule tradersAndBuilders.pigs=2 --rule tradersAndBuilders.builders=0 "
        "--rule tradersAndBuilders.goods=false --players 2 --player-types greedy --seed 5 --json --save " +
        file.string());
    ASSERT_FALSE(played.empty());
    int second_pigs = 0;
    std::map<int, int> tiles_per_turn;
    for (const json& m : played["moves"]) {
        if (m["type"] == "tile") ++tiles_per_turn[m["turn"].get<int>()];
        if (m["type"] != "meeple") continue;
        const std::string meeple = m["meeple"];
        EXPECT_EQ(meeple.find(".builder."), std::string::npos) << "builders=0: no builder";
        second_pigs += meeple.find(".pig.2") != std::string::npos;
    }
    EXPECT_GT(second_pigs, 0) << "pigs=2: a second pig each";
    for (const auto& [turn, n] : tiles_per_turn) EXPECT_EQ(n, 1) << "no builder, no second step: turn " << turn;
    for (const json& e : played["score_entries"])
        EXPECT_FALSE(starts_with(e["name"], "trade-goods.")) << "goods=false: no goods bonus";
    const json saved = ck::test::read_json_file(file);
    EXPECT_EQ(saved["setup"]["elements"]["pig"], 2);
    EXPECT_EQ(saved["setup"]["elements"]["pig-herd"], true);
    EXPECT_FALSE(saved["setup"]["elements"].contains("builder"));
    EXPECT_FALSE(saved["setup"]["elements"].contains("traders"));
    ck::test::expect_replays_as_played(file.string(), played);

    // The element alone (JCloisterZone's pigs-no-stack: "pig": 2, no other):
    // two pigs each, nothing else of the expansion.
    const json only_pigs = run_json("replay " + kData + "/pigs-no-stack.jcz --json");
    EXPECT_EQ(only_pigs["phase"], "GameOverPhase");
}

TEST(traders_builders, PluginsListsTheElementsTheOptionsCarryAndTheFigureCounts) {
    const json j = run_json("plugins --json");
    const json* tb = nullptr;
    for (const json& m : j["modules"])
        for (const json& e : m["expansions"])
            if (e["id"] == "cloisterkit.traders-and-builders") tb = &e;
    ASSERT_NE(tb, nullptr);
    std::map<std::string, std::string> elements;
    for (const json& o : (*tb)["rule_options"])
        if (o.contains("jcz_element")) elements[o["key"]] = o["jcz_element"];
    EXPECT_EQ(elements, (std::map<std::string, std::string>{{"tradersAndBuilders.goods", "traders"},
                                                            {"tradersAndBuilders.builders", "builder"},
                                                            {"tradersAndBuilders.pigs", "pig"},
                                                            {"tradersAndBuilders.pigHerd", "pig-herd"}}));
    std::map<std::string, std::string> counts;
    for (const json& f : (*tb)["figure_kinds"]) {
        counts[f["id"]] = f["count_rule"];
        EXPECT_EQ(f["strength"], 0) << "TB-4, TB-7";
        EXPECT_TRUE(f["joins_own_follower"].get<bool>()) << "TB-4, TB-7";
    }
    EXPECT_EQ(counts, (std::map<std::string, std::string>{{"builder", "tradersAndBuilders.builders"},
                                                          {"pig", "tradersAndBuilders.pigs"}}));
}

TEST(traders_builders, BadElementsAndOptionsAreRefusedWithTheirReason) {
    json save = ck::test::read_json_file(kData + "/pig-scoring.jcz");
    save["setup"]["elements"]["pig"] = "lots";
    const auto file = scratch("bad-pig.jcz");
    std::ofstream(file) << save.dump();
    const CommandResult r = run_cli("replay " + file.string());
    EXPECT_NE(r.status, 0);
    EXPECT_NE((r.out + r.err).find("setup.elements.pig"), std::string::npos) << r.out << r.err;
    EXPECT_NE((r.out + r.err).find("whole number"), std::string::npos) << r.out << r.err;

    save["setup"]["elements"]["pig"] = 12;
    std::ofstream(file) << save.dump();
    const CommandResult many = run_cli("replay " + file.string());
    EXPECT_NE(many.status, 0);
    EXPECT_NE((many.out + many.err).find("out of range"), std::string::npos) << many.out << many.err;

    const CommandResult option = run_cli("play --expansions traders-and-builders --rule tradersAndBuilders.pigs=-1");
    EXPECT_NE(option.status, 0);
    EXPECT_NE(option.err.find("tradersAndBuilders.pigs"), std::string::npos) << option.err;
}

}  // namespace
