// Fan modules for the SDK's newer helpers, one per TEST_MODULE_VARIANT:
//  1 "pilgrims-road": typed rule options (an integer with a range, a
//    boolean) and a hook that reads tile contents from the setup: a
//    completed road gains pilgrimsRoad.bonus per tile of it with a
//    monastery (every tile, with pilgrimsRoad.monasteriesOnly=false).
//  2 "borrower": option keys outside its namespace: another expansion's
//    (littleBuildings.values), one in Halflings' namespace
//    (halflings.bridges), one with none (bonus).
//  3 "mask-mismatch": made with make_expansion, declares FEATURE_SCORING
//    without overriding it and overrides bonus_points without its bit.
//  4 "undeclared-override": made with std::make_unique (no check at
//    create), declares FINAL_SCORING without overriding it.
//  5 "bad-attribute": declares a segment attribute whose name is no XML
//    attribute name ("Inn!"), so hosts refuse the module at load.
//  6 "lost-deck": declares a deck tile set no tile file defines.
//  7 "own-start": starts the game on a monastery, BA/L at (0,0) turned
//    R90 (manifest revision 7), from the base game's own pile.
//  8 "far-start": declares a start tile at x = 5000, which the SDK
//    refuses at create (the schema's field is narrower).
//  9 "bad-tile-value": declares a tile value on the element "City" (no
//    XML name of a-z0-9-, manifest revision 9), so hosts refuse the
//    module at load.
// 10 "needs-teleport": needs the host capability "teleport/1", which no
//    host lists, so create() refuses the module naming it.
// 11 "stewards": two stewards per player, figures of strength 0 that join
//    their owner's follower on a road or city (manifest revision 10), as
//    Traders & Builders' builder does; saved as "0.steward.1". A tile
//    that extends a feature where one of the player's stewards stands
//    (placed on another tile) gives them 1 point, "steward.extended":
//    the builder's trigger, read from TilePlacedArgs.segment_features.
// 12 "bad-count-rule": a figure kind whose count_rule names a Boolean
//    option (manifest revision 11), so hosts refuse the module at load.
// 13 "element-on-text": a Text option carried by a JCloisterZone element
//    (revision 11), which holds a count or true/false: refused at load.
// 14 "looping-groups": tile groups that wait for each other (revision 12:
//    "river" before "lake" before "river"), refused at load.
// 15 "two-edge-kinds": two edge kinds in one expansion (a game holds one),
//    refused at load.
// 16 "unknown-release": a deck tile set chosen by a rule option the
//    expansion does not declare (revision 12), refused at load.
#include <cloisterkit/sdk/module.hpp>

#include <memory>
#include <stdexcept>

namespace {

namespace fb = ck::fb;
namespace sdk = ck::sdk;

// The manifest fields every variant fills the same way.
sdk::ExpansionInfo named(const char* id, const char* name) {
    sdk::ExpansionInfo i;
    i.id = id;
    i.name = name;
    i.version = "0.1.0";
    return i;
}

class PilgrimsRoad final : public sdk::Expansion {
public:
    sdk::ExpansionInfo info() const override {
        sdk::ExpansionInfo i = named("fan.pilgrims-road", "Pilgrims' Road");
        i.hooks = sdk::hooks_overridden_by<PilgrimsRoad>();
        i.rule_options = {sdk::integer_option("pilgrimsRoad.bonus", 2, 1, 10, "points per monastery tile on a road"),
                          sdk::boolean_option("pilgrimsRoad.monasteriesOnly", true,
                                              "false: every tile of a completed road gains the bonus")};
        return i;
    }

