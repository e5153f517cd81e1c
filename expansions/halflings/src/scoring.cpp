#include "scoring.hpp"

#include <stdexcept>
#include <string>

namespace ck::halflings {
namespace {

// Far beyond any board (the host's extent is some thousands of spaces),
// and small enough that the points below cannot overflow: a state with
// more is hostile.
constexpr uint32_t kMaxCount = 1u << 20;

int32_t checked(uint32_t count, const FeatureCounts& f, const char* what) {
    if (count > kMaxCount)
        throw std::runtime_error(std::string("halflings: scored ") + fb::EnumNameFeatureKind(f.kind) + " has " +
                                 std::to_string(count) + " " + what + ", more than any board holds");
    return static_cast<int32_t>(count);
}

int32_t tiles_of(const FeatureCounts& f) {
    if (f.tiles == 0)
        throw std::runtime_error(std::string("halflings: scored ") + fb::EnumNameFeatureKind(f.kind) +
                                 " has a tile count of 0 (ScoredFeature.tiles, schema revision 2, is missing)");
    return checked(f.tiles, f, "tiles");
}

}  // namespace

std::optional<int32_t> points_counted_in_tiles(const FeatureCounts& f, const Options& options, bool tiny_city) {
    switch (f.kind) {
        case fb::FeatureKind::City: {
            if (options.feature_count != Count::Tiles) return std::nullopt;
            const int32_t n = tiles_of(f), p = checked(f.pennants, f, "pennants");
            if (!f.completed) return n + p;
            if (tiny_city && n == 2) return n + p;
            return 2 * n + 2 * p;
        }
        case fb::FeatureKind::Road:
            if (options.feature_count != Count::Tiles) return std::nullopt;
            return tiles_of(f);
        case fb::FeatureKind::Monastery:
        case fb::FeatureKind::Garden:
            if (options.monastery_count != Count::Tiles) return std::nullopt;
            return tiles_of(f);
        case fb::FeatureKind::Field:
            return std::nullopt;
    }
    return std::nullopt;  // a feature kind added to the schema later: no rule covers it
}

}  // namespace ck::halflings
