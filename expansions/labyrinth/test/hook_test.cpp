// The module through its C ABI as a host calls it, with the SDK's hook test
// kit: the manifest's declarations (the tile file, the deck set, the
// segment attribute, JCloisterZone's names, the option and its aliases, the
// hook filter) and the one hook, GAME_START, which refuses a variant ABI 1.2
// cannot play. Rule IDs of docs/expansions/labyrinth.md.
#include <cloisterkit/sdk/testing.hpp>

#include <cstdio>
#include <string>
#include <vector>

namespace {

namespace fb = ck::fb;
namespace kit = ck::sdk::testing;

constexpr const char* kId = "cloisterkit.labyrinth";

int failures = 0;

void expect(bool ok, const char* what) {
    if (ok) return;
    std::printf("FAIL %s\n", what);
    ++failures;
}

bool says(const std::string& text, const char* part) { return text.find(part) != std::string::npos; }

kit::TestState two_players(const char* variant) {
    kit::TestState s;
    s.add_player("Alice");
    s.add_player("Bob");
    s.enable_expansion(kId);
    if (variant != nullptr) s.set_rule("labyrinth.variant", variant);
    return s;
}

}  // namespace

int main() {
    try {
        const kit::Module module(CK_MODULE_FILE);

        // ---------------------------------------------------------- manifest
        {
            const fb::ExpansionManifestT m = module.manifest(kId);
            expect(m.name == "The Labyrinth" && m.version == "1.0.0", "name and version");
            expect(m.hooks == CK_HOOK_BIT(CK_HOOK_GAME_START), "GAME_START alone: the basic variant needs no hook");
            const std::string& xml = m.tile_definitions_xml;
            expect(says(xml, "<tile id=\"LA/Rrrr\">") && says(xml, "<road labyrinth=\"true\">N W E S</road>"),
                   "LA-1: the tile, its road one segment on all four sides");
            expect(m.deck_tile_sets.size() == 1 && m.deck_tile_sets[0]->tile_set == "labyrinth" &&
                       m.deck_tile_sets[0]->count == 1 && m.deck_tile_sets[0]->with_expansion.empty() &&
                       m.deck_tile_sets[0]->without_expansion.empty(),
                   "LA-1: the set labyrinth joins the pile, one copy");
            expect(m.segment_attributes.size() == 1 && m.segment_attributes[0]->kind == fb::FeatureKind::Road &&
                       m.segment_attributes[0]->name == "labyrinth" && m.segment_attributes[0]->label == "labyrinth",
                   "the road's attribute labyrinth, declared for reports and badges");
            expect(m.jcz_element.empty() && m.jcz_extra_elements == std::vector<std::string>{"labyrinth"},
                   "LA-7: JCloisterZone's element labyrinth");
            expect(m.rule_options.size() == 1 && m.rule_options[0]->key == "labyrinth.variant" &&
                       m.rule_options[0]->default_value == "basic" &&
                       m.rule_options[0]->allowed == std::vector<std::string>{"basic", "advanced", "jcz"} &&
                       !m.rule_options[0]->description.empty(),
                   "LA-2: labyrinth.variant, basic by default; jcz for a save that leaves the rule out");
            bool basic = false, advanced = false;
            for (const auto& a : m.jcz_rule_aliases) {
                basic |= a->jcz_key == "labyrinth-variant" && a->jcz_value == "basic" && a->key == "labyrinth.variant" &&
                         a->value == "basic";
                advanced |= a->jcz_key == "labyrinth-variant" && a->jcz_value == "advanced" &&
                            a->key == "labyrinth.variant" && a->value == "advanced";
            }
            expect(m.jcz_rule_aliases.size() == 2 && basic && advanced, "LA-2, LA-7: labyrinth-variant both ways");
            expect(m.hook_filters.size() == 1 && m.hook_filters[0]->hook == CK_HOOK_GAME_START &&
                       m.hook_filters[0]->filter == fb::HookFilter::RuleIs &&
                       m.hook_filters[0]->rule_key == "labyrinth.variant" &&
                       m.hook_filters[0]->rule_values == std::vector<std::string>{"advanced", "jcz"},
                   "GAME_START only for a variant to refuse");
        }

        // ---------------------------------------------------------- LA-3: basic plays
        for (const char* variant : {"basic", static_cast<const char*>(nullptr)}) {
            const kit::HookResult r = module.call(kId, two_players(variant), kit::game_start(2, 7));
            expect(r.status == CK_NOTHING_TO_DO && r.response.effects.empty(),
                   "LA-3: a basic game (or a host that sends no value) starts, nothing to say");
        }

        // ---------------------------------------------------------- LA-4, LA-5: advanced refused
        {
            const kit::HookResult r = module.call(kId, two_players("advanced"), kit::game_start(2, 7));
            expect(r.status == CK_E_SETUP_REFUSED, "LA-5: advanced is refused as the player's choice");
            expect(says(r.error, "advanced variant is not played") && says(r.error, "occupied") &&
                       says(r.error, "--rule labyrinth.variant=basic"),
                   "LA-5: the message says what is missing and how to play");
        }

        // ---------------------------------------------------------- LA-2: a client save without the rule
        {
            const kit::HookResult r = module.call(kId, two_players("jcz"), kit::game_start(3, 1));
            expect(r.status == CK_E_SETUP_REFUSED, "LA-2: jcz (advanced in JCloisterZone's client) is refused");
            expect(says(r.error, "the save has no labyrinth-variant") &&
                       says(r.error, "\"labyrinth-variant\": \"basic\""),
                   "LA-2: the message says why and what a basic save holds");
        }

        // ---------------------------------------------------------- untrusted input
        {
            const kit::HookResult r = module.call(kId, two_players("Advanced "), kit::game_start(2, 7));
            expect(r.status == CK_E_SETUP_REFUSED && says(r.error, "unknown value 'Advanced '"),
                   "a value the option does not take (from a host that does not check) is refused by name");
            const kit::HookResult bad = module.call_bytes(module.index_of(kId), CK_HOOK_GAME_START, {1, 2, 3}, {4, 5});
            expect(!bad.ok(), "bytes that are no state are an error, not a crash");
        }
    } catch (const std::exception& e) {
        std::printf("FAIL %s\n", e.what());
        return 1;
    }
    if (failures == 0) std::printf("la_hook_test: all passed\n");
    return failures == 0 ? 0 : 1;
}
