// Halflings games on the reference host: the shipped plugin module (Halflings,
// optionally with Little Buildings) loaded once and reached only through the
// C ABI by PluginHooks, a catalogue with the base tiles, the 24 halflings
// (from the module's manifest) and a few test triangles, fixed hands
// (GameSetup::preset_hands, as a saved game's halflingHands) and one-line
// turns that draw or play from the hand.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/game.hpp"
#include "lb_game.hpp"
#include "plugins/plugin_hooks.hpp"

namespace ck::host::test {

// Test triangles (R0: legs N and E, hypotenuse D), kept apart from the
// expansion's reconstructed layouts so rule tests do not depend on them:
//   TT/field  all field             TT/city   city on leg N
//   TT/road   road from leg E to D  TT/city-d city on D (pennant)
//   TT/cloister a monastery, all field
//   TT/city-nd  one city on leg N and D   TT/city-nd+ the same with a pennant
const TileCatalog& hf_catalog();

// Hooks with Halflings, and Little Buildings too when `with_buildings`;
// hands played by Halflings' declaration unless `hand_play` says by hooks.
std::unique_ptr<PluginHooks> hf_hooks(bool with_buildings = false, HandPlayBy hand_play = HandPlayBy::Declaration);

using Hands = std::vector<std::vector<std::string>>;

// Base tiles (basic:1) with start BA/RCr at (0,0) unless `start` is given,
// the first draws `draw_order` (and the game ends after `end_turn` regular
// draws when > 0), hands fixed to `hands` (none when empty), and `rules`
// completed with the expansions' presets and defaults as a host does.
GameSetup hf_setup(PluginHooks& hooks, const std::vector<std::string>& draw_order, const Hands& hands,
                   int players = 2, int end_turn = 0, const Rules& rules = {}, const std::string& start = "BA/RCr");

// One turn: the tile (drawn, or played from the hand), where it goes, and
// what the figure step does; then commit.
struct HfStep {
    std::string tile;
    int x = 0, y = 0, rotation = 0;
    bool from_hand = false;
    std::optional<FeatureKind> meeple_kind;
    std::string meeple_location;  // a location the segment includes
    std::string building;         // Little Buildings token kind
    HfStep& meeple(FeatureKind kind, std::string location) {
        meeple_kind = kind;
        meeple_location = std::move(location);
        return *this;
    }
    HfStep& build(std::string kind) {
        building = std::move(kind);
        return *this;
    }
};
HfStep drawn(std::string tile, int x, int y, int rotation);
HfStep from_hand(std::string tile, int x, int y, int rotation);

// Takes the step's tile (draw, or the tile-step option for it) and places it.
void take_and_place(Game& game, const HfStep& s);
void hf_play(Game& game, const HfStep& s);
void hf_play_all(Game& game, const std::vector<HfStep>& steps);

TileTypeId type_of(const Game& game, const std::string& id);
TileRef space(int x, int y, Corner corner = Corner::None);
// Tile ids in a player's hand.
std::vector<std::string> hand_of(const Game& game, uint8_t player);

}  // namespace ck::host::test
