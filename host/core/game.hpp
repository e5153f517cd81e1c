// One game of Carcassonne as JCloisterZone plays it (docs/host.md): the
// base rules, JCZ's resting phases, pack order and random draws, and the
// points where expansions hook in (ExpansionHooks).
//
// Game is a value type: copying it copies the whole state (replay's UNDO and
// the players' look-ahead rely on that). It holds no pointers into itself;
// the only pointers it keeps are to the shared, immutable tile catalogue and
// tile tables, and to the hooks object, which copies share.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bit_count.hpp"
#include "board.hpp"
#include "decisions.hpp"
#include "errors.hpp"
#include "expansion_hooks.hpp"
#include "features.hpp"
#include "figure_kinds.hpp"
#include "geometry.hpp"
#include "move_record.hpp"
#include "neutral_figures.hpp"
#include "random.hpp"
#include "tile_def.hpp"
#include "tile_groups.hpp"
#include "tile_types.hpp"

namespace ck::host {

// Values match ck.fb.Phase; names are JCZ's (jcz-interop.md §4.9).
// MovementPhase: after the figure step, a neutral figure moves step by step,
// each step chosen by the player an expansion names (docs/host.md, "The
// movement step"); JCloisterZone's DragonMovePhase.
// DecisionPhase: a player chooses among the options an expansion offered
// (decisions.hpp; docs/abi.md, "Decisions").
enum class Phase : uint8_t {
    TilePhase = 0,
    ActionPhase = 1,
    CommitActionPhase = 2,
    GameOverPhase = 3,
    MovementPhase = 4,
    DecisionPhase = 5
};
std::string_view phase_name(Phase p);

inline constexpr int kMaxPlayers = Features::kMaxPlayers;
// Tile steps in one turn (ExtraTurn): the builder needs 2; more than this
// is a module that never lets the turn end.
inline constexpr uint8_t kMaxTurnParts = 8;

struct StartTile {
    std::string tile_id = "BA/RCr";
    int x = 0, y = 0;
    int rotation = 0;  // quarter turns clockwise (a .jcz gives degrees / 90)
};

struct PlayerSetup {
    std::string name;
};

// Rule option keys the engine itself reads. JCZ's key is what saved games
// use; ours is an alias (both may be given if they agree).
inline constexpr std::string_view kRuleTinyCity = "tiny-city-scoring";    // "4" (default) | "2"
inline constexpr std::string_view kRuleTinyCityAlias = "base.tinyCity";   // "off" (default) | "on"
inline bool is_engine_rule(std::string_view key) { return key == kRuleTinyCity || key == kRuleTinyCityAlias; }

struct GameSetup {
    const TileCatalog* catalog = nullptr;              // must outlive the game
    std::map<std::string, int> tile_sets{{"basic:1", 1}};  // set id -> multiplier
    std::vector<StartTile> start_tiles{StartTile{}};
    std::vector<PlayerSetup> players;                   // 1..kMaxPlayers
    int followers_per_player = 7;                       // small followers
    bool farmers = true;
    // Figure kinds the enabled expansions declare (the abbot), after the
    // small follower, which is always kind 0 (followers_per_player, farmers).
    std::vector<FigureKind> figure_kinds;
    std::map<std::string, std::string> rules;           // every option given, JCZ or ours
    // Randomness. `seed` drives the host's own generator, which produces each
    // COMMIT's random value (and initial_random when not given); replays pass
    // recorded values to commit() instead.
    uint64_t seed = 0;
    std::optional<double> initial_random;               // in [0, 1)
    std::vector<std::string> draw_order;                // JCZ gameAnnotations.drawOrder; may end with "#END"
    std::optional<int> end_turn;                        // JCZ gameAnnotations.endTurn
    // Draws after draw_order is used up are named by the caller with
    // draw_tile() instead of being random: for replaying files whose random
    // values cannot be reproduced (JCZ 5.7's initialSeed/salt). The tile
    // phase then waits with no drawn tile.
    bool caller_draws = false;
    ExpansionHooks* hooks = nullptr;                    // may be null; must outlive the game and its copies
    std::vector<std::string> expansions;                // ids of enabled expansions
    // Hands fixed by the setup (a saved game's gameAnnotations.halflingHands):
    // empty, or one list of tile ids per player. They are passed to
    // GAME_START, and the expansions must deal exactly these.
    std::vector<std::vector<std::string>> preset_hands;
    // Segment attributes the enabled expansions declare (at most 32): each
    // scored feature reports how many of its segments carry each one of its
    // kind (ScoredFeatureInfo::attributes, the breakdown).
    std::vector<SegmentAttribute> segment_attributes;
    // Tile-file attributes the enabled expansions declare (TileValueDecl:
    // {"city", "resource"}); the rules leave them to the expansions, the
    // pictures draw those of segments (a city's good).
    std::vector<TileValueKey> tile_values;
    // The movement stage (docs/host.md): the enabled expansions' neutral
    // figures (at most 255), their tile markers (names of <tile> children
    // their rules read; the setup sent to hooks lists the tiles carrying
    // them) and their held-back tiles.
    std::vector<NeutralFigureKind> neutral_figures;
    std::vector<TileMarker> tile_markers;
    std::vector<HeldBackTiles> held_back_tiles;
    // How the enabled expansions' tile groups are drawn (TileGroupDecl:
    // the river first, its lake last; core/tile_groups.hpp).
    std::vector<TileGroupRule> tile_groups;
    // The game's edge kind (EdgeKindDecl): the element whose text lists its
    // sides ("river") and its label, or "" for none.
    std::string edge_kind;
    std::string edge_kind_label;
};

// What a game derives from its catalogue and tile sets before play; shared
// (read-only) by every game built from the same setup, e.g. in `simulate`.
struct PreparedTiles {
    std::shared_ptr<const TileTypeTable> table;
    std::vector<TileTypeId> pack;  // full pack in JCZ order, start tiles included
    std::string edge_kind, edge_kind_label;  // the game's edge kind (GameSetup::edge_kind), or ""
};
std::shared_ptr<const PreparedTiles> prepare_tiles(const GameSetup& setup);

// A segment where a figure of the active player may stand now: on the tile
// just placed (or any tile, for a kind not bound to it).
struct MeepleOption {
    FeaturePointer pointer;
    uint32_t feature = 0;  // feature id (see Game::feature_of)
    uint8_t kind = 0;      // figure kind (Game::figure_kinds())
};

// A figure of the active player that may be taken back now (a returnable
// kind on an incomplete feature), scoring its feature at once.
struct ReturnOption {
    MeepleId meeple;
    FeaturePointer pointer;  // where it stands
    uint32_t feature = 0;
};

struct ScoreEntry {
    uint8_t player = 0;
    int points = 0;
    std::string name;            // "city", "city.tiny", "road.incomplete", "field", or an expansion's
    bool final_scoring = false;
    std::optional<FeatureKind> kind;  // none for points not tied to a feature
    uint32_t turn = 0;
    // How a scored feature's points were counted, for the breakdown shown to
    // players (host/render/score_breakdown.*); none for points not tied to a
    // feature. The counts are ScoredFeatureInfo's; `feature` is the feature
    // id, which stays valid afterwards since a scored feature never merges.
    struct Counts {
        int base_points = 0;  // the engine's points, before expansions changed them
        int spaces = 0, tiles = 0, pennants = 0;
        uint32_t feature = 0;
        std::vector<PointsAdjustment> adjustments;  // the expansions' changes, in order
        // Declared segment attributes of the feature: label ("inn") and how
        // many of its segments carry it.
        std::vector<std::pair<std::string, int>> attributes;
    };
    std::optional<Counts> counts;
};

struct PlayerState {
    std::string name;
    int score = 0;
    // One mask per figure kind (Game::figure_kinds()): bit n-1 of supply[k]
    // set means figure "<p>.<type of k>.<n>" is in supply.
    std::array<uint32_t, kMaxFigureKinds> supply{};
    std::vector<std::pair<std::string, int>> tokens;  // expansion token stocks, sorted by kind
    std::vector<TileTypeId> hand;  // tiles in the player's private hand, in the order received

