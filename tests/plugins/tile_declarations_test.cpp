// Tile declarations of manifest revision 6 (docs/abi.md, "Segment
// attributes and deck tile sets") as a modder meets them: a declaration a
// host cannot play is refused with what to fix, at load or before the game.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "run_cli.hpp"
#include "test_modules.hpp"

using ck::test::CommandResult;
using ck::test::run_cli;
using ck::test::ScratchDir;
using ck::test::test_module;
using testing::HasSubstr;

TEST(TileDeclarations, ASegmentAttributeThatIsNoXmlNameRefusesTheModuleAtLoad) {
    ScratchDir dir("bad-attribute");
    dir.add(test_module("test_bad_attribute"), "bad.so");
    const CommandResult r = run_cli("plugins --plugin-path '" + dir.path().string() + "'");
    EXPECT_THAT(r.output(), HasSubstr("fan.bad-attribute: manifest rejected: segment attribute \"Inn!\" is not a name "
                                      "of a-z, 0-9 and - (at most 32 bytes)"));
}

TEST(TileDeclarations, ADeckTileSetNoTileFileDefinesRefusesTheGameNamingIt) {
    ScratchDir dir("lost-deck");
    dir.add(test_module("test_lost_deck"), "lost.so");
    const CommandResult r = run_cli("play --plugin-path '" + dir.path().string() + "' --expansions lost-deck --seed 1");
    EXPECT_EQ(r.status, 2) << r.output();
    EXPECT_THAT(r.err, HasSubstr("fan.lost-deck: its deck tile set \"nowhere:1\" is in no loaded tile file (loaded: basic:1, basic:2"));
}
