#include "options.hpp"

#include <array>
#include <stdexcept>
#include <string>

namespace ck::little_buildings {
namespace {

template <class E>
struct Choice {
    std::string_view value;
    E meaning;
};

// One option: its key, its values (the first is the default) and a description.
template <class E, size_t N>
struct OptionTable {
    std::string_view key;
    std::array<Choice<E>, N> choices;
    std::string_view description;
};

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
std::string allowed_list(const OptionTable<E, N>& table) {
    std::string out;
    for (const auto& c : table.choices) {
        if (!out.empty()) out += ", ";
        out += c.value;
    }
    return out;
}

template <class E, size_t N>
E read_one(const RuleLookup& rule, const OptionTable<E, N>& table) {
    std::optional<std::string_view> value = rule(table.key);
    if (!value) return table.choices.front().meaning;
    for (const auto& c : table.choices)
        if (c.value == *value) return c.meaning;
    throw std::runtime_error("little buildings: rule option " + std::string(table.key) + " has unknown value '" +
                             std::string(*value) + "' (allowed: " + allowed_list(table) + ")");
}

template <class E, size_t N>
sdk::RuleOption declaration(const OptionTable<E, N>& table) {
    sdk::RuleOption decl;
    decl.key = table.key;
    decl.default_value = table.choices.front().value;
    for (const auto& c : table.choices) decl.allowed.emplace_back(c.value);
    decl.description = table.description;
    return decl;
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
    return {declaration(kValuesOption), declaration(kSplitOption), declaration(kScopeOption),
            declaration(kBonusOnZeroOption)};
}

}  // namespace ck::little_buildings
