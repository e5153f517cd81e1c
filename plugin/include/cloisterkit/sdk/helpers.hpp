// Small lookups every expansion needs, so expansion code holds rules and
// little else. All are pure functions of verified FlatBuffers data.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <cloisterkit/schemas/common_generated.h>
#include <cloisterkit/schemas/game_setup_generated.h>
#include <cloisterkit/schemas/game_state_generated.h>
#include <cloisterkit/schemas/hooks_generated.h>

namespace ck::sdk {

// GameSetup.tile_marks' segment value for a mark of the tile itself (a
// tile marker) rather than of one of its segments.
inline constexpr uint8_t kTileItselfMark = 255;

// A FlatBuffers string as a view; an absent string is empty.
inline std::string_view as_view(const flatbuffers::String* s) {
    return s == nullptr ? std::string_view() : std::string_view(s->c_str(), s->size());
}

// Same board space (x, y), whatever the triangle corner.
inline bool same_space(const fb::TileRef& a, const fb::TileRef& b) { return a.x() == b.x() && a.y() == b.y(); }

// Same tile: same space and same corner (triangles share a space).
inline bool same_tile(const fb::TileRef& a, const fb::TileRef& b) {
    return same_space(a, b) && a.corner() == b.corner();
}

// "(x,y)" for a square tile, "(x,y) NE" for a triangle: the text form the
// host uses for positions in its messages.
std::string tile_ref_text(const fb::TileRef& at);

// The player with index `index`, or NULL when the state has none.
const fb::PlayerState* find_player(const fb::GameState& state, uint8_t index);

// The tiles of one player's hand: a contiguous run of GameState.hands.
struct HandRange {
    const fb::HandTile* first = nullptr;
    const fb::HandTile* last = nullptr;
    const fb::HandTile* begin() const { return first; }
    const fb::HandTile* end() const { return last; }
    size_t size() const { return static_cast<size_t>(last - first); }
    bool empty() const { return first == last; }
};
HandRange hand_of(const fb::GameState& state, uint8_t player);

// The index of `text` in a list of strings, or nullopt.
std::optional<size_t> index_of(const flatbuffers::Vector<flatbuffers::Offset<flatbuffers::String>>* list,
                               std::string_view text);

// The index of figure kind `id` ("small", a declared kind) in the game
// (GameSetup.figure_kinds, PlacedFigure.kind), or -1 when it has none.
int figure_kind_index(const fb::GameSetup& setup, std::string_view id);

// The placed tile at `at` (same_tile), or NULL.
const fb::PlacedTile* find_tile(const fb::GameState& state, const fb::TileRef& at);

// Whether the game's setup lists expansion `id`.
bool expansion_enabled(const fb::GameSetup& setup, std::string_view id);

// How many segments of a scored feature carry the declared segment
// attribute `name` (ExpansionInfo::segment_attributes): 0 when none does,
// and from hosts of schema revision 5 and older, which do not report them.
uint32_t feature_attribute_segments(const fb::ScoredFeature& feature, std::string_view name);

// A whole decimal integer ("-12"), or nullopt for anything else ("", "3x").
std::optional<int64_t> parse_int(std::optional<std::string_view> text);

// "true"/"yes"/"on"/"1" and "false"/"no"/"off"/"0", or nullopt.
std::optional<bool> parse_bool(std::optional<std::string_view> text);

}  // namespace ck::sdk
