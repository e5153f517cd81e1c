// Computer players: legal, deterministic, and calibrated against
// JCloisterZone's random-policy mean score.
#include <gtest/gtest.h>

#include "game_helpers.hpp"
#include "core/players.hpp"

namespace ck::host::test {
namespace {

std::vector<std::unique_ptr<PlayerAgent>> two(const char* a, const char* b, uint64_t seed) {
    std::vector<std::unique_ptr<PlayerAgent>> agents;
    agents.push_back(make_player(a, seed * 2 + 1));
    agents.push_back(make_player(b, seed * 2 + 2));
    return agents;
}

// JCloisterZone's random policy gives about 39 points per two-player base
// game in total (both players); ours must be within 2 of that over 2,000 games.
TEST(Players, RandomTwoPlayerGamesAverageAbout39PointsInTotal) {
    GameSetup s = base_setup({}, 2);
    auto prepared = prepare_tiles(s);
    const int games = 2000;
    double total = 0;
    for (int g = 0; g < games; ++g) {
        s.seed = static_cast<uint64_t>(g);
        Game game(s, prepared);
        play_to_end(game, two("random", "random", static_cast<uint64_t>(g)));
        total += game.score(0) + game.score(1);
    }
    const double mean = total / games;
    RecordProperty("mean_total_score", std::to_string(mean));
    EXPECT_NEAR(mean, 39.0, 2.0);
}

TEST(Players, GreedyBeatsRandom) {
    int greedy_ahead = 0;
    const int games = 10;
    for (int g = 0; g < games; ++g) {
        GameSetup s = base_setup({}, 2);
        s.seed = static_cast<uint64_t>(g) + 100;
        Game game(s);
        play_to_end(game, two("greedy", "random", static_cast<uint64_t>(g)));
        if (game.score(0) > game.score(1)) ++greedy_ahead;
    }
    EXPECT_GE(greedy_ahead, 8);
}

// Greedy takes points on the table: with the start city open and BA/C
// drawn, closing the city with a follower on it is worth 4 now.
TEST(Players, GreedyClosesACityWithItsFollower) {
    Game game(base_setup({"BA/C"}));
    GreedyPlayer greedy(1);
    play_turn(game, greedy);
    EXPECT_EQ(game.score(0), 4);
    EXPECT_EQ(points_named(game, 0, "city"), 4);
}

TEST(Players, UnknownPlayerTypeIsAnError) { EXPECT_THROW(make_player("smart", 1), HostError); }

}  // namespace
}  // namespace ck::host::test
