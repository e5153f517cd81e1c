// The rule options this expansion reads (docs/expansions/little-buildings.md,
// "Options"). Each option's allowed values, default and meaning come from
// one table in options.cpp, used both to parse a game's rules and to declare
// them in the manifest, so the two can never disagree.
#pragma once

#include <cloisterkit/sdk/expansion.hpp>

#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "building_kind.hpp"

namespace ck::little_buildings {

// How the buildings are dealt at the start (LB-4, LB-21, jcz-interop §4.13).
enum class Split { Rules, Jcz };
// Which features get the bonus (LB-14).
enum class Scope { Extended, Official };
// Halflings' unit for other expansions' areas (LB-23, HF-60).
enum class GridUnit { Space, Tile };

struct Options {
    Values values = Values::Flat;
    Split split = Split::Rules;
    Scope scope = Scope::Extended;
    bool bonus_on_zero_score = true;
    GridUnit grid_unit = GridUnit::Space;
};

namespace option_keys {
inline constexpr std::string_view kValues = "littleBuildings.values";
inline constexpr std::string_view kSplit = "littleBuildings.split";
inline constexpr std::string_view kScope = "littleBuildings.scope";
inline constexpr std::string_view kBonusOnZeroScore = "littleBuildings.bonusOnZeroScore";
// Owned by Halflings; read here only for LB-23.
inline constexpr std::string_view kGridUnit = "halflings.gridUnit";
}  // namespace option_keys

// The value of a rule option in the current game, if the host set it.
using RuleLookup = std::function<std::optional<std::string_view>(std::string_view key)>;

// Reads every option; an absent option takes its default. Throws
// std::runtime_error naming the key, the bad value and the allowed values
// when a value is not one this expansion knows.
Options read_options(const RuleLookup& rule);

// Our own options (not halflings.gridUnit), default value first, for the manifest.
std::vector<sdk::RuleOption> rule_option_declarations();

}  // namespace ck::little_buildings
