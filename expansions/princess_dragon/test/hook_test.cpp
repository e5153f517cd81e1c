// The module's hooks on their own, through its C ABI as a host calls them,
// with the SDK's hook test kit: the manifest's declarations, the volcano
// (TILE_PLACED), the figure step's options and their application
// (FIGURE_OPTIONS, APPLY_FIGURE_ACTION), the fairy's points (TURN_START,
// BONUS_POINTS) and the dragon's movement (FIGURE_STEP_END,
// APPLY_MOVEMENT_STEP). Rule IDs of docs/expansions/princess-and-dragon.md.
//
// States and requests of schema revision 6 (1.3.0) that the kit has no
// helper for yet (neutral figures, tile marks, expansion data, the
// movement hooks' requests, FIGURE_OPTIONS with segment features, an
// option with a location) are built below with the kit's public members
// and the schemas' object API.
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

constexpr const char* kId = "cloisterkit.princess-and-dragon";
constexpr uint8_t kAlice = 0, kBob = 1, kCarol = 2;

int failures = 0;

void expect(bool ok, const char* what) {
    if (ok) return;
    std::printf("FAIL %s\n", what);
    ++failures;
}

bool same(const fb::TileRef& a, const fb::TileRef& b) {
    return a.x() == b.x() && a.y() == b.y() && a.corner() == b.corner();
}

bool same_targets(const std::vector<fb::MoveTarget>& got, const std::vector<fb::TileRef>& want) {
    if (got.size() != want.size()) return false;
    for (size_t i = 0; i < got.size(); ++i)
        if (!same(got[i].at(), want[i]) || got[i].location() != 0) return false;
    return true;
}

// ---- the state of schema revision 6 -----------------------------------

// The neutral figures the host lists for the enabled expansion, in its
// manifest's order: 0 the dragon, 1 the fairy.
constexpr uint8_t kDragon = 0, kFairy = 1;

void declare_neutral_figures(kit::TestState& s) {
    const auto& ids = s.setup.expansions;
    const auto expansion = static_cast<uint16_t>(std::find(ids.begin(), ids.end(), kId) - ids.begin());
    const std::pair<const char*, const char*> figures[] = {{"dragon", "the dragon"}, {"fairy", "the fairy"}};
    for (const auto& [name, label] : figures) {
        auto info = std::make_unique<fb::NeutralFigureInfoT>();
        info->name = name;
        info->expansion = expansion;
        info->label = label;
        s.setup.neutral_figures.push_back(std::move(info));
    }
}

// Puts neutral figure `figure` on the tile at `at` (location 0) or on its
// segment `location`, next to the figure numbered `next_to_number` (from
// 1; 0: next to nobody) of `next_to_owner`'s figures of kind `next_to_kind`.
void put_neutral_figure(kit::TestState& s, uint8_t figure, fb::TileRef at, uint32_t location = 0,
                        uint8_t next_to_owner = 0, uint8_t next_to_kind = 0, uint8_t next_to_number = 0) {
    auto& all = s.game.neutral_figures;
    all.erase(std::remove_if(all.begin(), all.end(),
                             [&](const fb::NeutralFigurePosition& p) { return p.figure() == figure; }),
              all.end());
    all.emplace_back(at, location, figure, next_to_owner, next_to_kind, next_to_number);
    std::sort(all.begin(), all.end(), [](const fb::NeutralFigurePosition& a, const fb::NeutralFigurePosition& b) {
        return a.figure() < b.figure();
    });
}

void take_off_board(kit::TestState& s, uint8_t figure) {
    auto& all = s.game.neutral_figures;
    all.erase(std::remove_if(all.begin(), all.end(),
                             [&](const fb::NeutralFigurePosition& p) { return p.figure() == figure; }),
              all.end());
}

// Tile marker `name` on tile type `type` (segment 255), or the segment
// attribute `name` on its segment `segment`, as the host lists them.
void mark(kit::TestState& s, uint16_t type, const std::string& name, uint8_t segment = 255) {
    auto& names = s.setup.mark_names;
    auto it = std::find(names.begin(), names.end(), name);
    if (it == names.end()) it = names.insert(names.end(), name);
    s.setup.tile_marks.emplace_back(type, segment, static_cast<uint8_t>(it - names.begin()));
    std::stable_sort(s.setup.tile_marks.begin(), s.setup.tile_marks.end(),
                     [](const fb::TileMark& a, const fb::TileMark& b) { return a.tile_type() < b.tile_type(); });
}

// The expansion's data in the state (what its last SetExpansionData said).
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

// ---- requests of schema revision 6 ------------------------------------

fb::HookRequestT figure_options_request(uint8_t player, fb::TileRef tile, std::vector<uint32_t> segment_features) {
    fb::FigureOptionsArgsT a;
    a.player = player;
    a.tile = std::make_unique<fb::TileRef>(tile);
    a.segment_features = std::move(segment_features);
    return kit::hook_request(CK_HOOK_FIGURE_OPTIONS, std::move(a));
}

