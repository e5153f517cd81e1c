// Which buildings lie in a scored feature and what they add (LB-2, LB-9,
// LB-12, LB-14, LB-20, LB-23).
#pragma once

#include <span>
#include <vector>

#include <cloisterkit/schemas/common_generated.h>
#include "options.hpp"

namespace ck::little_buildings {

struct Building {
    BuildingKind kind;
    fb::TileRef at;
};

// Where a feature looks for buildings.
enum class Reach {
    None,   // the feature gets no bonus (LB-14 scope, or a kind we do not know)
    Parts,  // roads, cities, fields: the tiles carrying the feature (LB-2)
    Area,   // monastic features: their 3x3 area (LB-2, LB-14)
};
Reach bonus_reach(fb::FeatureKind kind, Scope scope);

// Whether a building at `building` lies on reference `ref` (a part or an
// area space). gridUnit=space: same space, so a building on one triangle
// also counts for the other (LB-23, HF-60). gridUnit=tile: a reference with
// a corner names one triangle and matches only a building on that triangle;
// a reference without one (a square, an area space) matches its whole space.
bool lies_on(const fb::TileRef& building, const fb::TileRef& ref, GridUnit grid_unit);

// The sum of the values of the buildings lying on at least one of `refs`;
// each building counts once however many refs it lies on (LB-12).
int building_bonus(std::span<const Building> buildings, std::span<const fb::TileRef> refs, const Options& options);

}  // namespace ck::little_buildings
