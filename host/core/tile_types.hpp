// Per tile type, everything placement and feature building need, computed
// once per catalogue and shared read-only by every game: the edge pattern of
// each rotation as one small integer, and which segment covers each side and
// each edge half in each rotation.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "geometry.hpp"
#include "tile_def.hpp"

namespace ck::host {

// Side arrays have five slots: N E S W, then the hypotenuse D.
inline constexpr int kSideD = 4;
// Half arrays have ten slots: NL NR EL ER SL SR WL WR, then DL DR.
inline constexpr int kHalfDL = 8;
inline constexpr int kHalfDR = 9;

// Index (0..9) of a single edge-half bit, or -1.
constexpr int half_index(Location single_half) {
    if (single_half == loc::DL) return kHalfDL;
    if (single_half == loc::DR) return kHalfDR;
    for (int i = 0; i < 8; ++i)
        if (single_half == (1u << i)) return i;
    return -1;
}
constexpr Location half_bit(int index) {
    return index == kHalfDL ? loc::DL : index == kHalfDR ? loc::DR : (1u << index);
}

struct SegmentInfo {
    FeatureKind kind = FeatureKind::Field;
    uint8_t pennants = 0;
    uint8_t edge_count = 0;          // roads/cities: sides (and D) covered
    uint32_t adjoining_cities = 0;   // fields: bit i = segment i is a city it borders
    uint32_t attributes = 0;         // bit i = the game's segment attribute i (GameSetup::segment_attributes)
};

struct RotatedTile {
    // EdgeType of board side s in bits 2s..2s+1 (unused sides of a triangle are 0).
    uint8_t edges = 0;
    // Bit s: board side s shows the game's edge kind (EdgeKindDecl: the river).
    uint8_t special = 0;
    std::array<int8_t, 5> side_segment{-1, -1, -1, -1, -1};  // road/city covering board side
    std::array<int8_t, 10> half_segment{-1, -1, -1, -1, -1, -1, -1, -1, -1, -1};  // field on board half
    std::vector<Location> locations;  // each segment in board orientation
};

struct TileTypeInfo {
    bool triangle = false;
    EdgeType hypotenuse = EdgeType::Field;
    std::vector<SegmentInfo> segments;
    std::array<RotatedTile, 4> rotations;
    // For an empty space's requirement code (2 bits per side: 0 = no tile
    // edge faces it, else 1 + that edge's EdgeType), bit r is set when
    // rotation r fits there: every edge matches, and for a triangle (which
    // lies in the corner of rotation r) its two legs match and at least
    // one of them touches a tile. Makes enumerating placements one lookup
    // per space.
    std::array<uint8_t, 256> fitting_rotations{};
    uint32_t monastic_segments = 0;  // bit i: segment i is a monastery or garden
    // The game's edge kind (the river), which matches only itself. For a
    // space's sides facing tiles (mask, high nibble) and which of those
    // show the kind (low nibble), bit r is set when rotation r's sides
    // agree with them. Consulted only when the board or the tile shows
    // the kind (Board::legal_placements).
    bool special_any = false;
    std::array<uint8_t, 256> special_fitting{};
    // A tile with wild sides (TileMarker::wild_edges, the abbey): it fits
    // any space whose four sides face tiles, at any rotation, and closes
    // the roads and cities it meets without joining them.
    bool wild = false;

    EdgeType edge(int rotation, Side s) const {
        return static_cast<EdgeType>((rotations[rotation & 3].edges >> (2 * static_cast<int>(s))) & 3);
    }
};

class TileTypeTable {
public:
    // `attributes`: the game's declared segment attributes (at most 32),
    // whose presence each SegmentInfo::attributes records.
    // `edge_kind`: the element whose text lists the sides of the game's
    // edge kind ("river"), or "" for none; a tile whose text is not sides
    // is refused (HostError naming it).
    // `wild_markers`: the tile markers whose tiles have wild sides.
    explicit TileTypeTable(const TileCatalog& catalog, const std::vector<SegmentAttribute>& attributes = {},
                           const std::string& edge_kind = {}, const std::vector<std::string>& wild_markers = {});
    const TileTypeInfo& operator[](TileTypeId t) const { return types_[t]; }
    size_t size() const { return types_.size(); }

private:
    std::vector<TileTypeInfo> types_;
};

}  // namespace ck::host
