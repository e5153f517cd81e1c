// The hook test kit (cloisterkit/sdk/testing.hpp): a module loaded and
// called through its C ABI only, and states and requests built with the
// schemas' object API.
#include <cloisterkit/sdk/testing.hpp>

#include <dlfcn.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <stdexcept>

namespace ck::sdk::testing {
namespace {

// The ABI promises the module 8-byte aligned inputs; a builder's buffer
// need not be, so the bytes are copied into 64-bit words.
struct AlignedBytes {
    std::vector<uint64_t> words;
    size_t size = 0;

    AlignedBytes(const uint8_t* data, size_t n) : words((n + 7) / 8), size(n) {
        if (n != 0) std::memcpy(words.data(), data, n);
    }
    ck_bytes bytes() const { return {reinterpret_cast<const uint8_t*>(words.data()), size}; }
};

void release(ck_buffer& buffer) {
    if (buffer.release) buffer.release(&buffer);
}

ck_error empty_error() {
    ck_error err{};
    err.struct_size = sizeof(err);
    return err;
}

template <class Builder>
std::vector<uint8_t> bytes_of(const Builder& b) {
    return {b.GetBufferPointer(), b.GetBufferPointer() + b.GetSize()};
}

}  // namespace

// ------------------------------------------------------------------ state

TestState::TestState() {
    game.schema_revision = CK_SCHEMA_REVISION;
    setup.figure_kinds.push_back("small");
}

TestState TestState::from_bytes(const std::vector<uint8_t>& bytes) {
    flatbuffers::Verifier verifier(bytes.data(), bytes.size());
    if (bytes.size() < 8 || !flatbuffers::BufferHasIdentifier(bytes.data(), fb::GameStateIdentifier()) ||
        !fb::VerifyGameStateBuffer(verifier))
        throw std::runtime_error("not a GameState buffer that verifies (" + std::to_string(bytes.size()) +
                                 " bytes): write one with `cloisterkit state GAME.jcz --turn N --out FILE`");
    TestState state;
    state.setup.figure_kinds.clear();
    fb::GetGameState(bytes.data())->UnPackTo(&state.game);
    if (const auto* nested = fb::GetGameState(bytes.data())->setup_nested_root()) nested->UnPackTo(&state.setup);
    return state;
}

TestState TestState::from_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error(path + ": cannot open");
    const std::vector<uint8_t> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    try {
        return from_bytes(bytes);
    } catch (const std::runtime_error& e) {
        throw std::runtime_error(path + ": " + e.what());
    }
}

void TestState::add_player(std::string name, int followers_in_supply) {
    setup.player_names.push_back(std::move(name));
    game.players.emplace_back(0, static_cast<uint8_t>(followers_in_supply));
}

void TestState::set_rule(const std::string& key, const std::string& value) {
    auto& rules = setup.rules;
    for (auto& kv : rules)
        if (kv->key == key) {
            kv->value = value;
            return;
        }
    auto kv = std::make_unique<fb::KeyValueT>();
    kv->key = key;
    kv->value = value;
    rules.push_back(std::move(kv));
    std::sort(rules.begin(), rules.end(), [](const auto& a, const auto& b) { return a->key < b->key; });
}

void TestState::enable_expansion(const std::string& id) {
    if (std::find(setup.expansions.begin(), setup.expansions.end(), id) == setup.expansions.end())
        setup.expansions.push_back(id);
}

fb::TurnInfo& TestState::turn() {
    if (!game.turn) {
        game.turn = std::make_unique<fb::TurnInfo>();
        game.turn->mutate_number(1);
        game.turn->mutate_phase(fb::Phase::TilePhase);
    }
    return *game.turn;
}

void TestState::set_turn(uint32_t number, uint8_t player, fb::Phase phase) {
    fb::TurnInfo& t = turn();
    t.mutate_number(number);
    t.mutate_active_player(player);
    t.mutate_phase(phase);
}

uint16_t TestState::tile_type(const std::string& id, const std::vector<fb::TileSegmentInfo>& segments,
                              fb::TileShape shape) {
    for (size_t i = 0; i < setup.tile_types.size(); ++i)
        if (setup.tile_types[i] == id) return static_cast<uint16_t>(i);
    const auto index = static_cast<uint16_t>(setup.tile_types.size());
    setup.tile_types.push_back(id);
    setup.tile_shapes.resize(setup.tile_types.size(), fb::TileShape::Square);
    setup.tile_shapes.back() = shape;
    // New types come last, so their segments keep the runs in type order.
    for (const fb::TileSegmentInfo& seg : segments)
        setup.tile_segments.emplace_back(seg.location(), index, seg.kind(), seg.pennants());
    return index;
}

