#include "rule_options.hpp"

#include "core/errors.hpp"

namespace ck::host {

void complete_rule_options(const std::vector<const PluginExpansion*>& expansions,
                           std::map<std::string, std::string>& rules) {
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
        for (const auto& o : e->rule_options) rules.try_emplace(o.key, o.default_value);
}

}  // namespace ck::host
