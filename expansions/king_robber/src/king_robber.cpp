// King & Robber as a cloisterkit plugin module, written against the
// installed SDK alone (no include of host/ or of another expansion), on
// the turn protocol of ABI 1.4 (docs/expansions/king-and-robber.md, rules
// KR-n):
//  - its five tiles (its own tile file, embedded);
//  - FEATURE_COMPLETED: each completed city and road, occupied or not, with
//    its size and the player who completed it, moves the titles (KR-2,
//    KR-3), kept in the expansion's data;
//  - TURN_END: the titles' points for the tile step under the continuous
//    scoring (KR-7); FINAL_SCORING: their points at the end (KR-4 to KR-6).
// JCloisterZone's elements king and robber are options of their own, so its
// saves with either replay (KR-8).
#include <cloisterkit/sdk/helpers.hpp>
#include <cloisterkit/sdk/module.hpp>
#include <cloisterkit/sdk/setup_refused.hpp>

#include <array>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

#include "rules.hpp"
#include "tiles_xml.hpp"

namespace ck::king_robber {
namespace {

constexpr const char* kExpansionId = "cloisterkit.king-and-robber";
constexpr std::string_view kKingOption = "kingAndRobber.king";
constexpr std::string_view kRobberOption = "kingAndRobber.robber";
constexpr std::string_view kScoringOption = "kingAndRobber.scoring";
constexpr std::string_view kJczScoringRule = "king-and-robber-scoring";
constexpr std::array<std::string_view, 4> kScorings{"default", "10/20", "15/40", "continuously"};

Scoring scoring_of(const sdk::HookContext& c) {
    const std::string_view value = c.rule_or(kScoringOption, "default");
    if (const auto s = scoring_named(value)) return *s;
    throw sdk::SetupRefused("king-and-robber: " + std::string(kScoringOption) + "=" + std::string(value) +
                            " is none of default, 10/20, 15/40 and continuously");
}

Titles titles_of(const sdk::HookContext& c) {
    const std::string_view data = c.expansion_data();
    const auto titles = decode(std::span(reinterpret_cast<const uint8_t*>(data.data()), data.size()));
    if (!titles)
        throw std::runtime_error("king-and-robber: the state's expansion data (" + std::to_string(data.size()) +
                                 " bytes) is not this module's record of the titles");
    return *titles;
}

void keep(const Titles& t, sdk::Effects& out) {
    const std::vector<uint8_t> bytes = encode(t);
    out.set_expansion_data(bytes.data(), bytes.size());
}

void pay(const std::vector<Award>& awards, sdk::Effects& out) {
    for (const Award& a : awards) out.add_points(static_cast<uint8_t>(a.player), a.points, a.name);
}

class KingAndRobber final : public sdk::Expansion {
public:
    sdk::ExpansionInfo info() const override {
        sdk::ExpansionInfo i;
        i.id = kExpansionId;  // --expansions king-and-robber
        i.name = "King & Robber";
        i.version = "1.0.0";
        i.description =
            "Five tiles join the draw pile. Whoever completes a city larger than every city completed before "
            "becomes the king; a longer road makes them the robber. At the end the king scores 1 per completed "
            "city and the robber 1 per completed road (or JCloisterZone's other scorings: 10 each, 15 each or 40 "
            "for both, or points during the game).";
        i.hooks = sdk::hooks_overridden_by<KingAndRobber>();
        i.tile_definitions_xml = std::string(tiles_xml());
        // KR-1: the 1st edition's tiles; the 2nd's (one with a garden) when the abbot plays.
        i.deck_tile_sets = {{"king-and-robber:1", 1, "", "cloisterkit.abbot"},
                            {"king-and-robber:2", 1, "cloisterkit.abbot", ""}};
        // KR-8: JCloisterZone's two elements, each an option of its own.
        auto king = sdk::boolean_option(std::string(kKingOption), true, "the king, for the largest city (KR-2)");
        king.jcz_element = "king";
        auto robber = sdk::boolean_option(std::string(kRobberOption), true, "the robber, for the longest road (KR-3)");
        robber.jcz_element = "robber";
        sdk::RuleOption scoring;
        scoring.key = std::string(kScoringOption);
        scoring.default_value = "default";
        scoring.allowed = {kScorings.begin(), kScorings.end()};
        scoring.description =
            "what the titles score: 1 per completed city or road at the end (default), 10 each (10/20), 15 each or "
            "40 for both (15/40), or 1 per city or road completed during the game (continuously) (KR-4 to KR-7)";
        i.rule_options = {king, robber, scoring};
        for (std::string_view v : kScorings)
            i.jcz_rule_aliases.push_back({std::string(kJczScoringRule), std::string(v), std::string(kScoringOption),
                                          std::string(v)});
        // KR-7: TURN_END pays for the step's completions, if any.
        i.hook_filters = {sdk::only_when(CK_HOOK_TURN_END, fb::HookFilter::FeatureCompletedThisStep)};
        return i;
    }

    void on_game_start(const sdk::HookContext& c, const fb::GameStartArgs&, sdk::Effects&) const override {
        scoring_of(c);
    }

    // KR-2, KR-3: a completed city or road moves its title.
    void on_feature_completed(const sdk::HookContext& c, const fb::FeatureCompletedArgs& args,
                              sdk::Effects& out) const override {
        const fb::ScoredFeature* f = args.feature();
        if (f == nullptr) return;
        const bool city = f->kind() == fb::FeatureKind::City, road = f->kind() == fb::FeatureKind::Road;
        if ((!city || !c.rule_bool_or(kKingOption, true)) && (!road || !c.rule_bool_or(kRobberOption, true))) return;
        Titles t = titles_of(c);
        on_completed(t, city ? Title::King : Title::Robber, static_cast<int>(f->spaces()), args.player());
        keep(t, out);
    }

    // KR-7: under the continuous scoring, the step's completions pay the
    // holders it started with.
    void on_turn_end(const sdk::HookContext& c, const fb::TurnEndArgs&, sdk::Effects& out) const override {
        Titles t = titles_of(c);
        if (!t.step_open) return;
        pay(close_step(t, scoring_of(c)), out);
        keep(t, out);
    }

    // KR-4 to KR-6.
    void final_scoring(const sdk::HookContext& c, const fb::FinalScoringArgs&, sdk::Effects& out) const override {
        pay(final_awards(titles_of(c), scoring_of(c)), out);
    }
};

sdk::ExpansionList make_expansions() {
    sdk::ExpansionList list;
    list.push_back(sdk::make_expansion<KingAndRobber>());
    return list;
}

}  // namespace
}  // namespace ck::king_robber

// Schema revision 11 at least: options carried by JCloisterZone elements.
CK_SDK_DEFINE_MODULE_FOR_SCHEMAS("cloisterkit-king-and-robber", "1.0.0", ck::king_robber::make_expansions, 11,
                                 CK_SCHEMA_REVISION)
