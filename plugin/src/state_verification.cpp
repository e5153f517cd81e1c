#include "state_verification.hpp"

#include <algorithm>
#include <string>

#include "errors.hpp"
#include "verified_state_cache.hpp"

namespace ck::sdk::detail {
namespace {

template <class V>
size_t size_of(const V* v) {
    return v == nullptr ? 0 : v->size();
}

// One index field of every element of a vector of structs, against a
// limit. The common case (all in range) is a tight loop; only a failure
// builds a message: "state: tiles[3].tile_type is 99, but there are 40 tile types".
template <class T, class Field>
bool indices_ok(const flatbuffers::Vector<const T*>* v, Field field, size_t limit, const char* list,
                const char* name, const char* of, ck_error* err) {
    if (v == nullptr) return true;
    const T* items = reinterpret_cast<const T*>(v->Data());  // a vector of structs is an array of them
    const size_t n = v->size();
    size_t worst = 0;
    for (size_t i = 0; i < n; ++i) worst = std::max<size_t>(worst, field(items[i]));
    if (n == 0 || worst < limit) return true;
    size_t i = 0;
    while (static_cast<size_t>(field(items[i])) < limit) ++i;
    fail(err, CK_E_BAD_BUFFER,
         std::string("state: ") + list + "[" + std::to_string(i) + "]." + name + " is " +
             std::to_string(field(items[i])) + ", but there are " + std::to_string(limit) + " " + of);
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
        indices_ok(s.tiles(), [](const fb::PlacedTile& t) { return t.tile_type(); }, tile_types, "tiles", "tile_type",
                   "tile types", err) &&
        indices_ok(s.figures(), [](const fb::PlacedFigure& f) { return f.kind(); }, figure_kinds, "figures", "kind",
                   "figure kinds", err) &&
        indices_ok(s.figures(), [](const fb::PlacedFigure& f) { return f.owner(); }, players, "figures", "owner",
                   "players", err) &&
        indices_ok(s.tokens(), [](const fb::PlacedToken& t) { return t.kind(); }, token_kinds, "tokens", "kind",
                   "token kinds", err) &&
        indices_ok(s.tokens(), [](const fb::PlacedToken& t) { return t.placed_by(); }, players, "tokens",
                   "placed_by", "players", err) &&
        indices_ok(s.token_stocks(), [](const fb::TokenStock& t) { return t.player(); }, players, "token_stocks",
                   "player", "players", err) &&
        indices_ok(s.token_stocks(), [](const fb::TokenStock& t) { return t.kind(); }, token_kinds, "token_stocks",
                   "kind", "token kinds", err) &&
        indices_ok(s.figure_stocks(), [](const fb::FigureStock& f) { return f.player(); }, players, "figure_stocks",
                   "player", "players", err) &&
        indices_ok(s.figure_stocks(), [](const fb::FigureStock& f) { return f.kind(); }, figure_kinds,
                   "figure_stocks", "kind", "figure kinds", err) &&
        indices_ok(s.hands(), [](const fb::HandTile& h) { return h.player(); }, players, "hands", "player", "players",
                   err) &&
        indices_ok(s.hands(), [](const fb::HandTile& h) { return h.tile_type(); }, tile_types, "hands", "tile_type",
                   "tile types", err);
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

}  // namespace

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
            remember_verified_setup(nested);
        }
        if (ck_status st = check_indices(s, *fb::GetGameSetup(nested.data), err); st != CK_OK) return st;
        remember_verified_state(state);
    }
    *setup = fb::GetGameSetup(nested.data);
    return CK_OK;
}

}  // namespace ck::sdk::detail
