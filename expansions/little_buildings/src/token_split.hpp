// How many buildings of each type a player gets at the start (LB-4, LB-21,
// jcz-interop §4.13).
#pragma once

#include <array>

#include "options.hpp"

namespace ck::little_buildings {

// Count per kind, indexed like kAllKinds (tower, house, shed).
using KindCounts = std::array<int, kAllKinds.size()>;

// The buildings dealt to the player at `seat` (0-based) of `player_count`.
//
// - split=jcz, or values=321 (LB-21): floor(6/N) of each type.
// - split=rules with values=flat (LB-4): floor(18/N) buildings. The types do
//   not matter for scoring then, but the host still needs kinds: the seat's
//   k-th building is type (seat + k) mod 3 in tower, house, shed order. This
//   spreads the types so no type is dealt more than the 6 in the box, for
//   every player count (tests/little_buildings check N = 1..20).
KindCounts buildings_dealt(int seat, int player_count, const Options& options);

}  // namespace ck::little_buildings
