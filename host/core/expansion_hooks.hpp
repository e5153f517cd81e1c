// The seam between the base-game engine and expansions. The engine calls
// these at its placement, figure and scoring stages; host/plugins implements
// them by serialising the game state and calling plugin modules through the
// C ABI, then verifying and applying the effects they return. The engine
// itself knows nothing of FlatBuffers or dlopen.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "decisions.hpp"
#include "geometry.hpp"
#include "tile_def.hpp"

namespace ck::host {

class Game;

// A figure-step action offered by an expansion (a little building, ...).
struct ExpansionOption {
    uint32_t expansion = 0;  // index of the expansion in the hooks' own list
    std::string action;      // the expansion's verb, e.g. "place-token"
    std::string token_kind;  // for token actions, e.g. "LB_TOWER"
    TileRef at;
    std::string label;
    // What the option does besides the expansion's own effects, for saves
    // (FigureOption revision 6): the segment of `at` it concerns (0: the
    // tile), the neutral figure it moves there, or JCloisterZone's source
    // when it sends the figure standing there back to its supply.
    Location location = 0;
    std::string neutral_figure{};  // "fairy" ({}: designated initializers may leave it out)
    std::string return_source{};   // "PRINCESS"
};

// An alternative to drawing a regular tile, offered by an expansion in the
// tile step (Halflings: play this halfling from your hand). Choosing it
// gives the player `tile_type` to place instead of a drawn tile. The texts
// belong to the hooks that offered the option (they outlive their games),
// so an option is a few words to copy with a Game.
struct TileStepOption {
    uint32_t expansion = 0;   // index of the expansion in the hooks' own list
    std::string_view action;  // the expansion's verb, e.g. "play-halfling"
    TileTypeId tile_type = 0;
    std::string_view label;   // "play halfling HF/I-3"
    friend bool operator==(const TileStepOption&, const TileStepOption&) = default;
};

// A feature being scored, as the engine computed it.
struct ScoredFeatureInfo {
    uint32_t id = 0;
    FeatureKind kind = FeatureKind::Road;
    bool completed = false;
    bool final_scoring = false;
    std::vector<TileRef> parts;     // distinct tiles carrying a segment of it
    std::vector<Position> area;     // monastic features: their 3x3 spaces
    int base_points = 0;
    int points = 0;                 // after modifiers so far
    std::vector<uint8_t> scorers;   // players receiving the points
    std::string name;               // "city", "city.tiny", "road.incomplete", ...
    // Generic counts: roads and cities, distinct spaces and tiles carrying
    // the feature; monastic features, occupied spaces and tiles in the area.
    int spaces = 0;
    int tiles = 0;
    int pennants = 0;
    int cities = 0;  // fields: the distinct completed cities they adjoin
    // Every segment: its tile's index in `parts` and the segment's index in
    // the tile type.
    struct SegmentRef {
        uint16_t part = 0;
        uint8_t segment = 0;
    };
    std::vector<SegmentRef> segments;
    // Declared segment attributes its segments carry (GameSetup::segment_attributes
    // of its kind), with how many segments carry each; empty for most features.
    struct Attribute {
        const SegmentAttribute* declared = nullptr;  // into the game's list
        int segments = 0;
    };
    std::vector<Attribute> attributes;
};

// One expansion's change to a scored feature's points, in its words
// (AdjustFeaturePoints' reason, or the expansion's id when it gave none),
// kept for the breakdown shown to players.
struct PointsAdjustment {
    int delta = 0;
    std::string reason;
};

struct Placement;

// Points an expansion gives a player while a feature is scored, besides the
// feature's own points to its scorers (BONUS_POINTS' AddPoints: the fairy's
// 3 points to the owner of the follower beside it). Recorded after them.
struct ScoringAward {
    uint8_t player = 0;
    int points = 0;
    std::string name;  // score entry name: "fairy"
};

// FIGURE_STRENGTH's answer: figure `figure` (an index in Game::figures)
// weighs `strength` in a majority instead of its kind's strength, and adds
// `tiebreak` to its owner's tie-break (SetFigureStrength).
struct FigureStrength {
    uint32_t figure = 0;
    int strength = 0;
    int tiebreak = 0;
};

// What FIGURE_OPTIONS changes about where figures may go this turn.
struct FigurePlacementChanges {
    std::vector<TileRef> forbidden;    // no figure on these tiles (the dragon's)
    std::vector<TileRef> extra_tiles;  // figures may go on these too (the magic portal)
    void clear() {
        forbidden.clear();
        extra_tiles.clear();
    }
};

// One place a neutral figure may move to: a tile as a whole (location 0)
// or a segment of it.
struct MoveTarget {
    TileRef at;
    Location location = 0;
    friend bool operator==(const MoveTarget&, const MoveTarget&) = default;
};

// The step of a movement waiting for a player's choice (OfferMovement).
struct MovementOffer {
    uint32_t expansion = 0;  // index of the expansion in the hooks' own list: it applies the choice
    uint8_t figure = 0;      // index into Game::neutral_figure_kinds()
    uint8_t player = 0;      // who chooses
    uint32_t step = 1;       // 1 for the first step of this movement
    std::vector<MoveTarget> targets;
    std::string label;
};

class ExpansionHooks {
public:
    virtual ~ExpansionHooks() = default;

