// Game -> GameState FlatBuffer (identifier "CKGS", schemas/game_state.fbs).
//
// Speed matters: the bridge serialises once per state version, which is
// several times per turn. Everything that is fixed for a game (tile type
// ids, rule options, expansion ids, player names, token kind names) is
// built once into a "constant tail" and copied as raw bytes into the front
// of every buffer: FlatBuffers builds back to front and its offsets count
// from the end, so those bytes and their offsets stay valid in each new
// buffer. Per state only the small vectors of structs and tables for
// tiles, figures, tokens, players and the turn are built.
#pragma once

#include <cloisterkit/plugin.h>
#include <flatbuffers/flatbuffers.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "game_state_generated.h"

namespace ck::host {

class Game;

class StateSerializer {
public:
    // Serialises `game`; `token_kinds` are the kinds the enabled expansions
    // declare (their names go into the constant tail). The bytes stay valid
    // until the next call; `data` is 8-byte aligned.
    ck_bytes serialize(const Game& game, const std::vector<std::string>& token_kinds);

    // How often the constant tail was (re)built: once per distinct game setup.
    uint64_t tail_builds() const { return tail_builds_; }

private:
    // What the constant tail was built from; compared on every call so a
    // new game with another setup gets a new tail.
    struct TailKey {
        const void* catalog = nullptr;
        size_t tile_count = 0;
        std::map<std::string, std::string> rules;
        std::vector<std::string> expansions;
        std::vector<std::string> player_names;
        std::vector<std::string> token_kinds;
    };
    struct Tail {
        std::vector<uint8_t> bytes;  // the builder's contents, end-aligned
        flatbuffers::Offset<flatbuffers::Vector<flatbuffers::Offset<flatbuffers::String>>> tile_types, expansions;
        flatbuffers::Offset<flatbuffers::Vector<flatbuffers::Offset<fb::KeyValue>>> rules;
        std::vector<flatbuffers::Offset<flatbuffers::String>> expansion_ids;  // parallel to key.expansions
        std::vector<flatbuffers::Offset<flatbuffers::String>> player_names;
        std::vector<std::pair<std::string, flatbuffers::Offset<flatbuffers::String>>> token_kinds;
    };

    bool tail_matches(const Game& game, const std::vector<std::string>& token_kinds) const;
    void build_tail(const Game& game, const std::vector<std::string>& token_kinds);
    flatbuffers::Offset<flatbuffers::String> kind_string(const std::string& kind);

    TailKey key_;
    Tail tail_;
    bool has_tail_ = false;
    uint64_t tail_builds_ = 0;
    flatbuffers::FlatBufferBuilder builder_{16 * 1024};
    // Per-buffer scratch, kept to reuse capacity.
    std::vector<fb::PlacedTile> tiles_;
    std::vector<fb::PlacedFigure> figures_;
    std::vector<flatbuffers::Offset<fb::PlacedToken>> tokens_;
    std::vector<flatbuffers::Offset<fb::Player>> players_;
    std::vector<flatbuffers::Offset<fb::TokenStock>> stocks_;
    std::vector<flatbuffers::Offset<fb::ExpansionData>> data_;
    std::vector<std::pair<std::string, flatbuffers::Offset<flatbuffers::String>>> extra_kinds_;
};

}  // namespace ck::host
