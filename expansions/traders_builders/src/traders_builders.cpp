// Traders & Builders as a cloisterkit plugin module, written against the
// installed SDK alone (no include of host/ or of another expansion), on
// the turn protocol of ABI 1.4 (docs/expansions/traders-and-builders.md,
// rules TB-n):
//  - its 24 tiles (its own tile file, embedded) with goods on cities, read
//    as a declared tile value (`<city resource="wine">`);
//  - goods: FEATURE_COMPLETED gives the player who completed a city the
//    goods it shows, kept as tokens (TB-2); FINAL_SCORING the majority
//    bonus (TB-3);
//  - the builder and the pig: figure kinds that join their owner's
//    follower (the host places, weighs and returns them from the
//    declaration); TILE_PLACED asks for a second tile step when the tile
//    extends a feature with the player's builder (ExtraTurn, TB-5);
//    BONUS_POINTS pays a pig's points on a scored field (TB-8);
//  - the pig herd: a declared field attribute; FEATURE_SCORING adds its
//    points to the field (TB-9).
// Each of JCloisterZone's elements (traders, builder, pig, pig-herd) is a
// rule option it carries, so its saves with any of them replay (TB-10).
#include <cloisterkit/sdk/helpers.hpp>
#include <cloisterkit/sdk/module.hpp>

#include <array>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "rules.hpp"
#include "tiles_xml.hpp"

namespace ck::traders_builders {
namespace {

constexpr const char* kExpansionId = "cloisterkit.traders-and-builders";
constexpr std::string_view kGoodsOption = "tradersAndBuilders.goods";
constexpr std::string_view kBuildersOption = "tradersAndBuilders.builders";
constexpr std::string_view kPigsOption = "tradersAndBuilders.pigs";
constexpr std::string_view kPigHerdOption = "tradersAndBuilders.pigHerd";
constexpr std::string_view kBuilder = "builder";
constexpr std::string_view kPig = "pig";
constexpr std::string_view kPigHerd = "pig-herd";  // <field pig-herd="true">
constexpr std::string_view kResource = "resource";  // <city resource="wine">

sdk::FigureKind joining_kind(std::string_view id, std::vector<fb::FeatureKind> stands_on, std::string_view count_rule) {
    sdk::FigureKind k;
    k.id = std::string(id);
    k.name = std::string(id);
    k.count = 1;
    k.stands_on = std::move(stands_on);
    k.strength = 0;  // TB-4, TB-7: never counts towards a majority
    k.jcz_meeple_type = std::string(id);  // "0.builder.1", "0.pig.1"
    k.joins_own_follower = true;
    k.count_rule = std::string(count_rule);
    return k;
}

const fb::PlacedTile& tile_of_part(const sdk::HookContext& c, const fb::ScoredFeature& f, uint16_t part) {
    const auto* parts = f.parts();
    if (parts == nullptr || part >= parts->size())
        throw std::runtime_error("traders-and-builders: a segment of feature " + std::to_string(f.id()) +
                                 " names part " + std::to_string(part) + ", which the feature does not have");
    const fb::PlacedTile* tile = sdk::find_tile(c.state(), *parts->Get(part));
    if (tile == nullptr)
        throw std::runtime_error("traders-and-builders: feature " + std::to_string(f.id()) + " has a part at " +
                                 sdk::tile_ref_text(*parts->Get(part)) + ", where no tile lies");
    return *tile;
}

class TradersAndBuilders final : public sdk::Expansion {
public:
    sdk::ExpansionInfo info() const override {
        sdk::ExpansionInfo i;
        i.id = kExpansionId;  // --expansions traders-and-builders
        i.name = "Traders & Builders";
        i.version = "1.0.0";
        i.description =
            "24 tiles join the draw pile, many of their cities showing wine, grain or cloth. Whoever completes a "
            "city takes its goods, whoever holds it; at the end the most of each good scores 10. Each player has "
            "a builder, placed beside their own follower on a road or city: extending that feature later gives a "
            "second tile in the same turn; and a pig, placed beside their own farmer: +1 per city when the field "
            "scores. Pig herds on fields add 1 per city for every farmer scoring there.";
        i.hooks = sdk::hooks_overridden_by<TradersAndBuilders>();
        i.tile_definitions_xml = std::string(tiles_xml());
        // TB-1: the 1st edition's tiles; the 2nd's (two with gardens) when the abbot plays.
        i.deck_tile_sets = {{"traders-and-builders:1", 1, "", "cloisterkit.abbot"},
                            {"traders-and-builders:2", 1, "cloisterkit.abbot", ""}};
        i.tile_values = {{"city", std::string(kResource)}};
        i.segment_attributes = {{fb::FeatureKind::Field, std::string(kPigHerd), "pig herd"}};
        for (Good g : kGoods)
            i.token_kinds.push_back({std::string(good_token_kind(g)), std::string(good_name(g)), good_tiles(g)});
        i.figure_kinds = {joining_kind(kBuilder, {fb::FeatureKind::Road, fb::FeatureKind::City}, kBuildersOption),
                          joining_kind(kPig, {fb::FeatureKind::Field}, kPigsOption)};
        // TB-10: JCloisterZone's four elements, each an option of its own.
        auto goods = sdk::boolean_option(std::string(kGoodsOption), true,
                                         "goods on cities and the majority bonus at the end (TB-2, TB-3)");
        goods.jcz_element = "traders";
        auto builders = sdk::integer_option(std::string(kBuildersOption), 1, 0, 4, "builders per player (TB-4)");
        builders.jcz_element = std::string(kBuilder);
        auto pigs = sdk::integer_option(std::string(kPigsOption), 1, 0, 9, "pigs per player (TB-7)");
        pigs.jcz_element = std::string(kPig);
        auto herds = sdk::boolean_option(std::string(kPigHerdOption), true,
                                         "pig herds on fields add 1 per city (TB-9)");
        herds.jcz_element = std::string(kPigHerd);
        i.rule_options = {goods, builders, pigs, herds};
        i.host_capabilities = {CK_CAPABILITY_EXTRA_TURN};
        // TB-5: a second tile step needs one of the player's builders out.
        i.hook_filters = {sdk::only_when(CK_HOOK_TILE_PLACED, fb::HookFilter::ActivePlayerHasFigureOnBoard,
                                         std::string(kBuilder))};
        return i;
    }

