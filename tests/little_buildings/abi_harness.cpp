#include "abi_harness.hpp"

#include <algorithm>
#include <stdexcept>

namespace lbtest {
namespace {

constexpr const char* kExpansionId = "cloisterkit.little-buildings";

fb::HookRequestT request_for(ck_hook_id hook) {
    fb::HookRequestT request;
    request.hook = hook;
    return request;
}

}  // namespace

Module& Module::get() {
    static Module module;
    return module;
}

Module::Module() : lb_index_(ck::test::ShippedModule::get().index_of(kExpansionId)) {}

HookResult Module::call(ck_hook_id hook, const fb::GameStateT& state, const fb::HookRequestT& request) const {
    return ck::test::ShippedModule::get().call(lb_index_, hook, state, request);
}

fb::ExpansionManifestT Module::manifest() const { return ck::test::ShippedModule::get().manifest(lb_index_); }

HookResult call(ck_hook_id hook, const fb::GameStateT& state, const fb::HookRequestT& request) {
    return Module::get().call(hook, state, request);
}

// ---------------------------------------------------------------- states

fb::GameStateT make_state(int players, const std::map<std::string, std::string>& rules) {
    fb::GameStateT state;
    for (int i = 0; i < players; ++i) {
        auto p = std::make_unique<fb::PlayerT>();
        p->index = static_cast<uint8_t>(i);
        p->name = "player" + std::to_string(i);
        p->followers_in_supply = 7;
        state.players.push_back(std::move(p));
    }
    for (const auto& [key, value] : rules) set_rule(state, key, value);
    state.expansions.push_back(kExpansionId);
    state.turn = std::make_unique<fb::TurnInfoT>();
    state.turn->number = 1;
    state.tiles_left = 50;
    return state;
}

void set_supply(fb::GameStateT& state, int player, const std::string& kind, int count) {
    auto& tokens = state.players.at(player)->tokens;
    for (auto& stock : tokens)
        if (stock->kind == kind) {
            stock->count = count;
            return;
        }
    auto stock = std::make_unique<fb::TokenStockT>();
    stock->kind = kind;
    stock->count = count;
    tokens.push_back(std::move(stock));
}

void put_building(fb::GameStateT& state, const std::string& kind, fb::TileRef where, int placed_by) {
    auto token = std::make_unique<fb::PlacedTokenT>();
    token->kind = kind;
    token->at = std::make_unique<fb::TileRef>(where);
    token->placed_by = static_cast<uint8_t>(placed_by);
    token->turn = state.turn ? state.turn->number : 0;
    state.tokens.push_back(std::move(token));
}

void set_turn(fb::GameStateT& state, int active_player, fb::TileRef placed, bool figure_action_taken) {
    state.turn->active_player = static_cast<uint8_t>(active_player);
    state.turn->phase = fb::Phase::ActionPhase;
    state.turn->has_placed_tile = true;
    state.turn->placed_tile = std::make_unique<fb::TileRef>(placed);
    state.turn->figure_action_taken = figure_action_taken;
}

// -------------------------------------------------------------- requests

fb::HookRequestT game_start(int players) {
    fb::HookRequestT request = request_for(CK_HOOK_GAME_START);
    fb::GameStartArgsT args;
    args.player_count = static_cast<uint8_t>(players);
    args.seed = 42;
    request.args.Set(std::move(args));
    return request;
}

fb::HookRequestT figure_options(int player, fb::TileRef tile) {
    fb::HookRequestT request = request_for(CK_HOOK_FIGURE_OPTIONS);
    fb::FigureOptionsArgsT args;
    args.player = static_cast<uint8_t>(player);
    args.tile = std::make_unique<fb::TileRef>(tile);
    request.args.Set(std::move(args));
    return request;
}

fb::HookRequestT place_token(int player, const std::string& kind, fb::TileRef where) {
    fb::HookRequestT request = request_for(CK_HOOK_APPLY_FIGURE_ACTION);
    fb::ApplyFigureActionArgsT args;
    args.player = static_cast<uint8_t>(player);
    args.option = std::make_unique<fb::FigureOptionT>();
    args.option->action = "place-token";
    args.option->token_kind = kind;
    args.option->at = std::make_unique<fb::TileRef>(where);
    request.args.Set(std::move(args));
    return request;
}

fb::HookRequestT bonus_points(const Feature& feature) {
    fb::HookRequestT request = request_for(CK_HOOK_BONUS_POINTS);
    fb::BonusPointsArgsT args;
    args.feature = std::make_unique<fb::ScoredFeatureT>();
    fb::ScoredFeatureT& f = *args.feature;
    f.id = 7;
    f.kind = feature.kind;
    f.completed = feature.completed;
    f.final_scoring = feature.final_scoring;
    f.parts = feature.parts;
    f.area = feature.area;
    f.base_points = feature.points;
    f.points = feature.points;
    f.scorers = {0};
    f.name = fb::EnumNameFeatureKind(feature.kind);
    request.args.Set(std::move(args));
    return request;
}

std::vector<fb::TileRef> area_around(int x, int y) {
    std::vector<fb::TileRef> area;
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) area.push_back(at(x + dx, y + dy));
    return area;
}

// ------------------------------------------------------------- responses

std::map<std::pair<int, std::string>, int> given_tokens(const HookResult& result) {
    std::map<std::pair<int, std::string>, int> given;
    for (const auto& entry : result.response.effects)
        if (const fb::GiveTokensT* g = entry->effect.AsGiveTokens()) given[{g->player, g->kind}] += g->count;
    return given;
}

std::vector<const fb::FigureOptionT*> offered(const HookResult& result) {
    std::vector<const fb::FigureOptionT*> options;
    for (const auto& entry : result.response.effects)
        if (const fb::OfferFigureOptionT* o = entry->effect.AsOfferFigureOption()) options.push_back(o->option.get());
    return options;
}

int bonus_delta(const HookResult& result) { return ck::test::feature_points_delta(result); }

}  // namespace lbtest
