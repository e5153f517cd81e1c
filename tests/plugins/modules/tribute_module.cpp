// "Tribute" (fan.tribute), a fan expansion written only to exercise
// decisions (schema revision 8; docs/abi.md, "Decisions") through the host
// and the C ABI. Its rules, cited by the tests as TR-n:
//  TR-1 TILE_PLACED: the active player chooses "take 2 points now" or to
//       bless one of the placed squares beside the tile just placed (a tile
//       target, 1 point). The option's payload is one byte the module reads
//       back: 1 for a blessing, 2 for the points.
//  TR-2 APPLY_DECISION after a blessing: the next player chooses to accept
//       1 point or passes (a chain, decided by another player).
//  TR-3 FIGURE_STEP_END: a player with figures on the board may honour one
//       of them (a figure target, 1 point) or pass.
//  TR-4 TURN_END, every fourth turn: the active player marks an empty
//       space beside the tile placed (a space target, 1 point), saved as a
//       message of its own, TRIBUTE_MARK {"position": [x, y]}.
//  TR-5 FEATURE_COMPLETED: whoever completes a road or a city scores 1
//       point, "completed", whether anyone held it or not; a city held by
//       nobody gives them 1 more, "unclaimed".
//  TR-6 TURN_END, every fifth turn, instead of TR-4's mark: a player with a
//       small follower in supply may post it as a guard on a road or city
//       segment of the tile just placed where no figure stands (a location
//       target; PlaceFigure, joining whoever holds the feature), or pass.
//  TR-7 APPLY_DECISION after a guard is posted: the same player may move
//       it to another road or city segment of that tile (MoveFigure
//       of the figure just placed, the last of the state's), or pass.
//  TR-8 With the rule option tribute.relay "on" (schema revision 10): every
//       turn has two tile steps. TILE_PLACED in the first (turn_part 1)
//       asks for another (ExtraTurn); the second asks none, so no turn has
//       a third. TURN_START gives the active player 1 point, "relay.start",
//       once a turn, not again for its second tile step.
// Built with TRIBUTE_MISBEHAVING (the module test_tribute_misbehaving), it
// declares the rule option tribute.misbehave, which makes it break the
// protocol on purpose: "endless" (the default: every choice offers another,
// to the same player), "off-board" (a tile target where no tile lies),
// "no-player" (a decision for player 7), "empty" (no option and no pass),
// "double-guard" (TR-6 posts two guards on one segment), "endless-turn"
// (TR-8 asks for another tile step in every one).
// The well-behaved build declares tribute.relay only (validate plays both
// values).
#include <cloisterkit/sdk/module.hpp>

#include <string>
#include <vector>

namespace {

namespace fb = ck::fb;
namespace sdk = ck::sdk;

#ifdef TRIBUTE_MISBEHAVING
constexpr bool kMisbehaving = true;
#else
constexpr bool kMisbehaving = false;
#endif

constexpr uint8_t kBlessing = 1, kPoints = 2;

std::string at_text(int x, int y) { return "(" + std::to_string(x) + "," + std::to_string(y) + ")"; }

// What the misbehaving build does wrong ("none" for the well-behaved one).
std::string_view misbehaviour(const sdk::HookContext& ctx) {
    return kMisbehaving ? ctx.rule_or("tribute.misbehave", "endless") : std::string_view("none");
}

class Tribute final : public sdk::Expansion {
public:
    sdk::ExpansionInfo info() const override {
        sdk::ExpansionInfo i;
        i.id = "fan.tribute";
        i.name = "Tribute";
        i.version = "0.1.0";
        i.description = "Decisions for tests: blessings, tributes, honours and marks";
        i.hooks = sdk::hooks_overridden_by<Tribute>();
        // A host that plays no decision or completion would play another game.
        i.host_capabilities = {CK_CAPABILITY_DECISION, CK_CAPABILITY_FEATURE_COMPLETED,
                               CK_CAPABILITY_FIGURE_PRIMITIVES, CK_CAPABILITY_EXTRA_TURN};
        if (kMisbehaving)
            i.rule_options = {{"tribute.misbehave", "endless",
                               {"endless", "off-board", "no-player", "empty", "double-guard", "endless-turn"},
                               "break the decision protocol on purpose (tests)"}};
        else
            i.rule_options = {{"tribute.relay", "off", {"off", "on"}, "every turn has two tile steps (TR-8)"}};
        return i;
    }