    int followers_in_supply() const { return figures_in_supply(0); }  // small followers
    int figures_in_supply(size_t kind) const { return bit_count(supply.at(kind)); }
    int token_count(std::string_view kind) const;
};

struct PlacedFigure {
    FeaturePointer pointer;
    MeepleId meeple;
    uint32_t part = 0;  // internal part index; feature id is Game::feature_of(part)
};

// A figure an expansion sent home without scoring (ReturnFigures: the
// dragon's meal), kept so that a page or log can say whose figure left
// where and why.
struct SentHomeFigure {
    uint32_t turn = 0;
    FeaturePointer pointer;
    MeepleId meeple;
    std::string by;  // the expansion id that sent it
};

struct PlacedToken {
    std::string kind;
    TileRef at;
    uint8_t placed_by = 0;
    uint32_t turn = 0;
};

// A snapshot of one feature, for tests, tools and the bridge.
struct FeatureView {
    uint32_t id = 0;
    FeatureKind kind = FeatureKind::Road;
    bool completed = false;
    int open_edges = 0;      // roads/cities
    int spaces = 0;          // distinct board spaces
    int tiles = 0;           // distinct tiles
    int pennants = 0;
    int occupied_around = 0;  // monastic features: occupied spaces among the 8 around
    std::array<uint8_t, kMaxPlayers> followers{};
    std::vector<TileRef> parts;  // distinct tiles, in placement order
};

class Game {
public:
    // Builds the pack, places the start tiles, deals followers, calls
    // hooks->on_game_start, then starts the first tile step (jcz-interop §4.8).
    // Throws HostError for an inconsistent setup.
    explicit Game(const GameSetup& setup);
    Game(const GameSetup& setup, std::shared_ptr<const PreparedTiles> prepared);

