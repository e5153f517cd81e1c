#include "board.hpp"

#include "location_names.hpp"

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <type_traits>

#include "bit_count.hpp"
#include "errors.hpp"

namespace ck::host {
namespace {

constexpr int kInitialExtent = 32;
constexpr int kMargin = 2;  // a placed tile's neighbours and their neighbours stay inside the grid

// 4-bit side mask -> 8-bit mask of those sides' 2-bit edge fields.
constexpr std::array<uint8_t, 16> kSpread = [] {
    std::array<uint8_t, 16> t{};
    for (int m = 0; m < 16; ++m)
        for (int s = 0; s < 4; ++s)
            if (m & (1 << s)) t[m] |= static_cast<uint8_t>(3u << (2 * s));
    return t;
}();

// For a 4-bit set of rotations, how many there are and those rotations in
// increasing order (padded).
constexpr std::array<uint8_t, 16> kRotationCounts = [] {
    std::array<uint8_t, 16> t{};
    for (int m = 0; m < 16; ++m) t[m] = static_cast<uint8_t>(bit_count(static_cast<uint32_t>(m)));
    return t;
}();
// A legal-placement candidate is built as one 8-byte word: the space's
// bytes OR'd with a rotation's bytes. For a 4-bit set of rotations, the
// words of those rotations at space (0, 0) in increasing order (padded with
// the last). Made at start-up: a Placement's padding keeps it from constexpr.
static_assert(sizeof(Placement) == sizeof(uint64_t) && std::is_trivially_copyable_v<Placement>);
static_assert(offsetof(Placement, at) == 0 && offsetof(TileRef, pos) == 0 && sizeof(Position) == 4);
uint64_t placement_word(const Placement& p) {
    uint64_t w;
    std::memcpy(&w, &p, sizeof w);
    return w;
}
using RotationWordLists = std::array<std::array<uint64_t, 4>, 16>;
// Squares take no corner; a triangle at rotation r lies in its corner.
RotationWordLists rotation_word_lists(bool triangle) {
    RotationWordLists t{};
    for (int m = 0; m < 16; ++m) {
        int k = 0;
        for (int r = 0; r < 4; ++r)
            if (m & (1 << r)) {
                const Corner corner = triangle ? corner_for_rotation(r) : Corner::None;
                t[m][k++] = placement_word(Placement{TileRef{Position{}, corner}, static_cast<uint8_t>(r)});
            }
        for (; k < 4; ++k) t[m][k] = t[m][k > 0 ? k - 1 : 0];
    }
    return t;
}
const RotationWordLists kSquareWordLists = rotation_word_lists(false);
const RotationWordLists kTriangleWordLists = rotation_word_lists(true);

constexpr uint8_t side_bit(Side s) { return static_cast<uint8_t>(1u << static_cast<int>(s)); }
constexpr uint8_t leg_bits(Corner c) { return side_bit(first_leg(c)) | side_bit(second_leg(c)); }

const char* edge_name(EdgeType e) {
    switch (e) {
        case EdgeType::Field: return "field";
        case EdgeType::Road: return "road";
        case EdgeType::City: return "city";
    }
    return "?";
}
const char* side_letter(int s) {
    static const char* const kNames[4] = {"N", "E", "S", "W"};
    return kNames[s & 3];
}
const char* corner_text(Corner c) {
    static const char* const kNames[5] = {"none", "NE", "SE", "SW", "NW"};
    return kNames[static_cast<int>(c)];
}

EdgeType req_edge(const Board::Cell& c, int s) { return static_cast<EdgeType>((c.req_edges >> (2 * s)) & 3); }

}  // namespace

Board::Board() {
    w_ = h_ = kInitialExtent;
    x0_ = y0_ = -kInitialExtent / 2;
    cells_.assign(static_cast<size_t>(w_) * h_, Cell{});
}

int Board::tile_covering(Position p, Side s) const {
    const Cell* c = cell(p);
    if (!c || c->empty()) return -1;
    if (c->square) return c->tiles[0];
    for (uint16_t t : c->tiles)
        if (t != kNone && has_leg_on(placed_[t].at.corner, s)) return t;
    return -1;
}

int Board::tile_at(TileRef r) const {
    const Cell* c = cell(r.pos);
    if (!c || c->empty()) return -1;
    if (c->square) return r.corner == Corner::None ? c->tiles[0] : -1;
    for (uint16_t t : c->tiles)
        if (t != kNone && placed_[t].at.corner == r.corner) return t;
    return -1;
}

int Board::complement_of(uint16_t placed_index) const {
    const TileRef r = placed_[placed_index].at;
    if (r.corner == Corner::None) return -1;
    return tile_at({r.pos, complement(r.corner)});
}

bool Board::fits(const Cell& c, uint8_t edges, uint8_t sides_mask) const {
    return ((edges ^ c.req_edges) & kSpread[c.req_mask & sides_mask]) == 0;
}

// Space `pos` is empty or holds exactly the complement of `corner`.
bool Board::triangle_fits(const TileTypeInfo& type, Position pos, Corner corner) const {
    const Cell* c = cell(pos);
    const uint8_t legs = leg_bits(corner);
    const int rotation = rotation_for_corner(corner);
    if (!c) return false;  // outside the grid there is no contact
    bool contact = (c->req_mask & legs) != 0;
    if (!fits(*c, type.rotations[rotation].edges, legs)) return false;
    if (((type.rotations[rotation].special ^ c->req_special) & c->req_mask & legs) != 0) return false;
    if (!c->empty()) {
        const int other = tile_at({pos, complement(corner)});
        // Only a fitting hypotenuse may face another.
        if (other < 0) return false;
        if (hypotenuse_[other] != type.hypotenuse) return false;
        contact = true;
    }
    return contact;
}

void Board::legal_placements(const TileTypeInfo& type, std::vector<Placement>& out) const {
    // Hot path of every turn: one table lookup per frontier space, and four
    // unconditional word writes of which the fitting ones are kept. They go
    // to a scratch buffer that only ever grows (resizing `out` to 4 per
    // space would zero them all first), then the kept ones to `out`.
    thread_local std::vector<Placement> scratch;
    const size_t n = frontier_.size();
    if (scratch.size() < 4 * n + 4) scratch.resize(4 * n + 4);
    Placement* w = scratch.data();
    const auto put = [](Placement* to, uint64_t word) { std::memcpy(static_cast<void*>(to), &word, sizeof word); };
    const RotationWordLists& lists = type.triangle ? kTriangleWordLists : kSquareWordLists;
    for (size_t i = 0; i < n; ++i) {
        const unsigned fitting = type.fitting_rotations[frontier_codes_[i]] & special_fit(type, i);
        const auto& words = lists[fitting];
        uint64_t at = 0;  // the space's 4 bytes, corner None and rotation 0
        std::memcpy(&at, &frontier_[i], sizeof(Position));
        put(w + 0, at | words[0]);
        put(w + 1, at | words[1]);
        put(w + 2, at | words[2]);
        put(w + 3, at | words[3]);
        w += kRotationCounts[fitting];
    }
    out.insert(out.end(), scratch.data(), w);
    if (!type.triangle) return;
    // The free half of each space holding one triangle.
    for (Position p : half_filled_) {
        const Corner corner = free_corner(p);
        if (triangle_fits(type, p, corner))
            out.push_back({{p, corner}, static_cast<uint8_t>(rotation_for_corner(corner))});
    }
}

bool Board::has_legal_placement(const TileTypeInfo& type) const {
    for (size_t i = 0; i < frontier_codes_.size(); ++i)
        if (type.fitting_rotations[frontier_codes_[i]] & special_fit(type, i)) return true;
    if (!type.triangle) return false;
    for (Position p : half_filled_)
        if (triangle_fits(type, p, free_corner(p))) return true;
    return false;
}

Corner Board::free_corner(Position half_filled) const {
    return complement(placed_[cells_[index_of(half_filled)].tiles[0]].at.corner);
}

std::string Board::placement_problem(const TileTypeInfo& type, const Placement& p, std::string_view edge_kind) const {
    const Position pos = p.at.pos;
    if (p.rotation > 3) return "rotation must be 0..3 quarter turns";
    if (type.triangle) {
        if (p.at.corner != corner_for_rotation(p.rotation))
            return "a triangle at rotation R" + std::to_string(p.rotation * 90) + " lies in corner " +
                   corner_text(corner_for_rotation(p.rotation)) + ", not " + corner_text(p.at.corner);
    } else if (p.at.corner != Corner::None) {
        return "a square tile takes no corner";
    }
    const Cell* c = cell(pos);
    if (c && !c->empty()) {
        if (!type.triangle) return "space " + format_position(pos) + " is occupied";
        if (c->square) return "space " + format_position(pos) + " holds a square tile";
        if (!c->half_filled()) return "space " + format_position(pos) + " is full";
        if (placed_[c->tiles[0]].at.corner != complement(p.at.corner))
            return "space " + format_position(pos) + " holds a triangle that is not complementary to this one";
    }
    const uint8_t sides = type.triangle ? leg_bits(p.at.corner) : uint8_t{0xF};
    const uint8_t edges = type.rotations[p.rotation].edges;
    bool contact = false;
    if (type.wild) {  // the abbey: any sides, but only in a hole
        if (c == nullptr || c->req_mask != 0xF)
            return "a tile with wild sides goes only on a space whose four sides face tiles; " +
                   format_position(pos) + " is not one";
        return "";
    }
    if (c) {
        for (int s = 0; s < 4; ++s) {
            if (!(sides & (1u << s)) || !(c->req_mask & (1u << s))) continue;
            contact = true;
            const auto mine = static_cast<EdgeType>((edges >> (2 * s)) & 3);
            const bool mine_special = (type.rotations[p.rotation].special >> s) & 1u;
            const bool theirs_special = (c->req_special >> s) & 1u;
            if (mine != req_edge(*c, s) || mine_special != theirs_special)
                return std::string("edge ") + side_letter(s) + " (" +
                       (mine_special ? std::string(edge_kind) : std::string(edge_name(mine))) + ") meets " +
                       (theirs_special ? std::string(edge_kind) : std::string(edge_name(req_edge(*c, s)))) +
                       " of the tile at " + format_position(neighbour(pos, static_cast<Side>(s)));
        }
        if (type.triangle && !c->empty()) {
            contact = true;
            const EdgeType theirs = hypotenuse_[c->tiles[0]];
            if (theirs != type.hypotenuse)
                return std::string("hypotenuse (") + edge_name(type.hypotenuse) + ") meets " + edge_name(theirs) +
                       " of the other triangle in " + format_position(pos);
        }
    }
    if (!contact) return "no contact: no edge of the tile at " + format_position(pos) + " faces a placed tile";
    return "";
}

void Board::ensure_room(Position p) {
    if (p.x - kMargin >= x0_ && p.y - kMargin >= y0_ && p.x + kMargin < x0_ + w_ && p.y + kMargin < y0_ + h_) return;
    int nx0 = std::min(x0_, p.x - kMargin), ny0 = std::min(y0_, p.y - kMargin);
    int nx1 = std::max(x0_ + w_, p.x + kMargin + 1), ny1 = std::max(y0_ + h_, p.y + kMargin + 1);
    // Grow by at least half in the direction needed, so growth is rare.
    if (nx0 < x0_) nx0 = std::min(nx0, x0_ - w_ / 2);
    if (ny0 < y0_) ny0 = std::min(ny0, y0_ - h_ / 2);
    if (nx1 > x0_ + w_) nx1 = std::max(nx1, x0_ + w_ + w_ / 2);
    if (ny1 > y0_ + h_) ny1 = std::max(ny1, y0_ + h_ + h_ / 2);
    const int nw = nx1 - nx0, nh = ny1 - ny0;
    if (nw > kMaxExtent || nh > kMaxExtent)
        throw HostError("position " + format_position(p) + " is too far from the other tiles (the board spans at most " +
                            std::to_string(kMaxExtent) + " spaces each way)",
                        ErrorCategory::IllegalMove);
    std::vector<Cell> grown(static_cast<size_t>(nw) * nh, Cell{});
    for (int y = 0; y < h_; ++y)
        std::copy_n(cells_.begin() + static_cast<ptrdiff_t>(y) * w_, w_,
                    grown.begin() + static_cast<ptrdiff_t>(y0_ + y - ny0) * nw + (x0_ - nx0));
    cells_ = std::move(grown);
    x0_ = nx0, y0_ = ny0, w_ = nw, h_ = nh;
}

void Board::list_add(std::vector<Position>& list, uint16_t& slot, Position p) {
    slot = static_cast<uint16_t>(list.size());
    list.push_back(p);
}

void Board::list_remove(std::vector<Position>& list, uint16_t Cell::*slot, Position p) {
    Cell& c = at(p);
    const uint16_t i = c.*slot;
    if (i == kNone) return;
    const Position last = list.back();
    list[i] = last;
    at(last).*slot = i;
    list.pop_back();
    c.*slot = kNone;
}

void Board::cover_side(int centre, Position p, Side s, EdgeType e, bool special) {
    const int step[4] = {-w_, 1, w_, -1};  // N E S W, in cells of the grid
    Cell& n = cells_[centre + step[static_cast<int>(s)]];
    const int fs = static_cast<int>(opposite(s));
    n.req_mask |= static_cast<uint8_t>(1u << fs);
    n.req_edges = static_cast<uint8_t>((n.req_edges & ~(3u << (2 * fs))) | (static_cast<unsigned>(e) << (2 * fs)));
    n.req_code = static_cast<uint8_t>((n.req_code & ~(3u << (2 * fs))) | ((static_cast<unsigned>(e) + 1) << (2 * fs)));
    if (special) n.req_special |= static_cast<uint8_t>(1u << fs);
    const auto specials = static_cast<uint8_t>(n.req_mask << 4 | n.req_special);
    if (!n.empty()) return;
    if (n.frontier_slot == kNone) {
        list_add(frontier_, n.frontier_slot, neighbour(p, s));
        frontier_codes_.push_back(n.req_code);
        frontier_specials_.push_back(specials);
    } else {
        frontier_codes_[n.frontier_slot] = n.req_code;
        frontier_specials_[n.frontier_slot] = specials;
    }
}

uint16_t Board::place(TileTypeId id, const TileTypeInfo& type, const Placement& p) {
    const Position pos = p.at.pos;
    ensure_room(pos);
    if (placed_.size() >= kNone - 1) throw HostError("too many tiles on the board", ErrorCategory::IllegalMove);
    const auto index = static_cast<uint16_t>(placed_.size());
    Cell& c = at(pos);
    const bool was_empty = c.empty();
    if (type.triangle) {
        const Corner corner = corner_for_rotation(p.rotation);
        if (!was_empty && (c.square || !c.half_filled() || placed_[c.tiles[0]].at.corner != complement(corner)))
            throw HostError("space " + format_position(pos) + " cannot take a triangle in that corner",
                            ErrorCategory::IllegalMove);
        placed_.push_back({{pos, corner}, p.rotation, id});
        hypotenuse_.push_back(type.hypotenuse);
        c.tiles[was_empty ? 0 : 1] = index;
    } else {
        if (!was_empty) throw HostError("space " + format_position(pos) + " is occupied", ErrorCategory::IllegalMove);
        placed_.push_back({{pos, Corner::None}, p.rotation, id});
        hypotenuse_.push_back(EdgeType::Field);
        c.tiles[0] = index;
        c.square = true;
    }
    // The 3x3 area around the space, by grid index (ensure_room keeps it in the grid).
    const int centre = index_of(pos);
    const auto each_in_area = [&](auto&& visit) {
        for (int row : {centre - w_, centre, centre + w_})
            for (int i = row - 1; i <= row + 1; ++i) visit(cells_[i], i == centre);
    };
    if (was_empty) {
        const uint16_t slot = c.frontier_slot;
        if (slot != kNone) {
            frontier_codes_[slot] = frontier_codes_.back();
            frontier_codes_.pop_back();
            frontier_specials_[slot] = frontier_specials_.back();
            frontier_specials_.pop_back();
        }
        list_remove(frontier_, &Cell::frontier_slot, pos);
        each_in_area([](Cell& n, bool is_centre) { n.occupied_around += !is_centre; });
        if (type.triangle) list_add(half_filled_, c.half_slot, pos);
    } else {
        list_remove(half_filled_, &Cell::half_slot, pos);
    }
    if (type.monastic_segments) each_in_area([](Cell& n, bool) { ++n.monastic_near; });
    const uint8_t sides = type.triangle ? leg_bits(placed_[index].at.corner) : uint8_t{0xF};
    const uint8_t special = type.rotations[p.rotation].special;
    if (special) special_edges_ = true;
    for (int s = 0; s < 4; ++s)
        if (sides & (1u << s))
            cover_side(centre, pos, static_cast<Side>(s), type.edge(p.rotation, static_cast<Side>(s)),
                       (special >> s) & 1u);
    return index;
}

}  // namespace ck::host
