// The River as a cloisterkit plugin module, written against the installed
// SDK alone (no include of host/ or of another expansion): the river tiles
// of The River and The River II (its own tile file, embedded), the spring
// the game starts on (a declared start tile), the river drawn before every
// other tile and its lake last (declared tile groups), river sides that
// meet only river sides (a declared edge kind), and one hook
// (docs/expansions/river.md, rules RI-n):
//  - PLACEMENT_CHECK: a river tile continues the river and leaves it room
//    to flow on (RI-5, RI-6).
// Nothing else: the river separates fields by the tile files' own fields,
// and the features on river tiles score as any others.
#include <cloisterkit/sdk/module.hpp>

static_assert(CK_SCHEMA_REVISION >= 12,
              "The River needs an SDK of schema revision 12 (cloisterkit 1.4) for its tile groups and edge kind");

#include <string>
#include <unordered_set>

#include "rules.hpp"
#include "tiles_xml.hpp"

namespace ck::river {
namespace {

constexpr const char* kExpansionId = "cloisterkit.river";
constexpr const char* kRiver = "river";  // the tile files' element, JCloisterZone's element and edge kind
constexpr const char* kAbbot = "cloisterkit.abbot";
constexpr const char* kWindRoses = "cloisterkit.wind-roses";

// The spaces holding a tile, read once per call.
class Occupied {
public:
    explicit Occupied(const fb::GameState& state) {
        if (const auto* tiles = state.tiles())
            for (const fb::PlacedTile* t : *tiles) spaces_.insert(key(t->at().x(), t->at().y()));
    }
    bool operator()(Space s) const { return spaces_.count(key(s.x, s.y)) != 0; }

private:
    static uint64_t key(int x, int y) {
        return (static_cast<uint64_t>(static_cast<uint32_t>(x)) << 32) | static_cast<uint32_t>(y);
    }
    std::unordered_set<uint64_t> spaces_;
};

class River final : public sdk::Expansion {
public:
    sdk::ExpansionInfo info() const override {
        sdk::ExpansionInfo i;
        i.id = kExpansionId;  // --expansions river
        i.name = "The River";
        i.version = "1.0.0";
        i.description =
            "The game starts on the river's spring, and the river tiles are drawn before any other: each one "
            "continues the river, never turning it back on itself, until the lake closes it; then the rest of "
            "the pack. A river side meets only a river side. The River II (an option) adds a fork that splits "
            "the river in two and ends it in a volcano lake.";
        i.hooks = sdk::hooks_overridden_by<River>();
        i.tile_definitions_xml = std::string(tiles_xml());
        i.jcz_element = kRiver;  // JCloisterZone's element, which its client enforces from the set
        // RI-1: a release chosen by an option; each in two editions, the
        // second (a garden on a bend) when the abbot plays. A client's save
        // with any of them enables the module.
        sdk::RuleOption release;
        release.key = kReleaseRule;
        release.default_value = "1";
        release.allowed = {"1", "2"};
        release.description =
            "which river: 1, The River (12 tiles, a lake at its end), or 2, The River II (12 tiles: a fork, a "
            "city at the end of one arm, a volcano lake at the other) (RI-1)";
        i.rule_options = {release};
        for (const char* r : {"1", "2"}) {
            const std::string set = std::string("river/") + r;
            i.deck_tile_sets.push_back({set + ":1", 1, "", kAbbot, true, kReleaseRule, {r}});
            i.deck_tile_sets.push_back({set + ":2", 1, kAbbot, "", true, kReleaseRule, {r}});
        }
        // RI-2: the spring starts the game; beside the wind roses' start
        // tile when they play, turned so that the river flows south.
        i.start_tiles = {{"RI/s", 0, 0, 0, "", kWindRoses}, {"RI/s", 0, 1, 1, kWindRoses, ""}};
        // RI-3: the fork (River II) first, then the river, then its lakes,
        // then every other tile; springs the game did not start on leave.
        i.tile_groups = {{"river-spring", "", true},
                         {"river-fork", "river", false},
                         {"river", "river-lake", false},
                         {"river-lake", "default", false}};
        // RI-4: river sides meet only river sides.
        i.edge_kinds = {{kRiver, "river"}};
        // Only a river tile is ever vetoed.
        sdk::HookFilter river_tiles_only;
        river_tiles_only.hook = CK_HOOK_PLACEMENT_CHECK;
        river_tiles_only.filter = fb::HookFilter::TileShowsEdgeKind;
        i.hook_filters = {river_tiles_only};
        // A host without these would play another game.
        i.host_capabilities = {CK_CAPABILITY_START_TILE, CK_CAPABILITY_TILE_GROUPS, CK_CAPABILITY_EDGE_KINDS};
        return i;
    }

    // RI-5, RI-6.
    void check_placements(const sdk::HookContext& c, const fb::PlacementCheckArgs& args,
                          sdk::Effects& out) const override {
        const auto* candidates = args.candidates();
        if (candidates == nullptr) return;
        std::optional<Occupied> occupied;  // read once, and only for a river tile
        for (flatbuffers::uoffset_t i = 0; i < candidates->size(); ++i) {
            const fb::Placement* p = candidates->Get(i);
            const uint8_t sides = c.edge_kind_sides(p->tile_type(), kRiver);
            if (sides == 0) continue;
            if (!occupied) occupied.emplace(c.state());
            const Space at{p->at().x(), p->at().y()};
            if (const auto why = river_veto(at, sdk::rotate_sides(sides, p->rotation()), *occupied))
                out.veto_placement(i, *why);
        }
    }
};

sdk::ExpansionList make_expansions() {
    sdk::ExpansionList list;
    list.push_back(sdk::make_expansion<River>());
    return list;
}

}  // namespace
}  // namespace ck::river

// Schema revision 12 at least: older hosts know no tile groups or edge
// kinds, so the river would be drawn among the other tiles.
CK_SDK_DEFINE_MODULE_FOR_SCHEMAS("cloisterkit-river", "1.0.0", ck::river::make_expansions, 12, CK_SCHEMA_REVISION)