    // ---- state ------------------------------------------------------------
    Phase phase() const { return phase_; }
    bool is_over() const { return phase_ == Phase::GameOverPhase; }
    uint8_t active_player() const { return active_; }
    // The turn in progress (1-based); at game end, the last turn played.
    uint32_t turn_number() const { return turn_; }
    // Which tile step of the turn this is: 1, or more after an extra turn
    // (ExtraTurn: the builder's second tile), which keeps the turn number
    // and the player and does not call TURN_START again.
    uint8_t turn_part() const { return turn_part_; }
    // Whether the active player places another tile once this part is over.
    bool extra_turn_granted() const { return extra_turn_; }
    size_t player_count() const { return players_.size(); }
    const std::vector<PlayerState>& players() const { return players_; }
    const PlayerState& player(uint8_t p) const { return players_.at(p); }
    int score(uint8_t p) const { return players_.at(p).score; }

    // The tile to place this turn (TilePhase only): drawn from the pack, or
    // taken from the player's hand through a tile-step option.
    std::optional<TileTypeId> drawn_tile() const { return drawn_; }
    // Whether this turn's tile came from the active player's hand.
    bool tile_from_hand() const { return from_hand_; }
    // Each player's hand as it was right after setup (GAME_START).
    const std::vector<std::vector<TileTypeId>>& dealt_hands() const { return dealt_hands_; }
    // GameSetup::preset_hands as tile types (empty when the setup fixes none).
    const std::vector<std::vector<TileTypeId>>& preset_hands() const { return preset_hands_; }
    // Tiles left as JCZ reports them (honours endTurn and "#END").
    uint32_t tiles_left() const;
    const std::vector<TileTypeId>& pack() const { return pack_; }
    const std::vector<TileTypeId>& discarded_tiles() const { return discarded_; }
    // The draw generator's current value (jcz-interop §4.10).
    double draw_random() const { return draw_random_; }
    // Its value at the start of the game (JCZ `initialRandom`).
    double initial_random() const { return initial_random_; }

    const TileCatalog& catalog() const { return *setup_catalog_; }
    const TileTypeTable& tile_table() const { return *prepared_->table; }
    const TileDef& tile_def(TileTypeId t) const { return setup_catalog_->tile(t); }
    const Board& board() const { return board_; }
    const Features& features() const { return features_; }

    const std::vector<PlacedTile>& placed_tiles() const { return board_.placed(); }
    // The tile placed this turn (ActionPhase / CommitActionPhase).
    std::optional<TileRef> placed_this_turn() const { return placed_this_turn_; }
    bool figure_action_taken() const { return figure_action_taken_; }
    // Features the tile step's scoring completed (0 until it has run):
    // what TURN_END may have to answer to (hook filter FeatureCompletedThisStep).
    size_t features_completed_this_step() const { return completed_this_step_; }

    const std::vector<PlacedFigure>& figures() const { return figures_; }
    // Every figure an expansion sent home without scoring, in order.
    const std::vector<SentHomeFigure>& sent_home() const { return sent_home_; }
    const std::vector<PlacedToken>& tokens() const { return tokens_; }
    const std::vector<ScoreEntry>& score_log() const { return score_log_; }
    const MoveRecord& moves() const { return moves_; }

    // Every rule option in force (defaults of the engine's own options
    // included), sorted by key.
    const std::map<std::string, std::string>& rules() const { return rules_; }
    bool tiny_city_rule() const { return tiny_city_; }
    bool farmers() const { return farmers_; }
    int followers_per_player() const { return followers_per_player_; }
    // Every figure kind of this game, in index order (PlacedFigure, MeepleId
    // and PlayerState::supply index it): 0 is the small follower.
    const std::vector<FigureKind>& figure_kinds() const { return *figure_kinds_; }
    const std::vector<SegmentAttribute>& segment_attributes() const { return *segment_attributes_; }
    const std::vector<TileValueKey>& tile_value_keys() const { return *tile_value_keys_; }
    std::vector<std::string> figure_kind_ids() const;
    // JCZ meeple ids of any kind of this game ("0.abbot.1").
    std::string meeple_text(MeepleId id) const { return format_meeple_id(id, *figure_kinds_); }
    MeepleId parse_meeple(const std::string& text) const { return parse_meeple_id(text, *figure_kinds_); }
    const std::vector<std::string>& expansions() const { return expansions_; }
    const std::map<std::string, std::vector<uint8_t>>& expansion_data() const { return expansion_data_; }
    ExpansionHooks* hooks() const { return hooks_; }
    // Changes with every change to the game; unique across all games and
    // copies in the process. The plugin bridge serialises a state once per
    // version and reuses the bytes for every hook call against it.
    uint64_t state_version() const { return version_; }
    // The same, except that it stays put when only players' scores change
    // (record_points): equal content versions with different state versions
    // mean "the same state but for the scores", which the bridge patches into
    // the bytes it has instead of serialising again (the final scoring
    // records points between the scoring hooks of one feature and the next).
    uint64_t content_version() const { return content_version_; }
    // Fixed for a game and shared by its copies: what never changes after
    // setup (catalogue, rules, players' names, expansions) has one id per
    // constructed Game, unique in the process, so the bridge can tell "the
    // same constants" without comparing them.
    uint64_t setup_id() const { return setup_id_; }
    // Why the game ended early (request_game_end), empty otherwise.
    const std::string& game_end_reason() const { return end_reason_; }

