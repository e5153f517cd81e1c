// Halflings' side of the test host: game states with the Halflings tile
// types and hands, requests for its four hooks, and decoders for its
// effects. Loading the module and calling through the C ABI is the shared
// harness (tests/support/plugin_harness.hpp). Nothing here links expansion code.
#pragma once

#include <cloisterkit/plugin.h>

#include <map>
#include <string>
#include <vector>

#include "plugin_harness.hpp"

namespace hftest {

namespace fb = ck::fb;
using ck::test::count_effects;
using ck::test::feature_points_delta;
using ck::test::HookResult;
using ck::test::set_rule;
using ck::test::TestState;

inline constexpr const char* kExpansionId = "cloisterkit.halflings";

// The 24 ids (HF-11): Halflings I 1-12, then Halflings II 1-12.
const std::vector<std::string>& all_halflings();
// Halflings II 1-4, the symbol tiles (HF-12).
const std::vector<std::string>& symbol_tiles();
// A triangle tile that is not one of the 24 (saved games may put any
// triangle into a hand, docs/halflings-geometry.md "Saved games and scenarios").
inline constexpr const char* kForeignTriangle = "EX/tri-example";

// ---- game states

// `players` players with empty hands; turn 1 of player 0 at the start of its
// tile step (nothing drawn or placed). tile_types: two base tiles, the 24
// halflings (not contiguous: a base tile sits between I-12 and II-1) and
// kForeignTriangle, so indices differ from positions in the list of 24.
ck::test::TestState make_state(int players, const std::map<std::string, std::string>& rules = {});
// A state whose tile types hold no halflings at all.
ck::test::TestState make_state_without_halflings(int players);

uint16_t type_of(const ck::test::TestState& state, const std::string& tile_id);
std::string id_of(const ck::test::TestState& state, uint16_t tile_type);
void set_hand(ck::test::TestState& state, int player, const std::vector<std::string>& tile_ids);
void set_active(ck::test::TestState& state, int player);

// ---- the expansion

HookResult call(ck_hook_id hook, const ck::test::TestState& state, const fb::HookRequestT& request);
fb::ExpansionManifestT manifest();
const ck_expansion_desc& descriptor();

// ---- requests

fb::HookRequestT game_start(int players, uint64_t seed = 42,
                            const std::vector<std::vector<uint16_t>>& preset_hands = {});
fb::HookRequestT tile_step_options(int player);
fb::HookRequestT apply_option(int player, const std::string& action, uint16_t tile_type, const std::string& label = "");

struct Feature {
    fb::FeatureKind kind = fb::FeatureKind::City;
    bool completed = true;
    bool final_scoring = false;
    uint32_t spaces = 0, tiles = 0, pennants = 0;
    int base_points = 0;
    int points = -1;   // -1: same as base_points
    std::string name;  // empty: derived from kind and completed
};
fb::HookRequestT feature_scoring(const Feature& feature);

// ---- responses

struct HandTile {
    int player;
    std::string tile_id;
    friend bool operator==(const HandTile&, const HandTile&) = default;
};
// Every AddHandTile, in effect order, with tile ids resolved in `state`.
std::vector<HandTile> hand_tiles_added(const HookResult& result, const ck::test::TestState& state);
// The tile ids dealt to each player (index 0..players-1), in effect order.
std::vector<std::vector<std::string>> hands_dealt(const HookResult& result, const ck::test::TestState& state, int players);
// A tile-step option as the module sent it: one OfferTileStepOption, or
// one tile type of an OfferTileStepOptions (whose label is the template
// the host completes, "play halfling {tile}").
struct Offer {
    std::string action;
    uint16_t tile_type;
    std::string label;
};
// Every tile-step option offered, in order.
std::vector<Offer> offered(const HookResult& result);

}  // namespace hftest
