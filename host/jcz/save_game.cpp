#include "save_game.hpp"

#include <algorithm>
#include <cstring>
#include <cstdio>

#include "core/errors.hpp"
#include "plugins/plugin_hooks.hpp"
#include "setup_mapping.hpp"

namespace ck::host::jcz {

namespace {

std::vector<const PluginExpansion*> expansions_of(const Game& game, const SaveOptions& options) {
    if (!options.expansions.empty() || game.expansions().empty()) return options.expansions;
    if (const auto* bridge = dynamic_cast<const PluginHooks*>(game.hooks())) return bridge->expansions();
    throw HostError(ErrorCategory::BadInput,
                    "save_game: the game has expansions but SaveOptions.expansions is empty and its hooks are not "
                    "the plugin bridge");
}

std::string derived_game_id(double initial_random) {
    uint64_t bits = 0;
    std::memcpy(&bits, &initial_random, sizeof bits);
    char buf[32];
    std::snprintf(buf, sizeof buf, "ck-%016llx", static_cast<unsigned long long>(bits));
    return buf;
}

// An expansion option is written when the game's value differs from what a
// replay would assume: "jcz" for options that offer it (map_jcz_setup sets
// those), the declared default otherwise.
void write_expansion_rules(const PluginExpansion& e, const Game& game, Json& rules) {
    for (const auto& o : e.rule_options) {
        auto it = game.rules().find(o.key);
        const std::string value = it != game.rules().end() ? it->second : o.default_value;
        const bool offers_jcz = std::find(o.allowed.begin(), o.allowed.end(), "jcz") != o.allowed.end();
        if (value == (offers_jcz ? std::string("jcz") : o.default_value)) continue;
        auto alias = std::find_if(e.jcz_rule_aliases.begin(), e.jcz_rule_aliases.end(),
                                  [&](const RuleAliasInfo& a) { return a.key == o.key && a.value == value; });
        if (alias != e.jcz_rule_aliases.end())
            rules[alias->jcz_key] = alias->jcz_value;
        else
            rules[o.key] = value;
    }
}

ReplayMessage message_of(const Move& move, const Game& game) {
    ReplayMessage m;
    m.player = move.player;
    switch (move.type) {
        case MoveType::PlaceTile:
            m.type = MessageType::PlaceTile;
            m.payload = PlaceTile{game.catalog().tile(move.tile).id, move.placement.rotation, move.placement.at.pos};
            break;
        case MoveType::DeployMeeple:
            m.type = MessageType::DeployMeeple;
            m.payload = DeployMeeple{move.pointer, format_meeple_id(move.meeple)};
            break;
        case MoveType::PlaceToken:
            m.type = MessageType::PlaceToken;
            m.payload = PlaceToken{move.option.token_kind, "", move.option.at};
            break;
        case MoveType::Pass:
            m.type = MessageType::Pass;
            m.payload = Pass{};
            break;
        case MoveType::Commit:
            m.type = MessageType::Commit;
            m.payload = Commit{};
            m.random = move.random;
            break;
    }
    return m;
}

}  // namespace

SavedGame saved_game_from(const GameSetup& setup, const Game& game, const SaveOptions& options) {
    const auto expansions = expansions_of(game, options);
    SavedGame g;
    g.app_version = options.app_version;
    g.game_id = options.game_id.empty() ? derived_game_id(game.initial_random()) : options.game_id;
    g.name = options.name;
    g.created = options.created;
    g.initial_random = game.initial_random();

    for (const auto& [id, n] : setup.tile_sets) g.setup.sets.emplace_back(id, n);
    g.setup.elements[kElementSmallFollower] = game.followers_per_player();
    if (game.farmers()) g.setup.elements[kElementFarmers] = true;
    for (const auto* e : expansions) g.setup.elements[e->short_name()] = 1;

    if (game.tiny_city_rule()) g.setup.rules[std::string(kRuleTinyCity)] = "2";
    if (game.count_tiles_not_spaces()) g.setup.rules[std::string(kRuleFeatureCount)] = "tiles";
    for (const auto* e : expansions) write_expansion_rules(*e, game, g.setup.rules);

    for (const auto& s : setup.start_tiles)
        g.setup.start.push_back(StartTile{s.tile_id, Position{static_cast<int16_t>(s.x), static_cast<int16_t>(s.y)},
                                          s.rotation});
    for (size_t i = 0; i < game.players().size(); ++i)
        g.players.push_back(PlayerEntry{game.players()[i].name, static_cast<int>(i), std::nullopt});
    for (const auto& move : game.moves()) g.replay.push_back(message_of(move, game));

    if (setup.caller_draws) {
        // Tiles were named by the moves (a 5.7 replay), not drawn: a forced
        // order of the placed tiles makes the file replay the same way.
        std::vector<std::string> placed;
        for (const auto& move : game.moves())
            if (move.type == MoveType::PlaceTile) placed.push_back(game.catalog().tile(move.tile).id);
        if (!placed.empty()) g.annotations.draw_order = placed;
    } else if (!setup.draw_order.empty()) {
        g.annotations.draw_order = setup.draw_order;
    }
    g.annotations.end_turn = setup.end_turn;
    g.test = options.test;
    return g;
}

void save_game(const GameSetup& setup, const Game& game, const std::string& path, const SaveOptions& options) {
    store_saved_game(saved_game_from(setup, game, options), path);
}

}  // namespace ck::host::jcz
