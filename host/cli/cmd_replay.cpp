// `cloisterkit replay FILE.jcz`: replays a JCloisterZone saved game and
// checks its test assertions. Exit 0 when all pass (or there are none and
// no --min-assertions asks for some), 1 when one fails or fewer than the
// minimum were checked, 2 on any error (bad file, illegal move, plugin
// failure).
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "command.hpp"
#include "core/errors.hpp"
#include "runs/game_options.hpp"
#include "jcz/replayer.hpp"
#include "render/score_breakdown.hpp"
#include "render/timeline.hpp"
#include "render_output.hpp"

namespace {

using ck::host::jcz::AssertionResult;
using ck::host::jcz::Replay;
using ck::host::jcz::ReplayOptions;

constexpr const char* kUsage =
    "usage: cloisterkit replay FILE.jcz [--tiles FILE ...] [--no-default-tiles] [--plugin-path DIR ...]\n"
    "                          [--hook-time-budget-ms MS] [--min-assertions N] [--json] [--svg OUT.svg] [--html OUT.html]\n"
    "\n"
    "Replays a JCloisterZone saved game on the reference host and checks its\n"
    "test assertions (test.assertions). JCloisterZone 5.7 files (initialSeed,\n"
    "salt) replay too; remarks on what could not be reproduced go to stderr.\n"
    "\n"
    "  --tiles FILE        load more tile XML after the host's basic.xml (repeatable)\n"
    "  --no-default-tiles  do not load the host's basic.xml: the --tiles files\n"
    "                      replace it (e.g. JCloisterZone's own basic.xml)\n"
    "  --plugin-path DIR   look for plugin modules in DIR first (repeatable)\n"
    "  --hook-time-budget-ms MS\n"
    "                      refuse a plugin hook call that takes longer than MS\n"
    "                      milliseconds (default 1000)\n"
    "  --min-assertions N  fail unless at least N assertions were checked (and all\n"
    "                      passed), so a file whose assertions are lost fails\n"
    "  --json              print the result as one JSON object\n"
    "  --svg OUT.svg       draw the board at the end as an SVG picture (docs/rendering.md)\n"
    "  --html OUT.html     write one self-contained page that steps through the game\n"
    "                      turn by turn (buttons, left/right arrow keys)\n"
    "\n"
    "Prints the scores and every score entry with its breakdown, each assertion\n"
    "with PASS or FAIL, then how many passed of how many were checked.\n"
    "\n"
    "Exit status: 0 all assertions pass (or none, without --min-assertions),\n"
    "1 an assertion fails or fewer than N were checked, 2 error.\n";

struct Args {
    std::string file;
    ReplayOptions options;
    bool json = false;
    size_t min_assertions = 0;
    ck::cli::RenderOutputs pictures;
};

// Returns an exit code to stop with, or -1 to go on.
int parse_args(const std::vector<std::string>& args, Args& out) {
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto value = [&](const char* what) -> const std::string* {
            if (i + 1 >= args.size()) {
                std::fprintf(stderr, "cloisterkit replay: %s needs %s\n\n%s", a.c_str(), what, kUsage);
                return nullptr;
            }
            return &args[++i];
        };
        if (a == "--help" || a == "-h") {
            std::fputs(kUsage, stdout);
            return 0;
        } else if (a == "--json") {
            out.json = true;
        } else if (a == "--tiles") {
            const std::string* v = value("a file");
            if (!v) return 2;
            out.options.tile_files.push_back(*v);
        } else if (a == "--min-assertions") {
            const std::string* v = value("a number");
            if (!v) return 2;
            // The same rules as every other number option: digits only, and
            // a number too large is out of range.
            try {
                out.min_assertions = static_cast<size_t>(ck::cli::parse_integer("--min-assertions", *v, 0, 1'000'000));
            } catch (const ck::host::HostError& e) {
                std::fprintf(stderr, "cloisterkit replay: %s\n", e.what());
                return 2;
            }
        } else if (a == "--hook-time-budget-ms") {
            const std::string* v = value("a number of milliseconds");
            if (!v) return 2;
            try {
                out.options.hook_time_budget = std::chrono::milliseconds(ck::cli::parse_integer(
                    "--hook-time-budget-ms", *v, 1, ck::host::limits::kMaxHookTimeBudgetMs));
            } catch (const ck::host::HostError& e) {
                std::fprintf(stderr, "cloisterkit replay: %s\n", e.what());
                return 2;
            }
        } else if (a == "--no-default-tiles") {
            out.options.default_tiles = false;
        } else if (a == "--plugin-path") {
            const std::string* v = value("a directory");
            if (!v) return 2;
            out.options.plugin_dirs.push_back(*v);
        } else if (a == "--svg" || a == "--html") {
            try {
                ck::cli::parse_render_option(args, i, out.pictures);
            } catch (const ck::host::HostError& e) {
                std::fprintf(stderr, "cloisterkit replay: %s\n\n%s", e.what(), kUsage);
                return 2;
            }
        } else if (!a.empty() && a[0] == '-') {
            std::fprintf(stderr, "cloisterkit replay: unknown option '%s'\n\n%s", a.c_str(), kUsage);
            return 2;
        } else if (out.file.empty()) {
            out.file = a;
        } else {
            std::fprintf(stderr, "cloisterkit replay: one saved game at a time ('%s' and '%s')\n", out.file.c_str(),
                         a.c_str());
            return 2;
        }
    }
    if (out.file.empty()) {
        std::fprintf(stderr, "cloisterkit replay: no saved game given\n\n%s", kUsage);
        return 2;
    }
    if (!out.options.default_tiles && out.options.tile_files.empty()) {
        std::fprintf(stderr, "cloisterkit replay: --no-default-tiles needs at least one --tiles FILE\n");
        return 2;
    }
    return -1;
}

