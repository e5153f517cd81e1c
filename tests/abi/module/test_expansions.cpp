// Two small expansions that exercise the SDK from the module side. They
// follow no real rules; each hook does one observable thing the ABI tests
// check (an effect, a log line, an exception).
#include "test_expansions.hpp"

#include <stdexcept>
#include <string>

namespace ck::abi_test {
namespace {

using sdk::Effects;
using sdk::HookContext;

uint64_t all_hooks() {
    uint64_t mask = 0;
    for (uint32_t h = 0; h < CK_HOOK_COUNT; ++h) mask |= CK_HOOK_BIT(h);
    return mask;
}

class Alpha final : public sdk::Expansion {
public:
    sdk::ExpansionInfo info() const override {
        sdk::ExpansionInfo i;
        i.id = kAlphaId;
        i.name = "Test Alpha";
        i.version = "1.2.3";
        i.description = "implements every hook for the ABI tests";
        i.hooks = all_hooks();
        i.rule_options = {{"test.bonus", "0", {}, "points added to every scored feature"},
                          {"test.closed-west", "true", {"true", "false"}, "veto placements with x < 0"}};
        i.token_kinds = {{std::string(kToken), "test token", 3}};
        i.jcz_element = "test-alpha";
        i.jcz_rule_aliases = {{"test-bonus", "two", "test.bonus", "2"}};
        return i;
    }

    void on_game_start(const HookContext& c, const fb::GameStartArgs& a, Effects& fx) const override {
        for (uint8_t p = 0; p < a.player_count(); ++p) fx.give_tokens(p, kToken, 3);
        const uint8_t model[] = {1, 2, 3};
        fx.set_expansion_data(model, sizeof(model));
        (void)c;
    }

    // On request, an error text longer than ck_error can hold, with a
    // two-byte UTF-8 character straddling the cut.
    void tile_step_options(const HookContext& c, const fb::TileStepOptionsArgs&, Effects&) const override {
        if (c.rule_bool_or("test.long-error", false))
            throw std::runtime_error(std::string(254, 'a') + "\xC3\xA9 and more");
    }

    void check_placements(const HookContext& c, const fb::PlacementCheckArgs& a, Effects& fx) const override {
        if (!c.rule_bool_or("test.closed-west", true) || a.candidates() == nullptr) return;
        for (uint32_t i = 0; i < a.candidates()->size(); ++i)
            if (a.candidates()->Get(i)->at().x() < 0) fx.veto_placement(i, "the west is closed");
    }

    void on_tile_placed(const HookContext& c, const fb::TilePlacedArgs& a, Effects& fx) const override {
        const fb::TileRef& at = a.placement()->at();
        c.logger().info("tile placed at (", at.x(), ",", at.y(), ")");
        c.logger().debug("debug detail for (", at.x(), ",", at.y(), ")");
        fx.add_points(a.player(), 1, "placed");
    }

    void figure_options(const HookContext& c, const fb::FigureOptionsArgs& a, Effects& fx) const override {
        if (c.tokens_in_supply(a.player(), kToken) > 0)
            fx.offer_figure_option("place-token", kToken, *a.tile(), "place a test token");
    }

    void apply_figure_action(const HookContext&, const fb::ApplyFigureActionArgs& a, Effects& fx) const override {
        fx.place_token(a.player(), kToken, *a.option()->at());
        fx.consume_figure_action();
    }

    void score_feature(const HookContext& c, const fb::FeatureScoringArgs&, Effects& fx) const override {
        if (const int64_t bonus = c.rule_int_or("test.bonus", 0); bonus != 0)
            fx.adjust_feature_points(static_cast<int32_t>(bonus), "test bonus");
    }

    void bonus_points(const HookContext&, const fb::BonusPointsArgs& a, Effects& fx) const override {
        if (a.feature()->completed()) fx.adjust_feature_points(1, "completed");
    }

    void on_turn_end(const HookContext&, const fb::TurnEndArgs&, Effects&) const override {}

    void check_game_end(const HookContext& c, const fb::GameEndCheckArgs&, Effects& fx) const override {
        if (c.state().tiles_left() == 0) fx.end_game("pack empty");
    }

    // Builds part of a response first, so the SDK must drop it on the throw.
    void final_scoring(const HookContext&, const fb::FinalScoringArgs&, Effects& fx) const override {
        fx.add_points(0, 100, "never delivered");
        throw std::runtime_error(std::string(kThrowMessage));
    }
};

class Beta final : public sdk::Expansion {
public:
    sdk::ExpansionInfo info() const override {
        sdk::ExpansionInfo i;
        i.id = kBetaId;
        i.name = "Test Beta";
        i.version = "0.9.0";
        i.hooks = CK_HOOK_BIT(CK_HOOK_TURN_END);
        i.requires_ids = {std::string(kAlphaId), "cloisterkit.test.missing"};
        return i;
    }

    void on_turn_end(const HookContext& c, const fb::TurnEndArgs& a, Effects&) const override {
        c.logger().warn("turn of player ", a.player(), " ended");
    }
};

}  // namespace

sdk::ExpansionList make_test_expansions() {
    sdk::ExpansionList list;
    list.push_back(std::make_unique<Alpha>());
    list.push_back(std::make_unique<Beta>());
    return list;
}

}  // namespace ck::abi_test
