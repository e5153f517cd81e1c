// The module's hooks on their own, through its C ABI as a host calls them,
// with the SDK's hook test kit: the manifest's declarations, the church
// bonus of an occupied church and darmstadtium (BONUS_POINTS), the bonus of
// an empty church (FIGURE_STEP_END), and bad requests. Rule IDs of
// docs/expansions/darmstadt.md.
#include <cloisterkit/sdk/testing.hpp>
#include <cloisterkit/sdk/tile_contents.hpp>

#include <cstdio>
#include <string>
#include <vector>

namespace {

namespace fb = ck::fb;
namespace kit = ck::sdk::testing;
namespace loc = ck::sdk::loc;

constexpr const char* kId = "cloisterkit.darmstadt";
constexpr uint8_t kAlice = 0, kBob = 1;

int failures = 0;

void expect(bool ok, const std::string& what) {
    if (ok) return;
    std::printf("FAIL %s\n", what.c_str());
    ++failures;
}

fb::TileSegmentInfo segment(uint32_t location, fb::FeatureKind kind) { return {location, 0, kind, 0}; }

// JCloisterZone's DA/LRR at (0,1), as in its engine tests, and its eight
// neighbours (plain field tiles), some of them left out by `missing`.
const fb::TileRef kChurch = kit::at(0, 1);

kit::TestState board(const std::vector<fb::TileRef>& missing = {}, bool church = true) {
    kit::TestState s;
    s.add_player("Alice");
    s.add_player("Bob");
    s.enable_expansion(kId);
    const std::string type = church ? "DA/LRR" : "plain-monastery";
    s.tile_type(type, {segment(loc::I, fb::FeatureKind::Monastery), segment(loc::E | loc::S, fb::FeatureKind::Road),
                       segment(loc::NL | loc::NR | loc::EL | loc::SR | loc::WL | loc::WR, fb::FeatureKind::Field),
                       segment(loc::ER | loc::SL, fb::FeatureKind::Field)});
    if (church) s.mark_segment(type, 0, "church");
    s.tile_type("field", {segment(0xFF, fb::FeatureKind::Field)});
    s.place_tile(type, kChurch);
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
            const fb::TileRef at = kit::at(dx, 1 + dy);
            bool skip = dx == 0 && dy == 0;
            for (const fb::TileRef& m : missing) skip = skip || (m.x() == at.x() && m.y() == at.y());
            if (!skip) s.place_tile("field", at);
        }
    return s;
}

// The church as the host scores it: completed, Alice's (or Bob's) majority.
fb::ScoredFeatureT church_feature(bool completed = true, bool final_scoring = false, bool church = true) {
    fb::ScoredFeatureT f = kit::feature(fb::FeatureKind::Monastery, {kChurch}, completed, 9);
    f.final_scoring = final_scoring;
    f.scorers.push_back(kAlice);
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) f.area.push_back(kit::at(dx, 1 + dy));
    if (church) kit::add_attribute(f, "church");
    return f;
}

void check_manifest(const kit::Module& module) {
    const fb::ExpansionManifestT m = module.manifest(kId);
    expect(m.jcz_extra_elements == std::vector<std::string>{"church"}, "DA-9: the element church");
    expect(m.segment_attributes.size() == 2 && m.segment_attributes[0]->name == "church" &&
               m.segment_attributes[0]->kind == fb::FeatureKind::Monastery &&
               m.segment_attributes[1]->name == "darmstadtium" &&
               m.segment_attributes[1]->kind == fb::FeatureKind::City,
           "DA-2, DA-8: church on a monastery, darmstadtium on a city");
    expect(m.deck_tile_sets.size() == 1 && m.deck_tile_sets[0]->tile_set == "darmstadt" &&
               m.deck_tile_sets[0]->count == 1,
           "DA-1: the set darmstadt, once");
    expect(m.rule_options.empty() && m.figure_kinds.empty(), "no rule option, no figure kind (JCloisterZone has none)");
}

