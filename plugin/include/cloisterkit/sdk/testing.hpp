// The hook test kit (CMake target CloisterKit::sdk_testing): test one hook
// of your module on its own, the way a host calls it.
//
//   ck::sdk::testing::Module module("build/plugins/my_expansion.so");
//   ck::sdk::testing::TestState state;                   // a short description...
//   state.add_player("Alice");
//   state.add_player("Bob");
//   state.set_rule("myExpansion.bonus", "3");
//   // ...or the state a real game was in at a turn:
//   //   cloisterkit state game.jcz --turn 12 --out turn12.ckgs
//   //   auto state = ck::sdk::testing::TestState::from_file("turn12.ckgs");
//   auto road = ck::sdk::testing::feature(ck::fb::FeatureKind::Road, {{0, 0}, {1, 0}}, true);
//   road.scorers.push_back(0);  // player 0 has the majority
//   const auto result = module.call("org.example.my-expansion", state,
//                                   ck::sdk::testing::feature_scoring(road));
//   EXPECT_EQ(result.feature_points(), 3);
//
// Everything goes through the module's C ABI (dlopen, negotiation, create,
// call_hook, release): the kit links none of your code, so what it tests is
// what a host gets. A response is verified before it is read, and the kit
// throws std::runtime_error with the module's own message when it cannot
// load the module or the module answers a buffer that does not verify.
#pragma once

#include <cloisterkit/plugin.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <cloisterkit/schemas/game_setup_generated.h>
#include <cloisterkit/schemas/game_state_generated.h>
#include <cloisterkit/schemas/hooks_generated.h>
#include <cloisterkit/schemas/manifest_generated.h>

namespace ck::sdk::testing {

// A board position: (x, y), and the corner for a Halflings triangle.
inline fb::TileRef at(int x, int y, fb::Corner corner = fb::Corner::None) {
    return fb::TileRef(static_cast<int16_t>(x), static_cast<int16_t>(y), corner);
}

// A game state to call hooks with: the per-game setup and the changing
// state apart, so a test edits either (the schemas' object API), packed
// into one GameState buffer with the setup nested, as a host sends it.
struct TestState {
    fb::GameSetupT setup;
    // game.setup is overwritten by pack() with the packed `setup` (mutable
    // for that alone: GameStateT holds unique_ptrs and cannot be copied).
    mutable fb::GameStateT game;

    TestState();

    // The state a host sent, from the bytes `cloisterkit state` writes
    // (GAME.jcz --turn N --out FILE). Throws when they do not verify.
    static TestState from_bytes(const std::vector<uint8_t>& bytes);
    static TestState from_file(const std::string& path);

    // Appends a player: named in the setup, with a score and followers.
    void add_player(std::string name, int followers_in_supply = 7);
    int player_count() const { return static_cast<int>(game.players.size()); }
    // Sets (or replaces) a rule option in force, keeping the rules sorted.
    void set_rule(const std::string& key, const std::string& value);
    // Enables an expansion in the setup (the host lists every enabled one).
    void enable_expansion(const std::string& id);
    // The turn, created (turn 1, tile phase, player 0) when absent.
    fb::TurnInfo& turn();
    // Sets the turn number, the active player and the phase.
    void set_turn(uint32_t number, uint8_t player, fb::Phase phase = fb::Phase::ActionPhase);
    // The index of tile type `id` in the setup, appended when new. Give
    // `segments` (tile-local, R0) for hooks that read the tile's contents.
    uint16_t tile_type(const std::string& id, const std::vector<fb::TileSegmentInfo>& segments = {},
                       fb::TileShape shape = fb::TileShape::Square);
    // Places a tile of type `id` (see tile_type) at `where`.
    void place_tile(const std::string& id, fb::TileRef where, int rotation = 0);
    // Puts a figure of `kind` ("small", or a declared kind) of `owner` on the
    // segment at `location` (board orientation) of the tile at `where`.
    void place_figure(uint8_t owner, fb::TileRef where, uint32_t location, fb::FeatureKind feature_kind,
                      const std::string& kind = "small", uint32_t feature = 0);
    // The index of a token kind in the setup, appended when new.
    uint16_t token_kind(const std::string& kind);
    // Gives `player` `count` tokens of `kind` in supply.
    void give_tokens(uint8_t player, const std::string& kind, int count);
    // The index of figure kind `kind` ("small" is 0), appended when new.
    uint8_t figure_kind(const std::string& kind);

