#include "rules.hpp"

#include <array>

namespace ck::king_robber {

std::optional<Scoring> scoring_named(std::string_view value) {
    if (value == "default") return Scoring::PerFeature;
    if (value == "10/20") return Scoring::Ten;
    if (value == "15/40") return Scoring::FifteenForty;
    if (value == "continuously") return Scoring::Continuously;
    return std::nullopt;
}

namespace {
constexpr uint8_t kVersion = 1;
constexpr size_t kTitleBytes = 5 * 2;  // five 16-bit fields

void put16(std::vector<uint8_t>& out, int v) {
    const auto u = static_cast<uint16_t>(static_cast<int16_t>(v));
    out.push_back(static_cast<uint8_t>(u & 0xFF));
    out.push_back(static_cast<uint8_t>(u >> 8));
}
int get16(std::span<const uint8_t> b, size_t at) {
    return static_cast<int16_t>(static_cast<uint16_t>(b[at] | (b[at + 1] << 8)));
}
void put_title(std::vector<uint8_t>& out, const TitleState& s) {
    for (int v : {s.holder, s.size, s.completed, s.holder_at_step_start, s.completed_this_step}) put16(out, v);
}
TitleState get_title(std::span<const uint8_t> b, size_t at) {
    return {get16(b, at), get16(b, at + 2), get16(b, at + 4), get16(b, at + 6), get16(b, at + 8)};
}
}  // namespace

std::vector<uint8_t> encode(const Titles& t) {
    std::vector<uint8_t> out{kVersion, static_cast<uint8_t>(t.step_open ? 1 : 0)};
    put_title(out, t.king);
    put_title(out, t.robber);
    return out;
}

std::optional<Titles> decode(std::span<const uint8_t> bytes) {
    if (bytes.empty()) return Titles{};  // nothing completed yet
    if (bytes.size() != 2 + 2 * kTitleBytes || bytes[0] != kVersion || bytes[1] > 1) return std::nullopt;
    Titles t;
    t.step_open = bytes[1] == 1;
    t.king = get_title(bytes, 2);
    t.robber = get_title(bytes, 2 + kTitleBytes);
    for (const TitleState* s : {&t.king, &t.robber})
        if (s->holder < -1 || s->size < 0 || s->completed < 0 || s->holder_at_step_start < -1 || s->completed_this_step < 0)
            return std::nullopt;
    return t;
}

void on_completed(Titles& t, Title title, int size, int player) {
    if (!t.step_open) {
        t.step_open = true;
        for (TitleState* s : {&t.king, &t.robber}) {
            s->holder_at_step_start = s->holder;
            s->completed_this_step = 0;
        }
    }
    TitleState& s = t.of(title);
    ++s.completed;
    ++s.completed_this_step;
    if (size > s.size) {
        s.size = size;
        s.holder = player;
    }
}

std::vector<Award> close_step(Titles& t, Scoring scoring) {
    std::vector<Award> out;
    if (!t.step_open) return out;
    if (scoring == Scoring::Continuously) {
        if (t.king.holder_at_step_start >= 0 && t.king.completed_this_step > 0)
            out.push_back({t.king.holder_at_step_start, t.king.completed_this_step, "king"});
        if (t.robber.holder_at_step_start >= 0 && t.robber.completed_this_step > 0)
            out.push_back({t.robber.holder_at_step_start, t.robber.completed_this_step, "robber"});
    }
    t.step_open = false;
    for (TitleState* s : {&t.king, &t.robber}) s->completed_this_step = 0;
    return out;
}

std::vector<Award> final_awards(const Titles& t, Scoring scoring) {
    std::vector<Award> out;
    const int king = t.king.holder, robber = t.robber.holder;
    switch (scoring) {
        case Scoring::Continuously: break;
        case Scoring::PerFeature:
            if (king >= 0) out.push_back({king, t.king.completed, "king"});
            if (robber >= 0) out.push_back({robber, t.robber.completed, "robber"});
            break;
        case Scoring::Ten:
            if (king >= 0) out.push_back({king, 10, "king"});
            if (robber >= 0) out.push_back({robber, 10, "robber"});
            break;
        case Scoring::FifteenForty:
            if (king >= 0 && king == robber) {
                out.push_back({king, 40, "king+robber"});
                break;
            }
            if (king >= 0) out.push_back({king, 15, "king"});
            if (robber >= 0) out.push_back({robber, 15, "robber"});
            break;
    }
    return out;
}

}  // namespace ck::king_robber