void check_occupied_church(const kit::Module& module) {
    auto bonus = [&](const kit::TestState& s, const fb::ScoredFeatureT& f) {
        return module.call(kId, s, kit::bonus_points(f));
    };
    {  // DA-4 (church-bonus-owner): Alice on the church and a road, Bob on one field: Alice.
        kit::TestState s = board();
        s.place_figure(kAlice, kChurch, loc::I, fb::FeatureKind::Monastery);
        s.place_figure(kAlice, kit::at(-1, 1), 0xFF, fb::FeatureKind::Field);
        s.place_figure(kBob, kit::at(1, 0), 0xFF, fb::FeatureKind::Field);
        const kit::HookResult r = bonus(s, church_feature());
        expect(r.points_for(kAlice) == 3 && r.points_for(kBob) == 0, "DA-4: the owner with the most gets the bonus");
        const auto added = r.effects<fb::AddPointsT>();
        expect(added.size() == 1 && added[0]->name == "church", "DA-9: the entry is named church");
        expect(r.feature_points() == 0, "DA-2: the church's own points are the host's");
    }
    {  // DA-4: Alice owns the church, Bob has two followers around it: Bob.
        kit::TestState s = board();
        s.place_figure(kAlice, kChurch, loc::I, fb::FeatureKind::Monastery);
        s.place_figure(kBob, kit::at(1, 0), 0xFF, fb::FeatureKind::Field);
        s.place_figure(kBob, kit::at(-1, 2), 0xFF, fb::FeatureKind::Field);
        const kit::HookResult r = bonus(s, church_feature());
        expect(r.points_for(kAlice) == 0 && r.points_for(kBob) == 3, "DA-4: the bonus goes to the area's majority");
    }
    {  // DA-3 (church-bonus-tie): 2 and 2: both.
        kit::TestState s = board();
        s.place_figure(kAlice, kChurch, loc::I, fb::FeatureKind::Monastery);
        s.place_figure(kAlice, kChurch, loc::E | loc::S, fb::FeatureKind::Road);
        s.place_figure(kBob, kit::at(1, 0), 0xFF, fb::FeatureKind::Field);
        s.place_figure(kBob, kit::at(1, 1), 0xFF, fb::FeatureKind::Field);
        const kit::HookResult r = bonus(s, church_feature());
        expect(r.points_for(kAlice) == 3 && r.points_for(kBob) == 3, "DA-3: tied players all score 3");
    }
    {  // DA-7: a big follower and an abbot count one each; figures outside the area none.
        kit::TestState s = board();
        s.place_figure(kAlice, kChurch, loc::I, fb::FeatureKind::Monastery, "abbot");
        s.place_figure(kBob, kit::at(1, 1), 0xFF, fb::FeatureKind::Field, "big-follower");
        s.place_figure(kBob, kit::at(2, 1), 0xFF, fb::FeatureKind::Field);
        s.place_figure(kBob, kit::at(0, 3), 0xFF, fb::FeatureKind::Field);
        const kit::HookResult r = bonus(s, church_feature());
        expect(r.points_for(kAlice) == 3 && r.points_for(kBob) == 3,
               "DA-7: abbot 1, big follower 1, figures two spaces away not counted: a tie");
    }
    {  // DA-6: open at the end, or scored at the final scoring: nothing.
        kit::TestState s = board({kit::at(1, 2)});
        s.place_figure(kAlice, kChurch, loc::I, fb::FeatureKind::Monastery);
        expect(bonus(s, church_feature(false, true)).status == CK_NOTHING_TO_DO, "DA-6: no bonus at the final scoring");
        expect(bonus(s, church_feature(true, true)).status == CK_NOTHING_TO_DO, "DA-6: final_scoring set: nothing");
    }
    {  // DA-2: a plain monastery gives no bonus.
        kit::TestState s = board({}, false);
        s.place_figure(kAlice, kChurch, loc::I, fb::FeatureKind::Monastery);
        expect(bonus(s, church_feature(true, false, false)).status == CK_NOTHING_TO_DO,
               "DA-2: a monastery without the church attribute: nothing");
    }
}

void check_darmstadtium(const kit::Module& module) {
    kit::TestState s = board();
    auto city = [&](bool completed, bool darmstadtium) {
        fb::ScoredFeatureT f = kit::feature(fb::FeatureKind::City, {kit::at(0, 0), kit::at(1, 0), kit::at(2, 0)},
                                            completed, completed ? 6 : 3);
        f.scorers.push_back(kAlice);
        if (darmstadtium) kit::add_attribute(f, "darmstadtium");
        return module.call(kId, s, kit::bonus_points(f));
    };
    const kit::HookResult done = city(true, true);
    expect(done.feature_points() == 3 && done.reasons() == std::vector<std::string>{"darmstadtium"},
           "DA-8: a completed city with darmstadtium gains 3, said \"darmstadtium\"");
    expect(done.count(fb::Effect::AddPoints) == 0, "DA-8: as the city's points, not a separate entry");
    expect(city(false, true).status == CK_NOTHING_TO_DO, "DA-8: an unfinished one scores as usual");
    expect(city(true, false).status == CK_NOTHING_TO_DO, "DA-8: a city without darmstadtium: nothing");
}