void TestState::place_tile(const std::string& id, fb::TileRef where, int rotation) {
    game.tiles.emplace_back(where, static_cast<uint8_t>(rotation & 3), tile_type(id));
}

void TestState::place_figure(uint8_t owner, fb::TileRef where, uint32_t location, fb::FeatureKind feature_kind,
                             const std::string& kind, uint32_t feature) {
    game.figures.emplace_back(where, location, feature, feature_kind, figure_kind(kind), owner);
}

uint16_t TestState::token_kind(const std::string& kind) {
    for (size_t i = 0; i < setup.token_kinds.size(); ++i)
        if (setup.token_kinds[i] == kind) return static_cast<uint16_t>(i);
    setup.token_kinds.push_back(kind);
    return static_cast<uint16_t>(setup.token_kinds.size() - 1);
}

void TestState::give_tokens(uint8_t player, const std::string& kind, int count) {
    const uint16_t k = token_kind(kind);
    for (auto& stock : game.token_stocks)
        if (stock.player() == player && stock.kind() == k) {
            stock.mutate_count(stock.count() + count);
            return;
        }
    game.token_stocks.emplace_back(player, k, count);
    // Grouped by player in player order, as a host sends them.
    std::stable_sort(game.token_stocks.begin(), game.token_stocks.end(),
                     [](const fb::TokenStock& a, const fb::TokenStock& b) { return a.player() < b.player(); });
}

uint8_t TestState::figure_kind(const std::string& kind) {
    for (size_t i = 0; i < setup.figure_kinds.size(); ++i)
        if (setup.figure_kinds[i] == kind) return static_cast<uint8_t>(i);
    setup.figure_kinds.push_back(kind);
    return static_cast<uint8_t>(setup.figure_kinds.size() - 1);
}

void TestState::mark_tile(const std::string& tile_id, const std::string& marker) {
    mark_segment(tile_id, 255, marker);  // 255: the tile itself (game_setup.fbs)
}

void TestState::mark_segment(const std::string& tile_id, uint8_t segment, const std::string& attribute) {
    const uint16_t type = tile_type(tile_id);
    auto name = std::find(setup.mark_names.begin(), setup.mark_names.end(), attribute);
    if (name == setup.mark_names.end()) name = setup.mark_names.insert(setup.mark_names.end(), attribute);
    const fb::TileMark mark(type, segment, static_cast<uint8_t>(name - setup.mark_names.begin()));
    // Kept sorted by tile type, as hosts send them (the SDK searches them).
    const auto at = std::upper_bound(setup.tile_marks.begin(), setup.tile_marks.end(), type,
                                     [](uint16_t t, const fb::TileMark& m) { return t < m.tile_type(); });
    setup.tile_marks.insert(at, mark);
}

void TestState::set_tile_value(const std::string& tile_id, const std::string& element, const std::string& attribute,
                               const std::string& value, uint8_t segment) {
    const uint16_t type = tile_type(tile_id);
    size_t key = 0;
    while (key < setup.tile_value_keys.size() &&
           (setup.tile_value_keys[key]->element != element || setup.tile_value_keys[key]->attribute != attribute))
        ++key;
    if (key == setup.tile_value_keys.size()) {
        auto k = std::make_unique<fb::TileValueKeyT>();
        k->element = element;
        k->attribute = attribute;
        setup.tile_value_keys.push_back(std::move(k));
    }
    auto text = std::find(setup.tile_value_texts.begin(), setup.tile_value_texts.end(), value);
    if (text == setup.tile_value_texts.end()) text = setup.tile_value_texts.insert(setup.tile_value_texts.end(), value);
    const fb::TileValue v(type, segment, static_cast<uint8_t>(key),
                          static_cast<uint16_t>(text - setup.tile_value_texts.begin()));
    // Kept sorted by tile type, as hosts send them (the SDK searches them).
    const auto at = std::upper_bound(setup.tile_values.begin(), setup.tile_values.end(), type,
                                     [](uint16_t t, const fb::TileValue& m) { return t < m.tile_type(); });
    setup.tile_values.insert(at, v);
}

