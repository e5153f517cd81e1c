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

// Trivially destructible on purpose (see the header).
thread_local VerifiedBytes<kVerifiedStateCacheBytes> t_state;
thread_local VerifiedBytes<kVerifiedSetupCacheBytes> t_setup;
thread_local VerifiedBytes<kVerifiedRequestCacheBytes> t_request;
thread_local uint64_t t_setups_remembered = 0;  // ids already handed out on this thread
thread_local uint64_t t_setup_id = 0;

}  // namespace

bool state_already_verified(ck_bytes state) noexcept { return t_state.matches(state); }
void remember_verified_state(ck_bytes state) noexcept { t_state.remember(state); }
bool setup_already_verified(ck_bytes setup) noexcept { return t_setup.matches(setup); }
void remember_verified_setup(ck_bytes setup) noexcept {
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
