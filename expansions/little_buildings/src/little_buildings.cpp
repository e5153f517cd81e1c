// The hooks of Little Buildings. Each one reads the game's options, looks at
// the state the host sent and answers with effects; nothing is kept between
// calls (the SDK shares one object across games and threads).
#include <little_buildings/little_buildings.hpp>

#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "building_bonus.hpp"
#include "building_kind.hpp"
#include "expansion_info.hpp"
#include "options.hpp"
#include "setup_facts.hpp"
#include "token_split.hpp"

namespace ck::little_buildings {
namespace {

// Every bad input below is the host's mistake; the SDK reports the exception
// as CK_E_INTERNAL with this message, and the host must not apply anything.
[[noreturn]] void reject(const std::string& why) { throw std::runtime_error("little buildings: " + why); }

class LittleBuildings final : public sdk::Expansion {
public:
    sdk::ExpansionInfo info() const override { return expansion_info(); }

    // LB-4, LB-21 (split=rules) or jcz-interop §4.13 (split=jcz).
    void on_game_start(const sdk::HookContext& ctx, const fb::GameStartArgs& args, sdk::Effects& out) const override {
        const Options& options = setup_facts(ctx).options();
        const auto* players = ctx.state().players();
        const int count = players ? static_cast<int>(players->size()) : 0;
        if (count == 0 || count != args.player_count())
            reject("GAME_START says " + std::to_string(args.player_count()) + " players but the state lists " +
                   std::to_string(count));
        for (int player = 0; player < count; ++player) {
            const auto seat = static_cast<uint8_t>(player);
            const KindCounts dealt = buildings_dealt(seat, count, options);
            for (size_t k = 0; k < kAllKinds.size(); ++k)
                if (dealt[k] > 0) out.give_tokens(seat, token_kind(kAllKinds[k]), dealt[k]);
        }
    }

    // LB-2, LB-12, LB-14, LB-15, LB-17, LB-20, LB-23.
    void bonus_points(const sdk::HookContext& ctx, const fb::BonusPointsArgs& args, sdk::Effects& out) const override {
        const fb::ScoredFeature* feature = args.feature();
        if (!feature) reject("BONUS_POINTS without a feature");
        const SetupFacts& facts = setup_facts(ctx);
        const Options& options = facts.options();
        if (!options.bonus_on_zero_score && feature->points() == 0) return;

        const Reach reach = bonus_reach(feature->kind(), options.scope);
        if (reach == Reach::None) return;
        const auto* refs = reach == Reach::Parts ? feature->parts() : feature->area();
        if (!refs || refs->size() == 0)
            reject(std::string("scored ") + fb::EnumNameFeatureKind(feature->kind()) + " " +
                   std::to_string(feature->id()) + " lists no " + (reach == Reach::Parts ? "parts" : "area spaces"));

        const auto* tokens = ctx.state().tokens();
        if (!tokens) return;
        // Vectors of structs are arrays of them: read in place.
        const std::span<const fb::TileRef> ref_list(reinterpret_cast<const fb::TileRef*>(refs->Data()), refs->size());
        const std::span<const fb::PlacedToken> token_list(reinterpret_cast<const fb::PlacedToken*>(tokens->Data()),
                                                          tokens->size());
        const int bonus = building_bonus(
            token_list, [&](uint16_t kind) { return facts.building(ctx, kind); }, ref_list, options);
        if (bonus != 0) out.adjust_feature_points(bonus, "little buildings");
    }
};

}  // namespace

std::unique_ptr<sdk::Expansion> make_expansion() { return sdk::make_expansion<LittleBuildings>(); }

}  // namespace ck::little_buildings
