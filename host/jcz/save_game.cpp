#include "save_game.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <cstdio>

#include "core/errors.hpp"
#include "plugins/plugin_hooks.hpp"
#include "plugins/rule_options.hpp"
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
// those), else the value a preset in force sets (complete_rule_options:
// halflings.ruleset=2015 sets halflings.featureCount=tiles, so a game that
// chose spaces with it must say so), else the declared default.
// The option's value in the game: given, else its default.
std::string value_in_game(const RuleOptionInfo& o, const Game& game) {
    const auto it = game.rules().find(o.key);
    return it != game.rules().end() ? it->second : o.default_value;
}

void write_expansion_rules(const PluginExpansion& e, const Game& game, Json& rules) {
    std::map<std::string, std::string> from_presets;
    for (const auto& preset : e.rule_presets) {
        const auto in_force = game.rules().find(preset.key);
        if (in_force == game.rules().end() || in_force->second != preset.value) continue;
        for (const auto& [key, value] : preset.sets) from_presets[key] = value;
    }
    for (const auto& o : e.rule_options) {
        if (!o.jcz_element.empty()) continue;  // in setup.elements (write_element_options)
        const std::string value = value_in_game(o, game);
        const bool offers_jcz = std::find(o.allowed.begin(), o.allowed.end(), "jcz") != o.allowed.end();
        const auto preset = from_presets.find(o.key);
        const std::string assumed = offers_jcz ? "jcz" : preset != from_presets.end() ? preset->second : o.default_value;
        if (value == assumed) continue;
        auto alias = std::find_if(e.jcz_rule_aliases.begin(), e.jcz_rule_aliases.end(),
                                  [&](const RuleAliasInfo& a) { return a.key == o.key && a.value == value; });
        if (alias != e.jcz_rule_aliases.end())
            rules[alias->jcz_key] = alias->jcz_value;
        else
            rules[o.key] = value;
    }
}

// Options carried by elements (revision 11): "pig": 2, "traders": true; an
// option at false or 0 leaves its element out, as JCloisterZone's client does.
void write_element_options(const PluginExpansion& e, const Game& game, Json& elements) {
    for (const auto& o : e.rule_options) {
        if (o.jcz_element.empty()) continue;
        const std::string value = value_in_game(o, game);
        if (o.value_type == RuleValueType::Boolean) {
            if (rule_value_true(value)) elements[o.jcz_element] = true;
        } else if (value != "0") {
            elements[o.jcz_element] = std::stoi(value);
        }
    }
}

// JCloisterZone's engine turns every key of setup.rules into a rule with
// Rule.byKey, which throws for a key it does not know, and the whole file
// fails to open. Its client keeps gameAnnotations as read and gives the
// engine only drawOrder and endTurn from it: options JCloisterZone does not
// know travel in gameAnnotations.rules, and a replay here reads them back.
void move_rules_jcz_does_not_know(SavedGame& g) {
    Json kept = Json::object();
    for (const auto& [key, value] : g.setup.rules.items())
        (is_jcz_rule_key(key) ? kept : g.annotations.rules)[key] = value;
    g.setup.rules = std::move(kept);
}

// MOVE_NEUTRAL_FIGURE: to a position (location 0), a feature pointer, or
// next to the figure `meeple` (JCloisterZone's MeeplePointer).
MoveNeutralFigure neutral_figure_message(const Game& game, int figure, const FeaturePointer& to,
                                         const std::string& meeple) {
    MoveNeutralFigure n;
    n.figure_id = figure >= 0 ? game.neutral_figure_kinds()[static_cast<size_t>(figure)].jcz_id : std::string("?");
    n.at = to.at;
    if (to.location != 0) {
        n.pointer = to;
        n.meeple_id = meeple;
    }
    return n;
}

