// The module's hooks on their own, through its C ABI as a host calls them,
// with the SDK's hook test kit: the manifest's declarations, the placement
// limits (PLACEMENT_CHECK) and the challenge (FIGURE_STEP_END records,
// TURN_END carries out). Rule IDs of docs/expansions/cult.md.
#include <cloisterkit/sdk/testing.hpp>
#include <cloisterkit/sdk/tile_contents.hpp>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace {

namespace fb = ck::fb;
namespace kit = ck::sdk::testing;
namespace loc = ck::sdk::loc;

constexpr const char* kId = "cloisterkit.cult";
constexpr uint8_t kAlice = 0, kBob = 1;

int failures = 0;

void expect(bool ok, const char* what) {
    if (ok) return;
    std::printf("FAIL %s\n", what);
    ++failures;
}

fb::TileSegmentInfo seg(fb::FeatureKind kind, uint32_t location) { return fb::TileSegmentInfo(location, 0, kind, 0); }

// A game of Alice and Bob with the tile types the tests lay: a shrine
// (CU/S), a monastery (BA/Cl), a garden (a monastic feature that never
// races), a plain field, and the Halflings triangle with a monastery.
kit::TestState base_state() {
    kit::TestState s;
    s.add_player("Alice");
    s.add_player("Bob");
    s.enable_expansion(kId);
    s.tile_type("CU/S", {seg(fb::FeatureKind::Monastery, loc::I), seg(fb::FeatureKind::Field, 0xFFu)});
    s.mark_segment("CU/S", 0, "shrine");
    s.tile_type("BA/Cl", {seg(fb::FeatureKind::Monastery, loc::I), seg(fb::FeatureKind::Field, 0xFFu)});
    s.tile_type("AB/Ga", {seg(fb::FeatureKind::Garden, loc::I), seg(fb::FeatureKind::Field, 0xFFu)});
    s.tile_type("BA/F", {seg(fb::FeatureKind::Field, 0xFFu)});
    s.tile_type("HF/I-4", {seg(fb::FeatureKind::Monastery, loc::I), seg(fb::FeatureKind::Field, loc::NL | loc::NR)},
                fb::TileShape::Triangle);
    return s;
}

// Fields on every empty space of the square from (x0, y0) to (x1, y1).
void fill(kit::TestState& s, int x0, int y0, int x1, int y1) {
    for (int y = y0; y <= y1; ++y)
        for (int x = x0; x <= x1; ++x) {
            const bool taken = std::any_of(s.game.tiles.begin(), s.game.tiles.end(), [&](const fb::PlacedTile& t) {
                return t.at().x() == x && t.at().y() == y;
            });
            if (!taken) s.place_tile("BA/F", kit::at(x, y));
        }
}

void put_monk(kit::TestState& s, uint8_t owner, fb::TileRef at, const std::string& kind = "small") {
    s.place_figure(owner, at, loc::I, fb::FeatureKind::Monastery, kind);
}

void set_data(kit::TestState& s, const std::vector<uint8_t>& bytes) {
    const auto& ids = s.setup.expansions;
    const auto expansion = static_cast<uint16_t>(std::find(ids.begin(), ids.end(), kId) - ids.begin());
    auto& all = s.game.expansion_data;
    all.erase(std::remove_if(all.begin(), all.end(), [&](const auto& d) { return d->expansion == expansion; }),
              all.end());
    if (bytes.empty()) return;
    auto d = std::make_unique<fb::ExpansionDataT>();
    d->expansion = expansion;
    d->data = bytes;
    all.push_back(std::move(d));
}

std::vector<uint8_t> data_of(const kit::HookResult& r) {
    const auto all = r.effects<fb::SetExpansionDataT>();
    return all.empty() ? std::vector<uint8_t>() : all.back()->data;
}

// PLACEMENT_CHECK for tile type `id` (the tile to place: every candidate
// is of it) at each of `spaces`, unrotated.
kit::HookResult check(const kit::Module& m, const kit::TestState& s, const std::string& id,
                      const std::vector<std::pair<int, int>>& spaces) {
    const auto it = std::find(s.setup.tile_types.begin(), s.setup.tile_types.end(), id);
    const auto type = static_cast<uint16_t>(it - s.setup.tile_types.begin());
    std::vector<fb::Placement> candidates;
    for (const auto& [x, y] : spaces) candidates.emplace_back(kit::at(x, y), 0, type);
    return m.call(kId, s, kit::placement_check(kAlice, type, candidates));
}