    // Deal expansion supplies (tokens, hands), set up per-game expansion data.
    virtual void on_game_start(Game& game) = 0;
    // Tile step (docs/host.md, "The tile step"). The defaults do nothing, so
    // a hooks object without tile-step expansions needs no code for them.
    // Append the alternatives to drawing that expansions offer `player`.
    virtual void tile_step_options(const Game&, uint8_t /*player*/, std::vector<TileStepOption>& /*out*/) {}
    // Apply the option the player chose (the tile to place is set through
    // Game::play_hand_tile).
    virtual void apply_tile_step_option(Game&, uint8_t /*player*/, const TileStepOption& /*option*/) {}
    // Remove the candidate placements of `type` that an expansion vetoes.
    virtual void check_placements(const Game&, uint8_t /*player*/, TileTypeId /*type*/,
                                  std::vector<Placement>& /*candidates*/) {}
    // Why an expansion vetoes placement `p` of `type` ("expansion: reason"),
    // or "" when none does. For refusals only: it calls the hook again.
    virtual std::string veto_reason(const Game&, uint8_t /*player*/, TileTypeId /*type*/, const Placement& /*p*/) {
        return {};
    }
    // Whether check_placements may remove any candidate of tile type `type`
    // now. When it cannot, asking whether the tile fits anywhere stops at
    // the first legal placement.
    virtual bool checks_placements(const Game&, TileTypeId /*type*/) { return false; }
    // React to the tile just placed (the turn's tile, from the pack or a hand).
    virtual void on_tile_placed(Game&, uint8_t /*player*/, const Placement& /*placement*/, TileTypeId /*type*/,
                                bool /*from_hand*/) {}
    // Append the figure-step actions expansions offer on the tile just
    // placed, and what they change about where figures may go this turn.
    virtual void figure_options(const Game& game, uint8_t player, TileRef placed, std::vector<ExpansionOption>& out,
                                FigurePlacementChanges& placement) = 0;
    // The same for a caller that only wants the options (tests, tools).
    void figure_options(const Game& game, uint8_t player, TileRef placed, std::vector<ExpansionOption>& out) {
        FigurePlacementChanges placement;
        figure_options(game, player, placed, out, placement);
    }
    // Apply one offered action (tokens placed, figure step consumed, ...).
    virtual void apply_figure_action(Game& game, uint8_t player, const ExpansionOption& option) = 0;
    // Modifiers (FEATURE_SCORING), then bonuses (BONUS_POINTS): returns the
    // feature's final points given `feature.points` after base scoring, and
    // appends each change with its reason to `adjustments` unless null.
    // Points given to players besides the feature's own go to `awards`.
    virtual int score_feature(const Game& game, const ScoredFeatureInfo& feature,
                              std::vector<PointsAdjustment>* adjustments, std::vector<ScoringAward>& awards) = 0;
    // The same for a caller that only wants the feature's points (tests, tools).
    int score_feature(const Game& game, const ScoredFeatureInfo& feature, std::vector<PointsAdjustment>* adjustments) {
        std::vector<ScoringAward> awards;
        return score_feature(game, feature, adjustments, awards);
    }
    // End of turn bookkeeping, after scoring; may open a movement
    // (Game::offer_movement) played before the turn passes, and may end the
    // game early (GAME_END_CHECK).
    virtual void on_turn_end(Game& game) = 0;
    // The movement stage (docs/host.md, "The movement step"); the defaults
    // do nothing. A turn begins, before its tile step (TURN_START).
    virtual void on_turn_start(Game&, uint8_t /*player*/) {}
    // The figure step is over (FIGURE_STEP_END): an expansion may open a
    // movement (Game::offer_movement).
    virtual void on_figure_step_end(Game&, uint8_t /*player*/, TileRef /*placed*/) {}
    // `offer.player` chose `offer.targets[choice]` (APPLY_MOVEMENT_STEP).
    virtual void apply_movement_step(Game&, const MovementOffer& /*offer*/, size_t /*choice*/) {}
    // `decision.player` chose option `*choice` of `decision`, or passed
    // (nullopt): the offering expansion applies it (APPLY_DECISION).
    virtual void apply_decision(Game&, const Decision& /*decision*/, std::optional<size_t> /*choice*/) {}
    // Feature `feature` was completed this turn by `player`, occupied or not
    // (FEATURE_COMPLETED): after the turn's scoring, before figures go home.
    // Whether any expansion wants it, so the engine builds nothing otherwise.
    virtual bool wants_feature_completed() const { return false; }
    // `remaining`: how many more calls this tile step brings (0: the last).
    virtual void on_feature_completed(Game&, uint8_t /*player*/, const ScoredFeatureInfo& /*feature*/,
                                      uint32_t /*remaining*/) {}
    // Who holds `feature` is worked out (FIGURE_STRENGTH): `figures` are the
    // indices in game.figures() of the figures on it; answers are appended
    // to `out` in the order given (a later one for a figure holds).
    virtual bool wants_figure_strength() const { return false; }
    virtual void figure_strength(const Game&, const ScoredFeatureInfo& /*feature*/,
                                 const std::vector<uint32_t>& /*figures*/, std::vector<FigureStrength>& /*out*/) {}
    // Extra points at the end of the game (FINAL_SCORING).
    virtual void on_final_scoring(Game& game) = 0;
    // The name an expansion declared for a token kind ("tower" for
    // LB_TOWER), for logs and pictures; the kind itself when none did.
    virtual std::string token_kind_name(std::string_view kind) const { return std::string(kind); }
};

}  // namespace ck::host
