// The `cloisterkit` command with Little Buildings, as a user runs it: play
// (JSON and game log) for 2 to 6 players and both player types, play --save
// then replay, and simulate. The command loads the shipped module itself.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_json.hpp"

namespace {

using ::testing::HasSubstr;
using ck::test::CommandResult;
using nlohmann::json;
using ck::test::run_json;

// stdout and stderr apart, so that JSON parses.
CommandResult run(const std::string& args) { return ck::test::run_cli(args); }

const std::string kLb = "--expansions little-buildings";

TEST(LbCli, PlayJsonForTwoToSixPlayersWithBothPlayerTypes) {
    for (const std::string type : {"random", "greedy"})
        for (int players = 2; players <= 6; ++players) {
            const std::string args = "play " + kLb + " --seed " + std::to_string(40 + players) + " --players " +
                                     std::to_string(players) + " --player-types " + type + " --json";
            SCOPED_TRACE(args);
            const json j = run_json(args);
            if (HasFailure()) return;
            EXPECT_EQ(j["expansions"], json::array({"cloisterkit.little-buildings"}));
            ASSERT_EQ(j["scores"].size(), static_cast<size_t>(players));
            EXPECT_EQ(j["player_types"][0], type);
            std::vector<int> sums(static_cast<size_t>(players), 0);
            for (const auto& e : j["score_entries"]) sums[e["player"].get<size_t>()] += e["points"].get<int>();
            for (int p = 0; p < players; ++p)
                EXPECT_EQ(j["scores"][static_cast<size_t>(p)]["points"].get<int>(), sums[static_cast<size_t>(p)]);
            EXPECT_GT(j["tiles_placed"].get<int>(), 60);
        }
}

TEST(LbCli, PlayLogShowsBuildingsPlaced) {
    for (const std::string type : {"random", "greedy"}) {
        const CommandResult r = run("play " + kLb + " --seed 5 --players 3 --player-types " + type);
        ASSERT_EQ(r.status, 0) << r.out << r.err;
        EXPECT_THAT(r.out, HasSubstr("expansions: cloisterkit.little-buildings"));
        EXPECT_THAT(r.out, HasSubstr("place-token LB_")) << type << " players placed no building";
        EXPECT_THAT(r.out, HasSubstr("final scores after"));
    }
}

// Scores and score entries as play --json and replay --json list them.
std::vector<std::string> play_entries(const json& j) {
    std::vector<std::string> out;
    for (const auto& e : j["score_entries"])
        out.push_back(std::to_string(e["player"].get<int>()) + " " + e["name"].get<std::string>() + " " +
                      std::to_string(e["points"].get<int>()) + (e["final"].get<bool>() ? " final" : ""));
    return out;
}
std::vector<std::string> replay_entries(const json& j) {
    std::vector<std::string> out;
    for (const auto& e : j["scores"])
        out.push_back(std::to_string(e["player"].get<int>()) + " " + e["name"].get<std::string>() + " " +
                      std::to_string(e["points"].get<int>()) + (e["final"].get<bool>() ? " final" : ""));
    return out;
}
std::vector<int> points(const json& players) {
    std::vector<int> out;
    for (const auto& p : players) out.push_back(p["points"].get<int>());
    return out;
}

TEST(LbCli, SavedGamesReplayToTheSameScores) {
    const std::filesystem::path dir =
        std::filesystem::path(CK_TEST_BINARY_DIR) / "tests" / "lb_games" / ("scratch-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    const std::vector<std::string> variants{"", "--rule littleBuildings.values=321",
                                            "--rule littleBuildings.split=jcz",
                                            "--rule littleBuildings.values=321 --rule littleBuildings.split=jcz"};
    int games_with_buildings = 0;
    // Totals of the games of variants 2 (flat) and 3 (3/2/1), both with
    // JCloisterZone's split: the same deal, so the same random moves.
    std::map<std::pair<int, int>, int> flat_totals, totals_321;
    for (size_t v = 0; v < variants.size(); ++v)
        for (int seed : {1, 2, 3}) {
            for (int players : {2, 4}) {
                const std::string file = (dir / ("lb-" + std::to_string(v) + "-" + std::to_string(seed) + "-" +
                                                 std::to_string(players) + ".jcz"))
                                             .string();
                const std::string args = "play " + kLb + " " + variants[v] + " --seed " + std::to_string(seed) +
                                         " --players " + std::to_string(players) + " --json --save " + file;
                SCOPED_TRACE(args);
                const json played = run_json(args);
                if (HasFailure()) return;
                const CommandResult r = run("replay " + file + " --json");
                ASSERT_EQ(r.status, 0) << r.out << r.err;
                const json replayed = json::parse(r.out);
                EXPECT_EQ(replayed["phase"], "GameOverPhase");
                EXPECT_EQ(points(replayed["players"]), points(played["scores"]));
                EXPECT_EQ(replay_entries(replayed), play_entries(played));
                std::ifstream in(file);
                const json saved = json::parse(in);
                games_with_buildings += saved.dump().find("LB_") != std::string::npos;
                // The options are in the file, under JCloisterZone's name
                // where it has one, else where JCloisterZone ignores them.
                const bool three_two_one = v == 1 || v == 3;
                EXPECT_EQ(saved["setup"]["rules"].contains("little-buildings-scoring"), three_two_one);
                if (three_two_one) {
                    EXPECT_EQ(saved["setup"]["rules"]["little-buildings-scoring"], "3/2/1");
                }
                const bool published_split = v < 2;
                const bool annotated = saved.contains("gameAnnotations") && saved["gameAnnotations"].contains("rules");
                EXPECT_EQ(annotated && saved["gameAnnotations"]["rules"]["littleBuildings.split"] == "rules",
                          published_split);
                int total = 0;
                for (int p : points(played["scores"])) total += p;
                if (v == 2) flat_totals[{seed, players}] = total;
                if (v == 3) totals_321[{seed, players}] = total;
            }
        }
    EXPECT_GT(games_with_buildings, 12) << "most saved games hold buildings";
    // 3/2/1 reached the game: the same moves score more.
    int raised = 0;
    for (const auto& [game, flat] : flat_totals) {
        EXPECT_GE(totals_321.at(game), flat) << "seed " << game.first << ", " << game.second << " players";
        raised += totals_321.at(game) > flat;
    }
    EXPECT_GE(raised, 4) << "of 6 games";
    std::filesystem::remove_all(dir);
}

TEST(LbCli, SimulateWithLittleBuildings) {
    const json lb = run_json("simulate --games 50 --seed 9 " + kLb + " --json");
    const json base = run_json("simulate --games 50 --seed 9 --json");
    if (HasFailure()) return;
    EXPECT_EQ(lb["games"], 50);
    const double mean = lb["mean_total_score"].get<double>();
    // Two random players over the 72-tile base game; buildings add to what
    // is scored, they do not replace it.
    EXPECT_GT(mean, 40.0);
    EXPECT_LT(mean, 400.0);
    EXPECT_NE(lb["mean_total_score"], base["mean_total_score"]) << "the expansion changed nothing";
}

}  // namespace
