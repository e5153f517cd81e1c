// Game -> GameState FlatBuffer (identifier "CKGS", schemas/game_state.fbs).
//
// Speed matters: the bridge serialises once per state version, which is
// several times per turn. What is fixed for a game (tile type ids, rule
// options, expansion ids, player names, token and figure kinds) is built
// once into a GameSetup buffer and copied as bytes into every state; the
// rest of a state is vectors of structs, so building one is a few copies.
#pragma once

#include <cloisterkit/plugin.h>
#include <flatbuffers/flatbuffers.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/geometry.hpp"
#include "core/tile_def.hpp"
#include <cloisterkit/schemas/game_setup_generated.h>
#include <cloisterkit/schemas/game_state_generated.h>

namespace ck::host {

class Game;

class StateSerializer {
public:
    // Serialises `game`; `token_kinds` are the kinds the enabled expansions
    // declare (a kind the game holds that is not among them is appended).
    // The bytes stay valid until the next call; `data` is 8-byte aligned.
    ck_bytes serialize(const Game& game, const std::vector<std::string>& token_kinds);
    // The bytes of the last serialize() with every player's score rewritten
    // from `game`, which must differ from the game serialised then in its
    // scores only (Game::content_version unchanged): the same bytes a new
    // serialize() would give, in place.
    ck_bytes patch_scores(const Game& game);

    // The tile-file attributes the enabled expansions declare (TileValueDecl):
    // their values go into every setup built after the call.
    void set_tile_value_keys(std::vector<TileValueKey> keys);

    // How often the setup was built: once per distinct game setup.
    uint64_t setup_builds() const { return setup_builds_; }

private:
    // What the setup was built from; compared on every call so a new game
    // with another setup gets a new one.
    struct SetupKey {
        uint64_t setup_id = 0;  // Game::setup_id of the last game that matched; skips the comparisons
        const void* catalog = nullptr;
        size_t tile_count = 0;
        std::map<std::string, std::string> rules;
        std::vector<std::string> expansions;
        std::vector<std::string> player_names;
        std::vector<std::string> declared_kinds;  // as the bridge passed them
        std::vector<std::string> token_kinds;     // declared, then any others the game holds
        std::vector<std::string> figure_kinds;    // Game::figure_kind_ids: "small", then declared ones
        // Tile markers, then segment attribute names (GameSetup.mark_names),
        // and the neutral figures: name, expansion id, label, for each.
        std::vector<std::string> mark_names;
        std::vector<std::string> neutral_figures;
        std::string edge_kind;  // revision 12: the game's edge kind, or ""
        std::vector<uint8_t> figure_strengths;  // revision 12, like figure_kinds
    };

    bool setup_matches(const Game& game, const std::vector<std::string>& token_kinds);
    void build_setup(const Game& game, const std::vector<std::string>& token_kinds);
    void write_setup_bytes();
    // The index of `kind` in the setup; an unknown kind extends the setup.
    uint16_t kind_index(const std::string& kind);
    // A token kind's length and first 8 bytes, compared before the rest.
    struct KindKey {
        size_t size;
        uint64_t head;
        bool operator==(const KindKey&) const = default;
    };
    static KindKey kind_key(const std::string& kind);
    std::vector<KindKey> kind_keys_;  // parallel to key_.token_kinds
    uint16_t expansion_index(const std::string& id) const;

    SetupKey key_;
    bool has_setup_ = false;
    bool setup_dirty_ = false;  // a kind was appended: the bytes need rebuilding
    uint64_t setup_builds_ = 0;
    std::vector<uint8_t> setup_bytes_;
    std::vector<std::string> tile_ids_;  // of the catalog the setup was built from
    // The catalog's tile contents (schema revision 6), built with tile_ids_.
    std::vector<fb::TileSegmentInfo> tile_segments_;
    std::vector<fb::TileShape> tile_shapes_;
    std::vector<fb::TileMark> tile_marks_;
    // Schema revision 9: the declared tile values, built with tile_ids_.
    std::vector<TileValueKey> value_keys_;
    std::vector<fb::TileValue> tile_values_;
    std::vector<std::string> value_texts_;
    // Schema revision 12: the sides showing the game's edge kind.
    std::vector<fb::TileEdgeSides> edge_sides_;
    std::vector<fb::NeutralFigurePosition> neutral_;

    flatbuffers::FlatBufferBuilder builder_{4 * 1024};
    // Per-buffer scratch, kept to reuse capacity.
    std::vector<fb::PlacedTile> tiles_;
    std::vector<fb::PlacedFigure> figures_;
    std::vector<fb::PlacedToken> tokens_;
    std::vector<fb::PlayerState> players_;
    std::vector<fb::TokenStock> stocks_;
    std::vector<fb::HandTile> hands_;
    std::vector<fb::FigureStock> figure_stocks_;
    std::vector<flatbuffers::Offset<fb::ExpansionData>> data_;
};

}  // namespace ck::host
