#include "state_serializer.hpp"

#include <algorithm>
#include <cstring>

#include "core/errors.hpp"
#include "core/game.hpp"
#include "core/tile_def.hpp"
#include "decision_tables.hpp"
#include <cloisterkit/schemas/game_setup_generated.h>

namespace ck::host {
namespace {

fb::TileRef to_fb(TileRef r) { return fb::TileRef(r.pos.x, r.pos.y, static_cast<fb::Corner>(r.corner)); }

// GameSetup.tile_marks' segment for a mark of the tile itself (game_setup.fbs).
constexpr uint8_t kTileItselfMark = 255;

// GameSetup.mark_names: the tile markers, then the segment attributes' names.
std::vector<std::string> mark_names_of(const Game& game) {
    std::vector<std::string> names;
    for (const TileMarker& m : game.tile_markers()) names.push_back(m.name);
    for (const SegmentAttribute& a : game.segment_attributes())
        if (std::find(names.begin(), names.end(), a.name) == names.end()) names.push_back(a.name);
    return names;
}

std::vector<std::string> neutral_figures_of(const Game& game) {
    std::vector<std::string> out;
    for (const NeutralFigureKind& k : game.neutral_figure_kinds()) {
        out.push_back(k.name);
        out.push_back(k.expansion);
        out.push_back(k.label);
    }
    return out;
}

}  // namespace

void StateSerializer::set_tile_value_keys(std::vector<TileValueKey> keys) {
    if (keys.size() > kTileItselfMark)
        throw HostError(std::to_string(keys.size()) + " tile values declared; a game holds at most 255");
    value_keys_ = std::move(keys);
    has_setup_ = false;
}

// The declared values tile type `type` carries, by segment (the tile's own
// last), appended to `out`; each text once in `texts`.
static void append_tile_values(const TileDef& tile, uint16_t type, const std::vector<TileValueKey>& keys,
                        std::vector<fb::TileValue>& out, std::vector<std::string>& texts) {
    const size_t first = out.size();
    for (const TileAttributeValue& v : tile.values) {
        const auto key = std::find_if(keys.begin(), keys.end(), [&](const TileValueKey& k) {
            return k.element == v.element && k.attribute == v.attribute;
        });
        if (key == keys.end()) continue;
        auto text = std::find(texts.begin(), texts.end(), v.value);
        if (text == texts.end()) {
            if (texts.size() > UINT16_MAX)
                throw HostError("more than 65,536 distinct tile values in one game's tiles");
            text = texts.insert(texts.end(), v.value);
        }
        out.emplace_back(type, v.segment, static_cast<uint8_t>(key - keys.begin()),
                         static_cast<uint16_t>(text - texts.begin()));
    }
    std::stable_sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(),
                     [](const fb::TileValue& a, const fb::TileValue& b) { return a.segment() < b.segment(); });
}

bool StateSerializer::setup_matches(const Game& game, const std::vector<std::string>& token_kinds) {
    if (!has_setup_) return false;
    // A game (or a copy of it) seen before: its constants cannot have changed.
    if (key_.setup_id == game.setup_id()) return key_.declared_kinds == token_kinds;
    if (key_.catalog != &game.catalog() || key_.tile_count != game.catalog().tile_count()) return false;
    const auto& players = game.players();
    if (players.size() != key_.player_names.size()) return false;
    for (size_t p = 0; p < players.size(); ++p)
        if (players[p].name != key_.player_names[p]) return false;
    if (key_.expansions != game.expansions() || key_.declared_kinds != token_kinds || key_.rules != game.rules() ||
        key_.figure_kinds != game.figure_kind_ids() || key_.mark_names != mark_names_of(game) ||
        key_.neutral_figures != neutral_figures_of(game) || key_.edge_kind != game.edge_kind())
        return false;
    key_.setup_id = game.setup_id();  // a new game with the same constants: remember it
    return true;
}

