#include "verified_state_cache.hpp"

#include <cstring>

namespace ck::sdk::detail {
namespace {

template <size_t Capacity>
struct VerifiedBytes {
    size_t size = 0;  // 0: nothing recorded (a valid buffer is never empty)
    alignas(8) uint8_t bytes[Capacity];

    bool matches(ck_bytes in) const noexcept {
        return size != 0 && in.size == size && in.data != nullptr && std::memcmp(in.data, bytes, size) == 0;
    }
    void remember(ck_bytes in) noexcept {
        if (in.data == nullptr || in.size == 0 || in.size > Capacity) {
            size = 0;
            return;
        }
        std::memcpy(bytes, in.data, in.size);
        size = in.size;
    }
};

// Where `part` lies in `whole`, as an offset; false if not entirely inside.
bool offset_in(ck_bytes whole, ck_bytes part, size_t& at) noexcept {
    if (whole.data == nullptr || part.data < whole.data || part.size > whole.size ||
        static_cast<size_t>(part.data - whole.data) > whole.size - part.size)
        return false;
    at = static_cast<size_t>(part.data - whole.data);
    return true;
}

// The last verified state without the bytes of its nested setup (the
// "hole"), which are those t_setup holds: a state is mostly its setup, and
// the setup is the same all game, so it is kept and compared once.
template <size_t Capacity>
struct VerifiedStateBytes {
    size_t size = 0;  // of the whole state; 0: nothing recorded
    size_t hole_at = 0, hole_size = 0;
    alignas(8) uint8_t bytes[Capacity];  // [0, hole_at) then [hole_at + hole_size, size)

    // `setup` must hold the hole's bytes (remember_verified_setup forgets
    // the state whenever it changes).
    template <size_t SetupCapacity>
    bool matches(ck_bytes in, const VerifiedBytes<SetupCapacity>& setup) const noexcept {
        if (size == 0 || in.size != size || in.data == nullptr) return false;
        return same(in, 0, hole_at) && same(in, hole_at + hole_size, size) &&
               setup.matches(ck_bytes{in.data + hole_at, hole_size});
    }
    // in[from, to), on one side of the hole, equals the copy.
    bool same(ck_bytes in, size_t from, size_t to) const noexcept {
        const size_t shift = from >= hole_at + hole_size ? hole_size : 0;  // the copy has no hole
        return std::memcmp(in.data + from, bytes + (from - shift), to - from) == 0;  // never past `bytes`
    }
    void remember(ck_bytes in, ck_bytes hole) noexcept {
        size = 0;
        if (!offset_in(in, hole, hole_at) || in.size - hole.size > Capacity) return;
        hole_size = hole.size;
        std::memcpy(bytes, in.data, hole_at);
        std::memcpy(bytes + hole_at, hole.data + hole.size, in.size - hole_at - hole.size);
        size = in.size;
    }
};

// Trivially destructible on purpose (see the header).
thread_local VerifiedStateBytes<kVerifiedStateCacheBytes> t_state;
thread_local VerifiedBytes<kVerifiedSetupCacheBytes> t_setup;
thread_local VerifiedBytes<kVerifiedRequestCacheBytes> t_request;
thread_local uint64_t t_setups_remembered = 0;  // ids already handed out on this thread
thread_local uint64_t t_setup_id = 0;

}  // namespace

bool state_already_verified(ck_bytes state) noexcept { return t_state.matches(state, t_setup); }
void remember_verified_state(ck_bytes state, ck_bytes setup) noexcept {
    if (t_setup.size != setup.size) {  // the setup was too large to keep
        t_state.size = 0;
        return;
    }
    t_state.remember(state, setup);
}
bool setup_already_verified(ck_bytes setup) noexcept { return t_setup.matches(setup); }
void remember_verified_setup(ck_bytes setup) noexcept {
    t_state.size = 0;  // its hole held the setup kept until now
    t_setup.remember(setup);
    t_setup_id = t_setup.size != 0 ? ++t_setups_remembered : 0;
}
uint64_t current_setup_id() noexcept { return t_setup_id; }
bool request_already_verified(ck_bytes request) noexcept { return t_request.matches(request); }
void remember_verified_request(ck_bytes request) noexcept { t_request.remember(request); }

void forget_verified_state() noexcept {
    t_state.size = 0;
    t_setup.size = 0;
    t_request.size = 0;
    t_setup_id = 0;
}

}  // namespace ck::sdk::detail
