// Darmstadt as a cloisterkit plugin module, written against the installed
// SDK alone (no include of host/ or of another expansion): three tiles (its
// own tile file, embedded), the church and darmstadtium (declared segment
// attributes the host reports with each scored feature) and two hooks
// (docs/expansions/darmstadt.md, rules DA-n):
//  - BONUS_POINTS: the church bonus of an occupied church (the host scores
//    it), darmstadtium's 3 for a completed city;
//  - FIGURE_STEP_END: the church bonus of a church completed with nobody on
//    it, which the host never scores and so never shows a scoring hook.
#include <cloisterkit/sdk/helpers.hpp>
#include <cloisterkit/sdk/module.hpp>

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "rules.hpp"
#include "tiles_xml.hpp"

namespace ck::darmstadt {
namespace {

constexpr const char* kExpansionId = "cloisterkit.darmstadt";

// The segment attributes the manifest declares and the hooks read (the tile
// file's `<monastery church="true">`, `<city darmstadtium="true">`), and the
// score entry of the bonus, as JCloisterZone names its event.
constexpr std::string_view kChurch = "church";
constexpr std::string_view kDarmstadtium = "darmstadtium";
constexpr std::string_view kChurchBonusEntry = "church";

Space space_of(const fb::TileRef& at) { return Space{at.x(), at.y()}; }

// DA-3, DA-7: the owner of every figure standing in the 3x3 area around
// `church` (each counts one: a big follower as much as a small one; the
// state's figures are the players' own, neutral figures and buildings are
// listed elsewhere), and 3 to each player with the most.
void give_church_bonus(const fb::GameState& state, Space church, sdk::Effects& out) {
    std::vector<uint8_t> owners;
    if (const auto* figures = state.figures())
        for (const fb::PlacedFigure* f : *figures)
            if (in_area(church, space_of(f->at()))) owners.push_back(f->owner());
    for (const uint8_t player : church_bonus_winners(owners)) out.add_points(player, kChurchBonus, kChurchBonusEntry);
}

// Whether the placed tile `t` is a church: its monastery segment carries the
// attribute.
bool is_church(const sdk::HookContext& ctx, const fb::PlacedTile& t) {
    size_t segment = 0;
    for (const fb::TileSegmentInfo& seg : ctx.tile_contents(t.tile_type())) {
        if (seg.kind() == fb::FeatureKind::Monastery && ctx.segment_has_attribute(t.tile_type(), segment, kChurch))
            return true;
        ++segment;
    }
    return false;
}

bool has_monastery_figure(const fb::GameState& state, const fb::TileRef& at) {
    if (const auto* figures = state.figures())
        for (const fb::PlacedFigure* f : *figures)
            if (sdk::same_tile(f->at(), at) && f->feature_kind() == fb::FeatureKind::Monastery) return true;
    return false;
}

class Darmstadt final : public sdk::Expansion {
public:
    sdk::ExpansionInfo info() const override {
        sdk::ExpansionInfo i;
        i.id = kExpansionId;  // --expansions darmstadt
        i.name = "Darmstadt";
        i.version = "1.0.0";
        i.description =
            "The Darmstadt promotional tiles (as JCloisterZone plays them): two churches and a city with "
            "darmstadtium join the draw pile. A church is a monastery; when it is completed during the game, "
            "whoever has the most followers on its 3x3 area scores 3 more, owner of the church or not, occupied "
            "or not. A completed city with darmstadtium scores 3 more.";
        i.hooks = sdk::hooks_overridden_by<Darmstadt>();
        i.tile_definitions_xml = std::string(tiles_xml());
        // DA-9: JCloisterZone has no element "darmstadt"; its engine plays
        // churches only with the element "church" (which its client enforces
        // and never writes), so the saves carry it and it stands for us.
        i.jcz_extra_elements = {std::string(kChurch)};
        i.segment_attributes = {{fb::FeatureKind::Monastery, std::string(kChurch), "church"},
                                {fb::FeatureKind::City, std::string(kDarmstadtium), "darmstadtium tile"}};
        // DA-1; a client save holding the set enables the module (its
        // element `church` is enforced by the client, never written).
        i.deck_tile_sets = {{"darmstadt", 1, "", "", true}};
        // A church's bonus comes when a tile around it completes it: nothing
        // to say about a tile with no monastic feature near (hosts without
        // the filter ask every turn).
        i.hook_filters = {sdk::only_when(CK_HOOK_FIGURE_STEP_END, fb::HookFilter::MonasticNearTile)};
        return i;
    }

    void bonus_points(const sdk::HookContext& ctx, const fb::BonusPointsArgs& args, sdk::Effects& out) const override {
        const fb::ScoredFeature* f = args.feature();
        if (f == nullptr) return;
        // DA-8: after every FEATURE_SCORING (a cathedral's half does not count it, DA-14).
        if (f->kind() == fb::FeatureKind::City) {
            if (const int extra = darmstadtium_points(f->completed(), sdk::feature_attribute_segments(*f, kDarmstadtium)))
                out.adjust_feature_points(extra, kDarmstadtium);
            return;
        }
        // DA-3, DA-4, DA-6: an occupied church completed this turn. The host
        // scores every feature of the turn before any figure goes home.
        if (f->kind() != fb::FeatureKind::Monastery || sdk::feature_attribute_segments(*f, kChurch) == 0) return;
        if (!church_bonus_due(f->completed(), f->final_scoring())) return;
        const auto* parts = f->parts();
        if (parts == nullptr || parts->size() != 1)
            throw std::runtime_error("darmstadt: BONUS_POINTS for a church with " +
                                     std::to_string(parts == nullptr ? 0 : parts->size()) +
                                     " tiles (a monastery lies on one)");
        give_church_bonus(ctx.state(), space_of(*parts->Get(0)), out);
    }

    // DA-5: a church completed this turn with nobody on it. The host's
    // completion (DA-10: every space of the area holds a tile) is found here
    // again; the figures counted are those that will be on the board when the
    // turn is scored (nothing is placed between this hook and the scoring).
    void on_figure_step_end(const sdk::HookContext& ctx, const fb::FigureStepEndArgs& args,
                            sdk::Effects& out) const override {
        if (args.tile() == nullptr) throw std::runtime_error("darmstadt: FIGURE_STEP_END names no tile");
        const Space placed = space_of(*args.tile());
        const auto* tiles = ctx.state().tiles();
        if (tiles == nullptr) return;
        std::vector<Space> filled;
        std::vector<Space> empty_churches;
        filled.reserve(tiles->size());
        for (const fb::PlacedTile* t : *tiles) {
            filled.push_back(space_of(t->at()));
            if (in_area(placed, space_of(t->at())) && is_church(ctx, *t) && !has_monastery_figure(ctx.state(), t->at()))
                empty_churches.push_back(space_of(t->at()));
        }
        if (empty_churches.empty()) return;
        for (const Space church : empty_churches_completed(filled, placed, empty_churches))
            give_church_bonus(ctx.state(), church, out);
    }
};

sdk::ExpansionList make_expansions() {
    sdk::ExpansionList list;
    list.push_back(sdk::make_expansion<Darmstadt>());
    return list;
}

}  // namespace
}  // namespace ck::darmstadt

// Schema revision 6 at least: older hosts neither deal the expansion's deck
// tile set nor report segment attributes, nor call FIGURE_STEP_END.
CK_SDK_DEFINE_MODULE_FOR_SCHEMAS("cloisterkit-darmstadt", "1.0.0", ck::darmstadt::make_expansions, 6,
                                 CK_SCHEMA_REVISION)
