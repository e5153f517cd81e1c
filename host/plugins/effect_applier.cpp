#include "effect_applier.hpp"

#include <algorithm>
#include <cstdlib>
#include <tuple>

#include <nlohmann/json.hpp>

#include "core/game.hpp"
#include "core/utf8.hpp"
#include "decision_tables.hpp"
#include "core/location_names.hpp"
#include "core/profile.hpp"

namespace ck::host {
namespace {

// Bounds that no sane rule reaches; larger values mean a broken plugin.
constexpr int kMaxPointsPerEffect = 100000;
constexpr int kMaxTokenCount = 1000;
constexpr size_t kMaxExpansionDataBytes = 1u << 20;
constexpr size_t kMaxHandSize = 1000;
// Tile-step options in one response: far more than any hand; it also keeps
// one response well inside OptionTexts' limits.
constexpr size_t kMaxTileStepOptions = 1000;
// Tiles or targets listed in one movement-stage effect: more than a board holds.
constexpr size_t kMaxListedTiles = 100000;
// A figure's strength or tie-break (SetFigureStrength): a byte, as the host's
// per-player sums are.
constexpr int kMaxFigureStrength = 255;
// Tiles one decision's figure targets may name: far more than any 3x3 area;
// each is checked and its segments listed.
constexpr size_t kMaxFigureTargetTiles = 100;

constexpr uint32_t bit(fb::Effect e) { return 1u << static_cast<uint32_t>(e); }
// Revision 8: the figure primitives, allowed wherever a turn's stage may
// move figures (not while a feature is being scored).
constexpr uint32_t kFigurePrimitives = bit(fb::Effect::PlaceFigure) | bit(fb::Effect::MoveFigure);
// Revision 10: a second tile step, from any hook of a turn's stages once
// the tile is placed.
constexpr uint32_t kTurnStructure = bit(fb::Effect::ExtraTurn);

// Allowed effect types per hook, indexed by hook id.
constexpr uint32_t kAllowed[CK_HOOK_COUNT] = {
    /* GAME_START */ bit(fb::Effect::GiveTokens) | bit(fb::Effect::SetExpansionData) | bit(fb::Effect::AddPoints) |
        bit(fb::Effect::AddHandTile),
    /* TILE_STEP_OPTIONS */ bit(fb::Effect::OfferTileStepOption) | bit(fb::Effect::OfferTileStepOptions),
    /* PLACEMENT_CHECK */ bit(fb::Effect::VetoPlacement),
    /* TILE_PLACED */ bit(fb::Effect::SetExpansionData) | bit(fb::Effect::AddPoints) | bit(fb::Effect::AddHandTile) |
        bit(fb::Effect::RemoveHandTile) | bit(fb::Effect::MoveNeutralFigure) | bit(fb::Effect::ReturnFigures) |
        bit(fb::Effect::OfferDecision) | kFigurePrimitives | kTurnStructure,
    /* FIGURE_OPTIONS */ bit(fb::Effect::OfferFigureOption) | bit(fb::Effect::ForbidFigurePlacement) |
        bit(fb::Effect::OfferFigurePlacements),
    /* APPLY_FIGURE_ACTION */ bit(fb::Effect::PlaceToken) | bit(fb::Effect::ConsumeFigureAction) |
        bit(fb::Effect::SetExpansionData) | bit(fb::Effect::AddPoints) | bit(fb::Effect::MoveNeutralFigure) |
        bit(fb::Effect::ReturnFigures) | kFigurePrimitives | kTurnStructure,
    /* FEATURE_SCORING */ bit(fb::Effect::AdjustFeaturePoints),
    // AddPoints (1.3.0): points to a player besides the feature's scorers (the fairy's).
    /* BONUS_POINTS */ bit(fb::Effect::AdjustFeaturePoints) | bit(fb::Effect::AddPoints),
    /* TURN_END */ bit(fb::Effect::EndGame) | bit(fb::Effect::SetExpansionData) | bit(fb::Effect::AddPoints) |
        bit(fb::Effect::AddHandTile) | bit(fb::Effect::RemoveHandTile) | bit(fb::Effect::OfferMovement) |
        bit(fb::Effect::MoveNeutralFigure) | bit(fb::Effect::ReturnFigures) | bit(fb::Effect::OfferDecision) |
        kFigurePrimitives | kTurnStructure,
    /* GAME_END_CHECK */ bit(fb::Effect::EndGame) | bit(fb::Effect::SetExpansionData) | bit(fb::Effect::AddPoints) |
        bit(fb::Effect::OfferDecision),
    /* FINAL_SCORING */ bit(fb::Effect::AddPoints) | bit(fb::Effect::SetExpansionData),
    /* APPLY_TILE_STEP_OPTION */ bit(fb::Effect::PlayHandTile) | bit(fb::Effect::SetExpansionData),
    /* TURN_START */ bit(fb::Effect::AddPoints) | bit(fb::Effect::SetExpansionData),
    /* FIGURE_STEP_END */ bit(fb::Effect::OfferMovement) | bit(fb::Effect::SetExpansionData) |
        bit(fb::Effect::AddPoints) | bit(fb::Effect::MoveNeutralFigure) | bit(fb::Effect::ReturnFigures) |
        bit(fb::Effect::OfferDecision) | kFigurePrimitives | kTurnStructure,
    /* APPLY_MOVEMENT_STEP */ bit(fb::Effect::OfferMovement) | bit(fb::Effect::SetExpansionData) |
        bit(fb::Effect::AddPoints) | bit(fb::Effect::MoveNeutralFigure) | bit(fb::Effect::ReturnFigures) |
        kTurnStructure,
    // Revision 8 (1.4.0): what a decision's choice may do, and the next decision.
    /* APPLY_DECISION */ bit(fb::Effect::OfferDecision) | bit(fb::Effect::SetExpansionData) |
        bit(fb::Effect::AddPoints) | bit(fb::Effect::GiveTokens) | bit(fb::Effect::AddHandTile) |
        bit(fb::Effect::RemoveHandTile) | bit(fb::Effect::MoveNeutralFigure) | bit(fb::Effect::ReturnFigures) |
        bit(fb::Effect::EndGame) | kFigurePrimitives | kTurnStructure,
    /* FEATURE_COMPLETED */ bit(fb::Effect::AddPoints) | bit(fb::Effect::GiveTokens) |
        bit(fb::Effect::SetExpansionData) | bit(fb::Effect::ReturnFigures) | bit(fb::Effect::OfferDecision) |
        kFigurePrimitives | kTurnStructure,
    // Revision 12 (1.4.0): weights only; the game does not change while its
    // majorities are worked out.
    /* FIGURE_STRENGTH */ bit(fb::Effect::SetFigureStrength),
};

std::string_view view(const flatbuffers::String* s) { return s ? std::string_view(s->c_str(), s->size()) : std::string_view(); }

TileRef to_host(const fb::TileRef& r) {
    return TileRef{Position{r.x(), r.y()}, static_cast<Corner>(r.corner())};
}

std::string ref_text(const fb::TileRef& r) { return format_tile_ref(to_host(r)); }

// Figures standing on tile `at` (location 0) or on its segment `location`.
int figures_at(const Game& game, TileRef at, Location location) {
    int n = 0;
    for (const PlacedFigure& f : game.figures())
        n += f.pointer.at == at && (location == 0 || f.pointer.location == location);
    return n;
}

Decision decision_of(const fb::OfferDecision& d, uint32_t expansion) {
    Decision out;
    out.expansion = expansion;
    out.player = d.player();
    out.key = std::string(view(d.key()));
    out.label = std::string(view(d.label()));
    out.may_pass = d.may_pass();
    if (d.options() != nullptr)
        for (const fb::DecisionOption* o : *d.options()) out.options.push_back(decision_option_from(*o));
    out.jcz_pass_type = std::string(view(d.jcz_pass_type()));
    out.jcz_commit = d.jcz_commit();
    out.skip_when_empty = d.figure_targets() != nullptr && out.options.empty();
    return out;
}

}  // namespace

bool effect_allowed(ck_hook_id hook, fb::Effect type) {
    const auto t = static_cast<uint32_t>(type);
    return hook < CK_HOOK_COUNT && t > 0 && t < 32 && (kAllowed[hook] & (1u << t)) != 0;
}

void EffectChecker::begin(const Game& game, ck_hook_id hook, size_t candidates) {
    game_ = &game;
    hook_ = hook;
    deltas_.clear();
    hand_deltas_.clear();
    candidates_ = candidates;
    hand_tile_played_ = false;
    movement_offered_ = false;
    decision_offered_ = false;
    figure_deltas_.clear();
    tile_step_options_ = 0;
    strength_figures_ = nullptr;
}

std::string EffectChecker::check_tile_type(uint16_t type) const {
    if (type < game_->catalog().tile_count()) return {};
    return "tile type " + std::to_string(type) + " out of range (the game has " +
           std::to_string(game_->catalog().tile_count()) + " tile types)";
}

std::string EffectChecker::change_hand(uint8_t player, uint16_t type, int delta) {
    auto it = std::find_if(hand_deltas_.begin(), hand_deltas_.end(),
                           [&](const HandDelta& d) { return d.player == player && d.type == type; });
    if (it == hand_deltas_.end()) it = hand_deltas_.insert(hand_deltas_.end(), HandDelta{player, type, 0});
    const auto& hand = game_->player(player).hand;
    const int have = static_cast<int>(std::count(hand.begin(), hand.end(), type)) + it->delta;
    if (have + delta < 0)
        return "player " + std::to_string(player) + " has no \"" + game_->tile_def(type).id + "\" in hand";
    int size = static_cast<int>(hand.size());
    for (const HandDelta& d : hand_deltas_)
        if (d.player == player) size += d.delta;
    if (delta > 0 && size + delta > static_cast<int>(kMaxHandSize))
        return "player " + std::to_string(player) + "'s hand would hold more than " + std::to_string(kMaxHandSize) +
               " tiles";
    it->delta += delta;
    return {};
}

std::string EffectChecker::check(const fb::HookResponse& response, std::string_view expansion_id) {
    expansion_id_ = expansion_id;
    movement_offered_ = false;
    decision_offered_ = false;
    figures_returned_ = false;
    occupied_now_.clear();
    if (response.effects() == nullptr) return {};
    for (flatbuffers::uoffset_t i = 0; i < response.effects()->size(); ++i) {
        const fb::EffectEntry* entry = response.effects()->Get(i);
        const char* type_name = fb::EnumNameEffect(entry->effect_type());
        std::string why;
        if (!effect_allowed(hook_, entry->effect_type()) || entry->effect() == nullptr)
            why = entry->effect() == nullptr && effect_allowed(hook_, entry->effect_type())
                      ? "effect has no value"
                      : "effect not allowed for this hook";
        else
            why = check_effect(*entry);
        if (!why.empty())
            return "effect #" + std::to_string(i) + " (" + (type_name && *type_name ? type_name : "unknown type " +
                   std::to_string(static_cast<int>(entry->effect_type()))) + "): " + why;
    }
    return {};
}

std::string EffectChecker::check_tile(const fb::TileRef* at, Location location, const char* what) const {
    if (at == nullptr) return std::string("no ") + what + " tile given";
    if (game_->board().tile_at(to_host(*at)) < 0) return std::string(what) + " tile " + ref_text(*at) + " is not on the board";
    if (location != 0 && game_->part_at_location(to_host(*at), location) < 0)
        return std::string(what) + " tile " + ref_text(*at) + " has no segment at location " + std::to_string(location);
    return {};
}

// A text an expansion gives for people or saves: UTF-8, bounded.
std::string check_text(const flatbuffers::String* s, const char* what, bool required) {
    if (s == nullptr || s->size() == 0) return required ? std::string(what) + " is empty" : std::string();
    if (s->size() > kMaxDecisionText)
        return std::string(what) + " is " + std::to_string(s->size()) + " bytes, more than " +
               std::to_string(kMaxDecisionText);
    if (!valid_utf8(view(s))) return std::string(what) + " is not UTF-8";
    return {};
}

// A JCloisterZone message type a save will name (DEPLOY_MEEPLE, PASS): a
// text as check_text wants it, of A-Z and _ only; empty allowed.
std::string check_message_type(const flatbuffers::String* s, const char* what) {
    if (auto why = check_text(s, what, false); !why.empty()) return why;
    const std::string_view type = view(s);
    if (!std::all_of(type.begin(), type.end(), [](char c) { return (c >= 'A' && c <= 'Z') || c == '_'; }))
        return std::string(what) + " \"" + std::string(type) + "\" is not a message type (A-Z and _)";
    return {};
}

std::string EffectChecker::check_decision_option(const fb::DecisionOption& o) const {
    if (auto why = check_text(o.label(), "label", true); !why.empty()) return why;
    switch (o.target()) {
        case fb::DecisionTarget::None: break;
        case fb::DecisionTarget::Tile:
            if (auto why = check_tile(o.at(), 0, "target"); !why.empty()) return why;
            break;
        case fb::DecisionTarget::Location:
            if (o.location() == 0) return "a location target without a location";
            if (auto why = check_tile(o.at(), o.location(), "target"); !why.empty()) return why;
            break;
        case fb::DecisionTarget::Figure:
            if (o.figure() >= game_->figures().size())
                return "figure " + std::to_string(o.figure()) + " does not exist (" +
                       std::to_string(game_->figures().size()) + " on the board)";
            break;
        case fb::DecisionTarget::Space:
            if (o.at() == nullptr) return "a space target without a space";
            if (std::abs(o.at()->x()) > kMaxBoardCoordinate || std::abs(o.at()->y()) > kMaxBoardCoordinate)
                return "space " + ref_text(*o.at()) + " lies beyond the board's limits (+-" +
                       std::to_string(kMaxBoardCoordinate) + ")";
            break;
        default: return "unknown target type " + std::to_string(static_cast<int>(o.target()));
    }
    if (o.payload() != nullptr && o.payload()->size() > kMaxDecisionPayload)
        return "payload of " + std::to_string(o.payload()->size()) + " bytes, more than " +
               std::to_string(kMaxDecisionPayload);
    if (auto why = check_message_type(o.jcz_type(), "jcz_type"); !why.empty()) return why;
    if (!view(o.jcz_type()).empty()) {
        if (auto why = check_text(o.jcz_payload(), "jcz_payload", true); !why.empty()) return why;
        const auto payload = nlohmann::json::parse(view(o.jcz_payload()), nullptr, false);
        if (!payload.is_object()) return "jcz_payload is not a JSON object";
    } else if (o.jcz_payload() != nullptr && o.jcz_payload()->size() != 0) {
        return "jcz_payload without a jcz_type";
    }
    return {};
}

std::string EffectChecker::check_decision(const fb::OfferDecision& d) {
    if (decision_offered_) return "a second decision offered in one response";
    decision_offered_ = true;
    if (auto why = check_player(d.player()); !why.empty()) return why;
    if (auto why = check_text(d.key(), "key", true); !why.empty()) return why;
    if (auto why = check_text(d.label(), "label", false); !why.empty()) return why;
    const size_t n = d.options() == nullptr ? 0 : d.options()->size();
    if (n == 0 && !d.may_pass() && d.figure_targets() == nullptr) return "no option and no pass: an empty choice";
    if (const fb::FigureTargets* t = d.figure_targets()) {
        if (t->figure() >= game_->figures().size())
            return "figure_targets: figure " + std::to_string(t->figure()) + " does not exist (" +
                   std::to_string(game_->figures().size()) + " on the board)";
        const size_t tiles = t->tiles() == nullptr ? 0 : t->tiles()->size();
        if (tiles > kMaxFigureTargetTiles)
            return "figure_targets: " + std::to_string(tiles) + " tiles, more than " +
                   std::to_string(kMaxFigureTargetTiles);
        for (size_t i = 0; i < tiles; ++i)
            if (auto why = check_tile(t->tiles()->Get(static_cast<flatbuffers::uoffset_t>(i)), 0, "figure_targets");
                !why.empty())
                return why;
        const size_t segments = t->segments() == nullptr ? 0 : t->segments()->size();
        if (segments > kMaxFigureTargetTiles * 16)
            return "figure_targets: " + std::to_string(segments) + " segments, more than " +
                   std::to_string(kMaxFigureTargetTiles * 16);
        for (size_t i = 0; i < segments; ++i) {
            const fb::MoveTarget* m = t->segments()->Get(static_cast<flatbuffers::uoffset_t>(i));
            if (m->location() == 0) return "figure_targets: a segment without a location";
            if (auto why = check_tile(&m->at(), m->location(), "figure_targets"); !why.empty()) return why;
        }
    }
    if (auto why = check_message_type(d.jcz_pass_type(), "jcz_pass_type"); !why.empty()) return why;
    if (n > kMaxDecisionOptions)
        return std::to_string(n) + " options, more than " + std::to_string(kMaxDecisionOptions);
    for (size_t i = 0; i < n; ++i)
        if (auto why = check_decision_option(*d.options()->Get(static_cast<flatbuffers::uoffset_t>(i))); !why.empty())
            return "option " + std::to_string(i) + ": " + why;
    if (hook_ == CK_HOOK_APPLY_DECISION && game_->decision() && game_->decision()->step >= kMaxDecisionChain)
        return "the " + std::to_string(kMaxDecisionChain + 1) + "th decision of one chain (" +
               std::to_string(kMaxDecisionChain) + " at most): a decision that never ends";
    return {};
}

// Records the feature as holding a figure from now on; refuses it, unless
// `allow_occupied`, when an earlier effect of the response put one there.
std::string EffectChecker::claim_feature(const fb::TileRef& at, uint32_t location, bool allow_occupied) {
    const int part = game_->part_at_location(to_host(at), location);
    const uint32_t root = game_->feature_of(static_cast<uint32_t>(part));
    const bool claimed = std::find(occupied_now_.begin(), occupied_now_.end(), root) != occupied_now_.end();
    if (claimed && !allow_occupied) return "an earlier effect of this response put a figure on that feature";
    if (!claimed) occupied_now_.push_back(root);
    return {};
}

std::string EffectChecker::check_place_figure(const fb::PlaceFigure& e) {
    if (auto why = check_player(e.player()); !why.empty()) return why;
    if (e.at() == nullptr) return "no tile given";
    const TileRef at = to_host(*e.at());
    if (auto why = game_->figure_target_problem(e.kind(), at, e.location(), e.allow_occupied(), nullptr); !why.empty())
        return why;
    auto it = std::find_if(figure_deltas_.begin(), figure_deltas_.end(),
                           [&](const FigureDelta& d) { return d.player == e.player() && d.kind == e.kind(); });
    if (it == figure_deltas_.end()) it = figure_deltas_.insert(figure_deltas_.end(), {e.player(), e.kind(), 0});
    const int have = game_->player(e.player()).figures_in_supply(e.kind()) - it->placed;
    if (have <= 0)
        return "player " + std::to_string(e.player()) + " has no " + game_->figure_kinds()[e.kind()].name +
               " left in supply";
    ++it->placed;
    return claim_feature(*e.at(), e.location(), e.allow_occupied());
}

std::string EffectChecker::check_move_figure(const fb::MoveFigure& e) {
    if (figures_returned_) return "after a ReturnFigures in the same response (the figures' numbers changed)";
    if (e.figure() >= game_->figures().size())
        return "figure " + std::to_string(e.figure()) + " does not exist (" + std::to_string(game_->figures().size()) +
               " on the board)";
    if (e.at() == nullptr) return "no tile given";
    const PlacedFigure& f = game_->figures()[e.figure()];
    if (auto why = game_->figure_target_problem(f.meeple.kind, to_host(*e.at()), e.location(), e.allow_occupied(), &f);
        !why.empty())
        return why;
    return claim_feature(*e.at(), e.location(), e.allow_occupied());
}

std::string EffectChecker::check_own_neutral_figure(const flatbuffers::String* name) const {
    const std::string_view n = view(name);
    if (n.empty()) return "no neutral figure named";
    const int k = game_->neutral_figure_index(n);
    if (k < 0) return "the game has no neutral figure \"" + std::string(n) + "\"";
    if (game_->neutral_figure_kinds()[static_cast<size_t>(k)].expansion != expansion_id_)
        return "neutral figure \"" + std::string(n) + "\" belongs to " +
               game_->neutral_figure_kinds()[static_cast<size_t>(k)].expansion;
    return {};
}

std::string EffectChecker::count_tile_step_options(size_t n) {
    tile_step_options_ += n;
    if (tile_step_options_ <= kMaxTileStepOptions) return {};
    return "more than " + std::to_string(kMaxTileStepOptions) + " tile-step options in one response";
}

std::string EffectChecker::check_player(uint8_t player) const {
    if (player < game_->player_count()) return {};
    return "player " + std::to_string(player) + " out of range (the game has " +
           std::to_string(game_->player_count()) + " players)";
}

// Records `count` tokens leaving (count < 0: arriving in) a player's supply;
// fails if the supply would go negative.
std::string EffectChecker::take_tokens(uint8_t player, std::string_view kind, int count) {
    auto it = std::find_if(deltas_.begin(), deltas_.end(),
                           [&](const TokenDelta& d) { return d.player == player && d.kind == kind; });
    if (it == deltas_.end()) it = deltas_.insert(deltas_.end(), TokenDelta{player, std::string(kind), 0});
    const int have = game_->player(player).token_count(kind) + it->delta;
    if (have - count < 0)
        return "player " + std::to_string(player) + " has " + std::to_string(have) + " " + std::string(kind) +
               " in supply, " + std::to_string(count) + " needed";
    it->delta -= count;
    return {};
}

std::string EffectChecker::check_effect(const fb::EffectEntry& entry) {
    switch (entry.effect_type()) {
        case fb::Effect::AddPoints: {
            const auto* e = entry.effect_as_AddPoints();
            if (auto why = check_player(e->player()); !why.empty()) return why;
            if (std::abs(e->points()) > kMaxPointsPerEffect)
                return "points " + std::to_string(e->points()) + " beyond +-" + std::to_string(kMaxPointsPerEffect);
            return {};
        }
        case fb::Effect::AdjustFeaturePoints: {
            const int delta = entry.effect_as_AdjustFeaturePoints()->delta();
            if (std::abs(delta) > kMaxPointsPerEffect)
                return "delta " + std::to_string(delta) + " beyond +-" + std::to_string(kMaxPointsPerEffect);
            return {};
        }
        case fb::Effect::GiveTokens: {
            const auto* e = entry.effect_as_GiveTokens();
            if (auto why = check_player(e->player()); !why.empty()) return why;
            if (view(e->kind()).empty()) return "token kind is empty";
            if (std::abs(e->count()) > kMaxTokenCount)
                return "count " + std::to_string(e->count()) + " beyond +-" + std::to_string(kMaxTokenCount);
            return take_tokens(e->player(), view(e->kind()), -e->count());
        }
        case fb::Effect::PlaceToken: {
            const auto* e = entry.effect_as_PlaceToken();
            if (auto why = check_player(e->player()); !why.empty()) return why;
            if (view(e->kind()).empty()) return "token kind is empty";
            if (e->at() == nullptr) return "no tile given";
            const TileRef at = to_host(*e->at());
            if (game_->board().tile_at(at) < 0) return "tile " + ref_text(*e->at()) + " is not on the board";
            const auto placed = game_->placed_this_turn();
            if (!placed || *placed != at) return "tile " + ref_text(*e->at()) + " is not the tile placed this turn";
            return take_tokens(e->player(), view(e->kind()), 1);
        }
        case fb::Effect::SetExpansionData: {
            const auto* data = entry.effect_as_SetExpansionData()->data();
            if (data != nullptr && data->size() > kMaxExpansionDataBytes)
                return std::to_string(data->size()) + " bytes of expansion data, more than the limit of " +
                       std::to_string(kMaxExpansionDataBytes);
            return {};
        }
        case fb::Effect::OfferFigureOption: {
            const auto* o = entry.effect_as_OfferFigureOption()->option();
            if (o == nullptr) return "no option given";
            if (view(o->action()).empty()) return "option has no action";
            if (o->at() == nullptr) return "option has no tile";
            if (auto why = check_tile(o->at(), o->location(), "option's"); !why.empty()) return why;
            if (o->neutral_figure() != nullptr && o->neutral_figure()->size() != 0)
                return check_own_neutral_figure(o->neutral_figure());
            if (o->return_source() != nullptr && o->return_source()->size() != 0 &&
                figures_at(*game_, to_host(*o->at()), o->location()) == 0)
                return "option returns the figure at " + ref_text(*o->at()) + " but none stands there";
            return {};
        }
        case fb::Effect::MoveNeutralFigure: {
            const auto* e = entry.effect_as_MoveNeutralFigure();
            if (auto why = check_own_neutral_figure(e->figure()); !why.empty()) return why;
            return check_tile(e->at(), e->location(), "target");
        }
        case fb::Effect::ReturnFigures: {
            const auto* e = entry.effect_as_ReturnFigures();
            figures_returned_ = true;
            if (auto why = check_tile(e->at(), e->location(), "the"); !why.empty()) return why;
            if (figures_at(*game_, to_host(*e->at()), e->location()) == 0)
                return "no figure stands at " + ref_text(*e->at()) +
                       (e->location() ? " on that segment" : std::string());
            return {};
        }
        case fb::Effect::ForbidFigurePlacement:
            return check_tile(entry.effect_as_ForbidFigurePlacement()->at(), 0, "the");
        case fb::Effect::OfferFigurePlacements: {
            const auto* tiles = entry.effect_as_OfferFigurePlacements()->tiles();
            if (tiles == nullptr) return {};
            if (tiles->size() > kMaxListedTiles) return "more than " + std::to_string(kMaxListedTiles) + " tiles";
            for (const fb::TileRef* t : *tiles)
                if (auto why = check_tile(t, 0, "listed"); !why.empty()) return why;
            return {};
        }
        case fb::Effect::OfferMovement: {
            const auto* e = entry.effect_as_OfferMovement();
            if (movement_offered_) return "a second movement offered in one response";
            movement_offered_ = true;
            if (auto why = check_own_neutral_figure(e->figure()); !why.empty()) return why;
            if (auto why = check_player(e->player()); !why.empty()) return why;
            const auto* targets = e->targets();
            if (targets == nullptr || targets->size() == 0) return "no target offered";
            if (targets->size() > kMaxListedTiles) return "more than " + std::to_string(kMaxListedTiles) + " targets";
            // Distinct: sorted, then neighbours compared (a hostile list of
            // 100,000 targets costs a sort, not 10^10 comparisons).
            std::vector<std::tuple<int16_t, int16_t, uint8_t, uint32_t>> seen;
            seen.reserve(targets->size());
            for (const fb::MoveTarget* t : *targets) {
                if (auto why = check_tile(&t->at(), t->location(), "target"); !why.empty()) return why;
                seen.emplace_back(t->at().x(), t->at().y(), static_cast<uint8_t>(t->at().corner()), t->location());
            }
            std::sort(seen.begin(), seen.end());
            const auto twice = std::adjacent_find(seen.begin(), seen.end());
            if (twice != seen.end())
                return "target (" + std::to_string(std::get<0>(*twice)) + "," + std::to_string(std::get<1>(*twice)) +
                       ") offered twice";
            return {};
        }
        case fb::Effect::OfferDecision: return check_decision(*entry.effect_as_OfferDecision());
        case fb::Effect::PlaceFigure: return check_place_figure(*entry.effect_as_PlaceFigure());
        case fb::Effect::MoveFigure: return check_move_figure(*entry.effect_as_MoveFigure());
        case fb::Effect::OfferTileStepOption: {
            const auto* o = entry.effect_as_OfferTileStepOption();
            if (view(o->action()).empty()) return "option has no action";
            if (auto why = count_tile_step_options(1); !why.empty()) return why;
            return check_tile_type(o->tile_type());
        }
        case fb::Effect::OfferTileStepOptions: {
            const auto* o = entry.effect_as_OfferTileStepOptions();
            if (view(o->action()).empty()) return "options have no action";
            const size_t n = o->tile_types() == nullptr ? 0 : o->tile_types()->size();
            if (auto why = count_tile_step_options(std::max<size_t>(n, 1)); !why.empty()) return why;
            if (n == 0) return {};
            for (const uint16_t type : *o->tile_types())
                if (auto why = check_tile_type(type); !why.empty()) return why;
            return {};
        }
        case fb::Effect::VetoPlacement: {
            const uint32_t c = entry.effect_as_VetoPlacement()->candidate();
            if (c >= candidates_)
                return "candidate " + std::to_string(c) + " out of range (" + std::to_string(candidates_) + " asked about)";
            return {};
        }
        case fb::Effect::AddHandTile: {
            const auto* e = entry.effect_as_AddHandTile();
            if (auto why = check_player(e->player()); !why.empty()) return why;
            if (auto why = check_tile_type(e->tile_type()); !why.empty()) return why;
            return change_hand(e->player(), e->tile_type(), +1);
        }
        case fb::Effect::RemoveHandTile: {
            const auto* e = entry.effect_as_RemoveHandTile();
            if (auto why = check_player(e->player()); !why.empty()) return why;
            if (auto why = check_tile_type(e->tile_type()); !why.empty()) return why;
            return change_hand(e->player(), e->tile_type(), -1);
        }
        case fb::Effect::PlayHandTile: {
            const auto* e = entry.effect_as_PlayHandTile();
            if (auto why = check_player(e->player()); !why.empty()) return why;
            if (auto why = check_tile_type(e->tile_type()); !why.empty()) return why;
            if (e->player() != game_->active_player())
                return "player " + std::to_string(e->player()) + " is not the active player " +
                       std::to_string(game_->active_player());
            if (game_->phase() != Phase::TilePhase || game_->drawn_tile())
                return "the tile of this turn is already chosen";
            if (hand_tile_played_) return "a second tile played from the hand in one tile step";
            hand_tile_played_ = true;
            return change_hand(e->player(), e->tile_type(), -1);
        }
        case fb::Effect::ExtraTurn: return game_->extra_turn_problem();
        case fb::Effect::SetFigureStrength: {
            const auto* e = entry.effect_as_SetFigureStrength();
            if (strength_figures_ == nullptr ||
                std::find(strength_figures_->begin(), strength_figures_->end(), e->figure()) == strength_figures_->end())
                return "figure " + std::to_string(e->figure()) + " is not one of the feature's figures";
            if (e->strength() < 0 || e->strength() > kMaxFigureStrength)
                return "strength " + std::to_string(e->strength()) + " is outside 0.." + std::to_string(kMaxFigureStrength);
            if (e->tiebreak() < 0 || e->tiebreak() > kMaxFigureStrength)
                return "tiebreak " + std::to_string(e->tiebreak()) + " is outside 0.." + std::to_string(kMaxFigureStrength);
            return {};
        }
        case fb::Effect::EndGame:
        case fb::Effect::ConsumeFigureAction:
            return {};
        default:
            // Allowed by the table but not handled here: a host bug, refuse loudly.
            return "effect type has no checker in this host";
    }
}

void apply_effects(const fb::HookResponse& response, Game* game, const std::string& expansion_id,
                   const EffectSink& sink) {
    const PartScope profile(ProfilePart::ApplyEffects);
    if (response.effects() == nullptr) return;
    for (const fb::EffectEntry* entry : *response.effects()) {
        switch (entry->effect_type()) {
            case fb::Effect::AddPoints: {
                const auto* e = entry->effect_as_AddPoints();
                std::string name = e->name() && e->name()->size() ? e->name()->str() : expansion_id;
                if (sink.awards != nullptr)
                    sink.awards->push_back({e->player(), e->points(), std::move(name)});
                else
                    game->add_points(e->player(), e->points(), name);
                break;
            }
            case fb::Effect::AdjustFeaturePoints: {
                const auto* e = entry->effect_as_AdjustFeaturePoints();
                *sink.points += e->delta();
                if (sink.adjustments != nullptr && e->delta() != 0)
                    sink.adjustments->push_back(
                        {e->delta(), e->reason() && e->reason()->size() ? e->reason()->str() : expansion_id});
                break;
            }
            case fb::Effect::GiveTokens: {
                const auto* e = entry->effect_as_GiveTokens();
                game->give_tokens(e->player(), e->kind()->str(), e->count());
                break;
            }
            case fb::Effect::PlaceToken: {
                const auto* e = entry->effect_as_PlaceToken();
                game->place_token(e->player(), e->kind()->str(), to_host(*e->at()));
                break;
            }
            case fb::Effect::SetExpansionData: {
                const auto* data = entry->effect_as_SetExpansionData()->data();
                game->set_expansion_data(expansion_id, data ? std::vector<uint8_t>(data->begin(), data->end())
                                                            : std::vector<uint8_t>());
                break;
            }
            case fb::Effect::OfferFigureOption: {
                const auto* o = entry->effect_as_OfferFigureOption()->option();
                sink.options->push_back(ExpansionOption{
                    sink.expansion, std::string(view(o->action())), std::string(view(o->token_kind())),
                    to_host(*o->at()), std::string(view(o->label())), o->location(),
                    std::string(view(o->neutral_figure())), std::string(view(o->return_source()))});
                break;
            }
            case fb::Effect::MoveNeutralFigure: {
                const auto* e = entry->effect_as_MoveNeutralFigure();
                game->move_neutral_figure(static_cast<size_t>(game->neutral_figure_index(view(e->figure()))),
                                          NeutralFigureSpot{to_host(*e->at()), e->location(), std::nullopt});
                break;
            }
            case fb::Effect::ReturnFigures: {
                const auto* e = entry->effect_as_ReturnFigures();
                game->return_figures(to_host(*e->at()), e->location(), expansion_id);
                break;
            }
            case fb::Effect::ForbidFigurePlacement:
                sink.placement->forbidden.push_back(to_host(*entry->effect_as_ForbidFigurePlacement()->at()));
                break;
            case fb::Effect::OfferFigurePlacements: {
                const auto* tiles = entry->effect_as_OfferFigurePlacements()->tiles();
                if (tiles != nullptr)
                    for (const fb::TileRef* t : *tiles) sink.placement->extra_tiles.push_back(to_host(*t));
                break;
            }
            case fb::Effect::OfferMovement: {
                const auto* e = entry->effect_as_OfferMovement();
                MovementOffer offer;
                offer.expansion = sink.expansion;
                offer.figure = static_cast<uint8_t>(game->neutral_figure_index(view(e->figure())));
                offer.player = e->player();
                for (const fb::MoveTarget* t : *e->targets()) offer.targets.push_back({to_host(t->at()), t->location()});
                offer.label = std::string(view(e->label()));
                game->offer_movement(std::move(offer));
                break;
            }
            case fb::Effect::SetFigureStrength: {
                const auto* e = entry->effect_as_SetFigureStrength();
                sink.strengths->push_back({e->figure(), e->strength(), e->tiebreak()});
                break;
            }
            case fb::Effect::OfferDecision: {
                const auto* e = entry->effect_as_OfferDecision();
                Decision decision = decision_of(*e, sink.expansion);
                if (const fb::FigureTargets* t = e->figure_targets()) {
                    std::vector<TileRef> tiles;
                    std::vector<MoveTarget> segments;
                    if (t->tiles() != nullptr)
                        for (const fb::TileRef* r : *t->tiles()) tiles.push_back(to_host(*r));
                    if (t->segments() != nullptr)
                        for (const fb::MoveTarget* m : *t->segments()) segments.push_back({to_host(m->at()), m->location()});
                    game->add_figure_target_options(decision, t->figure(), tiles, segments, t->unfinished_only());
                }
                game->offer_decision(std::move(decision));
                break;
            }
            case fb::Effect::PlaceFigure: {
                const auto* e = entry->effect_as_PlaceFigure();
                game->place_figure(e->player(), e->kind(), to_host(*e->at()), e->location(), e->allow_occupied());
                break;
            }
            case fb::Effect::MoveFigure: {
                const auto* e = entry->effect_as_MoveFigure();
                game->move_figure(e->figure(), to_host(*e->at()), e->location(), e->allow_occupied());
                break;
            }
            case fb::Effect::OfferTileStepOption: {
                const auto* o = entry->effect_as_OfferTileStepOption();
                OptionTexts& texts = *sink.option_texts;
                sink.tile_options->push_back(TileStepOption{sink.expansion, texts.intern(view(o->action())),
                                                            o->tile_type(), texts.intern(view(o->label()))});
                break;
            }
            case fb::Effect::OfferTileStepOptions: {
                const auto* o = entry->effect_as_OfferTileStepOptions();
                if (o->tile_types() == nullptr) break;
                OptionTexts& texts = *sink.option_texts;
                const std::string_view action = texts.intern(view(o->action()));
                for (const uint16_t type : *o->tile_types())
                    sink.tile_options->push_back(TileStepOption{
                        sink.expansion, action, type,
                        texts.expand_label(view(o->label()), type, sink.state->tile_def(type).id)});
                break;
            }
            case fb::Effect::VetoPlacement:
                (*sink.vetoed)[entry->effect_as_VetoPlacement()->candidate()] = 1;
                if (sink.veto_reasons)
                    sink.veto_reasons->push_back(expansion_id + ": " +
                                                 std::string(view(entry->effect_as_VetoPlacement()->reason())));
                break;
            case fb::Effect::AddHandTile: {
                const auto* e = entry->effect_as_AddHandTile();
                game->add_hand_tile(e->player(), e->tile_type());
                break;
            }
            case fb::Effect::RemoveHandTile: {
                const auto* e = entry->effect_as_RemoveHandTile();
                game->remove_hand_tile(e->player(), e->tile_type());
                break;
            }
            case fb::Effect::PlayHandTile: {
                const auto* e = entry->effect_as_PlayHandTile();
                game->play_hand_tile(e->player(), e->tile_type());
                break;
            }
            case fb::Effect::EndGame:
                game->request_game_end(std::string(view(entry->effect_as_EndGame()->reason())));
                break;
            case fb::Effect::ConsumeFigureAction:
                game->consume_figure_action();
                break;
            case fb::Effect::ExtraTurn:
                game->grant_extra_turn();
                break;
            default:
                break;  // unreachable: EffectChecker refuses every other type
        }
    }
}

}  // namespace ck::host
