// Game: figure primitives (docs/abi.md, "Figure primitives"): an expansion
// puts a player's figure on a segment of a placed tile, or moves one there,
// outside the figure step (the builder, the pig, the wagon). The plugin
// bridge checked the effect against the state; these check it again, so
// a direct caller gets the same refusals.
#include <algorithm>

#include "game.hpp"
#include "game_detail.hpp"
#include "location_names.hpp"

namespace ck::host {

std::string Game::figure_target_problem(uint8_t kind, TileRef at, Location location, bool allow_occupied,
                                        const PlacedFigure* moving) const {
    if (kind >= figure_kinds_->size())
        return "no figure kind " + std::to_string(kind) + " (the game has " + std::to_string(figure_kinds_->size()) + ")";
    if (board_.tile_at(at) < 0) return "no tile at " + format_tile_ref(at);
    const int part = location == 0 ? -1 : part_at_location(at, location);
    if (part < 0) return "the tile at " + format_tile_ref(at) + " has no segment at location " + std::to_string(location);
    const FigureKind& k = (*figure_kinds_)[kind];
    const FeatureKind feature = features_.part(static_cast<uint32_t>(part)).kind;
    if (!k.may_stand_on(feature)) return "the " + k.name + " cannot stand on a " + detail::kind_word(feature);
    if (const NeutralFigureKind* n = blocking_figure_at(at.pos))
        return n->label + " stands at " + format_position(at.pos) + ": no figure may go there";
    if (allow_occupied) return {};
    const uint32_t root = features_.find(static_cast<uint32_t>(part));
    int others = features_.totals(root).follower_total;
    if (moving != nullptr && features_.find(moving->part) == root) --others;
    if (others > 0) return std::string("the ") + detail::kind_word(feature) + " at " + format_tile_ref(at) + " has a figure";
    return {};
}

void Game::place_figure(uint8_t player, uint8_t kind, TileRef at, Location location, bool allow_occupied) {
    touch();
    if (player >= players_.size()) throw HostError("place figure: no player " + std::to_string(player), ErrorCategory::Plugin);
    if (const std::string why = figure_target_problem(kind, at, location, allow_occupied, nullptr); !why.empty())
        throw HostError("place figure: " + why, ErrorCategory::Plugin);
    const uint32_t supply = players_[player].supply[kind];
    if (supply == 0)
        throw HostError("place figure: player " + std::to_string(player) + " has no " + (*figure_kinds_)[kind].name +
                            " in supply",
                        ErrorCategory::Plugin);
    const auto number = static_cast<uint8_t>(__builtin_ctz(supply) + 1);
    const auto part = static_cast<uint32_t>(part_at_location(at, location));
    features_.add_follower(part, player, (*figure_kinds_)[kind].strength);
    players_[player].supply[kind] &= ~(1u << (number - 1));
    figures_.push_back({{at, features_.part(part).kind, location}, {player, number, kind}, part});
}

void Game::move_figure(size_t figure, TileRef at, Location location, bool allow_occupied) {
    touch();
    if (figure >= figures_.size())
        throw HostError("move figure: no figure " + std::to_string(figure) + " (" + std::to_string(figures_.size()) +
                            " on the board)",
                        ErrorCategory::Plugin);
    PlacedFigure& f = figures_[figure];
    if (const std::string why = figure_target_problem(f.meeple.kind, at, location, allow_occupied, &f); !why.empty())
        throw HostError("move figure: " + why, ErrorCategory::Plugin);
    const int strength = (*figure_kinds_)[f.meeple.kind].strength;
    features_.remove_follower(f.part, f.meeple.player, strength);
    const auto part = static_cast<uint32_t>(part_at_location(at, location));
    features_.add_follower(part, f.meeple.player, strength);
    for (auto& spot : neutral_)
        if (spot && spot->next_to == f.meeple) spot->next_to.reset();  // the fairy stays where it was
    f.pointer = {at, features_.part(part).kind, location};
    f.part = part;
}

}  // namespace ck::host
