#include "hf_harness.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace hftest {
namespace {

uint32_t index() {
    static const uint32_t i = ck::test::ShippedModule::get().index_of(kExpansionId);
    return i;
}

ck::test::TestState state_with_types(int players, std::vector<std::string> tile_types) {
    ck::test::TestState state;
    state.game.schema_revision = CK_SCHEMA_REVISION;
    state.setup.tile_types = std::move(tile_types);
    for (int i = 0; i < players; ++i) state.add_player("player" + std::to_string(i));
    state.setup.expansions.push_back(kExpansionId);
    state.turn();
    state.game.tiles_left = 71;
    return state;
}

}  // namespace

const std::vector<std::string>& all_halflings() {
    static const std::vector<std::string> ids = [] {
        std::vector<std::string> v;
        for (const char* set : {"I", "II"})
            for (int n = 1; n <= 12; ++n) v.push_back(std::string("HF/") + set + "-" + std::to_string(n));
        return v;
    }();
    return ids;
}

const std::vector<std::string>& symbol_tiles() {
    static const std::vector<std::string> ids{"HF/II-1", "HF/II-2", "HF/II-3", "HF/II-4"};
    return ids;
}

ck::test::TestState make_state(int players, const std::map<std::string, std::string>& rules) {
    std::vector<std::string> types{"BA/RCr"};
    const auto& hf = all_halflings();
    types.insert(types.end(), hf.begin(), hf.begin() + 12);
    types.push_back("BA/L");
    types.insert(types.end(), hf.begin() + 12, hf.end());
    types.push_back(kForeignTriangle);
    ck::test::TestState state = state_with_types(players, std::move(types));
    for (const auto& [key, value] : rules) set_rule(state, key, value);
    return state;
}

ck::test::TestState make_state_without_halflings(int players) {
    return state_with_types(players, {"BA/RCr", "BA/L", kForeignTriangle});
}

uint16_t type_of(const ck::test::TestState& state, const std::string& tile_id) {
    const auto& types = state.setup.tile_types;
    for (size_t i = 0; i < types.size(); ++i)
        if (types[i] == tile_id) return static_cast<uint16_t>(i);
    throw std::runtime_error("test state has no tile type " + tile_id);
}

std::string id_of(const ck::test::TestState& state, uint16_t tile_type) {
    if (tile_type >= state.setup.tile_types.size()) return "<type " + std::to_string(tile_type) + ">";
    return state.setup.tile_types[tile_type];
}

void set_hand(ck::test::TestState& state, int player, const std::vector<std::string>& tile_ids) {
    auto& hands = state.game.hands;
    hands.erase(std::remove_if(hands.begin(), hands.end(), [&](const fb::HandTile& t) { return t.player() == player; }),
                hands.end());
    // Hands are grouped by player: this one goes before the players after it.
    auto it = std::find_if(hands.begin(), hands.end(), [&](const fb::HandTile& t) { return t.player() > player; });
    for (const auto& id : tile_ids) it = std::next(hands.insert(it, fb::HandTile(static_cast<uint8_t>(player), type_of(state, id))));
}

void set_active(ck::test::TestState& state, int player) { state.turn().mutate_active_player(static_cast<uint8_t>(player)); }

HookResult call(ck_hook_id hook, const ck::test::TestState& state, const fb::HookRequestT& request) {
    return ck::test::ShippedModule::get().call(index(), hook, state, request);
}

fb::ExpansionManifestT manifest() { return ck::test::ShippedModule::get().manifest(index()); }

const ck_expansion_desc& descriptor() {
    const auto& m = ck::test::ShippedModule::get();
    return *m.api().expansion_at(m.ctx(), index());
}

// -------------------------------------------------------------- requests

fb::HookRequestT game_start(int players, uint64_t seed, const std::vector<std::vector<uint16_t>>& preset_hands) {
    fb::GameStartArgsT args;
    args.player_count = static_cast<uint8_t>(players);
    args.seed = seed;
    for (const auto& tiles : preset_hands) {
        auto hand = std::make_unique<fb::PresetHandT>();
        hand->tiles = tiles;
        args.preset_hands.push_back(std::move(hand));
    }
    return ck::test::hook_request(CK_HOOK_GAME_START, std::move(args));
}

fb::HookRequestT tile_step_options(int player) {
    fb::TileStepOptionsArgsT args;
    args.player = static_cast<uint8_t>(player);
    return ck::test::hook_request(CK_HOOK_TILE_STEP_OPTIONS, std::move(args));
}

fb::HookRequestT apply_option(int player, const std::string& action, uint16_t tile_type, const std::string& label) {
    fb::ApplyTileStepOptionArgsT args;
    args.player = static_cast<uint8_t>(player);
    args.action = action;
    args.tile_type = tile_type;
    args.label = label;
    return ck::test::hook_request(CK_HOOK_APPLY_TILE_STEP_OPTION, std::move(args));
}

fb::HookRequestT feature_scoring(const Feature& feature) {
    fb::FeatureScoringArgsT args;
    args.feature = std::make_unique<fb::ScoredFeatureT>();
    fb::ScoredFeatureT& f = *args.feature;
    f.id = 11;
    f.kind = feature.kind;
    f.completed = feature.completed;
    f.final_scoring = feature.final_scoring;
    // The SDK requires parts; one tile is enough (Halflings reads the counts).
    f.parts.push_back(ck::test::at(0, 0, fb::Corner::NE));
    f.base_points = feature.base_points;
    f.points = feature.points < 0 ? feature.base_points : feature.points;
    f.scorers = {0};
    f.spaces = feature.spaces;
    f.tiles = feature.tiles;
    f.pennants = feature.pennants;
    if (!feature.name.empty()) {
        f.name = feature.name;
    } else {
        std::string kind = fb::EnumNameFeatureKind(feature.kind);
        for (char& c : kind) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        f.name = feature.completed ? kind : kind + ".incomplete";
    }
    return ck::test::hook_request(CK_HOOK_FEATURE_SCORING, std::move(args));
}

// ------------------------------------------------------------- responses

std::vector<HandTile> hand_tiles_added(const HookResult& result, const ck::test::TestState& state) {
    std::vector<HandTile> out;
    for (const auto& entry : result.response.effects)
        if (const fb::AddHandTileT* a = entry->effect.AsAddHandTile())
            out.push_back({a->player, id_of(state, a->tile_type)});
    return out;
}

std::vector<std::vector<std::string>> hands_dealt(const HookResult& result, const ck::test::TestState& state, int players) {
    std::vector<std::vector<std::string>> hands(static_cast<size_t>(players));
    for (const HandTile& t : hand_tiles_added(result, state)) {
        if (t.player < 0 || t.player >= players) throw std::runtime_error("AddHandTile for unknown player");
        hands[static_cast<size_t>(t.player)].push_back(t.tile_id);
    }
    return hands;
}

std::vector<Offer> offered(const HookResult& result) {
    std::vector<Offer> out;
    for (const auto& entry : result.response.effects) {
        if (const fb::OfferTileStepOptionT* o = entry->effect.AsOfferTileStepOption())
            out.push_back({o->action, o->tile_type, o->label});
        if (const fb::OfferTileStepOptionsT* o = entry->effect.AsOfferTileStepOptions())
            for (const uint16_t type : o->tile_types) out.push_back({o->action, type, o->label});
    }
    return out;
}

}  // namespace hftest
