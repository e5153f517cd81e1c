#include "tile_geometry.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ck::host::render {

namespace {

Point lerp(Point a, Point b, double t) { return a + (b - a) * t; }
double length(Point a) { return std::hypot(a.x, a.y); }
Point unit(Point a) {
    const double l = length(a);
    return l > 0 ? a * (1.0 / l) : Point{};
}

// The corners of a space, clockwise from north-west; side s runs from
// corner s to corner s + 1 (N: NW to NE, E: NE to SE, ...).
constexpr Point kCorners[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};

// One edge of a tile, walked clockwise: its L half is the one nearer `a`.
struct Edge {
    Point a, b;
    Location side = 0;  // the road/city bits of this edge
    Location half_l = 0, half_r = 0;

    Point mid() const { return lerp(a, b, 0.5); }
    Point along() const { return unit(b - a); }
    // Towards the inside of the tile (clockwise walk, y pointing south).
    Point inward() const {
        const Point d = along();
        return {-d.y, d.x};
    }
};

std::vector<Edge> edges_of(bool triangle, Corner corner) {
    std::vector<Edge> out;
    auto side_edge = [&](int s) {
        out.push_back({kCorners[s], kCorners[(s + 1) & 3], loc::side(static_cast<Side>(s)), 1u << (2 * s),
                       1u << (2 * s + 1)});
    };
    if (!triangle) {
        for (int s = 0; s < 4; ++s) side_edge(s);
        return out;
    }
    const int s1 = static_cast<int>(first_leg(corner)), s2 = static_cast<int>(second_leg(corner));
    side_edge(s1);
    side_edge(s2);
    // The hypotenuse closes the walk: from the end of the second leg back to
    // the start of the first (DL, its first half, touches the former).
    out.push_back({kCorners[(s2 + 1) & 3], kCorners[s1], loc::D, loc::DL, loc::DR});
    return out;
}

bool covers(Location segment, Location bits) { return bits && (segment & bits) == bits; }

bool inside(const std::vector<Point>& polygon, Point p) {
    bool in = false;
    for (size_t i = 0, j = polygon.size() - 1; i < polygon.size(); j = i++) {
        const Point& a = polygon[i];
        const Point& b = polygon[j];
        if ((a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x) in = !in;
    }
    return in;
}

double distance_to_segment(Point p, Point a, Point b) {
    const Point ab = b - a;
    const double l2 = ab.x * ab.x + ab.y * ab.y;
    const double t = l2 > 0 ? std::clamp(((p.x - a.x) * ab.x + (p.y - a.y) * ab.y) / l2, 0.0, 1.0) : 0.0;
    return length(p - (a + ab * t));
}

double distance_to_polyline(Point p, const std::vector<Point>& line, bool closed) {
    double best = std::numeric_limits<double>::infinity();
    if (line.size() == 1) return length(p - line[0]);
    for (size_t i = 0; i + 1 < line.size(); ++i) best = std::min(best, distance_to_segment(p, line[i], line[i + 1]));
    if (closed && line.size() > 2) best = std::min(best, distance_to_segment(p, line.back(), line.front()));
    return best;
}

// A city over the edges flagged in `on`: one edge gives a cap bulging in
// from that side; several give the region along those edges, closed across
// every run of other edges by a curve through the tile's centre; all edges
// give the whole tile.
Path city_region(const std::vector<Edge>& edges, const std::vector<bool>& on, Point centre) {
    Path path;
    path.closed = true;
    const size_t n = edges.size();
    const size_t count = static_cast<size_t>(std::count(on.begin(), on.end(), true));
    if (count == n) {
        path.move(edges[0].a);
        for (size_t i = 0; i + 1 < n; ++i) path.line(edges[i].b);
        return path;
    }
    if (count == 1) {
        const Edge& e = edges[static_cast<size_t>(std::find(on.begin(), on.end(), true) - on.begin())];
        path.move(e.a);
        path.line(e.b);
        path.curve(e.mid() + e.inward() * 0.5, e.a);
        return path;
    }
    size_t start = 0;
    while (!(on[start] && !on[(start + n - 1) % n])) ++start;
    path.move(edges[start].a);
    bool gap = false;
    for (size_t k = 0; k < n; ++k) {
        const Edge& e = edges[(start + k) % n];
        if (!on[(start + k) % n]) {
            gap = true;
            continue;
        }
        if (gap) path.curve(centre, e.a);
        gap = false;
        path.line(e.b);
    }
    path.curve(centre, edges[start].a);  // the edge before `start` is never a city edge
    return path;
}

struct Obstacles {
    std::vector<std::vector<Point>> cities;  // flattened regions
    std::vector<std::vector<Point>> roads;   // flattened centre lines
    std::vector<std::pair<Point, double>> discs;  // centre marks: point, radius
    std::vector<Point> outline;

    bool free(Point p, double road_clearance, double city_clearance) const {
        if (!inside(outline, p) || distance_to_polyline(p, outline, true) < 0.07) return false;
        for (const auto& c : cities)
            if (inside(c, p) || distance_to_polyline(p, c, true) < city_clearance) return false;
        for (const auto& r : roads)
            if (distance_to_polyline(p, r, false) < road_clearance) return false;
        for (const auto& [centre, radius] : discs)
            if (length(p - centre) < radius) return false;
        return true;
    }
};

}  // namespace

std::vector<std::vector<Point>> Path::flatten() const {
    std::vector<std::vector<Point>> out;
    Point at;
    for (const Step& s : steps) {
        if (s.op == 'M') {
            out.push_back({s.to});
        } else if (s.op == 'L') {
            if (out.empty()) out.push_back({at});
            out.back().push_back(s.to);
        } else {
            if (out.empty()) out.push_back({at});
            constexpr int kPieces = 12;
            for (int i = 1; i <= kPieces; ++i) {
                const double t = static_cast<double>(i) / kPieces;
                out.back().push_back(at * ((1 - t) * (1 - t)) + s.control * (2 * t * (1 - t)) + s.to * (t * t));
            }
        }
        at = s.to;
    }
    return out;
}

std::vector<Point> triangle_outline(Corner corner) {
    const int s1 = static_cast<int>(first_leg(corner)), s2 = static_cast<int>(second_leg(corner));
    return {kCorners[s1], kCorners[s2], kCorners[(s2 + 1) & 3]};
}

TileDrawing draw_tile(const TileTypeInfo& type, const PlacedTile& placed) {
    TileDrawing d;
    const bool triangle = type.triangle;
    const Corner corner = placed.at.corner;
    const std::vector<Edge> edges = edges_of(triangle, corner);
    if (triangle) {
        d.outline = triangle_outline(corner);
        d.centre = (d.outline[0] + d.outline[1] + d.outline[2]) * (1.0 / 3.0);
    } else {
        d.outline.assign(std::begin(kCorners), std::end(kCorners));
        d.centre = {0.5, 0.5};
    }
    const auto& locations = type.rotations[placed.rotation & 3].locations;
    const size_t n_seg = type.segments.size();
    d.segments.resize(n_seg);

    Obstacles obstacles;
    obstacles.outline = d.outline;
    int stubs = 0;
    bool many_ended_road = false, monastic = false;
    for (size_t i = 0; i < n_seg; ++i) {
        SegmentDrawing& s = d.segments[i];
        s.segment = static_cast<int>(i);
        s.kind = type.segments[i].kind;
        s.location = locations[i];
        s.attributes = type.segments[i].attributes;
        if (s.kind == FeatureKind::Road) {
            int ends = 0;
            for (const Edge& e : edges) ends += covers(s.location, e.side);
            stubs += ends == 1;
            many_ended_road = many_ended_road || ends >= 3;
        }
        monastic = monastic || s.kind == FeatureKind::Monastery || s.kind == FeatureKind::Garden;
    }
    if (stubs >= 3 || many_ended_road) d.junction = d.centre;

    // Cities first: roads stop at their walls, fields keep clear of them.
    for (SegmentDrawing& s : d.segments) {
        if (s.kind != FeatureKind::City) continue;
        std::vector<bool> on;
        Point mids;
        int count = 0;
        const Edge* first = nullptr;
        for (const Edge& e : edges) {
            on.push_back(covers(s.location, e.side));
            if (!on.back()) continue;
            if (!first) first = &e;
            mids = mids + e.mid();
            ++count;
        }
        if (!first) continue;  // a city on no edge: nothing to draw
        s.shape = city_region(edges, on, d.centre);
        const auto flat = s.shape.flatten().front();
        obstacles.cities.push_back(flat);
        if (count == static_cast<int>(edges.size())) {
            s.anchor = d.centre;
        } else if (count == 1) {
            s.anchor = first->mid() + first->inward() * 0.14;
        } else {
            s.anchor = lerp(mids * (1.0 / count), d.centre, 0.5);
            if (!inside(flat, s.anchor)) s.anchor = first->mid() + first->inward() * 0.12;
        }
        const double reach = count == 1 ? 0.26 : 0.22;
        for (int k = 0; k < type.segments[static_cast<size_t>(s.segment)].pennants; ++k)
            s.pennants.push_back(first->mid() + first->inward() * (count == 1 ? 0.11 : 0.13) +
                                 first->along() * (k % 2 ? -reach : reach) + first->inward() * (0.12 * (k / 2)));
    }

    // The river: an element of its own, joining no feature; fields keep clear of it.
    if (const uint8_t special = type.rotations[placed.rotation & 3].special; special != 0) {
        std::vector<const Edge*> ends;
        for (const Edge& e : edges)
            for (int side = 0; side < 4; ++side)
                if (((special >> side) & 1u) && e.side == loc::side(static_cast<Side>(side))) ends.push_back(&e);
        if (ends.size() == 2) {
            d.river.move(ends[0]->mid());
            d.river.curve(d.centre, ends[1]->mid());
        } else {
            for (const Edge* e : ends) {
                d.river.move(e->mid());
                d.river.line(d.centre);
            }
            d.river_pool = ends.size() == 1;
        }
        for (auto& line : d.river.flatten()) obstacles.roads.push_back(std::move(line));
        if (d.river_pool) obstacles.discs.push_back({d.centre, 0.16});
    }

    for (SegmentDrawing& s : d.segments) {
        if (s.kind != FeatureKind::Road) continue;
        std::vector<const Edge*> ends;
        for (const Edge& e : edges)
            if (covers(s.location, e.side)) ends.push_back(&e);
        if (ends.empty()) continue;
        if (ends.size() == 2) {
            s.shape.move(ends[0]->mid());
            s.shape.curve(d.centre, ends[1]->mid());
            s.anchor = ends[0]->mid() * 0.25 + d.centre * 0.5 + ends[1]->mid() * 0.25;
        } else if (ends.size() > 2) {
            for (const Edge* e : ends) {
                s.shape.move(e->mid());
                s.shape.line(d.centre);
            }
            s.anchor = lerp(ends[0]->mid(), d.centre, 0.5);
        } else {
            const Edge& e = *ends[0];
            Point end = d.centre;
            if (!d.junction && !monastic) {
                // Up to a city's wall (a city gate), else a short dead end.
                const double max_len = triangle ? 0.26 : 0.3;
                double len = 0.06;
                while (len + 0.02 <= max_len) {
                    const Point next = e.mid() + e.inward() * (len + 0.02);
                    bool blocked = false;
                    for (const auto& c : obstacles.cities) blocked = blocked || inside(c, next);
                    if (blocked) break;
                    len += 0.02;
                }
                end = e.mid() + e.inward() * len;
            }
            s.shape.move(e.mid());
            s.shape.line(end);
            s.anchor = lerp(e.mid(), end, length(end - e.mid()) > 0.2 ? 0.55 : 0.6);
        }
        for (auto& line : s.shape.flatten()) obstacles.roads.push_back(std::move(line));
    }

    for (SegmentDrawing& s : d.segments) {
        if (s.kind != FeatureKind::Monastery && s.kind != FeatureKind::Garden) continue;
        // Beside the chapel: towards a triangle's right angle, or the
        // south-east of a square.
        s.anchor = triangle ? lerp(d.centre, d.outline[1], 0.5) : d.centre + Point{0.15, 0.13};
        obstacles.discs.push_back({d.centre, triangle ? 0.17 : 0.2});
    }
    if (d.junction) obstacles.discs.push_back({*d.junction, 0.12});

    // Fields: each touches some edge halves; a follower stands at their
    // middle if that is clear of cities and roads, else at the clear half
    // nearest to it.
    for (SegmentDrawing& s : d.segments) {
        if (s.kind != FeatureKind::Field) continue;
        std::vector<Point> candidates;
        Point sum;
        for (const Edge& e : edges) {
            if (s.location & e.half_l) candidates.push_back(lerp(e.a, e.b, 0.25) + e.inward() * 0.15);
            if (s.location & e.half_r) candidates.push_back(lerp(e.a, e.b, 0.75) + e.inward() * 0.15);
        }
        if (candidates.empty()) {
            s.anchor = d.centre;
            continue;
        }
        for (const Point& c : candidates) sum = sum + c;
        const Point mean = sum * (1.0 / static_cast<double>(candidates.size()));
        if (obstacles.free(mean, 0.12, 0.09)) {
            s.anchor = mean;
            continue;
        }
        s.anchor = candidates.front();
        double best = std::numeric_limits<double>::infinity();
        for (const Point& c : candidates) {
            if (!obstacles.free(c, 0.09, 0.05)) continue;
            const double dist = length(c - mean);
            if (dist < best - 1e-9) best = dist, s.anchor = c;
        }
    }

    // A token goes where it is farthest from every follower spot and road.
    std::vector<Point> spots;
    if (triangle) {
        spots.push_back(lerp(d.outline[1], d.centre, 0.42));
        for (int i = 0; i < 2; ++i) spots.push_back(edges[static_cast<size_t>(i)].mid() + edges[static_cast<size_t>(i)].inward() * 0.17);
    } else {
        for (Point c : {Point{0.8, 0.8}, Point{0.2, 0.8}, Point{0.8, 0.2}, Point{0.2, 0.2}}) spots.push_back(c);
    }
    double best = -1;
    for (const Point& p : spots) {
        double clearance = std::numeric_limits<double>::infinity();
        for (const SegmentDrawing& s : d.segments) {
            clearance = std::min(clearance, length(p - s.anchor));
            for (const Point& q : s.pennants) clearance = std::min(clearance, length(p - q));
        }
        for (const auto& r : obstacles.roads) clearance = std::min(clearance, distance_to_polyline(p, r, false) + 0.05);
        if (clearance > best + 1e-9) best = clearance, d.token_spot = p;
    }
    return d;
}

}  // namespace ck::host::render
