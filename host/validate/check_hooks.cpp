// The checks on real game states: the games themselves (every response the
// host verifies and applies, every recorded call answered with a response
// that verifies), and whether the hooks mask tells the truth.
#include <flatbuffers/flatbuffers.h>

#include <algorithm>
#include <map>

#include "check.hpp"
#include "child_process.hpp"
#include "jcz/saved_game.hpp"
#include "module_calls.hpp"
#include "plugins/hook_names.hpp"
#include "plugins/module_loader.hpp"
#include "plugins/plugin_expansion.hpp"
#include <cloisterkit/schemas/hooks_generated.h>

namespace ck::validate {
namespace {

const host::PluginExpansion& expansion_of(const CheckSubject& s, uint32_t index) {
    return s.module->expansions()[index];
}

bool is_tested(const CheckSubject& s, uint32_t index) {
    return std::any_of(s.tested.begin(), s.tested.end(),
                       [&](const auto* e) { return e->module == s.module && e->index == index; });
}

// A request of `hook` whose argument table has no fields: enough for a
// module to see which hook it is and to refuse one it does not implement.
std::vector<uint8_t> bare_request(ck_hook_id hook) {
    flatbuffers::FlatBufferBuilder b;
    const auto start = b.StartTable();
    const flatbuffers::Offset<void> args(b.EndTable(start));
    b.Finish(fb::CreateHookRequest(b, hook, static_cast<fb::HookArgs>(hook + 1), args), fb::HookRequestIdentifier());
    return {b.GetBufferPointer(), b.GetBufferPointer() + b.GetSize()};
}

}  // namespace

CheckResult check_games(CheckSubject& s) {
    // s.shipped is empty under --alone (validator.cpp loads them only otherwise).
    RecordingOutcome outcome = record_games(*s.registry, *s.module, s.tested, s.shipped, s.options.games, s.channel);
    CheckResult r;
    r.details["games_played"] = outcome.games_played;
    r.details["games_refused"] = outcome.games_refused;
    if (!outcome.failure.empty())
        return CheckResult::fail("the host stopped " + outcome.failure);
    if (outcome.games_played == 0)
        return CheckResult::fail("every game's setup was refused, so no hook was tried on a real state; the first: " +
                                 outcome.first_refusal);
    // Every kept call once more, directly: CK_OK must bring a response that
    // verifies (the host forgives an empty one; the ABI does not).
    const Recording& rec = outcome.recording;
    std::map<std::string, uint64_t> calls_by_hook;
    for (const RecordedCall& c : rec.calls) {
        const host::PluginExpansion& e = expansion_of(s, c.expansion);
        s.channel.progress("replaying " + rec.describe(c) + " of '" + e.id + "'");
        const Answer a = call_hook(*s.module, c.expansion, c.hook, bytes_of(rec.states[c.state]), bytes_of(c.request));
        if (!CK_SUCCEEDED(a.status))
            return CheckResult::fail("'" + e.id + "' answered " + rec.describe(c) + " with " + status_text(a.status) + ": " +
                                     a.message);
        if (const std::string bad = response_problem(a); !bad.empty())
            return CheckResult::fail("'" + e.id + "', " + rec.describe(c) + ": " + bad);
    }
    for (size_t i = 0; i < rec.host_calls.size(); ++i)
        for (ck_hook_id h = 0; h < CK_HOOK_COUNT; ++h)
            if (rec.host_calls[i][h]) calls_by_hook[expansion_of(s, uint32_t(i)).id + " " + host::hook_name(h)] += rec.host_calls[i][h];
    // Saved as a modder saves a game (with its final scores as assertions),
    // for the purity check to replay from the files.
    for (size_t i = 0; i < outcome.saves.size(); ++i)
        host::jcz::store_saved_game(outcome.saves[i].second, saved_game_file(s.recording_file, i));
    r.details["games_saved"] = outcome.saves.size();
    r.details["host_calls"] = calls_by_hook;
    r.details["recorded_calls"] = rec.calls.size();
    rec.save(s.recording_file);
    r.message = std::to_string(outcome.games_played) + " games played to the end (2-4 players, random and greedy, " +
                (s.shipped.empty() ? std::string("alone") : "alone and with the shipped expansions") +
                "), every response verified and applied by the host; " + std::to_string(rec.calls.size()) +
                " sampled calls answered again with responses that verify";
    if (outcome.games_refused) r.message += "; " + std::to_string(outcome.games_refused) + " setups refused";
    return r;
}

CheckResult check_declared_hooks(CheckSubject& s) {
    const Recording& rec = *s.recording;
    if (rec.states.empty()) return CheckResult::skip("the games recorded no state");
    std::vector<std::string> problems, never_called;
    for (const host::PluginExpansion& e : s.module->expansions()) {
        if (!is_tested(s, e.index)) continue;
        for (ck_hook_id h = 0; h < CK_HOOK_COUNT; ++h) {
            if (e.has_hook(h)) {
                if (rec.host_calls[e.index][h] == 0) never_called.push_back(e.id + " " + host::hook_name(h));
                continue;
            }
            // A hook it does not declare: it must say so, whatever the request.
            const auto& sample = rec.samples[h];
            const std::vector<uint8_t> request = sample ? sample->request : bare_request(h);
            const auto& state = rec.states[sample ? sample->state : 0];
            s.channel.progress("calling undeclared hook " + host::hook_name(h) + " of '" + e.id + "'");
            const Answer a = call_hook(*s.module, e.index, h, bytes_of(state), bytes_of(request));
            if (a.status != CK_E_UNSUPPORTED_HOOK)
                problems.push_back("'" + e.id + "' answers hook " + host::hook_name(h) + " with " + status_text(a.status) +
                                   " though its hooks mask (" + host::hook_list(e.hooks) +
                                   ") lacks it: the host never calls it, so whatever it does is lost. Set "
                                   "CK_HOOK_BIT(CK_HOOK_" + host::hook_name(h) + ") or answer CK_E_UNSUPPORTED_HOOK");
        }
    }
    CheckResult r;
    r.details["declared_but_not_called"] = never_called;
    if (!problems.empty()) return CheckResult::fail_with(problems, r.details);
    r.message = "every hook outside the mask answers CK_E_UNSUPPORTED_HOOK";
    if (!never_called.empty()) {
        std::string list;
        for (const auto& n : never_called) list += (list.empty() ? "" : ", ") + n;
        r.message += "; declared but never called in these games: " + list;
    }
    return r;
}

}  // namespace ck::validate
