// Host-side reading of a module's response: verify first (module output is
// untrusted), then read. Deliberately independent of the SDK, so the tests
// check the SDK's output format from the outside.
#pragma once

#include <cloisterkit/plugin.h>

#include <vector>

#include <cloisterkit/schemas/hooks_generated.h>

namespace ck::abi_test {

inline constexpr char kResponseIdentifier[] = "CKRS";

inline const fb::HookResponse* verified_response(const ck_buffer& buffer) {
    if (buffer.data == nullptr || buffer.size < 8 || buffer.size > CK_MAX_BUFFER_SIZE) return nullptr;
    flatbuffers::Verifier verifier(buffer.data, buffer.size);
    if (!verifier.VerifyBuffer<fb::HookResponse>(kResponseIdentifier)) return nullptr;
    return flatbuffers::GetRoot<fb::HookResponse>(buffer.data);
}

// The effect types of a verified response, in order.
inline std::vector<fb::Effect> effect_types(const fb::HookResponse& response) {
    std::vector<fb::Effect> types;
    if (response.effects() != nullptr)
        for (const fb::EffectEntry* e : *response.effects()) types.push_back(e->effect_type());
    return types;
}

}  // namespace ck::abi_test
