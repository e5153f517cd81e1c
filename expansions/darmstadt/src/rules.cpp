#include "rules.hpp"

#include <algorithm>
#include <cstdlib>
#include <map>

namespace ck::darmstadt {

bool in_area(Space centre, Space s) { return std::abs(s.x - centre.x) <= 1 && std::abs(s.y - centre.y) <= 1; }

bool church_bonus_due(bool completed, bool final_scoring) { return completed && !final_scoring; }

std::vector<uint8_t> church_bonus_winners(const std::vector<uint8_t>& owners_in_area) {
    std::map<uint8_t, int> followers;  // ordered: the winners come out in player order
    for (const uint8_t owner : owners_in_area) ++followers[owner];
    int most = 0;
    for (const auto& [owner, n] : followers) most = std::max(most, n);
    std::vector<uint8_t> winners;
    for (const auto& [owner, n] : followers)
        if (n == most) winners.push_back(owner);
    return winners;
}

int darmstadtium_points(bool completed, uint32_t darmstadtium_segments) {
    return completed && darmstadtium_segments > 0 ? kDarmstadtiumBonus : 0;
}

std::vector<Space> empty_churches_completed(const std::vector<Space>& filled, Space placed,
                                            const std::vector<Space>& empty_churches) {
    const auto tiles_at = [&](Space s) { return std::count(filled.begin(), filled.end(), s); };
    std::vector<Space> completed;
    if (tiles_at(placed) != 1) return completed;  // the space was filled before (or the state lacks this turn's tile)
    for (const Space church : empty_churches) {
        if (!in_area(church, placed)) continue;
        bool all_filled = true;
        for (int dy = -1; dy <= 1 && all_filled; ++dy)
            for (int dx = -1; dx <= 1 && all_filled; ++dx) all_filled = tiles_at({church.x + dx, church.y + dy}) > 0;
        if (all_filled && std::find(completed.begin(), completed.end(), church) == completed.end())
            completed.push_back(church);
    }
    return completed;
}

}  // namespace ck::darmstadt