size_t passed_count(const std::vector<AssertionResult>& results) {
    size_t n = 0;
    for (const auto& a : results) n += a.passed;
    return n;
}

nlohmann::ordered_json result_json(const std::string& file, const Replay& r, const std::vector<AssertionResult>& results,
                                   bool all_passed) {
    nlohmann::ordered_json j;
    j["file"] = file;
    j["phase"] = std::string(ck::host::phase_name(r.game().phase()));
    j["passed"] = all_passed;
    j["assertions_checked"] = results.size();
    j["assertions_passed"] = passed_count(results);
    nlohmann::ordered_json players = nlohmann::ordered_json::array();
    for (const auto& p : r.game().players()) players.push_back({{"name", p.name}, {"points", p.score}});
    j["players"] = players;
    nlohmann::ordered_json log = nlohmann::ordered_json::array();
    for (const auto& e : r.game().score_log())
        log.push_back({{"player", e.player},
                       {"points", e.points},
                       {"name", e.name},
                       {"final", e.final_scoring},
                       {"breakdown", ck::host::render::score_breakdown(r.game(), e)}});
    j["scores"] = log;
    nlohmann::ordered_json as = nlohmann::ordered_json::array();
    for (const auto& a : results) as.push_back({{"assertion", a.text}, {"pass", a.passed}, {"detail", a.detail}});
    j["assertions"] = as;
    if (!r.notes().empty()) j["notes"] = r.notes();
    return j;
}

void print_text(const std::string& file, const Replay& r, const std::vector<AssertionResult>& results,
                size_t min_assertions) {
    std::printf("%s: %zu messages replayed, phase %s\n", file.c_str(), r.saved().replay.size(),
                std::string(ck::host::phase_name(r.game().phase())).c_str());
    for (const auto& p : r.game().players()) std::printf("  %-12s %d points\n", p.name.c_str(), p.score);
    for (const auto& e : r.game().score_log())
        std::printf("    turn %-3u %-12s %s%s\n", e.turn, r.game().player(e.player).name.c_str(),
                    e.final_scoring ? "final: " : "", ck::host::render::score_breakdown(r.game(), e).c_str());
    for (const auto& a : results)
        std::printf("%s  %s  (%s)\n", a.passed ? "PASS" : "FAIL", a.text.c_str(), a.detail.c_str());
    if (results.size() < min_assertions)
        std::printf("FAIL  %zu assertions checked, at least %zu required\n", results.size(), min_assertions);
    std::printf("%zu of %zu assertions passed\n", passed_count(results), results.size());
}

int run_replay(const std::vector<std::string>& argv) {
    Args args;
    if (int code = parse_args(argv, args); code >= 0) return code;
    try {
        Replay replay(ck::host::jcz::load_saved_game(args.file), args.options);
        for (const auto& note : replay.notes())
            std::fprintf(stderr, "cloisterkit replay: %s: note: %s\n", args.file.c_str(), note.c_str());
        const auto results = replay.check_assertions();
        if (args.pictures.any()) {
            const auto timeline = ck::host::render::replay_timeline(replay.game_setup(), replay.game());
            std::string title = args.file;
            if (const size_t slash = title.find_last_of('/'); slash != std::string::npos) title.erase(0, slash + 1);
            ck::cli::write_render_outputs(args.pictures, replay.game(), timeline, timeline.size() - 1, title);
        }
        const bool all = passed_count(results) == results.size() && results.size() >= args.min_assertions;
        if (args.json)
            std::printf("%s\n", result_json(args.file, replay, results, all).dump(2).c_str());
        else
            print_text(args.file, replay, results, args.min_assertions);
        return all ? 0 : 1;
    } catch (const ck::host::HostError& e) {
        // Messages from the file reader already start with the file name.
        std::string msg = e.what();
        if (msg.rfind(args.file, 0) != 0) msg = args.file + ": " + msg;
        if (args.json) std::printf("%s\n", nlohmann::ordered_json{{"file", args.file}, {"error", msg}}.dump(2).c_str());
        std::fprintf(stderr, "cloisterkit replay: %s\n", msg.c_str());
        return 2;
    } catch (const std::exception& e) {
        if (args.json) std::printf("%s\n", nlohmann::ordered_json{{"file", args.file}, {"error", e.what()}}.dump(2).c_str());
        std::fprintf(stderr, "cloisterkit replay: %s: internal error: %s\n", args.file.c_str(), e.what());
        return 2;
    }
}

}  // namespace

CK_REGISTER_COMMAND("replay", "replay a JCloisterZone .jcz game and check its assertions", run_replay);
