// `cloisterkit simulate --round-trips`: the times of hook round trips in
// the games just played (plugins/round_trips.hpp), per hook and over all.
#pragma once

#include <cstdint>

#include <nlohmann/json.hpp>

#include "plugins/round_trips.hpp"

namespace ck::cli {

// Both reorder the samples of `log` (percentiles are taken in place).
void print_round_trips(ck::host::RoundTripLog& log, uint64_t games);
nlohmann::ordered_json round_trips_json(ck::host::RoundTripLog& log, uint64_t games);

}  // namespace ck::cli
