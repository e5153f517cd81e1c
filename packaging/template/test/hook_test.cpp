// The Long Roads hook on its own, called through the module's C ABI as a
// host calls it, with the SDK's hook test kit (CloisterKit::sdk_testing).
#include <cloisterkit/sdk/testing.hpp>

#include <cstdio>
#include <string>

namespace {

namespace fb = ck::fb;
namespace kit = ck::sdk::testing;

int failures = 0;

void expect(bool ok, const char* what) {
    if (ok) return;
    std::printf("FAIL %s\n", what);
    ++failures;
}

// A road of `tiles` tiles in a row, completed or not, player 0 on it.
fb::ScoredFeatureT road(int tiles, bool completed) {
    std::vector<fb::TileRef> parts;
    for (int x = 0; x < tiles; ++x) parts.push_back(kit::at(x, 0));
    fb::ScoredFeatureT f = kit::feature(fb::FeatureKind::Road, parts, completed, tiles);
    f.scorers.push_back(0);
    return f;
}

}  // namespace

int main() {
    try {
        const kit::Module module(LONG_ROADS_MODULE);
        const char* id = "org.example.long-roads";
        kit::TestState state;
        state.add_player("Alice");
        state.add_player("Bob");
        state.enable_expansion(id);
        state.set_rule("longRoads.minTiles", "4");

        const kit::HookResult four = module.call(id, state, kit::feature_scoring(road(4, true)));
        expect(four.status == CK_OK && four.feature_points() == 4, "a completed road of 4 tiles gains 4");
        expect(four.reasons() == std::vector<std::string>{"long road"}, "the breakdown says \"long road\"");
        const kit::HookResult three = module.call(id, state, kit::feature_scoring(road(3, true)));
        expect(three.status == CK_NOTHING_TO_DO, "a road of 3 tiles is too short: no effect at all");
        const kit::HookResult open = module.call(id, state, kit::feature_scoring(road(9, false)));
        expect(open.status == CK_NOTHING_TO_DO, "an incomplete road gains nothing at the end");
        state.set_rule("longRoads.minTiles", "2");
        expect(module.call(id, state, kit::feature_scoring(road(2, true))).feature_points() == 2,
               "longRoads.minTiles=2 lets 2 tiles count: the hook reads the option");
        const kit::HookResult city =
            module.call(id, state, kit::feature_scoring([] {
                            auto f = road(5, true);
                            f.kind = fb::FeatureKind::City;
                            return f;
                        }()));
        expect(city.status == CK_NOTHING_TO_DO, "a city is no road");
        // A hook the expansion does not declare is refused, not answered.
        expect(module.call(id, state, kit::final_scoring(2)).status == CK_E_UNSUPPORTED_HOOK,
               "FINAL_SCORING is not one of its hooks");
    } catch (const std::exception& e) {
        std::printf("FAIL %s\n", e.what());
        return 1;
    }
    if (failures == 0) std::printf("long roads: every hook check passed\n");
    return failures == 0 ? 0 : 1;
}
