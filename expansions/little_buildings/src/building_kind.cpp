#include "building_kind.hpp"

namespace ck::little_buildings {

std::string_view token_kind(BuildingKind kind) {
    switch (kind) {
        case BuildingKind::Tower: return "LB_TOWER";
        case BuildingKind::House: return "LB_HOUSE";
        case BuildingKind::Shed: return "LB_SHED";
    }
    return {};
}

std::string_view display_name(BuildingKind kind) {
    switch (kind) {
        case BuildingKind::Tower: return "tower";
        case BuildingKind::House: return "house";
        case BuildingKind::Shed: return "shed";
    }
    return {};
}

std::optional<BuildingKind> parse_token_kind(std::string_view kind) {
    for (BuildingKind k : kAllKinds)
        if (token_kind(k) == kind) return k;
    return std::nullopt;
}

int building_value(BuildingKind kind, Values values) {
    if (values == Values::Flat) return 1;
    switch (kind) {
        case BuildingKind::Tower: return 3;
        case BuildingKind::House: return 2;
        case BuildingKind::Shed: return 1;
    }
    return 0;
}

}  // namespace ck::little_buildings
