// Verification of an untrusted GameState before any expansion code sees it.
#pragma once

#include <cloisterkit/plugin.h>

#include <cloisterkit/schemas/game_state_generated.h>

namespace ck::sdk::detail {

// Checks, in order: the FlatBuffers structure of the state; its nested
// GameSetup (present and itself a valid "CKSU" buffer); and every index the state holds into the setup's lists and into
// its players (tile types, token and figure kinds, expansions, owners), so
// expansion code may index with them unchecked. Bytes this thread verified
// last are compared instead of verified again (verified_state_cache.hpp).
// On success `*setup` is the verified setup; otherwise CK_E_BAD_BUFFER
// with what failed and where.
ck_status verify_state(ck_bytes state, const fb::GameSetup** setup, ck_error* err);

}  // namespace ck::sdk::detail
