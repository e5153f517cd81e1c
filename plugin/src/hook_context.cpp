#include <cloisterkit/sdk/hook_context.hpp>

#include <algorithm>

namespace ck::sdk {
namespace {

std::string_view view(const flatbuffers::String* s) {
    return s == nullptr ? std::string_view() : std::string_view(s->c_str(), s->size());
}

}  // namespace

// Linear scans: these lists hold a handful of entries, and a scan stays
// correct even if a host forgot to sort them (a binary search would not).
std::optional<std::string_view> HookContext::rule(std::string_view key) const {
    if (const auto* rules = setup_.rules())
        for (const fb::KeyValue* kv : *rules)
            if (kv != nullptr && view(kv->key()) == key) return view(kv->value());
    return std::nullopt;
}

std::string_view HookContext::rule_or(std::string_view key, std::string_view fallback) const {
    return rule(key).value_or(fallback);
}

std::string_view HookContext::expansion_data() const {
    const auto* all = state_.expansion_data();
    if (all == nullptr) return {};
    const std::optional<size_t> me = index_of(setup_.expansions(), expansion_id_);
    if (!me) return {};
    for (const fb::ExpansionData* d : *all)
        if (d->expansion() == *me && d->data() != nullptr)
            return {reinterpret_cast<const char*>(d->data()->data()), d->data()->size()};
    return {};
}

std::optional<uint16_t> HookContext::token_kind_index(std::string_view kind) const {
    const std::optional<size_t> i = index_of(setup_.token_kinds(), kind);
    return i ? std::optional<uint16_t>(static_cast<uint16_t>(*i)) : std::nullopt;
}

std::string_view HookContext::token_kind_name(uint16_t index) const {
    const auto* kinds = setup_.token_kinds();
    return kinds != nullptr && index < kinds->size() ? view(kinds->Get(index)) : std::string_view();
}

std::string_view HookContext::tile_type_id(uint16_t index) const {
    const auto* types = setup_.tile_types();
    return types != nullptr && index < types->size() ? view(types->Get(index)) : std::string_view();
}

int HookContext::tokens_in_supply(uint8_t player, std::string_view kind) const {
    const std::optional<uint16_t> k = token_kind_index(kind);
    const auto* stocks = state_.token_stocks();
    if (!k || stocks == nullptr) return 0;
    for (const fb::TokenStock* stock : *stocks)
        if (stock->player() == player && stock->kind() == *k) return stock->count();
    return 0;
}

int HookContext::player_count() const { return state_.players() == nullptr ? 0 : static_cast<int>(state_.players()->size()); }

std::optional<int64_t> HookContext::rule_int(std::string_view key) const { return parse_int(rule(key)); }

int64_t HookContext::rule_int_or(std::string_view key, int64_t fallback) const {
    return rule_int(key).value_or(fallback);
}

bool HookContext::rule_bool_or(std::string_view key, bool fallback) const {
    return parse_bool(rule(key)).value_or(fallback);
}

const fb::NeutralFigurePosition* HookContext::neutral_figure(std::string_view name) const {
    const auto* figures = setup_.neutral_figures();
    const auto* positions = state_.neutral_figures();
    if (figures == nullptr || positions == nullptr) return nullptr;
    for (const fb::NeutralFigurePosition* p : *positions)
        if (p->figure() < figures->size() && as_view(figures->Get(p->figure())->name()) == name) return p;
    return nullptr;
}

namespace {

// Whether tile type `tile_type` has a mark named `name` on `segment` (255:
// the tile itself). Marks are sorted by tile type: a binary search finds
// the type's run.
bool has_mark(const fb::GameSetup& setup, uint16_t tile_type, uint8_t segment, std::string_view name) {
    const auto* marks = setup.tile_marks();
    const std::optional<size_t> n = index_of(setup.mark_names(), name);
    if (marks == nullptr || !n) return false;
    const auto first = std::lower_bound(marks->begin(), marks->end(), tile_type,
                                        [](const fb::TileMark* m, uint16_t t) { return m->tile_type() < t; });
    for (auto it = first; it != marks->end() && it->tile_type() == tile_type; ++it)
        if (it->segment() == segment && it->name() == *n) return true;
    return false;
}

}  // namespace

bool HookContext::tile_has_marker(uint16_t tile_type, std::string_view marker) const {
    return has_mark(setup_, tile_type, kTileItselfMark, marker);
}

bool HookContext::segment_has_attribute(uint16_t tile_type, size_t segment, std::string_view attribute) const {
    return segment < kTileItselfMark && has_mark(setup_, tile_type, static_cast<uint8_t>(segment), attribute);
}

std::optional<std::string_view> HookContext::tile_value(uint16_t tile_type, std::string_view element,
                                                        std::string_view attribute, size_t segment) const {
    const auto* values = setup_.tile_values();
    const auto* keys = setup_.tile_value_keys();
    const auto* texts = setup_.tile_value_texts();
    if (values == nullptr || keys == nullptr || texts == nullptr || segment > kTileItselfMark) return std::nullopt;
    // Values are sorted by tile type (checked with the setup): a binary
    // search finds the type's run.
    const auto first = std::lower_bound(values->begin(), values->end(), tile_type,
                                        [](const fb::TileValue* v, uint16_t t) { return v->tile_type() < t; });
    for (auto it = first; it != values->end() && it->tile_type() == tile_type; ++it) {
        if (it->segment() != segment) continue;
        const fb::TileValueKey* key = keys->Get(it->key());  // indices checked with the setup
        if (as_view(key->element()) == element && as_view(key->attribute()) == attribute)
            return as_view(texts->Get(it->text()));
    }
    return std::nullopt;
}

int HookContext::figure_strength(uint8_t kind) const {
    const auto* strengths = setup_.figure_strengths();
    return strengths != nullptr && kind < strengths->size() ? strengths->Get(kind) : 1;
}

uint8_t HookContext::edge_kind_sides(uint16_t tile_type, std::string_view element) const {
    const auto* sides = setup_.tile_edge_sides();
    const auto* kinds = setup_.edge_kinds();
    if (sides == nullptr || kinds == nullptr) return 0;
    // Sorted by tile type (checked with the setup).
    const auto first = std::lower_bound(sides->begin(), sides->end(), tile_type,
                                        [](const fb::TileEdgeSides* e, uint16_t t) { return e->tile_type() < t; });
    for (auto it = first; it != sides->end() && it->tile_type() == tile_type; ++it)
        if (as_view(kinds->Get(it->kind())) == element) return it->sides();
    return 0;
}

}  // namespace ck::sdk
