// The board: spaces holding one square tile or one or two (complementary)
// triangles, stored in a dense grid that grows as tiles are placed.
// Besides the tiles, each space keeps what placement needs, updated
// incrementally when a tile lands (docs/host.md, "Board"):
//   - which sides of the space face a tile edge, and that edge's type, as
//     one 4-bit mask and one 8-bit pattern (2 bits per side), so checking a
//     rotation is one XOR and one AND;
//   - how many of its 8 surrounding spaces are occupied (monasteries);
//   - whether it is on the frontier (empty with contact) or half filled.
// Placed tiles are stored by index, in placement order.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "geometry.hpp"
#include "move_record.hpp"
#include "tile_types.hpp"

namespace ck::host {

struct PlacedTile {
    TileRef at;
    uint8_t rotation = 0;
    TileTypeId type = 0;
};

class Board {
public:
    static constexpr uint16_t kNone = 0xFFFF;

    struct Cell {
        std::array<uint16_t, 2> tiles{kNone, kNone};  // square in [0]; triangles in placement order
        bool square = false;
        uint8_t req_mask = 0;    // bit s: side s faces a placed tile's edge
        uint8_t req_edges = 0;   // EdgeType of that edge in bits 2s..2s+1
        uint8_t req_code = 0;    // both in one: bits 2s..2s+1 = 0 (nothing) or 1 + EdgeType
        uint8_t req_special = 0;  // bit s: that edge shows the game's edge kind (the river)
        uint8_t occupied_around = 0;
        uint8_t monastic_near = 0;  // tiles with a monastery or garden in the 3x3 area around (and on) it
        uint16_t frontier_slot = kNone;
        uint16_t half_slot = kNone;

        bool empty() const { return tiles[0] == kNone; }
        bool half_filled() const { return !square && tiles[0] != kNone && tiles[1] == kNone; }
    };

    Board();

    const std::vector<PlacedTile>& placed() const { return placed_; }
    const PlacedTile& placed(uint16_t index) const { return placed_[index]; }

    // nullptr for a space outside the grid (it is empty and has no contact).
    const Cell* cell(Position p) const {
        const int i = index_of(p);
        return i < 0 ? nullptr : &cells_[i];
    }
    bool occupied(Position p) const {
        const Cell* c = cell(p);
        return c && !c->empty();
    }
    int occupied_around(Position p) const {
        const Cell* c = cell(p);
        return c ? c->occupied_around : 0;
    }
    // Whether any tile with a monastic segment lies in the 3x3 area around p.
    bool monastic_near(Position p) const {
        const Cell* c = cell(p);
        return c && c->monastic_near;
    }
    // Placed index of the tile whose edge lies on side `s` of space `p`, or -1.
    int tile_covering(Position p, Side s) const;
    // Placed index of the tile at `r` (square or that exact triangle), or -1.
    int tile_at(TileRef r) const;
    // The other triangle in a triangle's space, or -1.
    int complement_of(uint16_t placed_index) const;

    // Empty spaces that touch at least one tile edge, and spaces holding
    // exactly one triangle: the only spaces a tile can go.
    const std::vector<Position>& frontier() const { return frontier_; }
    const std::vector<Position>& half_filled() const { return half_filled_; }

    // Appends every legal placement of `type` (squares: frontier x 4
    // rotations; triangles: frontier x 4 corners, then the free half of each
    // half-filled space).
    void legal_placements(const TileTypeInfo& type, std::vector<Placement>& out) const;
    // Whether legal_placements would append anything (stops at the first).
    bool has_legal_placement(const TileTypeInfo& type) const;
    // "" if legal, else the reason, naming the first mismatching edge.
    // `edge_kind`: what the game's edge kind is called there ("river").
    std::string placement_problem(const TileTypeInfo& type, const Placement& p,
                                  std::string_view edge_kind = "edge kind") const;

    // Puts a tile down without any check (start tiles, and after checking).
    // Throws HostError if the space cannot hold it at all or the board would
    // grow beyond its limit.
    uint16_t place(TileTypeId id, const TileTypeInfo& type, const Placement& p);

    // Limit on the grid's width and height, so a far-off start tile gives a
    // clear error instead of a huge allocation.
    static constexpr int kMaxExtent = 2048;

private:
    int index_of(Position p) const {
        const int x = p.x - x0_, y = p.y - y0_;
        if (x < 0 || y < 0 || x >= w_ || y >= h_) return -1;
        return y * w_ + x;
    }
    Cell& at(Position p) { return cells_[index_of(p)]; }
    void ensure_room(Position p);  // p and its 8 neighbours' neighbours are in the grid
    bool fits(const Cell& c, uint8_t edges, uint8_t sides_mask) const;
    bool triangle_fits(const TileTypeInfo& type, Position pos, Corner corner) const;
    // The corner left free in a space holding one triangle.
    Corner free_corner(Position half_filled) const;
    // The neighbour of `p` (grid index `centre`) on side `s` now faces edge `e`.
    void cover_side(int centre, Position p, Side s, EdgeType e, bool special);
    // Rotations (bit r) of `type` whose edge-kind sides agree with the frontier space i.
    unsigned special_fit(const TileTypeInfo& type, size_t i) const {
        return (special_edges_ || type.special_any) ? type.special_fitting[frontier_specials_[i]] : 0xFu;
    }
    static void list_add(std::vector<Position>& list, uint16_t& slot, Position p);
    void list_remove(std::vector<Position>& list, uint16_t Cell::*slot, Position p);

    std::vector<PlacedTile> placed_;
    std::vector<EdgeType> hypotenuse_;  // per placed tile (triangles), for matching long sides
    std::vector<Cell> cells_;
    int x0_ = 0, y0_ = 0, w_ = 0, h_ = 0;
    std::vector<Position> frontier_;
    std::vector<uint8_t> frontier_codes_;  // req_code of each frontier space, same order
    // req_mask << 4 | req_special of each frontier space, same order.
    std::vector<uint8_t> frontier_specials_;
    bool special_edges_ = false;  // a placed tile shows the game's edge kind
    std::vector<Position> half_filled_;
};

}  // namespace ck::host
