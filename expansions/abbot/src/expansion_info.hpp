// What the abbot expansion declares about itself (the manifest): its figure
// kind carries every rule (AB-1 to AB-9 in docs/expansions/abbot.md).
#pragma once

#include <cloisterkit/sdk/expansion.hpp>

namespace ck::abbot {

sdk::ExpansionInfo expansion_info();

}  // namespace ck::abbot
