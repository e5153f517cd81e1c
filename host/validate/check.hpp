// One check of `cloisterkit validate`: what it needs, what it found. Each
// runs in a child process of its own (child_process.hpp) with the module
// loaded there, and sends back its CheckResult as JSON.
#pragma once

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "recording.hpp"

namespace ck::host {
class PluginModule;
class PluginRegistry;
struct PluginExpansion;
}  // namespace ck::host

namespace ck::validate {

class ChildChannel;

enum class Verdict { Pass, Fail, Skip };
const char* verdict_name(Verdict v);  // "PASS", "FAIL", "SKIP"

struct CheckResult {
    Verdict verdict = Verdict::Pass;
    std::string message;  // FAIL: what is wrong and what to fix; SKIP: why; PASS: what was checked
    nlohmann::json details = nlohmann::json::object();

    static CheckResult pass(std::string what) { return {Verdict::Pass, std::move(what), nlohmann::json::object()}; }
    static CheckResult fail(std::string why) { return {Verdict::Fail, std::move(why), nlohmann::json::object()}; }
    static CheckResult skip(std::string why) { return {Verdict::Skip, std::move(why), nlohmann::json::object()}; }
    // FAIL with the first problem ("and N more"), every one in details.problems.
    static CheckResult fail_with(const std::vector<std::string>& problems, nlohmann::json details) {
        std::string text = problems.front();
        if (problems.size() > 1) text += " (and " + std::to_string(problems.size() - 1) + " more)";
        details["problems"] = problems;
        return {Verdict::Fail, std::move(text), std::move(details)};
    }
};

struct ValidateOptions {
    std::filesystem::path module;
    std::vector<std::string> expansions;  // --expansion: ids or short names; empty: all of the module's
    GamePlan games;
    bool with_shipped = true;             // also play with the other modules found on the plugin path
    std::vector<std::filesystem::path> plugin_dirs;  // --plugin-path, searched before the default places
    std::vector<std::string> only;        // --only: check names; empty: all
    std::chrono::milliseconds check_time_limit{120'000};
    int thread_count = 4;                 // threads of the thread-safety check
    int hostile_mutations = 300;          // bit flips and garbage buffers per hook
};

// What a check works on, in its child process.
struct CheckSubject {
    const ValidateOptions& options;
    const ChildChannel& channel;
    host::PluginRegistry* registry = nullptr;  // null for checks that need no loaded module
    const host::PluginModule* module = nullptr;
    std::vector<const host::PluginExpansion*> tested;   // the module's expansions under test
    std::vector<const host::PluginExpansion*> shipped;  // other modules' expansions found
    const Recording* recording = nullptr;               // for checks that replay the games' calls
    std::filesystem::path recording_file;               // where the games check saves them
};

enum class Needs { File, LoadedModule, RecordedCalls };

// Where the games check saves its i-th saved game (.jcz, with the final
// scores as assertions) for the purity check: beside the recording.
std::filesystem::path saved_game_file(const std::filesystem::path& recording_file, size_t i);

struct CheckDef {
    const char* name;
    const char* summary;
    Needs needs;
    CheckResult (*run)(CheckSubject& subject);
};

// Every check, in the order they run (validator.cpp).
const std::vector<CheckDef>& all_checks();

// The checks, one per file (check_*.cpp).
CheckResult check_exports(CheckSubject&);
CheckResult check_negotiation(CheckSubject&);
CheckResult check_manifest(CheckSubject&);
CheckResult check_games(CheckSubject&);
CheckResult check_declared_hooks(CheckSubject&);
CheckResult check_purity(CheckSubject&);
CheckResult check_threads(CheckSubject&);
CheckResult check_hostile_input(CheckSubject&);
CheckResult check_budgets(CheckSubject&);
CheckResult check_errors(CheckSubject&);

}  // namespace ck::validate
