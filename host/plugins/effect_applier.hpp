// Checking and applying the effects of verified HookResponses.
//
// Checking happens before anything is applied: every effect must be one the
// hook may return (the table in docs/plugins-host.md) and its arguments
// must fit the state (players in range, counts sane, tiles on the board,
// enough tokens in supply, counting earlier effects of the same hook).
// A rejected response therefore leaves the Game unchanged.
#pragma once

#include <cloisterkit/plugin.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/expansion_hooks.hpp"
#include "option_texts.hpp"
#include <cloisterkit/schemas/hooks_generated.h>

namespace ck::host {

class Game;

// Whether hook `hook` may return effects of type `type`.
bool effect_allowed(ck_hook_id hook, fb::Effect type);

class EffectChecker {
public:
    // Starts checking the responses of one hook call against `game`;
    // `candidates` is the number of placements a PLACEMENT_CHECK asked about.
    void begin(const Game& game, ck_hook_id hook, size_t candidates = 0);
    // FIGURE_STRENGTH: the figures the call names, the only ones an answer
    // may set (kept by pointer until the next begin()).
    void set_strength_figures(const std::vector<uint32_t>* figures) { strength_figures_ = figures; }
    // "" when every effect of `response`, from expansion `expansion_id`, is
    // acceptable, else the reason (naming the effect's position and type).
    std::string check(const fb::HookResponse& response, std::string_view expansion_id);

private:
    std::string check_effect(const fb::EffectEntry& entry);
    std::string check_player(uint8_t player) const;
    std::string take_tokens(uint8_t player, std::string_view kind, int count);
    std::string check_tile_type(uint16_t type) const;
    // Counts `n` more tile-step options offered; fails past the limit.
    std::string count_tile_step_options(size_t n);
    // Records one tile of `type` entering (+1) or leaving (-1) a hand;
    // fails if it is not there to leave or the hand would grow too large.
    std::string change_hand(uint8_t player, uint16_t type, int delta);
    // The movement stage: a tile on the board, a segment of it (location 0:
    // the tile), and a neutral figure the responding expansion declared.
    std::string check_tile(const fb::TileRef* at, Location location, const char* what) const;
    std::string check_own_neutral_figure(const flatbuffers::String* name) const;
    // OfferDecision: the player, the texts, every option against the board.
    std::string check_decision(const fb::OfferDecision& decision);
    std::string check_decision_option(const fb::DecisionOption& option) const;
    // PlaceFigure, MoveFigure: the supply, the target, its occupation
    // (counting earlier effects of the response).
    std::string check_place_figure(const fb::PlaceFigure& e);
    std::string check_move_figure(const fb::MoveFigure& e);
    std::string claim_feature(const fb::TileRef& at, uint32_t location, bool allow_occupied);

    const Game* game_ = nullptr;
    ck_hook_id hook_ = 0;
    struct TokenDelta {
        uint8_t player;
        std::string kind;
        int delta;
    };
    std::vector<TokenDelta> deltas_;  // token changes of earlier effects in this hook
    struct HandDelta {
        uint8_t player;
        uint16_t type;
        int delta;
    };
    std::vector<HandDelta> hand_deltas_;  // hand changes of earlier effects in this hook
    size_t candidates_ = 0;
    const std::vector<uint32_t>* strength_figures_ = nullptr;  // FIGURE_STRENGTH's figures
    std::string_view expansion_id_;  // of the response being checked
    bool movement_offered_ = false;   // an OfferMovement in this response already
    bool decision_offered_ = false;   // an OfferDecision in this response already
    bool figures_returned_ = false;   // a ReturnFigures in this response already (MoveFigure after it is refused)
    struct FigureDelta {
        uint8_t player, kind;
        int placed;
    };
    std::vector<FigureDelta> figure_deltas_;  // figures PlaceFigure took from supplies in this hook
    std::vector<uint32_t> occupied_now_;      // features PlaceFigure or MoveFigure filled in this response
    bool hand_tile_played_ = false;
    size_t tile_step_options_ = 0;
};

// Where effects that do not change the Game go.
struct EffectSink {
    uint32_t expansion = 0;                        // index of the expansion in the hooks' list
    std::vector<ExpansionOption>* options = nullptr;  // OfferFigureOption
    int* points = nullptr;                         // AdjustFeaturePoints
    std::vector<PointsAdjustment>* adjustments = nullptr;  // AdjustFeaturePoints' reasons, when kept
    std::vector<TileStepOption>* tile_options = nullptr;  // OfferTileStepOption(s)
    OptionTexts* option_texts = nullptr;  // where the tile-step options' texts are kept
    const Game* state = nullptr;          // the state options are offered in (tile ids for labels)
    std::vector<uint8_t>* vetoed = nullptr;        // VetoPlacement: 1 per vetoed candidate
    std::vector<std::string>* veto_reasons = nullptr;  // and, when asked, "expansion: reason" per veto
    // BONUS_POINTS' AddPoints, given while a feature is scored (else AddPoints changes the game).
    std::vector<ScoringAward>* awards = nullptr;
    FigurePlacementChanges* placement = nullptr;   // ForbidFigurePlacement, OfferFigurePlacements
    std::vector<FigureStrength>* strengths = nullptr;  // SetFigureStrength
};

// Applies a response that EffectChecker accepted. `game` may be null for
// hooks that only produce options or point adjustments.
void apply_effects(const fb::HookResponse& response, Game* game, const std::string& expansion_id,
                   const EffectSink& sink);

}  // namespace ck::host
