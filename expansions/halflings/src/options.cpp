#include "options.hpp"

#include <cloisterkit/sdk/helpers.hpp>
#include <cloisterkit/sdk/option_table.hpp>

#include <array>
#include <stdexcept>
#include <string>

namespace ck::halflings {
namespace {

using sdk::OptionTable;

constexpr std::string_view kWho = "halflings";

constexpr OptionTable<Ruleset, 4> kRulesetOption{
    option_keys::kRuleset,
    {{{"2021", Ruleset::Y2021}, {"2020", Ruleset::Y2020}, {"2015", Ruleset::Y2015}, {"2014", Ruleset::Y2014}}},
    "Rule era, a preset for featureCount, monasteryCount, gridUnit, handSize, barnPlacement and "
    "bridgeCount (any of them given explicitly wins). 2021: the 1/2021 clarifications, everything "
    "counted in occupied spaces, hands of 3. 2020: 2nd-edition rules, roads and cities by tiles, "
    "monasteries by spaces, hands of 3. 2015: the 10/2015 1st-edition clarifications, everything by "
    "tiles (monastery up to 18), hands of 2. 2014: 1st-edition rules, spaces, hands of 2."};

constexpr OptionTable<Count, 2> kFeatureCountOption{
    option_keys::kFeatureCount,
    {{{"spaces", Count::Spaces}, {"tiles", Count::Tiles}}},
    "Size of a road or city, completed or at final scoring (HF-29, HF-33). spaces: distinct occupied "
    "spaces, two triangles in one space count 1. tiles: distinct tiles, each triangle counts 1; the "
    "tiny-city rule then means a city of two tiles. Pennants count as printed (HF-32)."};

constexpr OptionTable<Count, 2> kMonasteryCountOption{
    option_keys::kMonasteryCount,
    {{{"spaces", Count::Spaces}, {"tiles", Count::Tiles}}},
    "Points of monasteries and gardens (HF-31, HF-34, HF-47). spaces: 1 per occupied space of the "
    "3x3 area, 9 at most. tiles: 1 per tile in the 3x3 area, its own and a second triangle in its "
    "space included, 9 to 18 when completed. Completion is unchanged (HF-30)."};

constexpr OptionTable<GridUnit, 2> kGridUnitOption{
    option_keys::kGridUnit,
    {{{"space", GridUnit::Space}, {"tile", GridUnit::Tile}}},
    "Unit of other expansions' areas and ranges (HF-46). space: a figure or token affects every tile "
    "of its space. tile: only its own triangle. Read by Little Buildings (HF-60, LB-23); Halflings "
    "itself does not use it."};

constexpr OptionTable<Setup, 2> kSetupOption{
    option_keys::kSetup,
    {{{"random", Setup::Random}, {"draft", Setup::Draft}}},
    "How hands are dealt at the start. random: shuffle the pool, each player takes handSize (HF-12). "
    "draft: players pick one tile at a time from the face-up pool, last player in turn order first, "
    "in reverse turn order every round (HF-39); the computer picks each tile at random (seeded)."};

constexpr OptionTable<SymbolTiles, 3> kExcludeSymbolTilesOption{
    option_keys::kExcludeSymbolTiles,
    {{{"auto", SymbolTiles::Auto}, {"true", SymbolTiles::Exclude}, {"false", SymbolTiles::Keep}}},
    "Whether Halflings II 1-4 (vineyard, sheep, hill, crop circle) leave the pool, leaving 20 of the "
    "24 tiles (HF-12). auto: true for setup=random, false for setup=draft (HF-39). The symbols "
    "themselves have no effect in this library."};

constexpr OptionTable<BarnPlacement, 2> kBarnPlacementOption{
    option_keys::kBarnPlacement,
    {{{"fullCorners", BarnPlacement::FullCorners}, {"noEmptyQuarter", BarnPlacement::NoEmptyQuarter}}},
    "Barn placement next to triangles (HF-53). Declared so the presets are complete; it has no effect "
    "in this library, which has no barns."};

constexpr OptionTable<BridgeCount, 2> kBridgeCountOption{
    option_keys::kBridgeCount,
    {{{"one", BridgeCount::One}, {"perTile", BridgeCount::PerTile}}},
    "Road count of a bridge over two triangles (HF-56). Declared so the presets are complete; it has "
    "no effect in this library, which has no bridges."};

constexpr std::string_view kHandSizeDefault = "auto";
constexpr std::string_view kHandSizeDescription =
    "Halflings per player, a whole number >= 1 (HF-12, HF-40), or auto: 3 (the 2nd edition's), fewer when "
    "3 each do not fit the pool (7 or 8 players with excludeSymbolTiles). handSize x players must not exceed "
    "the pool (HF-14). Not enforced when a saved game fixes the hands.";

// The presets (docs/expansions/halflings.md "Presets"), one row per ruleset value. Every row names all six
// keys, so a preset fixes an era completely (the table's "none" means the
// defaults).
struct PresetRow {
    std::string_view ruleset;
    std::string_view feature_count, monastery_count, grid_unit, hand_size, barn_placement, bridge_count;
};
constexpr std::array<PresetRow, 4> kPresets{{
    {"2021", "spaces", "spaces", "space", "auto", "fullCorners", "one"},
    {"2020", "tiles", "spaces", "tile", "auto", "noEmptyQuarter", "one"},
    {"2015", "tiles", "tiles", "tile", "2", "noEmptyQuarter", "perTile"},
    {"2014", "spaces", "spaces", "space", "2", "fullCorners", "one"},
}};

// The (key, value) pairs a preset row sets, in declaration order.
std::array<std::pair<std::string_view, std::string_view>, 6> preset_sets(const PresetRow& row) {
    return {{{option_keys::kFeatureCount, row.feature_count},
             {option_keys::kMonasteryCount, row.monastery_count},
             {option_keys::kGridUnit, row.grid_unit},
             {option_keys::kHandSize, row.hand_size},
             {option_keys::kBarnPlacement, row.barn_placement},
             {option_keys::kBridgeCount, row.bridge_count}}};
}

const PresetRow* preset_for(std::string_view ruleset) {
    for (const PresetRow& row : kPresets)
        if (row.ruleset == ruleset) return &row;
    return nullptr;
}

template <class E, size_t N>
E read_one(const RuleLookup& rule, const OptionTable<E, N>& table) {
    return table.read(rule(table.key), kWho);
}

int64_t read_hand_size(const RuleLookup& rule) {
    const std::string_view text = rule(option_keys::kHandSize).value_or(kHandSizeDefault);
    if (text == "auto") return kHandSizeAuto;
    const std::optional<int64_t> n = sdk::parse_int(text);
    if (!n || *n < 1)
        throw sdk::SetupRefused("halflings: rule option " + std::string(option_keys::kHandSize) +
                                " must be a whole number >= 1 or auto, got '" + std::string(text) + "' (HF-40)");
    return *n;
}

}  // namespace

Options read_options(const RuleLookup& rule) {
    Options o;
    o.ruleset = read_one(rule, kRulesetOption);
    const PresetRow* preset = preset_for(rule(option_keys::kRuleset).value_or(kPresets.front().ruleset));
    // explicit value > the ruleset's preset > the option's default
    const RuleLookup in_force = [&](std::string_view key) -> std::optional<std::string_view> {
        if (std::optional<std::string_view> v = rule(key)) return v;
        for (const auto& [k, v] : preset_sets(*preset))
            if (k == key) return v;
        return std::nullopt;
    };
    o.feature_count = read_one(in_force, kFeatureCountOption);
    o.monastery_count = read_one(in_force, kMonasteryCountOption);
    o.grid_unit = read_one(in_force, kGridUnitOption);
    o.hand_size = read_hand_size(in_force);
    o.setup = read_one(in_force, kSetupOption);
    o.symbol_tiles = read_one(in_force, kExcludeSymbolTilesOption);
    o.barn_placement = read_one(in_force, kBarnPlacementOption);
    o.bridge_count = read_one(in_force, kBridgeCountOption);
    return o;
}

std::vector<sdk::RuleOption> rule_option_declarations() {
    sdk::RuleOption hand_size;
    hand_size.key = option_keys::kHandSize;
    hand_size.default_value = kHandSizeDefault;
    hand_size.description = kHandSizeDescription;  // free-form: no allowed list
    return {kRulesetOption.declaration(),
            kFeatureCountOption.declaration(),
            kMonasteryCountOption.declaration(),
            kGridUnitOption.declaration(),
            hand_size,
            kSetupOption.declaration(),
            kExcludeSymbolTilesOption.declaration(),
            kBarnPlacementOption.declaration(),
            kBridgeCountOption.declaration()};
}

std::vector<sdk::RulePreset> rule_presets() {
    std::vector<sdk::RulePreset> presets;
    for (const PresetRow& row : kPresets) {
        sdk::RulePreset p;
        p.key = option_keys::kRuleset;
        p.value = row.ruleset;
        for (const auto& [key, value] : preset_sets(row)) p.sets.emplace_back(key, value);
        presets.push_back(std::move(p));
    }
    return presets;
}

}  // namespace ck::halflings
