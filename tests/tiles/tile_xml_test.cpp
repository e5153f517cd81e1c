// Loading JCloisterZone-style files and triangle tiles (jcz-interop.md §2,
// halflings-geometry.md "Tile definitions").
#include <gtest/gtest.h>

#include "core/errors.hpp"
#include "core/location_names.hpp"
#include "core/tile_xml.hpp"

namespace ck::host {
namespace {

std::string test_data(const char* name) { return std::string(CK_TEST_SOURCE_DIR) + "/tests/tiles/data/" + name; }

// Wraps tile elements into a minimal document.
std::string doc(const std::string& tiles) { return "<defs><tiles>" + tiles + "</tiles></defs>"; }

TEST(JczStyleFiles, LoadWithGardensWagonMovesAndUnknownElements) {
    TileCatalog catalog;
    load_tile_xml_file(test_data("jcz_style_basic.xml"), catalog);
    EXPECT_EQ(catalog.tile_count(), 7u);
    EXPECT_EQ(build_pack(catalog, {{"basic:1", 1}}).size(), 13u);
    EXPECT_EQ(build_pack(catalog, {{"basic:2", 1}}).size(), 5u);

    // Garden first: city is segment 1, so the field's city bit is 1.
    const TileDef& ccg = *catalog.find_tile("BA/CcG");
    ASSERT_EQ(ccg.segments.size(), 3u);
    EXPECT_EQ(ccg.segments[0].kind, FeatureKind::Garden);
    EXPECT_EQ(ccg.segments[2].adjoining_cities, 1u << 1);
    EXPECT_EQ(edge_pattern(ccg), "CFFC");

    const TileDef& rrrr = *catalog.find_tile("BA/RRRR");
    EXPECT_EQ(rrrr.segments.size(), 8u);  // <tower/> ignored
    EXPECT_EQ(rrrr.segments[3].wagon_move, "a");
    EXPECT_EQ(catalog.find_tile("BA/CccR+")->segments[1].pennants, 1);
}

TEST(JczStyleFiles, OlderSpellingsLoad) {
    TileCatalog catalog;
    load_tile_xml_file(test_data("jcz_legacy_style.xml"), catalog);
    const TileDef& lr = *catalog.find_tile("OLD/LR");
    ASSERT_EQ(lr.segments.size(), 3u);
    EXPECT_EQ(lr.segments[0].kind, FeatureKind::Monastery);
    EXPECT_EQ(lr.segments[2].kind, FeatureKind::Field);
    EXPECT_EQ(catalog.find_tile("OLD/Ccc+")->segments[0].pennants, 1);
    EXPECT_EQ(build_pack(catalog, {{"old:1", 1}}).size(), 3u);
}

TEST(TriangleTiles, HalflingsGeometryExampleLoads) {
    TileCatalog catalog;
    load_tile_xml_string(doc(R"(<tile id="EX/tri-example" shape="triangle">
          <city>N</city>
          <road>E D</road>
          <field city="N">EL DR</field>
          <field>ER DL</field>
        </tile>)"),
                         "example.xml", catalog);
    const TileDef& t = *catalog.find_tile("EX/tri-example");
    EXPECT_TRUE(t.is_triangle());
    EXPECT_EQ(t.edges[static_cast<int>(Side::N)], EdgeType::City);
    EXPECT_EQ(t.edges[static_cast<int>(Side::E)], EdgeType::Road);
    EXPECT_EQ(t.hypotenuse, EdgeType::Road);
    EXPECT_EQ(format_location(t.segments[1].location), "E.D");
    EXPECT_EQ(format_location(t.segments[2].location), "EL.DR");
    EXPECT_EQ(t.segments[2].adjoining_cities, 1u);
}

TEST(TriangleTiles, MonasteryAndFieldHypotenuse) {
    TileCatalog catalog;
    load_tile_xml_string(doc(R"(<tile id="T/mon" shape="triangle"><monastery/><field>NL NR EL ER DL DR</field></tile>
                                <tile id="T/city" shape="triangle"><city>D</city><field>NL NR EL ER</field></tile>)"),
                         "t.xml", catalog);
    const TileDef& mon = *catalog.find_tile("T/mon");
    EXPECT_EQ(mon.segments[0].location, loc::I);
    EXPECT_EQ(mon.hypotenuse, EdgeType::Field);
    EXPECT_EQ(catalog.find_tile("T/city")->hypotenuse, EdgeType::City);
    EXPECT_EQ(catalog.find_tile("T/city")->edges[0], EdgeType::Field);
}

TEST(TileSets, SetsMergeAcrossFilesAndMayReferToTilesLoadedLater) {
    TileCatalog catalog;
    load_tile_xml_string(R"(<defs><sets><tile-set id="mix"><ref tile="B/two" count="2"/></tile-set></sets>
                            <tiles><tile id="A/one"><field>NL NR EL ER SL SR WL WR</field></tile></tiles></defs>)",
                         "a.xml", catalog);
    // B/two is not defined yet: the pack cannot be built.
    EXPECT_THROW(build_pack(catalog, {{"mix", 1}}), HostError);
    load_tile_xml_string(R"(<defs><tiles><tile id="B/two"><monastery/></tile></tiles>
                            <sets><tile-set id="mix"><ref tile="A/one" count="1"/></tile-set></sets></defs>)",
                         "b.xml", catalog);
    const auto pack = build_pack(catalog, {{"mix", 1}});
    ASSERT_EQ(pack.size(), 3u);
    EXPECT_EQ(catalog.tile(pack[0]).id, "A/one");
    EXPECT_EQ(catalog.tile(pack[2]).id, "B/two");
}

TEST(TileSets, ZeroCountIsAllowed) {
    TileCatalog catalog;
    load_tile_xml_string(R"(<defs><tiles><tile id="A"><monastery/></tile></tiles>
                            <sets><tile-set id="s"><ref tile="A" count="0"/></tile-set></sets></defs>)",
                         "z.xml", catalog);
    EXPECT_TRUE(build_pack(catalog, {{"s", 3}}).empty());
}

TEST(Gardens, WithoutGardensKeepsCityReferences) {
    TileCatalog catalog;
    load_tile_xml_file(test_data("jcz_style_basic.xml"), catalog);
    const TileDef stripped = without_gardens(*catalog.find_tile("BA/CFCG"));
    ASSERT_EQ(stripped.segments.size(), 3u);
    EXPECT_EQ(stripped.segments[0].kind, FeatureKind::City);
    EXPECT_EQ(stripped.segments[2].kind, FeatureKind::Field);
    EXPECT_EQ(stripped.segments[2].adjoining_cities, (1u << 0) | (1u << 1));
    EXPECT_EQ(stripped.edges, catalog.find_tile("BA/CFCG")->edges);
}

}  // namespace
}  // namespace ck::host
