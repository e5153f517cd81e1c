#include "rule_options.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cstdint>

#include "core/errors.hpp"

namespace ck::host {
namespace {

std::string join(const std::vector<std::string>& items) {
    std::string out;
    for (const auto& item : items) out += (out.empty() ? "" : ", ") + item;
    return out;
}

// The namespace part of "ns.name", or "" when the key has none.
std::string_view key_namespace(std::string_view key) {
    const auto dot = key.find('.');
    if (dot == std::string_view::npos || dot == 0 || dot + 1 == key.size()) return {};
    return key.substr(0, dot);
}

// The words a Boolean option accepts, for true and for false.
constexpr std::array<std::string_view, 4> kTrueWords{"true", "yes", "on", "1"};
constexpr std::array<std::string_view, 4> kFalseWords{"false", "no", "off", "0"};

bool is_boolean_text(const std::string& v) {
    return std::find(kTrueWords.begin(), kTrueWords.end(), v) != kTrueWords.end() ||
           std::find(kFalseWords.begin(), kFalseWords.end(), v) != kFalseWords.end();
}

// What an integer option takes, in words: "an integer from 1 to 10".
std::string integer_range_text(const RuleOptionInfo& o) {
    if (o.int_min == INT32_MIN && o.int_max == INT32_MAX) return "a whole number";
    if (o.int_max == INT32_MAX) return "a whole number of at least " + std::to_string(o.int_min);
    if (o.int_min == INT32_MIN) return "a whole number of at most " + std::to_string(o.int_max);
    return "a whole number from " + std::to_string(o.int_min) + " to " + std::to_string(o.int_max);
}

// Every key declared twice among the enabled expansions, or in another
// enabled expansion's namespace, refused before the game: either would
// make one expansion read the other's option.
void check_declared_keys(const std::vector<const PluginExpansion*>& expansions) {
    std::map<std::string, const PluginExpansion*> declared_by;
    std::map<std::string, const PluginExpansion*> namespace_of;
    for (const auto* e : expansions) namespace_of.emplace(option_namespace(e->short_name()), e);
    for (const auto* e : expansions)
        for (const auto& o : e->rule_options) {
            const auto [it, inserted] = declared_by.emplace(o.key, e);
            if (!inserted && it->second != e)
                throw HostError("rule option " + o.key + " is declared by two enabled expansions, '" +
                                it->second->id + "' and '" + e->id + "': enable only one of them");
            const auto owner = namespace_of.find(std::string(key_namespace(o.key)));
            if (owner != namespace_of.end() && owner->second != e)
                throw HostError("expansion '" + e->id + "' declares rule option " + o.key +
                                ", in the namespace of expansion '" + owner->second->id +
                                "': the two cannot be enabled together until '" + e->id + "' renames it to " +
                                option_namespace(e->short_name()) + "." + o.key.substr(o.key.find('.') + 1));
        }
}

}  // namespace

std::string option_namespace(std::string_view short_name) {
    std::string out;
    bool upper = false;
    for (char c : short_name) {
        if (c == '-' || c == '_' || c == ' ') {
            upper = !out.empty();
            continue;
        }
        out += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
        upper = false;
    }
    return out;
}

std::string option_key_problem(const PluginExpansion& e, const std::string& key) {
    const std::string ns = option_namespace(e.short_name());
    const std::string_view key_ns = key_namespace(key);
    if (key_ns.empty()) return "option key '" + key + "' has no namespace: name it '" + ns + "." + key + "'";
    if (key_ns != ns && key_ns != e.short_name())
        return "option key '" + key + "' is in the namespace '" + std::string(key_ns) + "', not this expansion's ('" +
               ns + "'): another expansion's key, or a typo";
    return {};
}

std::string rule_option_declaration_problem(const RuleOptionInfo& o) {
    if (!o.jcz_element.empty() && o.value_type != RuleValueType::Integer && o.value_type != RuleValueType::Boolean)
        return "rule option " + o.key + " is carried by JCloisterZone element '" + o.jcz_element +
               "', so it must be Integer or Boolean (an element holds a count or true/false)";
    switch (o.value_type) {
        case RuleValueType::Text: return {};
        case RuleValueType::Integer:
            if (o.int_min > o.int_max)
                return "rule option " + o.key + " declares the empty range " + std::to_string(o.int_min) + ".." +
                       std::to_string(o.int_max);
            break;
        case RuleValueType::Boolean: break;
        default:
            return "rule option " + o.key + " declares value type " + std::to_string(static_cast<int>(o.value_type)) +
                   ", which this host does not know (it knows Text, Integer and Boolean)";
    }
    if (const std::string bad = rule_value_problem(o, o.default_value); !bad.empty())
        return "rule option " + o.key + "'s default: " + bad;
    return {};
}

std::string allowed_values_text(const RuleOptionInfo& o) {
    if (!o.allowed.empty()) return "one of " + join(o.allowed);
    switch (o.value_type) {
        case RuleValueType::Integer: return integer_range_text(o);
        case RuleValueType::Boolean: return "true or false";
        default: return {};
    }
}

bool rule_value_true(std::string_view value) {
    return std::find(kTrueWords.begin(), kTrueWords.end(), value) != kTrueWords.end();
}

const char* rule_value_type_name(RuleValueType type) {
    switch (type) {
        case RuleValueType::Integer: return "integer";
        case RuleValueType::Boolean: return "boolean";
        default: return "text";
    }
}

std::string rule_value_problem(const RuleOptionInfo& o, const std::string& value) {
    if (!o.allowed.empty()) {
        for (const auto& a : o.allowed)
            if (a == value) return {};
        return "\"" + value + "\" is not allowed (one of " + join(o.allowed) + ")";
    }
    switch (o.value_type) {
        case RuleValueType::Integer: {
            int64_t n = 0;
            const char* end = value.data() + value.size();
            const auto [ptr, ec] = std::from_chars(value.data(), end, n);
            if (value.empty() || ec != std::errc() || ptr != end)
                return "\"" + value + "\" is not a whole number (" + integer_range_text(o) + ")";
            if (n < o.int_min || n > o.int_max)
                return "\"" + value + "\" is out of range (" + integer_range_text(o) + ")";
            return {};
        }
        case RuleValueType::Boolean:
            if (is_boolean_text(value)) return {};
            return "\"" + value + "\" is not a boolean (true or false; yes/no, on/off, 1/0)";
        default: return {};
    }
}

void complete_rule_options(const std::vector<const PluginExpansion*>& expansions,
                           std::map<std::string, std::string>& rules) {
    check_declared_keys(expansions);
    const std::map<std::string, std::string> given = rules;
    std::map<std::string, std::string> preset_origin;  // key -> "preset=value" that set it
    for (const auto* e : expansions)
        for (const auto& preset : e->rule_presets) {
            auto in_force = given.find(preset.key);
            std::string value;
            if (in_force != given.end()) {
                value = in_force->second;
            } else {
                for (const auto& o : e->rule_options)
                    if (o.key == preset.key) value = o.default_value;
            }
            if (value != preset.value) continue;
            const std::string origin = preset.key + "=" + preset.value;
            for (const auto& [key, v] : preset.sets) {
                if (given.count(key)) continue;  // given explicitly: wins
                auto it = rules.find(key);
                if (it != rules.end() && it->second != v)
                    throw HostError("rule presets " + preset_origin[key] + " and " + origin + " set " + key +
                                    " differently (" + it->second + " vs " + v + ")");
                rules[key] = v;
                preset_origin[key] = origin;
            }
        }
    for (const auto* e : expansions)
        for (const auto& o : e->rule_options) {
            const auto [it, inserted] = rules.try_emplace(o.key, o.default_value);
            if (inserted) continue;  // the declared default, checked when the module loaded
            if (const std::string bad = rule_value_problem(o, it->second); !bad.empty())
                throw HostError("rule option " + o.key + " of expansion '" + e->id + "': " + bad +
                                (preset_origin.count(o.key) ? " (set by preset " + preset_origin[o.key] + ")" : ""));
        }
}

}  // namespace ck::host
