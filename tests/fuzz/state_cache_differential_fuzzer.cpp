// libFuzzer target: the SDK's verification shortcuts (issue #23) must never
// change an answer. For a state S and request R, then S' and R' made from
// them by a few edits, every expansion of the shipped module must answer
// (S', R') right after (S, R) on one thread exactly as it answers (S', R')
// on a thread that has seen nothing: the same status, error text and
// response bytes. A shortcut that takes S' for S (1.2.0's score window)
// shows as a difference, and an over-read as an AddressSanitizer report.
//
// Input: u32 n, n bytes of S; u32 m, m bytes of R; one byte, the hook;
// then edits of 4 bytes each, {what, offset (i16, little-endian), value}:
//   what & 7 = 0  S'[offset mod size] = value
//              1  the byte at offset from the players' payload (around the
//                 1.2.0 window: offset from -16 to its size + 16)
//              2  the byte at offset from the vtable of expansion_data[k]
//              3  the byte at offset from the root table's vtable
//              4  expansion_data[k]'s vtable moved to the players' payload
//                 plus offset (its soffset rewritten)
//              5  the root table's vtable moved the same way
//              6  R'[offset mod size] = value
//              7  players[k].score = offset * value
// where k = what >> 4 (modulo the count). With bit 3 of `what` set, the edit
// changes S (and R) as well, so that S can be a hostile buffer that still
// verifies (a vtable laid on the scores); otherwise it changes only S' (or
// R'). Places are found with the FlatBuffers verifier on S as edited so
// far; edits whose place S does not have are skipped. S' and R' keep the
// sizes of S and R (the case the caches compare). The seeds are real
// states (tests/fuzz/make_fuzz_seeds.cpp), among them 1.2.0's defect.
#include <cloisterkit/plugin.h>
#include <flatbuffers/flatbuffers.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include <cloisterkit/schemas/game_state_generated.h>

#include "fuzz_module.hpp"