    // ---- neutral figures and movement (game_movement.cpp) ------------------
    const std::vector<NeutralFigureKind>& neutral_figure_kinds() const { return *neutral_kinds_; }
    // Where each neutral figure stands, by kind index; nullopt off the board.
    const std::vector<std::optional<NeutralFigureSpot>>& neutral_figures() const { return neutral_; }
    // The index of neutral figure `name`, or -1.
    int neutral_figure_index(std::string_view name) const;
    // The index of figure kind `id` ("small", a declared kind) in
    // figure_kinds(), or -1 when the game has none.
    int figure_kind_index(std::string_view id) const;
    // The neutral figure that keeps figures off space `p` (blocks_figures:
    // the dragon), or nullptr.
    const NeutralFigureKind* blocking_figure_at(Position p) const;
    const std::vector<TileMarker>& tile_markers() const { return *tile_markers_; }
    // The step waiting for a player's choice (MovementPhase), or nullopt.
    const std::optional<MovementOffer>& movement() const { return movement_; }
    // The player who chooses now: the active player, or in a MovementPhase
    // or DecisionPhase the one the expansion named.
    uint8_t deciding_player() const {
        if (decisions_.commit_pending) return decisions_.commit_player;
        return decisions_.open ? decisions_.open->player : movement_ ? movement_->player : active_;
    }
    // MovementPhase: the deciding player moves the figure to target i; the
    // expansion applies it (APPLY_MOVEMENT_STEP) and offers the next step
    // or ends the movement. Throws HostError (IllegalMove) otherwise.
    void choose_movement(size_t i);
    // The same by target (a replayed move): the offered target equal to it.
    void choose_movement(const MoveTarget& target);
    // ---- decisions (game_decisions.cpp) ---------------------------------
    // The decision waiting for a player's choice (DecisionPhase), or nullopt.
    const std::optional<Decision>& decision() const { return decisions_.open; }
    // DecisionPhase: the deciding player takes option i, or passes (when
    // the decision allows it); the expansion applies the choice
    // (APPLY_DECISION) and may offer the next decision. Throws HostError
    // (IllegalMove) otherwise, changing nothing.
    void choose_decision(size_t i);
    void pass_decision();
    // Opens a decision (OfferDecision, applied by the plugin bridge, which
    // checked it): DecisionPhase once the hook returns.
    void offer_decision(Decision decision);
    // OfferDecision.figure_targets as options of `decision`: figure i of
    // figures() to each free segment of `tiles`, and each of `segments`,
    // where it may stand (of an unfinished feature, when asked), saved as
    // its DEPLOY_MEEPLE.
    void add_figure_target_options(Decision& decision, uint32_t figure, const std::vector<TileRef>& tiles,
                                   const std::vector<MoveTarget>& segments, bool unfinished_only) const;
    // Tiles left in the pack that cannot be drawn now: held back, or in a
    // tile group that waits for another (the river's lake, the tiles after
    // the river).
    uint32_t held_back_tiles_left() const;
    // The game's edge kind ("river"), or "".
    const std::string& edge_kind() const { return prepared_->edge_kind; }

    // ---- what a player may know (game_information.cpp, docs/ai.md) --------
    // Replaces what `observer` cannot know with a sample, drawn with `seed`,
    // of what is consistent with what it can: the order of the pack and the
    // random values of the draws to come, draws named in advance, and every
    // other player's hand (from the triangle tiles `observer` has not seen,
    // each hand keeping its size). Everything public stays: the board,
    // scores, supplies, the pack's contents, this turn's tile, the
    // observer's hand. Equal public states and seeds give equal results,
    // whatever the hidden parts were.
    void determinise(uint8_t observer, uint64_t seed);
    // For a copy a search plays ahead and throws away: drops the move record
    // (but its last move, whose turn the end of a game reads), the score
    // log and the figures sent home, which nothing in play reads, so copies
    // of it copy none of them.
    void forget_history();
    // The hooks this game and copies made from it call. A search thread
    // gives its copies a bridge of its own (bridges are not thread-safe);
    // `hooks` must outlive them.
    void set_hooks(ExpansionHooks* hooks) { hooks_ = hooks; }