void TestState::set_edge_sides(const std::string& tile_id, const std::string& element, uint8_t sides) {
    const uint16_t type = tile_type(tile_id);
    auto kind = std::find(setup.edge_kinds.begin(), setup.edge_kinds.end(), element);
    if (kind == setup.edge_kinds.end()) kind = setup.edge_kinds.insert(setup.edge_kinds.end(), element);
    const fb::TileEdgeSides e(type, static_cast<uint8_t>(kind - setup.edge_kinds.begin()), sides);
    const auto at = std::upper_bound(setup.tile_edge_sides.begin(), setup.tile_edge_sides.end(), type,
                                     [](uint16_t t, const fb::TileEdgeSides& m) { return t < m.tile_type(); });
    setup.tile_edge_sides.insert(at, e);
}

uint8_t TestState::neutral_figure(const std::string& name, const std::string& expansion_id) {
    for (size_t i = 0; i < setup.neutral_figures.size(); ++i)
        if (setup.neutral_figures[i]->name == name) return static_cast<uint8_t>(i);
    enable_expansion(expansion_id);
    auto info = std::make_unique<fb::NeutralFigureInfoT>();
    info->name = name;
    info->label = name;
    const auto e = std::find(setup.expansions.begin(), setup.expansions.end(), expansion_id);
    info->expansion = static_cast<uint16_t>(e - setup.expansions.begin());
    setup.neutral_figures.push_back(std::move(info));
    return static_cast<uint8_t>(setup.neutral_figures.size() - 1);
}

void TestState::place_neutral_figure(const std::string& name, fb::TileRef where, uint32_t location,
                                     uint8_t next_to_owner, const std::string& next_to_kind, uint8_t next_to_number) {
    uint8_t index = 0;
    while (index < setup.neutral_figures.size() && setup.neutral_figures[index]->name != name) ++index;
    if (index == setup.neutral_figures.size())
        throw std::invalid_argument("place_neutral_figure: declare \"" + name + "\" with neutral_figure() first");
    std::erase_if(game.neutral_figures, [&](const fb::NeutralFigurePosition& p) { return p.figure() == index; });
    game.neutral_figures.emplace_back(where, location, index, next_to_owner,
                                      next_to_number ? figure_kind(next_to_kind) : uint8_t{0}, next_to_number);
}

std::vector<uint8_t> TestState::pack() const {
    flatbuffers::FlatBufferBuilder setup_fbb;
    fb::FinishGameSetupBuffer(setup_fbb, fb::GameSetup::Pack(setup_fbb, &setup));
    game.setup = bytes_of(setup_fbb);
    flatbuffers::FlatBufferBuilder fbb;
    fb::FinishGameStateBuffer(fbb, fb::GameState::Pack(fbb, &game));
    return bytes_of(fbb);
}

// ----------------------------------------------------------------- result

int HookResult::count(fb::Effect type) const {
    return static_cast<int>(std::count_if(response.effects.begin(), response.effects.end(),
                                          [&](const auto& e) { return e && e->effect.type == type; }));
}

int HookResult::feature_points() const {
    int delta = 0;
    for (const auto* a : effects<fb::AdjustFeaturePointsT>()) delta += a->delta;
    return delta;
}

std::vector<std::string> HookResult::reasons() const {
    std::vector<std::string> out;
    for (const auto* a : effects<fb::AdjustFeaturePointsT>()) out.push_back(a->reason);
    return out;
}

int HookResult::points_for(uint8_t player) const {
    int points = 0;
    for (const auto* a : effects<fb::AddPointsT>())
        if (a->player == player) points += a->points;
    return points;
}

std::vector<uint32_t> HookResult::vetoed() const {
    std::vector<uint32_t> out;
    for (const auto* v : effects<fb::VetoPlacementT>()) out.push_back(v->candidate);
    return out;
}

// ----------------------------------------------------------------- module

