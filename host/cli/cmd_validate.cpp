// `cloisterkit validate MODULE.so`: the modder's check of a plugin module
// against the ABI's promises (host/validate/, docs/validate.md).
#include <cstdio>
#include <string>
#include <vector>

#include "command.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "runs/game_options.hpp"
#include "validate/validator.hpp"

namespace {

using ck::host::HostError;
using namespace ck::validate;

constexpr const char* kUsage =
    "usage: cloisterkit validate MODULE.so [options]\n"
    "\n"
    "Checks a plugin module against the promises of the C ABI: what it exports,\n"
    "how it negotiates, its manifests, real games with it, pure and thread-safe\n"
    "hooks, hostile input, time and memory, error messages. Each check runs in a\n"
    "process of its own, so a module that crashes or hangs fails that check and\n"
    "the validator goes on. One line per check: PASS, FAIL with what to fix, or\n"
    "SKIP with why.\n"
    "\n"
    "options:\n"
    "  --expansion ID          check only this expansion of the module (id or short name;\n"
    "                          repeatable; default: all of them)\n"
    "  --games N               games per player count, alone and with the shipped\n"
    "                          expansions (default 2: 12 games)\n"
    "  --seed S                seed of the games and of the hostile inputs (default 1)\n"
    "  --only CHECK,...        run only these checks (the games run too when a check\n"
    "                          replays their calls)\n"
    "  --alone                 do not play with the other modules on the plugin path\n"
    "  --plugin-path DIR       also search DIR for the other modules (repeatable)\n"
    "  --timeout S             time limit of each check, in seconds (default 120)\n"
    "  --hook-time-budget-ms N the host's budget per hook call (default 1000)\n"
    "  --json                  print the report as JSON (for CI)\n"
    "  --list                  list the checks and what each means\n"
    "  --help                  show this text\n"
    "\n"
    "Exit status: 0 no check failed, 1 a check failed, 2 bad options.\n";

void print_list() {
    for (const auto& d : all_checks()) std::printf("  %-15s %s\n", d.name, d.summary);
}

int run_validate(const std::vector<std::string>& args) {
    ValidateOptions o;
    bool json = false;
    std::string module;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--help" || a == "-h") {
            std::printf("%s", kUsage);
            return 0;
        } else if (a == "--list") {
            print_list();
            return 0;
        } else if (a == "--expansion") {
            o.expansions.push_back(ck::cli::option_value(args, i));
        } else if (a == "--games") {
            o.games.games_per_setup = static_cast<int>(ck::cli::parse_integer(a, ck::cli::option_value(args, i), 1, 1000));
        } else if (a == "--seed") {
            o.games.seed = static_cast<uint64_t>(ck::cli::parse_integer(a, ck::cli::option_value(args, i), 0, INT64_MAX));
        } else if (a == "--only") {
            for (auto& name : ck::cli::split_commas(ck::cli::option_value(args, i)))
                if (!name.empty()) o.only.push_back(std::move(name));
        } else if (a == "--alone") {
            o.with_shipped = false;
        } else if (a == "--plugin-path") {
            o.plugin_dirs.emplace_back(ck::cli::option_value(args, i));
        } else if (a == "--timeout") {
            o.check_time_limit = std::chrono::seconds(ck::cli::parse_integer(a, ck::cli::option_value(args, i), 1, 24 * 3600));
        } else if (a == "--hook-time-budget-ms") {
            o.games.hook_time_budget_ms = ck::cli::parse_integer(a, ck::cli::option_value(args, i), 1, ck::host::limits::kMaxHookTimeBudgetMs);
        } else if (a == "--json") {
            json = true;
        } else if (!a.empty() && a[0] == '-') {
            throw HostError("unknown option " + a + " (see --help)");
        } else if (module.empty()) {
            module = a;
        } else {
            throw HostError("one module at a time: '" + module + "' and '" + a + "'");
        }
    }
    if (module.empty()) {
        std::fprintf(stderr, "%s", kUsage);
        return 2;
    }
    o.module = module;
    if (!json) std::printf("validating %s\n", module.c_str());
    const auto reports = validate(o, [&](const CheckReport& r) {
        if (json) return;
        std::printf("%s %-15s %s\n", verdict_name(r.verdict), r.name.c_str(), r.message.c_str());
        std::fflush(stdout);
    });
    const VerdictCounts c = count_verdicts(reports);
    if (json)
        std::printf("%s\n", report_json(o, reports).dump(2).c_str());
    else
        std::printf("%d passed, %d failed, %d skipped%s\n", c.passed, c.failed, c.skipped,
                    c.failed ? ": the module breaks the ABI's promises above" : "");
    return c.failed ? 1 : 0;
}

}  // namespace

CK_REGISTER_COMMAND("validate", "check a plugin module against the ABI's promises (for modders)", run_validate);
