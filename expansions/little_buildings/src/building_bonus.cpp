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

RefBounds::RefBounds(std::span<const fb::TileRef> refs) {
    if (refs.empty()) return;
    min_x_ = max_x_ = refs.front().x();
    min_y_ = max_y_ = refs.front().y();
    for (const fb::TileRef& r : refs) {
        min_x_ = std::min<int32_t>(min_x_, r.x());
        max_x_ = std::max<int32_t>(max_x_, r.x());
        min_y_ = std::min<int32_t>(min_y_, r.y());
        max_y_ = std::max<int32_t>(max_y_, r.y());
    }
}

}  // namespace ck::little_buildings
