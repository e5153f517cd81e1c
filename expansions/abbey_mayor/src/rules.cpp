#include "rules.hpp"

#include <algorithm>

namespace ck::abbey_mayor {

int mayor_strength(FeatureKind feature, int pennants) {
    if (feature != FeatureKind::City || pennants < 0) return 0;
    return pennants;
}

void order_wagons(std::vector<WaitingWagon>& wagons, int active_player, int players) {
    if (players <= 0) return;
    std::stable_sort(wagons.begin(), wagons.end(), [&](const WaitingWagon& a, const WaitingWagon& b) {
        return (a.owner - active_player + players) % players < (b.owner - active_player + players) % players;
    });
}

bool last_of_its_owner(const std::vector<WaitingWagon>& wagons) {
    return wagons.size() < 2 || wagons[1].owner != wagons[0].owner;
}

namespace {
// The words of a wagon-move value.
std::vector<std::string_view> words(std::string_view text) {
    std::vector<std::string_view> out;
    size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && text[i] == ' ') ++i;
        const size_t start = i;
        while (i < text.size() && text[i] != ' ') ++i;
        if (i > start) out.push_back(text.substr(start, i - start));
    }
    return out;
}
}  // namespace

std::vector<size_t> linked_segments(const std::vector<std::string_view>& labels, size_t from) {
    std::vector<size_t> out;
    if (from >= labels.size()) return out;
    const auto mine = words(labels[from]);
    for (size_t i = 0; i < labels.size(); ++i) {
        if (i == from) continue;
        for (std::string_view w : words(labels[i]))
            if (std::find(mine.begin(), mine.end(), w) != mine.end()) {
                out.push_back(i);
                break;
            }
    }
    return out;
}

namespace {
constexpr uint8_t kVersion = 1;
constexpr size_t kPlaceBytes = 2 + 2 + 1 + 4;

void put16(std::vector<uint8_t>& out, int v) {
    const auto u = static_cast<uint16_t>(static_cast<int16_t>(v));
    out.push_back(static_cast<uint8_t>(u & 0xFF));
    out.push_back(static_cast<uint8_t>(u >> 8));
}
int get16(const uint8_t* p) { return static_cast<int16_t>(static_cast<uint16_t>(p[0] | (p[1] << 8))); }
}  // namespace

std::vector<uint8_t> encode(const std::vector<WaitingWagon>& wagons) {
    if (wagons.empty()) return {};
    std::vector<uint8_t> out{kVersion};
    const auto place = [&](int x, int y, int corner, uint32_t location) {
        put16(out, x);
        put16(out, y);
        out.push_back(static_cast<uint8_t>(corner));
        for (int i = 0; i < 4; ++i) out.push_back(static_cast<uint8_t>(location >> (8 * i)));
    };
    for (const WaitingWagon& w : wagons) {
        out.push_back(static_cast<uint8_t>(w.owner));
        place(w.x, w.y, w.corner, w.location);
        out.push_back(static_cast<uint8_t>(std::min<size_t>(w.linked.size(), 255)));
        for (size_t i = 0; i < w.linked.size() && i < 255; ++i)
            place(w.linked[i].x, w.linked[i].y, w.linked[i].corner, w.linked[i].location);
    }
    return out;
}

std::optional<std::vector<WaitingWagon>> decode(std::span<const uint8_t> bytes) {
    if (bytes.empty()) return std::vector<WaitingWagon>{};
    if (bytes[0] != kVersion) return std::nullopt;
    const auto place = [](const uint8_t* p, SegmentAt& s) {
        s.x = get16(p);
        s.y = get16(p + 2);
        s.corner = p[4];
        s.location = static_cast<uint32_t>(p[5]) | (static_cast<uint32_t>(p[6]) << 8) |
                     (static_cast<uint32_t>(p[7]) << 16) | (static_cast<uint32_t>(p[8]) << 24);
    };
    std::vector<WaitingWagon> out;
    size_t i = 1;
    while (i < bytes.size()) {
        if (bytes.size() - i < 1 + kPlaceBytes + 1) return std::nullopt;
        WaitingWagon w;
        w.owner = bytes[i];
        SegmentAt at;
        place(bytes.data() + i + 1, at);
        w.x = at.x, w.y = at.y, w.corner = at.corner, w.location = at.location;
        const size_t linked = bytes[i + 1 + kPlaceBytes];
        i += 1 + kPlaceBytes + 1;
        if (bytes.size() - i < linked * kPlaceBytes) return std::nullopt;
        for (size_t k = 0; k < linked; ++k, i += kPlaceBytes) place(bytes.data() + i, w.linked.emplace_back());
        out.push_back(std::move(w));
    }
    return out;
}

}  // namespace ck::abbey_mayor
