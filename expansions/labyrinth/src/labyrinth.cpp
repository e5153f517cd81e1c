// The Labyrinth as a cloisterkit plugin module, written against the
// installed SDK alone (no include of host/ or of another expansion), in its
// basic variant: the tile (its own tile file, embedded) joins the pile, and
// its road, one segment on all four sides, joins the four roads meeting it
// into one; the host scores that road like any other (LA-1, LA-3, LA-6), so
// the basic variant needs no scoring hook. The one hook refuses, before the
// game, a variant ABI 1.2 cannot play (LA-2; rules.hpp says why).
#include <cloisterkit/sdk/module.hpp>

#include <optional>
#include <string>

#include "rules.hpp"
#include "tiles_xml.hpp"

namespace ck::labyrinth {
namespace {

constexpr const char* kExpansionId = "cloisterkit.labyrinth";

sdk::RuleOption variant_option() {
    sdk::RuleOption o;
    o.key = std::string(kVariantKey);
    o.default_value = std::string(kVariantChoices.front().value);
    for (const auto& c : kVariantChoices) o.allowed.emplace_back(c.value);
    o.description =
        "basic: the labyrinth joins the roads that meet it into one road, nothing more (the variant played here). "
        "advanced: also 2 points per figure on a completed road through it and followers on free arms of an occupied "
        "road; refused, ABI 1.2 cannot place a figure on an occupied road. jcz: JCloisterZone's client's default, "
        "advanced, which a save without labyrinth-variant means; refused likewise";
    return o;
}

class Labyrinth final : public sdk::Expansion {
public:
    sdk::ExpansionInfo info() const override {
        sdk::ExpansionInfo i;
        i.id = kExpansionId;  // --expansions labyrinth
        i.name = "The Labyrinth";
        i.version = "1.0.0";
        i.description =
            "A mini expansion of one tile (basic variant, as JCloisterZone plays it): four roads run into a labyrinth "
            "in the middle of the tile, which does not end them: the four arms and all they lead to are one road, "
            "scored like any road.";
        i.hooks = sdk::hooks_overridden_by<Labyrinth>();
        i.tile_definitions_xml = std::string(tiles_xml());
        // LA-1: one copy; a client save holding the set enables the module
        // (its element `labyrinth` is enforced by the client, never written).
        i.deck_tile_sets = {{"labyrinth", 1, "", "", true}};
        // Read by no rule of the basic variant: declared so the host reports
        // it with each scored road and draws it as a badge on the tile.
        i.segment_attributes = {{fb::FeatureKind::Road, "labyrinth", "labyrinth"}};
        // LA-7: JCloisterZone has no element of the expansion's name; its
        // client enforces `labyrinth` from the set (and never writes it).
        i.jcz_extra_elements = {"labyrinth"};
        i.rule_options = {variant_option()};
        i.jcz_rule_aliases = {{std::string(kJczVariantKey), "basic", std::string(kVariantKey), "basic"},
                              {std::string(kJczVariantKey), "advanced", std::string(kVariantKey), "advanced"}};
        // The basic game asks nothing of the module: GAME_START only when
        // there is something to refuse.
        i.hook_filters.push_back(
            {CK_HOOK_GAME_START, fb::HookFilter::RuleIs, std::string(kVariantKey), {"advanced", "jcz"}});
        return i;
    }

    void on_game_start(const sdk::HookContext& c, const fb::GameStartArgs&, sdk::Effects&) const override {
        // The host completes the rules with the default and checks the value
        // against `allowed`, so both lookups hold for any host that keeps
        // the ABI's promises; another host gets a clear refusal, not a game.
        const std::string value(c.rule(kVariantKey).value_or(kVariantChoices.front().value));
        const std::optional<Variant> variant = variant_named(value);
        if (!variant)
            throw sdk::SetupRefused("labyrinth: rule option labyrinth.variant has unknown value '" + value +
                                    "' (allowed: basic, advanced, jcz)");
        if (std::string why = refusal(*variant); !why.empty()) throw sdk::SetupRefused(why);
    }
};

sdk::ExpansionList make_expansions() {
    sdk::ExpansionList list;
    list.push_back(sdk::make_expansion<Labyrinth>());
    return list;
}

}  // namespace
}  // namespace ck::labyrinth

// Schema revision 6 at least: older hosts do not deal the expansion's deck
// tile set, so they could not play it.
CK_SDK_DEFINE_MODULE_FOR_SCHEMAS("cloisterkit-labyrinth", "1.0.0", ck::labyrinth::make_expansions, 6, CK_SCHEMA_REVISION)