fb::HookRequestT apply_option_request(uint8_t player, const std::string& action, fb::TileRef at, uint32_t location,
                                      const std::string& neutral_figure = {}, const std::string& return_source = {}) {
    fb::ApplyFigureActionArgsT a;
    a.player = player;
    a.option = std::make_unique<fb::FigureOptionT>();
    a.option->action = action;
    a.option->at = std::make_unique<fb::TileRef>(at);
    a.option->location = location;
    a.option->neutral_figure = neutral_figure;
    a.option->return_source = return_source;
    return kit::hook_request(CK_HOOK_APPLY_FIGURE_ACTION, std::move(a));
}

fb::HookRequestT turn_start_request(uint8_t player) {
    fb::TurnStartArgsT a;
    a.player = player;
    return kit::hook_request(CK_HOOK_TURN_START, std::move(a));
}

fb::HookRequestT figure_step_end_request(uint8_t player, fb::TileRef tile) {
    fb::FigureStepEndArgsT a;
    a.player = player;
    a.tile = std::make_unique<fb::TileRef>(tile);
    return kit::hook_request(CK_HOOK_FIGURE_STEP_END, std::move(a));
}

fb::HookRequestT movement_step_request(uint8_t player, const std::string& figure, uint32_t step, fb::TileRef target) {
    fb::MovementStepArgsT a;
    a.player = player;
    a.figure = figure;
    a.step = step;
    a.target = std::make_unique<fb::MoveTarget>(target, 0u);
    return kit::hook_request(CK_HOOK_APPLY_MOVEMENT_STEP, std::move(a));
}

// ---- reading responses ------------------------------------------------

std::vector<uint8_t> data_of(const kit::HookResult& r) {
    const auto all = r.effects<fb::SetExpansionDataT>();
    return all.empty() ? std::vector<uint8_t>() : all.back()->data;
}

const fb::OfferMovementT* movement_of(const kit::HookResult& r) {
    const auto all = r.effects<fb::OfferMovementT>();
    return all.size() == 1 ? all.front() : nullptr;
}

// ---- states -----------------------------------------------------------

fb::TileSegmentInfo seg(fb::FeatureKind kind, uint32_t location) { return fb::TileSegmentInfo(location, 0, kind, 0); }

kit::TestState base_state(int players = 3) {
    kit::TestState s;
    const char* names[] = {"Alice", "Bob", "Carol", "Dave"};
    for (int p = 0; p < players; ++p) s.add_player(names[p]);
    s.enable_expansion(kId);
    declare_neutral_figures(s);
    return s;
}

}  // namespace

