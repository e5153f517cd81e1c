#include "tile_def.hpp"

namespace ck::host {

bool TileCatalog::add_tile(TileDef def) {
    if (by_id_.count(def.id)) return false;
    by_id_.emplace(def.id, static_cast<TileTypeId>(tiles_.size()));
    tiles_.push_back(std::move(def));
    return true;
}

bool TileCatalog::add_tile_set(TileSet set) {
    for (auto& existing : sets_) {
        if (existing.id == set.id) {
            existing.tiles.insert(existing.tiles.end(), set.tiles.begin(), set.tiles.end());
            return false;
        }
    }
    sets_.push_back(std::move(set));
    return true;
}

const TileDef* TileCatalog::find_tile(const std::string& id) const {
    auto it = by_id_.find(id);
    return it == by_id_.end() ? nullptr : &tiles_[it->second];
}

int TileCatalog::index_of(const std::string& id) const {
    auto it = by_id_.find(id);
    return it == by_id_.end() ? -1 : static_cast<int>(it->second);
}

const TileSet* TileCatalog::find_tile_set(const std::string& id) const {
    for (const auto& s : sets_)
        if (s.id == id) return &s;
    return nullptr;
}

}  // namespace ck::host

namespace ck::host {

TileDef without_gardens(const TileDef& def) {
    TileDef out = def;
    out.segments.clear();
    // new_index[i] = index of old segment i in `out`, for surviving segments.
    std::vector<int> new_index(def.segments.size(), -1);
    for (size_t i = 0; i < def.segments.size(); ++i) {
        if (def.segments[i].kind == FeatureKind::Garden) continue;
        new_index[i] = static_cast<int>(out.segments.size());
        out.segments.push_back(def.segments[i]);
    }
    for (auto& seg : out.segments) {
        uint32_t remapped = 0;
        for (size_t i = 0; i < def.segments.size() && i < 32; ++i)
            if ((seg.adjoining_cities >> i) & 1u && new_index[i] >= 0) remapped |= 1u << new_index[i];
        seg.adjoining_cities = remapped;
    }
    return out;
}

}  // namespace ck::host
