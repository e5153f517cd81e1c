// Limits on what the host reads from files a user hands it (tile XML, .jcz
// saved games). Each one is far above anything a real game needs and low
// enough that a hostile file cannot exhaust memory, time or the stack.
// Going over one is a HostError that names the file, the place and the
// limit. docs/reliability.md lists them with the tests that show them.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>

namespace ck::host::limits {

// Size of one tile XML file (JCloisterZone's largest are a few hundred KB).
inline constexpr std::uint64_t kMaxTileFileBytes = 16u * 1024 * 1024;
// <tile> elements in one tile XML file (all of JCloisterZone's expansions
// together define well under 2,000).
inline constexpr std::size_t kMaxTilesPerFile = 10'000;
// <tile-set> elements in one tile XML file.
inline constexpr std::size_t kMaxTileSetsPerFile = 1'000;
// Attributes set to "true" kept per feature element of a tile file, and the
// length of their names (segment attributes, tile_def.hpp).
inline constexpr std::size_t kMaxTrueAttributes = 8;
inline constexpr std::size_t kMaxAttributeName = 32;
// Other child elements kept per <tile> (tile markers, tile_def.hpp).
inline constexpr std::size_t kMaxTileMarkers = 16;
// Attribute values kept per <tile> and its children (tile values,
// tile_def.hpp), and the length of each value.
inline constexpr std::size_t kMaxTileValues = 32;
inline constexpr std::size_t kMaxAttributeValue = 64;
// Tile types in one game, all files together: a tile type is a 16-bit
// index (TileTypeId) everywhere in the host.
inline constexpr std::size_t kMaxCatalogTiles = 65'535;

// Size of one .jcz saved game (a finished base game is about 50 KB).
inline constexpr std::uint64_t kMaxSavedGameBytes = 16u * 1024 * 1024;
// Nesting of arrays and objects in a .jcz (its own structure needs 6).
inline constexpr std::size_t kMaxJsonDepth = 64;
// Any JSON string or object key in a .jcz, in bytes.
inline constexpr std::size_t kMaxJsonStringBytes = 4096;
// Ids and names in a .jcz: tile, tile-set, meeple, token, element and rule
// ids, player names.
inline constexpr std::size_t kMaxIdBytes = 256;
// The action and the label template of a manifest's declared hand play
// (the host copies the label into an option per tile type).
inline constexpr std::size_t kMaxDeclaredText = 1024;
// One test assertion ("Alice scored city for 4 points").
inline constexpr std::size_t kMaxAssertionBytes = 1024;
// Messages in a .jcz replay (a base game has about 300).
inline constexpr std::size_t kMaxReplayMessages = 100'000;
// Messages of one turn that UNDO could still revert, i.e. copies of the
// game a replay keeps (a real turn has at most 3).
inline constexpr std::size_t kMaxUndoStates = 100;

// How long one plugin hook call may take before the host refuses its answer
// (PluginHooks::set_time_budget, --hook-time-budget-ms). Hooks take
// microseconds; the budget catches a module that hangs for seconds.
inline constexpr std::chrono::milliseconds kDefaultHookTimeBudget{1000};
// The largest --hook-time-budget-ms (one hour).
inline constexpr long long kMaxHookTimeBudgetMs = 3'600'000;

}  // namespace ck::host::limits