bool returns_at(const kit::HookResult& r, fb::TileRef at) {
    for (const auto* e : r.effects<fb::ReturnFiguresT>())
        if (e->at && e->at->x() == at.x() && e->at->y() == at.y() && e->at->corner() == at.corner() &&
            e->location == loc::I)
            return true;
    return false;
}

// FIGURE_STEP_END for the tile just laid at `placed`, its record kept in
// the state for the TURN_END that follows (the turn's scoring between them
// is the host's: a test takes the scored figures off itself).
kit::HookResult record(const kit::Module& m, kit::TestState& s, uint8_t player, fb::TileRef placed) {
    const kit::HookResult r = m.call(kId, s, kit::figure_step_end(player, placed));
    set_data(s, data_of(r));
    return r;
}

}  // namespace

int main() {
    try {
        const kit::Module module(CK_MODULE_FILE);
        {
            const fb::ExpansionManifestT m = module.manifest(kId);
            expect(m.name == "The Cult" && m.version == "1.0.0", "name and version");
            const uint64_t hooks = CK_HOOK_BIT(CK_HOOK_PLACEMENT_CHECK) | CK_HOOK_BIT(CK_HOOK_FIGURE_STEP_END) |
                                   CK_HOOK_BIT(CK_HOOK_TURN_END);
            expect(m.hooks == hooks, "three hooks, no other");
            expect(m.segment_attributes.size() == 1 && m.segment_attributes[0]->kind == fb::FeatureKind::Monastery &&
                       m.segment_attributes[0]->name == "shrine" && m.segment_attributes[0]->label == "shrine",
                   "CU-2: the segment attribute shrine on monasteries");
            expect(m.deck_tile_sets.size() == 1 && m.deck_tile_sets[0]->tile_set == "cult/6" &&
                       m.deck_tile_sets[0]->count == 1 && m.deck_tile_sets[0]->with_expansion.empty() &&
                       m.deck_tile_sets[0]->without_expansion.empty(),
                   "CU-1: the six tiles of cult/6 join the pile");
            expect(m.jcz_element.empty() && m.jcz_extra_elements == std::vector<std::string>{"shrine"},
                   "CU-9: JCloisterZone's element shrine, no element of the expansion's name");
            expect(m.rule_options.empty() && m.token_kinds.empty() && m.figure_kinds.empty(),
                   "CU-9: no rule option, token or figure");
            const std::string& xml = m.tile_definitions_xml;
            size_t tiles = 0, shrines = 0;
            for (size_t at = xml.find("<tile id="); at != std::string::npos; at = xml.find("<tile id=", at + 1)) ++tiles;
            for (size_t at = xml.find("shrine=\"true\""); at != std::string::npos; at = xml.find("shrine=\"true\"", at + 1))
                ++shrines;
            expect(tiles == 6 && shrines == 6, "CU-1: six tile types, each with a shrine");
            expect(xml.find("\"cult/6\"") != std::string::npos && xml.find("\"cult/5\"") != std::string::npos,
                   "CU-1: both releases in the tile file");
        }

        // ------------------------------------------------ CU-3: placement
        {
            kit::TestState s = base_state();
            s.place_tile("BA/Cl", kit::at(0, 0));
            s.place_tile("BA/Cl", kit::at(2, 0));
            const kit::HookResult r = check(module, s, "CU/S", {{1, 1}, {-1, 1}});
            expect(r.ok() && r.vetoed() == std::vector<uint32_t>{0},
                   "CU-3: a shrine next to both monasteries, not next to one");
            const auto v = r.effects<fb::VetoPlacementT>();
            expect(!v.empty() && v[0]->reason == "a shrine may not be next to two monasteries", "CU-3: the reason");
            expect(check(module, s, "BA/F", {{1, 1}}).status == CK_NOTHING_TO_DO,
                   "CU-3: a tile without a monastic feature is not concerned");
            expect(check(module, s, "BA/Cl", {{1, 1}}).status == CK_NOTHING_TO_DO,
                   "CU-3: a monastery races no monastery");
            expect(check(module, s, "AB/Ga", {{1, 1}}).status == CK_NOTHING_TO_DO, "CU-3: a garden races nobody");
        }
        {
            kit::TestState s = base_state();
            s.place_tile("BA/Cl", kit::at(0, 0));
            s.place_tile("CU/S", kit::at(-1, -1));
            expect(check(module, s, "CU/S", {{1, 0}, {-2, 0}}).vetoed() == std::vector<uint32_t>{0},
                   "CU-3: no second shrine for the monastery; two spaces from it is free");
            expect(check(module, s, "BA/Cl", {{-2, -2}, {-1, 1}}).vetoed() == std::vector<uint32_t>{0},
                   "CU-3: no second monastery for the shrine; two spaces from it is free");
        }
        {
            // CU-11: the Halflings monastery on a triangle is a monastery like any.
            kit::TestState s = base_state();
            s.place_tile("HF/I-4", kit::at(0, 0, fb::Corner::NE));
            s.place_tile("BA/Cl", kit::at(2, 0));
            expect(check(module, s, "CU/S", {{1, 0}, {-1, 0}}).vetoed() == std::vector<uint32_t>{0},
                   "CU-11: HF/I-4 counts as a monastery next to a shrine");
        }
        // ------------------------------------------------ CU-4: the challenge
        {
            // Alice completes her shrine at (0,0); Bob's monastery at (1,1) is open.
            kit::TestState s = base_state();
            s.place_tile("CU/S", kit::at(0, 0));
            s.place_tile("BA/Cl", kit::at(1, 1));
            put_monk(s, kAlice, kit::at(0, 0));
            put_monk(s, kBob, kit::at(1, 1));
            fill(s, -1, -1, 1, 1);
            const kit::HookResult step = record(module, s, kAlice, kit::at(-1, -1));
            expect(step.ok() && !data_of(step).empty(), "CU-4: the completed, occupied shrine is recorded");
            // The host scores the shrine and sends Alice's monk home.
            s.game.figures.erase(s.game.figures.begin());
            const kit::HookResult end = module.call(kId, s, kit::turn_end(kAlice));
            expect(end.ok() && returns_at(end, kit::at(1, 1)) && end.count(fb::Effect::ReturnFigures) == 1,
                   "CU-4: Bob's monastery loses its figures");
            const auto points = end.effects<fb::AddPointsT>();
            expect(points.size() == 1 && points[0]->player == kBob && points[0]->points == 0 &&
                       points[0]->name == "monastery.challenged",
                   "CU-4: a 0-point entry monastery.challenged for Bob");
            const auto reasons = end.effects<fb::ReturnFiguresT>();
            expect(!reasons.empty() && reasons[0]->reason == "challenged by the shrine", "CU-4: the reason");
            expect(end.effects<fb::SetExpansionDataT>().size() == 1 && data_of(end).empty(),
                   "CU-4: the record is cleared");
        }
        {
            // CU-4, CU-7: a monastery completed with an abbot challenges a shrine
            // holding two figures (a big follower beside a follower); the entry
            // names the shrine.
            kit::TestState s = base_state();
            s.place_tile("BA/Cl", kit::at(0, 0));
            s.place_tile("CU/S", kit::at(-1, 0));
            put_monk(s, kAlice, kit::at(0, 0), "abbot");
            put_monk(s, kBob, kit::at(-1, 0), "big");
            put_monk(s, kAlice, kit::at(-1, 0));
            fill(s, -1, -1, 1, 1);
            record(module, s, kAlice, kit::at(1, 1));
            s.game.figures.erase(s.game.figures.begin());
            const kit::HookResult end = module.call(kId, s, kit::turn_end(kAlice));
            const auto points = end.effects<fb::AddPointsT>();
            expect(returns_at(end, kit::at(-1, 0)) && end.count(fb::Effect::ReturnFigures) == 1 && points.size() == 1 &&
                       points[0]->player == kBob && points[0]->name == "shrine.challenged",
                   "CU-7, CU-15: every figure of the shrine goes home (one effect), the entry to the first's owner");
        }
        {
            // CU-5: both completed in one turn: both score, nobody is challenged.
            kit::TestState s = base_state();
            s.place_tile("CU/S", kit::at(0, 0));
            s.place_tile("BA/Cl", kit::at(1, 0));
            put_monk(s, kAlice, kit::at(0, 0));
            put_monk(s, kBob, kit::at(1, 0));
            fill(s, -1, -1, 2, 1);
            const kit::HookResult step = record(module, s, kAlice, kit::at(2, 1));
            expect(!data_of(step).empty(), "CU-5: both are recorded");
            s.game.figures.clear();
            const kit::HookResult end = module.call(kId, s, kit::turn_end(kAlice));
            expect(end.count(fb::Effect::ReturnFigures) == 0 && end.count(fb::Effect::AddPoints) == 0,
                   "CU-5: no challenge");
        }
        {
            // CU-6: a completed shrine without a figure challenges nobody.
            kit::TestState s = base_state();
            s.place_tile("CU/S", kit::at(0, 0));
            s.place_tile("BA/Cl", kit::at(1, 1));
            put_monk(s, kBob, kit::at(1, 1));
            fill(s, -1, -1, 1, 1);
            const kit::HookResult step = module.call(kId, s, kit::figure_step_end(kAlice, kit::at(-1, -1)));
            expect(step.status == CK_NOTHING_TO_DO, "CU-6: an empty completed shrine is not recorded");
            expect(module.call(kId, s, kit::turn_end(kAlice)).status == CK_NOTHING_TO_DO,
                   "CU-6: no record, no challenge");
        }
        {
            // CU-6: an open rival without figures loses nothing; CU-11: a
            // garden next to the shrine is no rival.
            kit::TestState s = base_state();
            s.place_tile("CU/S", kit::at(0, 0));
            s.place_tile("BA/Cl", kit::at(1, 1));
            s.place_tile("AB/Ga", kit::at(-1, 1));
            s.place_figure(kBob, kit::at(-1, 1), loc::I, fb::FeatureKind::Garden);
            put_monk(s, kAlice, kit::at(0, 0));
            fill(s, -1, -1, 1, 1);
            record(module, s, kAlice, kit::at(1, -1));
            s.game.figures.erase(std::remove_if(s.game.figures.begin(), s.game.figures.end(),
                                                [](const fb::PlacedFigure& f) { return f.owner() == kAlice; }),
                                 s.game.figures.end());
            const kit::HookResult end = module.call(kId, s, kit::turn_end(kAlice));
            expect(end.count(fb::Effect::ReturnFigures) == 0 && end.count(fb::Effect::AddPoints) == 0 &&
                       end.count(fb::Effect::SetExpansionData) == 1,
                   "CU-6: an empty open monastery and a garden lose nothing; the record is cleared");
        }
        {
            // CU-12: a complete feature whose last space was filled earlier is
            // not this turn's: it kept no figure. A monastery completed by
            // the second triangle of a space (HF-30): the space was filled
            // already, so nothing around is new, and nothing is recorded.
            kit::TestState s = base_state();
            s.place_tile("CU/S", kit::at(0, 0));
            fill(s, -1, -1, 1, 1);
            put_monk(s, kBob, kit::at(3, 0));
            s.place_tile("BA/Cl", kit::at(3, 0));
            expect(module.call(kId, s, kit::figure_step_end(kAlice, kit::at(1, 0))).status == CK_NOTHING_TO_DO,
                   "CU-12: nothing recorded when no occupied feature is complete");
        }
        {
            // CU-11: a shrine completed next to Bob's HF/I-4 challenges it.
            kit::TestState s = base_state();
            s.place_tile("CU/S", kit::at(0, 0));
            s.place_tile("HF/I-4", kit::at(1, 1, fb::Corner::SW));
            put_monk(s, kAlice, kit::at(0, 0));
            put_monk(s, kBob, kit::at(1, 1, fb::Corner::SW));
            fill(s, -1, -1, 1, 1);
            record(module, s, kAlice, kit::at(-1, 0));
            s.game.figures.erase(s.game.figures.begin());
            const kit::HookResult end = module.call(kId, s, kit::turn_end(kAlice));
            expect(returns_at(end, kit::at(1, 1, fb::Corner::SW)), "CU-11: the Halflings monastery is challenged");
        }
        {
            // Bad input: a tile not on the board, data not of the module's form.
            kit::TestState s = base_state();
            s.place_tile("CU/S", kit::at(0, 0));
            const kit::HookResult r = module.call(kId, s, kit::figure_step_end(kAlice, kit::at(5, 5)));
            expect(r.status == CK_E_INTERNAL && r.error.find("not on the board") != std::string::npos,
                   "FIGURE_STEP_END for a tile not on the board is refused");
            set_data(s, {9, 9, 9});
            const kit::HookResult bad = module.call(kId, s, kit::turn_end(kAlice));
            expect(bad.status == CK_E_INTERNAL && bad.error.find("not a list of challengers") != std::string::npos,
                   "TURN_END with data not of the module's form is refused");
        }
    } catch (const std::exception& e) {
        std::printf("FAIL %s\n", e.what());
        return 1;
    }
    if (failures == 0) std::puts("cult.hook: all passed");
    return failures == 0 ? 0 : 1;
}
