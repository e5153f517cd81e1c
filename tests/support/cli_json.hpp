// The `cloisterkit` command's --json output in CLI tests: one helper for
// every folder (a test target using it links nlohmann_json).
#pragma once

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
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

// A file of this test process's own in build/tests/<folder>/scratch-<pid>/
// (the folder made), for saves and pictures a CLI test writes.
inline std::filesystem::path scratch_path(const std::string& folder, const std::string& name) {
    const auto dir = std::filesystem::path(CK_TEST_BINARY_DIR) / "tests" / folder / ("scratch-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    return dir / name;
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

}  // namespace ck::test
