#include "building_bonus.hpp"

#include <algorithm>

namespace ck::little_buildings {

Reach bonus_reach(fb::FeatureKind kind, Scope scope) {
    switch (kind) {
        case fb::FeatureKind::Road:
        case fb::FeatureKind::City:
        case fb::FeatureKind::Field: return Reach::Parts;
        case fb::FeatureKind::Monastery: return Reach::Area;
        // Gardens: not in the published rule text, only in the wiki's reading (LB-14, docs/expansions/little-buildings.md).
        case fb::FeatureKind::Garden: return scope == Scope::Extended ? Reach::Area : Reach::None;
    }
    // A feature kind added to the schema after this code: no rule covers it yet.
    return Reach::None;
}

bool lies_on(const fb::TileRef& building, const fb::TileRef& ref, GridUnit grid_unit) {
    if (building.x() != ref.x() || building.y() != ref.y()) return false;
    if (grid_unit == GridUnit::Space || ref.corner() == fb::Corner::None) return true;
    return building.corner() == ref.corner();
}

int building_bonus(std::span<const Building> buildings, std::span<const fb::TileRef> refs, const Options& options) {
    int bonus = 0;
    for (const Building& b : buildings) {
        const bool inside = std::any_of(refs.begin(), refs.end(),
                                        [&](const fb::TileRef& r) { return lies_on(b.at, r, options.grid_unit); });
        if (inside) bonus += building_value(b.kind, options.values);
    }
    return bonus;
}

}  // namespace ck::little_buildings
