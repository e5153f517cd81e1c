// Our own host/data/basic.xml against the base-game catalogue
// (jcz-interop.md §2.6): counts per edition, edge patterns, fields, pack order.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "core/errors.hpp"
#include "core/location_names.hpp"
#include "core/tile_xml.hpp"

namespace ck::host {
namespace {

struct CatalogueRow {
    const char* id;
    int basic1;
    int basic2;
    const char* edges_nesw;
};

// Copied by hand from the §2.6 table.
const CatalogueRow kCatalogue[] = {
    {"BA/L", 4, 4, "FFFF"},      {"BA/LR", 2, 2, "FFRF"},    {"BA/RCr", 4, 4, "CRFR"},
    {"BA/Cccc+", 1, 1, "CCCC"},  {"BA/CccR+", 2, 2, "CCRC"}, {"BA/CccR", 1, 1, "CCRC"},
    {"BA/CFc+", 2, 2, "FCFC"},   {"BA/CFc.1", 1, 1, "FCFC"}, {"BA/Cc.1", 3, 2, "CFFC"},
    {"BA/CcG", 0, 1, "CFFC"},    {"BA/Cc+", 2, 1, "CFFC"},   {"BA/Cc+G", 0, 1, "CFFC"},
    {"BA/CcRr", 3, 3, "CRRC"},   {"BA/CcRr+", 2, 2, "CRRC"}, {"BA/Ccc", 3, 2, "CCFC"},
    {"BA/CccG", 0, 1, "CCFC"},   {"BA/Ccc+", 1, 1, "CCFC"},  {"BA/CRr", 3, 3, "CRRF"},
    {"BA/CRRR", 3, 3, "CRRR"},   {"BA/RrC", 3, 3, "CFRR"},   {"BA/C", 5, 4, "CFFF"},
    {"BA/CG", 0, 1, "CFFF"},     {"BA/CFC.2", 3, 2, "CFCF"}, {"BA/CFCG", 0, 1, "CFCF"},
    {"BA/CC.2", 2, 1, "CFFC"},   {"BA/CCG", 0, 1, "CFFC"},   {"BA/RRRR", 1, 1, "RRRR"},
    {"BA/RRR", 4, 4, "FRRR"},    {"BA/Rr", 9, 8, "FFRR"},    {"BA/RrG", 0, 1, "FFRR"},
    {"BA/RFr", 8, 7, "FRFR"},    {"BA/RFrG", 0, 1, "FRFR"},
};

class BasicTiles : public ::testing::Test {
protected:
    void SetUp() override { load_tile_xml_file(default_tile_file(), catalog); }

    std::map<std::string, int> copies_in_pack(const std::map<std::string, int>& sets) const {
        std::map<std::string, int> copies;
        for (TileTypeId t : build_pack(catalog, sets)) ++copies[catalog.tile(t).id];
        return copies;
    }
    const Segment& segment(const std::string& tile, size_t i) const { return catalog.find_tile(tile)->segments.at(i); }