    // ---- features ---------------------------------------------------------
    // Feature id of an internal part (stable until the feature merges).
    uint32_t feature_of(uint32_t part) const { return features_.find(part); }
    // The feature under a segment pointer (any tile); throws if none.
    FeatureView feature_at(const FeaturePointer& p) const;
    FeatureView feature_view(uint32_t feature_id) const;
    // Internal part index of a segment pointer, or -1.
    int part_at(const FeaturePointer& p) const;
    // The same for the segment at exactly `location` of the tile at `at`, of any kind.
    int part_at_location(TileRef at, Location location) const;
    // The distinct tiles carrying a segment of feature `feature`, in the
    // order scoring hooks get them (ScoredFeature.parts).
    void feature_parts(uint32_t feature, std::vector<TileRef>& out) const;

    // ---- tile step (docs/host.md, "The tile step") ------------------------
    // At the start of the tile step nothing is drawn. When expansions offer
    // alternatives to drawing (TILE_STEP_OPTIONS) that can be placed, the
    // game waits for the player to choose: draw() or
    // choose_tile_step_option(i). Otherwise it draws at once.
    const std::vector<TileStepOption>& tile_step_options() const { return tile_step_options_; }
    bool awaiting_tile_choice() const {
        return phase_ == Phase::TilePhase && !drawn_ && !tile_step_options_.empty();
    }
    // The player draws a regular tile (tiles that fit nowhere are set aside
    // and the next drawn, as always). Throws HostError if no choice is pending.
    void draw();
    // The player takes tile-step option i; the expansion applies it
    // (APPLY_TILE_STEP_OPTION) and the option's tile becomes the tile to place.
    void choose_tile_step_option(size_t i);

    // Legal placements of the drawn tile (TilePhase), every (space, rotation)
    // for squares, every (space, corner) for triangles, less any placement an
    // expansion vetoed (PLACEMENT_CHECK).
    const std::vector<Placement>& legal_placements() const { return legal_; }
    // Legal placements of any tile type on the current board.
    void legal_placements_of(TileTypeId type, std::vector<Placement>& out) const;
    // Empty string if legal; otherwise why not ("edge N: city meets road at
    // (1,0)", "no contact", "space occupied", ...).
    std::string placement_problem(TileTypeId type, const Placement& p) const;

    // With GameSetup::caller_draws, true in a TilePhase that waits for the
    // caller to name the tile (no tile drawn yet).
    bool awaiting_caller_draw() const { return caller_draws_ && phase_ == Phase::TilePhase && !drawn_; }
    // Takes `type` out of the pack as this turn's draw (caller_draws only;
    // the draw counts for endTurn). Throws HostError if not awaiting a
    // caller draw or no such tile is left in the pack.
    void draw_tile(TileTypeId type);

    // Places the tile of this turn (drawn or from the hand), then calls
    // TILE_PLACED. Throws HostError (IllegalMove) if `type` is not that tile,
    // the phase is wrong or the placement is illegal.
    void place_tile(TileTypeId type, const Placement& p);
    void place_tile(const std::string& tile_id, TileRef at, int rotation);

    // ---- figure step ------------------------------------------------------
    // Where a figure may go (ActionPhase): for each kind the active player
    // has in supply, in kind order, each full segment of the tile just
    // placed (of any tile, for kinds not bound to it) whose feature kind the
    // kind may stand on and whose feature has no figure; small followers on
    // fields only with farmers.
    const std::vector<MeepleOption>& meeple_options() const { return meeple_options_; }
    // The active player's figures of returnable kinds on incomplete features.
    const std::vector<ReturnOption>& return_options() const { return return_options_; }
    // Actions offered by expansions (ExpansionHooks::figure_options).
    const std::vector<ExpansionOption>& expansion_options() const { return expansion_options_; }

    // Deploys a follower of the active player. Throws HostError if the
    // pointer is not an offered option or the meeple is not in supply.
    void deploy_meeple(const FeaturePointer& pointer, MeepleId meeple);
    void deploy_meeple(const FeaturePointer& pointer, const std::string& meeple_id);
    // The lowest-numbered figure of `kind` in the active player's supply.
    std::optional<MeepleId> next_meeple(uint8_t kind = 0) const;
    // Takes back return option i instead of placing a figure: its owner
    // scores the feature as at the end of the game (base points, named
    // "<kind>.incomplete"; no expansion modifier or bonus, as JCZ's abbot),
    // and the figure returns to the supply. Throws HostError if not offered.
    void return_figure(size_t i);
    void return_figure(const MeepleId& meeple);
    // Applies expansion option i through ExpansionHooks::apply_figure_action.
    void apply_expansion_option(size_t i);
    // Skips the figure step (ActionPhase). Also accepted, as doing nothing,
    // in a CommitActionPhase whose figure step was skipped for lack of
    // options (halflings-geometry.md, "Replaying leniently").
    void pass();

