#include "abi_harness.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace lbtest {
namespace {

constexpr const char* kModulePath = CK_TEST_PLUGIN_DIR "/cloisterkit_expansions.so";
constexpr const char* kExpansionId = "cloisterkit.little-buildings";

// The ABI promises the module 8-byte aligned inputs; a builder's buffer
// need not be, so the bytes are copied into 64-bit words.
struct AlignedBytes {
    std::vector<uint64_t> words;
    size_t size = 0;

    explicit AlignedBytes(const flatbuffers::FlatBufferBuilder& fbb)
        : words((fbb.GetSize() + 7) / 8), size(fbb.GetSize()) {
        std::memcpy(words.data(), fbb.GetBufferPointer(), size);
    }
    ck_bytes bytes() const { return {reinterpret_cast<const uint8_t*>(words.data()), size}; }
};

void release(ck_buffer& buffer) {
    if (buffer.release) buffer.release(&buffer);
}

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

Module::Module() {
    handle_ = dlopen(kModulePath, RTLD_NOW | RTLD_LOCAL);
    if (!handle_) throw std::runtime_error(std::string("dlopen failed: ") + dlerror());
    auto negotiate = reinterpret_cast<ck_plugin_negotiate_v1_fn>(dlsym(handle_, CK_PLUGIN_ENTRY_SYMBOL));
    if (!negotiate) throw std::runtime_error("module exports no " CK_PLUGIN_ENTRY_SYMBOL);

    ck_negotiate_in in{sizeof(ck_negotiate_in), CK_ABI_MAJOR, 0, CK_ABI_MINOR, CK_SCHEMA_REVISION,
                       CK_SCHEMA_REVISION};
    ck_negotiate_out out{};
    out.struct_size = sizeof(out);
    ck_error err{};
    err.struct_size = sizeof(err);
    if (negotiate(&in, &out, &err) != CK_OK) throw std::runtime_error(std::string("negotiate: ") + err.message);
    api_ = out.api;

    ck_host_info host{sizeof(ck_host_info), "little-buildings-tests", "0", nullptr, nullptr, CK_LOG_OFF};
    if (api_->create(&host, &ctx_, &err) != CK_OK) throw std::runtime_error(std::string("create: ") + err.message);

    const uint32_t count = api_->expansion_count(ctx_);
    for (lb_index_ = 0; lb_index_ < count; ++lb_index_)
        if (std::strcmp(api_->expansion_at(ctx_, lb_index_)->id, kExpansionId) == 0) return;
    throw std::runtime_error("the module has no expansion cloisterkit.little-buildings");
}

HookResult Module::call(ck_hook_id hook, const fb::GameStateT& state, const fb::HookRequestT& request) const {
    flatbuffers::FlatBufferBuilder state_fbb;
    fb::FinishGameStateBuffer(state_fbb, fb::GameState::Pack(state_fbb, &state));
    flatbuffers::FlatBufferBuilder request_fbb;
    fb::FinishHookRequestBuffer(request_fbb, fb::HookRequest::Pack(request_fbb, &request));
    const AlignedBytes state_bytes(state_fbb), request_bytes(request_fbb);

    HookResult result;
    ck_buffer out{};
    out.struct_size = sizeof(out);
    ck_error err{};
    err.struct_size = sizeof(err);
    result.status = api_->call_hook(ctx_, lb_index_, hook, state_bytes.bytes(), request_bytes.bytes(), &out, &err);
    if (result.status == CK_OK) {
        flatbuffers::Verifier verifier(out.data, out.size);
        if (!verifier.VerifyBuffer<fb::HookResponse>("CKRS")) {
            release(out);
            throw std::runtime_error("the module answered a HookResponse that fails verification");
        }
        flatbuffers::GetRoot<fb::HookResponse>(out.data)->UnPackTo(&result.response);
    } else if (!CK_SUCCEEDED(result.status)) {
        result.error = err.message;
    }
    release(out);
    return result;
}

fb::ExpansionManifestT Module::manifest() const {
    ck_buffer out{};
    out.struct_size = sizeof(out);
    ck_error err{};
    err.struct_size = sizeof(err);
    if (api_->get_manifest(ctx_, lb_index_, &out, &err) != CK_OK)
        throw std::runtime_error(std::string("get_manifest: ") + err.message);
    flatbuffers::Verifier verifier(out.data, out.size);
    if (!fb::VerifyExpansionManifestBuffer(verifier)) {
        release(out);
        throw std::runtime_error("the manifest fails verification");
    }
    fb::ExpansionManifestT manifest;
    fb::GetExpansionManifest(out.data)->UnPackTo(&manifest);
    release(out);
    return manifest;
}

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

void set_rule(fb::GameStateT& state, const std::string& key, const std::string& value) {
    for (auto& kv : state.rules)
        if (kv->key == key) {
            kv->value = value;
            return;
        }
    auto kv = std::make_unique<fb::KeyValueT>();
    kv->key = key;
    kv->value = value;
    state.rules.push_back(std::move(kv));
    // GameState.rules is sorted by key.
    std::sort(state.rules.begin(), state.rules.end(), [](const auto& a, const auto& b) { return a->key < b->key; });
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

int bonus_delta(const HookResult& result) {
    int delta = 0;
    for (const auto& entry : result.response.effects)
        if (const fb::AdjustFeaturePointsT* a = entry->effect.AsAdjustFeaturePoints()) delta += a->delta;
    return delta;
}

int count_effects(const HookResult& result, fb::Effect type) {
    return static_cast<int>(std::count_if(result.response.effects.begin(), result.response.effects.end(),
                                          [&](const auto& e) { return e->effect.type == type; }));
}

}  // namespace lbtest