    TileCatalog catalog;
};

TEST_F(BasicTiles, DefaultFileIsOurSourceTreeCopy) {
    EXPECT_EQ(default_tile_file(), std::string(CK_TEST_SOURCE_DIR) + "/host/data/basic.xml");
    EXPECT_EQ(catalog.tile_count(), std::size(kCatalogue));
}

TEST_F(BasicTiles, FirstEditionPackHas72TilesWithTheCataloguedCounts) {
    const auto pack = build_pack(catalog, {{"basic:1", 1}});
    EXPECT_EQ(pack.size(), 72u);
    const auto copies = copies_in_pack({{"basic:1", 1}});
    for (const CatalogueRow& row : kCatalogue) {
        auto it = copies.find(row.id);
        EXPECT_EQ(it == copies.end() ? 0 : it->second, row.basic1) << row.id;
    }
}

TEST_F(BasicTiles, SecondEditionPackHas72TilesWithTheCataloguedCounts) {
    EXPECT_EQ(build_pack(catalog, {{"basic:2", 1}}).size(), 72u);
    const auto copies = copies_in_pack({{"basic:2", 1}});
    for (const CatalogueRow& row : kCatalogue) {
        auto it = copies.find(row.id);
        EXPECT_EQ(it == copies.end() ? 0 : it->second, row.basic2) << row.id;
    }
}

TEST_F(BasicTiles, PackIsSortedByIdInByteOrderOneEntryPerCopy) {
    const auto pack = build_pack(catalog, {{"basic:1", 1}});
    std::vector<std::string> ids;
    for (TileTypeId t : pack) ids.push_back(catalog.tile(t).id);
    EXPECT_TRUE(std::is_sorted(ids.begin(), ids.end()));
    // '+' < '.' < digits < upper case < lower case: the first tiles are BA/C, then BA/CC.2.
    EXPECT_EQ(ids.front(), "BA/C");
    EXPECT_EQ(ids[5], "BA/CC.2");
    EXPECT_EQ(ids.back(), "BA/RrC");
    const auto cc_plus = std::find(ids.begin(), ids.end(), "BA/Cc+");
    const auto cc_dot = std::find(ids.begin(), ids.end(), "BA/Cc.1");
    EXPECT_LT(cc_plus - ids.begin(), cc_dot - ids.begin());
}

TEST_F(BasicTiles, MultipliersScaleCountsAndSetsAdd) {
    const auto copies = copies_in_pack({{"basic:1", 2}, {"basic:2", 1}});
    EXPECT_EQ(copies.at("BA/Rr"), 2 * 9 + 8);
    EXPECT_EQ(copies.at("BA/RrG"), 1);
    EXPECT_EQ(build_pack(catalog, {{"basic:1", 2}, {"basic:2", 1}}).size(), 3u * 72);
    EXPECT_TRUE(build_pack(catalog, {{"basic:1", 0}}).empty());
}

TEST_F(BasicTiles, EdgePatternsMatchTheCatalogue) {
    for (const CatalogueRow& row : kCatalogue) {
        const TileDef* t = catalog.find_tile(row.id);
        ASSERT_NE(t, nullptr) << row.id;
        EXPECT_EQ(edge_pattern(*t), row.edges_nesw) << row.id;
        EXPECT_FALSE(t->is_triangle());
    }
}

// Every field side is fully covered by fields, no half lies in two segments,
// and no field half lies on a city side.
TEST_F(BasicTiles, FieldHalvesCoverEveryNonCityHalfExactlyOnce) {
    for (const CatalogueRow& row : kCatalogue) {
        const TileDef& t = *catalog.find_tile(row.id);
        Location field_halves = 0;
        for (const Segment& s : t.segments) {
            if (s.kind != FeatureKind::Field) continue;
            EXPECT_EQ(field_halves & s.location, 0u) << row.id;
            field_halves |= s.location;
        }
        for (Side side : {Side::N, Side::E, Side::S, Side::W}) {
            const Location halves = loc::halves_of(side);
            if (t.edges[static_cast<int>(side)] == EdgeType::City)
                EXPECT_EQ(field_halves & halves, 0u) << row.id << " side " << side_name(side);
            else
                EXPECT_EQ(field_halves & halves, halves) << row.id << " side " << side_name(side);
        }
    }
}

TEST_F(BasicTiles, StartTileHasTheCataloguedSegments) {
    const TileDef& t = *catalog.find_tile("BA/RCr");
    ASSERT_EQ(t.segments.size(), 4u);
    EXPECT_EQ(t.segments[0].kind, FeatureKind::Road);
    EXPECT_EQ(format_location(t.segments[0].location), "WE");
    EXPECT_EQ(t.segments[1].kind, FeatureKind::City);
    EXPECT_EQ(format_location(t.segments[1].location), "N");
    EXPECT_EQ(format_location(t.segments[2].location), "EL.WR");
    EXPECT_EQ(t.segments[2].adjoining_cities, 1u << 1);
    EXPECT_EQ(format_location(t.segments[3].location), "ER.SL.SR.WL");
    EXPECT_EQ(t.segments[3].adjoining_cities, 0u);
}

TEST_F(BasicTiles, FieldCityNResolvesToTheWholeThreeSidedCity) {
    // BA/CccR: road S (0), city _S (1), fields SL (2) and SR (3) both naming city="N".
    EXPECT_EQ(format_location(segment("BA/CccR", 1).location), "_S");
    EXPECT_EQ(segment("BA/CccR", 1).pennants, 0);
    EXPECT_EQ(segment("BA/CccR", 2).adjoining_cities, 1u << 1);
    EXPECT_EQ(segment("BA/CccR", 3).adjoining_cities, 1u << 1);
    EXPECT_EQ(segment("BA/CccR+", 1).pennants, 1);
}

TEST_F(BasicTiles, FieldBetweenTwoCitiesAdjoinsBoth) {
    EXPECT_EQ(segment("BA/CFC.2", 2).adjoining_cities, (1u << 0) | (1u << 1));
    EXPECT_EQ(segment("BA/CC.2", 2).adjoining_cities, (1u << 0) | (1u << 1));
}

TEST_F(BasicTiles, GardensAndWagonMovesAreKept) {
    const TileDef& cg = *catalog.find_tile("BA/CG");
    ASSERT_EQ(cg.segments.size(), 3u);
    EXPECT_EQ(cg.segments[2].kind, FeatureKind::Garden);
    EXPECT_EQ(cg.segments[2].location, loc::I);
    EXPECT_EQ(segment("BA/LR", 0).kind, FeatureKind::Monastery);
    EXPECT_EQ(catalog.find_tile("BA/LR")->value(0, "wagon-move"), "a");
    EXPECT_EQ(catalog.find_tile("BA/LR")->value(1, "wagon-move"), "a");
    EXPECT_EQ(catalog.find_tile("BA/CRRR")->value(0, "wagon-move"), "a");
    EXPECT_EQ(catalog.find_tile("BA/RFr")->value(0, "wagon-move"), "");
}

}  // namespace
}  // namespace ck::host
