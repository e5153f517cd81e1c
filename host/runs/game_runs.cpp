#include "game_runs.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace ck::cli {

void play_games(const GameEnvironment& env, const GameRun& run) {
    const unsigned threads = static_cast<unsigned>(std::max<uint64_t>(1, std::min<uint64_t>(run.threads, run.count)));
    std::atomic<uint64_t> next{0};
    std::exception_ptr failure;
    std::mutex failure_mutex;
    const auto games = [&](unsigned t) {
        const auto hooks = env.make_hooks();  // one per thread: hooks are not thread-safe
        for (uint64_t i; (i = next.fetch_add(1)) < run.count;) {
            const uint64_t s = game_seed(run.seed, run.first + i);
            host::Game game(env.setup(s, hooks.get()), env.prepared());
            host::play_to_end(game, env.make_agents(s));
            if (run.finished) run.finished(t, i, game);
        }
    };
    const auto worker = [&](unsigned t) {
        try {
            if (run.around_thread) run.around_thread(t, [&] { games(t); });
            else games(t);
        } catch (...) {
            std::lock_guard lock(failure_mutex);
            if (!failure) failure = std::current_exception();
            next.store(run.count);  // stop the others
        }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t) pool.emplace_back(worker, t);
    worker(0);
    for (auto& th : pool) th.join();
    if (failure) std::rethrow_exception(failure);
}

}  // namespace ck::cli
