// The module context behind the opaque ck_plugin_ctx: everything create()
// computes once and every later call only reads. Immutable after create(),
// which is what makes call_hook safe to run concurrently on one context.
#pragma once

#include <cloisterkit/plugin.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <cloisterkit/sdk/expansion.hpp>
#include <cloisterkit/sdk/module.hpp>

#include "host_log.hpp"

namespace ck::sdk::detail {

// One expansion with its cached description. The strings that the C
// descriptor points into live here, so they stay valid until destroy().
struct LoadedExpansion {
    std::unique_ptr<Expansion> expansion;
    ExpansionInfo info;
    std::vector<const char*> requires_ptrs;  // into info.requires_ids, NULL-terminated
    ck_expansion_desc desc{};
    std::vector<uint8_t> manifest;  // finished ExpansionManifest, identifier "CKMF"
    HostLog log;  // where its messages go (host_log.hpp)
};

}  // namespace ck::sdk::detail

// The opaque type of the C ABI, defined in the global namespace where
// plugin.h declared it.
struct ck_plugin_ctx {
    const ck::sdk::ModuleDefinition* module = nullptr;
    // unique_ptr so descriptor addresses never move.
    std::vector<std::unique_ptr<ck::sdk::detail::LoadedExpansion>> expansions;
};
