#include "rules.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>

namespace ck::princess_dragon {
namespace {

constexpr uint8_t kMovementFormat = 1;
constexpr size_t kMovementHeader = 3;  // format, turn player, count
constexpr size_t kBytesPerSpace = 4;   // x, y as little-endian int16

[[noreturn]] void malformed(const std::string& why) {
    throw std::runtime_error("princess & dragon: the dragon's movement data is malformed: " + why);
}

void put_int16(std::vector<uint8_t>& out, int value) {
    const auto v = static_cast<uint16_t>(static_cast<int16_t>(value));
    out.push_back(static_cast<uint8_t>(v & 0xFFu));
    out.push_back(static_cast<uint8_t>(v >> 8));
}

int get_int16(std::string_view bytes, size_t at) {
    const auto lo = static_cast<uint16_t>(static_cast<unsigned char>(bytes[at]));
    const auto hi = static_cast<uint16_t>(static_cast<unsigned char>(bytes[at + 1]));
    return static_cast<int16_t>(static_cast<uint16_t>(lo | (hi << 8)));
}

}  // namespace

std::vector<BoardTile> dragon_targets(std::span<const BoardTile> board, Space from, std::span<const Space> visited,
                                      std::optional<Space> fairy) {
    // North, east, south, west: JCloisterZone's Position.ADJACENT order.
    constexpr std::array<Space, 4> kOffsets{{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}};
    std::vector<BoardTile> targets;
    for (const Space& offset : kOffsets) {
        const Space next{from.x + offset.x, from.y + offset.y};
        // PD-6: never back to a space left during this movement, never
        // into the fairy's space (PD-14: the whole space, both triangles).
        if (std::find(visited.begin(), visited.end(), next) != visited.end()) continue;
        if (fairy && *fairy == next) continue;
        // PD-13: the space as a whole; its square, or its first triangle.
        const BoardTile* chosen = nullptr;
        for (const BoardTile& tile : board)
            if (tile.space == next && (chosen == nullptr || tile.corner < chosen->corner)) chosen = &tile;
        if (chosen != nullptr) targets.push_back(*chosen);
    }
    return targets;
}

uint8_t step_chooser(uint8_t turn_player, size_t steps_taken, int player_count) {
    if (player_count < 1) throw std::invalid_argument("princess & dragon: no players to choose the dragon's step");
    const auto n = static_cast<size_t>(player_count);
    return static_cast<uint8_t>((static_cast<size_t>(turn_player) + steps_taken) % n);
}

std::string step_label(size_t step) {
    return "move the dragon (step " + std::to_string(step) + " of " + std::to_string(kDragonSteps) + ")";
}

std::vector<uint8_t> encode_movement(const Movement& movement) {
    if (movement.visited.size() > kDragonSteps)
        throw std::invalid_argument("princess & dragon: a movement of more than " + std::to_string(kDragonSteps) +
                                    " steps");
    std::vector<uint8_t> out;
    out.reserve(kMovementHeader + kBytesPerSpace * movement.visited.size());
    out.push_back(kMovementFormat);
    out.push_back(movement.turn_player);
    out.push_back(static_cast<uint8_t>(movement.visited.size()));
    for (const Space& s : movement.visited) {
        put_int16(out, s.x);
        put_int16(out, s.y);
    }
    return out;
}

std::optional<Movement> decode_movement(std::string_view bytes) {
    if (bytes.empty()) return std::nullopt;
    if (bytes.size() < kMovementHeader) malformed(std::to_string(bytes.size()) + " bytes");
    if (static_cast<uint8_t>(bytes[0]) != kMovementFormat)
        malformed("format " + std::to_string(static_cast<uint8_t>(bytes[0])) + ", expected " +
                  std::to_string(kMovementFormat));
    Movement m;
    m.turn_player = static_cast<uint8_t>(bytes[1]);
    const size_t count = static_cast<uint8_t>(bytes[2]);
    if (count > kDragonSteps) malformed(std::to_string(count) + " spaces left, more than " + std::to_string(kDragonSteps));
    if (bytes.size() != kMovementHeader + kBytesPerSpace * count)
        malformed(std::to_string(bytes.size()) + " bytes for " + std::to_string(count) + " spaces");
    for (size_t i = 0; i < count; ++i) {
        const size_t at = kMovementHeader + kBytesPerSpace * i;
        m.visited.push_back(Space{get_int16(bytes, at), get_int16(bytes, at + 2)});
    }
    return m;
}

}  // namespace ck::princess_dragon
