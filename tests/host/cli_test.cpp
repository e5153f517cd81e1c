// The `play` and `simulate` commands as a user runs them.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

#include <nlohmann/json.hpp>

namespace {

using ::testing::HasSubstr;

struct CliRun {
    int code = -1;
    std::string out;
};

// Runs the CLI with `args` (stderr merged into the output).
CliRun run(const std::string& args) {
    CliRun r;
    const std::string cmd = std::string(CK_TEST_CLI) + " " + args + " 2>&1";
    FILE* p = popen(cmd.c_str(), "r");
    if (!p) return r;
    std::array<char, 4096> buf;
    size_t n;
    while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
    const int status = pclose(p);
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
}

TEST(Cli, PlayPrintsTurnsAndFinalScores) {
    const CliRun r = run("play --seed 7 --players 3");
    ASSERT_EQ(r.code, 0) << r.out;
    EXPECT_THAT(r.out, HasSubstr("turn 1 "));
    EXPECT_THAT(r.out, HasSubstr("final scores after"));
    EXPECT_THAT(r.out, HasSubstr("Carol"));
}

TEST(Cli, PlayJsonHasScoresSeedAndTurnsAndIsRepeatable) {
    const CliRun a = run("play --seed 11 --json --player-types greedy,random");
    const CliRun b = run("play --seed 11 --json --player-types greedy,random");
    ASSERT_EQ(a.code, 0) << a.out;
    EXPECT_EQ(a.out, b.out) << "same seed, same game";
    const auto j = nlohmann::json::parse(a.out);
    EXPECT_EQ(j["seed"], 11);
    EXPECT_GT(j["turns"].get<int>(), 60);
    ASSERT_EQ(j["scores"].size(), 2u);
    EXPECT_EQ(j["scores"][0]["name"], "Alice");
    int sum = 0;
    for (const auto& e : j["score_entries"])
        if (e["player"] == 0) sum += e["points"].get<int>();
    EXPECT_EQ(j["scores"][0]["points"].get<int>(), sum);
}

TEST(Cli, SimulateJsonReportsSpeedAndMeanScore) {
    const CliRun r = run("simulate --games 50 --threads 2 --seed 5 --json");
    ASSERT_EQ(r.code, 0) << r.out;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["games"], 50);
    EXPECT_GT(j["games_per_second"].get<double>(), 0.0);
    EXPECT_GT(j["seconds"].get<double>(), 0.0);
    EXPECT_GT(j["mean_total_score"].get<double>(), 10.0);
    // The same games whatever the number of threads.
    const auto one = nlohmann::json::parse(run("simulate --games 50 --threads 1 --seed 5 --json").out);
    EXPECT_EQ(one["mean_total_score"], j["mean_total_score"]);
}

TEST(Cli, SimulateWithoutTerminalPrintsNoProgressBar) {
    const CliRun r = run("simulate --games 20 --seed 1");
    ASSERT_EQ(r.code, 0) << r.out;
    EXPECT_THAT(r.out, HasSubstr("games/s"));
    EXPECT_EQ(r.out.find('\r'), std::string::npos);
}

TEST(Cli, HelpDescribesTheOptions) {
    const CliRun play = run("play --help");
    EXPECT_EQ(play.code, 0);
    EXPECT_THAT(play.out, HasSubstr("--player-types"));
    EXPECT_THAT(play.out, HasSubstr("--save"));
    const CliRun sim = run("simulate --help");
    EXPECT_EQ(sim.code, 0);
    EXPECT_THAT(sim.out, HasSubstr("--threads"));
}

TEST(Cli, BadOptionsExitWithTwoAndSayWhy) {
    const std::pair<const char*, const char*> cases[] = {
        {"play --players 0", "--players: 0 is out of range"},
        {"play --players x", "not a whole number"},
        {"play --seed -1", "--seed"},
        {"play --bogus", "unknown option '--bogus'"},
        {"play --rule nonsense=1", "unknown option \"nonsense\""},
        {"play --rule tiny-city-scoring=3", "tiny-city-scoring"},
        {"play --player-types random,smart", "unknown player type \"smart\""},
        {"play --players 3 --player-types random,greedy", "2 types for 3 players"},
        {"play --tiles /nonexistent.xml", "/nonexistent.xml"},
        {"play --expansions no-such-expansion", "no-such-expansion"},
        {"simulate --games 0", "--games"},
        {"simulate --save x.jcz", "not 'simulate'"},
        {"play --seed", "needs a value"},
    };
    for (const auto& [args, message] : cases) {
        const CliRun r = run(args);
        EXPECT_EQ(r.code, 2) << args << "\n" << r.out;
        EXPECT_THAT(r.out, HasSubstr(message)) << args;
    }
}

// Random players ignore scores, so the same seed plays the same moves; the
// tiny-city rule turns each two-tile "city" for 4 into a "city.tiny" for 2.
TEST(Cli, RuleOptionReachesTheGame) {
    const CliRun plain = run("play --seed 3 --json");
    const CliRun tiny = run("play --seed 3 --json --rule base.tinyCity=on");
    ASSERT_EQ(tiny.code, 0) << tiny.out;
    const auto count = [](const std::string& out, const char* name, int points) {
        int n = 0;
        const auto j = nlohmann::json::parse(out);
        for (const auto& e : j["score_entries"])
            if (e["name"] == name && e["points"] == points) ++n;
        return n;
    };
    const int two_tile_cities = count(plain.out, "city", 4);
    ASSERT_GT(two_tile_cities, 0) << "seed 3 completes two-tile cities";
    EXPECT_EQ(count(tiny.out, "city", 4), 0);
    EXPECT_EQ(count(tiny.out, "city.tiny", 2), two_tile_cities);
}

}  // namespace
