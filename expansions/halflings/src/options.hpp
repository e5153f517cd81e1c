// The rule options of Halflings (docs/expansions/halflings.md, "Options")
// and the rule-era presets of halflings.ruleset. Each option's values,
// default and description come from one table in options.cpp, and each
// preset from one row there; the same tables parse a game's rules and
// declare them in the manifest, so the two can never disagree.
#pragma once

#include <cloisterkit/sdk/expansion.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

namespace ck::halflings {

// The rule eras of the rules' table 3.1 (halflings.ruleset).
enum class Ruleset { Y2021, Y2020, Y2015, Y2014 };
// The counting unit of roads and cities (featureCount, HF-29, HF-33) and of
// monastic features (monasteryCount, HF-31, HF-34, HF-47).
enum class Count { Spaces, Tiles };
// Other expansions' unit for areas and ranges (HF-46); read by Little Buildings.
enum class GridUnit { Space, Tile };
// How hands are dealt (HF-12, HF-39).
enum class Setup { Random, Draft };
// Whether Halflings II 1-4 leave the pool (HF-12); auto follows the setup.
enum class SymbolTiles { Auto, Exclude, Keep };
// Declared for complete presets only: no barns or bridges in this library.
enum class BarnPlacement { FullCorners, NoEmptyQuarter };  // HF-53
enum class BridgeCount { One, PerTile };                   // HF-56

// handSize=auto: 3 each, or as many as the pool holds for every player
// (hand_size_for in deal.hpp).
constexpr int64_t kHandSizeAuto = 0;

struct Options {
    Ruleset ruleset = Ruleset::Y2021;
    Count feature_count = Count::Spaces;
    Count monastery_count = Count::Spaces;
    GridUnit grid_unit = GridUnit::Space;
    int64_t hand_size = kHandSizeAuto;  // or a whole number >= 1
    Setup setup = Setup::Random;
    SymbolTiles symbol_tiles = SymbolTiles::Auto;
    BarnPlacement barn_placement = BarnPlacement::FullCorners;
    BridgeCount bridge_count = BridgeCount::One;

    // HF-12: auto means exclude under random, keep under draft (HF-39).
    bool exclude_symbol_tiles() const {
        return symbol_tiles == SymbolTiles::Auto ? setup == Setup::Random : symbol_tiles == SymbolTiles::Exclude;
    }
};

namespace option_keys {
inline constexpr std::string_view kRuleset = "halflings.ruleset";
inline constexpr std::string_view kFeatureCount = "halflings.featureCount";
inline constexpr std::string_view kMonasteryCount = "halflings.monasteryCount";
inline constexpr std::string_view kGridUnit = "halflings.gridUnit";
inline constexpr std::string_view kHandSize = "halflings.handSize";
inline constexpr std::string_view kSetup = "halflings.setup";
inline constexpr std::string_view kExcludeSymbolTiles = "halflings.excludeSymbolTiles";
inline constexpr std::string_view kBarnPlacement = "halflings.barnPlacement";
inline constexpr std::string_view kBridgeCount = "halflings.bridgeCount";
}  // namespace option_keys

// The value of a rule option in the current game, if the state has it.
using RuleLookup = std::function<std::optional<std::string_view>(std::string_view key)>;

// Reads every option. A key the state lacks takes the value the ruleset in
// force gives it (its preset), else its default; the host normally fills in
// every key, so this matters only for hand-built states. Throws
// std::runtime_error naming the key, the bad value and what is allowed when
// a value is unknown, or when handSize is not a whole number >= 1.
Options read_options(const RuleLookup& rule);

// Every option, default value first, for the manifest.
std::vector<sdk::RuleOption> rule_option_declarations();

// One preset per ruleset value (docs/expansions/halflings.md "Presets"), for the manifest.
std::vector<sdk::RulePreset> rule_presets();

}  // namespace ck::halflings
