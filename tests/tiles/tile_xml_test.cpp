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
    EXPECT_EQ(rrrr.value(3, "wagon-move"), "a");  // a value (tile_def.hpp), for an expansion that declares it
    EXPECT_EQ(catalog.find_tile("BA/CccR+")->segments[1].pennants, 1);
}

// Segment attributes (tile_def.hpp): every attribute set to "true" is kept,
// in document order; others (wagon-move, castle-base="false") are not.
TEST(JczStyleFiles, AttributesSetToTrueAreKeptForExpansions) {
    TileCatalog catalog;
    load_tile_xml_string(doc(R"(<tile id="IC/RRR.i"><road inn="true" wagon-move="a">E</road><road>W</road>
        <city cathedral="true" besieged="false">N</city><field>SL SR</field></tile>)"),
                         "inline", catalog);
    const TileDef& t = *catalog.find_tile("IC/RRR.i");
    ASSERT_EQ(t.segments.size(), 4u);
    EXPECT_EQ(t.segments[0].true_attributes, std::vector<std::string>{"inn"});
    EXPECT_TRUE(t.segments[1].true_attributes.empty());
    EXPECT_EQ(t.segments[2].true_attributes, std::vector<std::string>{"cathedral"});
}

// Tile values (tile_def.hpp, docs/abi.md "Tile values"): every attribute
// the file's structure does not use, with its value, on <tile>, on feature
// elements (by segment, <farm> read as field) and on other elements.
TEST(JczStyleFiles, AttributeValuesAreKeptForExpansionsButNotStructuralOnes) {
    TileCatalog catalog;
    load_tile_xml_string(doc(R"(<tile id="TB/CR" wind-rose="NE"><watchtower bonus="2/meeple"/>
        <city resource="wine" pennants="1" wagon-move="a">N</city><road inn="true">S</road>
        <farm city="N" size="big">WL WR</farm></tile>)"),
                         "inline", catalog);
    const TileDef& t = *catalog.find_tile("TB/CR");
    ASSERT_EQ(t.segments.size(), 3u);
    const auto is = [](const TileAttributeValue& v, uint8_t segment, const char* element, const char* attribute,
                       const char* value) {
        return v.segment == segment && v.element == element && v.attribute == attribute && v.value == value;
    };
    ASSERT_EQ(t.values.size(), 6u);  // no id, pennants or a field's city
    EXPECT_TRUE(is(t.values[0], TileAttributeValue::kNoSegment, "tile", "wind-rose", "NE"));
    EXPECT_TRUE(is(t.values[1], TileAttributeValue::kNoSegment, "watchtower", "bonus", "2/meeple"));
    EXPECT_TRUE(is(t.values[2], 0, "city", "resource", "wine"));
    EXPECT_TRUE(is(t.values[3], 0, "city", "wagon-move", "a"));
    EXPECT_TRUE(is(t.values[4], 1, "road", "inn", "true"));
    EXPECT_TRUE(is(t.values[5], 2, "field", "size", "big"));
    EXPECT_TRUE(t.has_marker("watchtower"));
}

// JCloisterZone's IC/CCCC: a field at the centre alone, closed in by four cities.
TEST(JczStyleFiles, AFieldMayBeTheTileCentreAlone) {
    TileCatalog catalog;
    load_tile_xml_string(doc(R"(<tile id="IC/CCCC"><city>N</city><city>W</city><city>E</city><city>S</city>
        <field city="N W E S">I</field></tile>)"),
                         "inline", catalog);
    const TileDef& t = *catalog.find_tile("IC/CCCC");
    ASSERT_EQ(t.segments.size(), 5u);
    EXPECT_EQ(t.segments[4].kind, FeatureKind::Field);
    EXPECT_EQ(t.segments[4].location, loc::I);
    EXPECT_EQ(t.segments[4].adjoining_cities, 0b1111u);
    EXPECT_EQ(edge_pattern(t), "CCCC");
}

// An expansion's own tiles after the game's files: what a file defined wins.
TEST(JczStyleFiles, AnExpansionsTilesYieldToTheFilesBeforeThem) {
    TileCatalog catalog;
    load_tile_xml_string("<defs><tiles><tile id=\"X/1\"><road>N S</road></tile></tiles>"
                         "<sets><tile-set id=\"x:1\"><ref tile=\"X/1\" count=\"2\"/></tile-set></sets></defs>",
                         "file", catalog);
    load_tile_xml_string_after_files("<defs><tiles><tile id=\"X/1\"><city>N</city></tile><tile id=\"X/2\"><city>N</city></tile>"
                                     "</tiles><sets><tile-set id=\"x:1\"><ref tile=\"X/2\" count=\"5\"/></tile-set></sets></defs>",
                                     "expansion", catalog);
    EXPECT_EQ(catalog.find_tile("X/1")->segments[0].kind, FeatureKind::Road) << "the file's definition";
    ASSERT_NE(catalog.find_tile("X/2"), nullptr) << "a tile only the expansion defines still loads";
    EXPECT_EQ(build_pack(catalog, {{"x:1", 1}}).size(), 2u) << "the file's set, not merged with the expansion's";
    // The plain loader still refuses a tile defined twice.
    EXPECT_THROW(load_tile_xml_string(doc(R"(<tile id="X/1"><road>N S</road></tile>)"), "again", catalog), HostError);
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
