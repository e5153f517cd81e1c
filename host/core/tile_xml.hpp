// Reading JCloisterZone-style tile definition XML into a TileCatalog, and
// building a tile pack from selected tile sets (docs/jcz-interop.md §2,
// docs/halflings-geometry.md "Tile definitions").
//
// What is read: every `tile`, `tile-set` and `ref` element anywhere below the
// root (refs count only inside a tile-set). Tile children `road`, `city`,
// `field`, `monastery`, `garden` each make one segment in document order;
// any other element or attribute is ignored, so other expansions' files load.
// Older JCZ spellings are accepted too: `cloister` (= monastery), `farm`
// (= field), `city@pennant` (= pennants).
//
// Gardens are always stored as FeatureKind::Garden segments at I; whether
// they exist in a game is the host's decision (see without_gardens in
// tile_def.hpp).
//
// Strict checks (HostError, message "<file>:<line>: tile \"<id>\": <why>"):
// malformed XML; missing/empty or duplicate tile id (also against tiles
// already in the catalogue); unknown location token; a road/city that is not
// made of sides, a field not made of edge halves; a `field@city` token that
// no earlier city of the tile equals or contains; overlapping segments (two
// roads/cities on one side, two fields on one half, a field half on a city
// side); a triangle tile using S/W/SL..WR, a square tile using D/DL/DR;
// a tile-set without id; a `ref` without tile, or with a missing, non-integer
// or negative count. A file that fails adds nothing to the catalogue.
//
// Limits (core/limits.hpp, docs/reliability.md): load_tile_xml_file reads
// only a regular file of at most kMaxTileFileBytes; a document holds at most
// kMaxTilesPerFile tiles and kMaxTileSetsPerFile tile-sets, and the
// catalogue at most kMaxCatalogTiles. Loading is linear in the file size.
//
// Refs to undefined tile ids are reported by build_pack, not at load: a set
// may refer to tiles defined in another file loaded later.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "tile_def.hpp"

namespace ck::host {

// Reads and loads one file; an unreadable file is a HostError (category Io).
void load_tile_xml_file(const std::string& path, TileCatalog& catalog);

// Loads XML text; `source_name` names it in error messages.
void load_tile_xml_string(std::string_view xml, std::string_view source_name, TileCatalog& catalog);
// The same, for tiles an expansion ships (ExpansionManifest.tile_definitions_xml)
// loaded after the game's tile files: a tile or tile set whose id a file
// already defined is taken from the file and this document's copy skipped,
// so JCloisterZone's own file given with --tiles replaces the expansion's.
void load_tile_xml_string_after_files(std::string_view xml, std::string_view source_name, TileCatalog& catalog);

// The pack for `sets` (tile-set id -> multiplier, as `setup.sets` in a .jcz):
// each ref of each set with multiplier m > 0 adds m x count copies; the pack
// lists tiles sorted by id in plain byte order, one entry per copy (§2.5).
// Unknown set ids, negative multipliers and refs to undefined tiles throw.
std::vector<TileTypeId> build_pack(const TileCatalog& catalog, const std::map<std::string, int>& sets);

// Directory of the tile files the host ships: the source tree's host/data
// for the program running from its build tree (named by the build tree's
// bin/cloisterkit-build-tree, core/build_tree.hpp), else the installed one, found relative to the
// program (core/install_layout.hpp).
// Throws HostError (Io) when neither applies.
std::string default_tile_dir();
// default_tile_dir() + "/basic.xml".
std::string default_tile_file();

}  // namespace ck::host
