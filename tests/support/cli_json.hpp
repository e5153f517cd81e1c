// The `cloisterkit` command's --json output in CLI tests: one helper for
// every folder (a test target using it links nlohmann_json).
#pragma once

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "run_cli.hpp"

namespace ck::test {

// Runs `args`, expects exit status 0 (a test failure otherwise, with the
// output) and parses stdout; an empty object when it failed.
inline nlohmann::json run_json(const std::string& args) {
    const CommandResult r = run_cli(args);
    EXPECT_EQ(r.status, 0) << args << "\n" << r.out << r.err;
    if (r.status != 0) return nlohmann::json::object();
    return nlohmann::json::parse(r.out);
}

// A file's whole text ("" when it cannot be read).
inline std::string read_text_file(const std::filesystem::path& path) {
    std::ifstream in(path);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A JSON file (a save), parsed.
inline nlohmann::json read_json_file(const std::filesystem::path& path) {
    std::ifstream in(path);
    return nlohmann::json::parse(in);
}

// A file of this test process's own in build/tests/<folder>/scratch-<pid>/
// (the folder made), for saves and pictures a CLI test writes.
inline std::filesystem::path scratch_path(const std::string& folder, const std::string& name) {
    const auto dir = std::filesystem::path(CK_TEST_BINARY_DIR) / "tests" / folder / ("scratch-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    return dir / name;
}

// Each player's score is the sum of their score entries (`play --json`).
inline void expect_entries_add_up(const nlohmann::json& game, int players) {
    std::vector<int> sums(static_cast<size_t>(players), 0);
    for (const auto& e : game["score_entries"]) sums[e["player"].get<size_t>()] += e["points"].get<int>();
    for (int p = 0; p < players; ++p)
        EXPECT_EQ(game["scores"][static_cast<size_t>(p)]["points"].get<int>(), sums[static_cast<size_t>(p)]);
}

// Plays one game for each kind of computer player (random, greedy) and
// each player count from 2 to 4, with `play --tile-set basic:2 --expansions
// EXPANSIONS --json` and seed `seed_base` + players, checks that the
// entries add up, and gives each game to `check(game, players)`.
template <class Check>
void for_each_computer_game(const std::string& expansions, int seed_base, Check check) {
    for (const std::string type : {"random", "greedy"})
        for (int players = 2; players <= 4; ++players) {
            const std::string args = "play --tile-set basic:2 --expansions " + expansions + " --seed " +
                                     std::to_string(seed_base + players) + " --players " + std::to_string(players) +
                                     " --player-types " + type + " --json";
            SCOPED_TRACE(args);
            const nlohmann::json game = run_json(args);
            if (::testing::Test::HasFailure()) return;
            expect_entries_add_up(game, players);
            check(game, players);
        }
}

// "player name points [final]" per score entry: what play's score_entries
// and replay's scores have in common, to compare the two.
inline std::vector<std::string> score_entry_lines(const nlohmann::json& list) {
    std::vector<std::string> out;
    for (const auto& e : list)
        out.push_back(std::to_string(e["player"].get<int>()) + " " + e["name"].get<std::string>() + " " +
                      std::to_string(e["points"].get<int>()) + (e["final"].get<bool>() ? " final" : ""));
    return out;
}

// `replay FILE --json` ends the game with the same final scores and the
// same score entries, in order, as `play --json` printed (`played`).
inline void expect_replays_as_played(const std::string& file, const nlohmann::json& played) {
    const nlohmann::json replayed = run_json("replay " + file + " --json");
    if (replayed.empty()) return;  // run_json reported the failure
    EXPECT_EQ(replayed["phase"], "GameOverPhase") << file;
    EXPECT_EQ(replayed["players"], played["scores"]) << file;
    EXPECT_EQ(score_entry_lines(replayed["scores"]), score_entry_lines(played["score_entries"])) << file;
}

}  // namespace ck::test