void StateSerializer::build_setup(const Game& game, const std::vector<std::string>& token_kinds) {
    key_.setup_id = game.setup_id();
    key_.catalog = &game.catalog();
    key_.tile_count = game.catalog().tile_count();
    key_.rules = game.rules();
    key_.expansions = game.expansions();
    key_.player_names.clear();
    for (const auto& p : game.players()) key_.player_names.push_back(p.name);
    key_.declared_kinds = token_kinds;
    key_.token_kinds = token_kinds;
    key_.figure_kinds = game.figure_kind_ids();  // "small" first
    key_.mark_names = mark_names_of(game);
    key_.neutral_figures = neutral_figures_of(game);
    key_.edge_kind = game.edge_kind();
    key_.figure_strengths.clear();
    for (const FigureKind& k : game.figure_kinds())
        key_.figure_strengths.push_back(static_cast<uint8_t>(std::clamp(k.strength, 0, 255)));
    kind_keys_.clear();
    for (const auto& kind : token_kinds) kind_keys_.push_back(kind_key(kind));
    tile_ids_.clear();
    tile_segments_.clear();
    tile_shapes_.clear();
    tile_marks_.clear();
    tile_values_.clear();
    value_texts_.clear();
    edge_sides_.clear();
    const size_t markers = game.tile_markers().size();
    const auto mark_index = [&](std::string_view name, size_t from) -> int {
        for (size_t m = from; m < key_.mark_names.size(); ++m)
            if (key_.mark_names[m] == name) return static_cast<int>(m);
        return -1;
    };
    for (size_t i = 0; i < key_.tile_count; ++i) {
        const TileDef& tile = game.catalog().tile(static_cast<TileTypeId>(i));
        const auto type = static_cast<uint16_t>(i);
        tile_ids_.push_back(tile.id);
        tile_shapes_.push_back(static_cast<fb::TileShape>(tile.shape));
        for (const Segment& seg : tile.segments)
            tile_segments_.emplace_back(seg.location, type, static_cast<fb::FeatureKind>(seg.kind), seg.pennants);
        if (!value_keys_.empty()) append_tile_values(tile, type, value_keys_, tile_values_, value_texts_);
        if (const uint8_t sides = game.tile_table()[type].rotations[0].special; sides != 0)
            edge_sides_.emplace_back(type, 0, sides);
        for (size_t m = 0; m < markers; ++m)
            if (tile.has_marker(key_.mark_names[m])) tile_marks_.emplace_back(type, kTileItselfMark, static_cast<uint8_t>(m));
        for (size_t j = 0; j < tile.segments.size() && j < kTileItselfMark; ++j)
            for (const std::string& attribute : tile.segments[j].true_attributes)
                for (const SegmentAttribute& a : game.segment_attributes())
                    if (a.name == attribute && a.kind == tile.segments[j].kind) {
                        const int m = mark_index(attribute, markers);
                        if (m >= 0) tile_marks_.emplace_back(type, static_cast<uint8_t>(j), static_cast<uint8_t>(m));
                        break;
                    }
    }
    has_setup_ = true;
    write_setup_bytes();
}

void StateSerializer::write_setup_bytes() {
    flatbuffers::FlatBufferBuilder b(4 * 1024);
    std::vector<flatbuffers::Offset<fb::KeyValue>> rules;
    for (const auto& [k, v] : key_.rules) rules.push_back(fb::CreateKeyValueDirect(b, k.c_str(), v.c_str()));
    const auto strings = [&b](const std::vector<std::string>& list) { return b.CreateVectorOfStrings(list); };
    // std::map order is the key order the schema asks for.
    std::vector<flatbuffers::Offset<fb::NeutralFigureInfo>> neutral;
    for (size_t i = 0; i + 2 < key_.neutral_figures.size(); i += 3) {
        const auto expansion = std::find(key_.expansions.begin(), key_.expansions.end(), key_.neutral_figures[i + 1]);
        neutral.push_back(fb::CreateNeutralFigureInfo(b, b.CreateString(key_.neutral_figures[i]),
                                                      static_cast<uint16_t>(expansion - key_.expansions.begin()),
                                                      b.CreateString(key_.neutral_figures[i + 2])));
    }
    // Revision 9: absent when no expansion declares a tile value.
    flatbuffers::Offset<flatbuffers::Vector<const fb::TileValue*>> values;
    flatbuffers::Offset<flatbuffers::Vector<flatbuffers::Offset<fb::TileValueKey>>> value_keys;
    flatbuffers::Offset<flatbuffers::Vector<flatbuffers::Offset<flatbuffers::String>>> value_texts;
    if (!value_keys_.empty()) {
        std::vector<flatbuffers::Offset<fb::TileValueKey>> keys;
        for (const TileValueKey& k : value_keys_)
            keys.push_back(fb::CreateTileValueKeyDirect(b, k.element.c_str(), k.attribute.c_str()));
        values = b.CreateVectorOfStructs(tile_values_);
        value_keys = b.CreateVector(keys);
        value_texts = strings(value_texts_);
    }
    // Revision 12: absent when the game has no edge kind.
    flatbuffers::Offset<flatbuffers::Vector<flatbuffers::Offset<flatbuffers::String>>> edge_kinds;
    flatbuffers::Offset<flatbuffers::Vector<const fb::TileEdgeSides*>> edge_sides;
    if (!key_.edge_kind.empty()) {
        edge_kinds = strings({key_.edge_kind});
        edge_sides = b.CreateVectorOfStructs(edge_sides_);
    }
    const auto setup = fb::CreateGameSetup(b, strings(tile_ids_), b.CreateVector(rules), strings(key_.expansions),
                                           strings(key_.player_names), strings(key_.token_kinds),
                                           strings(key_.figure_kinds), b.CreateVectorOfStructs(tile_segments_),
                                           b.CreateVector(tile_shapes_), b.CreateVectorOfStructs(tile_marks_),
                                           strings(key_.mark_names), b.CreateVector(neutral), values, value_keys,
                                           value_texts, edge_kinds, edge_sides,
                                           b.CreateVector(key_.figure_strengths));
    fb::FinishGameSetupBuffer(b, setup);
    setup_bytes_.assign(b.GetBufferPointer(), b.GetBufferPointer() + b.GetSize());
    setup_dirty_ = false;
    ++setup_builds_;
}

