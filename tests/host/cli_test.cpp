// The `play` and `simulate` commands as a user runs them.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "cli_json.hpp"
#include "run_cli.hpp"

namespace {

using ::testing::HasSubstr;
using ck::test::CommandResult;

// Runs the CLI with `args`.
CommandResult run(const std::string& args) { return ck::test::run_cli(args); }

TEST(Cli, PlayPrintsTurnsAndFinalScores) {
    const CommandResult r = run("play --seed 7 --players 3");
    ASSERT_EQ(r.status, 0) << r.output();
    EXPECT_THAT(r.out, HasSubstr("turn 1 "));
    EXPECT_THAT(r.out, HasSubstr("final scores after"));
    EXPECT_THAT(r.out, HasSubstr("Carol"));
}

TEST(Cli, PlayJsonHasScoresSeedAndTurnsAndIsRepeatable) {
    const CommandResult a = run("play --seed 11 --json --player-types greedy,random");
    const CommandResult b = run("play --seed 11 --json --player-types greedy,random");
    ASSERT_EQ(a.status, 0) << a.output();
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
    const CommandResult r = run("simulate --games 50 --threads 2 --seed 5 --json");
    ASSERT_EQ(r.status, 0) << r.output();
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
    const CommandResult r = run("simulate --games 20 --seed 1");
    ASSERT_EQ(r.status, 0) << r.output();
    EXPECT_THAT(r.output(), HasSubstr("games/s"));
    EXPECT_EQ(r.output().find('\r'), std::string::npos);
}

TEST(Cli, HelpDescribesTheOptions) {
    const CommandResult play = run("play --help");
    EXPECT_EQ(play.status, 0);
    EXPECT_THAT(play.out, HasSubstr("--player-types"));
    EXPECT_THAT(play.out, HasSubstr("--save"));
    const CommandResult sim = run("simulate --help");
    EXPECT_EQ(sim.status, 0);
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
        const CommandResult r = run(args);
        EXPECT_EQ(r.status, 2) << args << "\n" << r.output();
        EXPECT_THAT(r.err, HasSubstr(message)) << args;
    }
}

// Random players ignore scores, so the same seed plays the same moves; the
// tiny-city rule turns each two-tile "city" for 4 into a "city.tiny" for 2.
TEST(Cli, RuleOptionReachesTheGame) {
    const CommandResult plain = run("play --seed 3 --json");
    const CommandResult tiny = run("play --seed 3 --json --rule base.tinyCity=on");
    ASSERT_EQ(tiny.status, 0) << tiny.output();
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

// Each feature's score entry names its tiles as the scoring hooks get them
// (ScoredFeature.parts), so a host author can compare with this host: tiles
// of the game, one per distinct tile of a road or city.
TEST(Cli, PlayJsonGivesEachScoredFeaturesTiles) {
    const CommandResult r = run("play --seed 11 --json --player-types greedy,random");
    ASSERT_EQ(r.status, 0) << r.output();
    const auto j = nlohmann::json::parse(r.out);
    std::set<std::pair<int, int>> placed{{0, 0}};  // the start tile
    for (const auto& m : j["moves"])
        if (m["type"] == "tile") placed.insert({m["at"]["position"][0].get<int>(), m["at"]["position"][1].get<int>()});
    int checked = 0;
    for (const auto& e : j["score_entries"]) {
        if (!e.contains("counts")) continue;
        ASSERT_TRUE(e.contains("parts")) << e.dump();
        for (const auto& p : e["parts"])
            EXPECT_TRUE(placed.count({p["position"][0].get<int>(), p["position"][1].get<int>()})) << e.dump();
        const std::string name = e["name"];
        if (name.rfind("road", 0) == 0 || name.rfind("city", 0) == 0) {
            EXPECT_EQ(e["parts"].size(), e["counts"]["tiles"].get<size_t>()) << e.dump();
            ++checked;
        }
        if (name.rfind("monastery", 0) == 0) EXPECT_EQ(e["parts"].size(), 1u) << e.dump();
    }
    EXPECT_GT(checked, 5);
}

// `serve` is a program of its own beside `cloisterkit`, which hands over to
// it: the web server's libraries (cpp-httplib, OpenSSL, zlib, Brotli) are
// loaded by serve alone, so `play` and `simulate` start without them
// (docs/performance.md, "Memory").
TEST(Cli, ServeRunsItsOwnProgramAndTheOthersLoadNoWebServer) {
    const CommandResult help = ck::test::run_cli("serve --help");
    EXPECT_EQ(help.status, 0) << help.output();
    EXPECT_THAT(help.out, HasSubstr("usage: cloisterkit serve [options]"));
    EXPECT_THAT(ck::test::run_cli("--help").out, HasSubstr("serve      serve the games in a browser"));

    std::ifstream file(ck::test::cli_path(), std::ios::binary);
    const std::string program((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    ASSERT_GT(program.size(), 100000u);
    for (const char* library : {"libcpp-httplib.so", "libssl.so", "libcrypto.so"})
        EXPECT_EQ(program.find(library), std::string::npos) << "cloisterkit itself needs " << library;

    // Alone (its serve program not beside it), it says what is missing.
    const std::filesystem::path alone = ck::test::scratch_path("host", "serve-alone");
    std::filesystem::create_directories(alone);
    std::filesystem::copy_file(ck::test::cli_path(), alone / "cloisterkit",
                               std::filesystem::copy_options::overwrite_existing);
    const CommandResult missing = ck::test::run_command((alone / "cloisterkit").string() + " serve --help");
    EXPECT_EQ(missing.status, 2);
    EXPECT_THAT(missing.err, HasSubstr("cannot run " + (alone / "cloisterkit-serve").string()));
    std::filesystem::remove_all(alone);
}
