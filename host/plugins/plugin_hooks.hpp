// The bridge: ExpansionHooks implemented by calling plugin modules through
// the C ABI. For each engine stage it serialises the Game (once per state
// version, reused for every call against that state), builds the small
// HookRequest, calls every enabled expansion whose hook mask has the hook,
// verifies each response (identifier, FlatBuffers verifier, effects allowed
// for the hook, arguments against the state) and only then applies the
// effects. Anything wrong raises HostError naming the module, the
// expansion, the hook and the reason, with the Game left unchanged.
//
// One PluginHooks serves any number of games one after another (and their
// copies), but it is not thread-safe: it reuses its buffers. Use one per
// thread.
#pragma once

#include <cloisterkit/plugin.h>
#include <flatbuffers/flatbuffers.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "budget_clock.hpp"
#include "core/expansion_hooks.hpp"
#include "core/limits.hpp"
#include "core/move_record.hpp"
#include "effect_applier.hpp"
#include "plugin_expansion.hpp"
#include "state_serializer.hpp"

namespace ck::host {

class PluginHooks final : public ExpansionHooks {
public:
    // `expansions` as PluginRegistry::resolve returns them; the registry
    // must outlive this object. Throws HostError when two of them declare a
    // hand play (unless `hand_play` is HandPlayBy::Hooks).
    explicit PluginHooks(std::vector<const PluginExpansion*> expansions,
                         HandPlayBy hand_play = HandPlayBy::Declaration);
    ~PluginHooks() override;
    PluginHooks(const PluginHooks&) = delete;
    PluginHooks& operator=(const PluginHooks&) = delete;

    const std::vector<const PluginExpansion*>& expansions() const { return expansions_; }
    // A call that returns later than `budget` after it started is refused
    // (HostError naming the module, the expansion, the hook and the time),
    // its response unread. Measured around call_hook (BudgetClock: the
    // coarse monotonic clock for budgets of 50 ms and more); a module that
    // never returns is not caught (docs/abi.md, section 15).
    // Calls every hook an expansion implements, its filters unread: what a
    // host that knows no filter does. The games are the same (a filter only
    // promises that the call would have had nothing to say).
    void ignore_filters() { filters_ignored_ = true; }
    void set_time_budget(std::chrono::milliseconds budget) {
        time_budget_ = budget;
        budget_clock_ = BudgetClock(budget);
    }
    std::chrono::milliseconds time_budget() const { return time_budget_; }
    // Told of every call before it is made (`cloisterkit validate` records
    // the states and requests a module is given, and names the call a
    // module hangs in). Null: nobody is told. Must outlive the calls.
    struct CallObserver {
        virtual ~CallObserver() = default;
        virtual void before_call(const PluginExpansion& expansion, ck_hook_id hook, ck_bytes state,
                                 ck_bytes request) = 0;
    };
    void set_call_observer(CallObserver* observer) { observer_ = observer; }
    // Their ids, for GameSetup::expansions.
    std::vector<std::string> expansion_ids() const;

    void on_game_start(Game& game) override;
    void tile_step_options(const Game& game, uint8_t player, std::vector<TileStepOption>& out) override;
    void apply_tile_step_option(Game& game, uint8_t player, const TileStepOption& option) override;
    void check_placements(const Game& game, uint8_t player, TileTypeId type, std::vector<Placement>& candidates) override;
    std::string veto_reason(const Game& game, uint8_t player, TileTypeId type, const Placement& p) override;
    bool checks_placements(const Game& game, TileTypeId type) override {
        return collect_callees(CK_HOOK_PLACEMENT_CHECK, game, -1, type);
    }
    void on_tile_placed(Game& game, uint8_t player, const Placement& placement, TileTypeId type, bool from_hand) override;
    using ExpansionHooks::figure_options;
    using ExpansionHooks::score_feature;
    void figure_options(const Game& game, uint8_t player, TileRef placed, std::vector<ExpansionOption>& out,
                        FigurePlacementChanges& placement) override;
    void apply_figure_action(Game& game, uint8_t player, const ExpansionOption& option) override;
    std::string token_kind_name(std::string_view kind) const override;
    int score_feature(const Game& game, const ScoredFeatureInfo& feature, std::vector<PointsAdjustment>* adjustments,
                      std::vector<ScoringAward>& awards) override;
    void on_turn_end(Game& game) override;
    void on_turn_start(Game& game, uint8_t player) override;
    void on_figure_step_end(Game& game, uint8_t player, TileRef placed) override;
    void apply_movement_step(Game& game, const MovementOffer& offer, size_t choice) override;
    void apply_decision(Game& game, const Decision& decision, std::optional<size_t> choice) override;
    bool wants_feature_completed() const override { return any_has(CK_HOOK_FEATURE_COMPLETED); }
    void on_feature_completed(Game& game, uint8_t player, const ScoredFeatureInfo& feature,
                              uint32_t remaining) override;
    bool wants_figure_strength() const override { return any_has(CK_HOOK_FIGURE_STRENGTH); }
    void figure_strength(const Game& game, const ScoredFeatureInfo& feature, const std::vector<uint32_t>& figures,
                         std::vector<FigureStrength>& out) override;
    void on_final_scoring(Game& game) override;

