// The module's hooks on their own, through its C ABI as a host calls them,
// with the SDK's hook test kit: the manifest, FIGURE_STRENGTH weighing a
// mayor by its city's pennants (AM-4), and a wagon's move offered once the
// step's last completed feature is reported, applied, and the next offered
// (AM-5). Rule IDs: docs/expansions/abbey-and-mayor.md.
#include <cloisterkit/sdk/testing.hpp>
#include <cloisterkit/sdk/tile_contents.hpp>

#include <cstdio>
#include <string>
#include <vector>

namespace {

namespace fb = ck::fb;
namespace kit = ck::sdk::testing;
namespace loc = ck::sdk::loc;

int failures = 0;

void expect(bool ok, const std::string& what) {
    if (ok) return;
    std::printf("FAIL %s\n", what.c_str());
    ++failures;
}

constexpr const char* kId = "cloisterkit.abbey-and-mayor";

// A state whose module data is `data` (what an earlier call kept).
void with_data(kit::TestState& s, const std::vector<uint8_t>& data) {
    s.game.expansion_data.clear();
    auto d = std::make_unique<fb::ExpansionDataT>();
    d->expansion = 0;
    d->data = data;
    s.game.expansion_data.push_back(std::move(d));
}

std::vector<uint8_t> kept(const kit::HookResult& r) {
    const auto sets = r.effects<fb::SetExpansionDataT>();
    return sets.empty() ? std::vector<uint8_t>() : sets.back()->data;
}

}  // namespace

