// Skips re-verifying bytes this thread has just verified: the last whole
// GameState, the last GameSetup nested in one, and the last small request.
//
// Hosts pass the same state bytes to every hook and expansion called
// against one state, and the same setup bytes in every state of a game
// (docs/abi.md §10); verifying costs several times more than comparing.
// FlatBuffers verification is a pure function of the bytes and their
// length (alignment is checked relative to the buffer start), so identical
// bytes give an identical result: each cache keeps a private copy of the
// last verified bytes and compares the whole input against it (the state's
// copy leaves out its nested setup, whose bytes are compared against the
// setup's copy). Nothing the host says (pointer, id, size alone) is
// trusted; bytes that differ in any byte are verified in full. (1.2.0 let
// the players' scores differ unverified; that shortcut depended on which
// bytes the FlatBuffers verifier reads and was unsound: issue #23,
// CHANGELOG 1.2.1.)
//
// Thread-local, so concurrent calls on one context never share them, and
// of fixed size with no destructor, so a thread never pins the module in
// memory after dlclose. Larger inputs are always verified.
#pragma once

#include <cloisterkit/plugin.h>

#include <cstddef>
#include <cstdint>

namespace ck::sdk::detail {

// Largest state kept (a mid-game state with both shipped expansions is
// well under 2 KB once the setup is nested; the setup is compared apart).
inline constexpr size_t kVerifiedStateCacheBytes = 16 * 1024;
// Largest setup kept: tile ids of several thousand tile types fit.
inline constexpr size_t kVerifiedSetupCacheBytes = 64 * 1024;

// True when `state` is byte-for-byte the state this thread last recorded.
bool state_already_verified(ck_bytes state) noexcept;
// Records `state`, which has just passed full verification. `setup` is the
// span of its nested setup, which setup_already_verified() has just found
// or remember_verified_setup() has just recorded: the copy leaves those
// bytes out and compares them against the setup kept.
void remember_verified_state(ck_bytes state, ck_bytes setup) noexcept;

// The same for the GameSetup bytes nested in a state.
bool setup_already_verified(ck_bytes setup) noexcept;
void remember_verified_setup(ck_bytes setup) noexcept;

// A number for the setup of the state this thread verified last: equal on
// two calls of the thread only when their setups are byte for byte the
// same, new whenever a different setup is remembered, and 0 when the setup
// was too large to keep (then nothing can be told apart). HookContext
// hands it to expansions that derive data from the setup once per game.
uint64_t current_setup_id() noexcept;

// Largest request kept: the small requests that repeat (TILE_STEP_OPTIONS,
// TURN_END, ... carry a player and little else) are asked again and again.
inline constexpr size_t kVerifiedRequestCacheBytes = 256;

// The same for the last HookRequest this thread verified.
bool request_already_verified(ck_bytes request) noexcept;
void remember_verified_request(ck_bytes request) noexcept;

// Forgets both (tests use it to measure cold calls).
void forget_verified_state() noexcept;

}  // namespace ck::sdk::detail
