// Purity and thread safety: the recorded calls replayed in other orders,
// on a fresh context, from other threads and from several threads at once
// must give the bytes they gave the first time. Hooks are pure functions
// of (state, request) (plugin.h); a module that keeps state between calls,
// or shares a cache between threads unguarded, fails here.
#include <atomic>
#include <map>
#include <thread>

#include "check.hpp"
#include "child_process.hpp"
#include "jcz/replayer.hpp"
#include "jcz/saved_game.hpp"
#include "module_calls.hpp"
#include "plugins/module_loader.hpp"
#include "plugins/plugin_expansion.hpp"

namespace ck::validate {

namespace fs = std::filesystem;
namespace {

struct Mismatch {
    size_t call = 0;
    std::string how;
};

Answer replay(const CheckSubject& s, const RecordedCall& c, const ck_plugin_ctx* ctx = nullptr) {
    return call_hook(*s.module, c.expansion, c.hook, bytes_of(s.recording->states[c.state]), bytes_of(c.request), ctx);
}

std::vector<Answer> replay_in_order(const CheckSubject& s, const std::vector<size_t>& order, const ck_plugin_ctx* ctx = nullptr) {
    std::vector<Answer> answers(s.recording->calls.size());
    for (size_t i : order) answers[i] = replay(s, s.recording->calls[i], ctx);
    return answers;
}

std::string describe_mismatch(const CheckSubject& s, size_t i, const Answer& expected, const Answer& got) {
    const RecordedCall& c = s.recording->calls[i];
    std::string text = "'" + s.module->expansions()[c.expansion].id + "', " + s.recording->describe(c) + ": ";
    if (expected.status != got.status) return text + status_text(expected.status) + " then " + status_text(got.status);
    return text + difference(expected.bytes, got.bytes);
}

CheckResult impure(const std::string& when, const std::string& where) {
    return CheckResult::fail(
        "the answer changed " + when + " (" + where +
        "). A hook must be a pure function of (state, request): no static or member variables that calls change, no "
        "clock, no global random generator; keep per-game data in the state (Effects::set_expansion_data)");
}

}  // namespace

CheckResult check_purity(CheckSubject& s) {
    const auto& calls = s.recording->calls;
    if (calls.empty()) return CheckResult::skip("the games recorded no call of the module");
    std::vector<size_t> forward(calls.size());
    for (size_t i = 0; i < calls.size(); ++i) forward[i] = i;
    s.channel.progress("replaying the recorded calls in order");
    std::vector<Answer> first(calls.size());
    for (size_t i = 0; i < calls.size(); ++i) {
        first[i] = replay(s, calls[i]);
        const Answer again = replay(s, calls[i]);
        if (!(again == first[i])) return impure("when the same call was made twice", describe_mismatch(s, i, first[i], again));
    }
    s.channel.progress("replaying the recorded calls backwards");
    const std::vector<size_t> backward(forward.rbegin(), forward.rend());
    const auto reversed = replay_in_order(s, backward);
    for (size_t i : backward)
        if (!(reversed[i] == first[i])) return impure("with the calls made in reverse order", describe_mismatch(s, i, first[i], reversed[i]));

    // The games' calls interleaved, one call of each game in turn: states of
    // unrelated games between two calls of one game change nothing.
    std::map<uint32_t, std::vector<size_t>> by_game;
    for (size_t i = 0; i < calls.size(); ++i) by_game[calls[i].game].push_back(i);
    std::vector<size_t> interleaved;
    for (size_t round = 0; interleaved.size() < calls.size(); ++round)
        for (const auto& [game, list] : by_game)
            if (round < list.size()) interleaved.push_back(list[round]);
    s.channel.progress("replaying the games' calls interleaved");
    const auto mixed = replay_in_order(s, interleaved);
    for (size_t i : interleaved)
        if (!(mixed[i] == first[i])) return impure("with calls of other games in between", describe_mismatch(s, i, first[i], mixed[i]));

    // A fresh context, as a second host in the same process would make.
    s.channel.progress("replaying the recorded calls on a fresh context");
    ck_host_info host{};
    host.struct_size = sizeof(host);
    host.host_name = "cloisterkit-validate";
    host.host_version = CK_RELEASE_VERSION;
    host.max_log_level = CK_LOG_OFF;
    host.capabilities = host::host_capabilities();  // the host's, which recorded the calls
    ck_plugin_ctx* fresh = nullptr;
    ck_error err{};
    err.struct_size = sizeof(err);
    const ck_status created = s.module->api().create(&host, &fresh, &err);
    if (!CK_SUCCEEDED(created) || fresh == nullptr)
        return CheckResult::fail("a second context could not be created (" + status_text(created) + "): " + err.message);
    const auto on_fresh = replay_in_order(s, forward, fresh);
    s.module->api().destroy(fresh);
    for (size_t i : forward)
        if (!(on_fresh[i] == first[i])) return impure("on a fresh context", describe_mismatch(s, i, first[i], on_fresh[i]));

    s.channel.progress("replaying the recorded calls from another thread");
    std::vector<Answer> elsewhere;
    std::thread([&] { elsewhere = replay_in_order(s, forward); }).join();
    for (size_t i : forward)
        if (!(elsewhere[i] == first[i])) return impure("when called from another thread", describe_mismatch(s, i, first[i], elsewhere[i]));

    // Whole games once more, as a modder replays a save of their own: each
    // saved game, replayed from its file, ends with the scores it was saved with.
    size_t saves = 0;
    for (; fs::exists(saved_game_file(s.recording_file, saves)); ++saves) {
        const host::jcz::SavedGame saved = host::jcz::load_saved_game(saved_game_file(s.recording_file, saves).string());
        const std::string game = saved.test ? saved.test->description : "a saved game";
        s.channel.progress("replaying the save of " + game);
        try {
            host::jcz::ReplayOptions replay_options;
            replay_options.registry = s.registry;
            replay_options.hook_time_budget = std::chrono::milliseconds(s.options.games.hook_time_budget_ms);
            const host::jcz::Replay replay(saved, replay_options);
            for (const auto& a : replay.check_assertions())
                if (!a.passed)
                    return CheckResult::fail(game + ", saved as .jcz and replayed from the file, ends differently: \"" +
                                             a.text + "\" but " + a.detail +
                                             ". call_hook is pure (plugin.h): the same state must get the same answer");
        } catch (const std::exception& e) {
            return CheckResult::fail(game + ", saved as .jcz, does not replay: " + e.what());
        }
    }

    CheckResult r = CheckResult::pass(std::to_string(calls.size()) +
                                      " recorded calls gave the same bytes twice in a row, backwards, interleaved across "
                                      "games, on a fresh context and from another thread; " + std::to_string(saves) +
                                      " games saved with their final scores replayed from the file to the same scores");
    r.details["calls"] = calls.size();
    r.details["saves_replayed"] = saves;
    return r;
}

CheckResult check_threads(CheckSubject& s) {
    const auto& calls = s.recording->calls;
    if (calls.empty()) return CheckResult::skip("the games recorded no call of the module");
    s.channel.progress("replaying the recorded calls for the expected answers");
    // Each call twice in a row: a module whose answers alternate differs
    // there whatever the number of calls (two whole passes would agree
    // whenever that number is even).
    std::vector<Answer> expected(calls.size());
    for (size_t i = 0; i < calls.size(); ++i) {
        expected[i] = replay(s, calls[i]);
        if (!(replay(s, calls[i]) == expected[i]))
            return CheckResult::skip("the answers differ even on one thread, so threads cannot be compared (see purity)");
    }

    // Every thread goes through all calls, starting at its own place, a few
    // rounds, so that different calls overlap in time.
    const int threads = s.options.thread_count;
    const size_t per_thread = std::max<size_t>(calls.size() * 5, 6000);
    std::atomic<size_t> mismatches{0};
    std::atomic<bool> have_first{false};
    size_t first_call = 0;
    Answer first_got;
    std::atomic<int> ready{0};
    s.channel.progress("replaying the recorded calls from " + std::to_string(threads) + " threads at once");
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t)
        pool.emplace_back([&, t] {
            ready.fetch_add(1);
            while (ready.load() < threads) std::this_thread::yield();  // start together
            size_t i = calls.size() * static_cast<size_t>(t) / static_cast<size_t>(threads);
            for (size_t n = 0; n < per_thread; ++n, i = (i + 1) % calls.size()) {
                Answer a = replay(s, calls[i]);
                if (a == expected[i]) continue;
                mismatches.fetch_add(1);
                bool no = false;
                if (have_first.compare_exchange_strong(no, true)) first_call = i, first_got = std::move(a);
            }
        });
    for (auto& t : pool) t.join();
    CheckResult r;
    r.details["threads"] = threads;
    r.details["calls_per_thread"] = per_thread;
    r.details["mismatches"] = mismatches.load();
    if (mismatches.load() > 0) {
        r.verdict = Verdict::Fail;
        r.message = std::to_string(mismatches.load()) + " of " + std::to_string(per_thread * size_t(threads)) +
                    " calls made from " + std::to_string(threads) + " threads at once answered differently than on one "
                    "thread (first: " + describe_mismatch(s, first_call, expected[first_call], first_got) +
                    "). call_hook is [thread-safe, reentrant] (plugin.h): guard any cache shared between calls with a "
                    "mutex, or make it thread_local";
        return r;
    }
    r.message = std::to_string(per_thread * size_t(threads)) + " calls from " + std::to_string(threads) +
                " threads at once answered as on one thread";
    return r;
}

}  // namespace ck::validate