    // ---- end of turn ------------------------------------------------------
    // CommitActionPhase: re-seeds the draw generator with `random` (or the
    // host generator's next value), scores features completed this turn,
    // returns their followers, calls hooks->on_turn_end, then passes the turn
    // and draws, or ends the game with final scoring.
    void commit(std::optional<double> random = std::nullopt);

    // Points each player would gain from the features this turn's commit
    // would score, if `meeple_option` (index into meeple_options()) were
    // deployed by the active player first. Does not change the game.
    // Expansion modifiers are applied. Fills `out` (size player_count()).
    void preview_commit_points(std::optional<size_t> meeple_option, std::vector<int>& out) const;
    // Whether this turn's commit would score feature `feature` (a root id,
    // MeepleOption::feature): a figure placed on any other one changes no
    // points now, so its preview is the preview without it.
    bool scores_this_turn(uint32_t feature) const;

    // ---- effects (applied by host/plugins' bridge; also usable directly) ----
    void give_tokens(uint8_t player, const std::string& kind, int count);
    // Places a token from `player`'s supply on the tile placed this turn.
    void place_token(uint8_t player, const std::string& kind, TileRef at);
    void add_points(uint8_t player, int points, const std::string& name);
    void set_expansion_data(const std::string& expansion_id, std::vector<uint8_t> bytes);
    void consume_figure_action();
    // ExtraTurn: the active player places another tile once this tile step
    // (figure step, scoring, TURN_END) is over. Throws HostError (Plugin)
    // where extra_turn_problem says why not.
    void grant_extra_turn();
    // Why no extra turn may be granted now ("" when one may): the
    // kMaxTurnParts-th part of a turn asks for none.
    std::string extra_turn_problem() const;
    // Ends the game at the end of the current turn (or now, in TilePhase).
    void request_game_end(const std::string& reason);
    // Hands (AddHandTile, RemoveHandTile, PlayHandTile). Playing a hand tile
    // is allowed only for the active player in a tile step whose tile is not
    // chosen yet; it leaves the hand and becomes the tile to place.
    void add_hand_tile(uint8_t player, TileTypeId type);
    void remove_hand_tile(uint8_t player, TileTypeId type);
    void play_hand_tile(uint8_t player, TileTypeId type);
    // The movement stage (MoveNeutralFigure, ReturnFigures, OfferMovement;
    // game_movement.cpp). Neutral figure `figure` goes to a placed tile.
    void move_neutral_figure(size_t figure, const NeutralFigureSpot& to);
    // Sends every figure on tile `at` (location 0) or on its segment
    // `location` back to its owner's supply without scoring, on behalf of
    // expansion `by` (recorded in sent_home()); returns how many. A neutral
    // figure next to one of them stays where it is.
    int return_figures(TileRef at, Location location, const std::string& by = {});
    // Opens (or continues) a movement: MovementPhase once the hook returns.
    void offer_movement(MovementOffer offer);
    // Figure primitives (PlaceFigure, MoveFigure; game_figure_primitives.cpp):
    // a figure of `kind` from `player`'s supply (the lowest number), or
    // figure i of figures(), onto segment `location` of the placed tile at
    // `at`. Throws HostError (Plugin) where figure_target_problem says why.
    void place_figure(uint8_t player, uint8_t kind, TileRef at, Location location, bool allow_occupied);
    void move_figure(size_t figure, TileRef at, Location location, bool allow_occupied);
    // Why a figure of `kind` cannot go to that segment ("" when it can): no
    // such kind, tile or segment, a feature the kind may not stand on, or
    // one that has a figure (besides `moving`) unless `allow_occupied`.
    std::string figure_target_problem(uint8_t kind, TileRef at, Location location, bool allow_occupied,
                                      const PlacedFigure* moving) const;

private:
    static uint64_t next_state_version();
    void touch() { version_ = content_version_ = next_state_version(); }
    void touch_scores() { version_ = next_state_version(); }  // only PlayerState::score changes
    // Appends a move of the active player this turn; the caller fills the rest.
    Move& record_move(MoveType type);
    uint64_t version_ = next_state_version();
    uint64_t content_version_ = version_;
    uint64_t setup_id_ = next_state_version();  // the same process-wide counter: never equal to another game's
    void setup_rules(const GameSetup& setup);
    void place_start_tile(const StartTile& s);
    void do_place(TileTypeId type, const Placement& p);
    void setup_hands(const GameSetup& setup);
    void setup_figure_kinds(const GameSetup& setup);
    // Takes one `type` out of `player`'s hand; `what` names the effect in errors.
    void take_from_hand(uint8_t player, TileTypeId type, const char* what);
    void check_dealt_hands();
    void enter_tile_phase();
    void offer_tile_step_options();
    void draw_regular_tile();
    void end_before_turn();
    // Legal placements of `type` now, vetoes of PLACEMENT_CHECK removed.
    void compute_legal(TileTypeId type, std::vector<Placement>& out) const;
    // Whether compute_legal would find any placement for `type`.
    bool fits_somewhere(TileTypeId type) const;
    bool draw_next(TileTypeId& out);
    void enter_action_phase();
    void compute_meeple_options();
    void compute_return_options();
    // Whether a figure of `kind` (a kind that joins its owner's follower)
    // of the active player may stand on feature `root`.
    bool joinable(uint32_t root, uint8_t kind) const;
    // Takes figure i off the board into its owner's supply.
    void remove_figure(size_t i);
    // The figure step is over: FIGURE_STEP_END, then the movement it opened
    // (MovementPhase) or the commit (CommitActionPhase).
    void end_figure_step();
    // The rest of a commit after scoring (and after a movement TURN_END
    // opened): the next player's turn, or the end of the game.
    void pass_turn();
    void setup_movement(const GameSetup& setup);
    // After a hook that may offer a decision: enters DecisionPhase (true)
    // when it did, to go on with `resume` once the chain ends.
    bool rest_in_offered_decision(DecisionResume resume);
    // The chain of decisions ended: the stage it interrupted goes on.
    void resume_after_decisions();
    // The decision's choice (an option index, or nullopt: passed); not
    // recorded for a decision passed because it has no option.
    void answer_decision(std::optional<size_t> choice, bool record = true);
    // After decision `step` was answered (and, for a jcz_commit choice,
    // committed): the next decision of the chain, a queued one, or the stage
    // the chain interrupted.
    void continue_decisions(uint32_t step);
    // Passes, unrecorded, every open decision that came with no option
    // (OfferDecision.figure_targets found none).
    void skip_empty_decisions();
    // The rest of a tile step once its completed features were reported
    // (FEATURE_COMPLETED) and their decisions answered: figures on them go
    // home, TURN_END, then the next turn or the end (game_scoring.cpp).
    void end_tile_step();
    void return_completed_followers();
    // JCloisterZone's tile groups (game_tile_groups.cpp): each tile type's
    // group, and which groups may be drawn from now.
    void setup_tile_groups(const GameSetup& setup);
    void start_tile_groups();  // after the start tiles: groups leave the pack, the first ones open
    bool drawable(TileTypeId t) const;
    size_t drawable_count() const;
    void release_held_back(TileTypeId placed);  // the groups a tile just placed unlocks
    // Sends home `owner`'s figures that joined their follower on feature
    // `root` when no follower of theirs is left there (game_movement.cpp).
    void send_home_lonely_joiners(uint32_t root, uint8_t owner, const std::string& by);
    void after_pack_removal(TileTypeId taken);  // a group drawn empty opens its successor
    void score_completed_this_turn();
    void finish_game();
    void final_scoring();
    // Scores one feature for its majority holders; returns the points given.
    int score_feature(uint32_t root, bool completed, bool final_scoring);
    int base_points(uint32_t root, bool completed, std::string& name) const;
    // The distinct completed cities the parts of field `root` adjoin (§5.6).
    int completed_cities_of_field(uint32_t root) const;
    // The feature as scoring hooks see it, written over `info` (whose
    // vectors keep their capacity: scoring reuses scratch_scored_).
    void scored_info(uint32_t root, bool completed, bool final_scoring, int points, const std::string& name,
                     ScoredFeatureInfo& info) const;
    void collect_completed_this_turn(std::vector<uint32_t>& roots) const;
    // Whether expansions weigh the figures on feature `root` (FIGURE_STRENGTH),
    // and the players who then hold it (game_scoring.cpp).
    bool weighs_figures(uint32_t root) const;
    void weigh_figures(const ScoredFeatureInfo& info, std::optional<uint8_t> extra_kind,
                       std::vector<uint8_t>& out) const;
    // A 0-point "<feature>.empty" entry for each owner of a follower on
    // feature `root`, which nobody holds (JCloisterZone's).
    void record_unheld(uint32_t root, const std::string& name, bool final_scoring);
    void return_followers(uint32_t root);
    void record_points(uint8_t player, int points, std::string name, std::optional<FeatureKind> kind,
                       bool final_scoring);
    void require_phase(Phase p, const char* action) const;
    int tiles_in_area(Position centre) const;  // tiles (not spaces) in a 3x3 area
    ScoreEntry::Counts score_counts(uint32_t root, int base_points) const;