StateSerializer::KindKey StateSerializer::kind_key(const std::string& kind) {
    KindKey k{kind.size(), 0};
    std::memcpy(&k.head, kind.data(), std::min(kind.size(), sizeof(k.head)));
    return k;
}

uint16_t StateSerializer::kind_index(const std::string& kind) {
    // Called for every placed token and stock of every state: compare the
    // length and the first 8 bytes as integers before any memcmp.
    const KindKey key = kind_key(kind);
    for (size_t i = 0; i < kind_keys_.size(); ++i)
        if (kind_keys_[i] == key &&
            (key.size <= sizeof(key.head) || key_.token_kinds[i].compare(sizeof(key.head), std::string::npos, kind,
                                                                         sizeof(key.head), std::string::npos) == 0))
            return static_cast<uint16_t>(i);
    // A kind no enabled expansion declares (a test's own module): it joins
    // the setup, which is rebuilt before this state is finished.
    if (key_.token_kinds.size() >= 0xFFFF) throw HostError("more than 65535 token kinds in one game");
    key_.token_kinds.push_back(kind);
    kind_keys_.push_back(key);
    setup_dirty_ = true;
    return static_cast<uint16_t>(key_.token_kinds.size() - 1);
}

uint16_t StateSerializer::expansion_index(const std::string& id) const {
    for (size_t i = 0; i < key_.expansions.size(); ++i)
        if (key_.expansions[i] == id) return static_cast<uint16_t>(i);
    throw HostError("expansion data of '" + id + "', which is not enabled in the game");
}

