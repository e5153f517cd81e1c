// The three building types (LB-1) and what each is worth (LB-12, LB-20).
#pragma once

#include <array>
#include <optional>
#include <string_view>

namespace ck::little_buildings {

enum class BuildingKind { Tower, House, Shed };

// Fixed order used everywhere we list the kinds (options, dealing, manifest).
inline constexpr std::array<BuildingKind, 3> kAllKinds{BuildingKind::Tower, BuildingKind::House,
                                                       BuildingKind::Shed};

// Each type exists 6 times in the box (LB-3).
inline constexpr int kTokensPerKind = 6;

// The token kind as it crosses the ABI: JCloisterZone's names.
std::string_view token_kind(BuildingKind kind);
// The player-facing name: "tower", "house", "shed".
std::string_view display_name(BuildingKind kind);
// The kind for a token kind string, or nothing for another expansion's token.
std::optional<BuildingKind> parse_token_kind(std::string_view kind);

enum class Values { Flat, ThreeTwoOne };

// +1 each under `flat`; tower 3, house 2, shed 1 under `321` (LB-20).
int building_value(BuildingKind kind, Values values);

}  // namespace ck::little_buildings
