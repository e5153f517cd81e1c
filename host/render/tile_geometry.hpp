// The geometry of one tile's drawing, worked out from its definition alone
// (no artwork per tile; docs/rendering.md): the outline (a square, or for
// a triangle the half of its space at its corner), each city as a region
// reaching in from its sides, each road as a line from the middle of its
// sides towards the centre, monasteries and gardens at the centre, a spot
// for every pennant, and a point on every segment where a follower stands.
//
// Everything is in space units, relative to the north-west corner of the
// tile's space: x grows east, y grows south, the space is [0,1] x [0,1].
// Locations are in board orientation (TileTypeInfo::rotations[r].locations),
// so a segment here has the index a FeaturePointer's part has.
#pragma once

#include <optional>
#include <vector>

#include "core/board.hpp"
#include "core/geometry.hpp"
#include "core/tile_def.hpp"
#include "core/tile_types.hpp"

namespace ck::host::render {

struct Point {
    double x = 0, y = 0;
};
inline Point operator+(Point a, Point b) { return {a.x + b.x, a.y + b.y}; }
inline Point operator-(Point a, Point b) { return {a.x - b.x, a.y - b.y}; }
inline Point operator*(Point a, double k) { return {a.x * k, a.y * k}; }

// Moves, straight lines and quadratic curves; closed paths are regions.
struct Path {
    struct Step {
        char op = 'M';  // 'M' move, 'L' line, 'Q' quadratic curve through `control`
        Point control;
        Point to;
    };
    std::vector<Step> steps;
    bool closed = false;

    void move(Point p) { steps.push_back({'M', {}, p}); }
    void line(Point p) { steps.push_back({'L', {}, p}); }
    void curve(Point control, Point p) { steps.push_back({'Q', control, p}); }
    // The path as polylines (one per 'M'), curves cut into short lines.
    std::vector<std::vector<Point>> flatten() const;
};

struct SegmentDrawing {
    int segment = 0;  // index in the tile type
    FeatureKind kind = FeatureKind::Field;
    Location location = 0;     // board orientation
    Path shape;                // cities: a closed region; roads: the road's centre line; else empty
    Point anchor;              // where a follower on this segment stands
    std::vector<Point> pennants;
    uint32_t attributes = 0;   // the game's segment attributes it carries (SegmentInfo::attributes)
};

struct TileDrawing {
    std::vector<Point> outline;  // clockwise: 4 corners, or a triangle's 3
    Point centre;                // of the square, or the triangle's centroid
    std::vector<SegmentDrawing> segments;  // in the tile type's segment order
    std::optional<Point> junction;         // where three or more roads end
    Point token_spot;                      // where a token on the tile is drawn
    // The game's edge kind (the river): from each side showing it to the
    // centre, and a pool there where it ends (a spring, a lake).
    Path river;
    bool river_pool = false;
};

// The drawing of a tile of `type` placed as `placed`.
TileDrawing draw_tile(const TileTypeInfo& type, const PlacedTile& placed);

// The half of a space a triangle at `corner` fills, clockwise: the start of
// its first leg, the right angle, the end of its second leg. Used for
// triangles and for the gap beside one.
std::vector<Point> triangle_outline(Corner corner);

}  // namespace ck::host::render
