// The `cloisterkit` command with the abbot, as a user runs it: play on the
// 2nd-edition tile set with Little Buildings, play --save (the JSON
// JCloisterZone reads: elements, meeple ids, RETURN_MEEPLE) then replay to
// the same scores, simulate, and a bad --tile-set.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_json.hpp"

namespace {

using ::testing::HasSubstr;
using ck::test::CommandResult;
using nlohmann::json;
using ck::test::run_json;

const std::string kAbbot = "--tile-set basic:2 --expansions abbot,little-buildings";

TEST(AbbotCli, PlayFullGamesOnBasic2WithAbbotAndLittleBuildings) {
    int abbots = 0, returns = 0;
    for (const std::string type : {"random", "greedy"})
        for (int players = 2; players <= 6; ++players) {
            const std::string args = "play " + kAbbot + " --seed " + std::to_string(players) + " --players " +
                                     std::to_string(players) + " --player-types " + type + " --json";
            SCOPED_TRACE(args);
            const json j = run_json(args);
            if (HasFailure()) return;
            EXPECT_EQ(j["expansions"], json::array({"cloisterkit.abbot", "cloisterkit.little-buildings"}));
            EXPECT_EQ(j["tiles_placed"].get<int>() + j["tiles_set_aside"].get<int>(), 72) << "the whole basic:2 pack";
            std::vector<int> sums(static_cast<size_t>(players), 0);
            for (const auto& e : j["score_entries"]) sums[e["player"].get<size_t>()] += e["points"].get<int>();
            for (int p = 0; p < players; ++p)
                EXPECT_EQ(j["scores"][static_cast<size_t>(p)]["points"].get<int>(), sums[static_cast<size_t>(p)]);
            for (const auto& m : j["moves"]) {
                if (m["type"] == "meeple" && m["meeple"].get<std::string>().find(".abbot.") != std::string::npos) {
                    ++abbots;
                    EXPECT_TRUE(m["feature"] == "Monastery" || m["feature"] == "Garden") << m.dump();
                }
                returns += m["type"] == "return";
            }
        }
    EXPECT_GT(abbots, 10) << "the computer players place their abbots";
    EXPECT_GT(returns, 3) << "and take them back";
}

TEST(AbbotCli, SavedGamesHoldWhatJczReadsAndReplayToTheSameScores) {
    const std::filesystem::path dir =
        std::filesystem::path(CK_TEST_BINARY_DIR) / "tests" / "abbot_games" / ("scratch-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    int with_return = 0;
    for (int seed = 1; seed <= 6; ++seed) {
        const std::string file = (dir / ("abbot-" + std::to_string(seed) + ".jcz")).string();
        const json played = run_json("play " + kAbbot + " --seed " + std::to_string(seed) +
                                     " --players 3 --player-types greedy --json --save " + file);
        if (HasFailure()) return;
        std::ifstream in(file);
        const json saved = json::parse(in);
        EXPECT_EQ(saved["setup"]["sets"], json({{"basic:2", 1}}));
        const json& elements = saved["setup"]["elements"];
        EXPECT_EQ(elements["small-follower"], 7);
        EXPECT_EQ(elements["abbot"], 1) << "JCZ reads the number of abbots per player from it";
        EXPECT_EQ(elements["garden"], 1);
        EXPECT_EQ(elements["little-buildings"], 1);
        for (const auto& m : saved["replay"]) {
            if (m["type"] == "DEPLOY_MEEPLE" && m["payload"]["meepleId"].get<std::string>().find(".abbot.") != std::string::npos) {
                EXPECT_EQ(m["payload"]["pointer"]["location"], "I") << m.dump();
            }
            if (m["type"] != "RETURN_MEEPLE") continue;
            ++with_return;
            // JCZ's ReturnMeepleMessage: a MeeplePointer and the source.
            const json& p = m["payload"];
            EXPECT_EQ(p["source"], "ABBOT_RETURN");
            EXPECT_THAT(p["pointer"]["meepleId"].get<std::string>(), HasSubstr(".abbot.1"));
            const json& fp = p["pointer"]["featurePointer"];
            EXPECT_TRUE(fp["feature"] == "Monastery" || fp["feature"] == "Garden") << m.dump();
            EXPECT_EQ(fp["location"], "I");
            EXPECT_EQ(fp["position"].size(), 2u);
        }
        const json replayed = run_json("replay " + file + " --json");
        if (HasFailure()) return;
        EXPECT_EQ(replayed["phase"], "GameOverPhase");
        EXPECT_EQ(ck::test::score_entry_lines(replayed["scores"]), ck::test::score_entry_lines(played["score_entries"]))
            << file;
    }
    EXPECT_GT(with_return, 0) << "some saved game takes an abbot back";
    std::filesystem::remove_all(dir);
}

TEST(AbbotCli, SimulateRunsGamesWithTheAbbot) {
    const CommandResult r = ck::test::run_cli("simulate " + kAbbot + " --games 20 --seed 3 --players 4");
    EXPECT_EQ(r.status, 0) << r.out << r.err;
}

TEST(AbbotCli, AnUnknownTileSetIsRefusedNamingTheLoadedOnes) {
    const CommandResult r = ck::test::run_cli("play --tile-set basic:9 --seed 1");
    EXPECT_EQ(r.status, 2);
    EXPECT_THAT(r.output(), HasSubstr("--tile-set: unknown tile set \"basic:9\" (loaded: basic:1, basic:2)"));
}

}  // namespace
