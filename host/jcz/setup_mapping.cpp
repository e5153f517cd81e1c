#include "setup_mapping.hpp"

#include <algorithm>
#include <array>
#include <string_view>

#include "core/errors.hpp"
#include "core/game.hpp"
#include "plugins/plugin_registry.hpp"

namespace ck::host::jcz {

namespace {

[[noreturn]] void fail(const std::string& path, const std::string& why) {
    throw HostError(ErrorCategory::BadInput, path + ": " + why);
}

// JCloisterZone 5.x rule ids of expansions. 5.7 clients wrote every rule
// with its value into the file; a rule only acts while its expansion is on,
// and an enabled expansion is either handled above (its plugin maps the
// rule) or rejected by its element. So with the expansion off, as in JCZ,
// the rule is ignored, whether or not its plugin is loaded.
constexpr std::array<std::string_view, 18> kOtherExpansionJczRules{
    "princess-action",   "fairy-placement",         "dragon-move",        "barn-placement",
    "wagon-move",        "bazaar-no-auction",       "hill-tiebreaker",    "espace-variant",
    "gq11-pig-herd",     "tunnelize-other-expansions", "more-tunnel-tokens", "festival-return",
    "keep-monasteries",  "labyrinth-variant",       "coc-final-scoring",  "count-move",
    "king-and-robber-scoring", "little-buildings-scoring"};

bool is_other_expansion_jcz_rule(const std::string& key) {
    return std::find(kOtherExpansionJczRules.begin(), kOtherExpansionJczRules.end(), key) !=
           kOtherExpansionJczRules.end();
}

bool is_engine_rule(const std::string& key) {
    return key == kRuleTinyCity || key == kRuleTinyCityAlias || key == kRuleFeatureCount;
}

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

}  // namespace

std::string rule_value_text(const Json& value) {
    if (value.is_string()) return value.get<std::string>();
    return value.dump();
}

MappedSetup map_jcz_setup(const Setup& setup, const PluginRegistry& registry) {
    MappedSetup out;

    // Elements -> expansions.
    std::vector<std::string> specs;
    for (const auto& [key, value] : setup.elements.items()) {
        if (key == kElementSmallFollower || key == kElementFarmers) continue;
        if (!setup.element_enabled(key)) continue;  // false / 0: switched off
        const PluginExpansion* e = registry.find(key);
        if (!e) {
            std::string known;
            for (const auto* x : registry.expansions()) known += (known.empty() ? "" : ", ") + x->short_name();
            fail("setup.elements." + key, "no loaded expansion provides element '" + key + "' (available: " +
                                              (known.empty() ? "none" : known) + ")");
        }
        specs.push_back(e->id);
    }
    out.expansions = registry.resolve(specs);

    // Rules: ours pass through, JCZ's are translated.
    std::map<std::string, std::string> origin;
    for (const auto& [key, value] : setup.rules.items()) {
        const std::string text = rule_value_text(value);
        const std::string path = "setup.rules." + key;
        if (is_engine_rule(key)) {
            out.rules[key] = text;  // the engine checks its own values and aliases
            continue;
        }
        bool handled = false;
        for (const auto* e : out.expansions) {
            std::vector<std::string> jcz_values;
            for (const auto& a : e->jcz_rule_aliases) {
                if (a.jcz_key != key) continue;
                jcz_values.push_back(a.jcz_value);
                if (a.jcz_value == text) {
                    set_rule(out, origin, a.key, a.value, key + "=" + text);
                    handled = true;
                }
            }
            if (!jcz_values.empty() && !handled)
                fail(path, "unknown value '" + text + "' (allowed: " + joined(jcz_values) + ")");
            if (const RuleOptionInfo* o = find_option(*e, key)) {
                if (!o->allowed.empty() && std::find(o->allowed.begin(), o->allowed.end(), text) == o->allowed.end())
                    fail(path, "unknown value '" + text + "' (allowed: " + joined(o->allowed) + ")");
                set_rule(out, origin, key, text, key + "=" + text);
                handled = true;
            }
            if (handled) break;
        }
        if (handled) continue;
        // A JCZ rule of an expansion that is loaded but not enabled has no
        // effect in JCloisterZone either.
        bool known_elsewhere = false;
        for (const auto* e : registry.expansions())
            for (const auto& a : e->jcz_rule_aliases) known_elsewhere |= a.jcz_key == key;
        if (known_elsewhere || is_other_expansion_jcz_rule(key)) continue;
        fail(path, "unknown rule '" + key + "'");
    }

    // JCloisterZone's own behaviour where an expansion offers it.
    for (const auto* e : out.expansions)
        for (const auto& o : e->rule_options)
            if (!out.rules.count(o.key) && std::find(o.allowed.begin(), o.allowed.end(), "jcz") != o.allowed.end())
                out.rules[o.key] = "jcz";
    return out;
}

}  // namespace ck::host::jcz
