// Tile types as read from JCloisterZone-style tile XML (host/jcz/tile_xml.*),
// in their own R0 orientation, and the catalogue that holds them.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "geometry.hpp"

namespace ck::host {

// Values match ck.fb.FeatureKind.
enum class FeatureKind : uint8_t { Road = 0, City = 1, Monastery = 2, Field = 3, Garden = 4 };

// What an edge shows, for placement matching. Small integers on purpose:
// a tile's four sides pack into one 8-bit pattern per rotation.
enum class EdgeType : uint8_t { Field = 0, Road = 1, City = 2 };

// One feature segment of a tile, tile-local (R0).
struct Segment {
    FeatureKind kind = FeatureKind::Field;
    Location location = 0;       // sides for roads/cities, halves for fields, I for centres
    uint8_t pennants = 0;        // cities only
    uint32_t adjoining_cities = 0;  // fields only: bit i = segment i of this tile is a city it borders
    // Attributes of the element whose value is "true" (`inn` of
    // <road inn="true">), in document order: what expansions may declare as
    // segment attributes (SegmentAttribute). At most kMaxTrueAttributes.
    std::vector<std::string> true_attributes;
};

// A true/false attribute of tile files' feature elements that an enabled
// expansion's rules read (manifest SegmentAttributeDecl): {Road, "inn"}.
struct SegmentAttribute {
    FeatureKind kind = FeatureKind::Road;
    std::string name;   // "inn"
    std::string label;  // "inn", for breakdowns
};

enum class TileShape : uint8_t { Square = 0, Triangle = 1 };

// An attribute of a tile file's element that the file's structure does not
// use (`resource="wine"` on <city>, `wind-rose="NE"` on <tile>, `bonus` on
// <watchtower>): kept for expansions that declare it (manifest
// TileValueDecl). `element` is "tile", the feature element's name as the
// host reads it ("field" for <farm>) or the other element's name.
struct TileAttributeValue {
    static constexpr uint8_t kNoSegment = 255;  // <tile> itself or a marker's element
    uint8_t segment = kNoSegment;               // index in TileDef::segments
    std::string element;
    std::string attribute;
    std::string value;
};

// A declared tile-file attribute (TileValueDecl): {"city", "resource"}.
struct TileValueKey {
    std::string element;
    std::string attribute;
    bool operator==(const TileValueKey&) const = default;
};

struct TileDef {
    std::string id;  // "BA/RCr"
    TileShape shape = TileShape::Square;
    std::vector<Segment> segments;
    // Edge type of each side in R0, indexed by Side; for a triangle, sides
    // other than its legs (N, E at R0) are unused and `hypotenuse` is the D edge.
    std::array<EdgeType, 4> edges{};
    EdgeType hypotenuse = EdgeType::Field;
    // Names of the tile's other child elements (`<volcano/>`, `<portal/>`),
    // in document order, once each: what expansions may declare as tile
    // markers. At most limits::kMaxTileMarkers.
    std::vector<std::string> markers;
    // Attribute values expansions may declare (TileValueDecl), in document
    // order. At most limits::kMaxTileValues.
    std::vector<TileAttributeValue> values;
    // JCloisterZone's tile group (`<tile group="river">`), "" for none
    // (the "default" group; core/tile_groups.hpp).
    std::string group;
    // The text of other child elements that have some (`<river>W E</river>`),
    // trimmed, in document order: what an expansion's edge kind reads
    // (EdgeKindDecl). At most limits::kMaxTileMarkers.
    std::vector<std::pair<std::string, std::string>> element_texts;

    // The value of attribute `attribute` of segment `segment`'s element
    // (TileAttributeValue::kNoSegment: of <tile> or another element), or
    // "" when the tile file gives none.
    std::string_view value(uint8_t segment, std::string_view attribute) const {
        for (const auto& v : values)
            if (v.segment == segment && v.attribute == attribute) return v.value;
        return {};
    }
    bool has_marker(std::string_view name) const {
        for (const auto& m : markers)
            if (m == name) return true;
        return false;
    }
    bool is_triangle() const { return shape == TileShape::Triangle; }
};

struct TileSetEntry {
    std::string tile_id;
    int count = 1;
    std::string source;  // "file:line" of the ref, for error messages; may be empty
};

struct TileSet {
    std::string id;  // "basic:1"
    std::vector<TileSetEntry> tiles;
};

// Every tile type and tile set loaded for a game. Tile types are referred to
// by their index (`TileTypeId`) everywhere else in the host.
using TileTypeId = uint16_t;

class TileCatalog {
public:
    // Adds a tile type; returns false if a tile with the same id exists.
    bool add_tile(TileDef def);
    bool add_tile_set(TileSet set);  // merges into an existing set of that id

    const TileDef& tile(TileTypeId id) const { return tiles_[id]; }
    size_t tile_count() const { return tiles_.size(); }
    const TileDef* find_tile(const std::string& id) const;
    // Index of a tile id, or -1.
    int index_of(const std::string& id) const;
    const TileSet* find_tile_set(const std::string& id) const;
    const std::vector<TileSet>& tile_sets() const { return sets_; }

private:
    std::vector<TileDef> tiles_;
    std::unordered_map<std::string, TileTypeId> by_id_;
    std::vector<TileSet> sets_;
};

// The tile without its Garden segments, for games where the garden element is
// off (JCZ then never creates them). Keeps `adjoining_cities` bits pointing at
// the same city segments after the indices shift.
TileDef without_gardens(const TileDef& def);

}  // namespace ck::host
