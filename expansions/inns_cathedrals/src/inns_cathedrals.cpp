// Inns & Cathedrals as a cloisterkit plugin module, written against the
// installed SDK alone (no include of host/ or of another expansion): the
// tiles (its own tile file, embedded), the big follower (a declared figure
// kind: the host places and weighs it), the inns and cathedrals (declared
// segment attributes the host reports with each scored feature) and one
// hook, FEATURE_SCORING, that changes their points.
#include <cloisterkit/sdk/helpers.hpp>
#include <cloisterkit/sdk/module.hpp>

#include <climits>
#include <stdexcept>
#include <string>

#include "scoring.hpp"
#include "tiles_xml.hpp"

namespace ck::inns_cathedrals {
namespace {

constexpr const char* kExpansionId = "cloisterkit.inns-and-cathedrals";

sdk::FigureKind big_follower() {
    sdk::FigureKind k;
    k.id = "big-follower";  // as JCloisterZone's setup element
    k.name = "big follower";
    k.count = 1;  // IC-7
    // IC-7: roads, cities, monasteries and fields; never a garden (JCloisterZone's BigFollower).
    k.stands_on = {fb::FeatureKind::Road, fb::FeatureKind::City, fb::FeatureKind::Monastery, fb::FeatureKind::Field};
    k.strength = 2;             // IC-8: two followers in every majority
    k.jcz_meeple_type = "big";  // "0.big.1", as JCloisterZone names BigFollower's meeples
    k.tile_just_placed = true;
    k.returnable = false;
    return k;
}

class InnsAndCathedrals final : public sdk::Expansion {
public:
    sdk::ExpansionInfo info() const override {
        sdk::ExpansionInfo i;
        i.id = kExpansionId;  // --expansions inns-and-cathedrals
        i.name = "Inns & Cathedrals";
        i.version = "1.0.0";
        i.description =
            "The first big expansion (1st edition rules, as JCloisterZone plays them): 18 tiles join the draw pile. "
            "A completed road with an inn scores 2 per tile, an unfinished one nothing; a completed city with a "
            "cathedral 3 per tile and pennant, an unfinished one nothing. Each player has a big follower, which "
            "counts as two followers in every majority.";
        i.hooks = sdk::hooks_overridden_by<InnsAndCathedrals>();
        i.tile_definitions_xml = std::string(tiles_xml());
        // JCloisterZone has no element of the expansion's name: its saves
        // enable these three (docs/abi.md, "JCloisterZone elements").
        i.jcz_extra_elements = {"inn", "cathedral", "big-follower"};
        i.figure_kinds = {big_follower()};
        i.segment_attributes = {{fb::FeatureKind::Road, "inn", "inn"},
                                {fb::FeatureKind::City, "cathedral", "cathedral"}};
        // IC-1, IC-2: the 1st edition's tiles; the 2nd's (with gardens) when the abbot plays.
        i.deck_tile_sets = {{"inns-and-cathedrals:1", 1, "", "cloisterkit.abbot"},
                            {"inns-and-cathedrals:2", 1, "cloisterkit.abbot", ""}};
        return i;
    }

    void score_feature(const sdk::HookContext&, const fb::FeatureScoringArgs& args, sdk::Effects& out) const override {
        const fb::ScoredFeature* f = args.feature();
        if (f == nullptr) return;
        ScoredFeature feature;
        feature.kind = f->kind() == fb::FeatureKind::Road   ? Kind::Road
                       : f->kind() == fb::FeatureKind::City ? Kind::City
                                                            : Kind::Other;
        feature.completed = f->completed();
        // A hostile state may carry any points; -INT32_MIN does not exist.
        if (f->points() == INT32_MIN)
            throw std::runtime_error("inns-and-cathedrals: FEATURE_SCORING with points " + std::to_string(f->points()));
        feature.points = f->points();
        feature.inns = sdk::feature_attribute_segments(*f, "inn");
        feature.cathedrals = sdk::feature_attribute_segments(*f, "cathedral");
        if (const auto change = change_for(feature)) out.adjust_feature_points(change->delta, change->reason);
    }
};

sdk::ExpansionList make_expansions() {
    sdk::ExpansionList list;
    list.push_back(sdk::make_expansion<InnsAndCathedrals>());
    return list;
}

}  // namespace
}  // namespace ck::inns_cathedrals

// Schema revision 6 at least: older hosts neither deal the expansion's deck
// tile sets nor report inns and cathedrals, so they could not play it.
CK_SDK_DEFINE_MODULE_FOR_SCHEMAS("cloisterkit-inns-and-cathedrals", "1.0.0", ck::inns_cathedrals::make_expansions, 6,
                                 CK_SCHEMA_REVISION)
