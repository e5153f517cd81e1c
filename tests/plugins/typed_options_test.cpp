// Typed rule options (manifest revision 6) and option-key namespaces, as a
// user meets them on the command line: a value its declaration refuses is
// refused before the game starts, naming the key, the value and what is
// allowed; a key in another enabled expansion's namespace, or declared by
// two, is refused; a key without a namespace is accepted with a warning.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <regex>
#include <string>
#include <utility>
#include <vector>

#include "run_cli.hpp"
#include "test_modules.hpp"

using ck::test::CommandResult;
using ck::test::run_cli;
using ck::test::ScratchDir;
using ck::test::test_module;
using testing::HasSubstr;
using testing::Not;

namespace {

// `play` with the fan module `module` on the plugin path.
CommandResult play_with(const ScratchDir& dir, const std::string& args) {
    return run_cli("play --plugin-path '" + dir.path().string() + "' --seed 5 --players 2 --player-types greedy " + args);
}

}  // namespace

TEST(TypedRuleOptions, AnIntegerOptionRefusesTextAndValuesOutOfItsRange) {
    ScratchDir dir("typed-int");
    dir.add(test_module("test_pilgrims"), "pilgrims.so");
    const CommandResult text = play_with(dir, "--expansions pilgrims-road --rule pilgrimsRoad.bonus=abc");
    EXPECT_EQ(text.status, 2) << text.output();
    EXPECT_THAT(text.err, HasSubstr("--rule pilgrimsRoad.bonus: \"abc\" is not a whole number (a whole number from 1 to 10)"));
    EXPECT_THAT(text.out, Not(HasSubstr("turn 1")));  // refused before the game
    const CommandResult high = play_with(dir, "--expansions pilgrims-road --rule pilgrimsRoad.bonus=11");
    EXPECT_EQ(high.status, 2) << high.output();
    EXPECT_THAT(high.err, HasSubstr("--rule pilgrimsRoad.bonus: \"11\" is out of range (a whole number from 1 to 10)"));
    const CommandResult ok = play_with(dir, "--expansions pilgrims-road --rule pilgrimsRoad.bonus=10");
    EXPECT_EQ(ok.status, 0) << ok.output();
}

TEST(TypedRuleOptions, ABooleanOptionRefusesAnythingButItsSpellings) {
    ScratchDir dir("typed-bool");
    dir.add(test_module("test_pilgrims"), "pilgrims.so");
    const CommandResult bad = play_with(dir, "--expansions pilgrims-road --rule pilgrimsRoad.monasteriesOnly=maybe");
    EXPECT_EQ(bad.status, 2) << bad.output();
    EXPECT_THAT(bad.err, HasSubstr("--rule pilgrimsRoad.monasteriesOnly: \"maybe\" is not a boolean (true or false"));
    for (const char* spelling : {"false", "no", "off", "0"}) {
        const CommandResult r =
            play_with(dir, std::string("--expansions pilgrims-road --rule pilgrimsRoad.monasteriesOnly=") + spelling);
        EXPECT_EQ(r.status, 0) << spelling << "\n" << r.output();
    }
}

// Every "road = N spaces + M pilgrims' road" entry of a game's output.
std::vector<std::pair<int, int>> pilgrims_bonuses(const std::string& out) {
    static const std::regex entry(R"(road = (\d+) spaces? \+ (\d+) pilgrims' road)");
    std::vector<std::pair<int, int>> found;
    for (auto it = std::sregex_iterator(out.begin(), out.end(), entry); it != std::sregex_iterator(); ++it)
        found.emplace_back(std::stoi((*it)[1]), std::stoi((*it)[2]));
    return found;
}

// The hook reads the checked values and the tile contents the host sends:
// with monasteriesOnly=off every tile of a completed road gains the bonus
// (3 per space), by default only its tiles with a monastery (a road has two
// ends, so 1 or 2 of them: 2 or 4 points at the default bonus of 2).
TEST(TypedRuleOptions, TheHookSeesTheCheckedValuesAndTheTileContents) {
    ScratchDir dir("typed-read");
    dir.add(test_module("test_pilgrims"), "pilgrims.so");
    const CommandResult every =
        play_with(dir, "--expansions pilgrims-road --rule pilgrimsRoad.monasteriesOnly=off --rule pilgrimsRoad.bonus=3");
    ASSERT_EQ(every.status, 0) << every.output();
    const auto all_tiles = pilgrims_bonuses(every.out);
    EXPECT_GE(all_tiles.size(), 3u) << every.out;
    for (const auto& [spaces, bonus] : all_tiles) EXPECT_EQ(bonus, 3 * spaces);
    const CommandResult monasteries = play_with(dir, "--expansions pilgrims-road");
    ASSERT_EQ(monasteries.status, 0) << monasteries.output();
    const auto monastery_tiles = pilgrims_bonuses(monasteries.out);
    EXPECT_GE(monastery_tiles.size(), 1u) << monasteries.out;
    for (const auto& [spaces, bonus] : monastery_tiles) {
        EXPECT_TRUE(bonus == 2 || bonus == 4) << bonus;
        EXPECT_LE(bonus / 2, spaces);
    }
}