void check_empty_church(const kit::Module& module) {
    auto step_end = [&](const kit::TestState& s, fb::TileRef placed) {
        return module.call(kId, s, kit::figure_step_end(kBob, placed));
    };
    {  // DA-5 (church-bonus): nobody on the church, Bob 2, Alice 1: Bob, when the last neighbour is laid.
        kit::TestState s = board();
        s.place_figure(kBob, kit::at(1, 0), 0xFF, fb::FeatureKind::Field);
        s.place_figure(kBob, kit::at(-1, 2), 0xFF, fb::FeatureKind::Field);
        s.place_figure(kAlice, kit::at(1, 2), 0xFF, fb::FeatureKind::Field);
        const kit::HookResult r = step_end(s, kit::at(1, 2));
        expect(r.points_for(kBob) == 3 && r.points_for(kAlice) == 0, "DA-5: an empty church still gives the bonus");
        expect(step_end(s, kChurch).points_for(kBob) == 3, "DA-5: the church laid last into its hole, empty");
        expect(step_end(s, kit::at(2, 2)).status == CK_NOTHING_TO_DO,
               "DA-5: a tile outside the area completes nothing (the church was completed before)");
    }
    {  // Someone on the church: the host scores it and BONUS_POINTS gives the bonus.
        kit::TestState s = board();
        s.place_figure(kAlice, kChurch, loc::I, fb::FeatureKind::Monastery);
        s.place_figure(kBob, kit::at(1, 0), 0xFF, fb::FeatureKind::Field);
        expect(step_end(s, kit::at(1, 2)).status == CK_NOTHING_TO_DO, "DA-5: an occupied church is not counted here");
    }
    {  // Not complete yet, or no church, or nobody around: nothing.
        kit::TestState s = board({kit::at(-1, 0)});
        s.place_figure(kBob, kit::at(1, 0), 0xFF, fb::FeatureKind::Field);
        expect(step_end(s, kit::at(1, 2)).status == CK_NOTHING_TO_DO, "DA-5: one space still empty");
        kit::TestState plain = board({}, false);
        plain.place_figure(kBob, kit::at(1, 0), 0xFF, fb::FeatureKind::Field);
        expect(step_end(plain, kit::at(1, 2)).status == CK_NOTHING_TO_DO, "DA-2: an empty plain monastery: nothing");
        expect(step_end(board(), kit::at(1, 2)).status == CK_NOTHING_TO_DO, "DA-3: nobody in the area: no bonus");
    }
    {  // DA-10 (HF-30): a second triangle in a space already filled completes nothing.
        kit::TestState s = board();
        s.tile_type("triangle", {segment(0xFF, fb::FeatureKind::Field)}, fb::TileShape::Triangle);
        s.place_tile("triangle", kit::at(1, 2, fb::Corner::NE));
        s.place_figure(kBob, kit::at(1, 0), 0xFF, fb::FeatureKind::Field);
        expect(step_end(s, kit::at(1, 2, fb::Corner::NE)).status == CK_NOTHING_TO_DO,
               "DA-10: the space was filled before this turn");
    }
}

void check_bad_requests(const kit::Module& module) {
    kit::TestState s = board();
    fb::FigureStepEndArgsT no_tile;
    no_tile.player = kBob;
    const kit::HookResult r = module.call(kId, s, kit::hook_request(CK_HOOK_FIGURE_STEP_END, std::move(no_tile)));
    expect(!r.ok() && r.error.find("tile is missing") != std::string::npos,
           "FIGURE_STEP_END without a tile: an error naming it (" + r.error + ")");
    fb::ScoredFeatureT two = church_feature();
    two.parts.push_back(kit::at(5, 5));
    const kit::HookResult bad = module.call(kId, s, kit::bonus_points(two));
    expect(!bad.ok() && bad.error.find("2 tiles") != std::string::npos, "a church on two tiles: an error");
    // An empty state (no tiles at all): nothing, no crash.
    kit::TestState empty;
    empty.add_player("Alice");
    empty.enable_expansion(kId);
    expect(module.call(kId, empty, kit::figure_step_end(kAlice, kit::at(0, 0))).status == CK_NOTHING_TO_DO,
           "FIGURE_STEP_END on an empty board: nothing");
}

}  // namespace

int main() {
    try {
        const kit::Module module(CK_MODULE_FILE);
        check_manifest(module);
        check_occupied_church(module);
        check_darmstadtium(module);
        check_empty_church(module);
        check_bad_requests(module);
    } catch (const std::exception& e) {
        std::printf("FAIL %s\n", e.what());
        return 1;
    }
    if (failures == 0) std::puts("darmstadt.hook: all passed");
    return failures == 0 ? 0 : 1;
}
