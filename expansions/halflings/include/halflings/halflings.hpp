// Halflings (docs/expansions/halflings.md): the one entry point the module
// needs.
#pragma once

#include <cloisterkit/sdk/expansion.hpp>

#include <memory>

namespace ck::halflings {

inline constexpr const char* kExpansionId = "cloisterkit.halflings";

std::unique_ptr<sdk::Expansion> make_expansion();

}  // namespace ck::halflings
