// Game -> GameState FlatBuffer (identifier "CKGS", schemas/game_state.fbs).
//
// Speed matters: the bridge serialises once per state version, which is
// several times per turn. Everything that is fixed for a game (tile type
// ids, rule options, expansion ids, player names, token kind names) is
// built once into a "constant tail" and copied as raw bytes into the front
// of every buffer: FlatBuffers builds back to front and its offsets count
// from the end, so those bytes and their offsets stay valid in each new
// buffer. Placed tokens are tables too, and only ever appended: each is
// built into the tail once, when it appears. Per state only the vectors of
// structs (tiles, figures) and a few small tables (players, turn) are built.
#pragma once

#include <cloisterkit/plugin.h>
#include <flatbuffers/flatbuffers.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/geometry.hpp"
#include "game_state_generated.h"

namespace ck::host {

class Game;

class StateSerializer {
public:
    // Serialises `game`; `token_kinds` are the kinds the enabled expansions
    // declare (their names go into the constant tail). The bytes stay valid
    // until the next call; `data` is 8-byte aligned.
    ck_bytes serialize(const Game& game, const std::vector<std::string>& token_kinds);

    // How often the tail was built from scratch: once per distinct game
    // setup (or when a game's token list is not an extension of the last).
    uint64_t tail_builds() const { return tail_builds_; }

private:
    // What the tail's constants were built from; compared on every call so
    // a new game with another setup gets a new tail.
    struct TailKey {
        uint64_t setup_id = 0;  // Game::setup_id of the last game that matched; skips the comparisons
        const void* catalog = nullptr;
        size_t tile_count = 0;
        std::map<std::string, std::string> rules;
        std::vector<std::string> expansions;
        std::vector<std::string> player_names;
        std::vector<std::string> token_kinds;
    };
    using StringOffset = flatbuffers::Offset<flatbuffers::String>;
    // A placed token already built into the tail, to check that the game's
    // token list still starts with it (tokens are only ever appended).
    struct TailToken {
        std::string kind;
        TileRef at;
        uint8_t placed_by;
        uint32_t turn;
    };

    bool constants_match(const Game& game, const std::vector<std::string>& token_kinds);
    bool tokens_extend_tail(const Game& game) const;
    void build_constants(const Game& game, const std::vector<std::string>& token_kinds);
    void extend_tail(const Game& game);
    StringOffset tail_kind(const std::string& kind);  // adds the string to the tail if new

    TailKey key_;
    bool has_tail_ = false;
    uint64_t tail_builds_ = 0;
    // The tail: constants first (tile type ids, rules, expansion ids, player
    // names, token kinds), then every placed token's table, appended as
    // tokens appear. Never finished; its bytes start every state buffer.
    flatbuffers::FlatBufferBuilder tail_{8 * 1024};
    flatbuffers::Offset<flatbuffers::Vector<StringOffset>> tile_types_, expansions_;
    flatbuffers::Offset<flatbuffers::Vector<flatbuffers::Offset<fb::KeyValue>>> rules_;
    std::vector<StringOffset> expansion_ids_;  // parallel to key_.expansions
    std::vector<StringOffset> player_names_;
    std::vector<std::pair<std::string, StringOffset>> kinds_;
    std::vector<TailToken> tail_tokens_;
    std::vector<flatbuffers::Offset<fb::PlacedToken>> token_offsets_;

    flatbuffers::FlatBufferBuilder builder_{16 * 1024};
    // Per-buffer scratch, kept to reuse capacity.
    std::vector<fb::PlacedTile> tiles_;
    std::vector<fb::PlacedFigure> figures_;
    std::vector<flatbuffers::Offset<fb::Player>> players_;
    std::vector<flatbuffers::Offset<fb::TokenStock>> stocks_;
    std::vector<flatbuffers::Offset<fb::ExpansionData>> data_;
};

}  // namespace ck::host
