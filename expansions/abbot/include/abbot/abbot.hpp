// The abbot and gardens of the 2nd-edition base game
// (docs/expansions/abbot.md): the one entry point the module needs.
#pragma once

#include <cloisterkit/sdk/expansion.hpp>

#include <memory>

namespace ck::abbot {

inline constexpr const char* kExpansionId = "cloisterkit.abbot";

std::unique_ptr<sdk::Expansion> make_expansion();

}  // namespace ck::abbot
