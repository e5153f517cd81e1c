#include "features.hpp"

#include <array>

#include <boost/pending/disjoint_sets.hpp>

namespace ck::host {
namespace {

using DisjointSets = boost::disjoint_sets<uint32_t*, uint32_t*>;

// Half index -> index of the half it touches across its edge.
constexpr std::array<int, 10> kFacingHalf = [] {
    std::array<int, 10> t{};
    for (int h = 0; h < 10; ++h) t[h] = half_index(loc::facing_half(half_bit(h)));
    return t;
}();

}  // namespace

void Features::reserve(size_t tiles) {
    const size_t parts = tiles * 4;
    parts_.reserve(parts);
    totals_.reserve(parts);
    parent_.reserve(parts);
    rank_.reserve(parts);
    tile_first_part_.reserve(tiles);
}

uint32_t Features::find(uint32_t part) const {
    DisjointSets ds(rank_.data(), parent_.data());
    return ds.find_set(part);
}

bool Features::completed(uint32_t root, const Board& board) const {
    const Totals& t = totals_[root];
    switch (t.kind) {
        case FeatureKind::Road:
        case FeatureKind::City: return t.open_edges == 0;
        case FeatureKind::Monastery:
        case FeatureKind::Garden: return board.occupied_around(parts_[root].pos) == 8;
        case FeatureKind::Field: return false;
    }
    return false;
}

void Features::adjust_followers(uint32_t part, uint8_t player, int figures, int strength) {
    Totals& t = totals_[find(part)];
    t.followers[player] = static_cast<uint8_t>(t.followers[player] + figures * strength);
    t.follower_total = static_cast<uint8_t>(t.follower_total + figures);
}

void Features::add_tile(const Board& board, const TileTypeTable& table, uint16_t tile) {
    const PlacedTile& placed = board.placed(tile);
    const TileTypeInfo& type = table[placed.type];
    const RotatedTile& rot = type.rotations[placed.rotation];
    const auto first = static_cast<uint32_t>(parts_.size());
    tile_first_part_.push_back(first);

    for (size_t i = 0; i < type.segments.size(); ++i) {
        const SegmentInfo& seg = type.segments[i];
        const auto id = static_cast<uint32_t>(parts_.size());
        parts_.push_back({tile, static_cast<uint8_t>(i), seg.kind, rot.locations[i], placed.at.pos, kNone});
        parent_.push_back(id);
        rank_.push_back(0);
        Totals t;
        t.kind = seg.kind;
        t.open_edges = seg.edge_count;
        t.pennants = seg.pennants;
        t.head = t.tail = id;
        totals_.push_back(t);
    }

    // The tile facing each of our five edges (N E S W, then D), looked up once.
    const Position pos = placed.at.pos;
    std::array<int, 5> facing;
    for (int s = 0; s < 4; ++s)
        facing[s] = board.tile_covering(neighbour(pos, static_cast<Side>(s)), opposite(static_cast<Side>(s)));
    facing[kSideD] = board.complement_of(tile);

    // Wild sides (the abbey) close the road or city they meet, joining
    // nothing: one edge fewer open on either side of the meeting.
    for (int s = 0; s < 4; ++s) {
        if (facing[s] < 0) continue;
        const auto other_tile = static_cast<uint16_t>(facing[s]);
        const PlacedTile& other = board.placed(other_tile);
        const bool other_wild = table[other.type].wild;
        if (!type.wild && !other_wild) continue;
        const int facing_side = static_cast<int>(opposite(static_cast<Side>(s)));
        const int mine = rot.side_segment[s];
        const int theirs = table[other.type].rotations[other.rotation].side_segment[facing_side];
        if (type.wild && theirs >= 0) --totals_[find(first_part(other_tile) + static_cast<uint32_t>(theirs))].open_edges;
        if (other_wild && mine >= 0) --totals_[find(first + static_cast<uint32_t>(mine))].open_edges;
    }
    // Roads and cities across each side this tile's edges lie on.
    for (int s = 0; s <= kSideD; ++s) {
        const int seg = rot.side_segment[s];
        if (seg < 0 || facing[s] < 0) continue;
        const auto other_tile = static_cast<uint16_t>(facing[s]);
        const PlacedTile& other = board.placed(other_tile);
        const int facing_side = s == kSideD ? kSideD : static_cast<int>(opposite(static_cast<Side>(s)));
        const int other_seg = table[other.type].rotations[other.rotation].side_segment[facing_side];
        if (other_seg < 0) continue;
        const uint32_t a = first + static_cast<uint32_t>(seg);
        const uint32_t b = first_part(other_tile) + static_cast<uint32_t>(other_seg);
        if (parts_[a].kind == parts_[b].kind) join(board, a, b, true);
    }
    // Fields across each pair of touching edge halves.
    for (int h = 0; h < 10; ++h) {
        const int seg = rot.half_segment[h];
        const int facing_tile = facing[h >= kHalfDL ? kSideD : h / 2];
        if (seg < 0 || facing_tile < 0) continue;
        const PlacedTile& other = board.placed(static_cast<uint16_t>(facing_tile));
        const int other_seg = table[other.type].rotations[other.rotation].half_segment[kFacingHalf[h]];
        if (other_seg < 0) continue;
        join(board, first + static_cast<uint32_t>(seg),
             first_part(static_cast<uint16_t>(facing_tile)) + static_cast<uint32_t>(other_seg), false);
    }
}

void Features::count_shared(const Board& board, uint32_t a, uint32_t b, int& spaces, int& tiles) const {
    spaces = tiles = 0;
    for (uint32_t p = totals_[a].head; p != kNone; p = parts_[p].next) {
        const Part& part = parts_[p];
        // A tile (or space) is counted at its lowest-numbered part in `a`.
        const uint32_t t0 = first_part(part.tile), t1 = part_end(part.tile);
        bool seen = false, shared = false;
        for (uint32_t q = t0; q < t1; ++q) {
            const uint32_t r = find(q);
            if (q < p && r == a) seen = true;
            if (r == b) shared = true;
        }
        if (!seen && shared) ++tiles;

        const int other_tile = board.complement_of(part.tile);
        if (other_tile < 0) {
            if (!seen && shared) ++spaces;  // the space holds this tile only
            continue;
        }
        const auto o = static_cast<uint16_t>(other_tile);
        bool space_seen = seen, space_shared = shared;
        for (uint32_t q = first_part(o); q < part_end(o); ++q) {
            const uint32_t r = find(q);
            if (q < p && r == a) space_seen = true;
            if (r == b) space_shared = true;
        }
        if (!space_seen && space_shared) ++spaces;
    }
}

void Features::join(const Board& board, uint32_t a, uint32_t b, bool closes_edge) {
    uint32_t ra = find(a), rb = find(b);
    if (ra == rb) {
        if (closes_edge) totals_[ra].open_edges = static_cast<int16_t>(totals_[ra].open_edges - 2);
        return;
    }
    if (totals_[ra].size > totals_[rb].size) std::swap(ra, rb);  // walk the smaller feature
    int shared_spaces = 0, shared_tiles = 0;
    count_shared(board, ra, rb, shared_spaces, shared_tiles);

    DisjointSets ds(rank_.data(), parent_.data());
    ds.link(ra, rb);
    const uint32_t root = ds.find_set(ra);
    const uint32_t gone = root == ra ? rb : ra;
    Totals& t = totals_[root];
    const Totals& g = totals_[gone];
    t.open_edges = static_cast<int16_t>(t.open_edges + g.open_edges - (closes_edge ? 2 : 0));
    t.spaces = static_cast<uint16_t>(t.spaces + g.spaces - shared_spaces);
    t.tiles = static_cast<uint16_t>(t.tiles + g.tiles - shared_tiles);
    t.pennants = static_cast<uint16_t>(t.pennants + g.pennants);
    t.size = static_cast<uint16_t>(t.size + g.size);
    t.follower_total = static_cast<uint8_t>(t.follower_total + g.follower_total);
    for (int p = 0; p < kMaxPlayers; ++p) t.followers[p] = static_cast<uint8_t>(t.followers[p] + g.followers[p]);
    // Keep the part list in join order: the root's parts, then the other's.
    parts_[t.tail].next = g.head;
    t.tail = g.tail;
}

}  // namespace ck::host
