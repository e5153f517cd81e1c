// Bad tile files are rejected with a HostError that says where (file, line,
// tile) and why (jcz-interop.md §2.3 step 5, §2.5; docs/architecture.md).
#include <gtest/gtest.h>
#include <gmock/gmock.h>

#include "core/errors.hpp"
#include "core/tile_xml.hpp"

namespace ck::host {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

// Tiles start on line 2 of the document, one element per line as written.
std::string doc(const std::string& body) { return "<defs><tiles>\n" + body + "\n</tiles></defs>"; }

// The error message of loading `xml` as "bad.xml", or "<no error>".
std::string load_error(const std::string& xml, TileCatalog& catalog) {
    try {
        load_tile_xml_string(xml, "bad.xml", catalog);
    } catch (const HostError& e) {
        EXPECT_EQ(e.category(), ErrorCategory::BadInput);
        return e.what();
    }
    return "<no error>";
}
std::string load_error(const std::string& xml) {
    TileCatalog catalog;
    return load_error(xml, catalog);
}

std::string pack_error(const TileCatalog& catalog, const std::map<std::string, int>& sets) {
    try {
        build_pack(catalog, sets);
    } catch (const HostError& e) {
        return e.what();
    }
    return "<no error>";
}

TEST(TileXmlErrors, MalformedXmlGivesFileAndLine) {
    EXPECT_THAT(load_error("<defs>\n<tiles>\n<tile id=\"A\">\n</tiles></defs>"),
                AllOf(HasSubstr("bad.xml:4"), HasSubstr("malformed XML")));
    EXPECT_THAT(load_error(""), HasSubstr("bad.xml"));
}

// Tile values are bounded: a file cannot make the setup sent to every hook
// grow without limit.
TEST(TileXmlErrors, TooManyOrTooLongAttributeValues) {
    std::string many = "<tile id=\"X\"";
    for (int i = 0; i < 33; ++i) many += " a" + std::to_string(i) + "=\"v\"";
    EXPECT_THAT(load_error(doc(many + "><road>N S</road></tile>")),
                AllOf(HasSubstr("bad.xml:2"), HasSubstr("X"), HasSubstr("more than 32 attributes in one <tile>")));
    EXPECT_THAT(load_error(doc("<tile id=\"Y\"><city resource=\"" + std::string(65, 'w') + "\">N</city></tile>")),
                AllOf(HasSubstr("Y"), HasSubstr("attribute resource's value is longer than 64 bytes")));
    EXPECT_EQ(load_error(doc("<tile id=\"Z\"><city resource=\"" + std::string(64, 'w') + "\">N</city></tile>")),
              "<no error>");
}

TEST(TileXmlErrors, MissingTileId) {
    EXPECT_THAT(load_error(doc("<tile><monastery/></tile>")),
                AllOf(HasSubstr("bad.xml:2"), HasSubstr("tile without an id")));
}

TEST(TileXmlErrors, DuplicateTileIdInOneFile) {
    EXPECT_THAT(load_error(doc("<tile id=\"A\"><monastery/></tile>\n<tile id=\"A\"><monastery/></tile>")),
                AllOf(HasSubstr("bad.xml:3"), HasSubstr("tile \"A\""), HasSubstr("duplicate tile id"),
                      HasSubstr("first at bad.xml:2")));
}

TEST(TileXmlErrors, DuplicateTileIdAcrossFilesAndFailedLoadAddsNothing) {
    TileCatalog catalog;
    load_tile_xml_string(doc("<tile id=\"A\"><monastery/></tile>"), "good.xml", catalog);
    const std::string second = doc("<tile id=\"B\"><monastery/></tile>\n<tile id=\"A\"><monastery/></tile>");
    EXPECT_THAT(load_error(second, catalog),
                AllOf(HasSubstr("bad.xml:3"), HasSubstr("tile \"A\""), HasSubstr("already loaded")));
    EXPECT_EQ(catalog.tile_count(), 1u);  // B was not added either
    EXPECT_EQ(catalog.find_tile("B"), nullptr);
}

TEST(TileXmlErrors, UnknownLocationToken) {
    EXPECT_THAT(load_error(doc("<tile id=\"X/1\">\n<road>N Q</road></tile>")),
                AllOf(HasSubstr("bad.xml:3"), HasSubstr("tile \"X/1\""), HasSubstr("<road>"),
                      HasSubstr("unknown location name \"Q\"")));
    EXPECT_THAT(load_error(doc("<tile id=\"X/1\"><road></road></tile>")),
                AllOf(HasSubstr("tile \"X/1\""), HasSubstr("empty location")));
}

TEST(TileXmlErrors, WrongLocationKindForTheElement) {
    EXPECT_THAT(load_error(doc("<tile id=\"X/1\"><road>NL</road></tile>")),
                AllOf(HasSubstr("tile \"X/1\""), HasSubstr("<road> must list sides")));
    EXPECT_THAT(load_error(doc("<tile id=\"X/1\"><field>N</field></tile>")),
                AllOf(HasSubstr("tile \"X/1\""), HasSubstr("<field> must list edge halves")));
}

TEST(TileXmlErrors, FieldCityMatchingNoCity) {
    // The only city is S; "N" names none. A city defined after the field does not count either.
    EXPECT_THAT(load_error(doc("<tile id=\"X/1\"><city>S</city>\n<field city=\"N\">EL ER</field></tile>")),
                AllOf(HasSubstr("bad.xml:3"), HasSubstr("tile \"X/1\""), HasSubstr("no earlier city"),
                      HasSubstr("\"N\"")));
    EXPECT_THAT(load_error(doc("<tile id=\"X/1\"><field city=\"N\">EL ER</field><city>N</city></tile>")),
                HasSubstr("no earlier city"));
    EXPECT_THAT(load_error(doc("<tile id=\"X/1\"><city>N</city><field city=\"N.Z\">EL</field></tile>")),
                AllOf(HasSubstr("tile \"X/1\""), HasSubstr("unknown location name \"Z\"")));
}

TEST(TileXmlErrors, OverlappingSegments) {
    EXPECT_THAT(load_error(doc("<tile id=\"O/1\"><road>N S</road><road>E S</road></tile>")),
                AllOf(HasSubstr("tile \"O/1\""), HasSubstr("overlaps an earlier road or city on S")));
    EXPECT_THAT(load_error(doc("<tile id=\"O/2\"><city>N W</city><road>W E</road></tile>")),
                AllOf(HasSubstr("tile \"O/2\""), HasSubstr("overlaps an earlier road or city on W")));
    EXPECT_THAT(load_error(doc("<tile id=\"O/3\"><field>NL NR</field><field>NR EL</field></tile>")),
                AllOf(HasSubstr("tile \"O/3\""), HasSubstr("overlaps an earlier field on NR")));
    EXPECT_THAT(load_error(doc("<tile id=\"O/4\">\n<city>N</city><field city=\"N\">NR EL ER</field></tile>")),
                AllOf(HasSubstr("bad.xml:2"), HasSubstr("tile \"O/4\""),
                      HasSubstr("field half NR lies on a city side")));
}

TEST(TileXmlErrors, ShapeMismatch) {
    EXPECT_THAT(load_error(doc("<tile id=\"T/1\" shape=\"triangle\"><road>N S</road></tile>")),
                AllOf(HasSubstr("tile \"T/1\""), HasSubstr("triangle tile uses S")));
    EXPECT_THAT(load_error(doc("<tile id=\"T/2\" shape=\"triangle\"><field>NL WR</field></tile>")),
                AllOf(HasSubstr("tile \"T/2\""), HasSubstr("triangle tile uses WR")));
    EXPECT_THAT(load_error(doc("<tile id=\"Q/1\"><road>N D</road></tile>")),
                AllOf(HasSubstr("tile \"Q/1\""), HasSubstr("square tile uses D")));
    EXPECT_THAT(load_error(doc("<tile id=\"Q/2\"><field>DL</field></tile>")),
                AllOf(HasSubstr("tile \"Q/2\""), HasSubstr("square tile uses DL")));
    EXPECT_THAT(load_error(doc("<tile id=\"Q/3\" shape=\"hexagon\"><monastery/></tile>")),
                AllOf(HasSubstr("tile \"Q/3\""), HasSubstr("unknown shape \"hexagon\"")));
}

TEST(TileXmlErrors, BadRefs) {
    const std::string tiles = "<tiles><tile id=\"A\"><monastery/></tile></tiles>\n";
    auto with_ref = [&](const std::string& ref) {
        return "<defs>" + tiles + "<sets><tile-set id=\"s:1\">\n" + ref + "</tile-set></sets></defs>";
    };
    EXPECT_THAT(load_error(with_ref("<ref tile=\"A\"/>")),
                AllOf(HasSubstr("bad.xml:3"), HasSubstr("tile-set \"s:1\""), HasSubstr("ref to tile \"A\" has no count")));
    EXPECT_THAT(load_error(with_ref("<ref tile=\"A\" count=\"two\"/>")),
                AllOf(HasSubstr("bad.xml:3"), HasSubstr("tile \"A\""), HasSubstr("invalid count \"two\"")));
    EXPECT_THAT(load_error(with_ref("<ref tile=\"A\" count=\"-1\"/>")), HasSubstr("invalid count \"-1\""));
    EXPECT_THAT(load_error(with_ref("<ref tile=\"A\" count=\"3x\"/>")), HasSubstr("invalid count \"3x\""));
    EXPECT_THAT(load_error(with_ref("<ref count=\"1\"/>")), HasSubstr("ref without a tile attribute"));
    EXPECT_THAT(load_error("<defs><sets><tile-set><ref tile=\"A\" count=\"1\"/></tile-set></sets></defs>"),
                HasSubstr("tile-set without an id"));
}

TEST(TileXmlErrors, RefToUndefinedTileIsReportedWhenThePackIsBuilt) {
    TileCatalog catalog;
    load_tile_xml_string(
        "<defs><tiles><tile id=\"A\"><monastery/></tile></tiles>\n<sets><tile-set id=\"s:1\">\n"
        "<ref tile=\"A\" count=\"1\"/>\n<ref tile=\"Nope\" count=\"2\"/></tile-set></sets></defs>",
        "sets.xml", catalog);
    EXPECT_THAT(pack_error(catalog, {{"s:1", 1}}),
                AllOf(HasSubstr("sets.xml:4"), HasSubstr("tile-set \"s:1\""), HasSubstr("undefined tile \"Nope\"")));
    EXPECT_THAT(pack_error(catalog, {{"basic", 1}}),
                AllOf(HasSubstr("unknown tile set \"basic\""), HasSubstr("s:1")));
    EXPECT_THAT(pack_error(catalog, {{"s:1", -1}}), HasSubstr("negative multiplier"));
}

TEST(TileXmlErrors, UnreadableFileIsAnIoError) {
    TileCatalog catalog;
    try {
        load_tile_xml_file("/nonexistent/tiles.xml", catalog);
        FAIL() << "no error";
    } catch (const HostError& e) {
        EXPECT_EQ(e.category(), ErrorCategory::Io);
        EXPECT_THAT(e.what(), HasSubstr("/nonexistent/tiles.xml"));
    }
}

}  // namespace
}  // namespace ck::host
