// The hooks of Halflings. Each one reads the state the host sent (and, where
// it needs them, the game's options) and answers with effects; nothing is
// kept between calls (the SDK shares one object across games and threads).
// The host does all of the geometry: placement of triangles, features
// across hypotenuses and gaps, completion, counting by spaces.
#include <halflings/halflings.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <climits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "deal.hpp"
#include "expansion_info.hpp"
#include "options.hpp"
#include "scoring.hpp"
#include "tile_step.hpp"
#include "tiles.hpp"

namespace ck::halflings {
namespace {

// Every bad input below is the host's mistake; the SDK reports the exception
// as CK_E_INTERNAL with this message, and the host must not apply anything.
[[noreturn]] void reject(const std::string& why) { throw std::runtime_error("halflings: " + why); }

Options options_of(const sdk::HookContext& ctx) {
    return read_options([&](std::string_view key) { return ctx.rule(key); });
}

// The base game's tiny-city rule (host option tiny-city-scoring=4|2, alias
// base.tinyCity=off|on).
bool tiny_city_rule(const sdk::HookContext& ctx) {
    if (auto v = ctx.rule("tiny-city-scoring")) return *v == "2";
    return ctx.rule_or("base.tinyCity", "off") == "on";
}

// The number of players, checked against GAME_START's count; seat i is
// player i (the state lists players in order).
int seat_count(const fb::GameState& state, int expected_count) {
    const int count = state.players() ? static_cast<int>(state.players()->size()) : 0;
    if (count == 0 || count != expected_count)
        reject("GAME_START says " + std::to_string(expected_count) + " players but the state lists " +
               std::to_string(count));
    return count;
}

std::vector<std::string_view> tile_type_ids(const fb::GameSetup& setup) {
    std::vector<std::string_view> ids;
    if (setup.tile_types())
        for (const flatbuffers::String* s : *setup.tile_types()) ids.push_back(sdk::as_view(s));
    return ids;
}

// The pool dealt from, kept per thread for the setup it was found in: all
// games of a run share their setup, and finding the pool compares every
// tile type id with Halflings' 24. Trivially destructible, so no thread
// pins the module after dlclose (see the SDK's verified-state cache).
std::vector<TileType> pool_of(const sdk::HookContext& ctx, bool exclude_symbol_tiles) {
    struct Kept {
        uint64_t setup_id = 0;  // 0: nothing kept
        bool exclude_symbol_tiles = false;
        size_t size = 0;
        std::array<TileType, kTileIds.size()> tiles{};
    };
    static_assert(std::is_trivially_destructible_v<Kept>);
    thread_local Kept kept;
    if (ctx.setup_id() != 0 && kept.setup_id == ctx.setup_id() && kept.exclude_symbol_tiles == exclude_symbol_tiles)
        return {kept.tiles.begin(), kept.tiles.begin() + static_cast<std::ptrdiff_t>(kept.size)};
    std::vector<TileType> pool = halflings_pool(tile_type_ids(ctx.setup()), exclude_symbol_tiles);
    kept.setup_id = 0;
    if (pool.size() <= kept.tiles.size()) {
        std::copy(pool.begin(), pool.end(), kept.tiles.begin());
        kept.size = pool.size();
        kept.exclude_symbol_tiles = exclude_symbol_tiles;
        kept.setup_id = ctx.setup_id();
    }
    return pool;
}

std::string_view tile_id(const sdk::HookContext& ctx, TileType type) {
    const std::string_view id = ctx.tile_type_id(type);
    if (id.empty()) reject("tile type " + std::to_string(type) + " is not in the game's tile types");
    return id;
}

class Halflings final : public sdk::Expansion {
public:
    sdk::ExpansionInfo info() const override { return expansion_info(); }

