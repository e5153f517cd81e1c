#include "tile_types.hpp"

#include <algorithm>

#include "errors.hpp"
#include "location_names.hpp"

namespace ck::host {
namespace {

int side_count(Location l) {
    int n = 0;
    for (int s = 0; s < 4; ++s)
        if (l & loc::side(static_cast<Side>(s))) ++n;
    if (l & loc::D) ++n;
    return n;
}

// The sides (bit s: side s) that `edge_kind`'s element lists on the tile,
// 0 without one.
uint8_t special_sides_of(const TileDef& def, const std::string& edge_kind) {
    if (edge_kind.empty()) return 0;
    for (const auto& [element, text] : def.element_texts) {
        if (element != edge_kind) continue;
        Location l = 0;
        try {
            l = parse_location(text);
        } catch (const HostError& e) {
            throw HostError("tile \"" + def.id + "\": <" + element + ">" + text + "</" + element + ">: " + e.what());
        }
        const Location allowed = def.is_triangle() ? (loc::N | loc::E) : loc::kSides;
        if (l == 0 || (l & ~allowed))
            throw HostError("tile \"" + def.id + "\": <" + element + ">" + text + "</" + element + "> must list " +
                            (def.is_triangle() ? "the legs N and E of a triangle" : "sides N, E, S, W") +
                            " (an edge kind's sides)");
        uint8_t sides = 0;
        for (int s = 0; s < 4; ++s)
            if (l & loc::side(static_cast<Side>(s))) sides |= static_cast<uint8_t>(1u << s);
        return sides;
    }
    return 0;
}

RotatedTile rotate(const TileDef& def, int k, uint8_t special_sides) {
    RotatedTile r;
    for (int s = 0; s < 4; ++s) {
        // Board side s shows the tile-local side turned back by k (§1.4).
        const Side local = rotate_cw(static_cast<Side>(s), 4 - k);
        r.edges |= static_cast<uint8_t>(static_cast<int>(def.edges[static_cast<int>(local)]) << (2 * s));
        if (special_sides & (1u << static_cast<int>(local))) r.special |= static_cast<uint8_t>(1u << s);
    }
    r.locations.reserve(def.segments.size());
    for (size_t i = 0; i < def.segments.size(); ++i) {
        const Segment& seg = def.segments[i];
        const Location board = loc::rotate_cw(seg.location, k);
        r.locations.push_back(board);
        const auto idx = static_cast<int8_t>(i);
        if (seg.kind == FeatureKind::Road || seg.kind == FeatureKind::City) {
            for (int s = 0; s < 4; ++s)
                if (board & loc::side(static_cast<Side>(s))) r.side_segment[s] = idx;
            if (board & loc::D) r.side_segment[kSideD] = idx;
        } else if (seg.kind == FeatureKind::Field) {
            for (int h = 0; h < 10; ++h)
                if (board & half_bit(h)) r.half_segment[h] = idx;
        }
    }
    return r;
}

}  // namespace

TileTypeTable::TileTypeTable(const TileCatalog& catalog, const std::vector<SegmentAttribute>& attributes,
                             const std::string& edge_kind, const std::vector<std::string>& wild_markers) {
    types_.reserve(catalog.tile_count());
    for (size_t t = 0; t < catalog.tile_count(); ++t) {
        const TileDef& def = catalog.tile(static_cast<TileTypeId>(t));
        TileTypeInfo info;
        info.triangle = def.is_triangle();
        info.hypotenuse = def.hypotenuse;
        info.wild = !info.triangle && std::any_of(wild_markers.begin(), wild_markers.end(),
                                                  [&](const std::string& m) { return def.has_marker(m); });
        for (const Segment& seg : def.segments) {
            SegmentInfo s;
            s.kind = seg.kind;
            s.pennants = seg.pennants;
            s.adjoining_cities = seg.adjoining_cities;
            for (size_t a = 0; a < attributes.size() && a < 32; ++a)
                if (attributes[a].kind == seg.kind &&
                    std::find(seg.true_attributes.begin(), seg.true_attributes.end(), attributes[a].name) !=
                        seg.true_attributes.end())
                    s.attributes |= 1u << a;
            if (seg.kind == FeatureKind::Road || seg.kind == FeatureKind::City)
                s.edge_count = static_cast<uint8_t>(side_count(seg.location));
            info.segments.push_back(s);
        }
        const uint8_t special_sides = special_sides_of(def, edge_kind);
        info.special_any = special_sides != 0;
        for (int k = 0; k < 4; ++k) info.rotations[k] = rotate(def, k, special_sides);
        for (size_t i = 0; i < def.segments.size(); ++i)
            if (def.segments[i].kind == FeatureKind::Monastery || def.segments[i].kind == FeatureKind::Garden)
                info.monastic_segments |= 1u << i;
        for (int k = 0; k < 4; ++k) {
            // A triangle has edges on its two legs only, and needs contact through one of them.
            const Corner corner = corner_for_rotation(k);
            const unsigned sides = info.triangle ? (1u << static_cast<int>(first_leg(corner))) |
                                                       (1u << static_cast<int>(second_leg(corner)))
                                                 : 0xFu;
            for (int code = 0; code < 256; ++code) {
                if (info.wild) {  // a hole: all four sides face tiles, whatever they show
                    bool hole = true;
                    for (int s = 0; s < 4; ++s) hole = hole && ((code >> (2 * s)) & 3) != 0;
                    if (hole) info.fitting_rotations[code] |= static_cast<uint8_t>(1u << k);
                    continue;
                }
                bool fits = true, contact = !info.triangle;
                for (int s = 0; s < 4 && fits; ++s) {
                    const int want = (code >> (2 * s)) & 3;
                    if (!(sides & (1u << s)) || !want) continue;
                    contact = true;
                    fits = want - 1 == static_cast<int>(info.edge(k, static_cast<Side>(s)));
                }
                if (fits && contact) info.fitting_rotations[code] |= static_cast<uint8_t>(1u << k);
            }
            // Index: sides facing a tile (high nibble), those of them showing the kind (low).
            for (unsigned index = 0; index < 256; ++index) {
                const unsigned facing = (index >> 4) & sides, shown = index & 0xFu;
                if (info.wild || ((info.rotations[k].special ^ shown) & facing) == 0)
                    info.special_fitting[index] |= static_cast<uint8_t>(1u << k);
            }
        }
        types_.push_back(std::move(info));
    }
}

}  // namespace ck::host
