#include "state_serializer.hpp"

#include "core/game.hpp"

namespace ck::host {
namespace {

fb::TileRef to_fb(TileRef r) { return fb::TileRef(r.pos.x, r.pos.y, static_cast<fb::Corner>(r.corner)); }

}  // namespace

bool StateSerializer::tail_matches(const Game& game, const std::vector<std::string>& token_kinds) const {
    if (!has_tail_ || key_.catalog != &game.catalog() || key_.tile_count != game.catalog().tile_count()) return false;
    const auto& players = game.players();
    if (players.size() != key_.player_names.size()) return false;
    for (size_t p = 0; p < players.size(); ++p)
        if (players[p].name != key_.player_names[p]) return false;
    return key_.expansions == game.expansions() && key_.token_kinds == token_kinds && key_.rules == game.rules();
}

void StateSerializer::build_tail(const Game& game, const std::vector<std::string>& token_kinds) {
    key_.catalog = &game.catalog();
    key_.tile_count = game.catalog().tile_count();
    key_.rules = game.rules();
    key_.expansions = game.expansions();
    key_.player_names.clear();
    for (const auto& p : game.players()) key_.player_names.push_back(p.name);
    key_.token_kinds = token_kinds;

    flatbuffers::FlatBufferBuilder b(4096);
    b.Align(8);  // the tail starts the buffer: give it the buffer's alignment
    Tail t;
    std::vector<flatbuffers::Offset<flatbuffers::String>> strings;
    for (size_t i = 0; i < key_.tile_count; ++i)
        strings.push_back(b.CreateString(game.catalog().tile(static_cast<TileTypeId>(i)).id));
    t.tile_types = b.CreateVector(strings);
    std::vector<flatbuffers::Offset<fb::KeyValue>> rules;
    for (const auto& [k, v] : key_.rules) rules.push_back(fb::CreateKeyValueDirect(b, k.c_str(), v.c_str()));
    t.rules = b.CreateVector(rules);  // std::map order is the key order the schema asks for
    for (const auto& id : key_.expansions) t.expansion_ids.push_back(b.CreateString(id));
    t.expansions = b.CreateVector(t.expansion_ids);
    for (const auto& name : key_.player_names) t.player_names.push_back(b.CreateString(name));
    for (const auto& kind : token_kinds) t.token_kinds.emplace_back(kind, b.CreateString(kind));
    b.Align(8);
    // Raw bytes of everything built so far: offsets into them count from
    // the end, so they stay valid wherever the bytes are pushed first.
    t.bytes.assign(b.GetCurrentBufferPointer(), b.GetCurrentBufferPointer() + b.GetSize());
    tail_ = std::move(t);
    has_tail_ = true;
    ++tail_builds_;
}

flatbuffers::Offset<flatbuffers::String> StateSerializer::kind_string(const std::string& kind) {
    for (const auto& [k, off] : tail_.token_kinds)
        if (k == kind) return off;
    for (const auto& [k, off] : extra_kinds_)
        if (k == kind) return off;
    const auto off = builder_.CreateString(kind);
    extra_kinds_.emplace_back(kind, off);
    return off;
}

ck_bytes StateSerializer::serialize(const Game& game, const std::vector<std::string>& token_kinds) {
    if (!tail_matches(game, token_kinds)) build_tail(game, token_kinds);
    auto& b = builder_;
    b.Clear();
    b.PushBytes(tail_.bytes.data(), tail_.bytes.size());
    b.Align(8);  // also makes the finished buffer 8-byte aligned
    extra_kinds_.clear();

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

    tokens_.clear();
    for (const auto& t : game.tokens()) {
        const auto kind = kind_string(t.kind);
        const fb::TileRef at = to_fb(t.at);
        tokens_.push_back(fb::CreatePlacedToken(b, kind, &at, t.placed_by, t.turn));
    }
    const auto token_vec = b.CreateVector(tokens_);

    players_.clear();
    const auto& players = game.players();
    for (size_t p = 0; p < players.size(); ++p) {
        stocks_.clear();
        for (const auto& [kind, count] : players[p].tokens)
            stocks_.push_back(fb::CreateTokenStock(b, kind_string(kind), count));
        const auto stocks = b.CreateVector(stocks_);
        players_.push_back(fb::CreatePlayer(b, static_cast<uint8_t>(p), tail_.player_names[p], players[p].score,
                                            static_cast<uint8_t>(players[p].followers_in_supply()), stocks));
    }
    const auto player_vec = b.CreateVector(players_);

    data_.clear();
    for (const auto& [id, bytes] : game.expansion_data()) {
        flatbuffers::Offset<flatbuffers::String> id_off;
        for (size_t i = 0; i < key_.expansions.size() && id_off.IsNull(); ++i)
            if (key_.expansions[i] == id) id_off = tail_.expansion_ids[i];
        if (id_off.IsNull()) id_off = b.CreateString(id);
        data_.push_back(fb::CreateExpansionData(b, id_off, b.CreateVector(bytes)));
    }
    const auto data_vec = b.CreateVector(data_);

    const auto placed_this_turn = game.placed_this_turn();
    const fb::TileRef placed_ref = placed_this_turn ? to_fb(*placed_this_turn) : fb::TileRef();
    const auto turn = fb::CreateTurnInfo(b, game.turn_number(), game.active_player(),
                                         static_cast<fb::Phase>(game.phase()), placed_this_turn.has_value(),
                                         placed_this_turn ? &placed_ref : nullptr, game.figure_action_taken());

    fb::GameStateBuilder gs(b);
    gs.add_schema_revision(CK_SCHEMA_REVISION);
    gs.add_tile_types(tail_.tile_types);
    gs.add_tiles(tiles);
    gs.add_figures(figs);
    gs.add_tokens(token_vec);
    gs.add_players(player_vec);
    gs.add_rules(tail_.rules);
    gs.add_expansions(tail_.expansions);
    gs.add_expansion_data(data_vec);
    gs.add_turn(turn);
    gs.add_tiles_left(game.tiles_left());
    b.Finish(gs.Finish(), fb::GameStateIdentifier());
    return ck_bytes{b.GetBufferPointer(), b.GetSize()};
}

}  // namespace ck::host
