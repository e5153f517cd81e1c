// `cloisterkit plugins`: the listing a user sees.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>

#include <nlohmann/json.hpp>

#include <string>

#include <cloisterkit/plugin.h>

#include "run_cli.hpp"
#include "test_modules.hpp"

using ck::test::ScratchDir;
using ck::test::test_module;
using testing::HasSubstr;
using ck::test::CommandResult;
using ck::test::run_cli;

TEST(PluginsCommand, ListsModulesExpansionsHooksOptionsAndFailures) {
    ScratchDir dir("cli");
    dir.add(test_module("test_scripted"), "scripted.so");
    dir.add(test_module("test_abi_v2"), "v2.so");
    const CommandResult r = run_cli("plugins --plugin-path '" + dir.path().string() + "'");
    EXPECT_EQ(r.status, 0) << r.output();
    EXPECT_THAT(r.output(), HasSubstr(dir.path().string() + "  [--plugin-path]"));
    EXPECT_THAT(r.output(), HasSubstr("module " + (dir.path() / "scripted.so").string() + "\n  status: loaded"));
    EXPECT_THAT(r.output(), HasSubstr("module: scripted 0.0.1"));
    EXPECT_THAT(r.output(), HasSubstr("ABI:    1.0    schema revision: " + std::to_string(CK_SCHEMA_REVISION)));
    EXPECT_THAT(r.output(), HasSubstr("expansion test.good\n      name:       Good 1.0.0"));
    EXPECT_THAT(r.output(), HasSubstr("hooks:      GAME_START, FIGURE_OPTIONS, APPLY_FIGURE_ACTION, BONUS_POINTS, FINAL_SCORING"));
    EXPECT_THAT(r.output(), HasSubstr("test.bonus (default 1): points added by BONUS_POINTS"));
    EXPECT_THAT(r.output(), HasSubstr("requires:   test.good"));
    EXPECT_THAT(r.output(), HasSubstr("status: failed: built for ABI major 2"));
}

// The fan module on --plugin-path reuses cloisterkit.little-buildings: only
// that expansion of the shipped module is refused, so Halflings still plays.
TEST(PluginsCommand, AClashingFanModuleRefusesOneExpansionAndSaysWhoWins) {
    ScratchDir dir("cli-clash");
    const auto fan = dir.add(test_module("test_clashing"), "fan.so");
    const CommandResult listed = run_cli("plugins --plugin-path '" + dir.path().string() + "'");
    ASSERT_EQ(listed.status, 0) << listed.output();
    EXPECT_THAT(listed.out, HasSubstr("expansion cloisterkit.little-buildings refused: module " + fan.string() +
                                      ", found earlier on the plugin path, provides 'cloisterkit.little-buildings' too and wins"));
    EXPECT_THAT(listed.out, HasSubstr("expansion cloisterkit.halflings\n"));
    const CommandResult played =
        run_cli("play --plugin-path '" + dir.path().string() + "' --expansions halflings,abbot --seed 3 --players 2");
    EXPECT_EQ(played.status, 0) << played.output();
    EXPECT_THAT(played.out, HasSubstr("final scores"));
}

TEST(PluginsCommand, ListsTheShippedLittleBuildings) {
    const CommandResult r = run_cli("plugins");
    EXPECT_EQ(r.status, 0) << r.output();
    EXPECT_THAT(r.output(), HasSubstr("[build tree]"));
    EXPECT_THAT(r.output(), HasSubstr("expansion cloisterkit.little-buildings"));
    EXPECT_THAT(r.output(), HasSubstr("short name: little-buildings"));
    EXPECT_THAT(r.output(), HasSubstr("token:      LB_TOWER (tower) x6, placed instead of a figure (declared"));
}

// Halflings' declared hand play (manifest revision 5), in text and JSON.
TEST(PluginsCommand, ListsHalflingsDeclaredHandPlay) {
    const CommandResult r = run_cli("plugins");
    EXPECT_EQ(r.status, 0) << r.output();
    EXPECT_THAT(r.output(), HasSubstr("hand play:  play-halfling \"play halfling {tile}\", instead of drawing"));
    const CommandResult json = run_cli("plugins --json");
    ASSERT_EQ(json.status, 0) << json.output();
    bool found = false;
    const nlohmann::json listed = nlohmann::json::parse(json.out);
    for (const auto& m : listed["modules"])
        for (const auto& e : m["expansions"]) {
            if (e["id"] == "cloisterkit.halflings") {
                found = true;
                EXPECT_EQ(e["hand_play"]["action"], "play-halfling");
                EXPECT_EQ(e["hand_play"]["label"], "play halfling {tile}");
            } else {
                EXPECT_TRUE(e["hand_play"].is_null()) << e["id"];
            }
        }
    EXPECT_TRUE(found);
}

