// The module's hooks on their own, through its C ABI as a host calls them,
// with the SDK's hook test kit: the manifest (RI-1 to RI-4: releases,
// start tiles, tile groups, the edge kind) and PLACEMENT_CHECK (RI-5, RI-6).
#include <cloisterkit/sdk/testing.hpp>

#include <algorithm>
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

constexpr const char* kId = "cloisterkit.river";
constexpr uint8_t N = 1, E = 2, S = 4, W = 8;

}  // namespace

int main() {
    try {
        const kit::Module module(CK_MODULE_FILE);

        const fb::ExpansionManifestT m = module.manifest(kId);
        expect(m.jcz_element == "river", "RI-9: JCloisterZone's element river");
        expect(m.deck_tile_sets.size() == 4 && m.deck_tile_sets[0]->tile_set == "river/1:1" &&
                   m.deck_tile_sets[0]->rule_key == "river.release" &&
                   m.deck_tile_sets[0]->rule_values == std::vector<std::string>{"1"} &&
                   m.deck_tile_sets[3]->tile_set == "river/2:2" && m.deck_tile_sets[3]->enabled_by_save,
               "RI-1: four sets, chosen by the release and the abbot");
        expect(m.start_tiles.size() == 2 && m.start_tiles[0]->tile_id == "RI/s" &&
                   m.start_tiles[0]->without_expansion == "cloisterkit.wind-roses" && m.start_tiles[1]->y == 1 &&
                   m.start_tiles[1]->rotation == 1,
               "RI-2: the spring, or the spring below the wind roses' start");
        expect(m.tile_groups.size() == 4 && m.tile_groups[0]->group == "river-spring" && m.tile_groups[0]->leaves_pack &&
                   m.tile_groups[2]->group == "river" && m.tile_groups[2]->successor == "river-lake" &&
                   m.tile_groups[3]->successor == "default",
               "RI-3: the groups drawn in turn");
        expect(m.edge_kinds.size() == 1 && m.edge_kinds[0]->element == "river", "RI-4: the river's edge kind");
        expect(m.hooks == CK_HOOK_BIT(CK_HOOK_PLACEMENT_CHECK) && m.hook_filters.size() == 1 &&
                   m.hook_filters[0]->filter == fb::HookFilter::TileShowsEdgeKind,
               "one hook, called for river tiles only");

        kit::TestState s;
        s.add_player("Alice");
        s.enable_expansion(kId);
        s.set_edge_sides("RI/s", "river", E);
        s.set_edge_sides("RI.1/IFI", "river", W | E);
        s.set_edge_sides("RI.1/II", "river", W | S);
        s.place_tile("RI/s", kit::at(0, 0));
        const uint16_t straight = s.tile_type("RI.1/IFI"), bend = s.tile_type("RI.1/II");

        // RI-5: east of the spring, straight on, is allowed; the same tile
        // far away or turned so that its river meets nothing is not.
        const kit::HookResult r = module.call(
            kId, s,
            kit::placement_check(0, straight,
                                 {fb::Placement(kit::at(1, 0), 0, straight), fb::Placement(kit::at(4, 4), 0, straight),
                                  fb::Placement(kit::at(0, -1), 0, straight)}));
        expect(r.ok() && r.vetoed() == std::vector<uint32_t>{1, 2}, "RI-5: only the tile continuing the river");
        const auto vetoes = r.effects<fb::VetoPlacementT>();
        expect(!vetoes.empty() && vetoes[0]->reason.find("RI-5") != std::string::npos, "the veto names RI-5");

        // RI-6: the river runs (0,0)-(1,0)-(2,0); a bend at (2,1) back west
        // is refused, east is allowed. RI.1/II's river is W-S at R0: R0
        // (W,S) would meet nothing north; R1 turns it to N,W; R2 to N,E.
        s.place_tile("RI.1/IFI", kit::at(1, 0));
        s.set_edge_sides("RI.1/CcII", "river", S | E);
        s.place_tile("RI.1/CcII", kit::at(2, 0), 1);  // S,E turned R1: W,S
        const kit::HookResult u = module.call(
            kId, s,
            kit::placement_check(0, bend, {fb::Placement(kit::at(2, 1), 1, bend), fb::Placement(kit::at(2, 1), 2, bend)}));
        expect(u.ok() && u.vetoed() == std::vector<uint32_t>{0}, "RI-6: the bend back is refused, the bend away allowed");

        // A tile without river sides is never vetoed.
        const uint16_t plain = s.tile_type("BA/C");
        const kit::HookResult p =
            module.call(kId, s, kit::placement_check(0, plain, {fb::Placement(kit::at(9, 9), 0, plain)}));
        expect(p.ok() && p.vetoed().empty(), "a tile without a river is no concern of the river");

        // The SDK checks the sides with the setup: a kind past the list fails the call.
        // (Last: it spoils the state.)
        for (auto& e : s.setup.tile_edge_sides)
            if (e.tile_type() == bend) e = fb::TileEdgeSides(bend, 9, W | S);
        const kit::HookResult e =
            module.call(kId, s, kit::placement_check(0, bend, {fb::Placement(kit::at(2, 1), 1, bend)}));
        expect(e.status == CK_E_BAD_BUFFER && e.error.find("names a kind past edge_kinds") != std::string::npos,
               "an edge kind past the list is refused: " + e.error);
    } catch (const std::exception& e) {
        std::printf("FAIL %s\n", e.what());
        ++failures;
    }
    if (failures == 0) std::printf("river hooks: all passed\n");
    return failures == 0 ? 0 : 1;
}
