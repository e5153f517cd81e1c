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

HookResult Module::call(ck_hook_id hook, const ck::test::TestState& state, const fb::HookRequestT& request) const {
    return ck::test::ShippedModule::get().call(lb_index_, hook, state, request);
}

fb::ExpansionManifestT Module::manifest() const { return ck::test::ShippedModule::get().manifest(lb_index_); }

HookResult call(ck_hook_id hook, const ck::test::TestState& state, const fb::HookRequestT& request) {
    return Module::get().call(hook, state, request);
}

// ---------------------------------------------------------------- states

ck::test::TestState make_state(int players, const std::map<std::string, std::string>& rules) {
    ck::test::TestState state;
    for (int i = 0; i < players; ++i) state.add_player("player" + std::to_string(i));
    for (const auto& [key, value] : rules) set_rule(state, key, value);
    state.setup.expansions.push_back(kExpansionId);
    state.turn();
    state.game.tiles_left = 50;
    return state;
}

void set_supply(ck::test::TestState& state, int player, const std::string& kind, int count) {
    const uint16_t k = state.token_kind(kind);
    auto& stocks = state.game.token_stocks;
    for (auto& stock : stocks)
        if (stock.player() == player && stock.kind() == k) {
            stock.mutate_count(count);
            return;
        }
    // Stocks are grouped by player: insert after this player's others.
    auto it = std::find_if(stocks.begin(), stocks.end(), [&](const fb::TokenStock& s) { return s.player() > player; });
    stocks.insert(it, fb::TokenStock(static_cast<uint8_t>(player), k, count));
}

void put_building(ck::test::TestState& state, const std::string& kind, fb::TileRef where, int placed_by) {
    const uint32_t turn = state.game.turn ? state.game.turn->number() : 0;
    state.game.tokens.emplace_back(where, state.token_kind(kind), static_cast<uint8_t>(placed_by), turn);
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