TEST(TypedRuleOptions, PluginsListsEachOptionsTypeInTextAndJson) {
    ScratchDir dir("typed-list");
    dir.add(test_module("test_pilgrims"), "pilgrims.so");
    const CommandResult text = run_cli("plugins --plugin-path '" + dir.path().string() + "'");
    ASSERT_EQ(text.status, 0) << text.output();
    EXPECT_THAT(text.out, HasSubstr("pilgrimsRoad.bonus (default 2; a whole number from 1 to 10)"));
    EXPECT_THAT(text.out, HasSubstr("pilgrimsRoad.monasteriesOnly (default true; true or false)"));
    const CommandResult json = run_cli("plugins --json --plugin-path '" + dir.path().string() + "'");
    ASSERT_EQ(json.status, 0) << json.output();
    int seen = 0;
    const nlohmann::json listed = nlohmann::json::parse(json.out);
    for (const auto& m : listed["modules"])
        for (const auto& e : m["expansions"])
            for (const auto& o : e["rule_options"]) {
                if (o["key"] == "pilgrimsRoad.bonus") {
                    EXPECT_EQ(o["type"], "integer");
                    EXPECT_EQ(o["min"], 1);
                    EXPECT_EQ(o["max"], 10);
                    ++seen;
                } else if (o["key"] == "pilgrimsRoad.monasteriesOnly") {
                    EXPECT_EQ(o["type"], "boolean");
                    ++seen;
                } else if (o["key"] == "littleBuildings.values") {
                    EXPECT_EQ(o["type"], "text");
                    ++seen;
                }
            }
    EXPECT_EQ(seen, 3);
}

TEST(OptionNamespaces, AKeyInAnotherEnabledExpansionsNamespaceIsRefusedNamingBoth) {
    ScratchDir dir("namespace-foreign");
    dir.add(test_module("test_borrower"), "borrower.so");
    const CommandResult r = play_with(dir, "--expansions borrower,little-buildings");
    EXPECT_EQ(r.status, 2) << r.output();
    EXPECT_THAT(r.err, HasSubstr("rule option littleBuildings.values is declared by two enabled expansions, "
                                 "'cloisterkit.little-buildings' and 'fan.borrower'"));
}

TEST(OptionNamespaces, AKeyInTheNamespaceOfAnotherEnabledExpansionIsRefused) {
    ScratchDir dir("namespace-other");
    dir.add(test_module("test_borrower"), "borrower.so");
    const CommandResult r = play_with(dir, "--expansions borrower,halflings");
    EXPECT_EQ(r.status, 2) << r.output();
    EXPECT_THAT(r.err, HasSubstr("expansion 'fan.borrower' declares rule option halflings.bridges, in the namespace of "
                                 "expansion 'cloisterkit.halflings': the two cannot be enabled together until "
                                 "'fan.borrower' renames it to borrower.bridges"));
}

TEST(OptionNamespaces, AKeyWithoutNamespaceIsWarnedAboutAndStillLoads) {
    ScratchDir dir("namespace-none");
    dir.add(test_module("test_borrower"), "borrower.so");
    const CommandResult r = run_cli("plugins --plugin-path '" + dir.path().string() + "'");
    ASSERT_EQ(r.status, 0) << r.output();
    EXPECT_THAT(r.out, HasSubstr("expansion fan.borrower\n"));  // loaded: modules of 1.2.0 had no such check
    EXPECT_THAT(r.out, HasSubstr("warning:    option key 'bonus' has no namespace: name it 'borrower.bonus'"));
    EXPECT_THAT(r.out, HasSubstr("warning:    option key 'littleBuildings.values' is in the namespace "
                                 "'littleBuildings', not this expansion's ('borrower')"));
    // Alone, it plays (its keys meet nobody's), and says so on stderr.
    const CommandResult alone = play_with(dir, "--expansions borrower");
    EXPECT_EQ(alone.status, 0) << alone.output();
    EXPECT_THAT(alone.err, HasSubstr("expansion 'fan.borrower': option key 'bonus' has no namespace: name it "
                                     "'borrower.bonus' (`cloisterkit validate` fails this)"));
}