    // The GameState bytes for `game`, from the cache when nothing changed
    // since the last call. Valid until the next hook or state_bytes call.
    ck_bytes state_bytes(const Game& game);

    struct Stats {
        uint64_t hook_calls = 0;      // call_hook round trips
        uint64_t serialisations = 0;  // GameState buffers built
        uint64_t score_patches = 0;   // cached buffers given new scores instead
    };
    const Stats& stats() const { return stats_; }

private:
    // What identifies a state without serialising it: the game and its
    // state version, which every mutation changes (Game::state_version).
    struct StateKey {
        const Game* game = nullptr;
        uint64_t version = 0;
        uint64_t content_version = 0;  // Game::content_version: equal but for the scores
        bool operator==(const StateKey&) const = default;
    };

    bool any_has(ck_hook_id hook) const { return (all_hooks_ & CK_HOOK_BIT(hook)) != 0; }
    // Whether the host ever calls `hook` of expansion `i`: it implements it
    // and no declaration of its manifest stands in for the hook.
    bool calls(uint32_t i, ck_hook_id hook) const { return hook < 64 && (called_hooks_[i] & CK_HOOK_BIT(hook)) != 0; }
    // What a call is about, for the filters that test it: the scored
    // feature (scoring hooks), the tile to place or just placed (tile hooks).
    struct FilterSubject {
        const ScoredFeatureInfo* feature = nullptr;
        std::optional<TileTypeId> tile;
        std::optional<TileRef> at;  // where `tile` lies, once placed
    };
    // Whether expansion `i` is to be called for `hook` now: it implements
    // the hook and, when it declares filters for it, one of them holds for
    // `subject`. See manifest.fbs, HookFilter.
    bool wants(uint32_t i, ck_hook_id hook, const Game& game, const FilterSubject& subject);
    // Fills callees_ with the expansions to call for `hook` now: `only`, the
    // one whose option was chosen, if it has the hook; else each that
    // wants() it. False when nobody is to be called: no request is built.
    // `tile`: the tile type a tile hook is about (the TileHasFeature filter).
    bool collect_callees(ck_hook_id hook, const Game& game, int only = -1, std::optional<TileTypeId> tile = {},
                         std::optional<TileRef> at = {});
    // A declared filter, with what RuleIs found for the last game's setup:
    // the rules are fixed for a game (Game::setup_id), and the filters of
    // the scoring hooks are tested for every scored feature.
    struct Filter {
        HookFilterInfo info;
        uint64_t rule_checked_for = 0;  // setup id; 0: not yet
        bool rule_holds = false;
    };
    bool filter_holds(uint32_t i, Filter& f, const Game& game, const FilterSubject& subject);
    ck_bytes finish_request(ck_hook_id hook, fb::HookArgs type, flatbuffers::Offset<void> args);
    void start_request();
    // The feature id of each segment of the placed tile at `at`, in its
    // tile type's segment order, as a vector of the request being built.
    flatbuffers::Offset<flatbuffers::Vector<uint32_t>> segment_features_of(const Game& game, TileRef at);
    // The request of a hook whose arguments are one small number (the
    // player, the player count): built once per value, then the same bytes
    // (the module recognises them too and skips verifying them again).
    ck_bytes small_request(ck_hook_id hook, uint8_t value);
    // Calls expansion `i`; returns its verified, checked response or
    // nullptr when it has nothing to say. The buffer stays in `buffers_`.
    const fb::HookResponse* call(uint32_t i, ck_hook_id hook, ck_bytes state, ck_bytes request);
    // Calls every expansion collect_callees chose against the state of
    // `state_of` and checks every response (against `candidates` placements
    // for PLACEMENT_CHECK) before any effect is applied, so a refusal leaves
    // everything as it was; then applies them in expansion order, to `game`
    // (null for hooks whose effects only fill `sink`) and `sink`.
    void call_all_and_apply(const Game& state_of, ck_hook_id hook, ck_bytes request, Game* game, EffectSink sink = {},
                            size_t candidates = 0);
    void release_buffers();
    // Releases every response buffer of a hook call when it goes out of scope.
    struct ReleaseScope {
        PluginHooks& self;
        ~ReleaseScope() { self.release_buffers(); }
    };
    [[noreturn]] void fail(uint32_t i, ck_hook_id hook, const std::string& reason) const;
    // Refuses a call of expansion `i` that started at `started` if it took
    // longer than the time budget.
    void check_time(uint32_t i, ck_hook_id hook, BudgetClock::time_point started) const;
    // The expansion that offered `option` exists and implements `hook`, the
    // hook that applies it; else a HostError naming both.
    void require_applier(uint32_t expansion, ck_hook_id hook, const std::string& option) const;
    flatbuffers::Offset<fb::ScoredFeature> build_feature(const ScoredFeatureInfo& f, int points);
    // Token kinds declared TokenPlacement::InsteadOfFigure: offered in
    // figure_options and applied here, with no hook call. Whether `option`
    // is one of them.
    bool is_declared_placement(const ExpansionOption& option) const;
    // The tile-step options of a declared hand play (HandPlayDecl), offered
    // with no hook call; choosing one plays the tile from the hand.
    void offer_declared_hand_play(const Game& game, uint8_t player, std::vector<TileStepOption>& out);
    void apply_declared_placement(Game& game, uint8_t player, const ExpansionOption& option);

