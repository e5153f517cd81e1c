// Small helpers to set up real game situations in tests: the shipped base
// tiles, a forced draw order, and one-line turns.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/game.hpp"
#include "core/location_names.hpp"
#include "core/tile_xml.hpp"

namespace ck::host::test {

// The base-game catalogue from host/data/basic.xml (loaded once).
const TileCatalog& base_catalog();

// A base-game setup: players "Alice", "Bob", ...; the first draws are
// `draw_order`, and if `end_turn` > 0 the game ends after that many draws.
GameSetup base_setup(const std::vector<std::string>& draw_order, int players = 2, int end_turn = 0);

// A pointer to a segment of the tile at `at`, location given as text in
// board orientation ("N", "NL.NR.EL", ...).
FeaturePointer ptr(int x, int y, FeatureKind kind, const std::string& location, Corner corner = Corner::None);

// One turn of the active player: place the drawn tile (which must be
// `tile`) at (x, y) with `rotation` quarter turns, optionally deploy the
// lowest follower on `meeple` (kind + board location), then commit.
struct Turn {
    Turn(std::string tile_id, int tx, int ty, int rot) : tile(std::move(tile_id)), x(tx), y(ty), rotation(rot) {}
    Turn(std::string tile_id, int tx, int ty, int rot, FeatureKind kind, std::string location)
        : tile(std::move(tile_id)), x(tx), y(ty), rotation(rot), meeple_kind(kind),
          meeple_location(std::move(location)) {}
    std::string tile;
    int x = 0, y = 0, rotation = 0;
    std::optional<FeatureKind> meeple_kind;
    std::string meeple_location;
};
void play(Game& game, const Turn& t);
void play_all(Game& game, const std::vector<Turn>& turns);

// The message of the HostError that `f` throws, or "(no error)".
std::string error_of(const std::function<void()>& f);

// Sum of a player's score entries with the given name.
int points_named(const Game& game, uint8_t player, const std::string& name);
// Number of score entries with the given name (any player).
int entries_named(const Game& game, const std::string& name);

}  // namespace ck::host::test
