// halflings.xml through the host's own tile reader (host/core/tile_xml.*):
// the 24 triangles load, next to basic.xml, and their reconstructed layouts
// are consistent (HF-7, HF-11, docs/expansions/halflings.md "The tiles").
#include <gtest/gtest.h>

#include <pugixml.hpp>

#include <algorithm>
#include <array>
#include <map>
#include <set>

#include "core/geometry.hpp"
#include "core/location_names.hpp"
#include "core/tile_def.hpp"
#include "core/tile_xml.hpp"
#include "tiles.hpp"

namespace ck::host {
namespace {

const std::string kFile = std::string(CK_TEST_SOURCE_DIR) + "/expansions/halflings/halflings.xml";

// The halves of an R0 triangle, walking clockwise: NL NR EL ER DL DR.
constexpr std::array<Location, 6> kCycle{loc::NL, loc::NR, loc::EL, loc::ER, loc::DL, loc::DR};
// The halves lying on each side of an R0 triangle.
Location halves_of_sides(Location sides) {
    Location halves = 0;
    if ((sides & loc::N) == loc::N) halves |= loc::NL | loc::NR;
    if ((sides & loc::E) == loc::E) halves |= loc::EL | loc::ER;
    if ((sides & loc::D) == loc::D) halves |= loc::DL | loc::DR;
    return halves;
}

TileCatalog load_with_basic() {
    TileCatalog catalog;
    load_tile_xml_file(default_tile_file(), catalog);
    load_tile_xml_file(kFile, catalog);
    return catalog;
}

// HF-11: 24 triangles with exactly the ids the plugin deals, loading after
// basic.xml without a clash, and in no tile set (they are dealt, not drawn).
TEST(HalflingsTiles, HF11_TheTwentyFourTrianglesLoadNextToTheBaseGame) {
    TileCatalog alone;
    load_tile_xml_file(kFile, alone);
    EXPECT_EQ(alone.tile_count(), 24u);
    EXPECT_TRUE(alone.tile_sets().empty());

    const TileCatalog catalog = load_with_basic();
    for (std::string_view id : halflings::kTileIds) {
        const TileDef* t = catalog.find_tile(std::string(id));
        ASSERT_NE(t, nullptr) << id;
        EXPECT_TRUE(t->is_triangle()) << id;
    }
    for (const TileSet& set : catalog.tile_sets())
        for (const TileSetEntry& e : set.tiles) EXPECT_FALSE(halflings::is_halflings_tile(e.tile_id)) << set.id;
}

// The same text as the module's manifest carries (embedded at build time).
TEST(HalflingsTiles, EmbeddedTextLoadsToo) {
    TileCatalog catalog;
    load_tile_xml_string(halflings::tiles_xml(), "embedded", catalog);
    EXPECT_EQ(catalog.tile_count(), 24u);
}

// Section 14: the monastery is on Halflings I 4 and nowhere else.
TEST(HalflingsTiles, TheMonasteryIsOnHalflingsI4Only) {
    const TileCatalog catalog = load_with_basic();
    for (std::string_view id : halflings::kTileIds) {
        const TileDef& t = *catalog.find_tile(std::string(id));
        const bool monastery = std::any_of(t.segments.begin(), t.segments.end(),
                                           [](const Segment& s) { return s.kind == FeatureKind::Monastery; });
        EXPECT_EQ(monastery, id == "HF/I-4") << id;
    }
}

// Every half is either on a city side or in exactly one field; every field
// is one run of halves round the triangle (city halves skipped); a road
// separates the halves of each side it crosses, except the lone road that
// ends at I-4's monastery; a field names exactly the cities it borders.
TEST(HalflingsTiles, HF7_LayoutsAreConsistent) {
    const TileCatalog catalog = load_with_basic();
    int pennants = 0, roads = 0, cities = 0;
    for (std::string_view id : halflings::kTileIds) {
        SCOPED_TRACE(std::string(id));
        const TileDef& t = *catalog.find_tile(std::string(id));
        Location city_halves = 0, field_halves = 0;
        std::vector<Location> fields;
        for (const Segment& s : t.segments) {
            if (s.kind == FeatureKind::City)
                city_halves |= halves_of_sides(s.location), pennants += s.pennants, ++cities;
            if (s.kind == FeatureKind::Road) ++roads;
            if (s.kind == FeatureKind::Field) {
                EXPECT_EQ(field_halves & s.location, 0u);
                field_halves |= s.location;
                fields.push_back(s.location);
            }
        }
        EXPECT_EQ(city_halves & field_halves, 0u);
        EXPECT_EQ(city_halves | field_halves, loc::kHalves & ~0xF0u) << "every half covered once";

        // One run round the reduced cycle (the halves not on a city).
        std::vector<Location> cycle;
        for (Location h : kCycle)
            if (!(h & city_halves)) cycle.push_back(h);
        Location reduced = 0;
        for (Location h : cycle) reduced |= h;
        for (Location f : fields) {
            if (f == reduced) continue;  // the whole cycle is trivially one run
            int starts = 0;
            for (size_t i = 0; i < cycle.size(); ++i) {
                const Location prev = cycle[(i + cycle.size() - 1) % cycle.size()];
                if ((cycle[i] & f) && !(prev & f)) ++starts;
            }
            EXPECT_EQ(starts, 1) << "field " << format_location(f) << " is not one run";
        }

        for (const Segment& s : t.segments) {
            if (s.kind != FeatureKind::Road || id == "HF/I-4") continue;
            for (Location side : {loc::N, loc::E, loc::D}) {
                if ((s.location & side) != side) continue;
                const Location halves = halves_of_sides(side);
                for (Location f : fields)
                    EXPECT_NE(f & halves, halves) << "a road runs between the halves of " << format_location(side);
            }
        }
        // A field borders exactly the cities whose halves are next to its own
        // round the triangle (they meet at a corner of the triangle).
        for (const Segment& field : t.segments) {
            if (field.kind != FeatureKind::Field) continue;
            uint32_t expected = 0;
            for (size_t c = 0; c < t.segments.size(); ++c) {
                if (t.segments[c].kind != FeatureKind::City) continue;
                const Location city = halves_of_sides(t.segments[c].location);
                for (size_t i = 0; i < kCycle.size(); ++i) {
                    const Location next = kCycle[(i + 1) % kCycle.size()], prev = kCycle[(i + 5) % kCycle.size()];
                    if ((field.location & kCycle[i]) && ((city & next) || (city & prev))) expected |= 1u << c;
                }
            }
            EXPECT_EQ(field.adjoining_cities, expected) << "field " << format_location(field.location);
        }
    }
    EXPECT_GE(pennants, 4);
    EXPECT_GE(roads, 12);
    EXPECT_GE(cities, 12);
}

// Section 14: the other expansions' symbols are recorded as their own
// elements (which the host's reader skips): vineyard, sheep, hill, crop
// circle on Halflings II 1-4, a water tower on I 7 and II 11.
TEST(HalflingsTiles, SymbolsAreRecordedOnTheirTiles) {
    pugi::xml_document doc;
    ASSERT_TRUE(doc.load_file(kFile.c_str()));
    std::map<std::string, std::set<std::string>> extras;
    for (pugi::xpath_node n : doc.select_nodes("//tile")) {
        const pugi::xml_node tile = n.node();
        for (pugi::xml_node child : tile.children()) {
            if (child.type() != pugi::node_element) continue;
            const std::string name = child.name();
            if (name != "road" && name != "city" && name != "field" && name != "monastery")
                extras[tile.attribute("id").as_string()].insert(name);
        }
    }
    using Set = std::set<std::string>;
    EXPECT_EQ(extras, (std::map<std::string, Set>{{"HF/I-7", Set{"water-tower"}},
                                                  {"HF/II-1", Set{"vineyard"}},
                                                  {"HF/II-2", Set{"sheep"}},
                                                  {"HF/II-3", Set{"hill"}},
                                                  {"HF/II-4", Set{"crop-circle"}},
                                                  {"HF/II-11", Set{"water-tower"}}}));
    for (std::string_view id : halflings::kSymbolTileIds) EXPECT_EQ(extras.count(std::string(id)), 1u) << id;
}

}  // namespace
}  // namespace ck::host