// The expansion's id, from the plugin bridge the game calls; "#<index>"
// for hooks of another kind (tests).
std::string expansion_id_of(const Game& game, uint32_t expansion) {
    if (const auto* bridge = dynamic_cast<const PluginHooks*>(game.hooks()))
        if (expansion < bridge->expansions().size()) return bridge->expansions()[expansion]->id;
    return "#" + std::to_string(expansion);
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
            m.payload = DeployMeeple{move.pointer, game.meeple_text(move.meeple)};
            break;
        case MoveType::ReturnFigure:
            m.type = MessageType::ReturnMeeple;
            m.payload = ReturnMeeple{move.pointer, game.meeple_text(move.meeple),
                                     game.figure_kinds()[move.meeple.kind].jcz_return_source};
            break;
        case MoveType::PlaceToken:
            // An expansion's action: a neutral figure moved (the fairy next
            // to a follower), a figure sent back (the princess) or a token.
            if (!move.option.neutral_figure.empty()) {
                m.type = MessageType::MoveNeutralFigure;
                m.payload = neutral_figure_message(game, game.neutral_figure_index(move.option.neutral_figure),
                                                   move.pointer,
                                                   move.meeple.number ? game.meeple_text(move.meeple) : std::string());
            } else if (!move.option.return_source.empty()) {
                m.type = MessageType::ReturnMeeple;
                m.payload = ReturnMeeple{move.pointer, game.meeple_text(move.meeple), move.option.return_source};
            } else {
                m.type = MessageType::PlaceToken;
                m.payload = PlaceToken{move.option.token_kind, "", move.option.at};
            }
            break;
        case MoveType::MoveNeutralFigure: {
            m.type = MessageType::MoveNeutralFigure;
            FeaturePointer pointer{move.target.at, FeatureKind::Road, move.target.location};
            if (move.target.location != 0) {
                const int part = game.part_at_location(move.target.at, move.target.location);
                if (part >= 0) pointer.kind = game.features().part(static_cast<uint32_t>(part)).kind;
            }
            m.payload = neutral_figure_message(game, move.neutral_figure, pointer, "");
            break;
        }
        case MoveType::Decision:
            m.type = MessageType::Decision;
            m.payload = decision_message(game, move.decision_expansion, move.decision_key, move.decision_index,
                                         move.decision_index ? &move.decision_option : nullptr,
                                         move.decision_pass_type);
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

ExpansionMessage decision_message(const Game& game, uint32_t expansion, const std::string& key,
                                  std::optional<uint32_t> index, const DecisionOption* option,
                                  std::string_view pass_type) {
    if (option != nullptr && !option->jcz_type.empty())  // checked to be a JSON object when offered
        return ExpansionMessage{option->jcz_type, Json::parse(option->jcz_payload), {}};
    if (!index && !pass_type.empty()) return ExpansionMessage{std::string(pass_type), Json::object(), {}};
    Json payload = {{"expansion", expansion_id_of(game, expansion)}, {"key", key}};
    if (index) payload["option"] = *index;
    else payload["pass"] = true;
    return ExpansionMessage{std::string(message_type_name(MessageType::Decision)), std::move(payload), {}};
}

std::vector<ReplayMessage> replay_messages_of(const Game& game, size_t first) {
    std::vector<ReplayMessage> out;
    const auto& moves = game.moves();
    for (size_t i = first; i < moves.size(); ++i) out.push_back(message_of(moves[i], game));
    return out;
}

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
    for (const auto* e : expansions)
        for (const std::string& element : jcz_elements_of(*e)) g.setup.elements[element] = 1;
    for (const auto* e : expansions) write_element_options(*e, game, g.setup.elements);

    if (game.tiny_city_rule()) g.setup.rules[std::string(kRuleTinyCity)] = "2";
    for (const auto* e : expansions) write_expansion_rules(*e, game, g.setup.rules);
    // A Halflings game cannot be opened by JCloisterZone anyway: it keeps
    // every option in setup.rules.
    if (!g.setup.element_enabled(kElementHalflings)) move_rules_jcz_does_not_know(g);

    for (const auto& s : setup.start_tiles)
        g.setup.start.push_back(StartTile{s.tile_id, Position{static_cast<int16_t>(s.x), static_cast<int16_t>(s.y)},
                                          s.rotation});
    for (size_t i = 0; i < game.players().size(); ++i)
        g.players.push_back(PlayerEntry{game.players()[i].name, static_cast<int>(i), std::nullopt});
    g.replay = replay_messages_of(game);

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
    // halflings-geometry.md: a writer records the hands as dealt, so the
    // file replays without the random deal.
    bool any_hand = false;
    for (const auto& hand : game.dealt_hands()) any_hand = any_hand || !hand.empty();
    if (any_hand) {
        auto& hands = g.annotations.halfling_hands.emplace();
        for (const auto& hand : game.dealt_hands()) {
            auto& ids = hands.emplace_back();
            for (TileTypeId t : hand) ids.push_back(game.catalog().tile(t).id);
        }
    }
    g.test = options.test;
    return g;
}

