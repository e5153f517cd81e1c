// `cloisterkit simulate`: many games between computer players, as fast as
// the host goes; prints games per second and score statistics.
#include <unistd.h>

#include <array>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "command.hpp"
#include "core/errors.hpp"
#include "core/profile.hpp"
#include "runs/game_options.hpp"
#include "runs/game_runs.hpp"
#include "number_format.hpp"
#include "round_trip_report.hpp"

namespace {

using namespace ck::host;
using ck::cli::GameEnvironment;
using ck::cli::GameOptions;
using ck::cli::format_rate;

constexpr const char* kUsage =
    "usage: cloisterkit simulate --games N [options]\n"
    "\n"
    "Plays N games between computer players and reports games per second and\n"
    "the mean scores. Game i uses a seed derived from --seed and i, so a run\n"
    "is repeatable whatever the number of threads.\n"
    "\n"
    "options:\n"
    "  --games N              number of games (default 100)\n"
    "  --threads T            worker threads (default 1)\n"
    "  --profile              also print where the time went: each stage of a turn, and in\n"
    "                         it the host's own rules and each part of the plugin calls\n"
    "                         (clock reads add a few percent to the run)\n"
    "  --round-trips          also print how long hook round trips took: per hook, calls\n"
    "                         per game and the median, 10% and 90% times (two clock reads\n"
    "                         per round trip)\n";
constexpr const char* kSimulateOnlyHelp =
    "  --help                 show this text\n"
    "\n"
    "A progress bar is shown only when standard output is a terminal.\n"
    "Exit status: 0 all games were played, 2 bad options or an error.\n";

void print_usage(std::FILE* out) { std::fprintf(out, "%s%s%s", kUsage, ck::cli::kGameOptionsHelp, kSimulateOnlyHelp); }

// Integer sums, so the totals do not depend on which thread played what.
struct Tally {
    uint64_t games = 0;
    int64_t total_score = 0;
    int64_t turns = 0;
    int min_total = 0, max_total = 0;
    std::vector<int64_t> seat_scores;
    std::vector<int64_t> seat_wins;  // sole or shared first place

