#include <cloisterkit/sdk/helpers.hpp>

#include <charconv>

namespace ck::sdk {

const fb::Player* find_player(const fb::GameState& state, uint8_t index) {
    if (const auto* players = state.players())
        for (const fb::Player* p : *players)
            if (p != nullptr && p->index() == index) return p;
    return nullptr;
}

const fb::PlacedTile* find_tile(const fb::GameState& state, const fb::TileRef& at) {
    if (const auto* tiles = state.tiles())
        for (const fb::PlacedTile* t : *tiles)
            if (same_tile(t->at(), at)) return t;
    return nullptr;
}

bool expansion_enabled(const fb::GameState& state, std::string_view id) {
    if (const auto* ids = state.expansions())
        for (const flatbuffers::String* s : *ids)
            if (as_view(s) == id) return true;
    return false;
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
