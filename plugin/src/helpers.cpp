#include <cloisterkit/sdk/helpers.hpp>

#include <charconv>

namespace ck::sdk {

const fb::PlayerState* find_player(const fb::GameState& state, uint8_t index) {
    const auto* players = state.players();
    return players != nullptr && index < players->size() ? players->Get(index) : nullptr;
}

HandRange hand_of(const fb::GameState& state, uint8_t player) {
    HandRange r;
    const auto* hands = state.hands();
    if (hands == nullptr) return r;
    // Hands are grouped by player; a scan stays right even if a host
    // interleaved them (the range is then the first run only).
    // A vector of structs is a contiguous array of them.
    const fb::HandTile* it = reinterpret_cast<const fb::HandTile*>(hands->Data());
    const fb::HandTile* end = it + hands->size();
    while (it != end && it->player() != player) ++it;
    r.first = it;
    while (it != end && it->player() == player) ++it;
    r.last = it;
    return r;
}

int figure_kind_index(const fb::GameSetup& setup, std::string_view id) {
    const auto i = index_of(setup.figure_kinds(), id);
    return i ? static_cast<int>(*i) : -1;
}

std::optional<size_t> index_of(const flatbuffers::Vector<flatbuffers::Offset<flatbuffers::String>>* list,
                               std::string_view text) {
    if (list != nullptr)
        for (size_t i = 0; i < list->size(); ++i)
            if (as_view(list->Get(static_cast<flatbuffers::uoffset_t>(i))) == text) return i;
    return std::nullopt;
}

const fb::PlacedTile* find_tile(const fb::GameState& state, const fb::TileRef& at) {
    if (const auto* tiles = state.tiles())
        for (const fb::PlacedTile* t : *tiles)
            if (same_tile(t->at(), at)) return t;
    return nullptr;
}

bool expansion_enabled(const fb::GameSetup& setup, std::string_view id) {
    return index_of(setup.expansions(), id).has_value();
}

uint32_t feature_attribute_segments(const fb::ScoredFeature& feature, std::string_view name) {
    if (feature.attributes() == nullptr) return 0;
    for (const fb::FeatureAttribute* a : *feature.attributes())
        if (a != nullptr && as_view(a->name()) == name) return a->segments();
    return 0;
}

std::optional<int64_t> parse_int(std::optional<std::string_view> text) {
    if (!text || text->empty()) return std::nullopt;
    int64_t value = 0;
    const char* end = text->data() + text->size();
    auto [ptr, ec] = std::from_chars(text->data(), end, value);
    if (ec != std::errc() || ptr != end) return std::nullopt;
    return value;
}

std::optional<bool> parse_bool(std::optional<std::string_view> text) {
    if (!text) return std::nullopt;
    for (std::string_view yes : {"true", "yes", "on", "1"})
        if (*text == yes) return true;
    for (std::string_view no : {"false", "no", "off", "0"})
        if (*text == no) return false;
    return std::nullopt;
}

std::string tile_ref_text(const fb::TileRef& at) {
    std::string s = "(" + std::to_string(at.x()) + "," + std::to_string(at.y()) + ")";
    if (at.corner() != fb::Corner::None) s += std::string(" ") + fb::EnumNameCorner(at.corner());
    return s;
}

}  // namespace ck::sdk
