// The scoring rules of Inns & Cathedrals (docs/expansions/inns-and-cathedrals.md),
// free of the SDK's types so a plain test can check them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace ck::inns_cathedrals {

enum class Kind { Road, City, Other };

// What the rules need of a scored feature.
struct ScoredFeature {
    Kind kind = Kind::Other;
    bool completed = false;
    int points = 0;              // as counted so far: the base game's count, Halflings' if it changed it
    uint32_t inns = 0;           // road segments with an inn
    uint32_t cathedrals = 0;     // city segments with a cathedral
};

// The change to the feature's points, with its reason for the breakdown.
struct Change {
    int delta = 0;
    std::string reason;
};

// IC-3..IC-6: nothing for a feature without an inn or a cathedral.
std::optional<Change> change_for(const ScoredFeature& feature);

}  // namespace ck::inns_cathedrals
