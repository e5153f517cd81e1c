// Points of roads, cities and monastic features when Halflings counts tiles
// instead of the host's occupied spaces (HF-29, HF-31, HF-33, HF-34, HF-47,
// docs/expansions/halflings.md "Scoring in tiles"). The host always scores by spaces, the 1/2021
// default; under featureCount=tiles or monasteryCount=tiles this expansion
// answers FEATURE_SCORING with the difference.
#pragma once

#include <cstdint>
#include <optional>

#include <cloisterkit/schemas/common_generated.h>
#include "options.hpp"

namespace ck::halflings {

// What the host says about a scored feature (ScoredFeature, revision 2).
struct FeatureCounts {
    fb::FeatureKind kind = fb::FeatureKind::Road;
    bool completed = false;
    uint32_t tiles = 0;     // roads/cities: distinct tiles carrying it; monastic: tiles in the 3x3 area
    uint32_t pennants = 0;  // printed pennants (cities)
};

// The base-rule points of the feature counted in tiles, or nothing when the
// options leave its points to the host:
// - featureCount=tiles, n = tiles, p = pennants: completed city 2n + 2p, or
//   n + p when `tiny_city` (tiny-city-scoring=2) and n == 2; incomplete city
//   n + p; road n (HF-29, HF-32, HF-33).
// - monasteryCount=tiles: monastery or garden = tiles (its own tile included,
//   HF-31, HF-34, HF-47).
// Fields are never changed. Throws when a count the rule needs is 0 (a road,
// city or monastic feature always has a tile: the host sent no counts).
std::optional<int32_t> points_counted_in_tiles(const FeatureCounts& feature, const Options& options, bool tiny_city);

}  // namespace ck::halflings
