// The rules of Darmstadt (docs/expansions/darmstadt.md, rules DA-n), free
// of the SDK's types so a plain test can check them.
#pragma once

#include <cstdint>
#include <vector>

namespace ck::darmstadt {

inline constexpr int kChurchBonus = 3;        // DA-3
inline constexpr int kDarmstadtiumBonus = 3;  // DA-8

// A board space (both triangles of a Halflings space share it).
struct Space {
    int x = 0;
    int y = 0;
    friend bool operator==(const Space&, const Space&) = default;
};

// Whether `s` is one of the nine spaces of the 3x3 area around `centre`.
bool in_area(Space centre, Space s);

// DA-3, DA-6: the bonus is given for a church completed during the game,
// never at the final scoring.
bool church_bonus_due(bool completed, bool final_scoring);

// DA-3, DA-7: the players with the most followers in a church's area, given
// the owner of every follower standing there (one entry per figure, whatever
// its kind or strength); none when nobody stands there.
std::vector<uint8_t> church_bonus_winners(const std::vector<uint8_t>& owners_in_area);

// DA-8: what a city with `darmstadtium_segments` segments of darmstadtium
// gains: 3 when completed, nothing when unfinished (or without any).
int darmstadtium_points(bool completed, uint32_t darmstadtium_segments);

// DA-5, DA-10: the churches nobody stands on that this turn's tile completes.
// `filled` lists the space of every tile on the board, this turn's included
// (a space appears twice when two triangles share it); `placed` is this
// turn's tile's space; `empty_churches` the spaces of churches without a
// figure. A church is completed now when its nine spaces are filled and the
// placed tile filled one of them: the space was empty before this turn (a
// triangle laid beside another in a space already filled completes nothing).
std::vector<Space> empty_churches_completed(const std::vector<Space>& filled, Space placed,
                                            const std::vector<Space>& empty_churches);

}  // namespace ck::darmstadt