// A figure kind an expansion declares (issue 13): how many, where it
// stands, how it counts and how JCloisterZone names it.
TEST(PluginsCommand, ListsTheAbbotFigureKind) {
    const CommandResult r = run_cli("plugins");
    EXPECT_EQ(r.status, 0) << r.output();
    EXPECT_THAT(r.output(), HasSubstr("figure:     abbot (abbot) x1 per player, stands on Monastery, Garden, strength 1, "
                                      "on the tile just placed, may be taken back (ABBOT_RETURN), JCZ meeple ids 0.abbot.1"));
    const CommandResult json = run_cli("plugins --json");
    EXPECT_EQ(json.status, 0) << json.output();
    EXPECT_THAT(json.output(), HasSubstr("\"jcz_return_source\": \"ABBOT_RETURN\""));
}

TEST(PluginsCommand, JsonOutput) {
    ScratchDir dir("cli-json");
    dir.add(test_module("test_scripted"), "scripted.so");
    const CommandResult r = run_cli("plugins --json --plugin-path '" + dir.path().string() + "'");
    EXPECT_EQ(r.status, 0) << r.output();
    EXPECT_THAT(r.output(), HasSubstr("\"id\": \"test.good\""));
    EXPECT_THAT(r.output(), HasSubstr("\"status\": \"loaded\""));
    EXPECT_THAT(r.output(), HasSubstr("\"short_name\": \"multiplier\""));
}

TEST(PluginsCommand, HelpAndBadArguments) {
    const CommandResult help = run_cli("plugins --help");
    EXPECT_EQ(help.status, 0);
    EXPECT_THAT(help.output(), HasSubstr("usage: cloisterkit plugins [--plugin-path DIR]"));
    EXPECT_THAT(help.output(), HasSubstr("Never the current directory"));
    const CommandResult bad = run_cli("plugins --frobnicate");
    EXPECT_EQ(bad.status, 2);
    EXPECT_THAT(bad.output(), HasSubstr("unknown argument '--frobnicate'"));
    const CommandResult missing = run_cli("plugins --plugin-path /nonexistent/ck-dir");
    EXPECT_EQ(missing.status, 2);
    EXPECT_THAT(missing.output(), HasSubstr("--plugin-path /nonexistent/ck-dir: not a directory"));
}

// --hook-time-budget-ms (issue 11): a hook that answers later than the
// budget is refused by play, simulate and replay with the module, the
// expansion, the hook and the time; the default budget (1000 ms) lets the
// same 150 ms hook through.
TEST(HookTimeBudget, SlowHookIsRefusedNamingTheModuleTheHookAndTheTime) {
    ScratchDir dir("budget");
    const auto module = dir.add(test_module("test_scripted"), "scripted.so");
    const std::string plugins = " --plugin-path '" + dir.path().string() + "' --expansions test.slow --seed 3";
    for (const char* command : {"play", "simulate --games 2"}) {
        const CommandResult slow = run_cli(std::string(command) + plugins + " --hook-time-budget-ms 20");
        EXPECT_EQ(slow.status, 2) << slow.output();
        EXPECT_THAT(slow.err, HasSubstr("plugin module " + module.string() +
                                        ", expansion test.slow, hook GAME_START: took "));
        EXPECT_THAT(slow.err, HasSubstr(" ms, more than its time budget of 20 ms; the response is refused"));
        const CommandResult fine = run_cli(std::string(command) + plugins);
        EXPECT_EQ(fine.status, 0) << fine.output();
    }
}

TEST(HookTimeBudget, BadValuesAreRefused) {
    const CommandResult zero = run_cli("play --hook-time-budget-ms 0");
    EXPECT_EQ(zero.status, 2);
    EXPECT_THAT(zero.err, HasSubstr("--hook-time-budget-ms: 0 is out of range (1 to 3600000)"));
    const CommandResult word = run_cli("simulate --hook-time-budget-ms soon");
    EXPECT_EQ(word.status, 2);
    EXPECT_THAT(word.err, HasSubstr("--hook-time-budget-ms: \"soon\" is not a whole number"));
    const CommandResult replay = run_cli("replay x.jcz --hook-time-budget-ms 3600001");
    EXPECT_EQ(replay.status, 2);
    EXPECT_THAT(replay.err, HasSubstr("--hook-time-budget-ms: 3600001 is out of range (1 to 3600000)"));
    EXPECT_THAT(run_cli("replay --help").out, HasSubstr("--hook-time-budget-ms MS"));
    EXPECT_THAT(run_cli("play --help").out, HasSubstr("--hook-time-budget-ms MS"));
}

