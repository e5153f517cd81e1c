// Game: JCloisterZone's tile groups (core/tile_groups.hpp, docs/abi.md
// "Tile groups"). The pack is its groups sorted by name, each in tile-id
// order; a draw counts through the tiles of the active groups in that
// order (jcz-interop §4.7). A group starts inactive when it is held back
// (until a tile with a marker is placed: the dragon waits for a volcano)
// or when a declared group still in the pack names it as its successor
// (the lake waits for the river, the other tiles for the lake); it opens
// when that group's last tile is drawn.
#include <algorithm>

#include "game.hpp"

namespace ck::host {

namespace {

// A declaration conditioned on a rule option holds only with one of its values.
bool held_back_in_this_game(const HeldBackTiles& h, const std::map<std::string, std::string>& rules) {
    if (h.rule_key.empty()) return true;
    const auto it = rules.find(h.rule_key);
    const std::string& value = it != rules.end() ? it->second : h.rule_default;
    return std::find(h.rule_values.begin(), h.rule_values.end(), value) != h.rule_values.end();
}

}  // namespace

void Game::setup_tile_groups(const GameSetup& setup) {
    if (setup.held_back_tiles.size() > 32)
        throw HostError("game setup: " + std::to_string(setup.held_back_tiles.size()) +
                        " held-back tile declarations (32 at most)");
    // Each tile type's group name: a held-back declaration claims its
    // tiles first (as JCloisterZone's capabilities do), then the tile file.
    std::vector<std::string_view> name_of(setup_catalog_->tile_count(), kDefaultTileGroup);
    std::vector<std::string_view> released_by(setup_catalog_->tile_count());
    for (size_t t = 0; t < name_of.size(); ++t) {
        const TileDef& def = setup_catalog_->tile(static_cast<TileTypeId>(t));
        if (!def.group.empty()) name_of[t] = def.group;
        for (const HeldBackTiles& h : setup.held_back_tiles)
            if (def.has_marker(h.held) && held_back_in_this_game(h, setup.rules)) {
                name_of[t] = h.held;
                released_by[t] = h.until_placed;
                break;
            }
    }
    std::vector<std::string> names;
    for (const TileTypeId t : pack_) names.emplace_back(name_of[t]);
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    const bool held_back = std::any_of(released_by.begin(), released_by.end(), [](auto r) { return !r.empty(); });
    if (names.size() <= 1 && !held_back) return;  // one group, always open: nothing to track
    if (names.size() > 32)
        throw HostError("game setup: the pack's tiles are in " + std::to_string(names.size()) +
                        " tile groups (32 at most)");

    auto groups = std::make_shared<TileGroups>();
    groups->names = names;
    const auto index_of = [&](std::string_view name) -> uint8_t {
        const auto it = std::lower_bound(names.begin(), names.end(), name);
        return it != names.end() && *it == name ? static_cast<uint8_t>(it - names.begin()) : TileGroups::kNoGroup;
    };
    groups->group_of.resize(name_of.size());
    for (size_t t = 0; t < name_of.size(); ++t) groups->group_of[t] = index_of(name_of[t]);
    groups->successor.assign(names.size(), TileGroups::kNoGroup);
    groups->leaves_pack.assign(names.size(), 0);
    groups->released_by.assign(names.size(), std::string());
    for (size_t t = 0; t < name_of.size(); ++t)
        if (!released_by[t].empty() && groups->group_of[t] != TileGroups::kNoGroup)
            groups->released_by[groups->group_of[t]] = released_by[t];
    for (size_t r = 0; r < setup.tile_groups.size(); ++r) {
        const TileGroupRule& rule = setup.tile_groups[r];
        const uint8_t g = index_of(rule.group);
        if (g == TileGroups::kNoGroup) continue;  // none of its tiles in this game
        for (size_t o = 0; o < r; ++o)
            if (setup.tile_groups[o].group == rule.group &&
                (setup.tile_groups[o].successor != rule.successor ||
                 setup.tile_groups[o].leaves_pack != rule.leaves_pack))
                throw HostError("game setup: tile group \"" + rule.group +
                                "\" is declared twice, differently (successor \"" + setup.tile_groups[o].successor +
                                "\" and \"" + rule.successor + "\")");
        groups->successor[g] = index_of(rule.successor);
        groups->leaves_pack[g] = rule.leaves_pack ? 1 : 0;
    }
    std::stable_sort(pack_.begin(), pack_.end(), [&](TileTypeId a, TileTypeId b) {
        return groups->group_of[a] < groups->group_of[b];
    });
    tile_groups_ = std::move(groups);
}

void Game::start_tile_groups() {
    if (!tile_groups_) return;
    const TileGroups& groups = *tile_groups_;
    std::erase_if(pack_, [&](TileTypeId t) {
        const uint8_t g = groups.group_of[t];
        return g != TileGroups::kNoGroup && groups.leaves_pack[g];
    });
    pack_in_group_.fill(0);
    for (const TileTypeId t : pack_)
        if (groups.group_of[t] != TileGroups::kNoGroup) ++pack_in_group_[groups.group_of[t]];
    uint32_t active = groups.names.size() == 32 ? 0xFFFFFFFFu : (1u << groups.names.size()) - 1u;
    for (size_t g = 0; g < groups.names.size(); ++g) {
        if (!groups.released_by[g].empty()) active &= ~(1u << g);
        if (pack_in_group_[g] != 0 && groups.successor[g] != TileGroups::kNoGroup) active &= ~(1u << groups.successor[g]);
    }
    active_groups_ = active;
}

bool Game::drawable(TileTypeId t) const {
    if (!tile_groups_) return true;
    const uint8_t g = tile_groups_->group_of[t];
    return g != TileGroups::kNoGroup && ((active_groups_ >> g) & 1u) != 0;
}

size_t Game::drawable_count() const {
    if (!tile_groups_) return pack_.size();
    size_t count = 0;
    for (size_t g = 0; g < tile_groups_->names.size(); ++g)
        if ((active_groups_ >> g) & 1u) count += pack_in_group_[g];
    return count;
}

uint32_t Game::held_back_tiles_left() const { return static_cast<uint32_t>(pack_.size() - drawable_count()); }

void Game::release_held_back(TileTypeId placed) {
    if (!tile_groups_) return;
    const TileDef& def = tile_def(placed);
    for (size_t g = 0; g < tile_groups_->names.size(); ++g)
        if (!tile_groups_->released_by[g].empty() && def.has_marker(tile_groups_->released_by[g]))
            active_groups_ |= 1u << g;
}

void Game::after_pack_removal(TileTypeId taken) {
    if (!tile_groups_) return;
    const TileGroups& groups = *tile_groups_;
    const uint8_t g = groups.group_of[taken];
    if (g == TileGroups::kNoGroup) return;
    --pack_in_group_[g];
    if (groups.successor[g] == TileGroups::kNoGroup) return;
    // JCloisterZone opens the successor only while it still has tiles.
    if (pack_in_group_[g] == 0 && pack_in_group_[groups.successor[g]] != 0) active_groups_ |= 1u << groups.successor[g];
}

}  // namespace ck::host
