// The points breakdown of a score entry, as players read it in the log of
// `play` and `replay`, their --json and the step-through page
// (docs/rendering.md, "Points breakdown"): the engine's count from the
// feature's spaces, tiles and pennants (ScoreEntry::counts), then what the
// expansions added or took away, with the buildings lying on the feature
// where there are any.
#pragma once

#include <string>
#include <string_view>

#include "core/game.hpp"

namespace ck::host::render {

// "3 spaces × 2 + 1 pennant × 2 + 2 little buildings (buildings on it: 2 houses)",
// "4 spaces", "2 completed cities × 3", "no completed city borders it";
// "" for an entry that is not a feature's (an expansion's own points).
std::string score_formula(const Game& game, const ScoreEntry& entry);

// "city 10 = <formula>", or "field 0: <why it scores nothing>"; an entry
// without a formula is "<name> <points>". `game` is the game the entry is
// from, at the time of the entry or later.
std::string score_breakdown(const Game& game, const ScoreEntry& entry);

// The name the game's expansions declared for a token kind ("tower" for
// Little Buildings' LB_TOWER); the kind as it is when none did.
std::string token_name(const Game& game, std::string_view kind);

}  // namespace ck::host::render