    // The movement stage (schema revision 6). Marks tile type `tile_id`
    // (see tile_type) as carrying tile marker `marker` (`<volcano/>`), or
    // its segment `segment` (0 is its first) the segment attribute
    // `attribute` (`<city princess="true">`): GameSetup.tile_marks.
    void mark_tile(const std::string& tile_id, const std::string& marker);
    void mark_segment(const std::string& tile_id, uint8_t segment, const std::string& attribute);
    // Schema revision 9: tile type `tile_id` has `value` for the declared
    // TileValue {element, attribute} on its segment `segment` (255: <tile>
    // itself or another element of it): GameSetup.tile_values.
    void set_tile_value(const std::string& tile_id, const std::string& element, const std::string& attribute,
                        const std::string& value, uint8_t segment = 255);
    // Schema revision 12: tile type `tile_id` shows the edge kind `element`
    // (`<river>W E</river>`) on `sides` (bit 0 N, 1 E, 2 S, 3 W, in R0):
    // GameSetup.edge_kinds and tile_edge_sides.
    void set_edge_sides(const std::string& tile_id, const std::string& element, uint8_t sides);
    // The index of neutral figure `name` in the setup, declared by
    // `expansion_id` (enabled too) when new.
    uint8_t neutral_figure(const std::string& name, const std::string& expansion_id);
    // Puts neutral figure `name` (declared with neutral_figure) on the tile
    // at `where`, on its segment `location` (0: the tile), next to the
    // figure `next_to_number` (from 1; 0: none) of `next_to_owner` of kind
    // `next_to_kind`. Replaces where it stood.
    void place_neutral_figure(const std::string& name, fb::TileRef where, uint32_t location = 0,
                              uint8_t next_to_owner = 0, const std::string& next_to_kind = "small",
                              uint8_t next_to_number = 0);

    // The packed GameState bytes.
    std::vector<uint8_t> pack() const;
};

// What one call returned, with the effects read as C++ values.
struct HookResult {
    ck_status status = CK_E_INTERNAL;
    std::string error;           // ck_error.message on failure
    fb::HookResponseT response;  // the decoded effects on CK_OK (none on CK_NOTHING_TO_DO)

    bool ok() const { return CK_SUCCEEDED(status); }
    // How many effects of `type` the response holds.
    int count(fb::Effect type) const;
    // The sum of AdjustFeaturePoints deltas, and their reasons in order.
    int feature_points() const;
    std::vector<std::string> reasons() const;
    // The points AddPoints gives `player` (all of them summed).
    int points_for(uint8_t player) const;
    // The candidates VetoPlacement refuses (PLACEMENT_CHECK), in order.
    std::vector<uint32_t> vetoed() const;
    // Every effect of type T (fb::AddPointsT, fb::OfferFigureOptionT, ...), in order.
    template <class T>
    std::vector<const T*> effects() const {
        std::vector<const T*> out;
        for (const auto& entry : response.effects)
            if (entry && entry->effect.type == fb::EffectTraits<typename T::TableType>::enum_value)
                out.push_back(static_cast<const T*>(entry->effect.value));
        return out;
    }
};

// A module loaded as a host loads it: dlopen, ck_plugin_negotiate_v1 with
// this SDK's ABI and schema revision, create. Immutable after loading, so
// tests and threads may share one.
class Module {
public:
    explicit Module(const std::string& path);
    ~Module();
    Module(const Module&) = delete;
    Module& operator=(const Module&) = delete;

    const ck_plugin_api& api() const { return *api_; }
    ck_plugin_ctx* ctx() const { return ctx_; }
    uint32_t abi_minor() const { return abi_minor_; }
    uint32_t schema_revision() const { return schema_revision_; }

    // The ids of the module's expansions, in order.
    std::vector<std::string> expansion_ids() const;
    // The index of the expansion with this id; throws when there is none.
    uint32_t index_of(std::string_view expansion_id) const;
    // The expansion's manifest, verified and decoded.
    fb::ExpansionManifestT manifest(std::string_view expansion_id) const;

