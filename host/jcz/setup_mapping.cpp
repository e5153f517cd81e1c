#include "setup_mapping.hpp"

#include <algorithm>
#include <array>
#include <string_view>

#include "core/errors.hpp"
#include "core/game.hpp"
#include "plugins/plugin_registry.hpp"
#include "plugins/rule_options.hpp"

namespace ck::host::jcz {

namespace {

[[noreturn]] void fail(const std::string& path, const std::string& why) {
    throw HostError(ErrorCategory::BadInput, path + ": " + why);
}

// The rule ids JCloisterZone 5.x knows: the keys of its enum
// com.jcloisterzone.game.Rule (engine source, game/Rule.java), the only
// ones Rule.byKey accepts when the engine reads setup.rules
// (engine/Engine.java, createSetupFromMessage). 5.7 clients wrote every one
// of them with its value into the file.
constexpr std::array<std::string_view, 19> kJczRuleKeys{
    "princess-action",   "fairy-placement",         "dragon-move",        "wagon-move",
    "barn-placement",    "bazaar-no-auction",       "hill-tiebreaker",    "espace-variant",
    "gq11-pig-herd",     "tunnelize-other-expansions", "more-tunnel-tokens", "festival-return",
    "keep-monasteries",  "labyrinth-variant",       "little-buildings-scoring", "king-and-robber-scoring",
    "tiny-city-scoring", "coc-final-scoring",       "count-move"};

const RuleOptionInfo* find_option(const PluginExpansion& e, const std::string& key) {
    for (const auto& o : e.rule_options)
        if (o.key == key) return &o;
    return nullptr;
}

std::string joined(const std::vector<std::string>& values) {
    std::string out;
    for (const auto& v : values) out += (out.empty() ? "" : ", ") + v;
    return out;
}

// Records key=value, or fails if the file already set key differently
// (under either name). `origin` says where each value came from.
void set_rule(MappedSetup& out, std::map<std::string, std::string>& origin, const std::string& key,
              const std::string& value, const std::string& from) {
    auto it = out.rules.find(key);
    if (it != out.rules.end() && it->second != value)
        fail("setup.rules", origin[key] + " and " + from + " disagree (" + key + "=" + it->second + " vs " + key +
                                "=" + value + ")");
    out.rules[key] = value;
    origin[key] = from;
}

// The value a save's element gives the option it carries.
std::string element_option_value(const Setup& setup, const RuleOptionInfo& o) {
    const auto it = setup.elements.find(o.jcz_element);
    const std::string path = "setup.elements." + o.jcz_element;
    const bool present = it != setup.elements.end() && !it->is_null();
    if (o.value_type == RuleValueType::Boolean) return present && setup.element_enabled(o.jcz_element) ? "true" : "false";
    if (!present) return "0";
    if (it->is_boolean()) return it->get<bool>() ? "1" : "0";
    if (!it->is_number_integer())
        fail(path, "expected a whole number (the count of " + o.key + "), got " + it->dump());
    const int64_t n = it->get<int64_t>();
    if (n < o.int_min || n > o.int_max)
        fail(path, std::to_string(n) + " is out of range for " + o.key + " (" + std::to_string(o.int_min) + " to " +
                       std::to_string(o.int_max) + ")");
    return std::to_string(n);
}

}  // namespace

bool is_jcz_rule_key(std::string_view key) {
    return std::find(kJczRuleKeys.begin(), kJczRuleKeys.end(), key) != kJczRuleKeys.end();
}

std::string rule_value_text(const Json& value) {
    if (value.is_string()) return value.get<std::string>();
    return value.dump();
}

MappedSetup map_jcz_setup(const Setup& setup, const PluginRegistry& registry, const Json& annotation_rules) {
    MappedSetup out;

    // Elements -> expansions.
    std::vector<std::string> specs;
    for (const auto& [key, value] : setup.elements.items()) {
        if (key == kElementSmallFollower || key == kElementFarmers) continue;
        if (!setup.element_enabled(key)) continue;  // false / 0: switched off
        const PluginExpansion* e = registry.find(key);
        for (const auto* x : registry.expansions())
            if (!e && (std::find(x->jcz_extra_elements.begin(), x->jcz_extra_elements.end(), key) !=
                           x->jcz_extra_elements.end() ||
                       option_of_element(*x, key) != nullptr))
                e = x;
        if (!e) {
            std::string known;
            for (const auto* x : registry.expansions()) known += (known.empty() ? "" : ", ") + x->short_name();
            fail("setup.elements." + key, "no loaded expansion provides element '" + key + "' (available: " +
                                              (known.empty() ? "none" : known) + "; " + registry.search_hint() + ")");
        }
        specs.push_back(e->id);
    }
    // A tile set of the save that a loaded expansion declares
    // enabled_by_save enables it: JCloisterZone's client enforces such
    // elements from the set and never writes them (the Watchtowers').
    for (const auto& [set, count] : setup.sets) {
        if (count <= 0) continue;
        for (const auto* x : registry.expansions())
            for (const DeckTileSetInfo& d : x->deck_tile_sets)
                if (d.enabled_by_save && d.tile_set == set && std::find(specs.begin(), specs.end(), x->id) == specs.end())
                    specs.push_back(x->id);
    }
    out.expansions = registry.resolve(specs);
    // An expansion standing for several elements (abbot and garden) plays
    // only the game that has all of them.
    for (const auto* e : out.expansions) {
        const std::vector<std::string> elements = jcz_elements_of(*e);
        if (elements.size() < 2) continue;
        for (const std::string& needed : elements)
            if (!setup.element_enabled(needed))
                fail("setup.elements", "element '" + needed + "' is missing: " + e->id + " plays the elements '" +
                                           elements.front() + "' and '" +
                                           joined({elements.begin() + 1, elements.end()}) +
                                           "' together, not one without the other");
    }

    // Rules: ours pass through, JCZ's are translated; setup.rules first,
    // then the options JCloisterZone does not know (gameAnnotations.rules).
    std::map<std::string, std::string> origin;
    auto map_rules = [&](const Json& rules, const std::string& where, bool annotations) {
        for (const auto& [key, value] : rules.items()) {
            const std::string text = rule_value_text(value);
            const std::string path = where + "." + key;
            // How a disagreement names this value.
            const std::string from = (annotations ? path : key) + "=" + text;
            if (is_engine_rule(key)) {
                // The engine checks its own values and aliases.
                set_rule(out, origin, key, text, from);
                continue;
            }
            bool handled = false;
            for (const auto* e : out.expansions) {
                std::vector<std::string> jcz_values;
                for (const auto& a : e->jcz_rule_aliases) {
                    if (a.jcz_key != key) continue;
                    jcz_values.push_back(a.jcz_value);
                    if (a.jcz_value == text) {
                        set_rule(out, origin, a.key, a.value, from);
                        handled = true;
                    }
                }
                if (!jcz_values.empty() && !handled)
                    fail(path, "unknown value '" + text + "' (allowed: " + joined(jcz_values) + ")");
                if (const RuleOptionInfo* o = find_option(*e, key)) {
                    if (!o->allowed.empty() &&
                        std::find(o->allowed.begin(), o->allowed.end(), text) == o->allowed.end())
                        fail(path, "unknown value '" + text + "' (allowed: " + joined(o->allowed) + ")");
                    set_rule(out, origin, key, text, from);
                    handled = true;
                }
                if (handled) break;
            }
            if (handled) continue;
            // A JCZ rule whose expansion is not enabled (loaded or not) has
            // no effect in JCloisterZone either: an enabled one is handled
            // above or rejected by its element.
            bool known_elsewhere = false;
            for (const auto* e : registry.expansions())
                for (const auto& a : e->jcz_rule_aliases) known_elsewhere |= a.jcz_key == key;
            if (known_elsewhere || is_jcz_rule_key(key)) continue;
            fail(path, "unknown rule '" + key + "'");
        }
    };
    // Options carried by elements ("pig": 2): the save's value, or false
    // or 0 for an element it does not list (revision 11).
    for (const auto* e : out.expansions)
        for (const RuleOptionInfo& o : e->rule_options) {
            if (o.jcz_element.empty()) continue;
            const std::string value = element_option_value(setup, o);
            set_rule(out, origin, o.key, value, "setup.elements." + o.jcz_element);
        }
    map_rules(setup.rules, "setup.rules", false);
    map_rules(annotation_rules, "gameAnnotations.rules", true);

    // JCloisterZone's own behaviour where an expansion offers it.
    for (const auto* e : out.expansions)
        for (const auto& o : e->rule_options)
            if (!out.rules.count(o.key) && std::find(o.allowed.begin(), o.allowed.end(), "jcz") != o.allowed.end())
                out.rules[o.key] = "jcz";
    complete_rule_options(out.expansions, out.rules);
    return out;
}

}  // namespace ck::host::jcz