    void add(const Game& g) {
        int total = 0, best = 0;
        for (const auto& p : g.players()) best = std::max(best, p.score);
        if (seat_scores.empty()) seat_scores.assign(g.player_count(), 0), seat_wins.assign(g.player_count(), 0);
        for (size_t p = 0; p < g.player_count(); ++p) {
            const int s = g.players()[p].score;
            total += s;
            seat_scores[p] += s;
            seat_wins[p] += s == best;
        }
        min_total = games ? std::min(min_total, total) : total;
        max_total = games ? std::max(max_total, total) : total;
        ++games;
        total_score += total;
        turns += g.turn_number();
    }
    void merge(const Tally& o) {
        if (!o.games) return;
        if (seat_scores.empty()) seat_scores.assign(o.seat_scores.size(), 0), seat_wins.assign(o.seat_wins.size(), 0);
        min_total = games ? std::min(min_total, o.min_total) : o.min_total;
        max_total = games ? std::max(max_total, o.max_total) : o.max_total;
        games += o.games;
        total_score += o.total_score;
        turns += o.turns;
        for (size_t p = 0; p < seat_scores.size(); ++p) seat_scores[p] += o.seat_scores[p], seat_wins[p] += o.seat_wins[p];
    }
};

// `--profile`: the share of the measured time in each stage and part.
void print_profile(const Profile& p) {
    const double total = static_cast<double>(p.total());
    if (total <= 0) return;
    const auto share = [&](uint64_t ns) { return 100.0 * static_cast<double>(ns) / total; };
    std::printf("\nwhere the time went (%.3f s measured, shares of it):\n", total / 1e9);
    std::printf("  %-32s %7s", "stage", "total");
    for (size_t part = 0; part < size_t(ProfilePart::Count); ++part)
        std::printf("  %s", profile_part_name(static_cast<ProfilePart>(part)));
    std::printf("\n");
    std::array<uint64_t, size_t(ProfilePart::Count)> by_part{};
    for (size_t stage = 1; stage <= size_t(ProfileStage::Count); ++stage) {
        const size_t st = stage % size_t(ProfileStage::Count);  // Other last
        uint64_t row = 0;
        for (uint64_t v : p.ns[st]) row += v;
        std::printf("  %-32s %6.1f%%", profile_stage_name(static_cast<ProfileStage>(st)), share(row));
        for (size_t part = 0; part < size_t(ProfilePart::Count); ++part) {
            by_part[part] += p.ns[st][part];
            std::printf("  %*.1f%%", static_cast<int>(std::string(profile_part_name(static_cast<ProfilePart>(part))).size()) - 1,
                        share(p.ns[st][part]));
        }
        std::printf("\n");
    }
    std::printf("  %-32s %6.1f%%", "all stages", 100.0);
    for (size_t part = 0; part < size_t(ProfilePart::Count); ++part)
        std::printf("  %*.1f%%", static_cast<int>(std::string(profile_part_name(static_cast<ProfilePart>(part))).size()) - 1,
                    share(by_part[part]));
    std::printf("\n  plugin path (every part but host rules): %.1f%%\n",
                100.0 - share(by_part[size_t(ProfilePart::Host)]));
}

nlohmann::ordered_json profile_json(const Profile& p) {
    nlohmann::ordered_json j;
    j["seconds_measured"] = static_cast<double>(p.total()) / 1e9;
    for (size_t st = 0; st < size_t(ProfileStage::Count); ++st) {
        nlohmann::ordered_json row;
        for (size_t part = 0; part < size_t(ProfilePart::Count); ++part)
            row[profile_part_name(static_cast<ProfilePart>(part))] = static_cast<double>(p.ns[st][part]) / 1e9;
        j["stages"][profile_stage_name(static_cast<ProfileStage>(st))] = row;
    }
    return j;
}

void draw_progress(uint64_t done, uint64_t total, double seconds) {
    constexpr int kWidth = 40;
    const int filled = total ? static_cast<int>(kWidth * done / total) : kWidth;
    std::printf("\r[%s%s] %llu/%llu games, %s games/s ", std::string(static_cast<size_t>(filled), '#').c_str(),
                std::string(static_cast<size_t>(kWidth - filled), ' ').c_str(), static_cast<unsigned long long>(done),
                static_cast<unsigned long long>(total),
                format_rate(seconds > 0 ? static_cast<double>(done) / seconds : 0.0).c_str());
    std::fflush(stdout);
}

int run_simulate(const std::vector<std::string>& args) {
    GameOptions options;
    uint64_t games = 100;
    unsigned threads = 1;
    bool profile = false;
    bool round_trips = false;
    try {
        for (size_t i = 0; i < args.size(); ++i) {
            if (args[i] == "--help" || args[i] == "-h") {
                print_usage(stdout);
                return 0;
            }
            if (ck::cli::parse_game_option(args, i, options)) continue;
            if (args[i] == "--games") {
                games = static_cast<uint64_t>(ck::cli::parse_integer("--games", ck::cli::option_value(args, i), 1, 1'000'000'000));
            } else if (args[i] == "--profile") {
                profile = true;
            } else if (args[i] == "--round-trips") {
                round_trips = true;
            } else if (args[i] == "--threads") {
                threads = static_cast<unsigned>(ck::cli::parse_integer("--threads", ck::cli::option_value(args, i), 1, 256));
            } else if (args[i] == "--save") {
                throw HostError("--save is for 'play' (one game), not 'simulate'");
            } else {
                throw HostError("unknown option '" + args[i] + "'");
            }
        }
    } catch (const HostError& e) {
        std::fprintf(stderr, "cloisterkit simulate: %s\n\n", e.what());
        print_usage(stderr);
        return 2;
    }

    const uint64_t seed = options.seed ? *options.seed : ck::cli::fresh_seed();
    const GameEnvironment env(options);
    threads = static_cast<unsigned>(std::min<uint64_t>(threads, games));
    const bool progress = !options.json && isatty(STDOUT_FILENO);

    std::atomic<uint64_t> done{0};
    std::vector<Tally> tallies(threads);
    std::vector<Profile> profiles(threads);
    std::vector<RoundTripLog> round_trip_logs(threads);
    const auto start = std::chrono::steady_clock::now();
    const std::clock_t cpu_start = std::clock();
    auto last_drawn = start;
    ck::cli::GameRun run;
    run.seed = seed;
    run.count = games;
    run.threads = threads;
    run.around_thread = [&](unsigned t, const std::function<void()>& body) {
        const ThreadProfile installed(profile ? &profiles[t] : nullptr);
        const ThreadRoundTrips timed(round_trips ? &round_trip_logs[t] : nullptr);
        body();
    };
    run.finished = [&](unsigned t, uint64_t, const Game& game) {
        tallies[t].add(game);
        const uint64_t finished = done.fetch_add(1, std::memory_order_relaxed) + 1;
        // Only the calling thread draws, at most ten times a second.
        if (!progress || t != 0) return;
        const auto now = std::chrono::steady_clock::now();
        if (now - last_drawn < std::chrono::milliseconds(100)) return;
        last_drawn = now;
        draw_progress(finished, games, std::chrono::duration<double>(now - start).count());
    };
    ck::cli::play_games(env, run);

    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double cpu_seconds = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
    Tally all;
    for (const Tally& t : tallies) all.merge(t);
    Profile time_spent;
    for (const Profile& p : profiles) time_spent.merge(p);
    RoundTripLog round_trip_times;
    for (const RoundTripLog& l : round_trip_logs) round_trip_times.merge(l);
    const double n = static_cast<double>(all.games);
    const double per_second = seconds > 0 ? n / seconds : 0.0;
    const double mean_total = static_cast<double>(all.total_score) / n;
    if (progress) {
        draw_progress(all.games, games, seconds);
        std::printf("\n");
    }
    if (options.json) {
        nlohmann::ordered_json j;
        j["games"] = all.games;
        j["threads"] = threads;
        j["seed"] = seed;
        j["seconds"] = seconds;
        j["games_per_second"] = per_second;
        j["cpu_seconds"] = cpu_seconds;
        j["games_per_cpu_second"] = cpu_seconds > 0 ? n / cpu_seconds : 0.0;
        j["mean_total_score"] = mean_total;
        j["min_total_score"] = all.min_total;
        j["max_total_score"] = all.max_total;
        j["mean_turns"] = static_cast<double>(all.turns) / n;
        j["expansions"] = env.expansion_ids();
        nlohmann::ordered_json seats = nlohmann::ordered_json::array();
        for (size_t p = 0; p < all.seat_scores.size(); ++p)
            seats.push_back({{"name", env.player_names()[p]},
                             {"type", env.player_types()[p]},
                             {"mean_score", static_cast<double>(all.seat_scores[p]) / n},
                             {"wins", all.seat_wins[p]}});
        j["players"] = seats;
        if (profile) j["profile"] = profile_json(time_spent);
        if (round_trips) j["round_trips"] = ck::cli::round_trips_json(round_trip_times, all.games);
        std::printf("%s\n", j.dump(2).c_str());
    } else {
        // CPU time is counted in clock ticks: a very short run may show none.
        const std::string per_cpu_second =
            cpu_seconds > 0 ? format_rate(n / cpu_seconds) + " per CPU second" : "CPU time too short to measure";
        std::printf("%llu games in %.3f s (%u thread%s, seed %llu): %s games/s (%s)\n",
                    static_cast<unsigned long long>(all.games), seconds, threads, threads == 1 ? "" : "s",
                    static_cast<unsigned long long>(seed), format_rate(per_second).c_str(), per_cpu_second.c_str());
        std::printf("mean total score %.2f (min %d, max %d), mean turns %.1f\n", mean_total, all.min_total,
                    all.max_total, static_cast<double>(all.turns) / n);
        for (size_t p = 0; p < all.seat_scores.size(); ++p)
            std::printf("  %-8s %-7s mean %.2f, first place %lld times\n", env.player_names()[p].c_str(),
                        env.player_types()[p].c_str(), static_cast<double>(all.seat_scores[p]) / n,
                        static_cast<long long>(all.seat_wins[p]));
        if (profile) print_profile(time_spent);
        if (round_trips) ck::cli::print_round_trips(round_trip_times, all.games);
    }
    return 0;
}

}  // namespace

CK_REGISTER_COMMAND("simulate", "play many games between computer players and measure speed", run_simulate);
