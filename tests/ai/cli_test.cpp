// The mcts kind through the command: `play` and `simulate` take it with its
// parameters, a saved game of it replays to its scores, and a bad parameter
// is the player's error (exit status 2, the parameter named).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "game_count.hpp"
#include "run_cli.hpp"

namespace {

using ck::test::run_cli;

TEST(MctsCli, PlayAndReplayAGameWithEveryExpansion) {
    const auto file = std::filesystem::path(CK_TEST_BINARY_DIR) / "tests" / "ai" / "mcts-all.jcz";
    std::filesystem::create_directories(file.parent_path());
    // Fewer playouts under the sanitizers (a search, not its strength, is what they check).
    const std::string mcts = "mcts:playouts=" + std::to_string(std::max(4, ck::test::games_for_this_build(20)));
    const auto play = run_cli("play --seed 3 --expansions all --player-types " + mcts + ",greedy --json --save '" +
                              file.string() + "'");
    ASSERT_EQ(play.status, 0) << play.output();
    const auto game = nlohmann::json::parse(play.out);
    EXPECT_EQ(game["player_types"], nlohmann::json::array({mcts, "greedy"}));
    const auto replay = run_cli("replay --json '" + file.string() + "'");
    ASSERT_EQ(replay.status, 0) << replay.output();
    const auto replayed = nlohmann::json::parse(replay.out);
    ASSERT_EQ(game["scores"].size(), 2u);
    EXPECT_EQ(replayed["players"], game["scores"]) << "names and final points";
}

TEST(MctsCli, SimulateTakesTheKindWithThreads) {
    const auto r = run_cli("simulate --games 2 --seed 1 --player-types mcts:playouts=30:threads=2,random --json");
    ASSERT_EQ(r.status, 0) << r.output();
    EXPECT_EQ(nlohmann::json::parse(r.out)["games"], 2);
}

TEST(MctsCli, ABadParameterIsThePlayersErrorNamingIt) {
    const auto r = run_cli("play --player-types mcts:playouts=lots");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("mcts: playouts=lots is not a number from 1 to 100000000"), std::string::npos) << r.err;
    EXPECT_EQ(r.out, "");
}

}  // namespace
