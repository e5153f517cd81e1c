#include "state_verification.hpp"

#include <string>

#include "errors.hpp"
#include "verified_state_cache.hpp"

namespace ck::sdk::detail {
namespace {

template <class V>
size_t size_of(const V* v) {
    return v == nullptr ? 0 : v->size();
}

// An index field of a vector's structs, and what it indexes.
template <class Field>
struct IndexField {
    Field field;
    size_t limit;
    const char* name;
    const char* of;
};
template <class Field>
IndexField(Field, size_t, const char*, const char*) -> IndexField<Field>;

// Index fields of every element of a vector of structs, in one pass. The
// common case (all in range) is a tight loop; only a failure builds a
// message: "state: tiles[3].tile_type is 99, but there are 40 tile types".
template <class T, class... Fields>
bool indices_ok(const flatbuffers::Vector<const T*>* v, const char* list, ck_error* err,
                const IndexField<Fields>&... fields) {
    if (v == nullptr) return true;
    const T* items = reinterpret_cast<const T*>(v->Data());  // a vector of structs is an array of them
    const size_t n = v->size();
    bool in_range = true;
    for (size_t i = 0; i < n; ++i)
        in_range &= ((static_cast<size_t>(fields.field(items[i])) < fields.limit) & ...);
    if (in_range) return true;
    for (size_t i = 0; i < n; ++i) {
        const auto report = [&](const auto& f) {
            const size_t value = f.field(items[i]);
            if (value < f.limit) return false;
            fail(err, CK_E_BAD_BUFFER,
                 std::string("state: ") + list + "[" + std::to_string(i) + "]." + f.name + " is " +
                     std::to_string(value) + ", but there are " + std::to_string(f.limit) + " " + f.of);
            return true;
        };
        if ((report(fields) || ...)) return false;
    }
    return false;
}

// The indices of a structurally verified state, against its setup.
ck_status check_indices(const fb::GameState& s, const fb::GameSetup& setup, ck_error* err) {
    const size_t players = size_of(s.players());
    if (size_of(setup.player_names()) != players)
        return fail(err, CK_E_BAD_BUFFER,
                    "state: " + std::to_string(players) + " players but the setup names " +
                        std::to_string(size_of(setup.player_names())));
    const size_t tile_types = size_of(setup.tile_types());
    const size_t token_kinds = size_of(setup.token_kinds());
    const size_t figure_kinds = size_of(setup.figure_kinds());
    const bool ok =
        indices_ok(s.tiles(), "tiles", err,
                   IndexField{[](const fb::PlacedTile& t) { return t.tile_type(); }, tile_types, "tile_type",
                              "tile types"}) &&
        indices_ok(s.figures(), "figures", err,
                   IndexField{[](const fb::PlacedFigure& f) { return f.kind(); }, figure_kinds, "kind",
                              "figure kinds"},
                   IndexField{[](const fb::PlacedFigure& f) { return f.owner(); }, players, "owner", "players"}) &&
        indices_ok(s.tokens(), "tokens", err,
                   IndexField{[](const fb::PlacedToken& t) { return t.kind(); }, token_kinds, "kind", "token kinds"},
                   IndexField{[](const fb::PlacedToken& t) { return t.placed_by(); }, players, "placed_by",
                              "players"}) &&
        indices_ok(s.token_stocks(), "token_stocks", err,
                   IndexField{[](const fb::TokenStock& t) { return t.player(); }, players, "player", "players"},
                   IndexField{[](const fb::TokenStock& t) { return t.kind(); }, token_kinds, "kind",
                              "token kinds"}) &&
        indices_ok(s.figure_stocks(), "figure_stocks", err,
                   IndexField{[](const fb::FigureStock& f) { return f.player(); }, players, "player", "players"},
                   IndexField{[](const fb::FigureStock& f) { return f.kind(); }, figure_kinds, "kind",
                              "figure kinds"}) &&
        indices_ok(s.hands(), "hands", err,
                   IndexField{[](const fb::HandTile& h) { return h.player(); }, players, "player", "players"},
                   IndexField{[](const fb::HandTile& h) { return h.tile_type(); }, tile_types, "tile_type",
                              "tile types"}) &&
        indices_ok(s.neutral_figures(), "neutral_figures", err,
                   IndexField{[](const fb::NeutralFigurePosition& n) { return n.figure(); },
                              size_of(setup.neutral_figures()), "figure", "neutral figures"});
    if (!ok) return CK_E_BAD_BUFFER;
    if (const auto* v = s.expansion_data())
        for (size_t i = 0; i < v->size(); ++i)
            if (v->Get(static_cast<flatbuffers::uoffset_t>(i))->expansion() >= size_of(setup.expansions()))
                return fail(err, CK_E_BAD_BUFFER,
                            "state: expansion_data[" + std::to_string(i) + "].expansion is " +
                                std::to_string(v->Get(static_cast<flatbuffers::uoffset_t>(i))->expansion()) +
                                ", but there are " + std::to_string(size_of(setup.expansions())) + " expansions");
    if (const fb::TurnInfo* t = s.turn()) {
        if (players != 0 && t->active_player() >= players)
            return fail(err, CK_E_BAD_BUFFER,
                        "state: turn.active_player is " + std::to_string(t->active_player()) + ", but there are " +
                            std::to_string(players) + " players");
        if (t->has_tile_to_place() && t->tile_to_place() >= tile_types)
            return fail(err, CK_E_BAD_BUFFER,
                        "state: turn.tile_to_place is " + std::to_string(t->tile_to_place()) + ", but there are " +
                            std::to_string(tile_types) + " tile types");
    }
    return CK_OK;
}

// The setup's lists of structs by tile type (tile_segments, tile_marks,
// tile_values): each entry names a tile type of the setup, in ascending
// order (the SDK's lookups search them), and passes `own_problem`.
template <class Entry, class OwnProblem>
ck_status check_by_tile_type(const flatbuffers::Vector<const Entry*>* list, const char* name, size_t tile_types,
                             OwnProblem own_problem, ck_error* err) {
    if (list == nullptr) return CK_OK;
    uint32_t previous = 0;
    for (flatbuffers::uoffset_t i = 0; i < list->size(); ++i) {
        const Entry& e = *list->Get(i);
        const char* problem = e.tile_type() >= tile_types ? "names a tile type past the setup's"
                              : e.tile_type() < previous  ? "is out of tile-type order"
                                                          : own_problem(e);
        if (problem != nullptr)
            return fail(err, CK_E_BAD_BUFFER,
                        "state: setup." + std::string(name) + "[" + std::to_string(i) + "] (tile type " +
                            std::to_string(e.tile_type()) + ") " + problem + " (" + std::to_string(tile_types) +
                            " tile types)");
        previous = e.tile_type();
    }
    return CK_OK;
}

}  // namespace

// The setup's tile contents (schema revision 6) against its tile types:
// the SDK's lookups (HookContext::tile_contents) rely on the runs being in
// range, grouped in ascending tile-type order and of known kinds.
ck_status check_tile_contents(const fb::GameSetup& setup, ck_error* err) {
    const size_t tile_types = size_of(setup.tile_types());
    ck_status st = check_by_tile_type(
        setup.tile_segments(), "tile_segments", tile_types,
        [](const fb::TileSegmentInfo& seg) {
            return seg.kind() > fb::FeatureKind::MAX ? "has an unknown feature kind" : nullptr;
        },
        err);
    // Tile marks (revision 6), each naming a listed name.
    if (st == CK_OK)
        st = check_by_tile_type(
            setup.tile_marks(), "tile_marks", tile_types,
            [&](const fb::TileMark& m) {
                return m.name() >= size_of(setup.mark_names()) ? "names a mark past mark_names" : nullptr;
            },
            err);
    // Tile values (revision 9), each naming a listed key and text.
    if (st == CK_OK)
        st = check_by_tile_type(
            setup.tile_values(), "tile_values", tile_types,
            [&](const fb::TileValue& v) {
                return v.key() >= size_of(setup.tile_value_keys())     ? "names a key past tile_value_keys"
                       : v.text() >= size_of(setup.tile_value_texts()) ? "names a text past tile_value_texts"
                                                                       : nullptr;
            },
            err);
    // Edge kinds' sides (revision 12), each naming a listed kind.
    if (st == CK_OK)
        st = check_by_tile_type(
            setup.tile_edge_sides(), "tile_edge_sides", tile_types,
            [&](const fb::TileEdgeSides& e) {
                return e.kind() >= size_of(setup.edge_kinds()) ? "names a kind past edge_kinds"
                       : (e.sides() & ~0xFu) != 0             ? "has sides beyond N, E, S, W"
                                                               : nullptr;
            },
            err);
    if (st != CK_OK) return st;
    if (const auto* figures = setup.neutral_figures())
        for (flatbuffers::uoffset_t i = 0; i < figures->size(); ++i)
            if (figures->Get(i)->expansion() >= size_of(setup.expansions()))
                return fail(err, CK_E_BAD_BUFFER,
                            "state: setup.neutral_figures[" + std::to_string(i) + "].expansion is past the setup's " +
                                std::to_string(size_of(setup.expansions())) + " expansions");
    if (const auto* shapes = setup.tile_shapes()) {
        if (shapes->size() > tile_types)
            return fail(err, CK_E_BAD_BUFFER,
                        "state: setup.tile_shapes has " + std::to_string(shapes->size()) + " entries for " +
                            std::to_string(tile_types) + " tile types");
        for (flatbuffers::uoffset_t i = 0; i < shapes->size(); ++i)
            if (shapes->Get(i) > fb::TileShape::MAX)
                return fail(err, CK_E_BAD_BUFFER, "state: setup.tile_shapes[" + std::to_string(i) + "] is unknown");
    }
    return CK_OK;
}

ck_status verify_state(ck_bytes state, const fb::GameSetup** setup, ck_error* err) {
    const bool known = state_already_verified(state);
    if (!known) {
        // The nested setup is verified on its own below, against its cache.
        flatbuffers::Verifier::Options options;
        options.check_nested_flatbuffers = false;
        flatbuffers::Verifier verifier(state.data, state.size, options);
        if (!fb::VerifyGameStateBuffer(verifier))
            return fail(err, CK_E_BAD_BUFFER,
                        "state: failed FlatBuffers verification (" + std::to_string(state.size) + " bytes)");
    }
    const fb::GameState& s = *fb::GetGameState(state.data);
    const flatbuffers::Vector<uint8_t>* bytes = s.setup();
    if (bytes == nullptr) return fail(err, CK_E_BAD_BUFFER, "state: setup is missing (a GameSetup buffer is required)");
    const ck_bytes nested{bytes->data(), bytes->size()};
    if (!known) {
        // No alignment check: the bytes of a vector start 4-byte aligned in a
        // verified buffer, and a GameSetup holds nothing wider than 4 bytes.
        if (!setup_already_verified(nested)) {
            if (nested.size < sizeof(flatbuffers::uoffset_t) + flatbuffers::kFileIdentifierLength ||
                !flatbuffers::BufferHasIdentifier(nested.data, fb::GameSetupIdentifier()))
                return fail(err, CK_E_BAD_BUFFER,
                            "state: setup is not a FlatBuffers buffer with identifier \"" +
                                std::string(fb::GameSetupIdentifier()) + "\" (" + std::to_string(nested.size) +
                                " bytes)");
            flatbuffers::Verifier verifier(nested.data, nested.size);
            if (!fb::VerifyGameSetupBuffer(verifier))
                return fail(err, CK_E_BAD_BUFFER,
                            "state: setup failed FlatBuffers verification (" + std::to_string(nested.size) + " bytes)");
            if (ck_status st = check_tile_contents(*fb::GetGameSetup(nested.data), err); st != CK_OK) return st;
            remember_verified_setup(nested);
        }
        if (ck_status st = check_indices(s, *fb::GetGameSetup(nested.data), err); st != CK_OK) return st;
        remember_verified_state(state, nested);
    }
    *setup = fb::GetGameSetup(nested.data);
    return CK_OK;
}

}  // namespace ck::sdk::detail
