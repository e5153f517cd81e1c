// Features on the board, kept incrementally (docs/host.md, "Features"):
// every segment of a placed tile becomes a part; parts join across facing
// sides (roads with roads, cities with cities, fields across facing edge
// halves, hypotenuse to hypotenuse for triangles) in a disjoint-set forest
// (boost::disjoint_sets over our own parent/rank arrays, so the whole thing
// is a plain copyable value). Each root carries its feature's totals, merged
// when two features join: open edges, distinct spaces and distinct tiles,
// pennants, followers per player, and the list of its parts.
//
// find() compresses paths even when called on a const object, so one game
// (and anything holding it) must not be read from two threads at once;
// separate games, including copies, are independent.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "board.hpp"
#include "geometry.hpp"
#include "tile_def.hpp"
#include "tile_types.hpp"

namespace ck::host {

class Features {
public:
    static constexpr int kMaxPlayers = 8;
    static constexpr uint32_t kNone = 0xFFFFFFFFu;

    struct Part {
        uint16_t tile = 0;       // placed index
        uint8_t segment = 0;     // segment index in the tile type
        FeatureKind kind = FeatureKind::Field;
        Location location = 0;   // board orientation
        Position pos;
        uint32_t next = kNone;   // next part of the same feature (valid list from the root)
    };

    // Totals of one feature; meaningful at its root part only.
    struct Totals {
        FeatureKind kind = FeatureKind::Field;
        int16_t open_edges = 0;
        uint16_t spaces = 1;
        uint16_t tiles = 1;
        uint16_t pennants = 0;
        uint16_t size = 1;
        uint8_t follower_total = 0;                    // figures standing in it
        std::array<uint8_t, kMaxPlayers> followers{};  // per player, the strength of their figures
        uint32_t head = 0, tail = 0;
    };

    // Room for the parts of `tiles` tiles, so play does not reallocate.
    void reserve(size_t tiles);
    uint32_t find(uint32_t part) const;
    const Totals& totals(uint32_t root) const { return totals_[root]; }
    const Part& part(uint32_t i) const { return parts_[i]; }
    size_t part_count() const { return parts_.size(); }
    // Parts of a placed tile are contiguous: [first_part(t), first_part(t) + segment count).
    uint32_t first_part(uint16_t tile) const { return tile_first_part_[tile]; }
    uint32_t part_end(uint16_t tile) const {
        return tile + 1u < tile_first_part_.size() ? tile_first_part_[tile + 1] : static_cast<uint32_t>(parts_.size());
    }

    // Adds the parts of the just placed tile `tile` and joins them to their
    // neighbours. Call right after Board::place.
    void add_tile(const Board& board, const TileTypeTable& table, uint16_t tile);

    // A figure of `strength` (its kind's weight in majorities) arrives or leaves.
    void add_follower(uint32_t part, uint8_t player, int strength = 1) { adjust_followers(part, player, +1, strength); }
    void remove_follower(uint32_t part, uint8_t player, int strength = 1) { adjust_followers(part, player, -1, strength); }

    // Roads and cities: no open edge; monastic: all 8 spaces around occupied.
    bool completed(uint32_t root, const Board& board) const;

private:
    void join(const Board& board, uint32_t a, uint32_t b, bool closes_edge);
    // Distinct spaces and tiles that features `a` and `b` (roots) share.
    void count_shared(const Board& board, uint32_t a, uint32_t b, int& spaces, int& tiles) const;
    void adjust_followers(uint32_t part, uint8_t player, int figures, int strength);

    std::vector<Part> parts_;
    std::vector<Totals> totals_;
    mutable std::vector<uint32_t> parent_;
    mutable std::vector<uint32_t> rank_;
    std::vector<uint32_t> tile_first_part_;
};

}  // namespace ck::host
