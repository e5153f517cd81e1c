// Which buildings lie in a scored feature and what they add (LB-2, LB-9,
// LB-12, LB-14, LB-20, LB-23).
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include <cloisterkit/schemas/common_generated.h>
#include <cloisterkit/schemas/game_state_generated.h>

#include "building_kind.hpp"
#include "options.hpp"

namespace ck::little_buildings {

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

// The box of spaces that a list of references covers: a building outside
// it lies on none of them, which rules out most buildings at the cost of
// four comparisons.
class RefBounds {
public:
    explicit RefBounds(std::span<const fb::TileRef> refs);
    bool contains(const fb::TileRef& at) const {
        return at.x() >= min_x_ && at.x() <= max_x_ && at.y() >= min_y_ && at.y() <= max_y_;
    }

private:
    int32_t min_x_ = 0, max_x_ = -1, min_y_ = 0, max_y_ = -1;  // empty
};

// The sum of the values of the buildings among `tokens` lying on at least
// one of `refs`; each building counts once however many refs it lies on
// (LB-12). `building_of(kind)` names the building a token kind is, or
// nullopt for other expansions' tokens.
template <class BuildingOf>
int building_bonus(std::span<const fb::PlacedToken> tokens, BuildingOf&& building_of,
                   std::span<const fb::TileRef> refs, const Options& options) {
    const RefBounds bounds(refs);
    int bonus = 0;
    for (const fb::PlacedToken& token : tokens) {
        if (!bounds.contains(token.at())) continue;
        const std::optional<BuildingKind> kind = building_of(token.kind());
        if (!kind) continue;
        for (const fb::TileRef& r : refs)
            if (lies_on(token.at(), r, options.grid_unit)) {
                bonus += building_value(*kind, options.values);
                break;
            }
    }
    return bonus;
}

}  // namespace ck::little_buildings