Module::Module(const std::string& path) {
    handle_ = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle_) throw std::runtime_error("dlopen " + path + ": " + dlerror());
    auto negotiate = reinterpret_cast<ck_plugin_negotiate_v1_fn>(dlsym(handle_, CK_PLUGIN_ENTRY_SYMBOL));
    if (!negotiate) {
        dlclose(handle_);
        throw std::runtime_error(path + " exports no " CK_PLUGIN_ENTRY_SYMBOL);
    }
    ck_negotiate_in in{sizeof(ck_negotiate_in), CK_ABI_MAJOR, 0, CK_ABI_MINOR, CK_SCHEMA_REVISION_MIN,
                       CK_SCHEMA_REVISION};
    ck_negotiate_out out{};
    out.struct_size = sizeof(out);
    ck_error err = empty_error();
    if (ck_status s = negotiate(&in, &out, &err); s != CK_OK || out.api == nullptr) {
        dlclose(handle_);
        throw std::runtime_error(path + ": negotiation failed (" + std::to_string(s) + "): " + err.message);
    }
    api_ = out.api;
    abi_minor_ = out.abi_minor;
    schema_revision_ = out.schema_revision;
    // The kit plays the host of this SDK: every capability it knows.
    static constexpr const char* kCapabilities[] = {CK_CAPABILITY_DECISION,   CK_CAPABILITY_FIGURE_PRIMITIVES,
                                                    CK_CAPABILITY_FEATURE_COMPLETED, CK_CAPABILITY_START_TILE,
                                                    CK_CAPABILITY_TILE_VALUES, CK_CAPABILITY_EXTRA_TURN,
                                                    CK_CAPABILITY_TILE_GROUPS, CK_CAPABILITY_EDGE_KINDS,
                                                    CK_CAPABILITY_FIGURE_STRENGTH, nullptr};
    ck_host_info host{sizeof(ck_host_info), "cloisterkit-sdk-testing", CK_RELEASE_VERSION, nullptr, nullptr,
                      CK_LOG_OFF, kCapabilities};
    if (ck_status s = api_->create(&host, &ctx_, &err); s != CK_OK) {
        dlclose(handle_);
        throw std::runtime_error(path + ": create failed (" + std::to_string(s) + "): " + err.message);
    }
}

Module::~Module() {
    if (api_ != nullptr && ctx_ != nullptr) api_->destroy(ctx_);
    if (handle_ != nullptr) dlclose(handle_);
}

std::vector<std::string> Module::expansion_ids() const {
    std::vector<std::string> ids;
    const uint32_t count = api_->expansion_count(ctx_);
    for (uint32_t i = 0; i < count; ++i) ids.emplace_back(api_->expansion_at(ctx_, i)->id);
    return ids;
}

uint32_t Module::index_of(std::string_view expansion_id) const {
    const std::vector<std::string> ids = expansion_ids();
    for (uint32_t i = 0; i < ids.size(); ++i)
        if (ids[i] == expansion_id) return i;
    std::string known;
    for (const auto& id : ids) known += (known.empty() ? "" : ", ") + id;
    throw std::runtime_error("the module has no expansion '" + std::string(expansion_id) + "' (it has " + known + ")");
}

fb::ExpansionManifestT Module::manifest(std::string_view expansion_id) const {
    ck_buffer out{};
    out.struct_size = sizeof(out);
    ck_error err = empty_error();
    if (api_->get_manifest(ctx_, index_of(expansion_id), &out, &err) != CK_OK)
        throw std::runtime_error(std::string("get_manifest: ") + err.message);
    flatbuffers::Verifier verifier(out.data, out.size);
    if (!fb::VerifyExpansionManifestBuffer(verifier)) {
        release(out);
        throw std::runtime_error("the manifest of '" + std::string(expansion_id) + "' fails verification");
    }
    fb::ExpansionManifestT manifest;
    fb::GetExpansionManifest(out.data)->UnPackTo(&manifest);
    release(out);
    return manifest;
}

HookResult Module::call(std::string_view expansion_id, const TestState& state, const fb::HookRequestT& request) const {
    return call_bytes(index_of(expansion_id), request.hook, state.pack(), pack(request));
}

HookResult Module::call_bytes(uint32_t expansion, ck_hook_id hook, const std::vector<uint8_t>& state,
                              const std::vector<uint8_t>& request) const {
    const AlignedBytes state_bytes(state.data(), state.size());
    const AlignedBytes request_bytes(request.data(), request.size());
    HookResult result;
    ck_buffer out{};
    out.struct_size = sizeof(out);
    ck_error err = empty_error();
    result.status = api_->call_hook(ctx_, expansion, hook, state_bytes.bytes(), request_bytes.bytes(), &out, &err);
    if (result.status == CK_OK) {
        flatbuffers::Verifier verifier(out.data, out.size);
        if (out.data == nullptr || !verifier.VerifyBuffer<fb::HookResponse>("CKRS")) {
            release(out);
            throw std::runtime_error("hook " + std::to_string(hook) +
                                     " answered CK_OK with a HookResponse that fails verification");
        }
        flatbuffers::GetRoot<fb::HookResponse>(out.data)->UnPackTo(&result.response);
    } else if (!CK_SUCCEEDED(result.status)) {
        result.error = err.message;
    }
    release(out);
    return result;
}

