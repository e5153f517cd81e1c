// Filling the ck_buffer a caller receives. Every filled buffer has a
// non-NULL `release` that frees what it owns and then NULLs `data` and
// `release`, so releasing twice or releasing a zeroed buffer is harmless.
#pragma once

#include <cloisterkit/plugin.h>

#include <cstdint>
#include <vector>

#include <flatbuffers/flatbuffers.h>

namespace ck::sdk::detail {

// Zero `out` (before any work, so a failed call leaves it empty).
void reset_buffer(ck_buffer* out) noexcept;

// Moves the finished builder's memory into `out`; the memory is freed by
// out->release (no copy, no allocation beyond the builder's own).
void hand_over(flatbuffers::FlatBufferBuilder& finished, ck_buffer* out) noexcept;

// Points `out` at bytes the context owns (valid until destroy()); release
// only clears the fields.
void lend(const std::vector<uint8_t>& bytes, ck_buffer* out) noexcept;

// An empty buffer (data NULL, size 0) that is still releasable.
void make_empty(ck_buffer* out) noexcept;

}  // namespace ck::sdk::detail
