// The rivalry of The Cult (docs/expansions/cult.md, rules CU-3 to CU-7),
// free of the SDK's types so a plain test can check it: which placements a
// shrine or a monastery may not take, which features a completed rival
// challenges, and the challengers kept between two hooks of one turn in the
// expansion's data.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ck::cult {

// A board space (x grows eastwards, y southwards). A Halflings triangle
// fills the space it lies in (HF-30, CU-11, CU-12).
struct Space {
    int x = 0;
    int y = 0;
    friend bool operator==(const Space&, const Space&) = default;
};

// The two rival kinds. A monastery of any other expansion (a Darmstadt
// church, a Halflings monastery) is a Monastery (CU-11, CU-14).
enum class Kind : uint8_t { Monastery = 0, Shrine = 1 };

Kind opposite(Kind kind);

// A monastic feature on the board: the space of its tile and its kind.
struct Monastic {
    Space space;
    Kind kind = Kind::Monastery;
    friend bool operator==(const Monastic&, const Monastic&) = default;
};

// The board as the rivalry sees it: the spaces that hold a tile, and the
// monastic features (gardens are none: they never race).
struct Board {
    std::vector<Space> filled;
    std::vector<Monastic> monastics;

    bool is_filled(Space s) const;
    // CU-2: complete when each of the eight spaces around its own is filled.
    bool complete(const Monastic& m) const;
};

// The eight spaces around `s`, sides and corners (CU-3, CU-4, CU-11).
bool next_to(Space a, Space b);

// CU-3: why a tile with a monastic feature of `kind` may not be laid on
// space `at`, or nullopt when it may. Forbidden: touching two or more
// features of the opposite kind, or one that already touches a feature of
// `kind`.
std::optional<std::string> placement_veto(const Board& board, Space at, Kind kind);

// CU-4, CU-5, CU-6: the indices (into board.monastics, ascending, each
// once) of the features that lose their figures at the end of the turn:
// every feature of the opposite kind next to one of `challengers` (the
// features completed this turn with a figure on them) that is still open.
// Whether a challenged feature holds figures is the caller's to check.
std::vector<size_t> challenged(const Board& board, std::span<const Monastic> challengers);

// The 0-point score entry JCloisterZone writes for the owner of a
// challenged feature's figure: "monastery.challenged", "shrine.challenged".
std::string_view challenged_entry(Kind lost);

// The challengers as bytes for the expansion's data: a format byte (1),
// their number, then each as two little-endian int16 (x, y) and its kind.
std::vector<uint8_t> encode_challengers(std::span<const Monastic> challengers);
// The challengers in `bytes` (none when they are empty); throws
// std::runtime_error when they are not of that form.
std::vector<Monastic> decode_challengers(std::string_view bytes);

}  // namespace ck::cult