    // TR-1, TR-8.
    void on_tile_placed(const sdk::HookContext& ctx, const fb::TilePlacedArgs& a, sdk::Effects& fx) const override {
        const fb::TileRef& placed = a.placement()->at();
        const std::string_view misbehave = misbehaviour(ctx);
        if ((ctx.rule_or("tribute.relay", "off") == "on" && ctx.state().turn_part() == 1) || misbehave == "endless-turn")
            fx.extra_turn();
        std::vector<sdk::DecisionChoice> options;
        options.push_back(sdk::DecisionChoice::none("take 2 points now", 2));
        options.back().payload = {kPoints};
        for (const auto& [dx, dy] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
            const fb::TileRef next(static_cast<int16_t>(placed.x() + dx), static_cast<int16_t>(placed.y() + dy),
                                   fb::Corner::None);
            if (sdk::find_tile(ctx.state(), next) == nullptr) continue;
            options.push_back(sdk::DecisionChoice::tile("bless the tile at " + at_text(next.x(), next.y()), next, 1));
            options.back().payload = {kBlessing};
        }
        uint8_t player = a.player();
        bool may_pass = false;
        if (misbehave == "off-board")
            options.push_back(sdk::DecisionChoice::tile("bless nothing", fb::TileRef(99, 99, fb::Corner::None), 1));
        if (misbehave == "no-player") player = 7;
        if (misbehave == "empty") options.clear();
        fx.offer_decision(player, "blessing", "bless a tile or take 2 points", options, may_pass);
    }

    // TR-8: once a turn.
    void on_turn_start(const sdk::HookContext& ctx, const fb::TurnStartArgs& a, sdk::Effects& fx) const override {
        if (ctx.rule_or("tribute.relay", "off") == "on") fx.add_points(a.player(), 1, "relay.start");
    }

    // TR-3.
    void on_figure_step_end(const sdk::HookContext& ctx, const fb::FigureStepEndArgs& a,
                            sdk::Effects& fx) const override {
        const auto* figures = ctx.state().figures();
        if (figures == nullptr) return;
        std::vector<sdk::DecisionChoice> options;
        for (uint32_t i = 0; i < figures->size(); ++i) {
            const fb::PlacedFigure* f = figures->Get(i);
            if (f->owner() != a.player()) continue;
            options.push_back(
                sdk::DecisionChoice::figure_at("honour your figure at " + at_text(f->at().x(), f->at().y()), i, 1));
        }
        if (!options.empty()) fx.offer_decision(a.player(), "honour", "honour one of your figures", options, true);
    }

    // The free road and city segments of the tile at `at`: where a guard may go (TR-6, TR-7).
    static std::vector<sdk::DecisionChoice> guard_posts(const sdk::HookContext& ctx, const fb::TileRef& at,
                                                        const std::string& verb, uint32_t except = 0) {
        std::vector<sdk::DecisionChoice> out;
        const fb::PlacedTile* tile = sdk::find_tile(ctx.state(), at);
        if (tile == nullptr) return out;
        const sdk::TileContents contents = ctx.tile_contents(*tile);
        for (const fb::TileSegmentInfo& s : contents) {
            if (s.kind() != fb::FeatureKind::Road && s.kind() != fb::FeatureKind::City) continue;
            const uint32_t location = contents.board_location(s);
            bool held = false;
            for (const fb::PlacedFigure* f : *ctx.state().figures()) held |= sdk::same_tile(f->at(), at) && f->location() == location;
            if (held || location == except) continue;
            out.push_back(sdk::DecisionChoice::location_of(verb + " on the " + (s.kind() == fb::FeatureKind::Road ? "road" : "city"),
                                                           at, location));
        }
        return out;
    }

    void on_turn_end(const sdk::HookContext& ctx, const fb::TurnEndArgs& a, sdk::Effects& fx) const override {
        const fb::TurnInfo* turn = ctx.state().turn();
        if (turn == nullptr || !turn->has_placed_tile()) return;
        if (turn->number() % 5 == 0) {  // TR-6
            const fb::PlayerState* me = sdk::find_player(ctx.state(), a.player());
            if (me == nullptr || me->followers_in_supply() == 0) return;
            const auto posts = guard_posts(ctx, turn->placed_tile(), "post a guard");
            if (!posts.empty()) fx.offer_decision(a.player(), "guard", "post a follower as a guard?", posts, true);
            return;
        }
        if (turn->number() % 4 != 0) return;  // TR-4
        const fb::TileRef& placed = turn->placed_tile();
        std::vector<sdk::DecisionChoice> options;
        for (const auto& [dx, dy] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
            const int x = placed.x() + dx, y = placed.y() + dy;
            const fb::TileRef space(static_cast<int16_t>(x), static_cast<int16_t>(y), fb::Corner::None);
            bool taken = false;
            for (const fb::PlacedTile* t : *ctx.state().tiles()) taken |= sdk::same_space(t->at(), space);
            if (taken) continue;
            options.push_back(sdk::DecisionChoice::space("mark the space " + at_text(x, y), space, 1)
                                  .saved_as("TRIBUTE_MARK",
                                            "{\"position\": [" + std::to_string(x) + ", " + std::to_string(y) + "]}"));
        }
        if (!options.empty()) fx.offer_decision(a.player(), "mark", "mark an empty space", options);
    }

