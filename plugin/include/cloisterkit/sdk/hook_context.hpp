// What a hook sees besides its request: the verified game state and its
// setup (the per-game constants), the module's logger and a few lookups
// every expansion needs. Every index in the state (tile types, token and
// figure kinds, players, expansions) has been checked against the setup
// and the players before the hook runs, so Get() with them is in range.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include <cloisterkit/schemas/game_state_generated.h>

#include <cloisterkit/sdk/helpers.hpp>
#include <cloisterkit/sdk/logger.hpp>
#include <cloisterkit/sdk/tile_contents.hpp>

namespace ck::sdk {

class HookContext {
public:
    HookContext(const fb::GameState& state, const fb::GameSetup& setup, const Logger& logger,
                std::string_view expansion_id, uint64_t setup_id = 0)
        : state_(state), setup_(setup), logger_(logger), expansion_id_(expansion_id), setup_id_(setup_id) {}
    // Kept from the SDK of 1.3 and before.
    HookContext(const fb::GameState& state, const fb::GameSetup& setup, spdlog::logger& logger,
                std::string_view expansion_id, uint64_t setup_id = 0)
        : HookContext(state, setup, Logger(logger), expansion_id, setup_id) {}

    const fb::GameState& state() const { return state_; }
    const fb::GameSetup& setup() const { return setup_; }
    const Logger& logger() const { return logger_; }
    std::string_view expansion_id() const { return expansion_id_; }

    // Identifies setup() on the calling thread: two hook calls on one
    // thread with the same nonzero id see byte-identical setups (the same
    // game's constants: rules, tile types, token kinds). 0 means unknown.
    // For data an expansion derives from the setup once per game instead of
    // on every call, kept in a thread_local keyed by this id.
    uint64_t setup_id() const { return setup_id_; }

    // The value of rule option `key` in this game, if the host set it.
    std::optional<std::string_view> rule(std::string_view key) const;
    // The value of rule option `key`, or `fallback` when absent.
    std::string_view rule_or(std::string_view key, std::string_view fallback) const;

    // This expansion's private data in the state (empty when none yet).
    std::string_view expansion_data() const;

    // How many tokens of `kind` player `player` has in supply (0 if unknown).
    int tokens_in_supply(uint8_t player, std::string_view kind) const;

    // The index of token kind `kind` in setup().token_kinds, if the game has it.
    std::optional<uint16_t> token_kind_index(std::string_view kind) const;
    // The name of token kind `index` (empty when out of range).
    std::string_view token_kind_name(uint16_t index) const;
    // The id of tile type `index` (empty when out of range).
    std::string_view tile_type_id(uint16_t index) const;
    // What tile type `index` holds, or a placed tile (with its rotation):
    // segments, pennants, edges, the monastery (tile_contents.hpp).
    TileContents tile_contents(uint16_t index) const { return sdk::tile_contents(setup_, index); }
    TileContents tile_contents(const fb::PlacedTile& tile) const { return sdk::tile_contents(setup_, tile); }
    // Player `player`'s hand, in hand order.
    HandRange hand(uint8_t player) const { return hand_of(state_, player); }

    // The state's player count.
    int player_count() const;

    // Rule option `key` read as a whole decimal number / a boolean
    // ("true"/"false", "yes"/"no", "on"/"off", "1"/"0"); nullopt or the
    // fallback when absent or not of that form.
    std::optional<int64_t> rule_int(std::string_view key) const;
    int64_t rule_int_or(std::string_view key, int64_t fallback) const;
    bool rule_bool_or(std::string_view key, bool fallback) const;

    // Neutral figures and markers (schema revision 6; docs/abi.md, "Neutral
    // figures and movement"). Where neutral figure `name` stands, or NULL
    // while it is off the board (and when the game has no such figure).
    const fb::NeutralFigurePosition* neutral_figure(std::string_view name) const;
    // Whether tile type `tile_type` carries tile marker `marker` (a
    // declared TileMarker: `<volcano/>`). False from older hosts.
    bool tile_has_marker(uint16_t tile_type, std::string_view marker) const;
    // Whether segment `segment` of tile type `tile_type` (its index in
    // tile_contents(tile_type), from 0) carries the declared segment
    // attribute `attribute` (`<city princess="true">`).
    bool segment_has_attribute(uint16_t tile_type, size_t segment, std::string_view attribute) const;
    // The value a declared TileValue has on tile type `tile_type`, or
    // nullopt where the tile has none (and from hosts before schema
    // revision 9). `segment` is the feature element's index in
    // tile_contents(tile_type); kTileItself (the default) reads <tile>'s
    // own attributes and those of its other elements (`<watchtower>`).
    static constexpr size_t kTileItself = 255;
    std::optional<std::string_view> tile_value(uint16_t tile_type, std::string_view element,
                                               std::string_view attribute, size_t segment = kTileItself) const;

    // The sides (bit 0 N, 1 E, 2 S, 3 W, in the tile's own R0) that tile
    // type `tile_type` shows of the game's edge kind `element` (a declared
    // EdgeKind: "river"), 0 for none (and from hosts before schema
    // revision 12). rotate_sides() turns them as the tile is placed.
    uint8_t edge_kind_sides(uint16_t tile_type, std::string_view element) const;

    // Figure kind `kind`'s strength in majorities (GameSetup.figure_kinds
    // index): 0 for a figure that only joins a follower (the builder, the
    // pig), 2 for the big follower; 1 from hosts before schema revision 12.
    int figure_strength(uint8_t kind) const;

    // The player with index `index` in this state, or NULL.
    const fb::PlayerState* player(uint8_t index) const { return find_player(state_, index); }

private:
    const fb::GameState& state_;
    const fb::GameSetup& setup_;
    Logger logger_;
    std::string_view expansion_id_;
    uint64_t setup_id_;
};

}  // namespace ck::sdk
