#include <cloisterkit/sdk/tile_contents.hpp>

#include <algorithm>

namespace ck::sdk {

bool TileContents::has(fb::FeatureKind kind) const { return count(kind) > 0; }

bool TileContents::has_monastery() const {
    for (const auto& seg : *this)
        if (seg.kind() == fb::FeatureKind::Monastery && (seg.location() & loc::I) != 0) return true;
    return false;
}

int TileContents::count(fb::FeatureKind kind) const {
    int n = 0;
    for (const auto& seg : *this) n += seg.kind() == kind ? 1 : 0;
    return n;
}

int TileContents::pennants() const {
    int n = 0;
    for (const auto& seg : *this) n += seg.kind() == fb::FeatureKind::City ? seg.pennants() : 0;
    return n;
}

fb::FeatureKind TileContents::edge(Side side) const {
    const uint32_t mask = side_location(side);
    for (const auto& seg : *this)
        if ((seg.kind() == fb::FeatureKind::Road || seg.kind() == fb::FeatureKind::City) && (seg.location() & mask) != 0)
            return seg.kind();
    return fb::FeatureKind::Field;
}

TileContents tile_contents(const fb::GameSetup& setup, uint16_t tile_type) {
    const auto* segments = setup.tile_segments();
    const auto* types = setup.tile_types();
    if (segments == nullptr || types == nullptr || tile_type >= types->size()) return {};
    const auto* shapes = setup.tile_shapes();
    const bool triangle = shapes != nullptr && tile_type < shapes->size() &&
                          shapes->Get(tile_type) == fb::TileShape::Triangle;
    // The runs are grouped in ascending tile-type order (checked with the setup).
    // A vector of structs is the structs themselves, contiguous.
    const fb::TileSegmentInfo* first = reinterpret_cast<const fb::TileSegmentInfo*>(segments->Data());
    const fb::TileSegmentInfo* last = first + segments->size();
    const auto by_type = [](const fb::TileSegmentInfo& seg, uint16_t type) { return seg.tile_type() < type; };
    const fb::TileSegmentInfo* begin = std::lower_bound(first, last, tile_type, by_type);
    const fb::TileSegmentInfo* end = begin;
    while (end != last && end->tile_type() == tile_type) ++end;
    return {begin, end, true, triangle, 0};
}

TileContents tile_contents(const fb::GameSetup& setup, const fb::PlacedTile& tile) {
    const TileContents c = tile_contents(setup, tile.tile_type());
    return {c.begin(), c.end(), c.known(), c.triangle(), tile.rotation() & 3};
}

}  // namespace ck::sdk
