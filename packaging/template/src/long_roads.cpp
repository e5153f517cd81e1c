// Long Roads as a cloisterkit expansion: one hook, FEATURE_SCORING, that
// adds the rule's bonus to a completed road. The host calls it for every
// feature it scores, during the game and at the end; everything it needs is
// in the request (the feature) and the state (the rule option).
#include <cloisterkit/sdk/module.hpp>

#include "long_roads_rule.hpp"

namespace {

class LongRoads final : public ck::sdk::Expansion {
public:
    ck::sdk::ExpansionInfo info() const override {
        ck::sdk::ExpansionInfo i;
        i.id = "org.example.long-roads";  // never changes; --expansions long-roads
        i.name = "Long Roads";
        i.version = "1.0.0";
        i.description = "A completed road of at least longRoads.minTiles tiles scores one point more per tile.";
        // The hooks this class overrides, worked out from the code.
        i.hooks = ck::sdk::hooks_overridden_by<LongRoads>();
        // A typed option: the host refuses "abc" or 0 before the game starts.
        i.rule_options = {ck::sdk::integer_option("longRoads.minTiles", 4, 1, 1000,
                                                  "the shortest road that gets the bonus, in tiles")};
        return i;
    }

    // Pure: the answer depends on the arguments only, so the host may call
    // it on any copy of a game, from any thread, as often as it likes.
    void score_feature(const ck::sdk::HookContext& c, const ck::fb::FeatureScoringArgs& a,
                       ck::sdk::Effects& out) const override {
        const ck::fb::ScoredFeature* f = a.feature();
        if (f == nullptr || f->kind() != ck::fb::FeatureKind::Road) return;
        const long_roads::Options options{static_cast<int>(c.rule_int_or("longRoads.minTiles", 4))};
        const int tiles = f->parts() ? static_cast<int>(f->parts()->size()) : 0;
        const int points = long_roads::bonus(tiles, f->completed(), options);
        if (points > 0) out.adjust_feature_points(points, "long road");
    }
};

ck::sdk::ExpansionList make_expansions() {
    ck::sdk::ExpansionList list;
    list.push_back(ck::sdk::make_expansion<LongRoads>());  // checks info().hooks against the overrides
    return list;
}

}  // namespace

CK_SDK_DEFINE_MODULE("long-roads", "1.0.0", make_expansions)