    void score_feature(const sdk::HookContext& ctx, const fb::FeatureScoringArgs& a, sdk::Effects& fx) const override {
        const fb::ScoredFeature& road = *a.feature();
        if (road.kind() != fb::FeatureKind::Road || !road.completed()) return;
        const bool monasteries_only = ctx.rule_bool_or("pilgrimsRoad.monasteriesOnly", true);
        int tiles = 0;
        for (const fb::TileRef* part : *road.parts()) {
            const fb::PlacedTile* placed = sdk::find_tile(ctx.state(), *part);
            if (placed == nullptr) continue;
            const sdk::TileContents contents = ctx.tile_contents(*placed);
            if (!contents.known()) throw std::runtime_error("the host sent no tile contents");
            tiles += !monasteries_only || contents.has_monastery() ? 1 : 0;
        }
        if (tiles > 0)
            fx.adjust_feature_points(static_cast<int32_t>(tiles * ctx.rule_int_or("pilgrimsRoad.bonus", 2)),
                                     "pilgrims' road");
    }
};

class Borrower final : public sdk::Expansion {
public:
    sdk::ExpansionInfo info() const override {
        sdk::ExpansionInfo i = named("fan.borrower", "Borrower");
        i.rule_options = {{"littleBuildings.values", "flat", {"flat", "321"}, "another expansion's key"},
                          {"halflings.bridges", "0", {}, "a key in Halflings' namespace"},
                          {"bonus", "1", {}, "a key without a namespace"}};
        return i;
    }
};

class MaskMismatch final : public sdk::Expansion {
public:
    sdk::ExpansionInfo info() const override {
        sdk::ExpansionInfo i = named("fan.mask-mismatch", "Mask mismatch");
        i.hooks = CK_HOOK_BIT(CK_HOOK_FEATURE_SCORING);
        return i;
    }
    void bonus_points(const sdk::HookContext&, const fb::BonusPointsArgs&, sdk::Effects& fx) const override {
        fx.adjust_feature_points(1, "never called");
    }
};

class UndeclaredOverride final : public sdk::Expansion {
public:
    sdk::ExpansionInfo info() const override {
        sdk::ExpansionInfo i = named("fan.undeclared-override", "Undeclared override");
        i.hooks = CK_HOOK_BIT(CK_HOOK_FINAL_SCORING);
        return i;
    }
};

// Variants 5 and 6: tile declarations (manifest revision 6) a host refuses.
class BadTileDeclarations final : public sdk::Expansion {
public:
    sdk::ExpansionInfo info() const override {
        sdk::ExpansionInfo i = named(TEST_MODULE_VARIANT == 5    ? "fan.bad-attribute"
                                     : TEST_MODULE_VARIANT == 9  ? "fan.bad-tile-value"
                                     : TEST_MODULE_VARIANT == 10 ? "fan.needs-teleport"
                                     : TEST_MODULE_VARIANT == 12 ? "fan.bad-count-rule"
                                     : TEST_MODULE_VARIANT == 13 ? "fan.element-on-text"
                                     : TEST_MODULE_VARIANT == 14 ? "fan.looping-groups"
                                     : TEST_MODULE_VARIANT == 15 ? "fan.two-edge-kinds"
                                     : TEST_MODULE_VARIANT == 16 ? "fan.unknown-release"
                                     : TEST_MODULE_VARIANT == 17 ? "fan.unknown-dragon"
                                                                 : "fan.lost-deck",
                                     "Bad tiles");
        if (TEST_MODULE_VARIANT == 5) i.segment_attributes = {{fb::FeatureKind::Road, "Inn!", "inn"}};
        else if (TEST_MODULE_VARIANT == 9) i.tile_values = {{"City", "resource"}, {"city", "goods"}};
        else if (TEST_MODULE_VARIANT == 10) i.host_capabilities = {CK_CAPABILITY_DECISION, "teleport/1"};
        else if (TEST_MODULE_VARIANT == 12) {
            i.rule_options = {sdk::boolean_option("badCountRule.mules", true, "whether mules come")};
            sdk::FigureKind mule;
            mule.id = mule.name = mule.jcz_meeple_type = "mule";
            mule.count = 1;
            mule.stands_on = {fb::FeatureKind::Road};
            mule.count_rule = "badCountRule.mules";
            i.figure_kinds = {mule};
        } else if (TEST_MODULE_VARIANT == 13) {
            i.rule_options = {{"elementOnText.colour", "red", {"red", "blue"}, "the mules' colour"}};
            i.rule_options[0].jcz_element = "colour";
        } else if (TEST_MODULE_VARIANT == 14) {
            i.tile_groups = {{"river", "lake", false}, {"lake", "river", false}};
        } else if (TEST_MODULE_VARIANT == 15) {
            i.edge_kinds = {{"river", "river"}, {"canal", "canal"}};
        } else if (TEST_MODULE_VARIANT == 16) {
            i.deck_tile_sets = {{"basic:1", 1, "", "", false, "unknownRelease.release", {"2"}}};
        } else if (TEST_MODULE_VARIANT == 17) {
            i.tile_markers = {{"volcano", "volcano"}, {"dragon", "dragon"}};
            i.held_back_tiles = {{"dragon", "volcano", "unknownDragon.dragon", {"true"}}};
        }
        else i.deck_tile_sets = {{"nowhere:1", 1, "", ""}};
        return i;
    }
};

// Variant 11: a figure kind that joins its owner's follower (revision 10).
class Stewards final : public sdk::Expansion {
public:
    sdk::ExpansionInfo info() const override {
        sdk::ExpansionInfo i = named("fan.stewards", "Stewards");
        sdk::FigureKind steward;
        steward.id = "steward";
        steward.name = "steward";
        steward.count = 2;
        steward.stands_on = {fb::FeatureKind::Road, fb::FeatureKind::City};
        steward.strength = 0;
        steward.jcz_meeple_type = "steward";
        steward.joins_own_follower = true;
        i.figure_kinds = {steward};
        i.hooks = sdk::hooks_overridden_by<Stewards>();
        return i;
    }

