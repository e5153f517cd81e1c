// A match between two kinds of computer player (docs/ai.md, "Strength"):
// N two-player games, each seed played twice with the seats swapped, in
// parallel worker threads, each with its own bridge to the plugins. Prints
// the first kind's win rate with its 95% Wilson interval, the mean score
// margin, how often each side scored more field points, and the search
// time per decision of mcts players. Not a test: a benchmark.
//
//   build/bench/ai_match --a mcts --b greedy --games 200 --threads 2 [--expansions all] [--seed S] [--json]
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "ai/agents.hpp"
#include "bench_setup.hpp"

namespace ck::bench {
namespace {

struct Options {
    std::string a = "mcts", b = "greedy";
    std::vector<std::string> expansions;
    uint64_t games = 200, seed = 1;
    unsigned threads = 1;
    bool json = false;
};

struct Result {
    uint64_t games = 0;
    double a_wins = 0;  // a tie counts half
    uint64_t ties = 0;
    int64_t margin_sum = 0;  // a's score minus b's
    uint64_t a_more_fields = 0, b_more_fields = 0;
    double a_score_sum = 0, b_score_sum = 0;
    double search_seconds[2] = {0, 0};
    uint64_t decisions[2] = {0, 0}, iterations[2] = {0, 0};
    bool budget_reached = false;
};

int field_points(const Game& g, uint8_t p) {
    int n = 0;
    for (const ScoreEntry& e : g.score_log())
        if (e.player == p && e.kind == FeatureKind::Field) n += e.points;
    return n;
}

// Game i: seed pair i / 2, kind a in seat i % 2.
void play(const Setup& setup, const Options& o, uint64_t i, Result& r) {
    const auto make_hooks = [&]() -> std::unique_ptr<ExpansionHooks> {
        if (setup.expansions.empty()) return nullptr;
        return std::make_unique<PluginHooks>(setup.expansions);
    };
    const auto hooks = make_hooks();
    SplitMix64 mix(o.seed * 0x9E3779B97F4A7C15ull + i / 2);
    const uint64_t seed = mix.next();
    const uint8_t a_seat = static_cast<uint8_t>(i % 2);
    Game game(setup.game_setup(seed, hooks.get()), setup.prepared);
    ai::SearchEnvironment env;
    env.make_hooks = make_hooks;
    env.notice = [](const std::string& text) { std::fprintf(stderr, "ai_match: %s\n", text.c_str()); };
    std::vector<std::unique_ptr<PlayerAgent>> agents(2);
    agents[a_seat] = ai::make_agent(o.a, mix.next(), env);
    agents[1 - a_seat] = ai::make_agent(o.b, mix.next(), env);
    play_to_end(game, agents);
    const int sa = game.score(a_seat), sb = game.score(static_cast<uint8_t>(1 - a_seat));
    ++r.games;
    r.a_wins += sa > sb ? 1.0 : sa == sb ? 0.5 : 0.0;
    r.ties += sa == sb;
    r.margin_sum += sa - sb;
    r.a_score_sum += sa;
    r.b_score_sum += sb;
    const int fa = field_points(game, a_seat), fb = field_points(game, static_cast<uint8_t>(1 - a_seat));
    r.a_more_fields += fa > fb;
    r.b_more_fields += fb > fa;
    for (int side = 0; side < 2; ++side) {
        const auto* m = dynamic_cast<const ai::MctsPlayer*>(agents[side == 0 ? a_seat : 1 - a_seat].get());
        if (!m) continue;
        r.search_seconds[side] += m->stats().seconds;
        r.decisions[side] += m->stats().searches;
        r.iterations[side] += m->stats().iterations;
        r.budget_reached |= m->stats().budget_reached;
    }
}

void add(Result& into, const Result& r) {
    into.games += r.games;
    into.a_wins += r.a_wins;
    into.ties += r.ties;
    into.margin_sum += r.margin_sum;
    into.a_more_fields += r.a_more_fields;
    into.b_more_fields += r.b_more_fields;
    into.a_score_sum += r.a_score_sum;
    into.b_score_sum += r.b_score_sum;
    for (int s = 0; s < 2; ++s) {
        into.search_seconds[s] += r.search_seconds[s];
        into.decisions[s] += r.decisions[s];
        into.iterations[s] += r.iterations[s];
    }
    into.budget_reached |= r.budget_reached;
}

// The 95% Wilson score interval of a proportion.
std::pair<double, double> wilson(double successes, double n) {
    if (n == 0) return {0, 1};
    const double z = 1.959964, p = successes / n, z2 = z * z;
    const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
    const double half = z * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n);
    return {centre - half, centre + half};
}

int run(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const auto value = [&]() -> std::string {
            if (i + 1 >= argc) throw std::runtime_error(arg + " needs a value");
            return argv[++i];
        };
        if (arg == "--a") o.a = value();
        else if (arg == "--b") o.b = value();
        else if (arg == "--games") o.games = std::stoull(value());
        else if (arg == "--seed") o.seed = std::stoull(value());
        else if (arg == "--threads") o.threads = static_cast<unsigned>(std::stoul(value()));
        else if (arg == "--expansions") {
            const std::string v = value();
            if (v != "none") o.expansions = {v};
        } else if (arg == "--json") o.json = true;
        else throw std::runtime_error("unknown option " + arg);
    }
    ai::check_agent_kind(o.a);
    ai::check_agent_kind(o.b);
    const Setup setup(o.expansions, 2);
    std::vector<Result> results(std::max(1u, o.threads));
    std::atomic<uint64_t> next{0};
    std::mutex failure_mutex;
    std::string failure;
    const auto start = std::chrono::steady_clock::now();
    const auto worker = [&](unsigned t) {
        try {
            for (uint64_t i; (i = next.fetch_add(1)) < o.games;) play(setup, o, i, results[t]);
        } catch (const std::exception& e) {
            std::lock_guard lock(failure_mutex);
            failure = e.what();
            next.store(o.games);
        }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < results.size(); ++t) pool.emplace_back(worker, t);
    worker(0);
    for (auto& th : pool) th.join();
    if (!failure.empty()) throw std::runtime_error(failure);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    Result all;
    for (const Result& r : results) add(all, r);
    const double n = static_cast<double>(all.games);
    const auto [low, high] = wilson(all.a_wins, n);
    const auto per_decision = [&](int s) { return all.decisions[s] ? all.search_seconds[s] / all.decisions[s] : 0.0; };
    const auto per_second = [&](int s) { return all.search_seconds[s] > 0 ? all.iterations[s] / all.search_seconds[s] : 0.0; };
    if (o.json) {
        std::printf("{\"a\":\"%s\",\"b\":\"%s\",\"expansions\":\"%s\",\"games\":%llu,\"seed\":%llu,\"a_win_rate\":%.4f,"
                    "\"wilson95\":[%.4f,%.4f],\"ties\":%llu,\"mean_margin\":%.3f,\"mean_score_a\":%.3f,"
                    "\"mean_score_b\":%.3f,\"a_more_field_points\":%llu,\"b_more_field_points\":%llu,"
                    "\"seconds_per_decision\":[%.4f,%.4f],\"playouts_per_second\":[%.0f,%.0f],"
                    "\"node_budget_reached\":%s,\"seconds\":%.1f}\n",
                    o.a.c_str(), o.b.c_str(), o.expansions.empty() ? "none" : o.expansions[0].c_str(),
                    static_cast<unsigned long long>(all.games), static_cast<unsigned long long>(o.seed), all.a_wins / n,
                    low, high, static_cast<unsigned long long>(all.ties), all.margin_sum / n, all.a_score_sum / n,
                    all.b_score_sum / n, static_cast<unsigned long long>(all.a_more_fields),
                    static_cast<unsigned long long>(all.b_more_fields), per_decision(0), per_decision(1), per_second(0),
                    per_second(1), all.budget_reached ? "true" : "false", seconds);
    } else {
        std::printf("%s against %s, %llu games (%s), seats alternating:\n", o.a.c_str(), o.b.c_str(),
                    static_cast<unsigned long long>(all.games), o.expansions.empty() ? "base game" : o.expansions[0].c_str());
        std::printf("  %s wins %.1f%% (95%% Wilson %.1f%%..%.1f%%), %llu ties\n", o.a.c_str(), 100 * all.a_wins / n,
                    100 * low, 100 * high, static_cast<unsigned long long>(all.ties));
        std::printf("  mean scores %.2f : %.2f, mean margin %+.2f\n", all.a_score_sum / n, all.b_score_sum / n,
                    all.margin_sum / n);
        std::printf("  more field points: %s in %llu games, %s in %llu\n", o.a.c_str(),
                    static_cast<unsigned long long>(all.a_more_fields), o.b.c_str(),
                    static_cast<unsigned long long>(all.b_more_fields));
        for (int s = 0; s < 2; ++s)
            if (all.decisions[s])
                std::printf("  %s: %.3f s per searched decision, %.0f playouts/s\n", s == 0 ? o.a.c_str() : o.b.c_str(),
                            per_decision(s), per_second(s));
        std::printf("  %.1f s%s\n", seconds, all.budget_reached ? " (a node budget was reached)" : "");
    }
    return 0;
}

}  // namespace
}  // namespace ck::bench

int main(int argc, char** argv) {
    try {
        return ck::bench::run(argc, argv);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "ai_match: %s\n", e.what());
        return 2;
    }
}
