// King & Robber's rules, free of the SDK (docs/expansions/king-and-robber.md,
// rules KR-n): who holds the king and the robber as cities and roads are
// completed (KR-2, KR-3), what the titles score at the end or during the
// game under each of JCloisterZone's scorings (KR-4 to KR-7), and how the
// titles are kept between hooks (the expansion's data in the state).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace ck::king_robber {

// JCloisterZone's rule king-and-robber-scoring.
enum class Scoring {
    PerFeature,    // "default": at the end, 1 per completed city (king) or road (robber) of the game
    Ten,           // "10/20": at the end, 10 per title
    FifteenForty,  // "15/40": at the end, 15 per title, 40 for one player holding both
    Continuously,  // "continuously": during the game, 1 to the holder per city or road completed
};
std::optional<Scoring> scoring_named(std::string_view value);

enum class Title { King, Robber };

struct TitleState {
    int holder = -1;    // player, or -1 before any was completed
    int size = 0;       // spaces of the largest completed so far
    int completed = 0;  // completed in the game (cities for the king, roads for the robber)
    // Continuously: the holder when this tile step's first completion came,
    // and how many completed in this step, paid at its end (KR-7).
    int holder_at_step_start = -1;
    int completed_this_step = 0;
};

struct Titles {
    TitleState king, robber;
    bool step_open = false;  // a completion of this tile step was seen
    TitleState& of(Title t) { return t == Title::King ? king : robber; }
    const TitleState& of(Title t) const { return t == Title::King ? king : robber; }
};

// The titles as kept in the state, and back; nullopt for bytes that are
// not a Titles of this version.
std::vector<uint8_t> encode(const Titles& t);
std::optional<Titles> decode(std::span<const uint8_t> bytes);

// KR-2, KR-3: a city (king) or road (robber) of `size` spaces was completed
// in a tile step of `player`: the title passes to them when it is larger
// than every one completed before.
void on_completed(Titles& t, Title title, int size, int player);

struct Award {
    int player = 0;
    int points = 0;
    std::string_view name;  // "king", "robber", "king+robber"
};

// KR-7: what the holders at the start of the tile step earn for what was
// completed in it (Continuously only); the step is then over.
std::vector<Award> close_step(Titles& t, Scoring scoring);

// KR-4 to KR-6: the titles' points at the end of the game (none for
// Continuously).
std::vector<Award> final_awards(const Titles& t, Scoring scoring);

}  // namespace ck::king_robber
