// Replaying a saved game is deterministic: every scenario of tests/scenarios
// (and a saved game with both expansions), replayed twice by the command,
// prints byte-identical output and exits with the same status, as text and
// as JSON.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "game_count.hpp"
#include "run_cli.hpp"

namespace {

namespace fs = std::filesystem;
using ck::test::CommandResult;
using ck::test::run_cli;

std::vector<fs::path> scenarios() {
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(fs::path(CK_TEST_SOURCE_DIR) / "tests" / "scenarios"))
        if (e.path().extension() == ".jcz") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    return files;
}

void expect_same_twice(const std::string& args) {
    const CommandResult first = run_cli(args);
    const CommandResult second = run_cli(args);
    EXPECT_EQ(first.status, second.status) << args;
    EXPECT_EQ(first.out, second.out) << args;
    EXPECT_EQ(first.err, second.err) << args;
    EXPECT_FALSE(first.out.empty()) << args;
}

}  // namespace

TEST(ReplayTwice, EveryScenarioPrintsTheSameBytes) {
    const auto files = scenarios();
    ASSERT_GT(files.size(), 30u);
    for (size_t i = 0; i < files.size(); ++i) {
        // Under the sanitizers a share of them: each scenario also runs
        // there as its own test (tests/scenarios).
        if (i % ck::test::sample_step() != 0) continue;
        const fs::path& f = files[i];
        SCOPED_TRACE(f.filename().string());
        expect_same_twice("replay '" + f.string() + "'");
        expect_same_twice("replay --json '" + f.string() + "'");
    }
}

TEST(ReplayTwice, SavedGameWithBothExpansionsPrintsTheSameBytes) {
    const fs::path file = fs::path(CK_TEST_BINARY_DIR) / "tests" / "determinism" / "replay-twice-all.jcz";
    fs::create_directories(file.parent_path());
    const CommandResult play = run_cli("play --players 4 --expansions all --seed 21 --save '" + file.string() + "'");
    ASSERT_EQ(play.status, 0) << play.output();
    expect_same_twice("replay '" + file.string() + "'");
    expect_same_twice("replay --json '" + file.string() + "'");
}
