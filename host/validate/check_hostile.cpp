// Hostile input: truncated, bit-flipped and random buffers, wrong hook ids,
// NULL pointers. A module verifies every input (plugin.h): a buffer that
// fails verification gets CK_E_BAD_BUFFER (or CK_E_INVALID_ARGUMENT), never
// CK_OK and never a crash. Each input is named in the progress page first,
// so a crash is reported with the input that caused it.
#include <algorithm>

#include "check.hpp"
#include "child_process.hpp"
#include "core/random.hpp"
#include "module_calls.hpp"
#include "plugins/buffer_check.hpp"
#include "plugins/hook_names.hpp"
#include "plugins/module_loader.hpp"
#include "plugins/plugin_expansion.hpp"
#include <cloisterkit/schemas/game_state_generated.h>
#include <cloisterkit/schemas/hooks_generated.h>

namespace ck::validate {
namespace {

bool is_input_error(ck_status s) {
    return s == CK_E_BAD_BUFFER || s == CK_E_INVALID_ARGUMENT || s == CK_E_BUFFER_TOO_LARGE;
}

struct Case {
    std::string what;
    std::vector<uint8_t> state, request;
    bool null_state = false;  // data NULL, size as given
};

}  // namespace

CheckResult check_hostile_input(CheckSubject& s) {
    const Recording& rec = *s.recording;
    std::vector<std::string> problems;
    size_t tried = 0;
    host::SplitMix64 rng(s.options.games.seed ^ 0xBADB0FFEull);
    const int mutations = s.options.hostile_mutations;

    for (const host::PluginExpansion* e : s.tested) {
        const std::string who = "'" + e->id + "'";
        for (ck_hook_id hook = 0; hook < CK_HOOK_COUNT; ++hook) {
            if (!e->has_hook(hook)) continue;
            // A real input of this hook: a recorded call, else any state
            // with a request of this hook.
            const RecordedCall* real = nullptr;
            for (const auto& c : rec.calls)
                if (c.expansion == e->index && c.hook == hook) real = &c;
            if (real == nullptr) continue;
            const auto& state = rec.states[real->state];
            const auto& request = real->request;
            std::vector<Case> cases;
            const size_t cuts[] = {0, 1, 7, 8, state.size() / 4, state.size() / 2, state.size() - 1};
            for (size_t cut : cuts)
                if (cut < state.size())
                    cases.push_back({"the state truncated to " + std::to_string(cut) + " bytes",
                                     {state.begin(), state.begin() + long(cut)}, request});
            for (size_t cut : {size_t(0), size_t(4), request.size() / 2, request.size() - 1})
                if (cut < request.size())
                    cases.push_back({"the request truncated to " + std::to_string(cut) + " bytes", state,
                                     {request.begin(), request.begin() + long(cut)}});
            cases.push_back({"a NULL state of 64 bytes", {}, request, true});
            for (int m = 0; m < mutations; ++m) {
                Case c{"", state, request};
                auto& target = m % 3 == 2 ? c.request : c.state;
                const size_t bit = static_cast<size_t>(rng.next() % (target.size() * 8));
                target[bit / 8] ^= static_cast<uint8_t>(1u << (bit % 8));
                c.what = std::string(m % 3 == 2 ? "the request" : "the state") + " with bit " + std::to_string(bit) + " flipped";
                cases.push_back(std::move(c));
            }
            for (int m = 0; m < std::max(1, mutations / 10); ++m) {
                // Random bytes behind the right identifier, so the verifier
                // itself is what has to refuse them.
                const bool in_state = m % 2 == 0;
                std::vector<uint8_t> junk(8 + rng.next() % 2048);
                for (auto& b : junk) b = static_cast<uint8_t>(rng.next());
                std::copy_n(in_state ? "CKGS" : "CKRQ", 4, junk.begin() + 4);
                cases.push_back({std::string("random ") + std::to_string(junk.size()) + " bytes as the " +
                                     (in_state ? "state" : "request"),
                                 in_state ? junk : state, in_state ? request : junk});
            }
            for (const Case& c : cases) {
                s.channel.progress("hook " + host::hook_name(hook) + " of " + who + " given " + c.what);
                ++tried;
                const ck_bytes st = c.null_state ? ck_bytes{nullptr, 64} : bytes_of(c.state);
                const Answer a = call_hook(*s.module, e->index, hook, st, bytes_of(c.request));
                const bool state_ok =
                    !c.null_state && host::check_buffer<fb::GameState>(c.state.data(), c.state.size(), "CKGS").empty();
                const bool request_ok =
                    host::check_buffer<fb::HookRequest>(c.request.data(), c.request.size(), "CKRQ").empty();
                if (state_ok && request_ok) continue;  // still well-formed: any answer but a crash
                if (!is_input_error(a.status))
                    problems.push_back(who + " answered hook " + host::hook_name(hook) + " given " + c.what + " with " +
                                       status_text(a.status) +
                                       ", not CK_E_BAD_BUFFER: verify every input buffer before reading it "
                                       "(flatbuffers::Verifier; the SDK does it for you)");
            }
            // Another hook's request under this hook's id.
            for (const auto& other : rec.calls) {
                if (other.expansion != e->index || other.hook == hook) continue;
                s.channel.progress("hook " + host::hook_name(hook) + " of " + who + " given a request of hook " +
                                   host::hook_name(other.hook));
                ++tried;
                const Answer a = call_hook(*s.module, e->index, hook, bytes_of(state), bytes_of(other.request));
                if (CK_SUCCEEDED(a.status))
                    problems.push_back(who + " answered hook " + host::hook_name(hook) + " given a request of hook " +
                                       host::hook_name(other.hook) + " with " + status_text(a.status) +
                                       ": check that the request's hook and argument table match the hook called");
                break;
            }
        }
        // Hook ids no module implements, an expansion index out of range,
        // and NULL out.
        const RecordedCall* any = nullptr;
        for (const auto& c : rec.calls)
            if (c.expansion == e->index) any = &c;
        if (any == nullptr) continue;
        const auto& state = rec.states[any->state];
        for (ck_hook_id wrong : {ck_hook_id(CK_HOOK_COUNT), ck_hook_id(40), ck_hook_id(63), ck_hook_id(64),
                                 ck_hook_id(1000), ck_hook_id(0xFFFFFFFFu)}) {
            s.channel.progress("hook id " + std::to_string(wrong) + " of " + who);
            ++tried;
            const Answer a = call_hook(*s.module, e->index, wrong, bytes_of(state), bytes_of(any->request));
            if (a.status != CK_E_UNSUPPORTED_HOOK)
                problems.push_back(who + " answered hook id " + std::to_string(wrong) + " with " + status_text(a.status) +
                                   ", not CK_E_UNSUPPORTED_HOOK");
        }
        s.channel.progress("out == NULL for " + who);
        ++tried;
        ck_error err{};
        err.struct_size = sizeof(err);
        const ck_status null_out = s.module->api().call_hook(s.module->context(), e->index, any->hook, bytes_of(state),
                                                             bytes_of(any->request), nullptr, &err);
        if (null_out != CK_E_INVALID_ARGUMENT)
            problems.push_back(who + " answered a call with out == NULL with " + status_text(null_out) +
                               ", not CK_E_INVALID_ARGUMENT");
    }
    s.channel.progress("an expansion index out of range");
    if (!rec.calls.empty()) {
        ++tried;
        const auto& c = rec.calls.front();
        const auto n = static_cast<uint32_t>(s.module->expansions().size());
        const Answer a = call_hook(*s.module, n, c.hook, bytes_of(rec.states[c.state]), bytes_of(c.request));
        if (a.status != CK_E_NO_SUCH_EXPANSION && a.status != CK_E_INVALID_ARGUMENT)
            problems.push_back("expansion index " + std::to_string(n) + " (out of range) was answered with " +
                               status_text(a.status) + ", not CK_E_NO_SUCH_EXPANSION");
    }
    CheckResult r;
    r.details["inputs"] = tried;
    if (tried == 0) return CheckResult::skip("the games recorded no call of the module to start from");
    if (!problems.empty()) return CheckResult::fail_with(problems, r.details);
    r.message = std::to_string(tried) +
                " hostile inputs (truncated, bit-flipped and random buffers, other hooks' requests, unknown hook ids, "
                "NULL pointers) answered without a crash and with the right errors";
    return r;
}

}  // namespace ck::validate