int main() {
    try {
        const kit::Module module(CK_MODULE_FILE);

        // ---------------------------------------------------------- manifest
        {
            const fb::ExpansionManifestT m = module.manifest(kId);
            expect(m.name == "The Princess & the Dragon" && m.version == "1.1.0", "name and version");
            const uint64_t hooks = CK_HOOK_BIT(CK_HOOK_TILE_PLACED) | CK_HOOK_BIT(CK_HOOK_FIGURE_OPTIONS) |
                                   CK_HOOK_BIT(CK_HOOK_APPLY_FIGURE_ACTION) | CK_HOOK_BIT(CK_HOOK_BONUS_POINTS) |
                                   CK_HOOK_BIT(CK_HOOK_TURN_START) | CK_HOOK_BIT(CK_HOOK_FIGURE_STEP_END) |
                                   CK_HOOK_BIT(CK_HOOK_APPLY_MOVEMENT_STEP);
            expect(m.hooks == hooks, "the seven hooks, no other");
            expect(m.neutral_figures.size() == 2 && m.neutral_figures[0]->name == "dragon" &&
                       m.neutral_figures[0]->label == "the dragon" && m.neutral_figures[0]->jcz_id == "dragon.1" &&
                       m.neutral_figures[1]->name == "fairy" && m.neutral_figures[1]->label == "the fairy" &&
                       m.neutral_figures[1]->jcz_id == "fairy.1",
                   "PD-17: neutral figures dragon (dragon.1) and fairy (fairy.1)");
            std::vector<std::string> markers;
            for (const auto& t : m.tile_markers) markers.push_back(t->name);
            expect(markers == std::vector<std::string>{"volcano", "dragon", "portal"},
                   "PD-1, PD-4, PD-7: tile markers volcano, dragon, portal");
            expect(m.segment_attributes.size() == 1 && m.segment_attributes[0]->kind == fb::FeatureKind::City &&
                       m.segment_attributes[0]->name == "princess",
                   "PD-8: the segment attribute princess on cities");
            expect(m.held_back_tiles.size() == 1 && m.held_back_tiles[0]->held == "dragon" &&
                       m.held_back_tiles[0]->until_placed == "volcano" &&
                       m.held_back_tiles[0]->rule_key == "princessAndDragon.dragon",
                   "PD-2: dragon tiles held back until a volcano, while the dragon plays (PD-18)");
            expect(m.deck_tile_sets.size() == 2 && m.deck_tile_sets[0]->tile_set == "princess-and-dragon:1" &&
                       m.deck_tile_sets[0]->without_expansion == "cloisterkit.abbot" &&
                       m.deck_tile_sets[0]->with_expansion.empty() &&
                       m.deck_tile_sets[1]->tile_set == "princess-and-dragon:2" &&
                       m.deck_tile_sets[1]->with_expansion == "cloisterkit.abbot" &&
                       m.deck_tile_sets[1]->without_expansion.empty(),
                   "PD-16: edition 1 without the abbot, edition 2 with it");
            expect(m.jcz_element.empty() && m.jcz_extra_elements.empty(), "PD-17: no element of the expansion's name");
            // PD-18: an option per JCloisterZone element, on by default,
            // then JCloisterZone's three rules, each with its default as the
            // only value.
            expect(m.rule_options.size() == 7 && m.jcz_rule_aliases.size() == 3, "four elements and three rules");
            const char* elements[] = {"dragon", "fairy", "princess", "portal"};
            for (size_t e = 0; e < 4 && e < m.rule_options.size(); ++e) {
                const auto& o = *m.rule_options[e];
                expect(o.key == "princessAndDragon." + std::string(elements[e]) && o.jcz_element == elements[e] &&
                           o.default_value == "true" && o.value_type == fb::RuleValueType::Boolean,
                       elements[e]);
            }
            for (size_t r = 4; r < m.rule_options.size(); ++r)
                expect(m.rule_options[r]->allowed == std::vector<std::string>{m.rule_options[r]->default_value},
                       m.rule_options[r]->key.c_str());
            const std::string& xml = m.tile_definitions_xml;
            size_t tiles = 0;
            for (size_t at = xml.find("<tile id="); at != std::string::npos; at = xml.find("<tile id=", at + 1)) ++tiles;
            expect(tiles == 31, "PD-16: the tile file defines 31 tile types (29 per edition, 2 of them garden variants)");
            expect(xml.find("princess-and-dragon:1") != std::string::npos &&
                       xml.find("princess-and-dragon:2") != std::string::npos,
                   "PD-16: the tile file has both editions");
        }

        // ---------------------------------------------------------- PD-1: volcano
        {
            kit::TestState s = base_state();
            const uint16_t volcano = s.tile_type("DG/F.v", {seg(fb::FeatureKind::Field, 0xFFu)});
            const uint16_t dragon_tile = s.tile_type("DG/RFr.d", {seg(fb::FeatureKind::Road, loc::W | loc::E)});
            mark(s, volcano, "volcano");
            mark(s, dragon_tile, "dragon");
            s.place_tile("DG/RFr.d", kit::at(0, 0));
            s.place_tile("DG/F.v", kit::at(1, 0));
            const kit::HookResult r =
                module.call(kId, s, kit::tile_placed(kBob, fb::Placement(kit::at(1, 0), 0, volcano), volcano));
            const auto moves = r.effects<fb::MoveNeutralFigureT>();
            expect(r.ok() && moves.size() == 1 && moves[0]->figure == "dragon" && same(*moves[0]->at, kit::at(1, 0)) &&
                       moves[0]->location == 0,
                   "PD-1: a volcano calls the dragon onto it");
            expect(r.count(fb::Effect::ReturnFigures) == 0, "PD-1: the dragon eats nothing at the volcano");
            put_neutral_figure(s, kDragon, kit::at(0, 0));
            const kit::HookResult again =
                module.call(kId, s, kit::tile_placed(kBob, fb::Placement(kit::at(1, 0), 0, volcano), volcano));
            expect(again.count(fb::Effect::MoveNeutralFigure) == 1, "PD-1: a second volcano calls the dragon from where it is");
            const kit::HookResult other =
                module.call(kId, s, kit::tile_placed(kBob, fb::Placement(kit::at(0, 0), 0, dragon_tile), dragon_tile));
            expect(other.status == CK_NOTHING_TO_DO, "PD-1: any other tile: nothing");
        }

        // ---------------------------------------------------------- FIGURE_OPTIONS
        // Alice (0) has just placed a princess tile at (1,0) whose city
        // (segment 0, feature 7) joins the city of (0,0) and (2,0).
        const auto options_state = [&]() {
            kit::TestState s = base_state();
            const uint16_t princess = s.tile_type(
                "DG/Ccc.p", {seg(fb::FeatureKind::City, loc::N | loc::E | loc::W), seg(fb::FeatureKind::Field, loc::SL | loc::SR)});
            s.tile_type("BA/Cc", {seg(fb::FeatureKind::City, loc::N | loc::W), seg(fb::FeatureKind::Field, loc::SL | loc::SR | loc::EL | loc::ER)});
            s.tile_type("BA/RFr", {seg(fb::FeatureKind::Road, loc::W | loc::E)});
            s.tile_type("HF/T", {seg(fb::FeatureKind::Road, loc::N | loc::E)}, fb::TileShape::Triangle);
            mark(s, princess, "princess", 0);
            s.place_tile("BA/Cc", kit::at(0, 0), 1);  // its city on N and E
            s.place_tile("DG/Ccc.p", kit::at(1, 0));
            s.place_tile("BA/Cc", kit::at(2, 0));     // its city on N and W
            s.place_tile("BA/RFr", kit::at(1, 1));
            s.place_tile("BA/RFr", kit::at(5, 5));
            s.place_tile("HF/T", kit::at(3, 3, fb::Corner::NE), 0);
            s.place_tile("HF/T", kit::at(3, 3, fb::Corner::SW), 2);
            s.place_figure(kBob, kit::at(0, 0), loc::N | loc::E, fb::FeatureKind::City, "small", 7);
            s.place_figure(kAlice, kit::at(2, 0), loc::W | loc::N, fb::FeatureKind::City, "small", 7);
            s.place_figure(kCarol, kit::at(1, 1), loc::W | loc::E, fb::FeatureKind::Road, "small", 3);
            s.place_figure(kAlice, kit::at(5, 5), loc::W | loc::E, fb::FeatureKind::Road, "small", 9);
            s.set_turn(12, kAlice);
            return s;
        };
        {
            kit::TestState s = options_state();
            // The fairy next to Alice's follower at (5,5) (her 2nd small follower).
            put_neutral_figure(s, kFairy, kit::at(5, 5), loc::W | loc::E, kAlice, 0, 2);
            // The dragon on the NE triangle of (3,3), whose SW triangle is placed too.
            put_neutral_figure(s, kDragon, kit::at(3, 3, fb::Corner::NE));
            const kit::HookResult r = module.call(kId, s, figure_options_request(kAlice, kit::at(1, 0), {7, 8}));
            expect(r.ok(), "FIGURE_OPTIONS answers");

            const auto forbidden = r.effects<fb::ForbidFigurePlacementT>();
            expect(forbidden.size() == 2 && same(*forbidden[0]->at, kit::at(3, 3, fb::Corner::NE)) &&
                       same(*forbidden[1]->at, kit::at(3, 3, fb::Corner::SW)) &&
                       forbidden[0]->reason == "the dragon is there",
                   "PD-3, PD-13: no figure on the dragon's triangle nor on the other triangle of its space");
            expect(r.count(fb::Effect::OfferFigurePlacements) == 0, "PD-7: no portal, no placements elsewhere");

            std::vector<const fb::FigureOptionT*> fairy, princess;
            for (const auto* o : r.effects<fb::OfferFigureOptionT>())
                (o->option->action == "move-fairy" ? fairy : princess).push_back(o->option.get());
            expect(fairy.size() == 1 && same(*fairy[0]->at, kit::at(2, 0)) && fairy[0]->location == (loc::W | loc::N) &&
                       fairy[0]->neutral_figure == "fairy" && fairy[0]->return_source.empty() &&
                       fairy[0]->label == "move the fairy next to small at (2,0)",
                   "PD-9: the fairy may move next to each of the player's followers but the one it is next to");
            expect(princess.size() == 2 && princess[0]->action == "princess" &&
                       same(*princess[0]->at, kit::at(0, 0)) && princess[0]->location == (loc::N | loc::E) &&
                       princess[0]->return_source == "PRINCESS" && princess[0]->neutral_figure.empty() &&
                       princess[0]->label == "the princess sends Bob's follower home" &&
                       same(*princess[1]->at, kit::at(2, 0)) &&
                       princess[1]->label == "the princess sends Alice's follower home",
                   "PD-8: the princess may send home any follower of her city, the player's own included, "
                   "none elsewhere (Carol's road)");

            // PD-12: a fairy next to nobody excludes no follower.
            put_neutral_figure(s, kFairy, kit::at(5, 5), loc::W | loc::E, 0, 0, 0);
            const kit::HookResult detached = module.call(kId, s, figure_options_request(kAlice, kit::at(1, 0), {7, 8}));
            int moves = 0;
            for (const auto* o : detached.effects<fb::OfferFigureOptionT>()) moves += o->option->action == "move-fairy";
            expect(moves == 2, "PD-12: a fairy next to nobody: every follower of the player may have it");

            // Bob: his one follower; the princess's options are the same.
            take_off_board(s, kFairy);
            const kit::HookResult bob = module.call(kId, s, figure_options_request(kBob, kit::at(1, 0), {7, 8}));
            int bobs = 0, returns = 0;
            for (const auto* o : bob.effects<fb::OfferFigureOptionT>()) {
                bobs += o->option->action == "move-fairy" && same(*o->option->at, kit::at(0, 0));
                returns += o->option->action == "princess";
            }
            expect(bobs == 1 && returns == 2, "PD-9: the fairy off the board goes next to any follower");

            // Without segment features the princess cannot be played: a clear error.
            const kit::HookResult missing = module.call(kId, s, figure_options_request(kAlice, kit::at(1, 0), {}));
            expect(!missing.ok() && missing.error.find("segment") != std::string::npos,
                   "PD-8: a host that sends no segment features is told so");
        }
        {
            // PD-8: two princess segments of one city offer each figure once.
            kit::TestState s = base_state();
            const uint16_t two = s.tile_type(
                "TEST/CC.pp", {seg(fb::FeatureKind::City, loc::N), seg(fb::FeatureKind::City, loc::S),
                               seg(fb::FeatureKind::Field, loc::EL | loc::ER | loc::WL | loc::WR)});
            mark(s, two, "princess", 0);
            mark(s, two, "princess", 1);
            s.place_tile("TEST/CC.pp", kit::at(0, 0));
            s.place_tile("TEST/CC.pp", kit::at(0, 1));
            s.place_figure(kBob, kit::at(0, 1), loc::S, fb::FeatureKind::City, "small", 4);
            const kit::HookResult r = module.call(kId, s, figure_options_request(kAlice, kit::at(0, 0), {4, 4, 5}));
            expect(r.count(fb::Effect::OfferFigureOption) == 1, "PD-8: one option per figure of the city");
            expect(module.call(kId, s, figure_options_request(kAlice, kit::at(0, 0), {2, 3, 5})).status ==
                       CK_NOTHING_TO_DO,
                   "PD-8: a princess city without figures: nothing to offer");
        }
        {
            // PD-7: from a magic portal, every other tile of the board; the
            // dragon's tile stays forbidden (PD-3).
            kit::TestState s = base_state();
            const uint16_t portal = s.tile_type("DG/RrRr.g", {seg(fb::FeatureKind::Road, loc::N | loc::W),
                                                              seg(fb::FeatureKind::Road, loc::S | loc::E)});
            mark(s, portal, "portal");
            s.tile_type("BA/RFr", {seg(fb::FeatureKind::Road, loc::W | loc::E)});
            s.place_tile("BA/RFr", kit::at(0, 0));
            s.place_tile("BA/RFr", kit::at(-1, 0));
            s.place_tile("DG/RrRr.g", kit::at(1, 0));
            s.place_tile("BA/RFr", kit::at(1, 1));
            put_neutral_figure(s, kDragon, kit::at(-1, 0));
            const kit::HookResult r = module.call(kId, s, figure_options_request(kCarol, kit::at(1, 0), {1, 2}));
            const auto placements = r.effects<fb::OfferFigurePlacementsT>();
            expect(placements.size() == 1 && placements[0]->tiles.size() == 3 &&
                       same(placements[0]->tiles[0], kit::at(0, 0)) && same(placements[0]->tiles[1], kit::at(-1, 0)) &&
                       same(placements[0]->tiles[2], kit::at(1, 1)) && placements[0]->reason == "magic portal",
                   "PD-7: a magic portal opens every other tile to the player's figures");
            expect(r.count(fb::Effect::ForbidFigurePlacement) == 1, "PD-3: the dragon's tile stays forbidden");
            const kit::HookResult plain = module.call(kId, s, figure_options_request(kCarol, kit::at(1, 1), {1}));
            expect(plain.count(fb::Effect::OfferFigurePlacements) == 0, "PD-7: any other tile opens nothing");
        }

        // ---------------------------------------------------------- APPLY_FIGURE_ACTION
        {
            kit::TestState s = options_state();
            const kit::HookResult fairy =
                module.call(kId, s, apply_option_request(kAlice, "move-fairy", kit::at(2, 0), loc::W | loc::N, "fairy"));
            const auto moves = fairy.effects<fb::MoveNeutralFigureT>();
            expect(fairy.ok() && moves.size() == 1 && moves[0]->figure == "fairy" && same(*moves[0]->at, kit::at(2, 0)) &&
                       moves[0]->location == (loc::W | loc::N) && fairy.response.effects.size() == 1,
                   "PD-9: moving the fairy next to the follower chosen");
            const kit::HookResult princess = module.call(
                kId, s, apply_option_request(kAlice, "princess", kit::at(0, 0), loc::N | loc::E, {}, "PRINCESS"));
            const auto returns = princess.effects<fb::ReturnFiguresT>();
            expect(princess.ok() && returns.size() == 1 && same(*returns[0]->at, kit::at(0, 0)) &&
                       returns[0]->location == (loc::N | loc::E) && princess.response.effects.size() == 1,
                   "PD-8: the princess sends that follower home (no points)");
            expect(!module.call(kId, s, apply_option_request(kAlice, "move-fairy", kit::at(0, 0), loc::N | loc::E, "fairy"))
                        .ok(),
                   "PD-9: the fairy never goes next to another player's follower");
            expect(!module.call(kId, s, apply_option_request(kAlice, "princess", kit::at(1, 0), loc::N | loc::E | loc::W))
                        .ok(),
                   "PD-8: the princess cannot send home a follower who is not there");
            expect(!module.call(kId, s, apply_option_request(kAlice, "dance", kit::at(2, 0), loc::W | loc::N)).ok(),
                   "an action the expansion never offers is refused");
        }

        // ---------------------------------------------------------- PD-10: 1 point at the start of a turn
        {
            kit::TestState s = options_state();
            expect(module.call(kId, s, turn_start_request(kAlice)).status == CK_NOTHING_TO_DO,
                   "PD-10: no fairy on the board: no point");
            put_neutral_figure(s, kFairy, kit::at(2, 0), loc::W | loc::N, kAlice, 0, 1);
            const kit::HookResult r = module.call(kId, s, turn_start_request(kAlice));
            const auto points = r.effects<fb::AddPointsT>();
            expect(points.size() == 1 && points[0]->player == kAlice && points[0]->points == 1 &&
                       points[0]->name == "fairy.turn",
                   "PD-10: Alice, whose follower has the fairy, scores 1 at the start of her turn");
            expect(module.call(kId, s, turn_start_request(kBob)).status == CK_NOTHING_TO_DO,
                   "PD-10: nothing at the start of another player's turn");
            put_neutral_figure(s, kFairy, kit::at(2, 0), loc::W | loc::N, kAlice, 0, 0);
            expect(module.call(kId, s, turn_start_request(kAlice)).status == CK_NOTHING_TO_DO,
                   "PD-12: a fairy next to nobody gives no point");
        }

        // ---------------------------------------------------------- PD-11: 3 points when the feature is scored
        {
            kit::TestState s = options_state();
            put_neutral_figure(s, kFairy, kit::at(2, 0), loc::W | loc::N, kAlice, 0, 1);
            fb::ScoredFeatureT city = kit::feature(fb::FeatureKind::City, {kit::at(0, 0), kit::at(1, 0), kit::at(2, 0)}, true, 8);
            city.id = 7;
            city.scorers.push_back(kBob);  // say Bob has the majority
            const kit::HookResult r = module.call(kId, s, kit::bonus_points(city));
            const auto points = r.effects<fb::AddPointsT>();
            expect(points.size() == 1 && points[0]->player == kAlice && points[0]->points == 3 &&
                       points[0]->name == "fairy.completed" && r.points_for(kBob) == 0 && r.feature_points() == 0,
                   "PD-11: 3 to the fairy's follower's owner, without the majority");
            fb::ScoredFeatureT unfinished = city;
            unfinished.completed = false;
            unfinished.final_scoring = true;
            unfinished.points = unfinished.base_points = 3;
            expect(module.call(kId, s, kit::bonus_points(unfinished)).points_for(kAlice) == 3,
                   "PD-11: at the final scoring too");
            fb::ScoredFeatureT road = kit::feature(fb::FeatureKind::Road, {kit::at(5, 5)}, true, 1);
            road.id = 9;
            road.scorers.push_back(kAlice);
            expect(module.call(kId, s, kit::bonus_points(road)).status == CK_NOTHING_TO_DO,
                   "PD-11: another feature of the same player: nothing");
            put_neutral_figure(s, kFairy, kit::at(2, 0), loc::W | loc::N, kAlice, 0, 0);
            expect(module.call(kId, s, kit::bonus_points(city)).status == CK_NOTHING_TO_DO,
                   "PD-12: a fairy next to nobody gives no bonus");
        }

        // ---------------------------------------------------------- PD-4, PD-5, PD-6, PD-13, PD-14: the dragon
        // Bob (1) has just placed a dragon tile at (1,0); the dragon is at
        // (0,0); the fairy is at (0,-1), next to Alice's follower; west of
        // the dragon a space with two triangles (Carol's follower on NW,
        // Alice's on SE); south a half-filled space (SW); (-1,1) empty of
        // figures.
        const auto dragon_state = [&]() {
            kit::TestState s = base_state();
            const uint16_t dragon_tile = s.tile_type("DG/Rr.d", {seg(fb::FeatureKind::Road, loc::W | loc::S)});
            s.tile_type("BA/RFr", {seg(fb::FeatureKind::Road, loc::W | loc::E)});
            s.tile_type("HF/T", {seg(fb::FeatureKind::Road, loc::N | loc::E)}, fb::TileShape::Triangle);
            mark(s, dragon_tile, "dragon");
            s.place_tile("BA/RFr", kit::at(0, 0));
            s.place_tile("DG/Rr.d", kit::at(1, 0));
            s.place_tile("BA/RFr", kit::at(0, -1));
            s.place_tile("HF/T", kit::at(0, 1, fb::Corner::SW), 2);
            s.place_tile("HF/T", kit::at(-1, 0, fb::Corner::NW), 3);
            s.place_tile("HF/T", kit::at(-1, 0, fb::Corner::SE), 1);
            s.place_tile("BA/RFr", kit::at(-1, 1));
            s.place_figure(kAlice, kit::at(0, -1), loc::W | loc::E, fb::FeatureKind::Road, "small", 1);
            s.place_figure(kCarol, kit::at(-1, 0, fb::Corner::NW), loc::W | loc::N, fb::FeatureKind::Road, "small", 2);
            s.place_figure(kAlice, kit::at(-1, 0, fb::Corner::SE), loc::E | loc::S, fb::FeatureKind::Road, "small", 3);
            s.place_figure(kBob, kit::at(1, 0), loc::W | loc::S, fb::FeatureKind::Road, "small", 4);
            put_neutral_figure(s, kDragon, kit::at(0, 0));
            put_neutral_figure(s, kFairy, kit::at(0, -1), loc::W | loc::E, kAlice, 0, 1);
            s.set_turn(20, kBob, fb::Phase::ActionPhase);
            return s;
        };
        {
            kit::TestState s = dragon_state();
            const kit::HookResult open = module.call(kId, s, figure_step_end_request(kBob, kit::at(1, 0)));
            const fb::OfferMovementT* first = movement_of(open);
            expect(open.ok() && first != nullptr && first->figure == "dragon" && first->player == kBob &&
                       first->label == "move the dragon (step 1 of 6)",
                   "PD-4: a dragon tile opens the dragon's movement, its first step the turn player's");
            expect(first != nullptr && same_targets(first->targets, {kit::at(1, 0), kit::at(0, 1, fb::Corner::SW),
                                                                     kit::at(-1, 0, fb::Corner::SE)}),
                   "PD-6, PD-13: east, south (a half-filled space), west (two triangles: the SE one); not north, "
                   "the fairy's space");
            expect(!data_of(open).empty(), "PD-4: the movement is kept in the expansion's data");

            // Step 1, Bob: west, onto the space with two triangles.
            set_data(s, data_of(open));
            const kit::HookResult step1 =
                module.call(kId, s, movement_step_request(kBob, "dragon", 1, kit::at(-1, 0, fb::Corner::SE)));
            const auto moved = step1.effects<fb::MoveNeutralFigureT>();
            expect(step1.ok() && moved.size() == 1 && moved[0]->figure == "dragon" &&
                       same(*moved[0]->at, kit::at(-1, 0, fb::Corner::SE)) && moved[0]->location == 0,
                   "PD-4: the dragon moves to the target chosen");
            const auto eaten = step1.effects<fb::ReturnFiguresT>();
            expect(eaten.size() == 2 && same(*eaten[0]->at, kit::at(-1, 0, fb::Corner::NW)) &&
                       same(*eaten[1]->at, kit::at(-1, 0, fb::Corner::SE)) && eaten[0]->location == 0 &&
                       eaten[0]->reason == "eaten by the dragon",
                   "PD-5, PD-13: it eats the figures on both triangles of its space");
            const fb::OfferMovementT* second = movement_of(step1);
            expect(second != nullptr && second->player == kCarol && second->label == "move the dragon (step 2 of 6)" &&
                       same_targets(second->targets, {kit::at(-1, 1)}),
                   "PD-4, PD-6: the next player chooses the next step; not back east, where it came from");

            // The wrong player, an unoffered target, the wrong step, no movement: refused.
            expect(!module.call(kId, s, movement_step_request(kCarol, "dragon", 1, kit::at(1, 0))).ok(),
                   "PD-4: only the player whose step it is chooses it");
            expect(!module.call(kId, s, movement_step_request(kBob, "dragon", 1, kit::at(0, -1))).ok(),
                   "PD-6: never into the fairy's space");
            expect(!module.call(kId, s, movement_step_request(kBob, "dragon", 2, kit::at(1, 0))).ok(),
                   "the step number must be the movement's");
            expect(!module.call(kId, s, movement_step_request(kBob, "fairy", 1, kit::at(1, 0))).ok(),
                   "the fairy never moves by steps");
            {
                kit::TestState none = dragon_state();
                expect(!module.call(kId, none, movement_step_request(kBob, "dragon", 1, kit::at(1, 0))).ok(),
                       "no movement in progress: refused");
            }

            // Step 2, Carol: south, onto a square with no figure.
            put_neutral_figure(s, kDragon, kit::at(-1, 0, fb::Corner::SE));
            s.game.figures.erase(std::remove_if(s.game.figures.begin(), s.game.figures.end(),
                                                [](const fb::PlacedFigure& f) { return f.at().x() == -1; }),
                                 s.game.figures.end());
            set_data(s, data_of(step1));
            const kit::HookResult step2 = module.call(kId, s, movement_step_request(kCarol, "dragon", 2, kit::at(-1, 1)));
            const fb::OfferMovementT* third = movement_of(step2);
            expect(step2.ok() && step2.count(fb::Effect::ReturnFigures) == 0,
                   "PD-5: a space without figures: nothing eaten");
            expect(third != nullptr && third->player == kAlice && third->label == "move the dragon (step 3 of 6)" &&
                       same_targets(third->targets, {kit::at(0, 1, fb::Corner::SW)}),
                   "PD-4, PD-13: the third player; east into a half-filled space across its gap");

            // Step 3, Alice: nowhere left to go from (0,1): the movement ends.
            put_neutral_figure(s, kDragon, kit::at(-1, 1));
            set_data(s, data_of(step2));
            const kit::HookResult step3 =
                module.call(kId, s, movement_step_request(kAlice, "dragon", 3, kit::at(0, 1, fb::Corner::SW)));
            const auto cleared = step3.effects<fb::SetExpansionDataT>();
            expect(step3.ok() && step3.count(fb::Effect::OfferMovement) == 0 && cleared.size() == 1 &&
                       cleared[0]->data.empty(),
                   "PD-6: blocked by its own path, the movement ends early and its data is cleared");
        }
        {
            // PD-4: six steps at most, the players in turn (2 players, Bob first).
            kit::TestState s = base_state(2);
            const uint16_t dragon_tile = s.tile_type("DG/Rr.d", {seg(fb::FeatureKind::Road, loc::W | loc::S)});
            mark(s, dragon_tile, "dragon");
            for (int x = 0; x <= 7; ++x) s.place_tile("BA/RFr", kit::at(x, 0));
            s.place_tile("DG/Rr.d", kit::at(0, -1));
            put_neutral_figure(s, kDragon, kit::at(0, 0));
            kit::HookResult r = module.call(kId, s, figure_step_end_request(kBob, kit::at(0, -1)));
            const fb::OfferMovementT* offer = movement_of(r);
            expect(offer != nullptr && same_targets(offer->targets, {kit::at(0, -1), kit::at(1, 0)}),
                   "PD-4: the dragon may step onto the dragon tile just placed");
            std::vector<int> choosers;
            for (uint32_t step = 1; step <= 6 && offer != nullptr; ++step) {
                choosers.push_back(offer->player);
                const uint8_t chooser = offer->player;
                set_data(s, data_of(r));
                put_neutral_figure(s, kDragon, kit::at(static_cast<int>(step) - 1, 0));
                r = module.call(kId, s, movement_step_request(chooser, "dragon", step, kit::at(static_cast<int>(step), 0)));
                expect(r.ok(), "PD-4: each step is accepted");
                offer = movement_of(r);
                if (step < 6)
                    expect(offer != nullptr && same_targets(offer->targets, {kit::at(static_cast<int>(step) + 1, 0)}) &&
                               offer->label == "move the dragon (step " + std::to_string(step + 1) + " of 6)",
                           "PD-4: the next step along the row");
            }
            expect(choosers == std::vector<int>{kBob, kAlice, kBob, kAlice, kBob, kAlice},
                   "PD-4: Bob, Alice, Bob, Alice, Bob, Alice");
            expect(offer == nullptr && r.effects<fb::SetExpansionDataT>().size() == 1 && data_of(r).empty(),
                   "PD-4: after the sixth step the movement ends, although (7,0) is free");
        }
        {
            // PD-4: nothing without the dragon on the board or without a dragon tile.
            kit::TestState s = dragon_state();
            expect(module.call(kId, s, figure_step_end_request(kBob, kit::at(0, 0))).status == CK_NOTHING_TO_DO,
                   "PD-4: a tile without the dragon marker moves nothing");
            take_off_board(s, kDragon);
            expect(module.call(kId, s, figure_step_end_request(kBob, kit::at(1, 0))).status == CK_NOTHING_TO_DO,
                   "PD-4: no volcano yet: the dragon tile moves nothing");
        }
        {
            // PD-6: surrounded by the fairy and empty spaces, the dragon does not move at all.
            kit::TestState s = dragon_state();
            put_neutral_figure(s, kDragon, kit::at(0, -1));
            put_neutral_figure(s, kFairy, kit::at(0, 0), loc::W | loc::E);
            expect(module.call(kId, s, figure_step_end_request(kBob, kit::at(1, 0))).status == CK_NOTHING_TO_DO,
                   "PD-6: no target: no movement, no data");
        }
    } catch (const std::exception& e) {
        std::printf("FAIL %s\n", e.what());
        return 1;
    }
    if (failures == 0) std::puts("princess_dragon.hook: all passed");
    return failures == 0 ? 0 : 1;
}
