// Kinds of figure in a game (docs/abi.md, "Figure kinds"). Kind 0 is the
// base game's small follower; expansions declare further kinds in their
// manifests (the abbot), and the engine treats every kind alike: where it
// may stand, how much it weighs in a majority, whether it may be taken back.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "move_record.hpp"
#include "tile_def.hpp"

namespace ck::host {

// Figure kinds in one game, the small follower included: each player's
// supply is one 32-bit mask per kind (PlayerState::supply).
inline constexpr size_t kMaxFigureKinds = 8;
inline constexpr int kMaxFiguresPerKind = 32;
inline constexpr std::string_view kSmallFollowerId = "small";

struct FigureKind {
    std::string id;                      // "small", "abbot"; unique in a game
    std::string name;                    // "small follower", "abbot"
    int count = 0;                       // per player, 0..32
    std::vector<FeatureKind> stands_on;  // feature kinds it may be placed on
    int strength = 1;                    // towards majorities: 0 none, 1 small, 2 big follower
    std::string jcz_type;                // type part of JCZ meeple ids: "small" in "0.small.1"
    std::string jcz_return_source;       // RETURN_MEEPLE source when returned ("ABBOT_RETURN")
    bool tile_just_placed = true;        // placed only on the tile of this turn (else on any tile)
    // May be taken back from an incomplete feature in a later figure step,
    // scoring that feature at once as at the end of the game.
    bool returnable = false;
    // Placed only on an unfinished feature where its owner has a figure of
    // strength 1 or more, and not where one of this kind of theirs stands
    // (the builder, the pig): FigureKindDecl.joins_own_follower.
    bool joins_own_follower = false;
    // An integer rule option whose value replaces `count` in a game
    // (FigureKindDecl.count_rule); empty: `count` holds.
    std::string count_rule;

    bool may_stand_on(FeatureKind k) const;
};

// The small follower of the base game: `count` per player, on roads,
// cities and monasteries, and on fields when `farmers`.
FigureKind small_follower_kind(int count, bool farmers);

// Empty when `k` is a usable declaration, else what is wrong with it.
std::string figure_kind_problem(const FigureKind& k);

// "<player>.<jcz_type>.<number>", e.g. "0.abbot.1".
std::string format_meeple_id(MeepleId id, const std::vector<FigureKind>& kinds);
// Parses a meeple id of any kind in `kinds`; throws HostError naming the
// kinds there are for an unknown type.
MeepleId parse_meeple_id(const std::string& text, const std::vector<FigureKind>& kinds);

}  // namespace ck::host
