// String forms of locations, feature kinds, rotations, sides and corners, as
// written in JCloisterZone tile XML and saved games (docs/jcz-interop.md §1.3)
// and extended for triangle tiles (docs/halflings-geometry.md, "Locations on
// a triangle"). Parsers throw HostError naming the offending part.
#pragma once

#include <string>
#include <string_view>

#include "geometry.hpp"
#include "tile_def.hpp"

namespace ck::host {

// Parses a union of location names separated by '.' and/or whitespace, in
// any order: "N", "NL.NR", "_S", "W.D", "NL NR EL". Empty text, an empty part
// ("N..S") or an unknown name throws HostError.
Location parse_location(std::string_view text);

// Canonical text of a location: compass sides under their single JCZ name
// (N, NE, NS, _S, NWSE ...), then "D" for the hypotenuse, then edge halves in
// the order NL NR EL ER SL SR WL WR DL DR, then "I"; parts joined by '.'.
// 0 gives "" and bits outside the model (or half a side's bit pair) give a
// trailing "0x..." part, so nothing is silently dropped.
std::string format_location(Location l);

std::string_view feature_kind_name(FeatureKind k);  // "City", "Road", ...
FeatureKind parse_feature_kind(std::string_view text);

// Rotations are quarter turns clockwise 0..3, written "R0" "R90" "R180" "R270".
std::string_view rotation_name(int quarter_turns);  // any int, taken modulo 4
int parse_rotation(std::string_view text);

std::string_view side_name(Side s);  // "N" "E" "S" "W"
Side parse_side(std::string_view text);

// 'C', 'R' or 'F'; a tile's edges N, E, S, W as in the catalogue ("CRFR").
char edge_type_letter(EdgeType e);
std::string edge_pattern(const TileDef& tile);

// "(x,y)" for a space; "(x,y)" or "(x,y) NE" for a tile. The one text form
// of positions in messages, logs and errors.
std::string format_position(Position p);
std::string format_tile_ref(TileRef r);

// "NE" "SE" "SW" "NW"; Corner::None is written "none" and is never parsed.
std::string_view corner_name(Corner c);
Corner parse_corner(std::string_view text);

}  // namespace ck::host