    // Calls the hook the request names on the expansion, with `state`.
    HookResult call(std::string_view expansion_id, const TestState& state, const fb::HookRequestT& request) const;
    // The same with raw bytes (a hostile-input test, a state of your own).
    HookResult call_bytes(uint32_t expansion, ck_hook_id hook, const std::vector<uint8_t>& state,
                          const std::vector<uint8_t>& request) const;

private:
    void* handle_ = nullptr;
    const ck_plugin_api* api_ = nullptr;
    ck_plugin_ctx* ctx_ = nullptr;
    uint32_t abi_minor_ = 0;
    uint32_t schema_revision_ = 0;
};

// ---- requests: one per hook, with the arguments the host gives ----

// A request for `hook` carrying `args` (a *ArgsT of hooks.fbs).
template <class Args>
fb::HookRequestT hook_request(ck_hook_id hook, Args args) {
    fb::HookRequestT request;
    request.hook = hook;
    request.args.Set(std::move(args));
    return request;
}

// The packed bytes of a request, for Module::call_bytes.
std::vector<uint8_t> pack(const fb::HookRequestT& request);

// A feature as the scoring hooks see it: its kind, the tiles it spans
// (parts; tiles and spaces count them), whether it is completed, its
// points so far (base_points too). Add the players with the majority to
// `scorers` (feature_scoring and bonus_points throw std::invalid_argument
// while it is empty: a host never sends a scored feature without them); set final_scoring, pennants, area or name when the hook reads them.
fb::ScoredFeatureT feature(fb::FeatureKind kind, const std::vector<fb::TileRef>& tiles, bool completed,
                           int32_t points = 0);

// Marks `segments` of the feature's segments as carrying the declared
// segment attribute `name` (ScoredFeature.attributes: an inn, a cathedral).
void add_attribute(fb::ScoredFeatureT& feature, const std::string& name, uint32_t segments = 1);

fb::HookRequestT game_start(uint8_t player_count, uint64_t seed);
fb::HookRequestT tile_step_options(uint8_t player);
fb::HookRequestT apply_tile_step_option(uint8_t player, const std::string& action, uint16_t tile_type);
fb::HookRequestT placement_check(uint8_t player, uint16_t tile_type, const std::vector<fb::Placement>& candidates);
fb::HookRequestT tile_placed(uint8_t player, const fb::Placement& placement, uint16_t tile_type);
fb::HookRequestT figure_options(uint8_t player, fb::TileRef placed);
// With the feature id of each segment of the placed tile (revision 6).
fb::HookRequestT figure_options(uint8_t player, fb::TileRef placed, const std::vector<uint32_t>& segment_features);
// The option exactly as offered (OfferFigureOption's), revision 6 fields included.
fb::HookRequestT apply_figure_option(uint8_t player, const fb::FigureOptionT& option);
fb::HookRequestT apply_figure_action(uint8_t player, const std::string& action, fb::TileRef where,
                                     const std::string& token_kind = {});
fb::HookRequestT feature_scoring(const fb::ScoredFeatureT& feature);
fb::HookRequestT bonus_points(const fb::ScoredFeatureT& feature);
fb::HookRequestT turn_end(uint8_t player);
fb::HookRequestT game_end_check(uint8_t player);
fb::HookRequestT final_scoring(uint8_t player_count);
// The movement stage (ABI 1.2).
fb::HookRequestT turn_start(uint8_t player);
fb::HookRequestT figure_step_end(uint8_t player, fb::TileRef placed);
fb::HookRequestT movement_step(uint8_t player, const std::string& figure, uint32_t step, fb::TileRef target,
                               uint32_t location = 0);
// Decisions (ABI 1.3, schema revision 8): `player` chose `option` (index
// `index`) of decision `key`, or passed when `option` is null.
fb::HookRequestT apply_decision(uint8_t player, const std::string& key, uint32_t index,
                                const fb::DecisionOptionT* option, uint32_t step = 1);
fb::HookRequestT feature_completed(uint8_t player, const fb::ScoredFeatureT& feature, uint32_t remaining = 0);
// FIGURE_STRENGTH for `feature`, whose figures are the state's `figures`.
fb::HookRequestT figure_strength(const fb::ScoredFeatureT& feature, std::vector<uint32_t> figures);

}  // namespace ck::sdk::testing
