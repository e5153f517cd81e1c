#include "options.hpp"

#include <cloisterkit/sdk/option_table.hpp>

#include <string>

namespace ck::little_buildings {
namespace {

using sdk::OptionTable;

constexpr OptionTable<Values, 2> kValuesOption{
    option_keys::kValues,
    {{{"flat", Values::Flat}, {"321", Values::ThreeTwoOne}}},
    "flat: every building adds +1 (LB-12). 321: tower +3, house +2, shed +1, and every player "
    "gets the same number of each type (LB-20, LB-21)."};

constexpr OptionTable<Split, 2> kSplitOption{
    option_keys::kSplit,
    {{{"rules", Split::Rules}, {"jcz", Split::Jcz}}},
    "rules: the published split, floor(18/players) each, mixed tower/house/shed (LB-4); under "
    "321 floor(6/players) of each type (LB-21). jcz: JCloisterZone's split, floor(6/players) of "
    "each type whatever the values; use it to replay .jcz games."};

constexpr OptionTable<Scope, 2> kScopeOption{
    option_keys::kScope,
    {{{"extended", Scope::Extended}, {"official", Scope::Official}}},
    "official: roads, cities, monasteries and fields only. extended: also gardens and the "
    "other features of LB-14 (LB-14)."};

constexpr OptionTable<bool, 2> kBonusOnZeroOption{
    option_keys::kBonusOnZeroScore,
    {{{"true", true}, {"false", false}}},
    "false: a feature whose points are 0 after all modifiers gets no building bonus (LB-15)."};

constexpr OptionTable<GridUnit, 2> kGridUnitOption{
    option_keys::kGridUnit, {{{"space", GridUnit::Space}, {"tile", GridUnit::Tile}}}, ""};

template <class E, size_t N>
E read_one(const RuleLookup& rule, const OptionTable<E, N>& table) {
    return table.read(rule(table.key), "little buildings");
}

}  // namespace

Options read_options(const RuleLookup& rule) {
    Options o;
    o.values = read_one(rule, kValuesOption);
    o.split = read_one(rule, kSplitOption);
    o.scope = read_one(rule, kScopeOption);
    o.bonus_on_zero_score = read_one(rule, kBonusOnZeroOption);
    o.grid_unit = read_one(rule, kGridUnitOption);
    return o;
}

std::vector<sdk::RuleOption> rule_option_declarations() {
    return {kValuesOption.declaration(), kSplitOption.declaration(), kScopeOption.declaration(),
            kBonusOnZeroOption.declaration()};
}

}  // namespace ck::little_buildings