// --------------------------------------------------------------- requests

std::vector<uint8_t> pack(const fb::HookRequestT& request) {
    flatbuffers::FlatBufferBuilder fbb;
    fb::FinishHookRequestBuffer(fbb, fb::HookRequest::Pack(fbb, &request));
    return bytes_of(fbb);
}

void add_attribute(fb::ScoredFeatureT& feature, const std::string& name, uint32_t segments) {
    auto a = std::make_unique<fb::FeatureAttributeT>();
    a->name = name;
    a->segments = segments;
    feature.attributes.push_back(std::move(a));
}

fb::ScoredFeatureT feature(fb::FeatureKind kind, const std::vector<fb::TileRef>& tiles, bool completed,
                           int32_t points) {
    fb::ScoredFeatureT f;
    f.kind = kind;
    f.completed = completed;
    f.parts = tiles;
    f.tiles = static_cast<uint32_t>(tiles.size());
    f.spaces = static_cast<uint32_t>(tiles.size());
    f.base_points = points;
    f.points = points;
    f.name = fb::EnumNameFeatureKind(kind);
    for (char& c : f.name) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    return f;
}

fb::HookRequestT game_start(uint8_t player_count, uint64_t seed) {
    fb::GameStartArgsT a;
    a.player_count = player_count;
    a.seed = seed;
    return hook_request(CK_HOOK_GAME_START, std::move(a));
}

fb::HookRequestT tile_step_options(uint8_t player) {
    fb::TileStepOptionsArgsT a;
    a.player = player;
    return hook_request(CK_HOOK_TILE_STEP_OPTIONS, std::move(a));
}

fb::HookRequestT apply_tile_step_option(uint8_t player, const std::string& action, uint16_t tile_type) {
    fb::ApplyTileStepOptionArgsT a;
    a.player = player;
    a.action = action;
    a.tile_type = tile_type;
    return hook_request(CK_HOOK_APPLY_TILE_STEP_OPTION, std::move(a));
}

fb::HookRequestT placement_check(uint8_t player, uint16_t tile_type, const std::vector<fb::Placement>& candidates) {
    fb::PlacementCheckArgsT a;
    a.player = player;
    a.candidates = candidates;
    for (auto& c : a.candidates) c.mutate_tile_type(tile_type);
    return hook_request(CK_HOOK_PLACEMENT_CHECK, std::move(a));
}

fb::HookRequestT tile_placed(uint8_t player, const fb::Placement& placement, uint16_t tile_type) {
    fb::TilePlacedArgsT a;
    a.player = player;
    a.placement = std::make_unique<fb::Placement>(placement);
    a.placement->mutate_tile_type(tile_type);
    return hook_request(CK_HOOK_TILE_PLACED, std::move(a));
}

fb::HookRequestT figure_options(uint8_t player, fb::TileRef placed) {
    fb::FigureOptionsArgsT a;
    a.player = player;
    a.tile = std::make_unique<fb::TileRef>(placed);
    return hook_request(CK_HOOK_FIGURE_OPTIONS, std::move(a));
}

fb::HookRequestT figure_options(uint8_t player, fb::TileRef placed, const std::vector<uint32_t>& segment_features) {
    fb::FigureOptionsArgsT a;
    a.player = player;
    a.tile = std::make_unique<fb::TileRef>(placed);
    a.segment_features = segment_features;
    return hook_request(CK_HOOK_FIGURE_OPTIONS, std::move(a));
}

fb::HookRequestT apply_figure_option(uint8_t player, const fb::FigureOptionT& option) {
    fb::ApplyFigureActionArgsT a;
    a.player = player;
    a.option = std::make_unique<fb::FigureOptionT>();
    a.option->action = option.action;
    a.option->token_kind = option.token_kind;
    if (option.at) a.option->at = std::make_unique<fb::TileRef>(*option.at);
    a.option->label = option.label;
    a.option->location = option.location;
    a.option->neutral_figure = option.neutral_figure;
    a.option->return_source = option.return_source;
    return hook_request(CK_HOOK_APPLY_FIGURE_ACTION, std::move(a));
}

