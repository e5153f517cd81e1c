// The module's hooks on their own, through its C ABI as a host calls them,
// with the SDK's hook test kit: the manifest (the start tile of WR-1),
// GAME_START taking the start tile's rose as the reference (WR-2) and
// TILE_PLACED moving it or scoring a small rose (WR-3 to WR-6).
#include <cloisterkit/sdk/testing.hpp>

#include <cstdio>
#include <string>
#include <vector>

namespace {

namespace fb = ck::fb;
namespace kit = ck::sdk::testing;

int failures = 0;

void expect(bool ok, const std::string& what) {
    if (ok) return;
    std::printf("FAIL %s\n", what.c_str());
    ++failures;
}

constexpr const char* kId = "cloisterkit.wind-roses";

// The data the module keeps after a call, or "" when it sets none.
std::string kept(const kit::HookResult& r) {
    const auto sets = r.effects<fb::SetExpansionDataT>();
    return sets.empty() ? std::string() : std::string(sets.back()->data.begin(), sets.back()->data.end());
}

// A state whose module data is `data` (what an earlier call kept).
void with_data(kit::TestState& s, const std::string& data) {
    s.game.expansion_data.clear();
    auto d = std::make_unique<fb::ExpansionDataT>();
    d->expansion = 0;
    d->data.assign(data.begin(), data.end());
    s.game.expansion_data.push_back(std::move(d));
}

// The expansion's six tiles with the rose their <tile> element names, as
// the host sends them (GameSetup.tile_values).
void roses(kit::TestState& s) {
    for (const auto& [id, rose] : std::vector<std::pair<std::string, std::string>>{
             {"WR/Cc.1", "NE"}, {"WR/CC.2", "SE"}, {"WR/CFc", "NW"}, {"WR/CFR", "NWSE"}, {"WR/Rr", "NWSE"},
             {"WR/RrC", "SW"}})
        s.set_tile_value(id, "tile", "wind-rose", rose);
}

// TILE_PLACED for a tile of type `id` laid by `player` at (x, y).
fb::HookRequestT placed(kit::TestState& s, uint8_t player, const std::string& id, int x, int y, int rotation) {
    const uint16_t type = s.tile_type(id);
    return kit::tile_placed(player, fb::Placement(kit::at(x, y), static_cast<uint8_t>(rotation), type), type);
}

}  // namespace

