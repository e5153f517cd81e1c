// The `cloisterkit` command with Little Buildings, as a user runs it: play
// (JSON and game log) for 2 to 6 players and both player types, play --save
// then replay, and simulate. The command loads the shipped module itself.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <nlohmann/json.hpp>

namespace {

using ::testing::HasSubstr;
using nlohmann::json;

struct CliRun {
    int code = -1;
    std::string out;  // stdout only; stderr is kept apart so JSON parses
    std::string err;
};

CliRun run(const std::string& args) {
    static int counter = 0;
    const std::string err_file =
        (std::filesystem::temp_directory_path() / ("lb_cli_" + std::to_string(getpid()) + "_" + std::to_string(counter++)))
            .string();
    CliRun r;
    const std::string cmd = std::string(CK_TEST_CLI) + " " + args + " 2>" + err_file;
    FILE* p = popen(cmd.c_str(), "r");
    if (!p) return r;
    std::array<char, 4096> buf;
    size_t n;
    while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
    const int status = pclose(p);
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (FILE* e = std::fopen(err_file.c_str(), "r")) {
        while ((n = fread(buf.data(), 1, buf.size(), e)) > 0) r.err.append(buf.data(), n);
        std::fclose(e);
    }
    std::filesystem::remove(err_file);
    return r;
}

json run_json(const std::string& args) {
    const CliRun r = run(args);
    EXPECT_EQ(r.code, 0) << args << "\n" << r.out << r.err;
    if (r.code != 0) return json::object();
    return json::parse(r.out);
}

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
        const CliRun r = run("play " + kLb + " --seed 5 --players 3 --player-types " + type);
        ASSERT_EQ(r.code, 0) << r.out << r.err;
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
                const CliRun r = run("replay " + file + " --json");
                ASSERT_EQ(r.code, 0) << r.out << r.err;
                const json replayed = json::parse(r.out);
                EXPECT_EQ(replayed["phase"], "GameOverPhase");
                EXPECT_EQ(points(replayed["players"]), points(played["scores"]));
                EXPECT_EQ(replay_entries(replayed), play_entries(played));
                std::ifstream in(file);
                const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
                games_with_buildings += text.find("LB_") != std::string::npos;
            }
        }
    EXPECT_GT(games_with_buildings, 12) << "most saved games hold buildings";
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
