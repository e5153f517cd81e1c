// The Watchtowers as a cloisterkit plugin module, written against the
// installed SDK alone (no include of host/ or of another expansion): the
// twelve tiles (its own tile file, embedded), the tower on each (a declared
// tile marker, `<watchtower bonus="…"/>`) and two hooks
// (docs/expansions/watchtowers.md, rules WT-n):
//  - BONUS_POINTS: a figure standing on a tower's tile, on a road or city
//    completed in the game, earns the tower's points (WT-2 to WT-6);
//  - GAME_START: refuses a game with a tower tile whose kind the module does
//    not know (the host drops the `bonus` value; rules.cpp knows the twelve).
#include <cloisterkit/sdk/helpers.hpp>
#include <cloisterkit/sdk/module.hpp>
#include <cloisterkit/sdk/setup_refused.hpp>

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "rules.hpp"
#include "tiles_xml.hpp"

namespace ck::watchtowers {
namespace {

constexpr const char* kExpansionId = "cloisterkit.watchtowers";
constexpr std::string_view kMarker = "watchtower";  // tile marker and JCloisterZone's element
constexpr std::string_view kScoreName = "watchtower";  // JCloisterZone's score event
constexpr std::string_view kGridUnit = "halflings.gridUnit";  // declared by Halflings (HF-46)

Space space_of(const fb::TileRef& at) { return Space{at.x(), at.y()}; }

GridUnit grid_unit(const sdk::HookContext& c) {
    const std::string_view value = c.rule_or(kGridUnit, "space");  // absent without Halflings
    if (const auto unit = grid_unit_from(value)) return *unit;
    throw sdk::SetupRefused("watchtowers: " + std::string(kGridUnit) + "=" + std::string(value) +
                            " is not a unit of area; choose space or tile");
}

// The tower of a placed tile, or nullopt for a tile without one.
std::optional<Tower> tower_on(const sdk::HookContext& c, const fb::PlacedTile& tile) {
    if (!c.tile_has_marker(tile.tile_type(), kMarker)) return std::nullopt;
    const std::string_view id = c.tile_type_id(tile.tile_type());
    if (const auto tower = tower_of(id)) return tower;
    // GAME_START refused such a game: a state that has one is not this game's.
    throw std::runtime_error("watchtowers: tile " + std::string(id) + " carries a watchtower of unknown kind");
}

// The board as the towers see it: every placed tile and every player's
// figure. Read only when a figure stands on a tower of the scored feature.
struct Board {
    std::vector<BoardTile> tiles;
    std::vector<Space> figures;
};

Board board_of(const sdk::HookContext& c) {
    Board b;
    if (const auto* tiles = c.state().tiles()) {
        b.tiles.reserve(tiles->size());
        for (const fb::PlacedTile* t : *tiles) {
            const sdk::TileContents contents = c.tile_contents(*t);
            b.tiles.push_back(BoardTile{space_of(t->at()), contents.count(fb::FeatureKind::Road) > 0,
                                        contents.count(fb::FeatureKind::City) > 0, contents.pennants(),
                                        contents.has_monastery()});
        }
    }
    // WT-6: every figure of the state is a player's (small, big, abbot);
    // neutral figures and buildings are elsewhere in the state.
    if (const auto* figures = c.state().figures())
        for (const fb::PlacedFigure* f : *figures) b.figures.push_back(space_of(f->at()));
    return b;
}

class Watchtowers final : public sdk::Expansion {
public:
    sdk::ExpansionInfo info() const override {
        sdk::ExpansionInfo i;
        i.id = kExpansionId;  // --expansions watchtowers
        i.name = "The Watchtowers";
        i.version = "1.0.0";
        i.description =
            "Twelve tiles with a watchtower join the draw pile. When a road or city is completed during the game, "
            "every figure standing on it on a tower's tile earns its owner the tower's points: 1 per tile showing a "
            "road, or a city, 2 per coat of arms, 3 per monastery or 2 per follower in the nine spaces around and "
            "including the tower's.";
        i.hooks = sdk::hooks_overridden_by<Watchtowers>();
        i.tile_definitions_xml = std::string(tiles_xml());
        // WT-1: one of each tile, with the game's own set.
        i.deck_tile_sets = {{"watchtowers", 1, "", "", true}};  // a client save with the set enables it (WT-7)
        // <watchtower bonus="2/meeple"/>: the host keeps the element, not its value.
        i.tile_markers = {{std::string(kMarker), "watchtower"}};
        // WT-7: JCloisterZone has no element of the expansion's name; its
        // engine needs `watchtower` (the client enforces it from the set).
        i.jcz_extra_elements = {std::string(kMarker)};
        return i;
    }

    // A tower tile of another tile file (a fan's) would be played with no
    // points at all: refuse the game instead, naming it. The setup lists
    // every tile type the game loaded, in its deck or not, so a tile file
    // with such a tile is refused as a whole.
    void on_game_start(const sdk::HookContext& c, const fb::GameStartArgs&, sdk::Effects&) const override {
        grid_unit(c);
        const auto* types = c.setup().tile_types();
        const size_t count = types != nullptr ? types->size() : 0;
        for (size_t t = 0; t < count && t <= UINT16_MAX; ++t) {
            const auto type = static_cast<uint16_t>(t);
            if (c.tile_has_marker(type, kMarker) && !tower_of(c.tile_type_id(type)))
                throw sdk::SetupRefused("watchtowers: tile " + std::string(c.tile_type_id(type)) +
                                        " has a watchtower of a kind this module does not know (it knows the "
                                        "twelve tiles of JCloisterZone's watchtowers set); play without the tile "
                                        "file that defines it");
        }
    }

    void bonus_points(const sdk::HookContext& c, const fb::BonusPointsArgs& args, sdk::Effects& out) const override {
        const fb::ScoredFeature* feature = args.feature();
        // WT-5: only features completed during the game.
        if (feature == nullptr || !feature->completed() || feature->final_scoring()) return;
        const auto* figures = c.state().figures();
        if (figures == nullptr) return;
        std::optional<Board> board;  // built at the first tower found
        for (const fb::PlacedFigure* f : *figures) {
            if (f->feature() != feature->id()) continue;
            const fb::PlacedTile* tile = sdk::find_tile(c.state(), f->at());
            if (tile == nullptr)
                throw std::runtime_error("watchtowers: a figure stands at " + sdk::tile_ref_text(f->at()) +
                                         ", where no tile lies");
            const std::optional<Tower> tower = tower_on(c, *tile);
            if (!tower) continue;
            if (!board) board = board_of(c);
            // WT-2, WT-3: each figure on the tower's tile, whoever wins the feature.
            const int points = tower_points(*tower, space_of(f->at()), board->tiles, board->figures, grid_unit(c));
            if (points > 0) out.add_points(f->owner(), points, kScoreName);
        }
    }
};

sdk::ExpansionList make_expansions() {
    sdk::ExpansionList list;
    list.push_back(sdk::make_expansion<Watchtowers>());
    return list;
}

}  // namespace
}  // namespace ck::watchtowers

// Schema revision 6 at least: older hosts neither deal the expansion's deck
// tile set nor list tile markers, so they could not play it.
CK_SDK_DEFINE_MODULE_FOR_SCHEMAS("cloisterkit-watchtowers", "1.0.0", ck::watchtowers::make_expansions, 6,
                                 CK_SCHEMA_REVISION)