    // TB-5: a tile extending a road or city where the player's builder
    // stands (on another space) gives a second tile step, once a turn.
    void on_tile_placed(const sdk::HookContext& c, const fb::TilePlacedArgs& args, sdk::Effects& out) const override {
        const fb::GameState& s = c.state();
        if (s.turn_part() > 1 || s.extra_turn() || args.placement() == nullptr) return;
        const int builder = sdk::figure_kind_index(c.setup(), kBuilder);
        const auto* features = args.segment_features();
        if (builder < 0 || features == nullptr || s.figures() == nullptr) return;
        std::vector<Figure> figures;
        for (const fb::PlacedFigure* f : *s.figures())
            figures.push_back({f->owner(), f->kind() == builder, sdk::same_space(f->at(), args.placement()->at()),
                               f->feature()});
        const std::vector<uint32_t> tile_features(features->begin(), features->end());
        if (builder_gives_second_step(args.player(), s.turn_part(), figures, tile_features)) out.extra_turn();
    }

    // TB-2: the goods of a completed city, to the player who completed it.
    void on_feature_completed(const sdk::HookContext& c, const fb::FeatureCompletedArgs& args,
                              sdk::Effects& out) const override {
        const fb::ScoredFeature* f = args.feature();
        if (f == nullptr || f->kind() != fb::FeatureKind::City || !c.rule_bool_or(kGoodsOption, true)) return;
        const auto* segments = f->segments();
        if (segments == nullptr) return;
        std::array<int, kGoods.size()> goods{};
        for (const fb::FeatureSegment* seg : *segments) {
            const fb::PlacedTile& tile = tile_of_part(c, *f, seg->part());
            const auto value = c.tile_value(tile.tile_type(), "city", kResource, seg->segment());
            if (!value) continue;
            const auto good = good_named(*value);
            if (!good)
                throw std::runtime_error("traders-and-builders: tile " + std::string(c.tile_type_id(tile.tile_type())) +
                                         " shows the good \"" + std::string(*value) +
                                         "\", which is none of wine, grain and cloth");
            ++goods[static_cast<size_t>(*good)];
        }
        for (Good g : kGoods)
            if (const int n = goods[static_cast<size_t>(g)]; n > 0) out.give_tokens(args.player(), good_token_kind(g), n);
    }

    // TB-9: a field with pig herds pays every scorer 1 more per city.
    void score_feature(const sdk::HookContext& c, const fb::FeatureScoringArgs& args, sdk::Effects& out) const override {
        const fb::ScoredFeature* f = args.feature();
        if (f == nullptr || f->kind() != fb::FeatureKind::Field || !c.rule_bool_or(kPigHerdOption, true)) return;
        const int herds = static_cast<int>(sdk::feature_attribute_segments(*f, kPigHerd));
        if (const int points = pig_herd_points(static_cast<int>(f->cities()), herds); points > 0)
            out.adjust_feature_points(points, "pig-herd");
    }

    // TB-8: a scorer of a field who has a pig on it scores 1 more per city.
    void bonus_points(const sdk::HookContext& c, const fb::BonusPointsArgs& args, sdk::Effects& out) const override {
        const fb::ScoredFeature* f = args.feature();
        if (f == nullptr || f->kind() != fb::FeatureKind::Field || f->cities() == 0 || f->scorers() == nullptr) return;
        const int pig = sdk::figure_kind_index(c.setup(), kPig);
        if (pig < 0 || c.state().figures() == nullptr) return;
        for (const uint8_t scorer : *f->scorers()) {
            bool has_pig = false;
            for (const fb::PlacedFigure* fig : *c.state().figures())
                has_pig |= fig->kind() == pig && fig->owner() == scorer && fig->feature() == f->id();
            if (const int points = pig_points(static_cast<int>(f->cities()), has_pig); points > 0)
                out.add_points(scorer, points, "pigs");
        }
    }

    // TB-3: 10 points for each good to whoever holds the most of it.
    void final_scoring(const sdk::HookContext& c, const fb::FinalScoringArgs&, sdk::Effects& out) const override {
        if (!c.rule_bool_or(kGoodsOption, true)) return;
        const int players = c.player_count();
        for (Good g : kGoods) {
            std::vector<int> held;
            for (int p = 0; p < players; ++p) held.push_back(c.tokens_in_supply(static_cast<uint8_t>(p), good_token_kind(g)));
            for (const uint8_t winner : goods_majority(held)) out.add_points(winner, kGoodsBonus, good_score_name(g));
        }
    }
};

sdk::ExpansionList make_expansions() {
    sdk::ExpansionList list;
    list.push_back(sdk::make_expansion<TradersAndBuilders>());
    return list;
}

}  // namespace
}  // namespace ck::traders_builders

// Schema revision 11 at least: options carried by JCloisterZone elements,
// figure counts set by them, a field's cities and a feature's segments.
CK_SDK_DEFINE_MODULE_FOR_SCHEMAS("cloisterkit-traders-and-builders", "1.0.0", ck::traders_builders::make_expansions, 11,
                                 CK_SCHEMA_REVISION)
