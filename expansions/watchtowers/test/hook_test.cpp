// The module's hooks on their own, through its C ABI as a host calls them,
// with the SDK's hook test kit: BONUS_POINTS for figures on and off tower
// tiles (WT-2 to WT-9), GAME_START refusing an unknown tower, the manifest.
#include <cloisterkit/sdk/testing.hpp>
#include <cloisterkit/sdk/tile_contents.hpp>

#include <cstdio>
#include <string>
#include <vector>

namespace {

namespace fb = ck::fb;
namespace kit = ck::sdk::testing;
namespace loc = ck::sdk::loc;

int failures = 0;

void expect(bool ok, const std::string& what) {
    if (ok) return;
    std::printf("FAIL %s\n", what.c_str());
    ++failures;
}

constexpr const char* kId = "cloisterkit.watchtowers";
constexpr uint32_t kRoad = 7;  // host feature ids of the test's features
constexpr uint32_t kCity = 9;

fb::TileSegmentInfo seg(fb::FeatureKind kind, uint32_t location, uint8_t pennants = 0) {
    return fb::TileSegmentInfo(location, 0, kind, pennants);
}

// A board around the tower WT/FRFR_3C (3 per monastery) at (1,0), as in
// JCloisterZone's watchtower-monasteries: Alice's follower on its east road
// (feature kRoad), monasteries at (2,0) and (0,1), one at (-1,0) too far.
kit::TestState monasteries_board() {
    kit::TestState s;
    s.add_player("Alice");
    s.add_player("Bob");
    s.enable_expansion(kId);
    s.tile_type("WT/FRFR_3C", {seg(fb::FeatureKind::Road, loc::W), seg(fb::FeatureKind::Road, loc::E)});
    s.mark_tile("WT/FRFR_3C", "watchtower");
    s.tile_type("BA/L", {seg(fb::FeatureKind::Monastery, loc::I)});
    s.tile_type("BA/LR", {seg(fb::FeatureKind::Monastery, loc::I), seg(fb::FeatureKind::Road, loc::S)});
    s.tile_type("BA/RCr", {seg(fb::FeatureKind::City, loc::N), seg(fb::FeatureKind::Road, loc::W | loc::E)});
    s.place_tile("BA/RCr", kit::at(0, 0));
    s.place_tile("WT/FRFR_3C", kit::at(1, 0));
    s.place_tile("BA/LR", kit::at(2, 0), 1);
    s.place_tile("BA/L", kit::at(0, 1));
    s.place_tile("BA/LR", kit::at(-1, 0), 3);
    s.place_figure(0, kit::at(1, 0), loc::E, fb::FeatureKind::Road, "small", kRoad);
    return s;
}

fb::ScoredFeatureT road(bool completed, bool final_scoring = false, uint32_t id = kRoad) {
    auto f = kit::feature(fb::FeatureKind::Road, {kit::at(1, 0), kit::at(2, 0)}, completed, 2);
    f.id = id;
    f.scorers.push_back(0);
    f.final_scoring = final_scoring;
    return f;
}

}  // namespace

