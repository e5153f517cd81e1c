#include "state_serializer.hpp"

#include "core/game.hpp"

namespace ck::host {
namespace {

fb::TileRef to_fb(TileRef r) { return fb::TileRef(r.pos.x, r.pos.y, static_cast<fb::Corner>(r.corner)); }

}  // namespace

bool StateSerializer::constants_match(const Game& game, const std::vector<std::string>& token_kinds) {
    if (!has_tail_) return false;
    // A game (or a copy of it) seen before: its constants cannot have changed.
    if (key_.setup_id == game.setup_id()) return key_.token_kinds == token_kinds;
    if (key_.catalog != &game.catalog() || key_.tile_count != game.catalog().tile_count()) return false;
    const auto& players = game.players();
    if (players.size() != key_.player_names.size()) return false;
    for (size_t p = 0; p < players.size(); ++p)
        if (players[p].name != key_.player_names[p]) return false;
    if (key_.expansions != game.expansions() || key_.token_kinds != token_kinds || key_.rules != game.rules()) return false;
    key_.setup_id = game.setup_id();  // a new game with the same constants: remember it
    return true;
}

bool StateSerializer::tokens_extend_tail(const Game& game) const {
    const auto& tokens = game.tokens();
    if (tokens.size() < tail_tokens_.size()) return false;
    for (size_t i = 0; i < tail_tokens_.size(); ++i) {
        const TailToken& t = tail_tokens_[i];
        if (tokens[i].at != t.at || tokens[i].placed_by != t.placed_by || tokens[i].turn != t.turn ||
            tokens[i].kind != t.kind)
            return false;
    }
    return true;
}

void StateSerializer::build_constants(const Game& game, const std::vector<std::string>& token_kinds) {
    key_.setup_id = game.setup_id();
    key_.catalog = &game.catalog();
    key_.tile_count = game.catalog().tile_count();
    key_.rules = game.rules();
    key_.expansions = game.expansions();
    key_.player_names.clear();
    for (const auto& p : game.players()) key_.player_names.push_back(p.name);
    key_.token_kinds = token_kinds;

    auto& b = tail_;
    b.Clear();
    b.Align(8);  // the tail starts the buffer: give it the buffer's alignment
    std::vector<StringOffset> strings;
    for (size_t i = 0; i < key_.tile_count; ++i)
        strings.push_back(b.CreateString(game.catalog().tile(static_cast<TileTypeId>(i)).id));
    tile_types_ = b.CreateVector(strings);
    std::vector<flatbuffers::Offset<fb::KeyValue>> rules;
    for (const auto& [k, v] : key_.rules) rules.push_back(fb::CreateKeyValueDirect(b, k.c_str(), v.c_str()));
    rules_ = b.CreateVector(rules);  // std::map order is the key order the schema asks for
    expansion_ids_.clear();
    for (const auto& id : key_.expansions) expansion_ids_.push_back(b.CreateString(id));
    expansions_ = b.CreateVector(expansion_ids_);
    player_names_.clear();
    for (const auto& name : key_.player_names) player_names_.push_back(b.CreateString(name));
    kinds_.clear();
    for (const auto& kind : token_kinds) kinds_.emplace_back(kind, b.CreateString(kind));
    tail_tokens_.clear();
    token_offsets_.clear();
    has_tail_ = true;
    ++tail_builds_;
}

StateSerializer::StringOffset StateSerializer::tail_kind(const std::string& kind) {
    for (const auto& [k, off] : kinds_)
        if (k == kind) return off;
    const auto off = tail_.CreateString(kind);
    kinds_.emplace_back(kind, off);
    return off;
}

void StateSerializer::extend_tail(const Game& game) {
    // Every kind a player holds must be in the tail before it is copied.
    for (const auto& p : game.players())
        for (const auto& stock : p.tokens) tail_kind(stock.first);
    const auto& tokens = game.tokens();
    for (size_t i = tail_tokens_.size(); i < tokens.size(); ++i) {
        const PlacedToken& t = tokens[i];
        const auto kind = tail_kind(t.kind);
        const fb::TileRef at = to_fb(t.at);
        token_offsets_.push_back(fb::CreatePlacedToken(tail_, kind, &at, t.placed_by, t.turn));
        tail_tokens_.push_back({t.kind, t.at, t.placed_by, t.turn});
    }
}

ck_bytes StateSerializer::serialize(const Game& game, const std::vector<std::string>& token_kinds) {
    if (!constants_match(game, token_kinds) || !tokens_extend_tail(game)) build_constants(game, token_kinds);
    extend_tail(game);
    auto& b = builder_;
    b.Clear();
    // The tail's offsets count from the end of its bytes, so they stay valid
    // when the bytes open a new buffer.
    b.PushBytes(tail_.GetCurrentBufferPointer(), tail_.GetSize());
    b.Align(8);  // also makes the finished buffer 8-byte aligned

    // Tiles and figures: vectors of structs, converted into reused scratch
    // vectors and copied in one go. (Not CreateUninitializedVectorOfStructs:
    // in flatbuffers 2.0.8 it aligns to sizeof(T), which breaks the buffer
    // for structs like PlacedTile whose size is not a power of two.)
    tiles_.clear();
    for (const auto& t : game.placed_tiles()) tiles_.emplace_back(to_fb(t.at), t.rotation, t.type);
    const auto tiles = b.CreateVectorOfStructs(tiles_.data(), tiles_.size());
    figures_.clear();
    for (const auto& f : game.figures())
        figures_.emplace_back(to_fb(f.pointer.at), f.pointer.location, game.feature_of(f.part),
                              static_cast<fb::FeatureKind>(f.pointer.kind), fb::FigureKind::SmallFollower, f.meeple.player);
    const auto figs = b.CreateVectorOfStructs(figures_.data(), figures_.size());
    const auto token_vec = b.CreateVector(token_offsets_);

    players_.clear();
    const auto& players = game.players();
    for (size_t p = 0; p < players.size(); ++p) {
        stocks_.clear();
        for (const auto& [kind, count] : players[p].tokens) stocks_.push_back(fb::CreateTokenStock(b, tail_kind(kind), count));
        const auto stocks = b.CreateVector(stocks_);
        const auto hand = players[p].hand.empty() ? flatbuffers::Offset<flatbuffers::Vector<uint16_t>>()
                                                  : b.CreateVector(players[p].hand);
        players_.push_back(fb::CreatePlayer(b, static_cast<uint8_t>(p), player_names_[p], players[p].score,
                                            static_cast<uint8_t>(players[p].followers_in_supply()), stocks, hand));
    }
    const auto player_vec = b.CreateVector(players_);

    data_.clear();
    for (const auto& [id, bytes] : game.expansion_data()) {
        StringOffset id_off;
        for (size_t i = 0; i < key_.expansions.size() && id_off.IsNull(); ++i)
            if (key_.expansions[i] == id) id_off = expansion_ids_[i];
        if (id_off.IsNull()) id_off = b.CreateString(id);
        data_.push_back(fb::CreateExpansionData(b, id_off, b.CreateVector(bytes)));
    }
    const auto data_vec = b.CreateVector(data_);

    const auto placed_this_turn = game.placed_this_turn();
    const fb::TileRef placed_ref = placed_this_turn ? to_fb(*placed_this_turn) : fb::TileRef();
    const auto turn = fb::CreateTurnInfo(b, game.turn_number(), game.active_player(),
                                         static_cast<fb::Phase>(game.phase()), placed_this_turn.has_value(),
                                         placed_this_turn ? &placed_ref : nullptr, game.figure_action_taken(),
                                         game.drawn_tile().has_value(), game.drawn_tile().value_or(0),
                                         game.tile_from_hand());

    fb::GameStateBuilder gs(b);
    gs.add_schema_revision(CK_SCHEMA_REVISION);
    gs.add_tile_types(tile_types_);
    gs.add_tiles(tiles);
    gs.add_figures(figs);
    gs.add_tokens(token_vec);
    gs.add_players(player_vec);
    gs.add_rules(rules_);
    gs.add_expansions(expansions_);
    gs.add_expansion_data(data_vec);
    gs.add_turn(turn);
    gs.add_tiles_left(game.tiles_left());
    b.Finish(gs.Finish(), fb::GameStateIdentifier());
    return ck_bytes{b.GetBufferPointer(), b.GetSize()};
}

}  // namespace ck::host