    // TR-5.
    void on_feature_completed(const sdk::HookContext&, const fb::FeatureCompletedArgs& a,
                              sdk::Effects& fx) const override {
        const fb::ScoredFeature& f = *a.feature();
        if (f.kind() != fb::FeatureKind::Road && f.kind() != fb::FeatureKind::City) return;
        if (!f.completed()) throw std::runtime_error("FEATURE_COMPLETED for a feature that is not completed");
        fx.add_points(a.player(), 1, "completed");
        if (f.kind() == fb::FeatureKind::City && f.scorers()->size() == 0) fx.add_points(a.player(), 1, "unclaimed");
    }

    void apply_decision(const sdk::HookContext& ctx, const fb::ApplyDecisionArgs& a, sdk::Effects& fx) const override {
        const std::string_view key = sdk::as_view(a.key());
        // The state shows the decision being answered (GameState.pending_decision).
        const fb::PendingDecision* pending = ctx.state().pending_decision();
        if (pending == nullptr || sdk::as_view(pending->key()) != key || pending->player() != a.player() ||
            pending->step() != a.step() || ctx.state().turn()->phase() != fb::Phase::DecisionPhase ||
            (!a.passed() && (pending->options() == nullptr || a.index() >= pending->options()->size() ||
                             sdk::as_view(pending->options()->Get(a.index())->label()) != sdk::as_view(a.option()->label()))))
            throw std::runtime_error("the state does not show the decision being answered");
        if (misbehaviour(ctx) == "endless") {  // never lets the player go
            fx.offer_decision(a.player(), key, "again", {sdk::DecisionChoice::none("again")});
            return;
        }
        if (a.passed()) return;
        const fb::DecisionOption& o = *a.option();
        if (key == "blessing") {
            if (o.payload() == nullptr || o.payload()->size() != 1) throw std::runtime_error("the payload came back changed");
            fx.add_points(a.player(), static_cast<int32_t>(o.value()), o.payload()->Get(0) == kPoints ? "tribute" : "blessing");
            if (o.payload()->Get(0) == kBlessing) {  // TR-2
                const auto next = static_cast<uint8_t>((a.player() + 1) % ctx.player_count());
                fx.offer_decision(next, "tribute", "accept a tribute of 1 point?",
                                  {sdk::DecisionChoice::none("accept 1 point", 1)}, true);
            }
        } else if (key == "tribute") {
            fx.add_points(a.player(), static_cast<int32_t>(o.value()), "tribute.accepted");
        } else if (key == "honour") {
            fx.add_points(a.player(), 1, "honour");
        } else if (key == "mark") {
            fx.add_points(a.player(), 1, "mark");
        } else if (key == "guard") {  // TR-6, then TR-7
            // The segment's feature may be held from another tile: the guard joins it.
            fx.place_figure(a.player(), 0, *o.at(), o.location(), true);
            if (misbehaviour(ctx) == "double-guard") fx.place_figure(a.player(), 0, *o.at(), o.location(), false);
            const uint32_t figures = ctx.state().figures() == nullptr ? 0 : ctx.state().figures()->size();
            auto moves = guard_posts(ctx, *o.at(), "move the guard", o.location());
            if (!moves.empty()) {
                for (auto& m : moves) m.value = figures;  // the guard's index once placed: after the others
                fx.offer_decision(a.player(), "guard-move", "move your guard?", moves, true);
            }
        } else if (key == "guard-move") {
            fx.move_figure(static_cast<uint32_t>(o.value()), *o.at(), o.location(), true);
        } else {
            throw std::runtime_error("no decision '" + std::string(key) + "'");
        }
    }
};

sdk::ExpansionList make_expansions() {
    sdk::ExpansionList list;
    list.push_back(sdk::make_expansion<Tribute>());
    return list;
}

}  // namespace

CK_SDK_DEFINE_MODULE("fan-tribute", "0.1.0", make_expansions)