fb::HookRequestT apply_figure_action(uint8_t player, const std::string& action, fb::TileRef where,
                                     const std::string& token_kind) {
    fb::ApplyFigureActionArgsT a;
    a.player = player;
    a.option = std::make_unique<fb::FigureOptionT>();
    a.option->action = action;
    a.option->token_kind = token_kind;
    a.option->at = std::make_unique<fb::TileRef>(where);
    return hook_request(CK_HOOK_APPLY_FIGURE_ACTION, std::move(a));
}

// The object API writes an empty vector as an absent one, which the SDK
// refuses as a request without its required field: say so here instead.
void check_has_scorers(const fb::ScoredFeatureT& feature) {
    if (feature.scorers.empty())
        throw std::invalid_argument("ck::sdk::testing: the scored feature has no scorers; add the players with the "
                                    "majority to feature.scorers (an empty list would reach the hook as missing)");
}

fb::HookRequestT feature_scoring(const fb::ScoredFeatureT& feature) {
    check_has_scorers(feature);
    fb::FeatureScoringArgsT a;
    a.feature = std::make_unique<fb::ScoredFeatureT>(feature);
    return hook_request(CK_HOOK_FEATURE_SCORING, std::move(a));
}

fb::HookRequestT bonus_points(const fb::ScoredFeatureT& feature) {
    check_has_scorers(feature);
    fb::BonusPointsArgsT a;
    a.feature = std::make_unique<fb::ScoredFeatureT>(feature);
    return hook_request(CK_HOOK_BONUS_POINTS, std::move(a));
}

fb::HookRequestT turn_end(uint8_t player) {
    fb::TurnEndArgsT a;
    a.player = player;
    return hook_request(CK_HOOK_TURN_END, std::move(a));
}

fb::HookRequestT turn_start(uint8_t player) {
    fb::TurnStartArgsT a;
    a.player = player;
    return hook_request(CK_HOOK_TURN_START, std::move(a));
}

fb::HookRequestT figure_step_end(uint8_t player, fb::TileRef placed) {
    fb::FigureStepEndArgsT a;
    a.player = player;
    a.tile = std::make_unique<fb::TileRef>(placed);
    return hook_request(CK_HOOK_FIGURE_STEP_END, std::move(a));
}

fb::HookRequestT movement_step(uint8_t player, const std::string& figure, uint32_t step, fb::TileRef target,
                               uint32_t location) {
    fb::MovementStepArgsT a;
    a.player = player;
    a.figure = figure;
    a.step = step;
    a.target = std::make_unique<fb::MoveTarget>(target, location);
    return hook_request(CK_HOOK_APPLY_MOVEMENT_STEP, std::move(a));
}

fb::HookRequestT apply_decision(uint8_t player, const std::string& key, uint32_t index,
                                const fb::DecisionOptionT* option, uint32_t step) {
    fb::ApplyDecisionArgsT a;
    a.player = player;
    a.key = key;
    a.index = index;
    a.passed = option == nullptr;
    if (option != nullptr) a.option = std::make_unique<fb::DecisionOptionT>(*option);
    a.step = step;
    return hook_request(CK_HOOK_APPLY_DECISION, std::move(a));
}

fb::HookRequestT feature_completed(uint8_t player, const fb::ScoredFeatureT& feature, uint32_t remaining) {
    fb::FeatureCompletedArgsT a;
    a.player = player;
    a.remaining = remaining;
    a.feature = std::make_unique<fb::ScoredFeatureT>(feature);
    return hook_request(CK_HOOK_FEATURE_COMPLETED, std::move(a));
}

fb::HookRequestT figure_strength(const fb::ScoredFeatureT& feature, std::vector<uint32_t> figures) {
    fb::FigureStrengthArgsT a;
    a.feature = std::make_unique<fb::ScoredFeatureT>(feature);
    a.figures = std::move(figures);
    return hook_request(CK_HOOK_FIGURE_STRENGTH, std::move(a));
}

fb::HookRequestT game_end_check(uint8_t player) {
    fb::GameEndCheckArgsT a;
    a.player = player;
    return hook_request(CK_HOOK_GAME_END_CHECK, std::move(a));
}

fb::HookRequestT final_scoring(uint8_t player_count) {
    fb::FinalScoringArgsT a;
    a.player_count = player_count;
    return hook_request(CK_HOOK_FINAL_SCORING, std::move(a));
}

}  // namespace ck::sdk::testing
