// What a modder debugging a module gets from the host (issue: the friction
// a new modder hit): a failing hook named with its turn and the game saved
// up to that turn, the module's own words in the breakdown, its log lines
// on stderr at the level asked for, and saves that replay with assertions.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <regex>
#include <string>

#include "run_cli.hpp"

namespace {

namespace fs = std::filesystem;
using ck::test::CommandResult;
using ck::test::run_cli;
using testing::HasSubstr;
using testing::Not;

// A fresh folder under the build tree holding one copy of a broken module
// (all of them share one expansion id, so they cannot share a folder).
class ModuleFolder {
public:
    explicit ModuleFolder(const std::string& defect) {
        std::string templ = std::string(CK_TEST_BINARY_DIR) + "/debugging-XXXXXX";
        path_ = mkdtemp(templ.data());
        fs::copy_file(std::string(CK_BROKEN_MODULE_DIR) + "/broken_" + defect + ".so", path_ / "roadside.so");
    }
    ~ModuleFolder() { fs::remove_all(path_); }
    std::string plugin_path() const { return "--plugin-path '" + path_.string() + "'"; }
    std::string file(const std::string& name) const { return (path_ / name).string(); }

private:
    fs::path path_;
};

// The hook answers garbage, found at the first completed road: the error
// names the turn, the player, the expansion and the hook, and --save keeps
// every turn before it, which replays to the end without the failing call.
TEST(Debugging, AFailingHookNamesItsTurnAndSavesTheGameBeforeIt) {
    const ModuleFolder dir("unverifiable_response");
    const std::string save = dir.file("failed.jcz");
    const CommandResult r = run_cli("play " + dir.plugin_path() + " --expansions roadside-inns --player-types greedy --seed 3 --save '" + save + "'");
    EXPECT_EQ(r.status, 2) << r.output();
    std::smatch m;
    ASSERT_TRUE(std::regex_search(r.err, m, std::regex("turn ([0-9]+) \\(player [1-2]\\): plugin module [^,]*roadside.so, "
                                                       "expansion test.roadside-inns, hook BONUS_POINTS: response rejected")))
        << r.err;
    const int failing_turn = std::stoi(m[1]);
    EXPECT_GT(failing_turn, 1);
    EXPECT_THAT(r.err, HasSubstr("the game before turn " + std::to_string(failing_turn) + " is saved in " + save));
    ASSERT_TRUE(fs::exists(save));
    // Every turn before the failing one, each placing its tile and committing.
    const CommandResult placed = ck::test::run_command("grep -o '\"PLACE_TILE\"' '" + save + "' | wc -l");
    EXPECT_EQ(std::stoi(placed.out), failing_turn - 1);
    const CommandResult replayed = run_cli("replay '" + save + "' " + dir.plugin_path() + " --json");
    ASSERT_EQ(replayed.status, 0) << replayed.output();
    EXPECT_THAT(replayed.out, HasSubstr("\"phase\": \"TilePhase\""));
}

// Without --save nothing is written, and the error still names the turn.
TEST(Debugging, AFailingHookWithoutSaveStillNamesTheTurn) {
    const ModuleFolder dir("unverifiable_response");
    const CommandResult r = run_cli("play " + dir.plugin_path() + " --expansions roadside-inns --player-types greedy --seed 3");
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(std::regex_search(r.err, std::regex("cloisterkit play: turn [0-9]+ \\(player [1-2]\\): plugin module ")))
        << r.err;
    EXPECT_THAT(r.err, Not(HasSubstr("is saved in")));
}

// The bonus is shown in the module's words ("+ 1 roadside inn"), not as
// "from expansions".
TEST(Debugging, TheBreakdownShowsTheModulesReason) {
    const ModuleFolder dir("none");
    const CommandResult r = run_cli("play " + dir.plugin_path() + " --expansions roadside-inns --player-types greedy --seed 3");
    ASSERT_EQ(r.status, 0) << r.output();
    EXPECT_TRUE(std::regex_search(r.out, std::regex("\\+[0-9]+ road = [0-9]+ spaces \\+ 1 roadside inn\n"))) << r.out;
    EXPECT_THAT(r.out, Not(HasSubstr("from expansions")));
}

// --log-level info shows the module's info line on stderr, whole, on a
// line of its own even with both streams in one file; the default (warn)
// does not.
TEST(Debugging, LogLevelShowsTheModulesMessagesOnTheirOwnLines) {
    const ModuleFolder dir("none");
    const std::string both = dir.file("both.log");
    const std::string play = "play " + dir.plugin_path() + " --expansions roadside-inns --player-types greedy --seed 3";
    const CommandResult r = ck::test::run_command("'" + ck::test::cli_path() + "' " + play + " --log-level info >'" + both + "' 2>&1");
    ASSERT_EQ(r.status, 0) << r.output();
    // Every occurrence is a whole line of its own.
    const CommandResult anywhere = ck::test::run_command("grep -c 'roadside inn: +' '" + both + "'");
    const CommandResult whole =
        ck::test::run_command("grep -c -x '\\[info\\] \\[roadside-inns\\] \\[test.roadside-inns\\] roadside inn: +1 for a completed road' '" + both + "'");
    ASSERT_GT(std::atoi(anywhere.out.c_str()), 0) << ck::test::run_command("cat '" + both + "'").out;
    EXPECT_EQ(whole.out, anywhere.out) << ck::test::run_command("cat '" + both + "'").out;
    const CommandResult quiet = run_cli(play);
    ASSERT_EQ(quiet.status, 0) << quiet.output();
    EXPECT_THAT(quiet.err, Not(HasSubstr("roadside inn: +")));
    const CommandResult bad = run_cli(play + " --log-level loud");
    EXPECT_EQ(bad.status, 2);
    EXPECT_THAT(bad.err, HasSubstr("--log-level: unknown level \"loud\" (one of trace, debug, info, warn, error, off)"));
}

// --save-assertions records the final scores; replay then checks them (and
// without it there is nothing to check).
TEST(Debugging, SaveAssertionsMakeAReplayCheckTheFinalScores) {
    const ModuleFolder dir("none");
    const std::string with = dir.file("with.jcz"), without = dir.file("without.jcz");
    const std::string play = "play " + dir.plugin_path() + " --expansions roadside-inns --player-types greedy --seed 3 --players 3 --save ";
    ASSERT_EQ(run_cli(play + "'" + with + "' --save-assertions").status, 0);
    ASSERT_EQ(run_cli(play + "'" + without + "'").status, 0);
    const CommandResult checked = run_cli("replay '" + with + "' " + dir.plugin_path() + " --min-assertions 3");
    EXPECT_EQ(checked.status, 0) << checked.output();
    EXPECT_THAT(checked.out, HasSubstr("3 of 3 assertions passed"));
    EXPECT_THAT(checked.out, HasSubstr("Alice has "));
    const CommandResult unchecked = run_cli("replay '" + without + "' " + dir.plugin_path() + " --min-assertions 3");
    EXPECT_NE(unchecked.status, 0) << unchecked.output();
    const CommandResult lonely = run_cli("play --seed 3 --save-assertions");
    EXPECT_EQ(lonely.status, 2);
    EXPECT_THAT(lonely.err, HasSubstr("--save-assertions needs --save FILE.jcz"));
}

// Found by the validator's replay of its saved games: an option at its
// default that a preset in force would change (halflings.ruleset=2015 sets
// featureCount=tiles) must be written, or the replay counts otherwise.
TEST(Debugging, AnOptionAPresetWouldChangeIsSavedAndTheReplayEndsTheSame) {
    const ModuleFolder dir("none");
    for (const int seed : {1, 2}) {
        const std::string save = dir.file("preset-" + std::to_string(seed) + ".jcz");
        ASSERT_EQ(run_cli("play --expansions halflings,little-buildings --rule halflings.ruleset=2015 --rule "
                          "halflings.featureCount=spaces --players 3 --seed " + std::to_string(seed) + " --save '" + save +
                          "' --save-assertions").status, 0);
        EXPECT_EQ(ck::test::run_command("grep -c '\"halflings.featureCount\": \"spaces\"' '" + save + "'").out, "1\n");
        const CommandResult replayed = run_cli("replay '" + save + "' --min-assertions 3");
        EXPECT_EQ(replayed.status, 0) << replayed.output();
        EXPECT_THAT(replayed.out, HasSubstr("3 of 3 assertions passed"));
    }
}

}  // namespace
