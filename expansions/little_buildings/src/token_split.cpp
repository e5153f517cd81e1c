#include "token_split.hpp"

#include <stdexcept>
#include <string>

namespace ck::little_buildings {

KindCounts buildings_dealt(int seat, int player_count, const Options& options) {
    if (player_count < 1 || seat < 0 || seat >= player_count)
        throw std::runtime_error("little buildings: cannot deal to seat " + std::to_string(seat) + " of " +
                                 std::to_string(player_count) + " players");
    KindCounts counts{};
    const bool equal_types = options.split == Split::Jcz || options.values == Values::ThreeTwoOne;
    if (equal_types) {
        counts.fill(kTokensPerKind / player_count);
        return counts;
    }
    const int total = static_cast<int>(kAllKinds.size()) * kTokensPerKind / player_count;
    for (int k = 0; k < total; ++k) ++counts[(seat + k) % kAllKinds.size()];
    return counts;
}

}  // namespace ck::little_buildings