int main() {
    try {
        const kit::Module module(CK_MODULE_FILE);

        // The manifest: the tile set, the start tile, JCloisterZone's element, two hooks.
        const fb::ExpansionManifestT m = module.manifest(kId);
        expect(m.deck_tile_sets.size() == 1 && m.deck_tile_sets[0]->tile_set == "wind-roses" &&
                   m.deck_tile_sets[0]->enabled_by_save,
               "WR-1, WR-7: deck tile set, which enables the module in a client's save");
        expect(m.start_tiles.size() == 1 && m.start_tiles[0]->tile_id == "WR/CFR" && m.start_tiles[0]->x == 0 &&
                   m.start_tiles[0]->y == 0 && m.start_tiles[0]->rotation == 0,
               "WR-1: the game starts on WR/CFR at (0,0) unturned");
        expect(m.jcz_extra_elements == std::vector<std::string>{"wind-rose"}, "WR-7: the element wind-rose");
        expect(m.hooks == (CK_HOOK_BIT(CK_HOOK_GAME_START) | CK_HOOK_BIT(CK_HOOK_TILE_PLACED)), "two hooks");
        expect(m.tile_values.size() == 1 && m.tile_values[0]->element == "tile" &&
                   m.tile_values[0]->attribute == "wind-rose",
               "WR-3: the rose read from <tile wind-rose>");
        expect(m.tile_markers.size() == 5 && m.tile_markers[0]->name == "wind-rose-large" &&
                   m.tile_markers[2]->label == "small wind rose, north-east",
               "the five roses as tile markers");

        kit::TestState s;
        s.add_player("Alice");
        s.add_player("Bob");
        s.enable_expansion(kId);
        roses(s);
        s.place_tile("WR/CFR", kit::at(0, 0));

        // WR-2: the start tile's large rose is the first reference.
        const kit::HookResult start = module.call(kId, s, kit::game_start(2, 1));
        expect(start.ok() && kept(start) == "0 0 0", "WR-2: GAME_START keeps the start tile, got '" + kept(start) + "'");

        // WR-3, WR-4: the engine test's small rose, south-west, turned R270 itself.
        with_data(s, "0 0 0");
        s.place_tile("WR/RrC", kit::at(-1, 1), 3);
        const kit::HookResult sw = module.call(kId, s, placed(s, 1, "WR/RrC", -1, 1, 3));
        expect(sw.ok() && sw.points_for(1) == 3 && sw.points_for(0) == 0, "WR-3: Bob scores 3 in the south-west");
        const auto adds = sw.effects<fb::AddPointsT>();
        expect(adds.size() == 1 && adds[0]->name == "wind-rose", "WR-7: the score is named wind-rose");

        // WR-3: the same tile north-east of the reference scores nothing.
        const kit::HookResult ne = module.call(kId, s, placed(s, 0, "WR/RrC", 2, -1, 0));
        expect(ne.points_for(0) == 0, "WR-3: outside the marked quarter, no points");

        // WR-2: a later large rose, turned R180, becomes the reference and
        // turns the quarters (WR-4): south-west now means north-east of it.
        const kit::HookResult moved = module.call(kId, s, placed(s, 0, "WR/Rr", 3, 3, 2));
        expect(moved.ok() && kept(moved) == "3 3 2" && moved.points_for(0) == 0,
               "WR-2: WR/Rr becomes the reference, got '" + kept(moved) + "'");
        with_data(s, "3 3 2");
        const kit::HookResult turned = module.call(kId, s, placed(s, 0, "WR/RrC", 4, 1, 1));
        expect(turned.points_for(0) == 3, "WR-4: SW under an R180 reference is north-east of it");

        // WR-6: no reference (a game that did not start on a large rose).
        s.game.expansion_data.clear();
        const kit::HookResult none = module.call(kId, s, placed(s, 0, "WR/Cc.1", 1, -1, 0));
        expect(none.ok() && none.points_for(0) == 0, "WR-6: no large rose yet, no points");

        // A fan's tile whose <tile> names a rose plays as one, whatever its
        // id; a marker alone is only the picture's.
        with_data(s, "0 0 0");
        s.set_tile_value("FAN/SW", "tile", "wind-rose", "SW");
        const kit::HookResult fan = module.call(kId, s, placed(s, 1, "FAN/SW", -2, 3, 0));
        expect(fan.points_for(1) == 3, "a tile with wind-rose=\"SW\" scores in the south-west");
        s.mark_tile("FAN/MARKED", "wind-rose-sw");
        const kit::HookResult marked = module.call(kId, s, placed(s, 1, "FAN/MARKED", -2, 3, 0));
        expect(marked.ok() && marked.points_for(1) == 0, "a marker without the attribute is no rose");
        s.set_tile_value("FAN/ODD", "tile", "wind-rose", "north");
        const kit::HookResult odd = module.call(kId, s, placed(s, 1, "FAN/ODD", -2, 3, 0));
        expect(odd.ok() && odd.points_for(1) == 0, "an unknown rose name is no rose");

        // The SDK checks the values with the setup: one naming a key past
        // the list fails the call, before the module reads it.
        {
            kit::TestState bad;
            bad.add_player("Alice");
            bad.enable_expansion(kId);
            roses(bad);
            bad.setup.tile_values.back() = fb::TileValue(bad.tile_type("WR/RrC"), 255, 7, 0);
            const kit::HookResult r = module.call(kId, bad, placed(bad, 0, "WR/RrC", 1, 1, 0));
            expect(r.status == CK_E_BAD_BUFFER &&
                       r.error.find("setup.tile_values[5] (tile type") != std::string::npos &&
                       r.error.find("names a key past tile_value_keys") != std::string::npos,
                   "a tile value past the keys is refused: " + r.error);
        }

        // Other tiles: nothing.
        const kit::HookResult other = module.call(kId, s, placed(s, 0, "BA/RCr", 1, 0, 0));
        expect(other.ok() && other.points_for(0) == 0 && kept(other).empty(), "a tile without a rose does nothing");
    } catch (const std::exception& e) {
        std::printf("FAIL %s\n", e.what());
        ++failures;
    }
    if (failures == 0) std::printf("wind roses' hooks: all passed\n");
    return failures == 0 ? 0 : 1;
}
