#include "setup_facts.hpp"

#include <type_traits>

namespace ck::little_buildings {

SetupFacts::SetupFacts(const sdk::HookContext& ctx)
    : options_(read_options([&](std::string_view key) { return ctx.rule(key); })) {
    building_of_kind_.fill(-1);
    for (uint16_t k = 0; k < kTabledKinds; ++k)
        if (const auto b = parse_token_kind(ctx.token_kind_name(k))) building_of_kind_[k] = static_cast<int8_t>(*b);
}

std::optional<BuildingKind> SetupFacts::building(const sdk::HookContext& ctx, uint16_t kind) const {
    if (kind >= kTabledKinds) return parse_token_kind(ctx.token_kind_name(kind));
    if (building_of_kind_[kind] < 0) return std::nullopt;
    return static_cast<BuildingKind>(building_of_kind_[kind]);
}

const SetupFacts& setup_facts(const sdk::HookContext& ctx) {
    // Trivially destructible, so no thread pins the module after dlclose
    // (see the SDK's verified-state cache).
    static_assert(std::is_trivially_destructible_v<SetupFacts>);
    thread_local uint64_t facts_of = 0;
    thread_local std::optional<SetupFacts> facts;
    if (facts && ctx.setup_id() != 0 && ctx.setup_id() == facts_of) return *facts;
    facts.reset();  // a throw below leaves nothing that could be mistaken for this setup's
    facts.emplace(ctx);
    facts_of = ctx.setup_id();
    return *facts;
}

}  // namespace ck::little_buildings
