// The module's FEATURE_SCORING hook on its own, through its C ABI as a host
// calls it, with the SDK's hook test kit: features described in the test,
// with and without the inn and cathedral attributes.
#include <cloisterkit/sdk/testing.hpp>

#include <cstdio>
#include <string>
#include <vector>

namespace {

namespace fb = ck::fb;
namespace kit = ck::sdk::testing;

int failures = 0;

void expect(bool ok, const char* what) {
    if (ok) return;
    std::printf("FAIL %s\n", what);
    ++failures;
}

// A feature of `tiles` tiles in a row with `points` so far, player 0 scoring it.
fb::ScoredFeatureT scored(fb::FeatureKind kind, int tiles, bool completed, int points, const char* attribute) {
    std::vector<fb::TileRef> parts;
    for (int x = 0; x < tiles; ++x) parts.push_back(kit::at(x, 0));
    fb::ScoredFeatureT f = kit::feature(kind, parts, completed, points);
    f.scorers.push_back(0);
    if (attribute) kit::add_attribute(f, attribute);
    return f;
}

}  // namespace

int main() {
    try {
        const kit::Module module(CK_MODULE_FILE);
        const char* id = "cloisterkit.inns-and-cathedrals";
        kit::TestState state;
        state.add_player("Alice");
        state.add_player("Bob");
        state.enable_expansion(id);
        auto points = [&](const fb::ScoredFeatureT& f) { return module.call(id, state, kit::feature_scoring(f)); };

        const kit::HookResult inn = points(scored(fb::FeatureKind::Road, 4, true, 4, "inn"));
        expect(inn.feature_points() == 4, "IC-3: a completed road of 4 tiles with an inn gains 4");
        expect(inn.reasons() == std::vector<std::string>{"inn"}, "IC-3: the breakdown says \"inn\"");
        expect(points(scored(fb::FeatureKind::Road, 3, false, 3, "inn")).feature_points() == -3,
               "IC-4: an unfinished road with an inn loses its 3");
        expect(points(scored(fb::FeatureKind::City, 5, true, 12, "cathedral")).feature_points() == 6,
               "IC-5: a completed cathedral city of 12 gains 6 (3 per tile and pennant)");
        expect(points(scored(fb::FeatureKind::City, 4, false, 5, "cathedral")).feature_points() == -5,
               "IC-6: an unfinished cathedral city loses its 5");
        expect(points(scored(fb::FeatureKind::Road, 4, true, 4, nullptr)).status == CK_NOTHING_TO_DO,
               "a road without an inn: nothing");
        expect(points(scored(fb::FeatureKind::City, 4, true, 8, "inn")).status == CK_NOTHING_TO_DO,
               "an inn is a road's attribute: a city with one is scored as usual");
    } catch (const std::exception& e) {
        std::printf("FAIL %s\n", e.what());
        return 1;
    }
    if (failures == 0) std::puts("inns_cathedrals.hook: all passed");
    return failures == 0 ? 0 : 1;
}
