// Builds an expansion's manifest (schemas/manifest.fbs) from its
// ExpansionInfo, once, when the module context is created.
#pragma once

#include <cstdint>
#include <vector>

#include <cloisterkit/sdk/expansion.hpp>

namespace ck::sdk::detail {

// A finished ExpansionManifest buffer with identifier "CKMF".
std::vector<uint8_t> build_manifest(const ExpansionInfo& info);

}  // namespace ck::sdk::detail
