// Skips re-verifying a GameState whose bytes this thread has just verified.
//
// Hosts pass the same state bytes to every hook and expansion called
// against one state (docs/abi.md §10), and verifying a 2 KB GameState costs
// several times more than comparing it. FlatBuffers verification is a pure
// function of the bytes and their length (alignment is checked relative to
// the buffer start), so identical bytes give an identical result: the cache
// keeps a private copy of the last verified state and compares the whole
// input against it. Nothing the host says (pointer, id, size alone) is
// trusted; a state that differs in any byte is verified in full.
//
// Thread-local, so concurrent calls on one context never share it, and of
// fixed size with no destructor, so a thread never pins the module in
// memory after dlclose. States larger than the cache are always verified.
#pragma once

#include <cloisterkit/plugin.h>

#include <cstddef>
#include <cstdint>

namespace ck::sdk::detail {

// Largest state kept (a mid-game base state with Little Buildings is about
// 2 KB; late games with several expansions stay well below this).
inline constexpr size_t kVerifiedStateCacheBytes = 16 * 1024;

// True when `state` is byte-for-byte the state this thread last recorded.
bool state_already_verified(ck_bytes state) noexcept;

// Records `state`, which has just passed full verification.
void remember_verified_state(ck_bytes state) noexcept;

// Forgets the recorded state (tests use it to measure cold calls).
void forget_verified_state() noexcept;

}  // namespace ck::sdk::detail
