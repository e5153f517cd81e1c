// What a tile type holds (its feature segments, pennants, edges, shape),
// read from the game's setup, so a hook never parses tile XML nor
// hard-codes which tile ids have a monastery. The host sends the contents
// of every tile type it loaded with each state (GameSetup.tile_segments,
// schema revision 6); from an older host a tile's contents are unknown
// (known() is false).
//
//     const sdk::TileContents t = ctx.tile_contents(placed_tile);
//     if (t.has_monastery()) ...
//     for (const auto& seg : t) if (seg.kind() == fb::FeatureKind::City) pennants += seg.pennants();
#pragma once

#include <cstddef>
#include <cstdint>

#include <cloisterkit/schemas/game_setup_generated.h>
#include <cloisterkit/schemas/game_state_generated.h>

namespace ck::sdk {

// Location masks (docs/abi.md, "Locations"): bits 0-7 the edge halves of
// fields (NL NR EL ER SL SR WL WR, clockwise), bits 8-15 the sides of roads
// and cities (N E S W, two bits each), 16-17 a triangle's hypotenuse halves
// (DL DR), 18-19 its hypotenuse side (D), bit 20 the centre (I), bit 21 a
// second enclosed field (II, release 1.4.0).
namespace loc {
inline constexpr uint32_t NL = 1u << 0, NR = 1u << 1, EL = 1u << 2, ER = 1u << 3;
inline constexpr uint32_t SL = 1u << 4, SR = 1u << 5, WL = 1u << 6, WR = 1u << 7;
inline constexpr uint32_t N = 3u << 8, E = 3u << 10, S = 3u << 12, W = 3u << 14;
inline constexpr uint32_t DL = 1u << 16, DR = 1u << 17, D = 3u << 18;
inline constexpr uint32_t I = 1u << 20;
inline constexpr uint32_t II = 1u << 21;
}  // namespace loc

// The sides of a square tile, clockwise from north.
enum class Side : uint8_t { North = 0, East = 1, South = 2, West = 3 };

// The location mask of side `s` (loc::N for North, ...).
constexpr uint32_t side_location(Side s) { return 3u << (8 + 2 * static_cast<int>(s)); }

// A tile-local (R0) location turned to the board for a tile placed with
// `quarter_turns` clockwise; D, DL, DR and I do not move.
constexpr uint32_t rotate_location(uint32_t location, int quarter_turns) {
    const int bits = 2 * (quarter_turns & 3);
    if (bits == 0) return location;
    const auto rotl8 = [bits](uint32_t byte) { return ((byte << bits) | (byte >> (8 - bits))) & 0xFFu; };
    return (location & ~0xFFFFu) | rotl8(location & 0xFFu) | (rotl8((location >> 8) & 0xFFu) << 8);
}

// Side bits (bit 0 N, 1 E, 2 S, 3 W: HookContext::edge_kind_sides) of a
// tile placed with `quarter_turns` clockwise, as they lie on the board.
constexpr uint8_t rotate_sides(uint8_t sides, int quarter_turns) {
    const int k = quarter_turns & 3;
    return static_cast<uint8_t>(((sides << k) | (sides >> (4 - k))) & 0xFu);
}

class TileContents {
public:
    TileContents() = default;
    TileContents(const fb::TileSegmentInfo* first, const fb::TileSegmentInfo* last, bool known, bool triangle,
                 int rotation)
        : first_(first), last_(last), known_(known), triangle_(triangle), rotation_(rotation) {}

    // The segments, tile-local (R0). Empty for an unknown tile.
    const fb::TileSegmentInfo* begin() const { return first_; }
    const fb::TileSegmentInfo* end() const { return last_; }
    size_t size() const { return static_cast<size_t>(last_ - first_); }
    bool empty() const { return first_ == last_; }

    // Whether the host sent this tile's contents (revision 6 and later).
    bool known() const { return known_; }
    // A Halflings triangle (legs N and E at R0, hypotenuse D).
    bool triangle() const { return triangle_; }

    bool has(fb::FeatureKind kind) const;
    // A monastery segment at the centre (I).
    bool has_monastery() const;
    // How many segments of `kind` the tile has (a crossroads: 4 roads).
    int count(fb::FeatureKind kind) const;
    // The pennants on the tile's cities.
    int pennants() const;

    // What a side shows at R0: Road, City or Field (Field for an unknown
    // tile, and for a triangle's sides other than its legs).
    fb::FeatureKind edge(Side side) const;

    // The quarter turns of the placed tile this was read for (0 for a
    // tile type), and a segment's location turned to the board with them.
    int rotation() const { return rotation_; }
    uint32_t board_location(const fb::TileSegmentInfo& segment) const {
        return rotate_location(segment.location(), rotation_);
    }

private:
    const fb::TileSegmentInfo* first_ = nullptr;
    const fb::TileSegmentInfo* last_ = nullptr;
    bool known_ = false;
    bool triangle_ = false;
    int rotation_ = 0;
};

// The contents of tile type `tile_type` in `setup` (unknown when the setup
// has none, or the index is out of range).
TileContents tile_contents(const fb::GameSetup& setup, uint16_t tile_type);
// The contents of a placed tile, with its rotation for board_location().
TileContents tile_contents(const fb::GameSetup& setup, const fb::PlacedTile& tile);

}  // namespace ck::sdk
