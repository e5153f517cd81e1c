// What Little Buildings reads from a game's setup: its options, and which of
// the game's token kinds are buildings. Scoring asks for both on every
// feature that holds a building, so they are derived once per setup and
// thread (HookContext::setup_id) instead of on every call.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include <cloisterkit/sdk/hook_context.hpp>

#include "building_kind.hpp"
#include "options.hpp"

namespace ck::little_buildings {

class SetupFacts {
public:
    // Token kinds told apart by the table; any beyond are looked up by name.
    static constexpr size_t kTabledKinds = 64;

    explicit SetupFacts(const sdk::HookContext& ctx);

    const Options& options() const { return options_; }
    // The building that token kind `kind` (an index into setup().token_kinds)
    // is, or nullopt for another expansion's token.
    std::optional<BuildingKind> building(const sdk::HookContext& ctx, uint16_t kind) const;

private:
    Options options_;
    std::array<int8_t, kTabledKinds> building_of_kind_{};  // -1: not a building; else the BuildingKind
};

// The facts of ctx's setup: derived at the first call of a game on this
// thread and kept until the setup changes (or at every call when the SDK
// cannot tell setups apart). Throws like read_options on bad option values.
const SetupFacts& setup_facts(const sdk::HookContext& ctx);

}  // namespace ck::little_buildings
