// Abbey & Mayor's rules, free of the SDK (docs/expansions/abbey-and-mayor.md,
// rules AM-n): the mayor's strength (AM-4), and the wagons waiting to move
// after a tile step's scoring (AM-5), kept between hooks in the
// expansion's data.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace ck::abbey_mayor {

enum class FeatureKind { Road, City, Monastery, Field, Other };

// AM-4: a mayor weighs as many followers as its city shows pennants (none:
// it holds nothing, yet its owner is named among the city's figures). It
// stands in cities only; elsewhere it would weigh nothing.
int mayor_strength(FeatureKind feature, int pennants);

// A segment of a placed tile.
struct SegmentAt {
    int x = 0, y = 0, corner = 0;  // the tile
    uint32_t location = 0;         // the segment, board orientation
    friend bool operator==(const SegmentAt&, const SegmentAt&) = default;
};

// AM-5: a wagon on a feature the tile step completed, by where it stands
// (a figure's place is its identity: no two figures share a segment), and,
// under the rule C1, the segments its feature's tile files link it to.
struct WaitingWagon {
    int owner = 0;
    int x = 0, y = 0, corner = 0;  // its tile
    uint32_t location = 0;         // its segment
    std::vector<SegmentAt> linked;  // C1 only
    friend bool operator==(const WaitingWagon&, const WaitingWagon&) = default;
};

// AM-5, rule C1: the segments of one tile its tile file links to segment
// `from` (they share a label of `wagon-move`, "a b": labels a and b).
// `labels[i]` is segment i's wagon-move value, empty for none.
std::vector<size_t> linked_segments(const std::vector<std::string_view>& labels, size_t from);

// AM-5: wagons move in turn order from the active player; each player's in
// the order given (the caller gives them in the order they were placed).
void order_wagons(std::vector<WaitingWagon>& wagons, int active_player, int players);

// Whether the wagon after the first of `wagons` belongs to another player
// (or there is none): JCloisterZone confirms a player's last move with a
// COMMIT.
bool last_of_its_owner(const std::vector<WaitingWagon>& wagons);

// The expansion's data: the wagons still to move this tile step.
std::vector<uint8_t> encode(const std::vector<WaitingWagon>& wagons);
std::optional<std::vector<WaitingWagon>> decode(std::span<const uint8_t> bytes);

}  // namespace ck::abbey_mayor