    const TileCatalog* setup_catalog_ = nullptr;
    std::shared_ptr<const PreparedTiles> prepared_;
    ExpansionHooks* hooks_ = nullptr;

    Board board_;
    Features features_;

    std::vector<PlayerState> players_;
    std::vector<PlacedFigure> figures_;
    std::vector<SentHomeFigure> sent_home_;
    std::vector<PlacedToken> tokens_;
    std::vector<ScoreEntry> score_log_;
    MoveRecord moves_;

    std::map<std::string, std::string> rules_;
    std::vector<std::string> expansions_;
    std::map<std::string, std::vector<uint8_t>> expansion_data_;
    bool tiny_city_ = false;
    bool farmers_ = true;
    int followers_per_player_ = 7;
    std::shared_ptr<const std::vector<FigureKind>> figure_kinds_;  // shared by copies
    std::shared_ptr<const std::vector<SegmentAttribute>> segment_attributes_;  // GameSetup's, shared by copies
    std::shared_ptr<const std::vector<TileValueKey>> tile_value_keys_;          // GameSetup::tile_values, likewise

    // Pack and draws (jcz-interop §4.7, §4.10).
    std::vector<TileTypeId> pack_;
    std::vector<TileTypeId> discarded_;
    std::vector<std::string> draw_order_;
    size_t draw_order_next_ = 0;
    bool draw_order_end_marker_ = false;
    std::optional<int> end_turn_;
    bool caller_draws_ = false;
    uint32_t draws_ = 0;
    double draw_random_ = 0.0;
    double initial_random_ = 0.0;
    SplitMix64 host_random_;