// `simulate --profile`: every stage and every part of the plugin path gets
// a share, the shares of the stages add up, and the JSON form has them too.
TEST(SimulateProfile, SharesOfEveryStageAndOfThePluginPath) {
    const CommandResult text = run_cli("simulate --games 20 --seed 3 --expansions all --profile");
    ASSERT_EQ(text.status, 0) << text.err;
    for (const char* line : {"where the time went", "tile step", "figure step", "scoring", "state serialisation",
                             "module call", "response verification and checks", "applying effects",
                             "plugin path (every part but host rules):"})
        EXPECT_THAT(text.out, HasSubstr(line));
    EXPECT_THAT(text.out, HasSubstr("all stages                        100.0%"));

    const CommandResult json = run_cli("simulate --games 20 --seed 3 --expansions all --profile --json");
    ASSERT_EQ(json.status, 0) << json.err;
    EXPECT_THAT(json.out, HasSubstr("\"profile\""));
    EXPECT_THAT(json.out, HasSubstr("\"figure step\""));
    EXPECT_THAT(json.out, HasSubstr("\"seconds_measured\""));

    const CommandResult plain = run_cli("simulate --games 20 --seed 3 --expansions all");
    EXPECT_THAT(plain.out, testing::Not(HasSubstr("where the time went"))) << "off unless asked";
}

// `simulate --round-trips`: one round trip per hook stage that called a
// module, counted per hook, with ordered percentiles; serialisation apart.
TEST(SimulateRoundTrips, CountsAndTimesEveryHookThatCalledAModule) {
    const CommandResult json = run_cli("simulate --games 20 --seed 3 --expansions all --round-trips --json");
    ASSERT_EQ(json.status, 0) << json.err;
    const auto j = nlohmann::json::parse(json.out)["round_trips"];
    ASSERT_TRUE(j.contains("GAME_START")) << j.dump();
    EXPECT_EQ(j["GAME_START"]["count"], 20) << "one GAME_START round trip per game, for both expansions";
    EXPECT_FALSE(j.contains("TILE_STEP_OPTIONS")) << "the host plays Halflings' declared hand itself";
    EXPECT_FALSE(j.contains("APPLY_TILE_STEP_OPTION"));
    EXPECT_GT(j["BONUS_POINTS"]["count"].get<int>(), 20) << "Little Buildings is asked about features with buildings";
    uint64_t sum = 0;
    for (const auto& [name, row] : j.items()) {
        if (name == "all hooks" || name == "state serialisation") continue;
        sum += row["count"].get<uint64_t>();
        EXPECT_GT(row["median_ns"].get<double>(), 0) << name;
        EXPECT_LE(row["p10_ns"].get<double>(), row["median_ns"].get<double>()) << name;
        EXPECT_LE(row["median_ns"].get<double>(), row["p90_ns"].get<double>()) << name;
    }
    EXPECT_EQ(j["all hooks"]["count"].get<uint64_t>(), sum);
    EXPECT_GT(j["state serialisation"]["count"].get<int>(), 0);

    const CommandResult text = run_cli("simulate --games 5 --seed 3 --expansions all --round-trips");
    ASSERT_EQ(text.status, 0) << text.err;
    EXPECT_THAT(text.out, HasSubstr("hook round trips (request built to effects applied"));
    EXPECT_THAT(text.out, HasSubstr("  BONUS_POINTS "));

    // Through the hooks, as a host that does not implement the declaration:
    // the same games, and a round trip for every offer and every play.
    const CommandResult by_hooks =
        run_cli("simulate --games 20 --seed 3 --expansions all --round-trips --hand-play-by-hooks --json");
    ASSERT_EQ(by_hooks.status, 0) << by_hooks.err;
    const auto h = nlohmann::json::parse(by_hooks.out);
    EXPECT_GT(h["round_trips"]["TILE_STEP_OPTIONS"]["count"].get<int>(), 20) << "asked while hands hold tiles";
    EXPECT_GT(h["round_trips"]["APPLY_TILE_STEP_OPTION"]["count"].get<int>(), 20) << "one per hand tile played";
    EXPECT_EQ(h["mean_total_score"], nlohmann::json::parse(json.out)["mean_total_score"]) << "the same games";

    const CommandResult base = run_cli("simulate --games 5 --seed 3 --expansions none --round-trips --json");
    ASSERT_EQ(base.status, 0) << base.err;
    EXPECT_EQ(nlohmann::json::parse(base.out)["round_trips"]["all hooks"]["count"], 0) << "no module, no round trip";
    EXPECT_THAT(run_cli("simulate --games 5 --seed 3 --expansions all").out,
                testing::Not(HasSubstr("hook round trips"))) << "off unless asked";
}

