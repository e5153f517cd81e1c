#include "plugin_hooks.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <stdexcept>

#include "buffer_check.hpp"
#include "decision_tables.hpp"
#include "core/profile.hpp"
#include "core/game.hpp"
#include "core/location_names.hpp"
#include "hook_names.hpp"
#include "module_loader.hpp"
#include "round_trips.hpp"

namespace ck::host {
namespace {

// The action of a declared token placement (manifest.fbs, TokenPlacement).
constexpr const char* kPlaceTokenAction = "place-token";

fb::TileRef to_fb(TileRef r) { return fb::TileRef(r.pos.x, r.pos.y, static_cast<fb::Corner>(r.corner)); }

std::string error_text(const ck_error& err) {
    const size_t n = strnlen(err.message, sizeof(err.message));
    return n == 0 ? std::string("(no message)") : std::string(err.message, n);
}

}  // namespace

PluginHooks::PluginHooks(std::vector<const PluginExpansion*> expansions, HandPlayBy hand_play)
    : expansions_(std::move(expansions)) {
    buffers_.reserve(expansions_.size());  // no reallocation while responses are read
    pending_.reserve(expansions_.size());
    for (uint32_t i = 0; i < expansions_.size(); ++i) {
        const PluginExpansion& e = *expansions_[i];
        uint64_t hooks = e.hooks;
        if (e.hand_play.declared && hand_play == HandPlayBy::Declaration) {
            // Hands hold tiles, not who dealt them: two declarations would
            // both offer every tile of a hand.
            if (hand_play_expansion_ >= 0)
                throw HostError(ErrorCategory::BadInput,
                                "expansions '" + expansions_[static_cast<uint32_t>(hand_play_expansion_)]->id +
                                    "' and '" + e.id +
                                    "' both declare how hand tiles are played (manifest hand_play); enable only one");
            hand_play_expansion_ = static_cast<int>(i);
            hand_play_action_ = option_texts_.intern(e.hand_play.action);
            // The host offers and plays its hand tiles: these two hooks are
            // for hosts that do not implement the declaration.
            hooks &= ~(CK_HOOK_BIT(CK_HOOK_TILE_STEP_OPTIONS) | CK_HOOK_BIT(CK_HOOK_APPLY_TILE_STEP_OPTION));
        }
        called_hooks_.push_back(hooks);
        all_hooks_ |= hooks;
        auto& by_hook = filters_.emplace_back();
        for (const HookFilterInfo& f : e.hook_filters) by_hook[f.hook].push_back(Filter{f});
        auto& kinds = own_kinds_.emplace_back();
        for (const auto& t : e.token_kinds) {
            kinds.push_back(t.kind);
            if (std::find(token_kinds_.begin(), token_kinds_.end(), t.kind) == token_kinds_.end())
                token_kinds_.push_back(t.kind);
            if (t.instead_of_figure)
                declared_placements_.push_back(ExpansionOption{i, kPlaceTokenAction, t.kind, {}, "place a " + t.name});
        }
    }
    // Each declared tile value once, whichever expansions declare it.
    std::vector<TileValueKey> value_keys;
    for (const PluginExpansion* e : expansions_)
        for (const TileValueKey& k : e->tile_values)
            if (std::find(value_keys.begin(), value_keys.end(), k) == value_keys.end()) value_keys.push_back(k);
    serializer_.set_tile_value_keys(std::move(value_keys));
}

// ------------------------------------------------------------ hook filters

bool PluginHooks::filter_holds(uint32_t i, Filter& filter, const Game& game, const FilterSubject& subject) {
    const ScoredFeatureInfo* feature = subject.feature;
    const auto owns = [&](const std::string& kind) {
        const auto& kinds = own_kinds_[i];
        return std::find(kinds.begin(), kinds.end(), kind) != kinds.end();
    };
    const HookFilterInfo& f = filter.info;
    switch (f.filter) {
        case fb::HookFilter::ActivePlayerHasHandTiles:
            return !game.players()[game.active_player()].hand.empty();
        case fb::HookFilter::ActivePlayerHasOwnTokens:
            for (const auto& [kind, count] : game.players()[game.active_player()].tokens)
                if (count > 0 && owns(kind)) return true;
            return false;
        case fb::HookFilter::FeatureTouchesOwnTokens:
            if (feature == nullptr) return true;  // not a scoring hook: nothing to test
            for (const PlacedToken& t : game.tokens()) {
                // By space: a superset of whatever the expansion matches.
                // Positions first: most tokens lie elsewhere, and comparing
                // kinds compares strings.
                const bool touches =
                    std::any_of(feature->parts.begin(), feature->parts.end(),
                                [&](const TileRef& r) { return r.pos == t.at.pos; }) ||
                    std::find(feature->area.begin(), feature->area.end(), t.at.pos) != feature->area.end();
                if (touches && owns(t.kind)) return true;
            }
            return false;
        case fb::HookFilter::TileHasFeature: {
            if (!subject.tile) return true;  // not a tile hook: nothing to test
            const auto& segments = game.catalog().tile(*subject.tile).segments;
            return std::any_of(segments.begin(), segments.end(), [&](const Segment& s) { return s.kind == f.feature; });
        }
        case fb::HookFilter::TileShowsEdgeKind:
            if (!subject.tile) return true;
            return game.tile_table()[*subject.tile].special_any;
        case fb::HookFilter::TileHasMarker:
            if (!subject.tile) return true;
            return game.tile_def(*subject.tile).has_marker(f.name);
        case fb::HookFilter::NeutralFigureBesideActivePlayer: {
            const int k = game.neutral_figure_index(f.name);
            if (k < 0) return false;  // not a neutral figure of this game: never on the board
            const auto& spot = game.neutral_figures()[static_cast<size_t>(k)];
            return spot && spot->next_to && spot->next_to->player == game.active_player();
        }
        case fb::HookFilter::MonasticNearTile:
            if (!subject.at) return true;
            return game.board().monastic_near(subject.at->pos);
        case fb::HookFilter::FeatureCompletedThisStep:
            return game.features_completed_this_step() != 0;
        case fb::HookFilter::TileHasOwnValue: {
            if (!subject.tile) return true;
            const auto& keys = expansions_[i]->tile_values;
            for (const TileAttributeValue& v : game.tile_def(*subject.tile).values)
                for (const TileValueKey& k : keys)
                    if (k.element == v.element && k.attribute == v.attribute) return true;
            return false;
        }
        case fb::HookFilter::ActivePlayerHasFigureOnBoard: {
            const int kind = game.figure_kind_index(f.name);  // -1: no such kind in this game, none on the board
            for (const auto& figure : game.figures())
                if (figure.meeple.player == game.active_player() && figure.meeple.kind == kind) return true;
            return false;
        }
        case fb::HookFilter::FeatureHoldsFigureOfKind: {
            if (feature == nullptr) return true;  // not a hook about a feature
            const int kind = game.figure_kind_index(f.name);  // -1: on no feature
            for (const auto& figure : game.figures())
                if (figure.meeple.kind == kind && game.feature_of(figure.part) == feature->id) return true;
            return false;
        }
        case fb::HookFilter::RuleIs: {
            if (filter.rule_checked_for == game.setup_id()) return filter.rule_holds;
            const auto it = game.rules().find(f.rule_key);
            filter.rule_holds = it != game.rules().end() &&
                                std::find(f.rule_values.begin(), f.rule_values.end(), it->second) != f.rule_values.end();
            filter.rule_checked_for = game.setup_id();
            return filter.rule_holds;
        }
        default: return true;
    }
}

bool PluginHooks::collect_callees(ck_hook_id hook, const Game& game, int only, std::optional<TileTypeId> tile,
                                  std::optional<TileRef> at) {
    // The expansion whose option was chosen is always called (`only`);
    // otherwise each one its filters let through.
    callees_.clear();
    if (!any_has(hook)) return false;
    for (uint32_t i = 0; i < expansions_.size(); ++i)
        if (only >= 0 ? i == static_cast<uint32_t>(only) && calls(i, hook) : wants(i, hook, game, {nullptr, tile, at}))
            callees_.push_back(i);
    return !callees_.empty();
}

bool PluginHooks::wants(uint32_t i, ck_hook_id hook, const Game& game, const FilterSubject& subject) {
    if (!calls(i, hook)) return false;
    auto& filters = filters_[i][hook];
    if (filters.empty() || filters_ignored_) return true;
    for (Filter& f : filters)
        if (filter_holds(i, f, game, subject)) return true;
    return false;
}

PluginHooks::~PluginHooks() { release_buffers(); }

std::vector<std::string> PluginHooks::expansion_ids() const {
    std::vector<std::string> ids;
    for (const auto* e : expansions_) ids.push_back(e->id);
    return ids;
}

// ------------------------------------------------------------ state cache

ck_bytes PluginHooks::state_bytes(const Game& game) {
    const StateKey key{&game, game.state_version(), game.content_version()};
    if (cached_state_.data != nullptr && key == cached_key_) return cached_state_;
    const PartScope profile(ProfilePart::Serialize);
    const SerialisationScope timed;
    if (cached_state_.data != nullptr && key.game == cached_key_.game && key.content_version == cached_key_.content_version) {
        cached_state_ = serializer_.patch_scores(game);  // only scores changed: a feature was scored
        cached_key_ = key;
        ++stats_.score_patches;
        return cached_state_;
    }
    cached_state_ = serializer_.serialize(game, token_kinds_);
    cached_key_ = key;
    ++stats_.serialisations;
    return cached_state_;
}

// --------------------------------------------------------------- requests

void PluginHooks::start_request() {
    request_.Clear();
    request_.Align(8);  // the finished buffer is then 8-byte aligned
}

ck_bytes PluginHooks::finish_request(ck_hook_id hook, fb::HookArgs type, flatbuffers::Offset<void> args) {
    request_.Finish(fb::CreateHookRequest(request_, hook, type, args), fb::HookRequestIdentifier());
    return ck_bytes{request_.GetBufferPointer(), request_.GetSize()};
}

ck_bytes PluginHooks::small_request(ck_hook_id hook, uint8_t value) {
    for (const SmallRequest& r : small_requests_)
        if (r.hook == hook && r.value == value) return ck_bytes{r.bytes.data(), r.bytes.size()};
    start_request();
    ck_bytes built{nullptr, 0};
    switch (hook) {
        case CK_HOOK_TILE_STEP_OPTIONS:
            built = finish_request(hook, fb::HookArgs::TileStepOptionsArgs,
                                   fb::CreateTileStepOptionsArgs(request_, value).Union());
            break;
        case CK_HOOK_TURN_END:
            built = finish_request(hook, fb::HookArgs::TurnEndArgs, fb::CreateTurnEndArgs(request_, value).Union());
            break;
        case CK_HOOK_GAME_END_CHECK:
            built = finish_request(hook, fb::HookArgs::GameEndCheckArgs,
                                   fb::CreateGameEndCheckArgs(request_, value).Union());
            break;
        case CK_HOOK_FINAL_SCORING:
            built = finish_request(hook, fb::HookArgs::FinalScoringArgs,
                                   fb::CreateFinalScoringArgs(request_, value).Union());
            break;
        case CK_HOOK_TURN_START:
            built = finish_request(hook, fb::HookArgs::TurnStartArgs, fb::CreateTurnStartArgs(request_, value).Union());
            break;
        default: throw std::logic_error("hook " + hook_name(hook) + " has no small request");  // a host bug
    }
    const auto* first = static_cast<const uint8_t*>(built.data);
    const SmallRequest& r = small_requests_.emplace_back(SmallRequest{hook, value, {first, first + built.size}});
    return ck_bytes{r.bytes.data(), r.bytes.size()};
}

flatbuffers::Offset<fb::ScoredFeature> PluginHooks::build_feature(const ScoredFeatureInfo& f, int points) {
    auto& b = request_;
    // Scratch vectors + CreateVectorOfStructs (see state_serializer.cpp on
    // CreateUninitializedVectorOfStructs in flatbuffers 2.0.8).
    refs_.clear();
    for (const TileRef& r : f.parts) refs_.push_back(to_fb(r));
    const auto parts = b.CreateVectorOfStructs(refs_.data(), refs_.size());
    refs_.clear();
    for (const Position& p : f.area) refs_.emplace_back(p.x, p.y, fb::Corner::None);
    const auto area = b.CreateVectorOfStructs(refs_.data(), refs_.size());
    const auto scorers = b.CreateVector(f.scorers);
    const auto name = b.CreateString(f.name);
    flatbuffers::Offset<flatbuffers::Vector<flatbuffers::Offset<fb::FeatureAttribute>>> attributes;  // absent: none
    if (!f.attributes.empty()) {
        std::vector<flatbuffers::Offset<fb::FeatureAttribute>> list;
        for (const auto& a : f.attributes)
            list.push_back(fb::CreateFeatureAttribute(b, b.CreateString(a.declared->name),
                                                      static_cast<uint32_t>(a.segments)));
        attributes = b.CreateVector(list);
    }
    segment_refs_.clear();
    for (const auto& s : f.segments) segment_refs_.emplace_back(s.part, s.segment);
    const auto segments = b.CreateVectorOfStructs(segment_refs_.data(), segment_refs_.size());
    return fb::CreateScoredFeature(b, f.id, static_cast<fb::FeatureKind>(f.kind), f.completed, f.final_scoring, parts,
                                   area, f.base_points, points, scorers, name, static_cast<uint32_t>(f.spaces),
                                   static_cast<uint32_t>(f.tiles), static_cast<uint32_t>(f.pennants), attributes,
                                   static_cast<uint32_t>(f.cities), segments);
}

// ------------------------------------------------------------ calling

namespace {

// "turn 12 (player 2)", from the state the host built for the call.
std::string turn_text(ck_bytes state, ck_hook_id hook) {
    if (hook == CK_HOOK_GAME_START) return "at the start of the game";
    const fb::GameState* s = state.data ? fb::GetGameState(state.data) : nullptr;
    if (s == nullptr || s->turn() == nullptr) return "before the first turn";
    return "turn " + std::to_string(s->turn()->number()) + " (player " + std::to_string(s->turn()->active_player() + 1) + ")";
}

}  // namespace

void PluginHooks::fail(uint32_t i, ck_hook_id hook, const std::string& reason) const {
    const PluginExpansion& e = *expansions_[i];
    throw HostError(ErrorCategory::Plugin, turn_text(calling_state_, hook) + ": plugin module " +
                                               e.module->path().string() + ", expansion " + e.id + ", hook " +
                                               hook_name(hook) + ": " + reason);
}

void PluginHooks::check_time(uint32_t i, ck_hook_id hook, BudgetClock::time_point started) const {
    const auto took = budget_clock_.now() - started;
    if (took <= time_budget_) return;
    const auto us = std::chrono::duration_cast<std::chrono::microseconds>(took).count();
    fail(i, hook, "took " + std::to_string(us / 1000) + "." + std::to_string(us % 1000 / 100) +
                      " ms, more than its time budget of " + std::to_string(time_budget_.count()) +
                      " ms; the response is refused (--hook-time-budget-ms sets the budget)");
}

void PluginHooks::require_applier(uint32_t expansion, ck_hook_id hook, const std::string& option) const {
    if (expansion >= expansions_.size())
        throw HostError(ErrorCategory::IllegalMove, option + " names expansion #" + std::to_string(expansion) +
                                                        ", but only " + std::to_string(expansions_.size()) +
                                                        " are enabled");
    if (!calls(expansion, hook))
        fail(expansion, hook, "it offered " + option + " but does not implement " + hook_name(hook));
}

void PluginHooks::release_buffers() {
    for (ck_buffer& b : buffers_)
        if (b.release != nullptr) b.release(&b);
    buffers_.clear();
    pending_.clear();
}

const fb::HookResponse* PluginHooks::call(uint32_t i, ck_hook_id hook, ck_bytes state, ck_bytes request) {
    const PluginExpansion& e = *expansions_[i];
    ck_buffer& out = buffers_.emplace_back();
    out.struct_size = sizeof(ck_buffer);
    ck_error err{};
    err.struct_size = sizeof(ck_error);
    ++stats_.hook_calls;
    calling_state_ = state;
    if (observer_ != nullptr) observer_->before_call(e, hook, state, request);
    const BudgetClock::time_point started = budget_clock_.now();
    const ck_status status = [&] {
        const PartScope profile(ProfilePart::ModuleCall);
        return e.module->api().call_hook(e.module->context(), e.index, hook, state, request, &out, &err);
    }();
    check_time(i, hook, started);
    const PartScope profile(ProfilePart::ResponseCheck);
    // The user chose a setup the expansion cannot play: their error, said in
    // the expansion's words, not a misbehaving module. Only the setup is
    // the user's to change; the status anywhere else is a failure below.
    if (status == CK_E_SETUP_REFUSED && hook == CK_HOOK_GAME_START) {
        const std::string why = error_text(err);
        throw HostError(ErrorCategory::BadInput, why.empty() ? e.id + " refused the game's setup (it gave no reason)" : why);
    }
    if (!CK_SUCCEEDED(status))
        fail(i, hook, std::string("call_hook failed with ") + e.module->status_name(status) + ": " + error_text(err));
    if (status == CK_NOTHING_TO_DO || out.size == 0) return nullptr;
    const std::string bad = check_buffer<fb::HookResponse>(out.data, out.size, "CKRS");
    if (!bad.empty()) fail(i, hook, "response rejected: " + bad);
    const auto* response = flatbuffers::GetRoot<fb::HookResponse>(out.data);
    const std::string refused = checker_.check(*response, expansions_[i]->id);
    if (!refused.empty()) fail(i, hook, "response rejected: " + refused);
    return response;
}

void PluginHooks::call_all_and_apply(const Game& state_of, ck_hook_id hook, ck_bytes request, Game* game,
                                     EffectSink sink, size_t candidates) {
    if (callees_.empty()) return;
    const ck_bytes state = state_bytes(state_of);
    checker_.begin(state_of, hook, candidates);
    const ReleaseScope release{*this};
    // First every call and every check, so a refusal leaves the game as it was.
    for (const uint32_t i : callees_)
        if (const fb::HookResponse* r = call(i, hook, state, request)) pending_.push_back({i, r});
    for (const Pending& p : pending_) {
        if (p.response->effects() == nullptr || p.response->effects()->size() == 0) continue;
        sink.expansion = p.expansion;
        apply_effects(*p.response, game, expansions_[p.expansion]->id, sink);
    }
}

// ------------------------------------------------------------ the hooks

void PluginHooks::on_game_start(Game& game) {
    // A new game: its state key may equal the cached one of the game that
    // last lived at the same address (same turn, counts and address, and no
    // effect applied since when that game's GAME_START gave nothing).
    cached_state_ = ck_bytes{nullptr, 0};
    if (!collect_callees(CK_HOOK_GAME_START, game)) return;
    const RoundTripScope round_trip(CK_HOOK_GAME_START);
    start_request();
    flatbuffers::Offset<flatbuffers::Vector<flatbuffers::Offset<fb::PresetHand>>> hands;
    if (!game.preset_hands().empty()) {
        std::vector<flatbuffers::Offset<fb::PresetHand>> list;
        for (const auto& hand : game.preset_hands()) list.push_back(fb::CreatePresetHand(request_, request_.CreateVector(hand)));
        hands = request_.CreateVector(list);
    }
    const auto args = fb::CreateGameStartArgs(request_, static_cast<uint8_t>(game.player_count()),
                                              std::bit_cast<uint64_t>(game.initial_random()), hands);
    call_all_and_apply(game, CK_HOOK_GAME_START,
                       finish_request(CK_HOOK_GAME_START, fb::HookArgs::GameStartArgs, args.Union()), &game);
}

void PluginHooks::tile_step_options(const Game& game, uint8_t player, std::vector<TileStepOption>& out) {
    if (hand_play_expansion_ >= 0) offer_declared_hand_play(game, player, out);
    if (!collect_callees(CK_HOOK_TILE_STEP_OPTIONS, game)) return;
    const RoundTripScope round_trip(CK_HOOK_TILE_STEP_OPTIONS);
    EffectSink sink;
    sink.tile_options = &out;
    sink.option_texts = &option_texts_;
    sink.state = &game;
    call_all_and_apply(game, CK_HOOK_TILE_STEP_OPTIONS, small_request(CK_HOOK_TILE_STEP_OPTIONS, player), nullptr, sink);
}

// HandPlay::InsteadOfDrawing (manifest.fbs): one option per distinct tile
// type of the hand, in the order the hand first holds them.
void PluginHooks::offer_declared_hand_play(const Game& game, uint8_t player, std::vector<TileStepOption>& out) {
    const std::vector<TileTypeId>& hand = game.players()[player].hand;
    if (hand.empty()) return;
    const auto expansion = static_cast<uint32_t>(hand_play_expansion_);
    const std::string& label = expansions_[expansion]->hand_play.label;
    const size_t first = out.size();
    for (const TileTypeId type : hand) {
        const auto offered = [&](const TileStepOption& o) { return o.tile_type == type; };
        if (std::any_of(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(), offered)) continue;
        out.push_back({expansion, hand_play_action_, type, option_texts_.expand_label(label, type, game.tile_def(type).id)});
    }
}

void PluginHooks::apply_tile_step_option(Game& game, uint8_t player, const TileStepOption& option) {
    if (static_cast<int>(option.expansion) == hand_play_expansion_) {
        game.play_hand_tile(player, option.tile_type);  // declared: no hook to call
        return;
    }
    require_applier(option.expansion, CK_HOOK_APPLY_TILE_STEP_OPTION, "tile-step option '" + std::string(option.action) + "'");
    collect_callees(CK_HOOK_APPLY_TILE_STEP_OPTION, game, static_cast<int>(option.expansion));
    const RoundTripScope round_trip(CK_HOOK_APPLY_TILE_STEP_OPTION);
    start_request();
    auto& b = request_;
    const auto args = fb::CreateApplyTileStepOptionArgs(b, player, b.CreateString(option.action), option.tile_type,
                                                        b.CreateString(option.label));
    call_all_and_apply(game, CK_HOOK_APPLY_TILE_STEP_OPTION,
                       finish_request(CK_HOOK_APPLY_TILE_STEP_OPTION, fb::HookArgs::ApplyTileStepOptionArgs, args.Union()),
                       &game);
}

void PluginHooks::check_placements(const Game& game, uint8_t player, TileTypeId type,
                                   std::vector<Placement>& candidates) {
    check_placements(game, player, type, candidates, nullptr);
}

std::string PluginHooks::veto_reason(const Game& game, uint8_t player, TileTypeId type, const Placement& p) {
    std::vector<Placement> one{p};
    std::vector<std::string> reasons;
    check_placements(game, player, type, one, &reasons);
    std::string out;
    for (const std::string& r : reasons) out += (out.empty() ? "" : "; ") + r;
    return out;
}

void PluginHooks::check_placements(const Game& game, uint8_t player, TileTypeId type,
                                   std::vector<Placement>& candidates, std::vector<std::string>* reasons) {
    if (candidates.empty() || !collect_callees(CK_HOOK_PLACEMENT_CHECK, game, -1, type)) return;
    const RoundTripScope round_trip(CK_HOOK_PLACEMENT_CHECK);
    start_request();
    candidates_.clear();
    for (const Placement& p : candidates) candidates_.emplace_back(to_fb(p.at), p.rotation, type);
    const auto list = request_.CreateVectorOfStructs(candidates_.data(), candidates_.size());
    const auto args = fb::CreatePlacementCheckArgs(request_, player, list);
    vetoed_.assign(candidates.size(), 0);
    EffectSink sink;
    sink.vetoed = &vetoed_;
    sink.veto_reasons = reasons;
    call_all_and_apply(game, CK_HOOK_PLACEMENT_CHECK,
                       finish_request(CK_HOOK_PLACEMENT_CHECK, fb::HookArgs::PlacementCheckArgs, args.Union()), nullptr,
                       sink, candidates.size());
    size_t keep = 0;
    for (size_t i = 0; i < candidates.size(); ++i)
        if (!vetoed_[i]) candidates[keep++] = candidates[i];
    candidates.resize(keep);
}

flatbuffers::Offset<flatbuffers::Vector<uint32_t>> PluginHooks::segment_features_of(const Game& game, TileRef at) {
    segment_features_.clear();
    if (const int t = game.board().tile_at(at); t >= 0)
        for (uint32_t part = game.features().first_part(static_cast<uint16_t>(t));
             part < game.features().part_end(static_cast<uint16_t>(t)); ++part)
            segment_features_.push_back(game.feature_of(part));
    return request_.CreateVector(segment_features_);
}

void PluginHooks::on_tile_placed(Game& game, uint8_t player, const Placement& placement, TileTypeId type,
                                 bool from_hand) {
    if (!collect_callees(CK_HOOK_TILE_PLACED, game, -1, type, placement.at)) return;
    const RoundTripScope round_trip(CK_HOOK_TILE_PLACED);
    start_request();
    const fb::Placement p(to_fb(placement.at), placement.rotation, type);
    const auto args = fb::CreateTilePlacedArgs(request_, player, &p, from_hand, segment_features_of(game, placement.at));
    call_all_and_apply(game, CK_HOOK_TILE_PLACED,
                       finish_request(CK_HOOK_TILE_PLACED, fb::HookArgs::TilePlacedArgs, args.Union()), &game);
}

void PluginHooks::figure_options(const Game& game, uint8_t player, TileRef placed, std::vector<ExpansionOption>& out,
                                 FigurePlacementChanges& placement) {
    // Declared placements first, without a call: each kind the player still
    // has, on the tile just placed, while the figure step is unused.
    if (!declared_placements_.empty() && !game.figure_action_taken()) {
        const PlayerState& p = game.players()[player];
        for (const ExpansionOption& offer : declared_placements_)
            if (p.token_count(offer.token_kind) > 0) {
                out.push_back(offer);
                out.back().at = placed;
            }
    }
    if (!collect_callees(CK_HOOK_FIGURE_OPTIONS, game)) return;
    const RoundTripScope round_trip(CK_HOOK_FIGURE_OPTIONS);
    start_request();
    const fb::TileRef tile = to_fb(placed);
    const auto args = fb::CreateFigureOptionsArgs(request_, player, &tile, segment_features_of(game, placed));
    EffectSink sink;
    sink.options = &out;
    sink.placement = &placement;
    call_all_and_apply(game, CK_HOOK_FIGURE_OPTIONS,
                       finish_request(CK_HOOK_FIGURE_OPTIONS, fb::HookArgs::FigureOptionsArgs, args.Union()), nullptr, sink);
}

bool PluginHooks::is_declared_placement(const ExpansionOption& option) const {
    if (option.action != kPlaceTokenAction) return false;
    return std::any_of(declared_placements_.begin(), declared_placements_.end(), [&](const ExpansionOption& d) {
        return d.expansion == option.expansion && d.token_kind == option.token_kind;
    });
}

void PluginHooks::apply_declared_placement(Game& game, uint8_t player, const ExpansionOption& option) {
    // The checks an expansion's APPLY_FIGURE_ACTION would make, before
    // anything changes; Game::place_token checks the tile and the supply again.
    const auto refuse = [&](const std::string& why) {
        throw HostError(expansions_[option.expansion]->id + ": cannot place " + option.token_kind + " at " +
                            format_tile_ref(option.at) + ": " + why,
                        ErrorCategory::IllegalMove);
    };
    if (player != game.active_player())
        refuse("player " + std::to_string(player) + " is not the active player " + std::to_string(game.active_player()));
    if (game.figure_action_taken()) refuse("the figure step of this turn is already used");
    const std::optional<TileRef> placed = game.placed_this_turn();
    if (!placed) refuse("no tile was placed this turn");
    if (option.at != *placed) refuse("it goes on the tile just placed, " + format_tile_ref(*placed));
    if (game.players()[player].token_count(option.token_kind) <= 0)
        refuse("player " + std::to_string(player) + " has none left");
    game.place_token(player, option.token_kind, option.at);
    game.consume_figure_action();
}

void PluginHooks::apply_figure_action(Game& game, uint8_t player, const ExpansionOption& option) {
    if (option.expansion < expansions_.size() && is_declared_placement(option))
        return apply_declared_placement(game, player, option);
    require_applier(option.expansion, CK_HOOK_APPLY_FIGURE_ACTION, "expansion action '" + option.action + "'");
    collect_callees(CK_HOOK_APPLY_FIGURE_ACTION, game, static_cast<int>(option.expansion));
    const RoundTripScope round_trip(CK_HOOK_APPLY_FIGURE_ACTION);
    start_request();
    auto& b = request_;
    const fb::TileRef at = to_fb(option.at);
    const auto fo = fb::CreateFigureOption(b, b.CreateString(option.action), b.CreateString(option.token_kind), &at,
                                           b.CreateString(option.label), option.location,
                                           b.CreateString(option.neutral_figure), b.CreateString(option.return_source));
    const auto args = fb::CreateApplyFigureActionArgs(b, player, fo);
    call_all_and_apply(game, CK_HOOK_APPLY_FIGURE_ACTION,
                       finish_request(CK_HOOK_APPLY_FIGURE_ACTION, fb::HookArgs::ApplyFigureActionArgs, args.Union()),
                       &game);
}

std::string PluginHooks::token_kind_name(std::string_view kind) const {
    for (const auto* e : expansions_)
        for (const auto& t : e->token_kinds)
            if (t.kind == kind && !t.name.empty()) return t.name;
    return std::string(kind);
}

int PluginHooks::score_feature(const Game& game, const ScoredFeatureInfo& feature,
                               std::vector<PointsAdjustment>* adjustments, std::vector<ScoringAward>& awards) {
    int points = feature.points;
    if (!any_has(CK_HOOK_FEATURE_SCORING) && !any_has(CK_HOOK_BONUS_POINTS)) return points;
    ck_bytes state{nullptr, 0};  // built at the first call, if any
    // Every modifier first, then every bonus: bonuses see the final points.
    for (const ck_hook_id hook : {ck_hook_id{CK_HOOK_FEATURE_SCORING}, ck_hook_id{CK_HOOK_BONUS_POINTS}}) {
        for (uint32_t i = 0; i < expansions_.size(); ++i) {
            if (!wants(i, hook, game, {&feature, std::nullopt})) continue;
            const RoundTripScope round_trip(hook);
            if (state.data == nullptr) state = state_bytes(game);
            start_request();
            const auto f = build_feature(feature, points);
            const auto args = hook == CK_HOOK_FEATURE_SCORING ? fb::CreateFeatureScoringArgs(request_, f).Union()
                                                               : fb::CreateBonusPointsArgs(request_, f).Union();
            const ck_bytes request = finish_request(
                hook, hook == CK_HOOK_FEATURE_SCORING ? fb::HookArgs::FeatureScoringArgs : fb::HookArgs::BonusPointsArgs,
                args);
            checker_.begin(game, hook);
            const ReleaseScope release{*this};
            if (const fb::HookResponse* r = call(i, hook, state, request))
            {
                EffectSink sink{i, nullptr, &points, adjustments};
                sink.awards = &awards;
                apply_effects(*r, nullptr, expansions_[i]->id, sink);
            }
        }
    }
    return points;
}

void PluginHooks::on_turn_end(Game& game) {
    for (const ck_hook_id hook : {ck_hook_id{CK_HOOK_TURN_END}, ck_hook_id{CK_HOOK_GAME_END_CHECK}}) {
        if (!collect_callees(hook, game)) continue;
        const RoundTripScope round_trip(hook);
        call_all_and_apply(game, hook, small_request(hook, game.active_player()), &game);
    }
}

// ------------------------------------------------------------ the movement stage

void PluginHooks::on_turn_start(Game& game, uint8_t player) {
    if (!collect_callees(CK_HOOK_TURN_START, game)) return;
    const RoundTripScope round_trip(CK_HOOK_TURN_START);
    call_all_and_apply(game, CK_HOOK_TURN_START, small_request(CK_HOOK_TURN_START, player), &game);
}

void PluginHooks::on_figure_step_end(Game& game, uint8_t player, TileRef placed) {
    const int index = game.board().tile_at(placed);
    const std::optional<TileTypeId> type =
        index >= 0 ? std::optional<TileTypeId>(game.board().placed(static_cast<uint16_t>(index)).type) : std::nullopt;
    if (!collect_callees(CK_HOOK_FIGURE_STEP_END, game, -1, type, placed)) return;
    const RoundTripScope round_trip(CK_HOOK_FIGURE_STEP_END);
    start_request();
    const fb::TileRef tile = to_fb(placed);
    const auto args = fb::CreateFigureStepEndArgs(request_, player, &tile);
    call_all_and_apply(game, CK_HOOK_FIGURE_STEP_END,
                       finish_request(CK_HOOK_FIGURE_STEP_END, fb::HookArgs::FigureStepEndArgs, args.Union()), &game);
}

void PluginHooks::apply_movement_step(Game& game, const MovementOffer& offer, size_t choice) {
    const std::string& figure = game.neutral_figure_kinds().at(offer.figure).name;
    require_applier(offer.expansion, CK_HOOK_APPLY_MOVEMENT_STEP, "movement of " + figure);
    collect_callees(CK_HOOK_APPLY_MOVEMENT_STEP, game, static_cast<int>(offer.expansion));
    const RoundTripScope round_trip(CK_HOOK_APPLY_MOVEMENT_STEP);
    start_request();
    const MoveTarget& t = offer.targets.at(choice);
    const fb::MoveTarget target(to_fb(t.at), t.location);
    const auto args =
        fb::CreateMovementStepArgs(request_, offer.player, request_.CreateString(figure), offer.step, &target);
    call_all_and_apply(game, CK_HOOK_APPLY_MOVEMENT_STEP,
                       finish_request(CK_HOOK_APPLY_MOVEMENT_STEP, fb::HookArgs::MovementStepArgs, args.Union()),
                       &game);
}

void PluginHooks::apply_decision(Game& game, const Decision& decision, std::optional<size_t> choice) {
    require_applier(decision.expansion, CK_HOOK_APPLY_DECISION, "decision '" + decision.key + "'");
    collect_callees(CK_HOOK_APPLY_DECISION, game, static_cast<int>(decision.expansion));
    const RoundTripScope round_trip(CK_HOOK_APPLY_DECISION);
    start_request();
    flatbuffers::Offset<fb::DecisionOption> option;
    if (choice) option = decision_option_table(request_, decision.options.at(*choice));
    const auto key = request_.CreateString(decision.key);
    const auto args = fb::CreateApplyDecisionArgs(request_, decision.player, key,
                                                  choice ? static_cast<uint32_t>(*choice) : 0, !choice, option,
                                                  decision.step);
    call_all_and_apply(game, CK_HOOK_APPLY_DECISION,
                       finish_request(CK_HOOK_APPLY_DECISION, fb::HookArgs::ApplyDecisionArgs, args.Union()), &game);
}

void PluginHooks::on_feature_completed(Game& game, uint8_t player, const ScoredFeatureInfo& feature,
                                       uint32_t remaining) {
    if (!collect_callees(CK_HOOK_FEATURE_COMPLETED, game)) return;
    const RoundTripScope round_trip(CK_HOOK_FEATURE_COMPLETED);
    start_request();
    const auto f = build_feature(feature, feature.points);
    const auto args = fb::CreateFeatureCompletedArgs(request_, player, f, remaining);
    call_all_and_apply(game, CK_HOOK_FEATURE_COMPLETED,
                       finish_request(CK_HOOK_FEATURE_COMPLETED, fb::HookArgs::FeatureCompletedArgs, args.Union()),
                       &game);
}

void PluginHooks::figure_strength(const Game& game, const ScoredFeatureInfo& feature,
                                  const std::vector<uint32_t>& figures, std::vector<FigureStrength>& out) {
    ck_bytes state{nullptr, 0};  // built at the first call, if any
    ck_bytes request{nullptr, 0};
    for (uint32_t i = 0; i < expansions_.size(); ++i) {
        if (!wants(i, CK_HOOK_FIGURE_STRENGTH, game, {&feature, std::nullopt, std::nullopt})) continue;
        const RoundTripScope round_trip(CK_HOOK_FIGURE_STRENGTH);
        if (state.data == nullptr) {
            state = state_bytes(game);
            start_request();
            const auto f = build_feature(feature, feature.points);
            const auto args = fb::CreateFigureStrengthArgs(request_, f, request_.CreateVector(figures));
            request = finish_request(CK_HOOK_FIGURE_STRENGTH, fb::HookArgs::FigureStrengthArgs, args.Union());
        }
        checker_.begin(game, CK_HOOK_FIGURE_STRENGTH);
        checker_.set_strength_figures(&figures);
        const ReleaseScope release{*this};
        if (const fb::HookResponse* r = call(i, CK_HOOK_FIGURE_STRENGTH, state, request)) {
            EffectSink sink{i};
            sink.strengths = &out;
            apply_effects(*r, nullptr, expansions_[i]->id, sink);
        }
    }
}

void PluginHooks::on_final_scoring(Game& game) {
    if (!collect_callees(CK_HOOK_FINAL_SCORING, game)) return;
    const RoundTripScope round_trip(CK_HOOK_FINAL_SCORING);
    call_all_and_apply(game, CK_HOOK_FINAL_SCORING,
                       small_request(CK_HOOK_FINAL_SCORING, static_cast<uint8_t>(game.player_count())), &game);
}

}  // namespace ck::host
