// Verification of FlatBuffers that come back from a plugin (manifests,
// hook responses). Plugin output is untrusted: size, identifier and the
// verifier are checked before anything reads the buffer.
#pragma once

#include <cloisterkit/plugin.h>
#include <flatbuffers/flatbuffers.h>

#include <cstdint>
#include <string>

namespace ck::host {

// Returns "" when `data[0..size)` is a well-formed buffer with root `Root`
// and file identifier `identifier`, otherwise why it is not.
template <class Root>
std::string check_buffer(const uint8_t* data, size_t size, const char* identifier) {
    if (data == nullptr) return "buffer is NULL";
    // flatbuffers 2.0.8's Verifier asserts on sizes >= 2^31 - 1: check first.
    if (size > CK_MAX_BUFFER_SIZE) return "buffer of " + std::to_string(size) + " bytes exceeds CK_MAX_BUFFER_SIZE";
    if (size < sizeof(flatbuffers::uoffset_t) + flatbuffers::kFileIdentifierLength)
        return "buffer of " + std::to_string(size) + " bytes is too small to be a FlatBuffer";
    if (!flatbuffers::BufferHasIdentifier(data, identifier))
        return std::string("buffer identifier is not \"") + identifier + "\"";
    flatbuffers::Verifier verifier(data, size);
    if (!verifier.VerifyBuffer<Root>(identifier))
        return std::string("buffer with identifier \"") + identifier + "\" fails FlatBuffers verification";
    return {};
}

}  // namespace ck::host
