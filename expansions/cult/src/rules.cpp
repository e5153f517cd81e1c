#include "rules.hpp"

#include <algorithm>
#include <stdexcept>

namespace ck::cult {
namespace {

constexpr uint8_t kChallengersFormat = 1;
constexpr size_t kHeader = 2;          // format, count
constexpr size_t kBytesPerEntry = 5;   // x, y (int16 each), kind
constexpr size_t kMaxChallengers = 255;

[[noreturn]] void malformed(const std::string& what) {
    throw std::runtime_error("cult: the expansion's data is not a list of challengers: " + what);
}

void put_int16(std::vector<uint8_t>& out, int v) {
    if (v < INT16_MIN || v > INT16_MAX) throw std::invalid_argument("cult: a space beyond the int16 range");
    const auto u = static_cast<uint16_t>(static_cast<int16_t>(v));
    out.push_back(static_cast<uint8_t>(u & 0xFFu));
    out.push_back(static_cast<uint8_t>(u >> 8));
}

int get_int16(std::string_view bytes, size_t at) {
    const auto lo = static_cast<uint8_t>(bytes[at]);
    const auto hi = static_cast<uint8_t>(bytes[at + 1]);
    return static_cast<int16_t>(static_cast<uint16_t>(lo | (hi << 8)));
}

}  // namespace

Kind opposite(Kind kind) { return kind == Kind::Shrine ? Kind::Monastery : Kind::Shrine; }

bool next_to(Space a, Space b) {
    const int dx = a.x - b.x, dy = a.y - b.y;
    return !(dx == 0 && dy == 0) && dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1;
}

bool Board::is_filled(Space s) const { return std::find(filled.begin(), filled.end(), s) != filled.end(); }

bool Board::complete(const Monastic& m) const {
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
            if ((dx != 0 || dy != 0) && !is_filled(Space{m.space.x + dx, m.space.y + dy})) return false;
    return true;
}

std::optional<std::string> placement_veto(const Board& board, Space at, Kind kind) {
    const Kind rival = opposite(kind);
    const Monastic* only_rival = nullptr;
    int rivals = 0;
    for (const Monastic& m : board.monastics)
        if (m.kind == rival && next_to(m.space, at)) {
            ++rivals;
            only_rival = &m;
        }
    const char* mine = kind == Kind::Shrine ? "shrine" : "monastery";
    const char* theirs = kind == Kind::Shrine ? "monasteries" : "shrines";
    if (rivals > 1) return std::string("a ") + mine + " may not be next to two " + theirs;
    if (rivals == 1)
        for (const Monastic& m : board.monastics)
            if (m.kind == kind && next_to(m.space, only_rival->space))
                return std::string("the neighbouring ") + (rival == Kind::Shrine ? "shrine" : "monastery") +
                       " already has a rival";
    return std::nullopt;
}

std::vector<size_t> challenged(const Board& board, std::span<const Monastic> challengers) {
    std::vector<size_t> out;
    for (size_t i = 0; i < board.monastics.size(); ++i) {
        const Monastic& m = board.monastics[i];
        const bool rivalled = std::any_of(challengers.begin(), challengers.end(), [&](const Monastic& c) {
            return c.kind == opposite(m.kind) && next_to(c.space, m.space);
        });
        // CU-5: a rival completed in the same turn has scored: it is no longer open.
        if (rivalled && !board.complete(m)) out.push_back(i);
    }
    return out;
}

std::string_view challenged_entry(Kind lost) {
    return lost == Kind::Shrine ? "shrine.challenged" : "monastery.challenged";
}

std::vector<uint8_t> encode_challengers(std::span<const Monastic> challengers) {
    if (challengers.size() > kMaxChallengers) throw std::invalid_argument("cult: more than 255 challengers");
    std::vector<uint8_t> out;
    out.reserve(kHeader + kBytesPerEntry * challengers.size());
    out.push_back(kChallengersFormat);
    out.push_back(static_cast<uint8_t>(challengers.size()));
    for (const Monastic& c : challengers) {
        put_int16(out, c.space.x);
        put_int16(out, c.space.y);
        out.push_back(static_cast<uint8_t>(c.kind));
    }
    return out;
}

std::vector<Monastic> decode_challengers(std::string_view bytes) {
    if (bytes.empty()) return {};
    if (bytes.size() < kHeader) malformed(std::to_string(bytes.size()) + " byte");
    if (static_cast<uint8_t>(bytes[0]) != kChallengersFormat)
        malformed("format " + std::to_string(static_cast<uint8_t>(bytes[0])) + ", expected " +
                  std::to_string(kChallengersFormat));
    const size_t count = static_cast<uint8_t>(bytes[1]);
    if (bytes.size() != kHeader + kBytesPerEntry * count)
        malformed(std::to_string(bytes.size()) + " bytes for " + std::to_string(count) + " challengers");
    std::vector<Monastic> out;
    out.reserve(count);
    for (size_t i = 0; i < count; ++i) {
        const size_t at = kHeader + kBytesPerEntry * i;
        const auto kind = static_cast<uint8_t>(bytes[at + 4]);
        if (kind > static_cast<uint8_t>(Kind::Shrine)) malformed("kind " + std::to_string(kind));
        out.push_back(Monastic{Space{get_int16(bytes, at), get_int16(bytes, at + 2)}, static_cast<Kind>(kind)});
    }
    return out;
}

}  // namespace ck::cult