    void on_tile_placed(const sdk::HookContext& ctx, const fb::TilePlacedArgs& a, sdk::Effects& fx) const override {
        const auto* kinds = ctx.setup().figure_kinds();
        const auto* features = a.segment_features();
        if (kinds == nullptr || features == nullptr || ctx.state().figures() == nullptr) return;
        uint32_t steward = 0;
        while (steward < kinds->size() && sdk::as_view(kinds->Get(steward)) != "steward") ++steward;
        for (const fb::PlacedFigure* f : *ctx.state().figures()) {
            if (f->owner() != a.player() || f->kind() != steward || sdk::same_tile(f->at(), a.placement()->at())) continue;
            for (const uint32_t id : *features)
                if (id == f->feature()) {
                    fx.add_points(a.player(), 1, "steward.extended");
                    return;
                }
        }
    }
};

// Variants 7 and 8: a start tile of one's own (manifest revision 7).
class OwnStart final : public sdk::Expansion {
public:
    sdk::ExpansionInfo info() const override {
        sdk::ExpansionInfo i = named(TEST_MODULE_VARIANT == 7 ? "fan.own-start" : "fan.far-start", "Own start");
        i.start_tiles = {{"BA/L", TEST_MODULE_VARIANT == 7 ? 0 : 5000, 0, 1, "", ""}};
        return i;
    }
};

sdk::ExpansionList make_expansions() {
    sdk::ExpansionList list;
#if TEST_MODULE_VARIANT == 1
    list.push_back(sdk::make_expansion<PilgrimsRoad>());
#elif TEST_MODULE_VARIANT == 2
    list.push_back(sdk::make_expansion<Borrower>());
#elif TEST_MODULE_VARIANT == 3
    list.push_back(sdk::make_expansion<MaskMismatch>());
#elif TEST_MODULE_VARIANT == 7 || TEST_MODULE_VARIANT == 8
    list.push_back(sdk::make_expansion<OwnStart>());
#elif TEST_MODULE_VARIANT == 11
    list.push_back(sdk::make_expansion<Stewards>());
#elif TEST_MODULE_VARIANT >= 5
    list.push_back(sdk::make_expansion<BadTileDeclarations>());
#else
    list.push_back(std::make_unique<UndeclaredOverride>());
#endif
    return list;
}

}  // namespace

CK_SDK_DEFINE_MODULE("fan-" TEST_MODULE_LABEL, "0.1.0", make_expansions)
