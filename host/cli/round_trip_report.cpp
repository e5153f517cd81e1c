#include "round_trip_report.hpp"

#include <cstdio>
#include <string>
#include <vector>

#include "plugins/hook_names.hpp"

namespace ck::cli {
namespace {

using ck::host::RoundTripLog;

struct Row {
    std::string name;
    uint64_t count = 0;
    double median = 0, p10 = 0, p90 = 0;
};

Row row_of(std::string name, uint64_t count, std::vector<uint32_t>& samples) {
    return Row{std::move(name), count, ck::host::percentile(samples, 0.5), ck::host::percentile(samples, 0.1),
               ck::host::percentile(samples, 0.9)};
}

// One row per hook that was called, then every hook together, then the
// state serialisations (timed apart from the round trips).
std::vector<Row> rows_of(RoundTripLog& log) {
    std::vector<Row> rows;
    std::vector<uint32_t> all;
    uint64_t all_count = 0;
    for (uint32_t hook = 0; hook < CK_HOOK_COUNT; ++hook) {
        if (log.count[hook] == 0) continue;
        all.insert(all.end(), log.ns[hook].begin(), log.ns[hook].end());
        all_count += log.count[hook];
        rows.push_back(row_of(ck::host::hook_name(hook), log.count[hook], log.ns[hook]));
    }
    rows.push_back(row_of("all hooks", all_count, all));
    rows.push_back(row_of("state serialisation", log.count[RoundTripLog::kSerialisation],
                          log.ns[RoundTripLog::kSerialisation]));
    return rows;
}

}  // namespace

void print_round_trips(RoundTripLog& log, uint64_t games) {
    std::printf("\nhook round trips (request built to effects applied; state serialisation apart):\n");
    std::printf("  %-24s %9s %9s %9s %9s\n", "", "per game", "median", "10%", "90%");
    for (const Row& r : rows_of(log))
        std::printf("  %-24s %9.2f %6.0f ns %6.0f ns %6.0f ns\n", r.name.c_str(),
                    games ? static_cast<double>(r.count) / static_cast<double>(games) : 0.0, r.median, r.p10, r.p90);
}

nlohmann::ordered_json round_trips_json(RoundTripLog& log, uint64_t games) {
    nlohmann::ordered_json j;
    for (const Row& r : rows_of(log))
        j[r.name] = {{"count", r.count},
                     {"per_game", games ? static_cast<double>(r.count) / static_cast<double>(games) : 0.0},
                     {"median_ns", r.median},
                     {"p10_ns", r.p10},
                     {"p90_ns", r.p90}};
    return j;
}

}  // namespace ck::cli
