// Hostile tile XML (issue 11, findings 3 and 4; docs/reliability.md):
// loading is linear in the file size, the documented limits hold with
// errors that say where and why, and only regular files are read. Every
// input is generated here; none is committed.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/tile_xml.hpp"

namespace ck::host {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::Not;

std::string tile(size_t i) {
    return "<tile id=\"T" + std::to_string(i) + "\"><road>W E</road><field>NL NR EL ER</field></tile>";
}

std::string load_error(const std::string& xml, TileCatalog& catalog) {
    try {
        load_tile_xml_string(xml, "gen.xml", catalog);
    } catch (const HostError& e) {
        return e.what();
    }
    return "<no error>";
}
std::string load_error(const std::string& xml) {
    TileCatalog catalog;
    return load_error(xml, catalog);
}

std::string file_error(const std::string& path) {
    TileCatalog catalog;
    try {
        load_tile_xml_file(path, catalog);
    } catch (const HostError& e) {
        EXPECT_EQ(e.category(), ErrorCategory::Io) << e.what();
        return e.what();
    }
    return "<no error>";
}

class Scratch {
public:
    Scratch() {
        path_ = fs::temp_directory_path() /
                ("ck-tiles-" + std::string(testing::UnitTest::GetInstance()->current_test_info()->name()) + "-" +
                 std::to_string(getpid()));
        fs::remove_all(path_);
        fs::create_directories(path_);
    }
    ~Scratch() {
        std::error_code ec;
        fs::remove_all(path_, ec);
    }
    std::string path(const std::string& name) const { return (path_ / name).string(); }

private:
    fs::path path_;
};

// Every tile and ref records its line; each used to count the newlines from
// the start of the file, so 40,000 tiles took 39 s and a 50 MB file never
// finished. Here: the most tiles a file may hold, spread over many lines,
// and 400,000 refs after them. Quadratic, this is hours of counting.
TEST(TileXmlLimits, LoadingIsLinearInTheFileSize) {
    std::string xml = "<defs><tiles>\n";
    xml.reserve(15'000'000);
    for (size_t i = 0; i < limits::kMaxTilesPerFile; ++i) xml += tile(i) + "\n\n\n\n\n\n\n\n\n\n";
    xml += "</tiles><tile-set id=\"s\">\n";
    for (size_t i = 0; i < 400'000; ++i) xml += "<ref tile=\"T1\" count=\"1\"/>\n";
    xml += "</tile-set></defs>\n";
    ASSERT_LT(xml.size(), limits::kMaxTileFileBytes);

    TileCatalog catalog;
    const auto start = std::chrono::steady_clock::now();
    ASSERT_EQ(load_error(xml, catalog), "<no error>");
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_EQ(catalog.tile_count(), limits::kMaxTilesPerFile);
    ASSERT_NE(catalog.find_tile_set("s"), nullptr);
    EXPECT_EQ(catalog.find_tile_set("s")->tiles.size(), 400'000u);
    // Line numbers are still right: the last tile's line, the last ref's.
    EXPECT_EQ(catalog.find_tile_set("s")->tiles.back().source, "gen.xml:" + std::to_string(2 + 10 * limits::kMaxTilesPerFile + 1 + (400'000 - 1)));
    EXPECT_LT(seconds, 30.0) << "took " << seconds << " s";

    // A duplicate is still found, with both lines, among many tiles.
    std::string dup = "<defs>\n";
    for (size_t i = 0; i < 5'000; ++i) dup += tile(i) + "\n";
    dup += tile(17) + "\n</defs>";
    EXPECT_THAT(load_error(dup), HasSubstr("gen.xml:5002: tile \"T17\": duplicate tile id (first at gen.xml:19)"));
}

TEST(TileXmlLimits, TooManyTilesOrTileSets) {
    std::string xml = "<defs>\n";
    for (size_t i = 0; i <= limits::kMaxTilesPerFile; ++i) xml += tile(i) + "\n";
    xml += "</defs>";
    EXPECT_THAT(load_error(xml), HasSubstr("gen.xml:10002: more than 10000 <tile> elements in one file (the limit)"));

    std::string sets = "<defs>\n";
    for (size_t i = 0; i <= limits::kMaxTileSetsPerFile; ++i) sets += "<tile-set id=\"s" + std::to_string(i) + "\"/>\n";
    sets += "</defs>";
    EXPECT_THAT(load_error(sets), HasSubstr("gen.xml:1002: more than 1000 <tile-set> elements in one file (the limit)"));
}

TEST(TileXmlLimits, CatalogueStaysWithinSixteenBitTileTypes) {
    TileCatalog catalog;
    for (size_t file = 0; file < 7; ++file) {
        std::string xml = "<defs>";
        for (size_t i = 0; i < limits::kMaxTilesPerFile; ++i) xml += tile(file * limits::kMaxTilesPerFile + i);
        xml += "</defs>";
        const std::string error = load_error(xml, catalog);
        if (file < 6) {
            ASSERT_EQ(error, "<no error>") << file;
        } else {
            EXPECT_THAT(error, HasSubstr("gen.xml: 10000 tiles would make 70000 tile types in the game, more than 65535"));
        }
    }
    EXPECT_EQ(catalog.tile_count(), 60'000u);  // the refused file added nothing
}

TEST(TileXmlLimits, DeepNestingDoesNotCrash) {
    const size_t depth = 200'000;
    std::string xml;
    xml.reserve(depth * 8 + 200);
    for (size_t i = 0; i < depth; ++i) xml += "<a>";
    xml += tile(1);
    for (size_t i = 0; i < depth; ++i) xml += "</a>";
    TileCatalog catalog;
    EXPECT_EQ(load_error(xml, catalog), "<no error>");
    EXPECT_EQ(catalog.tile_count(), 1u);
}

TEST(TileXmlLimits, LargerThanTheLimitIsRefused) {
    Scratch dir;
    const std::string big = dir.path("big.xml");
    std::ofstream(big) << "<defs/>";
    fs::resize_file(big, limits::kMaxTileFileBytes + 1);  // sparse: no disk space used
    EXPECT_EQ(file_error(big),
              big + ": tile file is 16777217 bytes, larger than the limit of 16777216 bytes (16 MiB)");
    EXPECT_THAT(load_error(std::string(limits::kMaxTileFileBytes + 1, ' ')),
                HasSubstr("gen.xml: tile XML is 16777217 bytes, larger than the limit of 16777216 bytes (16 MiB)"));
}

// /dev/zero and /dev/urandom were read until memory ran out; a directory
// said "malformed XML"; a FIFO waited for a writer.
TEST(TileXmlLimits, OnlyRegularFilesAreRead) {
    EXPECT_EQ(file_error("/dev/zero"),
              "/dev/zero: not a regular file (a character device); a tile file must be a regular file");
    EXPECT_THAT(file_error("/dev/urandom"), HasSubstr("not a regular file (a character device)"));
    Scratch dir;
    const std::string folder = dir.path("");
    EXPECT_THAT(file_error(folder), HasSubstr("not a regular file (a directory)"));
    EXPECT_THAT(file_error(folder), Not(HasSubstr("malformed XML")));
    const std::string fifo = dir.path("tiles.fifo");
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
    EXPECT_THAT(file_error(fifo), HasSubstr("tiles.fifo: not a regular file (a FIFO)"));
    EXPECT_THAT(file_error(dir.path("missing.xml")), HasSubstr("missing.xml: cannot open tile file: No such file"));
    EXPECT_THAT(file_error(""), HasSubstr("empty file name"));
    // A symbolic link to a regular file is that file.
    const std::string real = dir.path("real.xml");
    std::ofstream(real) << "<defs>" << tile(1) << "</defs>";
    fs::create_symlink(real, dir.path("link.xml"));
    EXPECT_EQ(file_error(dir.path("link.xml")), "<no error>");
}

}  // namespace
}  // namespace ck::host