    // HF-12, HF-14, HF-39, or the hands a saved game fixes
    // (gameAnnotations.halflingHands, dealt exactly as given).
    void on_game_start(const sdk::HookContext& ctx, const fb::GameStartArgs& args, sdk::Effects& out) const override {
        const Options options = options_of(ctx);
        const int count = seat_count(ctx.state(), args.player_count());

        if (const auto* presets = args.preset_hands(); presets != nullptr && presets->size() > 0) {
            if (static_cast<int>(presets->size()) != count)
                reject("GAME_START gives " + std::to_string(presets->size()) + " preset hands for " +
                       std::to_string(count) + " players (one per player expected)");
            for (int seat = 0; seat < count; ++seat) {
                const fb::PresetHand* hand = presets->Get(static_cast<flatbuffers::uoffset_t>(seat));
                if (hand == nullptr || hand->tiles() == nullptr) continue;
                for (TileType t : *hand->tiles()) {
                    tile_id(ctx, t);  // must name a tile type of the game
                    out.add_hand_tile(static_cast<uint8_t>(seat), t);
                }
            }
            return;
        }

        const bool exclude = options.exclude_symbol_tiles();
        const std::vector<TileType> pool = pool_of(ctx, exclude);
        const int64_t wanted = hand_size_for(options.hand_size, pool.size(), count);
        check_pool_size(pool.size(), count, wanted, exclude);
        const int hand_size = static_cast<int>(wanted);  // <= 24 after the check
        const std::vector<Dealt> dealt = options.setup == Setup::Random
                                             ? deal_random(pool, count, hand_size, args.seed())
                                             : deal_draft(pool, count, hand_size, args.seed());
        for (const Dealt& d : dealt) out.add_hand_tile(static_cast<uint8_t>(d.seat), d.tile);
    }

    // HF-16: one option per distinct tile type in the player's hand; the
    // host drops those with no legal placement and draws if none is left.
    void tile_step_options(const sdk::HookContext& ctx, const fb::TileStepOptionsArgs& args,
                           sdk::Effects& out) const override {
        if (!tile_step_open(ctx.state().turn())) return;
        if (ctx.player(args.player()) == nullptr)
            reject("TILE_STEP_OPTIONS for player " + std::to_string(args.player()) + ", who is not in the state");
        const sdk::HandRange range = ctx.hand(args.player());
        if (range.empty()) return;
        const DistinctTileTypes types(range);
        out.offer_tile_step_options(kPlayHalflingAction, kPlayHalflingLabel, types.data(), types.size());
    }

    // HF-16: the chosen halfling leaves the hand and is this turn's tile.
    void apply_tile_step_option(const sdk::HookContext& ctx, const fb::ApplyTileStepOptionArgs& args,
                                sdk::Effects& out) const override {
        check_play(ctx, args);
        out.play_hand_tile(args.player(), args.tile_type());
    }

    // HF-29, HF-31, HF-33, HF-34, HF-47 under featureCount=tiles /
    // monasteryCount=tiles; nothing under the default spaces.
    void score_feature(const sdk::HookContext& ctx, const fb::FeatureScoringArgs& args,
                       sdk::Effects& out) const override {
        const fb::ScoredFeature* feature = args.feature();
        if (feature == nullptr) reject("FEATURE_SCORING without a feature");
        const Options options = options_of(ctx);
        if (options.feature_count == Count::Spaces && options.monastery_count == Count::Spaces) return;
        const FeatureCounts counts{feature->kind(), feature->completed(), feature->tiles(), feature->pennants()};
        const std::optional<int32_t> points = points_counted_in_tiles(counts, options, tiny_city_rule(ctx));
        if (!points || *points == feature->base_points()) return;
        // A hostile state may carry any base_points: the difference is
        // taken wide and refused when no effect could carry it.
        const int64_t delta = int64_t{*points} - feature->base_points();
        if (delta < INT32_MIN || delta > INT32_MAX)
            reject("FEATURE_SCORING: base points " + std::to_string(feature->base_points()) + " are out of range");
        out.adjust_feature_points(static_cast<int32_t>(delta), "halflings: counted in tiles");
    }
};

}  // namespace

std::unique_ptr<sdk::Expansion> make_expansion() { return sdk::make_expansion<Halflings>(); }

}  // namespace ck::halflings