TestSpec final_score_assertions(const Game& game, std::string description) {
    TestSpec spec{std::move(description), {}};
    for (const PlayerState& p : game.players())
        spec.assertions.push_back(p.name + " has " + std::to_string(p.score) + (std::abs(p.score) == 1 ? " point" : " points"));
    return spec;
}

void save_game(const GameSetup& setup, const Game& game, const std::string& path, const SaveOptions& options) {
    store_saved_game(saved_game_from(setup, game, options), path);
}

namespace {

using Deal = std::vector<std::vector<std::pair<std::string, int>>>;  // per player: (token kind, count)

// The tokens each player holds right after setting up a game.
Deal tokens_dealt(const GameSetup& setup) {
    const Game fresh(setup);
    Deal out;
    for (const auto& p : fresh.players()) out.push_back(p.tokens);
    return out;
}

std::string tokens_text(const std::vector<std::pair<std::string, int>>& tokens) {
    std::string out;
    for (const auto& [kind, n] : tokens) out += (out.empty() ? "" : ", ") + kind + " " + std::to_string(n);
    return out.empty() ? "none" : out;
}

}  // namespace

std::vector<std::string> jcz_save_warnings(const GameSetup& setup, const Game& game, const SaveOptions& options) {
    const SavedGame saved = saved_game_from(setup, game, options);
    std::vector<std::string> out;
    for (const auto& [key, value] : saved.annotations.rules.items()) {
        const std::string text = rule_value_text(value);
        const std::string head = key + "=" + text + ": JCloisterZone does not know this option (saved in "
                                 "gameAnnotations.rules, which it ignores)";
        const RuleOptionInfo* option = nullptr;
        bool chooses_sets = false;  // the save's tile sets carry its choice (The River's release)
        for (const auto* e : expansions_of(game, options)) {
            for (const auto& o : e->rule_options)
                if (o.key == key) option = &o;
            for (const auto& d : e->deck_tile_sets) chooses_sets = chooses_sets || d.rule_key == key;
        }
        if (chooses_sets) continue;
        if (!option) {
            out.push_back(head + "; the game may play differently there");
            continue;
        }
        if (std::find(option->allowed.begin(), option->allowed.end(), "jcz") == option->allowed.end()) {
            out.push_back(head + " and plays as with " + key + "=" + option->default_value +
                          "; the game may play differently there");
            continue;
        }
        GameSetup here = setup, there = setup;
        here.rules[key] = text;
        there.rules[key] = "jcz";
        Deal ours, theirs;
        try {
            ours = tokens_dealt(here);
            theirs = tokens_dealt(there);
        } catch (const HostError& e) {
            out.push_back(head + "; cannot tell whether JCloisterZone deals the same: " + e.what());
            continue;
        }
        if (ours == theirs) continue;  // the same game there
        std::string players;
        for (size_t p = 0; p < ours.size() && p < theirs.size(); ++p)
            if (ours[p] != theirs[p])
                players += std::string(players.empty() ? "" : "; ") + game.players()[p].name + " starts with " +
                           tokens_text(ours[p]) + " here but " + tokens_text(theirs[p]) + " there";
        out.push_back(head + " and sets the game up as with " + key + "=jcz: with " + std::to_string(ours.size()) +
                      " players " + players + "; the game plays differently in JCloisterZone");
    }
    return out;
}

}  // namespace ck::host::jcz
