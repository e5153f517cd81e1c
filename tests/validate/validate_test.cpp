// `cloisterkit validate` run as a modder runs it, on the shipped module and
// on modules with one deliberate defect each (modules/broken_module.cpp):
// exactly the check meant for the defect fails, with a message that tells
// the author what to fix, and the validator exits 1 without crashing.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "game_count.hpp"
#include "run_cli.hpp"
#include "time_limit.hpp"

namespace {

using ck::test::run_cli;

struct Report {
    int status = -1;
    std::map<std::string, std::string> verdicts, messages;
    std::set<std::string> failed() const {
        std::set<std::string> out;
        for (const auto& [name, v] : verdicts)
            if (v == "FAIL") out.insert(name);
        return out;
    }
};

Report validate(const std::string& module, const std::string& extra = "") {
    // A check's time limit: a game with every expansion takes seconds, more
    // under ASan with another test beside it.
    const std::string timeout = std::to_string(ck::test::seconds_for_this_build(20));
    const auto r = run_cli("validate '" + module + "' --json --games 1 --timeout " + timeout + " " + extra);
    Report report;
    report.status = r.status;
    const auto j = nlohmann::json::parse(r.out);
    for (const auto& c : j.at("checks")) {
        report.verdicts[c.at("name")] = c.at("verdict");
        report.messages[c.at("name")] = c.at("message");
    }
    return report;
}

std::string broken(const std::string& defect) { return std::string(CK_BROKEN_MODULE_DIR) + "/broken_" + defect + ".so"; }

// With every shipped expansion in the ordinary suite; under the
// sanitizers (ck::test::sample_step() > 1) the module alone, whose games
// are a fraction of the length: the validator's and the module's memory
// are what they check.
std::string expansions_for_this_build() { return ck::test::sample_step() > 1 ? "--alone" : ""; }

TEST(Validate, TheShippedModulePassesEveryCheck) {
    const Report r = validate(std::string(CK_TEST_PLUGIN_DIR) + "/cloisterkit_expansions.so", expansions_for_this_build());
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.verdicts.size(), 10u);
    for (const auto& [name, v] : r.verdicts) EXPECT_EQ(v, "PASS") << name << ": " << r.messages.at(name);
}

TEST(Validate, AModuleWithoutDefectsPassesEveryCheckAloneAndWithTheShippedExpansions) {
    std::vector<std::string> runs{"--alone"};
    if (expansions_for_this_build().empty()) runs.insert(runs.begin(), "");
    for (const std::string& extra : runs) {
        const Report r = validate(broken("none"), extra);
        EXPECT_EQ(r.status, 0) << extra;
        for (const auto& [name, v] : r.verdicts) EXPECT_EQ(v, "PASS") << name << ": " << r.messages.at(name);
    }
}

struct Defect {
    const char* module;
    const char* check;      // the one check that fails
    const char* says;       // part of its message
    std::set<std::string> skipped;  // checks that cannot run after it
};

// Named by its module in test output, not as raw bytes.
void PrintTo(const Defect& d, std::ostream* os) { *os << d.module; }

const std::set<std::string> kReplayChecks = {"declared-hooks", "purity", "threads", "hostile-input", "budgets", "errors"};

class BrokenModule : public ::testing::TestWithParam<Defect> {};

TEST_P(BrokenModule, FailsExactlyItsCheckWithAMessageThatSaysWhatToFix) {
    const Defect& d = GetParam();
    // Alone: each defect is the module's own, whatever expansions play beside
    // it (a game with every shipped expansion costs seconds more, minutes
    // under ASan); the defect-free module is also checked with them above.
    const Report r =
        validate(broken(d.module), std::string("--alone") + (std::string(d.module) == "infinite_loop" ? " --timeout 5" : ""));
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(r.failed(), std::set<std::string>{d.check});
    EXPECT_NE(r.messages.at(d.check).find(d.says), std::string::npos) << r.messages.at(d.check);
    for (const auto& [name, v] : r.verdicts) {
        if (name == d.check) continue;
        EXPECT_EQ(v, d.skipped.count(name) ? "SKIP" : "PASS") << name << ": " << r.messages.at(name);
    }
}

INSTANTIATE_TEST_SUITE_P(
    OneDefectEach, BrokenModule,
    ::testing::Values(
        Defect{"unverifiable_response", "games", "response rejected", kReplayChecks},
        Defect{"second_call_differs", "purity", "pure function of (state, request)", {"threads"}},
        Defect{"thread_unsafe_cache", "threads", "guard any cache", {}},
        Defect{"crash_on_truncated", "hostile-input", "the module crashed", {}},
        Defect{"infinite_loop", "games", "did not finish within 5 s while in: hook BONUS_POINTS", kReplayChecks},
        Defect{"leaked_buffers", "budgets", "memory grew", {}},
        Defect{"unnamespaced_option", "manifest", "option key 'bonus' has no namespace: name it 'roadsideInns.bonus'", {}},
        Defect{"duplicate_token_kind", "manifest", "token kind 'RI_SIGN' is declared twice", {}},
        Defect{"undeclared_hook", "declared-hooks", "answers hook FEATURE_SCORING with CK_OK", {}},
        Defect{"extra_symbol", "exports", "roadside_inns_debug_dump", {}},
        Defect{"filter_names_nothing", "manifest",
               "a TileHasMarker filter names tile marker 'milestone', which the expansion does not declare", {}}),
    [](const auto& info) { return std::string(info.param.module); });

TEST(Validate, RefusesAnUnknownCheckAndAMissingFile) {
    const auto unknown = run_cli("validate '" + broken("none") + "' --only nosuch");
    EXPECT_EQ(unknown.status, 2);
    EXPECT_NE(unknown.err.find("no check named 'nosuch'"), std::string::npos) << unknown.err;
    const auto missing = run_cli("validate /nonexistent/module.so");
    EXPECT_EQ(missing.status, 2);
    EXPECT_NE(missing.err.find("no such file"), std::string::npos) << missing.err;
}

TEST(Validate, RefusesBadOptionsNamingThem) {
    const auto no_value = run_cli("validate '" + broken("none") + "' --games");
    EXPECT_EQ(no_value.status, 2);
    EXPECT_NE(no_value.err.find("--games needs a value"), std::string::npos) << no_value.err;
    const auto unknown = run_cli("validate '" + broken("none") + "' --nosuch");
    EXPECT_EQ(unknown.status, 2);
    EXPECT_NE(unknown.err.find("unknown option --nosuch"), std::string::npos) << unknown.err;
    const auto two = run_cli("validate a.so b.so");
    EXPECT_EQ(two.status, 2);
    EXPECT_NE(two.err.find("one module at a time"), std::string::npos) << two.err;
}

TEST(Validate, OnlyRunsTheNamedChecksAndTheGamesTheyReplay) {
    // The module alone: which checks run is the point, not the games' size.
    const Report r = validate(broken("none"), "--only purity --alone");
    EXPECT_EQ(r.status, 0);
    EXPECT_EQ(r.verdicts.size(), 2u);
    EXPECT_EQ(r.verdicts.count("games"), 1u);
    EXPECT_EQ(r.verdicts.count("purity"), 1u);
}

}  // namespace