int main() {
    try {
        const kit::Module module(CK_MODULE_FILE);

        // The manifest: the mayor and the wagon, their elements, the hooks and the filter.
        const fb::ExpansionManifestT m = module.manifest(kId);
        expect(m.figure_kinds.size() == 2 && m.figure_kinds[0]->id == "mayor" && m.figure_kinds[1]->id == "wagon",
               "AM-3, AM-5: the mayor and the wagon");
        expect(m.figure_kinds[0]->stands_on == std::vector<fb::FeatureKind>{fb::FeatureKind::City},
               "AM-3: the mayor in cities only");
        expect(m.hooks == (CK_HOOK_BIT(CK_HOOK_APPLY_DECISION) | CK_HOOK_BIT(CK_HOOK_FEATURE_COMPLETED) |
                           CK_HOOK_BIT(CK_HOOK_FIGURE_STRENGTH)),
               "three hooks");
        expect(m.hook_filters.size() == 1 && m.hook_filters[0]->hook == CK_HOOK_FIGURE_STRENGTH &&
                   m.hook_filters[0]->filter == fb::HookFilter::FeatureHoldsFigureOfKind &&
                   m.hook_filters[0]->name == "mayor",
               "AM-4: asked only where a mayor stands");

        kit::TestState s;
        s.add_player("Alice");
        s.add_player("Bob");
        s.enable_expansion(kId);
        s.place_tile("BA/RCr", kit::at(0, 0));
        s.place_tile("AM/C++", kit::at(0, -1));
        s.place_tile("BA/RRR", kit::at(1, 0));

        // AM-4: figure 0 Alice's mayor, figure 1 Bob's follower in one city.
        s.place_figure(0, kit::at(0, -1), loc::N | loc::E | loc::S | loc::W, fb::FeatureKind::City, "mayor", 7);
        s.place_figure(1, kit::at(0, 0), loc::N, fb::FeatureKind::City, "small", 7);
        fb::ScoredFeatureT city = kit::feature(fb::FeatureKind::City, {kit::at(0, 0), kit::at(0, -1)}, false);
        city.id = 7;
        city.pennants = 3;
        city.scorers = {0, 1};  // by the kinds' strengths alone: a tie
        const kit::HookResult three = module.call(kId, s, kit::figure_strength(city, {0, 1}));
        expect(three.ok(), "FIGURE_STRENGTH: " + three.error);
        const auto set3 = three.effects<fb::SetFigureStrengthT>();
        expect(three.ok() && set3.size() == 1 && set3[0]->figure == 0 && set3[0]->strength == 3 &&
                   set3[0]->tiebreak == 0,
               "AM-4: three pennants, the mayor weighs 3; the follower keeps its own strength");
        city.pennants = 0;
        const kit::HookResult none = module.call(kId, s, kit::figure_strength(city, {0, 1}));
        const auto set0 = none.effects<fb::SetFigureStrengthT>();
        expect(set0.size() == 1 && set0[0]->strength == 0, "AM-4: no pennant, no strength");

        // AM-5: Bob's wagon (figure 2) on the road of (1,0), which the step
        // completed with one more feature to report: it waits.
        s.place_figure(1, kit::at(1, 0), loc::W, fb::FeatureKind::Road, "wagon", 9);
        fb::ScoredFeatureT road = kit::feature(fb::FeatureKind::Road, {kit::at(0, 0), kit::at(1, 0)}, true, 2);
        road.id = 9;
        road.scorers = {1};
        s.set_turn(5, 0, fb::Phase::CommitActionPhase);
        const kit::HookResult first = module.call(kId, s, kit::feature_completed(0, road, 1));
        expect(first.ok() && first.effects<fb::OfferDecisionT>().empty() && !kept(first).empty(),
               "AM-5: the wagon waits while completed features remain to be reported");
        // The last one: the wagon's owner is offered the tiles around it.
        with_data(s, kept(first));
        fb::ScoredFeatureT other = kit::feature(fb::FeatureKind::City, {kit::at(0, -1)}, true, 4);
        other.id = 3;
        other.scorers = {0};
        const kit::HookResult last = module.call(kId, s, kit::feature_completed(0, other, 0));
        expect(last.ok(), "FEATURE_COMPLETED: " + last.error);
        const auto offers = last.effects<fb::OfferDecisionT>();
        expect(last.ok() && offers.size() == 1, "AM-5: the last report offers the wagon's move");
        if (offers.size() == 1) {
            const fb::OfferDecisionT& d = *offers[0];
            expect(d.player == 1 && d.key == "wagon" && d.may_pass && d.options.empty(),
                   "AM-5: Bob decides; he may take it back");
            expect(d.figure_targets && d.figure_targets->figure == 2 && d.figure_targets->unfinished_only &&
                       d.figure_targets->tiles.size() == 3,
                   "AM-5 (C2): the host works out the targets on the three tiles around the wagon");
            expect(d.jcz_pass_type == "PASS" && d.jcz_commit, "saved as JCloisterZone: PASS, or the move then COMMIT");
        }
        // Bob moves it to the start tile's city: MoveFigure, and no wagon waits.
        with_data(s, kept(last));
        fb::DecisionOptionT to;
        to.label = "wagon to City N at (0,0)";
        to.target = fb::DecisionTarget::Location;
        to.at = std::make_unique<fb::TileRef>(kit::at(0, 0));
        to.location = loc::N;
        const kit::HookResult moved = module.call(kId, s, kit::apply_decision(1, "wagon", 0, &to));
        const auto moves = moved.effects<fb::MoveFigureT>();
        expect(moved.ok() && moves.size() == 1 && moves[0]->figure == 2 && moves[0]->location == loc::N,
               "AM-5: the wagon moves where Bob chose");
        expect(moved.effects<fb::OfferDecisionT>().empty() && kept(moved).empty(), "AM-5: no wagon waits");
        // A pass: no move.
        const kit::HookResult passed = module.call(kId, s, kit::apply_decision(1, "wagon", 0, nullptr));
        expect(passed.ok() && passed.effects<fb::MoveFigureT>().empty(), "AM-5: taken back, it goes home with the others");
    } catch (const std::exception& e) {
        std::printf("FAIL %s\n", e.what());
        return 1;
    }
    if (failures == 0) std::printf("abbey-and-mayor hooks: all passed\n");
    return failures == 0 ? 0 : 1;
}
