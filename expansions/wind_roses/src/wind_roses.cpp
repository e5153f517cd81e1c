// The Wind Roses as a cloisterkit plugin module, written against the
// installed SDK alone (no include of host/ or of another expansion): the six
// tiles (its own tile file, embedded), the large rose the game starts on (a
// declared start tile, manifest revision 7), the roses read from the tile
// files' `wind-rose` attribute (a declared tile value, revision 9), shown
// as tile markers, and two hooks
// (docs/expansions/wind-roses.md, rules WR-n):
//  - GAME_START: the start tile's large rose is the first reference (WR-2);
//  - TILE_PLACED: a large rose becomes the reference; a small rose laid in
//    the quarter it marks scores 3 at once (WR-3 to WR-6).
#include <cloisterkit/sdk/module.hpp>

static_assert(CK_SCHEMA_REVISION >= 9,
              "the Wind Roses need an SDK of schema revision 9 (cloisterkit 1.4) for their start tile and roses");

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "rules.hpp"
#include "tiles_xml.hpp"

namespace ck::wind_roses {
namespace {

constexpr const char* kExpansionId = "cloisterkit.wind-roses";
constexpr std::string_view kElement = "wind-rose";    // JCloisterZone's element, enforced by its client
constexpr std::string_view kScoreName = "wind-rose";  // JCloisterZone's score event

// The rose of a tile type: `<tile wind-rose="SW">`, in this library's tile
// file, JCloisterZone's own or a fan's alike.
std::optional<Rose> rose_on(const sdk::HookContext& c, uint16_t tile_type) {
    const std::optional<std::string_view> name = c.tile_value(tile_type, "tile", kElement);
    return name ? rose_named(*name) : std::nullopt;
}

void keep_reference(sdk::Effects& out, const Reference& reference) {
    const std::string data = encode(reference);
    out.set_expansion_data(reinterpret_cast<const uint8_t*>(data.data()), data.size());
}

class WindRoses final : public sdk::Expansion {
public:
    sdk::ExpansionInfo info() const override {
        sdk::ExpansionInfo i;
        i.id = kExpansionId;  // --expansions wind-roses
        i.name = "The Wind Roses";
        i.version = "1.0.0";
        i.description =
            "The game starts on a tile with a large wind rose, which divides the table into four quarters. Four "
            "tiles show a small rose marking one quarter: whoever lays one in the quarter it marks, counted from "
            "the most recently laid large rose and turned with it, scores 3 points at once.";
        i.hooks = sdk::hooks_overridden_by<WindRoses>();
        i.tile_definitions_xml = std::string(tiles_xml());
        // WR-1: the six tiles join the game's own set; the start tile is
        // taken from them.
        i.deck_tile_sets = {{"wind-roses", 1, "", "", true}};  // a client save with the set enables it (WR-7)
        i.start_tiles = {{"WR/CFR", 0, 0, 0, "", ""}};
        // WR-7: JCloisterZone has no element of the expansion's name; its
        // engine needs `wind-rose` (the client enforces it from the set).
        i.jcz_extra_elements = {std::string(kElement)};
        // The rose on each tile (WR-3), as the tile files write it.
        i.tile_values = {{"tile", std::string(kElement)}};
        // A host at revision 9 that ignores either would play another game.
        i.host_capabilities = {CK_CAPABILITY_START_TILE, CK_CAPABILITY_TILE_VALUES};
        // The markers of this library's file, which the picture draws as badges.
        for (const Rose rose : kRoses) i.tile_markers.push_back({std::string(rose_marker(rose)), std::string(rose_label(rose))});
        // Only a tile with a rose has anything to say when placed.
        i.hook_filters = {sdk::only_when(CK_HOOK_TILE_PLACED, fb::HookFilter::TileHasOwnValue)};
        return i;
    }

    // WR-2: the start tiles are on the board before GAME_START, without
    // TILE_PLACED: the last large rose among them is the first reference.
    void on_game_start(const sdk::HookContext& c, const fb::GameStartArgs&, sdk::Effects& out) const override {
        std::optional<Reference> reference;
        if (const auto* tiles = c.state().tiles())
            for (const fb::PlacedTile* t : *tiles)
                if (rose_on(c, t->tile_type()) == Rose::Large)
                    reference = Reference{t->at().x(), t->at().y(), t->rotation()};
        if (reference) keep_reference(out, *reference);
    }

    void on_tile_placed(const sdk::HookContext& c, const fb::TilePlacedArgs& args, sdk::Effects& out) const override {
        const fb::Placement* p = args.placement();
        if (p == nullptr) return;
        const std::optional<Rose> rose = rose_on(c, p->tile_type());
        if (!rose) return;
        if (*rose == Rose::Large) {  // WR-2
            keep_reference(out, Reference{p->at().x(), p->at().y(), p->rotation()});
            return;
        }
        // WR-3 to WR-6: the small tile's own rotation plays no part.
        if (const int points = rose_bonus(*rose, p->at().x(), p->at().y(), decode(c.expansion_data())); points > 0)
            out.add_points(args.player(), points, kScoreName);
    }
};

sdk::ExpansionList make_expansions() {
    sdk::ExpansionList list;
    list.push_back(sdk::make_expansion<WindRoses>());
    return list;
}

}  // namespace
}  // namespace ck::wind_roses

// Schema revision 9 at least: older hosts send no tile values (WR-3), and
// before 7 read no start tile (WR-1), which JCloisterZone's games need.
CK_SDK_DEFINE_MODULE_FOR_SCHEMAS("cloisterkit-wind-roses", "1.0.0", ck::wind_roses::make_expansions, 9,
                                 CK_SCHEMA_REVISION)
