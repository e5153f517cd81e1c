// Board geometry shared by the whole host: positions, sides, rotations,
// triangle corners and location masks (docs/halflings-geometry.md,
// docs/jcz-interop.md §1).
#pragma once

#include <cstdint>
#include <functional>

namespace ck::host {

// A space on the board. x grows east, y grows south (north of (0,0) is (0,-1)).
struct Position {
    int16_t x = 0;
    int16_t y = 0;
    friend constexpr bool operator==(Position, Position) = default;
};

// The four sides of a space, clockwise from north. Values index arrays.
enum class Side : uint8_t { N = 0, E = 1, S = 2, W = 3 };

constexpr Side opposite(Side s) { return static_cast<Side>((static_cast<int>(s) + 2) & 3); }
constexpr Side rotate_cw(Side s, int quarter_turns) {
    return static_cast<Side>((static_cast<int>(s) + quarter_turns) & 3);
}
constexpr Position neighbour(Position p, Side s) {
    constexpr int8_t dx[4] = {0, 1, 0, -1};
    constexpr int8_t dy[4] = {-1, 0, 1, 0};
    return {static_cast<int16_t>(p.x + dx[static_cast<int>(s)]),
            static_cast<int16_t>(p.y + dy[static_cast<int>(s)])};
}

// Which part of a space a tile fills. Square fills it all; a triangle is
// named by the corner of its right angle. Values match ck.fb.Corner.
enum class Corner : uint8_t { None = 0, NE = 1, SE = 2, SW = 3, NW = 4 };

// A triangle tile is defined at R0 with its right angle at NE; rotation k
// (quarter turns clockwise) puts it at corner NE, SE, SW, NW for k = 0..3.
constexpr Corner corner_for_rotation(int quarter_turns) {
    return static_cast<Corner>(1 + (quarter_turns & 3));
}
constexpr int rotation_for_corner(Corner c) { return static_cast<int>(c) - 1; }
// The triangle that shares a space with `c`, hypotenuse to hypotenuse.
constexpr Corner complement(Corner c) {
    return c == Corner::None ? Corner::None : static_cast<Corner>(1 + ((static_cast<int>(c) - 1 + 2) & 3));
}
// The two sides of the space covered by the legs of a triangle at `c`
// (first leg, then the next side clockwise): NE -> N, E.
constexpr Side first_leg(Corner c) { return static_cast<Side>((static_cast<int>(c) - 1) & 3); }
constexpr Side second_leg(Corner c) { return static_cast<Side>(static_cast<int>(c) & 3); }
constexpr bool has_leg_on(Corner c, Side s) { return c == Corner::None || first_leg(c) == s || second_leg(c) == s; }

// One tile on the board: a space plus which part of it.
struct TileRef {
    Position pos;
    Corner corner = Corner::None;
    friend constexpr bool operator==(TileRef, TileRef) = default;
};

// Locations as bit masks (an extension of JCloisterZone's 16-bit model):
//   bits 0-7   edge halves for fields: NL NR EL ER SL SR WL WR (clockwise)
//   bits 8-15  sides for roads and cities: N = bits 8-9, E = 10-11, S = 12-13, W = 14-15
//   bits 16-17 hypotenuse halves for fields: DL DR
//   bits 18-19 hypotenuse side for roads and cities: D
//   bit 20     I, the centre (monastery, garden)
// Rotating a location turns the two low bytes; D, DL, DR and I never move.
using Location = uint32_t;

namespace loc {
inline constexpr Location NL = 1u << 0, NR = 1u << 1, EL = 1u << 2, ER = 1u << 3;
inline constexpr Location SL = 1u << 4, SR = 1u << 5, WL = 1u << 6, WR = 1u << 7;
inline constexpr Location N = 3u << 8, E = 3u << 10, S = 3u << 12, W = 3u << 14;
inline constexpr Location DL = 1u << 16, DR = 1u << 17;
inline constexpr Location D = 3u << 18;
inline constexpr Location I = 1u << 20;
// A second enclosed field (JCloisterZone's "II": KR/CCcc has two).
inline constexpr Location II = 1u << 21;
inline constexpr Location kHalves = 0xFFu | DL | DR;
inline constexpr Location kSides = 0xFF00u | D;

constexpr Location side(Side s) { return 3u << (8 + 2 * static_cast<int>(s)); }
constexpr Location halves_of(Side s) { return 3u << (2 * static_cast<int>(s)); }

constexpr uint32_t rotl8(uint32_t byte, int bits) { return ((byte << bits) | (byte >> (8 - bits))) & 0xFFu; }

// Tile-local to board orientation: turn clockwise by k quarter turns.
constexpr Location rotate_cw(Location l, int quarter_turns) {
    const int bits = 2 * (quarter_turns & 3);
    if (bits == 0) return l;
    return (l & ~0xFFFFu) | rotl8(l & 0xFFu, bits) | (rotl8((l >> 8) & 0xFFu, bits) << 8);
}
// Board to tile-local orientation.
constexpr Location rotate_ccw(Location l, int quarter_turns) { return rotate_cw(l, 4 - (quarter_turns & 3)); }

// The half across a shared side: XL touches opposite(X)R (NL <-> SR, ...),
// and DL touches the complementary triangle's DR.
constexpr Location facing_half(Location single_half) {
    switch (single_half) {
        case NL: return SR; case NR: return SL; case EL: return WR; case ER: return WL;
        case SL: return NR; case SR: return NL; case WL: return ER; case WR: return EL;
        case DL: return DR; case DR: return DL;
        default: return 0;
    }
}
}  // namespace loc

}  // namespace ck::host

template <>
struct std::hash<ck::host::Position> {
    size_t operator()(ck::host::Position p) const noexcept {
        return (static_cast<uint32_t>(static_cast<uint16_t>(p.x)) << 16) | static_cast<uint16_t>(p.y);
    }
};