namespace {

constexpr const char* kTarget = "state_cache_differential_fuzzer";

struct Answer {
    ck_status status = CK_OK;
    std::string message;
    std::vector<uint8_t> response;
    bool operator==(const Answer&) const = default;
};

Answer call(const ck::fuzz::Module& m, uint32_t expansion, ck_hook_id hook, ck_bytes state, ck_bytes request) {
    ck_buffer out{};
    out.struct_size = sizeof out;
    ck_error err{};
    err.struct_size = sizeof err;
    Answer a;
    a.status = m.api->call_hook(m.ctx, expansion, hook, state, request, &out, &err);
    if (std::memchr(err.message, 0, sizeof err.message) == nullptr) ck::fuzz::fail(kTarget, "error text not terminated");
    if (!CK_SUCCEEDED(a.status)) a.message = err.message;
    if (out.data != nullptr) a.response.assign(out.data, out.data + out.size);
    if (out.release != nullptr) out.release(&out);
    return a;
}

// Where the edits of S point, found on S when it verifies.
struct Places {
    bool verified = false;
    size_t players = 0, players_size = 0, root_table = 0, root_vtable = 0;
    std::vector<uint32_t> score_at;
    std::vector<size_t> data_table, data_vtable;  // expansion_data's tables
};

Places places_of(ck_bytes s) {
    Places p;
    flatbuffers::Verifier::Options options;
    options.check_nested_flatbuffers = false;
    flatbuffers::Verifier verifier(s.data, s.size, options);
    if (s.size < 8 || !ck::fb::VerifyGameStateBuffer(verifier)) return p;
    const auto at = [&](const void* x) { return static_cast<size_t>(static_cast<const uint8_t*>(x) - s.data); };
    const auto vtable_of = [&](const void* table) {
        const auto* t = static_cast<const uint8_t*>(table);
        return at(t - flatbuffers::ReadScalar<flatbuffers::soffset_t>(t));
    };
    const ck::fb::GameState* g = ck::fb::GetGameState(s.data);
    p.verified = true;
    p.root_table = at(g);
    p.root_vtable = vtable_of(g);
    if (const auto* players = g->players(); players != nullptr && players->size() != 0) {
        p.players = at(players->Data());
        p.players_size = players->size() * sizeof(ck::fb::PlayerState);
        for (uint32_t i = 0; i < players->size(); ++i) p.score_at.push_back(uint32_t(at(players->Get(i))));
    }
    if (const auto* data = g->expansion_data())
        for (const ck::fb::ExpansionData* d : *data) {
            p.data_table.push_back(at(d));
            p.data_vtable.push_back(vtable_of(d));
        }
    return p;
}

void put(ck::fuzz::AlignedBytes& b, int64_t at, const void* bytes, size_t n) {
    if (at < 0 || static_cast<uint64_t>(at) + n > b.size()) return;
    std::memcpy(b.data() + at, bytes, n);
}

void move_vtable(ck::fuzz::AlignedBytes& b, size_t table, int64_t vtable) {
    const auto soffset = static_cast<flatbuffers::soffset_t>(static_cast<int64_t>(table) - vtable);
    put(b, static_cast<int64_t>(table), &soffset, sizeof soffset);
}

void apply_edit(const uint8_t e[4], const Places& p, ck::fuzz::AlignedBytes& s, ck::fuzz::AlignedBytes& r) {
    const uint8_t what = e[0] & 7, value = e[3];
    const size_t k = e[0] >> 4;
    const auto offset = static_cast<int16_t>(uint16_t(e[1]) | uint16_t(e[2]) << 8);
    const auto byte_at = [&](ck::fuzz::AlignedBytes& b, int64_t at) { put(b, at, &value, 1); };
    if (what == 0 && s.size() != 0) return byte_at(s, static_cast<uint16_t>(offset) % s.size());
    if (what == 6 && r.size() != 0) return byte_at(r, static_cast<uint16_t>(offset) % r.size());
    if (!p.verified) return;
    switch (what) {
        case 1:
            if (p.players_size != 0)
                byte_at(s, int64_t(p.players) - 16 + static_cast<uint16_t>(offset) % (p.players_size + 32));
            return;
        case 2:
            if (!p.data_vtable.empty()) byte_at(s, int64_t(p.data_vtable[k % p.data_vtable.size()]) + offset % 64);
            return;
        case 3: byte_at(s, int64_t(p.root_vtable) + offset % 64); return;
        case 4:
            if (!p.data_table.empty() && p.players_size != 0)
                move_vtable(s, p.data_table[k % p.data_table.size()], int64_t(p.players) + offset % 64);
            return;
        case 5:
            if (p.players_size != 0) move_vtable(s, p.root_table, int64_t(p.players) + offset % 64);
            return;
        case 7:
            if (!p.score_at.empty()) {
                const int32_t score = int32_t(offset) * value;
                put(s, p.score_at[k % p.score_at.size()], &score, sizeof score);
            }
            return;
        default: return;
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const ck::fuzz::Module& m = ck::fuzz::module(kTarget);
    uint32_t n = ck::fuzz::take_u32(data, size);
    if (n > size) n = static_cast<uint32_t>(size);
    ck::fuzz::AlignedBytes s(data, n);
    data += n;
    size -= n;
    uint32_t rn = ck::fuzz::take_u32(data, size);
    if (rn > size) rn = static_cast<uint32_t>(size);
    ck::fuzz::AlignedBytes r(data, rn);
    data += rn;
    size -= rn;
    if (size == 0) return 0;
    const ck_hook_id hook = data[0] % CK_HOOK_COUNT;
    ++data;
    --size;

    ck::fuzz::AlignedBytes s2 = s, r2 = r;
    Places places = places_of(s.view());
    for (; size >= 4; data += 4, size -= 4) {
        apply_edit(data, places, s2, r2);
        if ((data[0] & 8) != 0) {  // the same edit, at the same places, to S
            apply_edit(data, places, s, r);
            places = places_of(s.view());
        }
    }

    std::vector<Answer> cold(m.count);
    for (uint32_t i = 0; i < m.count; ++i)
        std::thread([&, i] { cold[i] = call(m, i, hook, s2.view(), r2.view()); }).join();
    for (uint32_t i = 0; i < m.count; ++i) {
        (void)call(m, i, hook, s.view(), r.view());
        const Answer warm = call(m, i, hook, s2.view(), r2.view());
        if (!(warm == cold[i])) {
            std::fprintf(stderr,
                         "%s: hook %u, expansion %u: after the first state the second answers status %d (%s), "
                         "%zu bytes; on a fresh thread status %d (%s), %zu bytes\n",
                         kTarget, unsigned(hook), unsigned(i), warm.status, warm.message.c_str(), warm.response.size(),
                         cold[i].status, cold[i].message.c_str(), cold[i].response.size());
            std::abort();
        }
    }
    return 0;
}
