#include <cloisterkit/sdk/effects.hpp>

namespace ck::sdk {
namespace {

flatbuffers::Offset<flatbuffers::String> text(flatbuffers::FlatBufferBuilder& b, std::string_view s) {
    return b.CreateString(s.data(), s.size());
}

}  // namespace

// One block that holds a typical response whole (a few effects with their
// strings), so the builder does not grow while it is built; it allocates
// nothing until the first effect is added. Vtables are not deduplicated:
// that search costs more than the few bytes it saves in a response.
Effects::Effects() : builder_(512) { builder_.DedupVtables(false); }

void Effects::push(fb::Effect type, flatbuffers::Offset<void> value) {
    const Entry entry = fb::CreateEffectEntry(builder_, type, value);
    if (count_ < kInlineEntries) {
        inline_[count_++] = entry;
        return;
    }
    if (spilled_.empty()) spilled_.assign(inline_, inline_ + count_);
    spilled_.push_back(entry);
    ++count_;
}

void Effects::add_points(uint8_t player, int32_t points, std::string_view name) {
    push(fb::Effect::AddPoints, fb::CreateAddPoints(builder_, player, points, text(builder_, name)).Union());
}

void Effects::adjust_feature_points(int32_t delta, std::string_view reason) {
    push(fb::Effect::AdjustFeaturePoints,
         fb::CreateAdjustFeaturePoints(builder_, delta, text(builder_, reason)).Union());
}

void Effects::give_tokens(uint8_t player, std::string_view kind, int32_t count) {
    push(fb::Effect::GiveTokens, fb::CreateGiveTokens(builder_, player, text(builder_, kind), count).Union());
}

void Effects::place_token(uint8_t player, std::string_view kind, const fb::TileRef& at) {
    push(fb::Effect::PlaceToken, fb::CreatePlaceToken(builder_, player, text(builder_, kind), &at).Union());
}

void Effects::set_expansion_data(const uint8_t* data, size_t size) {
    push(fb::Effect::SetExpansionData,
         fb::CreateSetExpansionData(builder_, builder_.CreateVector(data, size)).Union());
}

void Effects::offer_figure_option(std::string_view action, std::string_view token_kind, const fb::TileRef& at,
                                  std::string_view label) {
    auto option = fb::CreateFigureOption(builder_, text(builder_, action), text(builder_, token_kind), &at,
                                         text(builder_, label));
    push(fb::Effect::OfferFigureOption, fb::CreateOfferFigureOption(builder_, option).Union());
}

void Effects::offer_neutral_figure_move(std::string_view action, std::string_view figure, const fb::TileRef& at,
                                        uint32_t location, std::string_view label) {
    auto option = fb::CreateFigureOption(builder_, text(builder_, action), 0, &at, text(builder_, label), location,
                                         text(builder_, figure));
    push(fb::Effect::OfferFigureOption, fb::CreateOfferFigureOption(builder_, option).Union());
}

void Effects::offer_figure_return(std::string_view action, std::string_view return_source, const fb::TileRef& at,
                                  uint32_t location, std::string_view label) {
    auto option = fb::CreateFigureOption(builder_, text(builder_, action), 0, &at, text(builder_, label), location,
                                         0, text(builder_, return_source));
    push(fb::Effect::OfferFigureOption, fb::CreateOfferFigureOption(builder_, option).Union());
}

void Effects::move_neutral_figure(std::string_view figure, const fb::TileRef& at, uint32_t location) {
    push(fb::Effect::MoveNeutralFigure,
         fb::CreateMoveNeutralFigure(builder_, text(builder_, figure), &at, location).Union());
}

void Effects::return_figures(const fb::TileRef& at, uint32_t location, std::string_view reason) {
    push(fb::Effect::ReturnFigures, fb::CreateReturnFigures(builder_, &at, location, text(builder_, reason)).Union());
}

void Effects::forbid_figure_placement(const fb::TileRef& at, std::string_view reason) {
    push(fb::Effect::ForbidFigurePlacement,
         fb::CreateForbidFigurePlacement(builder_, &at, text(builder_, reason)).Union());
}

void Effects::offer_figure_placements(const std::vector<fb::TileRef>& tiles, std::string_view reason) {
    auto list = builder_.CreateVectorOfStructs(tiles);
    push(fb::Effect::OfferFigurePlacements,
         fb::CreateOfferFigurePlacements(builder_, list, text(builder_, reason)).Union());
}

void Effects::offer_movement(std::string_view figure, uint8_t player, const std::vector<fb::MoveTarget>& targets,
                             std::string_view label) {
    auto name = text(builder_, figure);
    auto list = builder_.CreateVectorOfStructs(targets);
    push(fb::Effect::OfferMovement,
         fb::CreateOfferMovement(builder_, name, player, list, text(builder_, label)).Union());
}

void Effects::offer_decision(uint8_t player, std::string_view key, std::string_view label,
                             const std::vector<DecisionChoice>& options, bool may_pass) {
    offer_decision(player, key, label, options, may_pass, DecisionExtras{});
}

void Effects::offer_decision(uint8_t player, std::string_view key, std::string_view label,
                             const std::vector<DecisionChoice>& options, bool may_pass, const DecisionExtras& extras) {
    std::vector<flatbuffers::Offset<fb::DecisionOption>> built;
    built.reserve(options.size());
    for (const DecisionChoice& o : options) {
        auto o_label = text(builder_, o.label);
        auto payload = o.payload.empty() ? 0 : builder_.CreateVector(o.payload);
        auto jcz_type = o.jcz_type.empty() ? 0 : text(builder_, o.jcz_type);
        auto jcz_payload = o.jcz_payload.empty() ? 0 : text(builder_, o.jcz_payload);
        built.push_back(fb::CreateDecisionOption(builder_, o_label, o.target, &o.at, o.location, o.figure, o.value,
                                                 payload, jcz_type, jcz_payload));
    }
    auto list = builder_.CreateVector(built);
    auto k = text(builder_, key);
    auto l = text(builder_, label);
    flatbuffers::Offset<fb::FigureTargets> targets = 0;
    if (extras.figure)
        targets = fb::CreateFigureTargets(builder_, *extras.figure, builder_.CreateVectorOfStructs(extras.tiles),
                                          extras.unfinished_only, builder_.CreateVectorOfStructs(extras.segments));
    auto pass_type = extras.jcz_pass_type.empty() ? 0 : text(builder_, extras.jcz_pass_type);
    push(fb::Effect::OfferDecision, fb::CreateOfferDecision(builder_, player, k, l, list, may_pass, targets,
                                                            pass_type, extras.jcz_commit)
                                        .Union());
}

void Effects::place_figure(uint8_t player, uint8_t kind, const fb::TileRef& at, uint32_t location,
                           bool allow_occupied) {
    push(fb::Effect::PlaceFigure,
         fb::CreatePlaceFigure(builder_, player, kind, &at, location, allow_occupied).Union());
}

void Effects::move_figure(uint32_t figure, const fb::TileRef& at, uint32_t location, bool allow_occupied) {
    push(fb::Effect::MoveFigure, fb::CreateMoveFigure(builder_, figure, &at, location, allow_occupied).Union());
}

void Effects::extra_turn() { push(fb::Effect::ExtraTurn, fb::CreateExtraTurn(builder_).Union()); }
void Effects::set_figure_strength(uint32_t figure, int strength, int tiebreak) {
    push(fb::Effect::SetFigureStrength, fb::CreateSetFigureStrength(builder_, figure, strength, tiebreak).Union());
}

DecisionChoice DecisionChoice::none(std::string label, int64_t value) {
    DecisionChoice c;
    c.label = std::move(label);
    c.value = value;
    return c;
}

DecisionChoice DecisionChoice::tile(std::string label, const fb::TileRef& at, int64_t value) {
    DecisionChoice c = none(std::move(label), value);
    c.target = fb::DecisionTarget::Tile;
    c.at = at;
    return c;
}

DecisionChoice DecisionChoice::location_of(std::string label, const fb::TileRef& at, uint32_t location,
                                           int64_t value) {
    DecisionChoice c = tile(std::move(label), at, value);
    c.target = fb::DecisionTarget::Location;
    c.location = location;
    return c;
}

DecisionChoice DecisionChoice::figure_at(std::string label, uint32_t figure_index, int64_t value) {
    DecisionChoice c = none(std::move(label), value);
    c.target = fb::DecisionTarget::Figure;
    c.figure = figure_index;
    return c;
}

DecisionChoice DecisionChoice::space(std::string label, const fb::TileRef& at, int64_t value) {
    DecisionChoice c = tile(std::move(label), at, value);
    c.target = fb::DecisionTarget::Space;
    return c;
}

DecisionChoice& DecisionChoice::saved_as(std::string type, std::string payload_json) {
    jcz_type = std::move(type);
    jcz_payload = std::move(payload_json);
    return *this;
}

void Effects::veto_placement(uint32_t candidate, std::string_view reason) {
    push(fb::Effect::VetoPlacement, fb::CreateVetoPlacement(builder_, candidate, text(builder_, reason)).Union());
}

void Effects::offer_tile_step_option(std::string_view action, uint16_t tile_type, std::string_view label) {
    push(fb::Effect::OfferTileStepOption,
         fb::CreateOfferTileStepOption(builder_, text(builder_, action), tile_type, text(builder_, label)).Union());
}

void Effects::offer_tile_step_options(std::string_view action, std::string_view label, const uint16_t* tile_types,
                                      size_t count) {
    const auto types = builder_.CreateVector(tile_types, count);
    push(fb::Effect::OfferTileStepOptions,
         fb::CreateOfferTileStepOptions(builder_, text(builder_, action), text(builder_, label), types).Union());
}

void Effects::add_hand_tile(uint8_t player, uint16_t tile_type) {
    push(fb::Effect::AddHandTile, fb::CreateAddHandTile(builder_, player, tile_type).Union());
}

void Effects::remove_hand_tile(uint8_t player, uint16_t tile_type) {
    push(fb::Effect::RemoveHandTile, fb::CreateRemoveHandTile(builder_, player, tile_type).Union());
}

void Effects::play_hand_tile(uint8_t player, uint16_t tile_type) {
    push(fb::Effect::PlayHandTile, fb::CreatePlayHandTile(builder_, player, tile_type).Union());
}

void Effects::end_game(std::string_view reason) {
    push(fb::Effect::EndGame, fb::CreateEndGame(builder_, text(builder_, reason)).Union());
}

void Effects::consume_figure_action() {
    push(fb::Effect::ConsumeFigureAction, fb::CreateConsumeFigureAction(builder_).Union());
}

flatbuffers::FlatBufferBuilder Effects::finish() {
    const Entry* entries = count_ <= kInlineEntries ? inline_ : spilled_.data();
    auto response = fb::CreateHookResponse(builder_, builder_.CreateVector(entries, count_));
    builder_.Finish(response, kHookResponseIdentifier);
    count_ = 0;
    spilled_.clear();
    return std::move(builder_);
}

}  // namespace ck::sdk
