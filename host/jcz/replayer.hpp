// Replaying a .jcz saved game on the reference host (docs/interop.md):
// tiles and plugins are loaded, the file's setup becomes a GameSetup, every
// replay message is applied in order with strict checks, and the test
// assertions are evaluated against the state the replay ends in.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "assertions.hpp"
#include "core/expansion_hooks.hpp"
#include "core/game.hpp"
#include "core/limits.hpp"
#include "core/tile_def.hpp"
#include "saved_game.hpp"
#include "setup_mapping.hpp"

namespace ck::host {
class PluginRegistry;
}

namespace ck::host::jcz {

struct ReplayOptions {
    bool default_tiles = true;               // load the host's basic.xml first
    std::vector<std::string> tile_files;     // more tile XML (--tiles)
    std::vector<std::string> plugin_dirs;    // --plugin-path, searched first
    bool default_plugin_path = true;         // then the usual search path
    // The expansions to play from, instead of searching for modules: a
    // registry that loaded a module by its path (`cloisterkit validate`
    // replays the games it saved). Must outlive the Replay.
    const PluginRegistry* registry = nullptr;
    // A plugin hook call taking longer is refused (--hook-time-budget-ms).
    std::chrono::milliseconds hook_time_budget = limits::kDefaultHookTimeBudget;
};

// One replayed game. Owns everything the Game points to (catalogue,
// plugins, hooks), so it stays valid as long as the Replay lives.
class Replay {
public:
    // Loads, sets up and applies every message. Throws HostError; errors in
    // a message read "replay[7] PLACE_TILE: <why>".
    Replay(SavedGame saved, const ReplayOptions& options);
    ~Replay();
    Replay(const Replay&) = delete;
    Replay& operator=(const Replay&) = delete;

    const SavedGame& saved() const { return saved_; }
    const Game& game() const { return *game_; }
    const GameSetup& game_setup() const { return setup_; }
    const MappedSetup& mapped_setup() const { return mapped_; }
    const TileCatalog& catalog() const { return catalog_; }
    // A new bridge to the game's expansions (nullptr when none), for another
    // thread to play copies of the game with: a bridge is not thread-safe.
    // It must not outlive this Replay.
    std::unique_ptr<ExpansionHooks> make_hooks() const;

    // Remarks about a replay that could not follow JCloisterZone exactly
    // (5.7 files: draws not reproducible, tiles taken from messages, the
    // game left without a drawn tile). Empty for current files.
    const std::vector<std::string>& notes() const { return notes_; }
    // DEPLOY_MEEPLE pointers whose missing `feature` was inferred.
    int inferred_features() const { return inferred_features_; }
    // Tiles taken from PLACE_TILE messages instead of drawn.
    int tiles_from_messages() const { return tiles_from_messages_; }

    AssertionState assertion_state() const;
    // The file's test.assertions (none without a test section).
    std::vector<AssertionResult> check_assertions() const;

private:
    void apply(size_t index, const ReplayMessage& m);
    void apply_place_tile(const PlaceTile& p);
    void draw_from_message(const PlaceTile& p);
    void choose_tile_from_message(const PlaceTile& p);
    FeaturePointer infer_feature(const DeployMeeple& d) const;
    void apply_deploy_meeple(const DeployMeeple& d);
    void collect_notes();
    void apply_place_token(const PlaceToken& t);
    void apply_return_meeple(const ReturnMeeple& r);
    void apply_move_neutral_figure(const MoveNeutralFigure& n);
    // Throws for the first message of a type no expansion of this host
    // writes (ExpansionMessage::unknown_why), if any.
    void refuse_unknown_messages() const;
    // DecisionPhase: the option (or the pass) whose saved message is `m`.
    void apply_decision(const ReplayMessage& m);
    void check_pointer_corner(TileRef at) const;

    SavedGame saved_;
    TileCatalog catalog_;
    const PluginRegistry* registry_;                 // options.registry, or owned_registry_
    std::unique_ptr<PluginRegistry> owned_registry_;
    MappedSetup mapped_;
    std::unique_ptr<ExpansionHooks> hooks_;
    std::chrono::milliseconds hook_time_budget_;
    GameSetup setup_;
    std::unique_ptr<Game> game_;
    std::vector<Game> undo_stack_;  // states before each undoable message of this turn (§4.12)
    std::vector<std::string> notes_;
    int inferred_features_ = 0;
    int tiles_from_messages_ = 0;
};

// "(1,0) City N", "(1,0) NW Field NL.NR": how errors name a pointer.
std::string describe_pointer(const FeaturePointer& p);

// The assertion view of any game (names, totals, score log, phase, canPass).
AssertionState assertion_state_of(const Game& game);

}  // namespace ck::host::jcz