ck_bytes StateSerializer::serialize(const Game& game, const std::vector<std::string>& token_kinds) {
    if (!setup_matches(game, token_kinds)) build_setup(game, token_kinds);

    // The lists that need token kinds first: an unknown kind changes the setup.
    tokens_.clear();
    for (const PlacedToken& t : game.tokens()) tokens_.emplace_back(to_fb(t.at), kind_index(t.kind), t.placed_by, t.turn);
    stocks_.clear();
    players_.clear();
    hands_.clear();
    figure_stocks_.clear();
    const size_t figure_kinds = key_.figure_kinds.size();
    const auto& players = game.players();
    for (size_t p = 0; p < players.size(); ++p) {
        const auto seat = static_cast<uint8_t>(p);
        players_.emplace_back(players[p].score, static_cast<uint8_t>(players[p].followers_in_supply()));
        for (const auto& [kind, count] : players[p].tokens) stocks_.emplace_back(seat, kind_index(kind), count);
        for (TileTypeId t : players[p].hand) hands_.emplace_back(seat, t);
        for (size_t k = 1; k < figure_kinds; ++k)
            figure_stocks_.emplace_back(seat, static_cast<uint8_t>(k),
                                        static_cast<uint8_t>(players[p].figures_in_supply(k)));
    }
    if (setup_dirty_) write_setup_bytes();

    auto& b = builder_;
    b.Clear();
    // Vectors of structs, copied in one go. (Not CreateUninitializedVectorOfStructs:
    // in flatbuffers 2.0.8 it aligns to sizeof(T), which breaks the buffer
    // for structs like PlacedTile whose size is not a power of two.)
    tiles_.clear();
    for (const auto& t : game.placed_tiles()) tiles_.emplace_back(to_fb(t.at), t.rotation, t.type);
    const auto tiles = b.CreateVectorOfStructs(tiles_.data(), tiles_.size());
    figures_.clear();
    for (const auto& f : game.figures())
        figures_.emplace_back(to_fb(f.pointer.at), f.pointer.location, game.feature_of(f.part),
                              static_cast<fb::FeatureKind>(f.pointer.kind), f.meeple.kind, f.meeple.player);
    const auto figs = b.CreateVectorOfStructs(figures_.data(), figures_.size());
    const auto token_vec = b.CreateVectorOfStructs(tokens_.data(), tokens_.size());
    const auto player_vec = b.CreateVectorOfStructs(players_.data(), players_.size());
    const auto stock_vec = b.CreateVectorOfStructs(stocks_.data(), stocks_.size());
    const auto hand_vec = b.CreateVectorOfStructs(hands_.data(), hands_.size());
    const auto figure_stock_vec = b.CreateVectorOfStructs(figure_stocks_.data(), figure_stocks_.size());
    neutral_.clear();
    for (size_t i = 0; i < game.neutral_figures().size(); ++i)
        if (const auto& spot = game.neutral_figures()[i]) {
            const MeepleId next_to = spot->next_to.value_or(MeepleId{0, 0, 0});
            neutral_.emplace_back(to_fb(spot->at), spot->location, static_cast<uint8_t>(i), next_to.player, next_to.kind,
                                  spot->next_to ? next_to.number : uint8_t{0});
        }
    const auto neutral_vec = b.CreateVectorOfStructs(neutral_.data(), neutral_.size());

    data_.clear();
    for (const auto& [id, bytes] : game.expansion_data())
        data_.push_back(fb::CreateExpansionData(b, expansion_index(id), b.CreateVector(bytes)));
    const auto data_vec = b.CreateVector(data_);
    // Not needed by the setup itself (4-byte alignment is enough for it), but
    // it raises the buffer's alignment to 8, so `data` is 8-byte aligned.
    b.ForceVectorAlignment(setup_bytes_.size(), 1, 8);

    const auto setup = b.CreateVector(setup_bytes_);

    // The open decision: the offering expansion's index in the game's list
    // is its index in GameSetup.expansions (both follow the enabled order).
    flatbuffers::Offset<fb::PendingDecision> pending;
    if (const auto& d = game.decision(); d && game.phase() == Phase::DecisionPhase)
        pending = pending_decision_table(b, *d, static_cast<uint16_t>(d->expansion));

    const auto placed_this_turn = game.placed_this_turn();
    const fb::TurnInfo turn(game.turn_number(), game.active_player(), static_cast<fb::Phase>(game.phase()),
                            placed_this_turn.has_value(), game.figure_action_taken(),
                            placed_this_turn ? to_fb(*placed_this_turn) : fb::TileRef(),
                            game.drawn_tile().has_value(), game.tile_from_hand(), game.drawn_tile().value_or(0));

    fb::GameStateBuilder gs(b);
    gs.add_schema_revision(CK_SCHEMA_REVISION);
    gs.add_setup(setup);
    gs.add_tiles(tiles);
    gs.add_figures(figs);
    gs.add_tokens(token_vec);
    gs.add_players(player_vec);
    gs.add_token_stocks(stock_vec);
    gs.add_figure_stocks(figure_stock_vec);
    gs.add_hands(hand_vec);
    gs.add_expansion_data(data_vec);
    gs.add_turn(&turn);
    gs.add_tiles_left(game.tiles_left());
    gs.add_neutral_figures(neutral_vec);
    if (!pending.IsNull()) gs.add_pending_decision(pending);
    gs.add_turn_part(game.turn_part());  // the default 1 is written as nothing
    gs.add_extra_turn(game.extra_turn_granted());
    b.Finish(gs.Finish(), fb::GameStateIdentifier());
    return ck_bytes{b.GetBufferPointer(), b.GetSize()};
}

ck_bytes StateSerializer::patch_scores(const Game& game) {
    auto& b = builder_;
    auto* players = fb::GetMutableGameState(b.GetBufferPointer())->mutable_players();
    const auto& scores = game.players();
    for (flatbuffers::uoffset_t p = 0; p < players->size() && p < scores.size(); ++p)
        players->GetMutableObject(p)->mutate_score(scores[p].score);
    return ck_bytes{b.GetBufferPointer(), b.GetSize()};
}

}  // namespace ck::host