int main() {
    try {
        const kit::Module module(CK_MODULE_FILE);
        auto bonus = [&](const kit::TestState& s, const fb::ScoredFeatureT& f) {
            return module.call(kId, s, kit::bonus_points(f));
        };

        // The manifest: the tile set, the marker, JCloisterZone's element, two hooks.
        const fb::ExpansionManifestT m = module.manifest(kId);
        expect(m.deck_tile_sets.size() == 1 && m.deck_tile_sets[0]->tile_set == "watchtowers", "WT-1: deck tile set");
        expect(m.tile_markers.size() == 1 && m.tile_markers[0]->name == "watchtower", "the tile marker watchtower");
        expect(m.jcz_extra_elements == std::vector<std::string>{"watchtower"}, "WT-7: the element watchtower");
        expect(m.hooks == (CK_HOOK_BIT(CK_HOOK_GAME_START) | CK_HOOK_BIT(CK_HOOK_BONUS_POINTS)), "two hooks");

        kit::TestState s = monasteries_board();
        const kit::HookResult r = bonus(s, road(true));
        expect(r.status == CK_OK && r.count(fb::Effect::AddPoints) == 1 && r.points_for(0) == 6,
               "WT-2, WT-3: Alice's follower on the tower earns 3 x 2 monasteries");
        const auto adds = r.effects<fb::AddPointsT>();
        expect(!adds.empty() && adds[0]->name == "watchtower", "WT-7: the score is named watchtower");
        expect(bonus(s, road(false)).status == CK_NOTHING_TO_DO, "WT-5: an unfinished road earns nothing");
        expect(bonus(s, road(true, true)).status == CK_NOTHING_TO_DO, "WT-5: nothing at the final scoring");
        expect(bonus(s, road(true, false, kCity)).status == CK_NOTHING_TO_DO,
               "WT-2: a figure on another feature of the tower tile earns nothing from this one");

        // WT-2: Bob's follower on the road too (the tie), each earns it; a
        // figure on the road off the tower's tile earns nothing.
        s.place_figure(1, kit::at(1, 0), loc::E, fb::FeatureKind::Road, "small", kRoad);
        s.place_figure(1, kit::at(2, 0), loc::S, fb::FeatureKind::Road, "small", kRoad);
        const kit::HookResult two = bonus(s, road(true));
        expect(two.count(fb::Effect::AddPoints) == 2 && two.points_for(0) == 6 && two.points_for(1) == 6,
               "WT-2: every figure on the tower's tile earns, whoever wins the feature; off the tile, nothing");

        // WT-3 "follower", WT-4, WT-6: 2 per figure in the area, any player's, of any kind, the scoring one
        // included: Alice's on the tower, a big follower of Bob's at (0,0) on a city completed in the same
        // turn, an abbot at (0,1); (3,0) is too far.
        kit::TestState f;
        f.add_player("Alice");
        f.add_player("Bob");
        f.enable_expansion(kId);
        f.tile_type("WT/CFRF_2M", {seg(fb::FeatureKind::City, loc::N), seg(fb::FeatureKind::Road, loc::S)});
        f.mark_tile("WT/CFRF_2M", "watchtower");
        f.tile_type("BA/L", {seg(fb::FeatureKind::Monastery, loc::I)});
        f.place_tile("WT/CFRF_2M", kit::at(1, 0));
        f.place_tile("BA/L", kit::at(0, 0));
        f.place_tile("BA/L", kit::at(0, 1));
        f.place_tile("BA/L", kit::at(3, 0));
        f.place_figure(0, kit::at(1, 0), loc::N, fb::FeatureKind::City, "small", kCity);
        f.place_figure(1, kit::at(0, 0), loc::I, fb::FeatureKind::Monastery, "big-follower", 20);
        f.place_figure(1, kit::at(0, 1), loc::I, fb::FeatureKind::Monastery, "abbot", 21);
        f.place_figure(1, kit::at(3, 0), loc::I, fb::FeatureKind::Monastery, "small", 22);
        auto city = kit::feature(fb::FeatureKind::City, {kit::at(1, 0)}, true, 4);
        city.id = kCity;
        city.scorers.push_back(0);
        expect(bonus(f, city).points_for(0) == 6, "WT-3, WT-6, WT-11: 2 x 3 figures (small, big, abbot)");

        // WT-8, WT-9 with Halflings: two triangles of (0,0) show cities with a pennant each; "city" counts
        // the space once (gridUnit=space) or twice (tile); "coat of arms" counts both pennants either way.
        for (const char* unit : {"space", "tile"}) {
            kit::TestState h;
            h.add_player("Alice");
            h.enable_expansion(kId);
            h.set_rule("halflings.gridUnit", unit);
            h.tile_type("WT/FRFC_1C", {seg(fb::FeatureKind::City, loc::W), seg(fb::FeatureKind::Road, loc::E)});
            h.mark_tile("WT/FRFC_1C", "watchtower");
            h.tile_type("WT/CCRF_2T", {seg(fb::FeatureKind::City, loc::N), seg(fb::FeatureKind::Road, loc::S)});
            h.mark_tile("WT/CCRF_2T", "watchtower");
            h.tile_type("HF/C", {seg(fb::FeatureKind::City, loc::N | loc::E, 1)}, fb::TileShape::Triangle);
            h.place_tile("WT/FRFC_1C", kit::at(1, 0));
            h.place_tile("WT/CCRF_2T", kit::at(1, 1));
            h.place_tile("HF/C", kit::at(0, 0, fb::Corner::NE), 0);
            h.place_tile("HF/C", kit::at(0, 0, fb::Corner::SW), 2);
            h.place_figure(0, kit::at(1, 0), loc::E, fb::FeatureKind::Road, "small", kRoad);
            h.place_figure(0, kit::at(1, 1), loc::S, fb::FeatureKind::Road, "small", kRoad);
            auto r2 = kit::feature(fb::FeatureKind::Road, {kit::at(1, 0), kit::at(1, 1)}, true, 2);
            r2.id = kRoad;
            r2.scorers.push_back(0);
            const kit::HookResult hr = bonus(h, r2);
            // city tower at (1,0): itself, (1,1) and (0,0)'s space or its two triangles.
            const int city_points = std::string(unit) == "space" ? 3 : 4;
            expect(hr.points_for(0) == city_points + 2 * 2,
                   std::string("WT-8, WT-9 under gridUnit=") + unit + ": city " + std::to_string(city_points) +
                       " + coat of arms 2 x 2 = " + std::to_string(hr.points_for(0)));
        }

        // GAME_START: the twelve known towers pass; a fan's tower tile is refused by name.
        expect(module.call(kId, s, kit::game_start(2, 1)).status == CK_NOTHING_TO_DO, "GAME_START: known towers");
        kit::TestState fan = monasteries_board();
        fan.tile_type("XX/fan-tower", {seg(fb::FeatureKind::Road, loc::W | loc::E)});
        fan.mark_tile("XX/fan-tower", "watchtower");
        const kit::HookResult refused = module.call(kId, fan, kit::game_start(2, 1));
        expect(refused.status == CK_E_SETUP_REFUSED && refused.error.find("XX/fan-tower") != std::string::npos,
               "GAME_START refuses a watchtower tile of unknown kind, naming it: " + refused.error);
        kit::TestState bad_unit = monasteries_board();
        bad_unit.set_rule("halflings.gridUnit", "league");
        expect(module.call(kId, bad_unit, kit::game_start(2, 1)).status == CK_E_SETUP_REFUSED,
               "GAME_START refuses a grid unit it does not know");
    } catch (const std::exception& e) {
        std::printf("FAIL %s\n", e.what());
        return 1;
    }
    if (failures == 0) std::puts("watchtowers.hook: all passed");
    return failures == 0 ? 0 : 1;
}
