// A rule option with a fixed list of values, declared once: the same table
// gives the manifest's declaration (RuleOption) and turns the value in force
// into the expansion's own enum in a hook.
//
//   constexpr sdk::OptionTable<Values, 2> kValues{
//       "myExpansion.values", {{{"flat", Values::Flat}, {"321", Values::ThreeTwoOne}}}, "what it does"};
//   info.rule_options.push_back(kValues.declaration());
//   const Values v = kValues.read(ctx.rule(kValues.key), "my expansion");
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include <cloisterkit/sdk/expansion.hpp>

namespace ck::sdk {

template <class E>
struct OptionChoice {
    std::string_view value;
    E meaning;
};

template <class E, size_t N>
struct OptionTable {
    std::string_view key;
    std::array<OptionChoice<E>, N> choices;  // the first is the default
    std::string_view description;            // what `cloisterkit plugins` prints

    // The values, joined by ", ".
    std::string allowed() const {
        std::string out;
        for (const auto& c : choices) {
            if (!out.empty()) out += ", ";
            out += c.value;
        }
        return out;
    }

    RuleOption declaration() const {
        RuleOption decl;
        decl.key = key;
        decl.default_value = choices.front().value;
        for (const auto& c : choices) decl.allowed.emplace_back(c.value);
        decl.description = description;
        return decl;
    }

    // The meaning of `value` (the default's when absent). An unknown value
    // throws SetupRefused "<who>: rule option KEY has unknown value 'V'
    // (allowed: ...)", which the host reports as the user's error.
    E read(std::optional<std::string_view> value, std::string_view who) const {
        if (!value) return choices.front().meaning;
        for (const auto& c : choices)
            if (c.value == *value) return c.meaning;
        throw SetupRefused(std::string(who) + ": rule option " + std::string(key) + " has unknown value '" +
                                 std::string(*value) + "' (allowed: " + allowed() + ")");
    }
};

}  // namespace ck::sdk
