#include "scoring.hpp"

namespace ck::inns_cathedrals {

std::optional<Change> change_for(const ScoredFeature& f) {
    const bool inn = f.kind == Kind::Road && f.inns > 0;
    const bool cathedral = f.kind == Kind::City && f.cathedrals > 0;
    if (!inn && !cathedral) return std::nullopt;
    // IC-4, IC-6: unfinished at the end of the game, such a road or city
    // scores nothing (JCloisterZone drops its whole structure count; Little
    // Buildings' points, added after, still count).
    if (!f.completed) {
        if (f.points == 0) return std::nullopt;
        return Change{-f.points, inn ? "inn: an unfinished road with an inn scores nothing"
                                     : "cathedral: an unfinished city with a cathedral scores nothing"};
    }
    // IC-3: 2 per tile instead of 1, so the inn adds what the road counted.
    if (inn) return Change{f.points, "inn"};
    // IC-5: 3 per tile and pennant instead of 2, so the cathedral adds half of
    // the completed city's count (a city with a cathedral tile has at least
    // five tiles, never the two of the tiny-city rule, so the count is even).
    return Change{f.points / 2, "cathedral"};
}

}  // namespace ck::inns_cathedrals