    Phase phase_ = Phase::TilePhase;
    uint8_t active_ = 0;
    uint32_t turn_ = 1;
    uint8_t turn_part_ = 1;
    bool extra_turn_ = false;
    std::optional<TileTypeId> drawn_;
    bool from_hand_ = false;
    std::vector<TileStepOption> tile_step_options_;
    std::vector<std::vector<TileTypeId>> preset_hands_;
    std::vector<std::vector<TileTypeId>> dealt_hands_;
    std::optional<TileRef> placed_this_turn_;
    int placed_index_ = -1;
    bool figure_action_taken_ = false;
    bool figure_step_skipped_ = false;
    bool end_requested_ = false;
    std::string end_reason_;

    std::vector<Placement> legal_;
    std::vector<MeepleOption> meeple_options_;
    std::vector<ReturnOption> return_options_;
    std::vector<ExpansionOption> expansion_options_;
    FigurePlacementChanges placement_changes_;  // this figure step's, from FIGURE_OPTIONS
    bool in_final_scoring_ = false;
    size_t completed_this_step_ = 0;

    // The movement stage. Kinds, markers and per-tile-type held-back groups
    // are fixed for a game and shared by copies.
    std::shared_ptr<const std::vector<NeutralFigureKind>> neutral_kinds_;
    std::shared_ptr<const std::vector<TileMarker>> tile_markers_;
    // The tile groups (null: every tile in one group, always drawable).
    std::shared_ptr<const TileGroups> tile_groups_;
    uint32_t active_groups_ = 0xFFFFFFFFu;  // bit g: group g may be drawn from
    // Tiles of each group left in the pack, so that counting the drawable
    // tiles (every state sent to a module says it) need not scan the pack.
    std::array<uint16_t, 32> pack_in_group_{};
    std::vector<std::optional<NeutralFigureSpot>> neutral_;
    std::optional<MovementOffer> movement_;
    bool movement_offered_ = false;  // set by offer_movement during a hook
    bool movement_after_commit_ = false;  // the movement was opened by TURN_END
    DecisionState decisions_;
    // Working storage that keeps its capacity between calls. It is not part
    // of the game's value: a copy of the game (an AI search makes one per
    // node) starts with it empty instead of copying whatever it last held.
    template <class T>
    class Scratch {
    public:
        Scratch() = default;
        Scratch(const Scratch&) {}
        Scratch& operator=(const Scratch&) { return *this; }
        T& operator*() const { return value_; }
        T* operator->() const { return &value_; }

    private:
        mutable T value_;
    };
    Scratch<std::vector<uint32_t>> scratch_roots_;    // field scoring
    Scratch<std::vector<uint32_t>> scratch_preview_;  // preview_commit_points
    Scratch<std::vector<Placement>> scratch_legal_;   // tile-step options' placements
    Scratch<ScoredFeatureInfo> scratch_scored_;       // the feature a scoring hook is shown
};

// Plays one recorded move into `game` as move_record.hpp describes: a tile
// from the hand through the tile-step option offering it, else a draw when
// a choice is pending (or the move's tile when the caller names draws); an
// expansion action through the offered option equal to the recorded one.
// Throws HostError (IllegalMove) when the game does not allow the move.
void apply_move(Game& game, const Move& move);

}  // namespace ck::host
