// Budgets: how long each hook takes on the recorded states (median, 99th
// percentile, worst, against the host's time budget), how large its
// answers are, and whether memory stays flat over many calls (every
// response buffer released, nothing kept).
#include <malloc.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <map>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CK_VALIDATE_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define CK_VALIDATE_ASAN 1
#endif
#ifdef CK_VALIDATE_ASAN
#include <sanitizer/allocator_interface.h>
#endif

#include "check.hpp"
#include "child_process.hpp"
#include "module_calls.hpp"
#include "plugins/hook_names.hpp"
#include "plugins/module_loader.hpp"
#include "plugins/plugin_expansion.hpp"

namespace ck::validate {
namespace {

// Bytes the process's allocator has handed out and not had back.
size_t allocated_bytes() {
#ifdef CK_VALIDATE_ASAN
    return __sanitizer_get_current_allocated_bytes();
#else
    const struct mallinfo2 m = mallinfo2();
    return m.uordblks + m.hblkhd;
#endif
}

// The largest answer a hook may give before we call it unreasonable (a
// real one is a few hundred bytes; the host verifies every byte).
constexpr size_t kMaxResponseBytes = 16u * 1024 * 1024;

}  // namespace

CheckResult check_budgets(CheckSubject& s) {
    const auto& calls = s.recording->calls;
    if (calls.empty()) return CheckResult::skip("the games recorded no call of the module");
    std::vector<std::string> problems;
    const auto replay = [&](const RecordedCall& c) {
        return call_hook(*s.module, c.expansion, c.hook, bytes_of(s.recording->states[c.state]), bytes_of(c.request));
    };
    s.channel.progress("warming up: every recorded call once");
    for (const auto& c : calls) replay(c);

    // Time, three rounds; sizes.
    std::map<std::pair<uint32_t, ck_hook_id>, std::vector<double>> micros;
    std::map<std::pair<uint32_t, ck_hook_id>, size_t> largest;
    bool release_ok = true;
    for (int round = 0; round < 3; ++round)
        for (const auto& c : calls) {
            s.channel.progress("timing " + s.recording->describe(c));
            const auto t0 = std::chrono::steady_clock::now();
            const Answer a = replay(c);
            const auto t1 = std::chrono::steady_clock::now();
            micros[{c.expansion, c.hook}].push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
            largest[{c.expansion, c.hook}] = std::max(largest[{c.expansion, c.hook}], a.bytes.size());
            release_ok = release_ok && a.release_cleared;
        }
    CheckResult r;
    const double budget_us = static_cast<double>(s.options.games.hook_time_budget_ms) * 1000.0;
    nlohmann::json per_hook = nlohmann::json::array();
    for (auto& [key, times] : micros) {
        std::sort(times.begin(), times.end());
        const double median = times[times.size() / 2];
        const double p99 = times[std::min(times.size() - 1, times.size() * 99 / 100)];
        const double worst = times.back();
        const std::string name = s.module->expansions()[key.first].id + " " + host::hook_name(key.second);
        per_hook.push_back({{"hook", name}, {"calls", times.size()}, {"median_us", median}, {"p99_us", p99},
                            {"worst_us", worst}, {"largest_response_bytes", largest[key]}});
        if (worst > budget_us)
            problems.push_back(name + " took " + std::to_string(static_cast<long long>(worst / 1000)) +
                               " ms on one recorded state, over the host's budget of " +
                               std::to_string(s.options.games.hook_time_budget_ms) + " ms (the host refuses such answers)");
        if (largest[key] > kMaxResponseBytes)
            problems.push_back(name + " answered with " + std::to_string(largest[key]) + " bytes, more than " +
                               std::to_string(kMaxResponseBytes));
    }
    r.details["hooks"] = per_hook;
    if (!release_ok)
        problems.push_back("a response buffer's release() left data or release set: plugin.h asks it to set both to NULL");

    // Memory: the same calls over and over must not grow the heap.
    const size_t target = std::max<size_t>(20000, calls.size());
    const size_t rounds = (target + calls.size() - 1) / calls.size();
    s.channel.progress("measuring memory over " + std::to_string(rounds * calls.size()) + " calls");
    const size_t before = allocated_bytes();
    for (size_t round = 0; round < rounds; ++round)
        for (const auto& c : calls) replay(c);
    const size_t after = allocated_bytes();
    const size_t made = rounds * calls.size();
    const double growth_per_call = after > before ? static_cast<double>(after - before) / static_cast<double>(made) : 0.0;
    r.details["memory_growth_bytes"] = after > before ? after - before : 0;
    r.details["memory_calls"] = made;
    // A few bytes per call are allocator noise; a leaked response is at
    // least a FlatBuffers header and its effects.
    if (after > before && after - before > 256 * 1024 && growth_per_call > 16)
        problems.push_back("memory grew by " + std::to_string(after - before) + " bytes over " + std::to_string(made) +
                           " calls with every response released (" + std::to_string(static_cast<long long>(growth_per_call)) +
                           " bytes a call): a leak. Does each ck_buffer's release() free what the hook allocated? "
                           "Does a hook keep something per call?");
    if (!problems.empty()) return CheckResult::fail_with(problems, r.details);
    double worst_median = 0;
    std::string slowest;
    for (const auto& h : per_hook)
        if (h["median_us"].get<double>() >= worst_median) worst_median = h["median_us"], slowest = h["hook"];
    char line[256];
    std::snprintf(line, sizeof line,
                  "every hook within the %lld ms budget (slowest median: %s, %.1f us); memory flat over %zu calls "
                  "(%+lld bytes)",
                  s.options.games.hook_time_budget_ms, slowest.c_str(), worst_median, made,
                  static_cast<long long>(after) - static_cast<long long>(before));
    r.message = line;
    return r;
}

// Errors: messages NUL-terminated within capacity, the code written, a NULL
// err accepted, a name for every status.
CheckResult check_errors(CheckSubject& s) {
    const Recording& rec = *s.recording;
    if (rec.calls.empty()) return CheckResult::skip("the games recorded no call of the module");
    std::vector<std::string> problems;
    const RecordedCall& c = rec.calls.front();
    const auto& state = rec.states[c.state];
    std::vector<uint8_t> garbage(64, 0x5A);  // a request of garbage behind the right identifier
    std::copy_n("CKRQ", 4, garbage.begin() + 4);
    struct Provoked {
        const char* what;
        uint32_t expansion;
        ck_hook_id hook;
        ck_bytes request;
    };
    const Provoked provoked[] = {
        {"a request of garbage", c.expansion, c.hook, bytes_of(garbage)},
        {"an unknown hook id", c.expansion, 1000, bytes_of(c.request)},
        {"an expansion index out of range", static_cast<uint32_t>(s.module->expansions().size()), c.hook,
         bytes_of(c.request)},
    };
    size_t errors_seen = 0;
    for (const auto& p : provoked) {
        s.channel.progress(std::string("provoking an error with ") + p.what);
        const Answer a = call_hook(*s.module, p.expansion, p.hook, bytes_of(state), p.request);
        if (CK_SUCCEEDED(a.status)) {
            problems.push_back(std::string(p.what) + " was answered with " + status_text(a.status));
            continue;
        }
        ++errors_seen;
        if (!a.message_terminated)
            problems.push_back(std::string("the error message for ") + p.what + " has no NUL within the " +
                               std::to_string(CK_ERROR_MESSAGE_CAPACITY) + " bytes of ck_error.message (truncate it to fit)");
        else if (a.message.empty())
            problems.push_back(std::string("the error for ") + p.what + " (" + status_text(a.status) +
                               ") comes without a message: say what, where and why");
        if (a.error_code != a.status)
            problems.push_back(std::string("ck_error.code for ") + p.what + " is " + std::to_string(a.error_code) +
                               ", the status " + std::to_string(a.status));
        // The same call with err == NULL: the same status, no crash.
        s.channel.progress(std::string("the same with err == NULL: ") + p.what);
        ck_buffer out{};
        out.struct_size = sizeof(out);
        const ck_status again = s.module->api().call_hook(s.module->context(), p.expansion, p.hook, bytes_of(state),
                                                          p.request, &out, nullptr);
        if (out.release) out.release(&out);
        if (again != a.status)
            problems.push_back(std::string("with err == NULL, ") + p.what + " gave " + status_text(again) + ", not " +
                               status_text(a.status));
    }
    s.channel.progress("status names");
    for (ck_status st : {CK_OK, CK_NOTHING_TO_DO, CK_E_INVALID_ARGUMENT, CK_E_BAD_BUFFER, CK_E_UNSUPPORTED_HOOK,
                         CK_E_VERSION_MISMATCH, CK_E_INTERNAL, CK_E_SETUP_REFUSED, -1500, 12345, -12345}) {
        const char* name = s.module->api().status_name(st);
        if (name == nullptr) problems.push_back("status_name(" + std::to_string(st) + ") returned NULL");
        else if (strnlen(name, 256) == 256)
            problems.push_back("status_name(" + std::to_string(st) + ") is not NUL-terminated within 256 bytes");
    }
    CheckResult r;
    if (!problems.empty()) return CheckResult::fail_with(problems, r.details);
    r.message = std::to_string(errors_seen) +
                " provoked errors came with a NUL-terminated message and their code, also with err == NULL; every "
                "status has a name. (An exception inside a hook cannot be provoked from outside: it must come back "
                "as CK_E_INTERNAL with its message, as the SDK's barrier does.)";
    return r;
}

}  // namespace ck::validate
