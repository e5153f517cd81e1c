#include "replayer.hpp"

#include <algorithm>

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/location_names.hpp"
#include "core/tile_xml.hpp"
#include "expansion_bridge.hpp"
#include "save_game.hpp"
#include "plugins/plugin_registry.hpp"

namespace ck::host::jcz {

namespace {

[[noreturn]] void illegal(const std::string& why) { throw HostError(ErrorCategory::IllegalMove, why); }

// The phase each message type is valid in. PASS is also accepted by the
// engine in a commit step whose figure step was skipped (lenient PASS).
bool phase_accepts(Phase phase, MessageType type) {
    switch (type) {
        case MessageType::PlaceTile: return phase == Phase::TilePhase;
        case MessageType::DeployMeeple:
        case MessageType::PlaceToken:
        case MessageType::ReturnMeeple: return phase == Phase::ActionPhase;
        // The fairy moves in the figure step, the dragon in a movement.
        case MessageType::MoveNeutralFigure: return phase == Phase::ActionPhase || phase == Phase::MovementPhase;
        case MessageType::Pass: return phase == Phase::ActionPhase || phase == Phase::CommitActionPhase;
        case MessageType::Commit: return phase == Phase::CommitActionPhase;
        case MessageType::Undo: return true;
        case MessageType::Decision: return phase == Phase::DecisionPhase;
    }
    return false;
}

GameSetup make_game_setup(const SavedGame& saved, const TileCatalog& catalog, const MappedSetup& mapped,
                          ExpansionHooks* hooks) {
    GameSetup s;
    s.catalog = &catalog;
    s.tile_sets.clear();
    for (const auto& [id, n] : saved.setup.sets) s.tile_sets[id] = n;
    s.start_tiles.clear();
    for (const auto& st : saved.setup.start)
        s.start_tiles.push_back(ck::host::StartTile{st.tile, st.position.x, st.position.y, st.rotation});
    for (const auto& p : saved.players) s.players.push_back(PlayerSetup{p.name});
    s.followers_per_player = saved.setup.small_followers();
    s.farmers = saved.setup.element_enabled(kElementFarmers);
    s.figure_kinds = figure_kinds_of(mapped.expansions);
    s.segment_attributes = segment_attributes_of(mapped.expansions);
    s.tile_values = tile_values_of(mapped.expansions);
    add_movement_declarations(mapped.expansions, s);
    add_deck_and_edge_declarations(mapped.expansions, s);
    s.rules = mapped.rules;
    s.initial_random = saved.initial_random;
    // 5.7's seeds cannot be reproduced: tiles beyond drawOrder come from the
    // PLACE_TILE messages instead of a draw we would get wrong.
    s.caller_draws = saved.legacy_random();
    if (saved.annotations.draw_order) s.draw_order = *saved.annotations.draw_order;
    if (saved.annotations.halfling_hands) s.preset_hands = *saved.annotations.halfling_hands;
    s.end_turn = saved.annotations.end_turn;
    s.hooks = hooks;
    for (const auto* e : mapped.expansions) s.expansions.push_back(e->id);
    return s;
}

void load_tiles(const ReplayOptions& options, const MappedSetup& mapped, TileCatalog& catalog) {
    load_game_tiles(options.default_tiles, options.tile_files, mapped.expansions, catalog,
                    "replay with --no-default-tiles");
}

// Tile sets and tile ids the setup names, checked here so that the error
// can name the JSON path.
void check_tile_names(const SavedGame& saved, const TileCatalog& catalog) {
    auto fail = [](const std::string& path, const std::string& why) {
        throw HostError(ErrorCategory::BadInput, path + ": " + why);
    };
    for (const auto& [id, n] : saved.setup.sets) {
        if (catalog.find_tile_set(id)) continue;
        std::string known;
        for (const auto& s : catalog.tile_sets()) known += (known.empty() ? "" : ", ") + s.id;
        fail("setup.sets." + id, "unknown tile set '" + id + "' (loaded: " + known + ")");
    }
    for (size_t i = 0; i < saved.setup.start.size(); ++i)
        if (catalog.index_of(saved.setup.start[i].tile) < 0)
            fail("setup.start[" + std::to_string(i) + "].tile", "unknown tile id " + saved.setup.start[i].tile);
    if (saved.annotations.halfling_hands) {
        const auto& hands = *saved.annotations.halfling_hands;
        if (hands.size() != saved.players.size())
            fail("gameAnnotations.halflingHands", "gives " + std::to_string(hands.size()) + " hand(s) for " +
                                                      std::to_string(saved.players.size()) + " player(s)");
        for (size_t p = 0; p < hands.size(); ++p)
            for (size_t i = 0; i < hands[p].size(); ++i) {
                const std::string path = "gameAnnotations.halflingHands[" + std::to_string(p) + "][" + std::to_string(i) + "]";
                const TileDef* def = catalog.find_tile(hands[p][i]);
                if (!def) fail(path, "unknown tile id " + hands[p][i]);
                if (!def->is_triangle()) fail(path, "tile " + hands[p][i] + " is not a triangle tile");
            }
    }
    if (saved.annotations.draw_order) {
        const auto& order = *saved.annotations.draw_order;
        for (size_t i = 0; i < order.size(); ++i)
            if (order[i] != "#END" && catalog.index_of(order[i]) < 0)
                fail("gameAnnotations.drawOrder[" + std::to_string(i) + "]", "unknown tile id " + order[i]);
    }
}

}  // namespace

std::string describe_pointer(const FeaturePointer& p) {
    return format_tile_ref(p.at) + " " + std::string(feature_kind_name(p.kind)) + " " + format_location(p.location);
}

Replay::Replay(SavedGame saved, const ReplayOptions& options) : saved_(std::move(saved)), registry_(options.registry) {
    if (saved_.annotations.seat_view) {
        const int seat = *saved_.annotations.seat_view;
        throw HostError(ErrorCategory::BadInput,
                        "gameAnnotations.seatView: this file is what " +
                            (seat < 0 ? std::string("a spectator") : "seat " + std::to_string(seat)) +
                            " could see of a game still being played (cloisterkit serve's download): other players' "
                            "hands and the initial random value are left out, so it cannot be replayed; download "
                            "the game again once it is over");
    }
    if (registry_ == nullptr) {
        owned_registry_ = std::make_unique<PluginRegistry>();
        PluginSearchOptions search;
        for (const auto& d : options.plugin_dirs) search.dirs.emplace_back(d);
        search.use_default_dirs = options.default_plugin_path;
        search.use_environment = options.default_plugin_path;
        owned_registry_->discover(search);
        registry_ = owned_registry_.get();
    }

    try {
        mapped_ = map_jcz_setup(saved_.setup, *registry_, saved_.annotations.rules);
        load_tiles(options, mapped_, catalog_);
        hook_time_budget_ = options.hook_time_budget;
        hooks_ = make_expansion_hooks(*registry_, mapped_.expansions, hook_time_budget_);
        check_tile_names(saved_, catalog_);
        setup_ = make_game_setup(saved_, catalog_, mapped_, hooks_.get());
    } catch (const HostError&) {
        // A game this host cannot set up that also holds messages no
        // expansion here writes: those say more about why (an expansion
        // this host does not have) than its tile sets or elements do.
        refuse_unknown_messages();
        throw;
    }
    try {
        game_ = std::make_unique<Game>(setup_);
    } catch (const HostError& e) {
        throw HostError(e.category(), std::string("setup: ") + e.what());
    }

    for (size_t i = 0; i < saved_.replay.size(); ++i) {
        const ReplayMessage& m = saved_.replay[i];
        try {
            apply(i, m);
        } catch (const HostError& e) {
            throw HostError(e.category(), "replay[" + std::to_string(i) + "] " +
                                              std::string(message_type_text(m)) + ": " + e.what());
        }
    }
    collect_notes();
}

void Replay::collect_notes() {
    if (!saved_.legacy_random()) return;
    notes_.push_back("JCloisterZone 5.7 format (initialSeed/salt): its random draws cannot be reproduced");
    if (tiles_from_messages_ > 0)
        notes_.push_back(std::to_string(tiles_from_messages_) +
                         " tile(s) taken from their PLACE_TILE messages, not drawn (no drawOrder entry for them)");
    if (game_->awaiting_caller_draw())
        notes_.push_back("the game rests in TilePhase with no tile drawn (JCloisterZone would have drawn one at random)");
}

Replay::~Replay() = default;

std::unique_ptr<ExpansionHooks> Replay::make_hooks() const {
    return make_expansion_hooks(*registry_, mapped_.expansions, hook_time_budget_);
}

void Replay::apply(size_t, const ReplayMessage& m) {
    // A message names the player who sent it; it must be the active one
    // (the file is not trusted to say so, issue 11 finding 5). After the
    // game is over it is nobody's turn: the phase check below says so.
    if (m.player && game_->phase() != Phase::GameOverPhase) {
        const size_t players = game_->player_count();
        const uint8_t active = game_->deciding_player();  // a movement step's player, else the turn's
        if (*m.player < 0 || static_cast<size_t>(*m.player) >= players)
            illegal("sent by player " + std::to_string(*m.player) + ", who does not exist (the game has " +
                    std::to_string(players) + " players, 0 to " + std::to_string(players - 1) + ")");
        if (*m.player != active)
            illegal("sent by player " + std::to_string(*m.player) + " (" + game_->player(static_cast<uint8_t>(*m.player)).name +
                    "), but it is player " + std::to_string(active) + "'s turn (" + game_->player(active).name + ")");
    }
    if (m.type == MessageType::Undo) {
        // jcz-interop §4.12: only messages of the current turn can be undone.
        if (undo_stack_.empty()) illegal("nothing to undo in this turn");
        *game_ = std::move(undo_stack_.back());
        undo_stack_.pop_back();
        return;
    }
    if (const auto* e = std::get_if<ExpansionMessage>(&m.payload);
        e != nullptr && !e->unknown_why.empty() && game_->phase() != Phase::DecisionPhase)
        illegal(e->unknown_why);
    // In a decision every message but UNDO is a choice, whatever its type
    // (an expansion may save a choice as one of JCloisterZone's own messages).
    if (!phase_accepts(game_->phase(), m.type) && game_->phase() != Phase::DecisionPhase)
        illegal("message " + std::string(message_type_name(m.type)) + " in phase " +
                std::string(phase_name(game_->phase())));

    // A tile taken from the message is drawn (or chosen from the hand)
    // before the UNDO copy, so that UNDO keeps it as JCZ keeps its drawn tile.
    if (m.type == MessageType::PlaceTile && game_->awaiting_tile_choice())
        choose_tile_from_message(std::get<PlaceTile>(m.payload));
    if (m.type == MessageType::PlaceTile && game_->awaiting_caller_draw())
        draw_from_message(std::get<PlaceTile>(m.payload));

    Game before = *game_;
    if (before.phase() == Phase::DecisionPhase) {  // a choice, whatever its type (UNDO returned above)
        apply_decision(m);
    } else {
        switch (m.type) {
            case MessageType::PlaceTile: apply_place_tile(std::get<PlaceTile>(m.payload)); break;
            case MessageType::DeployMeeple: apply_deploy_meeple(std::get<DeployMeeple>(m.payload)); break;
            case MessageType::PlaceToken: apply_place_token(std::get<PlaceToken>(m.payload)); break;
            case MessageType::ReturnMeeple: apply_return_meeple(std::get<ReturnMeeple>(m.payload)); break;
            case MessageType::MoveNeutralFigure:
                apply_move_neutral_figure(std::get<MoveNeutralFigure>(m.payload));
                break;
            case MessageType::Pass: game_->pass(); break;
            case MessageType::Commit: game_->commit(m.random); break;
            case MessageType::Decision:  // refused by phase_accepts outside a decision
            case MessageType::Undo: break;
        }
    }
    // The engine keeps a state for UNDO when the message carries no random
    // value (or 5.7 salt) and the same player is still active; otherwise the
    // turn is over. JCloisterZone forgets the turn's states after a step of
    // a movement, which other players choose (the dragon's).
    const bool movement_step = before.phase() == Phase::MovementPhase || before.phase() == Phase::DecisionPhase;
    if (!m.random && !m.salt && !movement_step && game_->active_player() == before.active_player()) {
        // Lenient PASSes change nothing and can repeat without end; each
        // would keep a copy of the game.
        if (undo_stack_.size() == limits::kMaxUndoStates)
            illegal("more than " + std::to_string(limits::kMaxUndoStates) +
                    " messages in one turn that UNDO could revert (the limit)");
        undo_stack_.push_back(std::move(before));
    } else {
        undo_stack_.clear();
    }
}

// halflings-geometry.md, "Saved games and scenarios": a tile id in the active player's
// hand means "play it instead of drawing"; any other id is a regular draw.
void Replay::choose_tile_from_message(const PlaceTile& p) {
    const int type = catalog_.index_of(p.tile_id);
    if (type < 0) illegal("unknown tile id " + p.tile_id);
    const auto& options = game_->tile_step_options();
    for (size_t i = 0; i < options.size(); ++i)
        if (options[i].tile_type == type) {
            game_->choose_tile_step_option(i);
            return;
        }
    const auto& hand = game_->player(game_->active_player()).hand;
    if (std::find(hand.begin(), hand.end(), static_cast<TileTypeId>(type)) != hand.end())
        illegal("tile " + p.tile_id + " is in player " + std::to_string(game_->active_player()) +
                "'s hand but fits nowhere on the board, so it cannot be played");
    game_->draw();
}

void Replay::draw_from_message(const PlaceTile& p) {
    const int type = catalog_.index_of(p.tile_id);
    if (type < 0) illegal("unknown tile id " + p.tile_id);
    try {
        game_->draw_tile(static_cast<TileTypeId>(type));
    } catch (const HostError& e) {
        illegal(std::string("cannot take the tile from the message: ") + e.what());
    }
    ++tiles_from_messages_;
}

void Replay::apply_place_tile(const PlaceTile& p) {
    const int type = catalog_.index_of(p.tile_id);
    if (type < 0) illegal("unknown tile id " + p.tile_id);
    const auto drawn = game_->drawn_tile();
    if (!drawn) illegal("no tile has been drawn");
    if (*drawn != type) {
        const auto& hand = game_->player(game_->active_player()).hand;
        const bool in_hand = std::find(hand.begin(), hand.end(), static_cast<TileTypeId>(type)) != hand.end();
        illegal("tile " + p.tile_id + " is not the drawn tile " + catalog_.tile(*drawn).id +
                (in_hand ? " (it is in player " + std::to_string(game_->active_player()) +
                               "'s hand but fits nowhere on the board, so a regular tile was drawn)"
                         : std::string()));
    }
    const TileDef& def = catalog_.tile(static_cast<TileTypeId>(type));
    Placement placement;
    placement.at = TileRef{p.position, def.is_triangle() ? corner_for_rotation(p.rotation) : Corner::None};
    placement.rotation = static_cast<uint8_t>(p.rotation & 3);
    const std::string problem = game_->placement_problem(static_cast<TileTypeId>(type), placement);
    if (!problem.empty())
        illegal("cannot place " + p.tile_id + " at " + format_tile_ref(placement.at) + " " +
                std::string(rotation_name(p.rotation)) + ": " + problem);
    game_->place_tile(static_cast<TileTypeId>(type), placement);
}

void Replay::check_pointer_corner(TileRef at) const {
    const Board::Cell* cell = game_->board().cell(at.pos);
    if (!cell || cell->empty()) return;  // "no tile there" is reported by the caller
    if (cell->square && at.corner != Corner::None)
        illegal("corner " + std::string(corner_name(at.corner)) + " on a pointer to the square tile at " +
                format_position(at.pos));
    if (!cell->square && at.corner == Corner::None)
        illegal("pointer to " + format_position(at.pos) + " needs a \"corner\": the space holds triangles");
}

FeaturePointer Replay::infer_feature(const DeployMeeple& d) const {
    const std::string where = format_tile_ref(d.pointer.at) + " " + format_location(d.pointer.location);
    const auto placed = game_->placed_this_turn();
    if (!placed || d.pointer.at != *placed)
        illegal("pointer " + where + " (no feature given) is not on the tile just placed" +
                (placed ? " at " + format_tile_ref(*placed) : std::string()));
    constexpr FeatureKind kKinds[] = {FeatureKind::Road, FeatureKind::City, FeatureKind::Monastery,
                                      FeatureKind::Field, FeatureKind::Garden};
    std::vector<FeaturePointer> matches;
    for (FeatureKind k : kKinds) {
        FeaturePointer p = d.pointer;
        p.kind = k;
        if (game_->part_at(p) >= 0) matches.push_back(p);
    }
    if (matches.size() == 1) return matches.front();
    if (matches.empty())
        illegal("pointer " + where + " (no feature given): no segment of the tile just placed has that location");
    std::string kinds;
    for (const auto& p : matches) kinds += (kinds.empty() ? "" : ", ") + std::string(feature_kind_name(p.kind));
    illegal("pointer " + where + " (no feature given) matches " + std::to_string(matches.size()) + " segments (" +
            kinds + "); the file must name the feature");
}

void Replay::apply_deploy_meeple(const DeployMeeple& given) {
    DeployMeeple d = given;
    if (!d.feature_given) {
        d.pointer = infer_feature(given);
        d.feature_given = true;
        ++inferred_features_;
    }
    const uint8_t active = game_->active_player();
    MeepleId id = game_->parse_meeple(d.meeple_id);
    if (id.player != active)
        illegal("meeple " + d.meeple_id + " belongs to player " + std::to_string(id.player) +
                ", not to the active player " + std::to_string(active));
    const uint32_t supply = game_->player(active).supply[id.kind];
    if (id.number < 1 || id.number > 32 || !(supply & (1u << (id.number - 1))))
        illegal("meeple " + d.meeple_id + " is not in player " + std::to_string(active) + "'s supply");

    check_pointer_corner(d.pointer.at);
    const FigureKind& kind = game_->figure_kinds()[id.kind];
    const auto& options = game_->meeple_options();
    const bool offered = std::any_of(options.begin(), options.end(), [&](const MeepleOption& o) {
        return o.pointer == d.pointer && o.kind == id.kind;
    });
    if (!offered) {
        const auto placed = game_->placed_this_turn();
        if (!placed || d.pointer.at != *placed || game_->part_at(d.pointer) < 0)
            illegal("pointer " + describe_pointer(d.pointer) + " is not a feature of the tile just placed" +
                    (placed ? " at " + format_tile_ref(*placed) : std::string()));
        if (d.pointer.kind == FeatureKind::Field && !game_->farmers())
            illegal("pointer " + describe_pointer(d.pointer) + " is a field, and farmers are not enabled");
        if (!kind.may_stand_on(d.pointer.kind))
            illegal("pointer " + describe_pointer(d.pointer) + " is a " + std::string(feature_kind_name(d.pointer.kind)) +
                    ", where the " + kind.name + " cannot go");
        illegal("pointer " + describe_pointer(d.pointer) + " is not offered: its feature already has a follower");
    }
    game_->deploy_meeple(d.pointer, id);
}

void Replay::apply_return_meeple(const ReturnMeeple& r) {
    const MeepleId id = game_->parse_meeple(r.meeple_id);
    const FigureKind& kind = game_->figure_kinds()[id.kind];
    // A source of an expansion's option (the princess): the option sending
    // back the figure standing there.
    const auto& options = game_->expansion_options();
    for (size_t i = 0; i < options.size(); ++i)
        if (options[i].return_source == r.source && options[i].at == r.pointer.at &&
            options[i].location == r.pointer.location) {
            const auto& figures = game_->figures();
            const bool there = std::any_of(figures.begin(), figures.end(), [&](const PlacedFigure& f) {
                return f.meeple == id && f.pointer == r.pointer;
            });
            if (!there) illegal("meeple " + r.meeple_id + " does not stand at " + describe_pointer(r.pointer));
            game_->apply_expansion_option(i);
            return;
        }
    if (std::any_of(options.begin(), options.end(), [&](const ExpansionOption& o) { return o.return_source == r.source; }))
        illegal("source " + r.source + " cannot take back the figure at " + describe_pointer(r.pointer) +
                " (not offered there)");
    if (!kind.returnable || kind.jcz_return_source != r.source)
        illegal("source " + r.source + " does not take back the " + kind.name +
                (kind.returnable ? " (its source is " + kind.jcz_return_source + ")" : " (it cannot be taken back)"));
    const auto& figures = game_->figures();
    const auto on_board = std::find_if(figures.begin(), figures.end(), [&](const PlacedFigure& f) { return f.meeple == id; });
    if (on_board == figures.end()) illegal("meeple " + r.meeple_id + " is not on the board");
    if (!(on_board->pointer == r.pointer))
        illegal("meeple " + r.meeple_id + " stands at " + describe_pointer(on_board->pointer) + ", not at " +
                describe_pointer(r.pointer));
    if (id.player != game_->active_player())
        illegal("meeple " + r.meeple_id + " belongs to player " + std::to_string(id.player) + ", not to the active player " +
                std::to_string(game_->active_player()));
    if (game_->feature_at(r.pointer).completed)
        illegal("meeple " + r.meeple_id + " stands on a completed feature, which scores instead of letting it return");
    game_->return_figure(id);
}

void Replay::apply_move_neutral_figure(const MoveNeutralFigure& n) {
    const auto& kinds = game_->neutral_figure_kinds();
    const auto kind = std::find_if(kinds.begin(), kinds.end(), [&](const NeutralFigureKind& k) { return k.jcz_id == n.figure_id; });
    if (kind == kinds.end()) illegal("no enabled expansion has the neutral figure " + n.figure_id);
    check_pointer_corner(n.at);
    const Location location = n.pointer ? n.pointer->location : 0;
    if (game_->phase() == Phase::MovementPhase) {
        const MovementOffer& offer = *game_->movement();
        if (kinds[offer.figure].jcz_id != n.figure_id)
            illegal("it is " + kinds[offer.figure].label + "'s movement, not " + kind->label + "'s");
        try {
            game_->choose_movement(MoveTarget{n.at, location});
        } catch (const HostError& e) {
            illegal(e.what());
        }
        return;
    }
    const auto& options = game_->expansion_options();
    for (size_t i = 0; i < options.size(); ++i)
        if (options[i].neutral_figure == kind->name && options[i].at == n.at && options[i].location == location) {
            if (!n.meeple_id.empty()) {
                const MeepleId id = game_->parse_meeple(n.meeple_id);
                const auto& figures = game_->figures();
                if (!std::any_of(figures.begin(), figures.end(), [&](const PlacedFigure& f) {
                        return f.meeple == id && f.pointer.at == n.at && f.pointer.location == location;
                    }))
                    illegal("meeple " + n.meeple_id + " does not stand at " + format_tile_ref(n.at) + " " +
                            format_location(location));
            }
            game_->apply_expansion_option(i);
            return;
        }
    illegal(kind->label + " cannot move to " + format_tile_ref(n.at) +
            (location ? " " + format_location(location) : std::string()) + " now (not offered)");
}

void Replay::apply_place_token(const PlaceToken& t) {
    check_pointer_corner(t.pointer);
    const auto& options = game_->expansion_options();
    for (size_t i = 0; i < options.size(); ++i) {
        if (options[i].token_kind == t.token && options[i].at == t.pointer) {
            game_->apply_expansion_option(i);
            return;
        }
    }
    std::string offered_at;
    for (const auto& o : options)
        if (o.token_kind == t.token) offered_at += (offered_at.empty() ? "" : ", ") + format_tile_ref(o.at);
    if (!offered_at.empty())
        illegal("token " + t.token + " cannot go at " + format_tile_ref(t.pointer) + " (offered at " + offered_at +
                ")");
    for (const auto* e : mapped_.expansions)
        for (const auto& k : e->token_kinds)
            if (k.kind == t.token)
                illegal("token " + t.token + " is not offered: player " + std::to_string(game_->active_player()) +
                        " has " + std::to_string(game_->player(game_->active_player()).token_count(t.token)) +
                        " left");
    illegal("unknown token " + t.token + " (no enabled expansion has it)");
}

void Replay::refuse_unknown_messages() const {
    for (size_t i = 0; i < saved_.replay.size(); ++i)
        if (const auto* e = std::get_if<ExpansionMessage>(&saved_.replay[i].payload); e && !e->unknown_why.empty())
            throw HostError(ErrorCategory::BadInput, "replay[" + std::to_string(i) + "].type: " + e->unknown_why);
}

void Replay::apply_decision(const ReplayMessage& m) {
    const Decision& d = *game_->decision();
    // Compared as unordered JSON: JCloisterZone need not write an object's
    // keys in the order the expansion did.
    const auto same = [&](const ExpansionMessage& expected) {
        if (expected.type != message_type_text(m)) return false;
        Json payload = message_payload(m);
        payload.erase("random");
        payload.erase("salt");
        return nlohmann::json::parse(payload.dump()) == nlohmann::json::parse(expected.payload.dump());
    };
    for (uint32_t i = 0; i < d.options.size(); ++i)
        if (same(decision_message(*game_, d.expansion, d.key, i, &d.options[i]))) {
            game_->choose_decision(i);
            return;
        }
    if (d.may_pass && same(decision_message(*game_, d.expansion, d.key, std::nullopt, nullptr, d.jcz_pass_type))) {
        game_->pass_decision();
        return;
    }
    std::string offered;
    for (size_t i = 0; i < d.options.size() && i < 5; ++i) offered += (i ? ", \"" : "\"") + d.options[i].label + "\"";
    if (d.options.size() > 5) offered += ", ...";
    illegal("message " + std::string(message_type_text(m)) + " " + message_payload(m).dump() +
            " is none of the choices of decision '" + d.key + "' for " + game_->player(d.player).name + " (" +
            std::to_string(d.options.size()) + " options: " + offered + (d.may_pass ? "; or pass" : "") + ")");
}

AssertionState assertion_state_of(const Game& game) {
    AssertionState s;
    for (const auto& p : game.players()) {
        s.player_names.push_back(p.name);
        s.totals.push_back(p.score);
    }
    for (const auto& e : game.score_log()) s.score_log.push_back({e.player, e.points, e.name});
    s.phase = std::string(phase_name(game.phase()));
    switch (game.phase()) {
        case Phase::ActionPhase: s.can_pass = true; break;
        case Phase::TilePhase:
        case Phase::CommitActionPhase:
        case Phase::MovementPhase: s.can_pass = false; break;
        case Phase::DecisionPhase: s.can_pass = game.decision() && game.decision()->may_pass; break;
        case Phase::GameOverPhase: break;  // no pending action
    }
    return s;
}

AssertionState Replay::assertion_state() const { return assertion_state_of(*game_); }

std::vector<AssertionResult> Replay::check_assertions() const {
    if (!saved_.test) return {};
    return evaluate_assertions(saved_.test->assertions, assertion_state());
}

}  // namespace ck::host::jcz
