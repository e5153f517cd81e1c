// Little Buildings (docs/expansions/little-buildings.md): the one entry point
// the module needs.
#pragma once

#include <cloisterkit/sdk/expansion.hpp>

#include <memory>

namespace ck::little_buildings {

inline constexpr const char* kExpansionId = "cloisterkit.little-buildings";

std::unique_ptr<sdk::Expansion> make_expansion();

}  // namespace ck::little_buildings
