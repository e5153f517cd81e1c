// Location, rotation, side, corner and feature-kind strings
// (jcz-interop.md §1.3/§1.4, halflings-geometry.md "Locations on a triangle").
#include <gtest/gtest.h>

#include "core/errors.hpp"
#include "core/location_names.hpp"

namespace ck::host {
namespace {

using namespace loc;

struct Named {
    const char* name;
    Location mask;
};

const Named kEveryName[] = {
    {"NL", NL}, {"NR", NR}, {"EL", EL}, {"ER", ER}, {"SL", SL}, {"SR", SR}, {"WL", WL}, {"WR", WR},
    {"N", N}, {"E", E}, {"S", S}, {"W", W},
    {"NE", N | E}, {"SE", S | E}, {"SW", S | W}, {"NW", N | W}, {"NS", N | S}, {"WE", W | E},
    {"_N", E | S | W}, {"_E", N | S | W}, {"_S", N | E | W}, {"_W", N | E | S}, {"NWSE", N | E | S | W},
    {"I", I}, {"D", D}, {"DL", DL}, {"DR", DR},
};

TEST(LocationNames, EveryNameParsesToItsMaskAndFormatsBack) {
    for (const Named& n : kEveryName) {
        EXPECT_EQ(parse_location(n.name), n.mask) << n.name;
        EXPECT_EQ(format_location(n.mask), n.name) << n.name;
    }
}

TEST(LocationNames, UnionsParseInAnyOrderWithDotsOrWhitespace) {
    EXPECT_EQ(parse_location("N W E"), N | W | E);
    EXPECT_EQ(parse_location("E.N.W"), N | W | E);
    EXPECT_EQ(parse_location(" WL\tWR\nSL.SR "), WL | WR | SL | SR);
    EXPECT_EQ(parse_location("N S"), parse_location("NS"));
    EXPECT_EQ(parse_location("NE.W"), N | E | W);
}

TEST(LocationNames, FieldsFormatAsHalvesInClockwiseOrder) {
    EXPECT_EQ(format_location(parse_location("WR NL NR EL ER WL")), "NL.NR.EL.ER.WL.WR");
    EXPECT_EQ(format_location(parse_location("WL SR SL ER")), "ER.SL.SR.WL");
}

TEST(LocationNames, SideSetsFormatAsTheirSingleJczName) {
    EXPECT_EQ(format_location(parse_location("N W E")), "_S");
    EXPECT_EQ(format_location(parse_location("W E")), "WE");
    EXPECT_EQ(format_location(parse_location("N.W.S.E")), "NWSE");
    EXPECT_EQ(format_location(parse_location("E S")), "SE");
}

TEST(LocationNames, TriangleLocationsPutSidesThenDThenHalves) {
    EXPECT_EQ(format_location(W | D), "W.D");
    EXPECT_EQ(format_location(N | E | D), "NE.D");
    EXPECT_EQ(format_location(D), "D");
    EXPECT_EQ(format_location(DR | NL | EL | NR), "NL.NR.EL.DR");
    for (const char* text : {"W.D", "NE.D", "D", "NL.NR.EL.DR", "ER.DL"})
        EXPECT_EQ(format_location(parse_location(text)), text);
    EXPECT_EQ(parse_location("D.NE"), N | E | D);
}

TEST(LocationNames, RotationTurnsMultiPartLocationsPartByPart) {
    auto rotated = [](const char* text, int k) { return format_location(rotate_cw(parse_location(text), k)); };
    EXPECT_EQ(rotated("NS", 1), "WE");
    EXPECT_EQ(rotated("_S", 1), "_W");
    EXPECT_EQ(rotated("NW", 1), "NE");
    EXPECT_EQ(rotated("NL.NR.EL", 1), "EL.ER.SL");
    EXPECT_EQ(rotated("WR", 1), "NR");
    EXPECT_EQ(rotated("N", 2), "S");
    EXPECT_EQ(rotated("N", 3), "W");
    // D, its halves and I never move.
    EXPECT_EQ(rotated("NE.D", 1), "SE.D");
    EXPECT_EQ(rotated("NL.DR", 2), "SL.DR");
    EXPECT_EQ(rotated("I", 3), "I");
    // Tile-local -> board -> tile-local is the identity for every name.
    for (const Named& n : kEveryName)
        for (int k = 0; k < 4; ++k) EXPECT_EQ(rotate_ccw(rotate_cw(n.mask, k), k), n.mask) << n.name << " R" << k;
}

TEST(LocationNames, BadInputNamesTheBadPart) {
    try {
        parse_location("N XX");
        FAIL() << "no error";
    } catch (const HostError& e) {
        EXPECT_NE(std::string(e.what()).find("\"XX\""), std::string::npos) << e.what();
    }
    EXPECT_THROW(parse_location(""), HostError);
    EXPECT_THROW(parse_location("   "), HostError);
    EXPECT_THROW(parse_location("N..S"), HostError);
    EXPECT_THROW(parse_location("n"), HostError);  // names are case-sensitive
    EXPECT_THROW(parse_location("III"), HostError);  // inner spaces beyond two are not in our model
}

// King & Robber's KR/CCcc closes in two fields touching no edge: `I` and
// `II` (bit 21), which never turn with the tile.
TEST(LocationNames, TheSecondEnclosedFieldIsII) {
    EXPECT_EQ(parse_location("II"), loc::II);
    EXPECT_EQ(format_location(loc::II), "II");
    EXPECT_EQ(format_location(loc::I | loc::II), "I.II");
    EXPECT_EQ(rotate_cw(loc::II, 1), loc::II);
}

TEST(LocationNames, StrayBitsAreShownNotDropped) {
    EXPECT_EQ(format_location(0), "");
    EXPECT_EQ(format_location(1u << 8), "0x100");  // half of side N's bit pair
    EXPECT_EQ(format_location(N | (1u << 30)), "N.0x40000000");
}

TEST(LocationNames, FeatureKindsRotationsSidesCorners) {
    for (FeatureKind k : {FeatureKind::City, FeatureKind::Road, FeatureKind::Field, FeatureKind::Monastery,
                          FeatureKind::Garden})
        EXPECT_EQ(parse_feature_kind(feature_kind_name(k)), k);
    EXPECT_EQ(feature_kind_name(FeatureKind::Monastery), "Monastery");
    EXPECT_EQ(parse_feature_kind("City"), FeatureKind::City);
    EXPECT_THROW(parse_feature_kind("Cloister"), HostError);

    EXPECT_EQ(parse_rotation("R0"), 0);
    EXPECT_EQ(parse_rotation("R90"), 1);
    EXPECT_EQ(parse_rotation("R180"), 2);
    EXPECT_EQ(parse_rotation("R270"), 3);
    EXPECT_EQ(rotation_name(1), "R90");
    EXPECT_EQ(rotation_name(7), "R270");
    EXPECT_EQ(rotation_name(-1), "R270");
    EXPECT_THROW(parse_rotation("R45"), HostError);
    EXPECT_THROW(parse_rotation("90"), HostError);

    for (Side s : {Side::N, Side::E, Side::S, Side::W}) EXPECT_EQ(parse_side(side_name(s)), s);
    EXPECT_THROW(parse_side("D"), HostError);

    for (Corner c : {Corner::NE, Corner::SE, Corner::SW, Corner::NW}) EXPECT_EQ(parse_corner(corner_name(c)), c);
    EXPECT_EQ(corner_name(Corner::SW), "SW");
    EXPECT_EQ(corner_name(corner_for_rotation(3)), "NW");
    EXPECT_THROW(parse_corner("none"), HostError);
    EXPECT_THROW(parse_corner("N"), HostError);
}

}  // namespace
}  // namespace ck::host
