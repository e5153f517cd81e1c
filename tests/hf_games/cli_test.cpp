// The `cloisterkit` command with Halflings (and Little Buildings), as a user
// runs it: play for 2 to 6 players and both player types, the game log with
// triangles and their corners, hands kept private until the end (HF-13),
// play --save then replay, option errors, and simulate. The command loads
// the shipped module itself.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_json.hpp"

namespace {

using ::testing::HasSubstr;
using ck::test::CommandResult;
using ck::test::run_cli;
using nlohmann::json;
using ck::test::run_json;

const std::string kBoth = "--expansions halflings,little-buildings";

std::vector<int> points(const json& players) {
    std::vector<int> out;
    for (const auto& p : players) out.push_back(p["points"].get<int>());
    return out;
}

TEST(HfCli, PlayJsonForTwoToSixPlayersShowsTheHandsAfterTheGame) {
    for (const std::string type : {"random", "greedy"})
        for (int players = 2; players <= 6; ++players) {
            const std::string args = "play " + kBoth + " --seed " + std::to_string(70 + players) + " --players " +
                                     std::to_string(players) + " --player-types " + type + " --json";
            SCOPED_TRACE(args);
            const json j = run_json(args);
            if (HasFailure()) return;
            EXPECT_EQ(j["expansions"], json::array({"cloisterkit.halflings", "cloisterkit.little-buildings"}));
            ASSERT_EQ(j["hands"].size(), static_cast<size_t>(players));
            for (const auto& hand : j["hands"]) {
                EXPECT_EQ(hand["dealt"].size(), 3u);  // HF-12
                EXPECT_LE(hand["unplayed"].size(), 3u);
                for (const auto& id : hand["unplayed"])
                    EXPECT_NE(std::find(hand["dealt"].begin(), hand["dealt"].end(), id), hand["dealt"].end());
            }
            // Every placed tile is in the moves; triangles carry their corner.
            int tiles = 0, triangles_from_hand = 0;
            for (const auto& m : j["moves"]) {
                if (m["type"] != "tile") continue;
                ++tiles;
                const bool triangle = m["tile"].get<std::string>().rfind("HF/", 0) == 0;
                EXPECT_EQ(m["at"].contains("corner"), triangle) << m.dump();
                EXPECT_EQ(m["from_hand"].get<bool>(), triangle) << m.dump();
                triangles_from_hand += triangle;
            }
            EXPECT_EQ(tiles + 1, j["tiles_placed"].get<int>()) << "all but the start tile";
            int unplayed = 0;
            for (const auto& hand : j["hands"]) unplayed += static_cast<int>(hand["unplayed"].size());
            EXPECT_EQ(triangles_from_hand + unplayed, 3 * players);
            std::vector<int> sums(static_cast<size_t>(players), 0);
            for (const auto& e : j["score_entries"]) sums[e["player"].get<size_t>()] += e["points"].get<int>();
            for (int p = 0; p < players; ++p)
                EXPECT_EQ(j["scores"][static_cast<size_t>(p)]["points"].get<int>(), sums[static_cast<size_t>(p)]);
        }
}

// The log names each triangle's corner and marks a tile from the hand; the
// hands appear only after the last turn (HF-13), or first with --show-hands.
TEST(HfCli, PlayLogShowsTrianglesWithCornersAndKeepsHandsPrivate) {
    const CommandResult r = run_cli("play " + kBoth + " --seed 5 --players 3");
    ASSERT_EQ(r.status, 0) << r.output();
    EXPECT_TRUE(std::regex_search(r.out, std::regex(R"(HF/I+-\d+ +at \(-?\d+,-?\d+\) (NE|SE|SW|NW) +R\d+  from hand)")))
        << r.out;
    const size_t last_turn = r.out.rfind("\nturn ");
    const size_t hands = r.out.find("hands dealt:");
    ASSERT_NE(hands, std::string::npos) << r.out;
    EXPECT_GT(hands, last_turn) << "a hand was shown during the game";
    EXPECT_LT(hands, r.out.find("final scores after"));
    EXPECT_THAT(r.out, HasSubstr("tiles left in hand at the end (unplayed, lost):"));

    const CommandResult shown = run_cli("play " + kBoth + " --seed 5 --players 3 --show-hands");
    ASSERT_EQ(shown.status, 0) << shown.output();
    EXPECT_LT(shown.out.find("hands dealt:"), shown.out.find("\nturn 1 ")) << shown.out;
}

TEST(HfCli, SavedGamesRecordTheHandsAndReplayToTheSameScores) {
    const std::filesystem::path dir =
        std::filesystem::path(CK_TEST_BINARY_DIR) / "tests" / "hf_games" / ("scratch-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    int triangle_pointers = 0;
    for (const std::string variant : {"", "--rule halflings.ruleset=2015", "--rule halflings.setup=draft"})
        for (int players : {2, 3, 5}) {
            const std::string file = (dir / ("hf-" + std::to_string(players) + "-" + std::to_string(variant.size()) + ".jcz")).string();
            const std::string args = "play " + kBoth + " " + variant + " --seed 11 --players " + std::to_string(players) +
                                     " --json --save " + file;
            SCOPED_TRACE(args);
            const json played = run_json(args);
            if (HasFailure()) return;
            const CommandResult r = run_cli("replay " + file + " --json");
            ASSERT_EQ(r.status, 0) << r.output();
            const json replayed = json::parse(r.out);
            EXPECT_EQ(replayed["phase"], "GameOverPhase");
            EXPECT_EQ(points(replayed["players"]), points(played["scores"]));

            std::ifstream in(file);
            const json saved = json::parse(in);
            EXPECT_EQ(saved["setup"]["elements"]["halflings"], 1);
            ASSERT_TRUE(saved["gameAnnotations"].contains("halflingHands"));
            const json& hands = saved["gameAnnotations"]["halflingHands"];
            ASSERT_EQ(hands.size(), static_cast<size_t>(players));
            for (size_t p = 0; p < hands.size(); ++p) EXPECT_EQ(hands[p], played["hands"][p]["dealt"]);
            // Options of a game with halflings stay in setup.rules.
            EXPECT_EQ(saved["setup"]["rules"].contains("halflings.ruleset"), !variant.empty() && variant.find("2015") != std::string::npos);
            for (const auto& m : saved["replay"])
                if (m["type"] == "DEPLOY_MEEPLE" && m["payload"]["pointer"].contains("corner")) ++triangle_pointers;
        }
    EXPECT_GT(triangle_pointers, 0) << "no meeple stood on a triangle in nine games";
    std::filesystem::remove_all(dir);
}

TEST(HfCli, HalflingsOptionsAreTheExpansionsOwnAndCheckedBeforePlay) {
    // HF-14: 9 x 3 = 27 tiles, more than the 20 of the pool.
    const CommandResult big = run_cli("play " + kBoth + " --players 3 --seed 1 --rule halflings.handSize=9");
    EXPECT_EQ(big.status, 2) << big.output();
    EXPECT_THAT(big.err, HasSubstr("HF-14"));
    const CommandResult bad = run_cli("play " + kBoth + " --seed 1 --rule halflings.featureCount=squares");
    EXPECT_EQ(bad.status, 2);
    EXPECT_THAT(bad.err, HasSubstr("halflings.featureCount"));
    // gridUnit is Halflings' option; Little Buildings reads it.
    EXPECT_EQ(run_cli("play " + kBoth + " --seed 1 --rule halflings.gridUnit=tile").status, 0);
    const CommandResult without = run_cli("play --expansions little-buildings --seed 1 --rule halflings.gridUnit=tile");
    EXPECT_EQ(without.status, 2);
    EXPECT_THAT(without.err, HasSubstr("unknown option \"halflings.gridUnit\""));
}

// Issue #29: a setup the user chose that an expansion cannot play is the
// user's error (CK_E_SETUP_REFUSED), said in the expansion's words with
// what to choose instead; never a module's internal error.
TEST(HfCli, HF14_HF40_SetupsThatCannotBePlayedAreThePlayersErrorWithTheFix) {
    const CommandResult seven = run_cli("play --players 7 --expansions halflings --seed 1 --rule halflings.handSize=3");
    EXPECT_EQ(seven.status, 2) << seven.output();
    EXPECT_THAT(seven.err, HasSubstr("halflings: handSize 3 x 7 players needs 21 tiles, but with 7 players at most 2 "
                                     "each fit the pool of 20 (Halflings II 1-4 excluded) (HF-14); choose the rule "
                                     "halflings.handSize=2"));
    EXPECT_THAT(seven.err, Not(HasSubstr("CK_E_INTERNAL")));
    EXPECT_THAT(seven.err, Not(HasSubstr("plugin module")));
    // The 2021 preset's hand size fits (HF-14) and the game is played.
    EXPECT_EQ(run_cli("play --players 7 --expansions halflings --seed 1 --rule halflings.handSize=2").status, 0);
    const CommandResult word = run_cli("play --expansions halflings --seed 1 --rule halflings.handSize=two");
    EXPECT_EQ(word.status, 2);
    EXPECT_THAT(word.err, HasSubstr("halflings: rule option halflings.handSize must be a whole number >= 1 or auto, "
                                    "got 'two' (HF-40)"));
    EXPECT_THAT(word.err, Not(HasSubstr("CK_E_INTERNAL")));
    // (A value outside a declared list, e.g. littleBuildings.values=lots, the
    // host refuses before any hook: HfCli.HalflingsOptionsAreTheExpansionsOwn...)
}

// HF-14 with handSize=auto (the default): every player count the host
// allows is dealt, 3 each while the pool of 20 holds them and 2 beyond.
TEST(HfCli, HF14_TheDefaultHandSizeDealsEveryPlayerCount) {
    for (int players = 1; players <= 8; ++players) {
        const json game = run_json("play --players " + std::to_string(players) +
                                   " --expansions halflings --seed 4 --json");
        if (HasFailure()) return;
        ASSERT_EQ(game["scores"].size(), static_cast<size_t>(players));
        const size_t want = players <= 6 ? 3 : 2;
        for (const auto& hand : game["hands"]) EXPECT_EQ(hand["dealt"].size(), want) << players << " players";
    }
}

TEST(HfCli, SimulateWithBothExpansions) {
    const json both = run_json("simulate --games 40 --seed 9 " + kBoth + " --players 3 --json");
    const json lb = run_json("simulate --games 40 --seed 9 --expansions little-buildings --players 3 --json");
    if (HasFailure()) return;
    EXPECT_EQ(both["games"], 40);
    EXPECT_NE(both["mean_total_score"], lb["mean_total_score"]) << "the halflings changed nothing";
}

}  // namespace
