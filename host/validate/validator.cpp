#include "validator.hpp"

#include <stdlib.h>

#include <algorithm>
#include <filesystem>
#include <system_error>

#include "child_process.hpp"
#include "core/errors.hpp"
#include "plugins/module_loader.hpp"
#include "plugins/plugin_registry.hpp"
#include "plugins/search_path.hpp"

namespace ck::validate {
namespace fs = std::filesystem;

const char* verdict_name(Verdict v) {
    switch (v) {
        case Verdict::Pass: return "PASS";
        case Verdict::Fail: return "FAIL";
        case Verdict::Skip: return "SKIP";
    }
    return "?";
}

const std::vector<CheckDef>& all_checks() {
    static const std::vector<CheckDef> checks = {
        {"exports", "the entry symbol is exported, and nothing else", Needs::File, &check_exports},
        {"negotiation", "versions are negotiated within the host's ranges; others are refused, naming both sides",
         Needs::File, &check_negotiation},
        {"manifest", "the module loads; descriptors and manifests verify and are consistent", Needs::LoadedModule,
         &check_manifest},
        {"games", "real games with the module: every response verifies and the host accepts its effects",
         Needs::LoadedModule, &check_games},
        {"declared-hooks", "hooks outside the mask answer CK_E_UNSUPPORTED_HOOK", Needs::RecordedCalls,
         &check_declared_hooks},
        {"purity", "the same call gives the same bytes, in any order, on a fresh context, on another thread",
         Needs::RecordedCalls, &check_purity},
        {"threads", "calls from several threads at once answer as on one", Needs::RecordedCalls, &check_threads},
        {"hostile-input", "bad buffers, hook ids and pointers get errors, never a crash or CK_OK",
         Needs::RecordedCalls, &check_hostile_input},
        {"budgets", "time per hook within the host's budget, answer sizes, memory flat over many calls",
         Needs::RecordedCalls, &check_budgets},
        {"errors", "error messages NUL-terminated within capacity, codes written, err == NULL accepted",
         Needs::RecordedCalls, &check_errors},
    };
    return checks;
}

std::vector<const CheckDef*> selected_checks(const ValidateOptions& options) {
    const auto& all = all_checks();
    for (const auto& name : options.only)
        if (std::none_of(all.begin(), all.end(), [&](const CheckDef& d) { return name == d.name; })) {
            std::string known;
            for (const auto& d : all) known += (known.empty() ? "" : ", ") + std::string(d.name);
            throw host::HostError("--only: no check named '" + name + "' (checks: " + known + ")");
        }
    const auto named = [&](const CheckDef& d) {
        return options.only.empty() || std::find(options.only.begin(), options.only.end(), d.name) != options.only.end();
    };
    // The games record the calls the later checks replay.
    const bool needs_games =
        std::any_of(all.begin(), all.end(), [&](const CheckDef& d) { return d.needs == Needs::RecordedCalls && named(d); });
    std::vector<const CheckDef*> out;
    for (const auto& d : all)
        if (named(d) || (needs_games && d.run == &check_games)) out.push_back(&d);
    return out;
}

VerdictCounts count_verdicts(const std::vector<CheckReport>& reports) {
    VerdictCounts c;
    for (const auto& r : reports) (r.verdict == Verdict::Fail ? c.failed : r.verdict == Verdict::Pass ? c.passed : c.skipped) += 1;
    return c;
}

fs::path saved_game_file(const fs::path& recording_file, size_t i) {
    return recording_file.parent_path() / ("game-" + std::to_string(i + 1) + ".jcz");
}

namespace {

// The other modules' expansions on the plugin path: the module under test
// also plays with them.
std::vector<const host::PluginExpansion*> load_shipped(host::PluginRegistry& registry, const ValidateOptions& o,
                                                        const host::PluginModule* tested) {
    std::vector<std::string> warnings;
    host::PluginSearchOptions search;
    search.dirs = o.plugin_dirs;
    for (const auto& dir : host::plugin_search_path(search, warnings))
        for (const auto& file : host::module_files_in(dir.dir)) {
            std::error_code ec;
            if (fs::equivalent(file, o.module, ec)) continue;
            registry.load(file, dir.origin);
        }
    std::vector<const host::PluginExpansion*> out;
    for (const auto* e : registry.expansions())
        if (e->module != tested) out.push_back(e);
    return out;
}

CheckResult run_check(const CheckDef& def, const ValidateOptions& o, const fs::path& recording_file,
                      const ChildChannel& channel) {
    CheckSubject s{o, channel, nullptr, nullptr, {}, {}, nullptr, recording_file};
    if (def.needs == Needs::File) return def.run(s);

    channel.progress("loading the module");
    host::PluginRegistry registry;
    const host::ModuleRecord record = registry.load(o.module);
    if (record.status != host::ModuleStatus::Loaded || record.module == nullptr) {
        const std::string why = "the host refuses the module: " + record.reason;
        return def.run == &check_manifest ? CheckResult::fail(why) : CheckResult::skip(why + " (see manifest)");
    }
    s.registry = &registry;
    s.module = record.module;
    for (const auto& e : record.module->expansions()) {
        const bool wanted = o.expansions.empty() || std::any_of(o.expansions.begin(), o.expansions.end(), [&](const auto& n) {
                                return n == e.id || n == e.short_name();
                            });
        if (wanted) s.tested.push_back(&e);
    }
    if (s.tested.empty()) {
        std::string ids;
        for (const auto& e : record.module->expansions()) ids += (ids.empty() ? "" : ", ") + e.id;
        const std::string why = record.module->expansions().empty()
                                    ? std::string("the module has no expansion")
                                    : "--expansion names none of the module's expansions (" + ids + ")";
        return def.run == &check_manifest ? CheckResult::fail(why) : CheckResult::skip(why);
    }
    // Only the games, and the saves of them that purity replays, play with
    // the other modules; the replays of single calls need only this one.
    if (o.with_shipped && (def.run == &check_games || def.run == &check_purity)) {
        channel.progress("loading the other modules on the plugin path");
        s.shipped = load_shipped(registry, o, record.module);
    }
    Recording recording;
    if (def.needs == Needs::RecordedCalls) {
        if (!fs::exists(recording_file))
            return CheckResult::skip("it replays the calls the games check records, and that check did not pass");
        channel.progress("reading the recorded calls");
        recording = Recording::load(recording_file);
        s.recording = &recording;
    }
    return def.run(s);
}

CheckReport outcome_to_report(const CheckDef& def, const ChildOutcome& outcome, std::chrono::milliseconds limit) {
    CheckReport r;
    r.name = def.name;
    r.summary = def.summary;
    r.seconds = outcome.seconds;
    if (outcome.end == ChildOutcome::End::Exited && outcome.exit_code == 0 && !outcome.result.empty()) {
        try {
            const auto j = nlohmann::json::parse(outcome.result);
            const std::string v = j.at("verdict");
            r.verdict = v == "PASS" ? Verdict::Pass : v == "SKIP" ? Verdict::Skip : Verdict::Fail;
            r.message = j.at("message");
            r.details = j.at("details");
            return r;
        } catch (const std::exception& e) {
            r.verdict = Verdict::Fail;
            r.message = std::string("the check's child sent an unreadable result: ") + e.what();
            return r;
        }
    }
    r.verdict = Verdict::Fail;
    const std::string where = outcome.progress.empty() ? "" : " while in: " + outcome.progress;
    switch (outcome.end) {
        case ChildOutcome::End::TimedOut:
            r.message = "the module " + describe_end(outcome, limit) + where +
                        ". A hook that never returns hangs every host that calls it (the host's time budget only "
                        "refuses answers that come late)";
            break;
        case ChildOutcome::End::Signalled:
            r.message = "the module crashed: the check's process " + describe_end(outcome, limit) + where +
                        ". A module must survive every input (plugin.h: every buffer is untrusted)";
            break;
        default:
            r.message = "the check's process " + describe_end(outcome, limit) + where +
                        " (did the module call exit() or abort()?)";
    }
    return r;
}

}  // namespace

std::vector<CheckReport> validate(const ValidateOptions& options,
                                  const std::function<void(const CheckReport&)>& on_report) {
    const auto checks = selected_checks(options);
    if (!fs::is_regular_file(options.module))
        throw host::HostError(host::ErrorCategory::Io, options.module.string() + ": no such file");
    std::string pattern = (fs::temp_directory_path() / "cloisterkit-validate-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) throw host::HostError(host::ErrorCategory::Io, "cannot make a temporary folder");
    const fs::path scratch = pattern;
    const fs::path recording_file = scratch / "calls.ckrec";
    std::vector<CheckReport> reports;
    for (const CheckDef* def : checks) {
        const ChildOutcome outcome = run_in_child(
            [&](const ChildChannel& channel) {
                CheckResult result;
                try {
                    result = run_check(*def, options, recording_file, channel);
                } catch (const std::exception& e) {
                    result = CheckResult::fail(std::string("the check could not run: ") + e.what());
                }
                const nlohmann::json j = {
                    {"verdict", verdict_name(result.verdict)}, {"message", result.message}, {"details", result.details}};
                channel.send(j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
                return 0;
            },
            options.check_time_limit);
        reports.push_back(outcome_to_report(*def, outcome, options.check_time_limit));
        if (on_report) on_report(reports.back());
    }
    std::error_code ec;
    fs::remove_all(scratch, ec);
    return reports;
}

nlohmann::json report_json(const ValidateOptions& options, const std::vector<CheckReport>& reports) {
    nlohmann::json checks = nlohmann::json::array();
    for (const auto& r : reports)
        checks.push_back({{"name", r.name}, {"verdict", verdict_name(r.verdict)}, {"message", r.message},
                          {"seconds", r.seconds}, {"details", r.details}});
    const VerdictCounts c = count_verdicts(reports);
    return {{"module", options.module.string()}, {"validator", std::string("cloisterkit ") + CK_RELEASE_VERSION},
            {"passed", c.failed == 0}, {"counts", {{"pass", c.passed}, {"fail", c.failed}, {"skip", c.skipped}}},
            {"checks", checks}};
}

}  // namespace ck::validate