    std::vector<const PluginExpansion*> expansions_;
    std::vector<uint64_t> called_hooks_;  // per expansion: see calls()
    uint64_t all_hooks_ = 0;              // their union
    int hand_play_expansion_ = -1;        // the one declaring a hand play, or -1
    std::string_view hand_play_action_;   // its action, pooled in option_texts_
    std::vector<std::string> token_kinds_;  // declared by the enabled expansions
    // The offer of each declared placement, built once (it is offered on
    // nearly every figure step): expansion, "place-token", the kind, "place
    // a tower"; figure_options copies it with the tile just placed.
    std::vector<ExpansionOption> declared_placements_;
    // Per expansion: its filters by hook, and the token kinds it declares.
    std::vector<std::array<std::vector<Filter>, CK_HOOK_COUNT>> filters_;
    bool filters_ignored_ = false;  // ignore_filters()
    std::vector<std::vector<std::string>> own_kinds_;
    std::vector<uint32_t> callees_;  // scratch: the expansions a call_all_and_apply calls

    StateSerializer serializer_;
    StateKey cached_key_;
    ck_bytes cached_state_{nullptr, 0};
    // The state of the call in progress: a failure names its turn.
    ck_bytes calling_state_{nullptr, 0};

    flatbuffers::FlatBufferBuilder request_{1024};
    std::vector<fb::TileRef> refs_;  // scratch for ScoredFeature parts and area
    std::vector<fb::FeatureSegment> segment_refs_;  // scratch for ScoredFeature segments
    std::vector<fb::Placement> candidates_;  // scratch for PLACEMENT_CHECK
    // check_placements, collecting the vetoes' reasons into `reasons` when given.
    void check_placements(const Game& game, uint8_t player, TileTypeId type, std::vector<Placement>& candidates,
                          std::vector<std::string>* reasons);
    std::vector<uint8_t> vetoed_;            // per candidate, from VetoPlacement
    std::vector<uint32_t> segment_features_;  // scratch for segment_features_of
    struct SmallRequest {
        ck_hook_id hook;
        uint8_t value;
        std::vector<uint8_t> bytes;  // its own heap block: stays put when the list grows
    };
    std::vector<SmallRequest> small_requests_;
    EffectChecker checker_;
    OptionTexts option_texts_;  // the texts of every tile-step option offered
    std::vector<ck_buffer> buffers_;
    struct Pending {
        uint32_t expansion;
        const fb::HookResponse* response;
    };
    std::vector<Pending> pending_;
    Stats stats_;
    CallObserver* observer_ = nullptr;
    std::chrono::milliseconds time_budget_ = limits::kDefaultHookTimeBudget;
    BudgetClock budget_clock_{limits::kDefaultHookTimeBudget};
};

}  // namespace ck::host