// Hook filters are promises that a call would have had nothing to say
// (docs/abi.md, "Hook filters"): with every shipped module, a host that
// reads them plays exactly the games of one that calls every hook
// (--ignore-hook-filters), with fewer calls. Two seeds, 2 and 3 players.
TEST(SimulateHookFilters, EveryModulesFiltersChangeNoGameOnlyTheCalls) {
    for (const char* games : {"--games 12 --seed 5", "--games 8 --seed 9 --players 3"}) {
        const std::string run = std::string("simulate ") + games + " --expansions all --round-trips --json";
        const CommandResult filtered = run_cli(run);
        const CommandResult every = run_cli(run + " --ignore-hook-filters");
        ASSERT_EQ(filtered.status, 0) << filtered.err;
        ASSERT_EQ(every.status, 0) << every.err;
        const auto f = nlohmann::json::parse(filtered.out), e = nlohmann::json::parse(every.out);
        for (const char* same : {"mean_total_score", "min_total_score", "max_total_score", "mean_turns", "players"})
            EXPECT_EQ(f[same], e[same]) << same << " (" << games << ")";
        const auto calls = [](const nlohmann::json& j, const char* hook) {
            return j["round_trips"].contains(hook) ? j["round_trips"][hook]["count"].get<uint64_t>() : 0;
        };
        // Hooks only filtered modules implement: The Princess & the
        // Dragon's TURN_START (the fairy's owner), The Cult's and the
        // River's PLACEMENT_CHECK. (TILE_PLACED and FIGURE_STEP_END have
        // unfiltered callers too with every module; PdCli counts P&D's.)
        for (const char* hook : {"TURN_START", "PLACEMENT_CHECK"})
            EXPECT_LT(calls(f, hook), calls(e, hook)) << hook << " (" << games << ")";
        EXPECT_LT(f["round_trips"]["state serialisation"]["count"].get<uint64_t>(),
                  e["round_trips"]["state serialisation"]["count"].get<uint64_t>());
    }
}

// Each module's filtered hook alone: the same games, called on fewer turns.
TEST(SimulateHookFilters, EachFilteredHookIsCalledLessWithTheSameGames) {
    const struct {
        const char* expansion;
        const char* hook;
    } filtered[] = {{"princess-and-dragon", "TILE_PLACED"}, {"princess-and-dragon", "FIGURE_STEP_END"},
                    {"princess-and-dragon", "TURN_START"},  {"cult", "PLACEMENT_CHECK"},
                    {"cult", "FIGURE_STEP_END"},            {"cult", "TURN_END"},
                    {"darmstadt", "FIGURE_STEP_END"},       {"king-and-robber", "TURN_END"},
                    {"wind-roses", "TILE_PLACED"},          {"traders-and-builders", "TILE_PLACED"},
                    {"river", "PLACEMENT_CHECK"},           {"abbey-and-mayor", "FIGURE_STRENGTH"}};
    std::map<std::string, std::pair<nlohmann::json, nlohmann::json>> runs;
    for (const auto& filter : filtered) {
        // Plain names, not a structured binding: clang (the sanitizer
        // builds) lets no lambda capture one.
        const char* expansion = filter.expansion;
        const char* hook = filter.hook;
        nlohmann::json& f = runs[expansion].first;
        nlohmann::json& e = runs[expansion].second;
        if (f.is_null()) {
            const std::string run = std::string("simulate --games 10 --seed 2 --round-trips --json --expansions ") + expansion;
            const CommandResult a = run_cli(run), b = run_cli(run + " --ignore-hook-filters");
            ASSERT_EQ(a.status, 0) << a.err;
            ASSERT_EQ(b.status, 0) << b.err;
            f = nlohmann::json::parse(a.out);
            e = nlohmann::json::parse(b.out);
            EXPECT_EQ(f["players"], e["players"]) << expansion << ": the same games";
            EXPECT_EQ(f["mean_turns"], e["mean_turns"]) << expansion;
        }
        const auto calls = [&](const nlohmann::json& j) {
            return j["round_trips"].contains(hook) ? j["round_trips"][hook]["count"].get<double>() : 0.0;
        };
        EXPECT_LT(calls(f), calls(e) * 0.6) << expansion << " " << hook;
        EXPECT_GT(calls(e), 0) << expansion << " " << hook;
    }
}

TEST(Command, VersionNamesTheReleaseAndThePluginInterface) {
    // What a user quotes in a bug report, and what a module must match.
    const CommandResult r = run_cli("--version");
    EXPECT_EQ(r.status, 0) << r.output();
    EXPECT_EQ(r.output(), std::string("cloisterkit ") + CK_RELEASE_VERSION + "\nplugin ABI " +
                              std::to_string(CK_ABI_MAJOR) + "." + std::to_string(CK_ABI_MINOR) +
                              ", schema revisions " + std::to_string(CK_SCHEMA_REVISION_MIN) + ".." +
                              std::to_string(CK_SCHEMA_REVISION) + "\n");
}
