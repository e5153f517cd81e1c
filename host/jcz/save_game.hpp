// Writing a game played on the host as a .jcz that JCloisterZone 5.x and
// `cloisterkit replay` read back (docs/interop.md, "Saving").
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/game.hpp"
#include "saved_game.hpp"

namespace ck::host {
struct PluginExpansion;
}

namespace ck::host::jcz {

struct SaveOptions {
    std::string app_version = "5.12.0";
    std::string game_id;  // empty: derived from the game's initial random value
    std::string name;
    std::string created;  // ISO timestamp; left out when empty
    // The enabled expansions (for their JCZ element and rule names). Empty:
    // taken from the game's hooks when they are the plugin bridge.
    std::vector<const PluginExpansion*> expansions;
    std::optional<TestSpec> test;  // e.g. assertions to check on replay
};

// The saved-game model of `game`, which was built from `setup` (start tiles,
// tile sets, drawOrder/endTurn come from there; moves, initialRandom and the
// rules in force from the game). Rules are written only where they differ
// from the default, under JCloisterZone's name when an alias exists.
SavedGame saved_game_from(const GameSetup& setup, const Game& game, const SaveOptions& options = {});

// The game's final scores as test assertions a replay checks ("Alice has
// 25 points", one per player): `play --save-assertions` and `validate`
// save them so that replaying one's own game checks something.
TestSpec final_score_assertions(const Game& game, std::string description);

// The `replay` entries of the game's moves from the `first` on, as
// saved_game_from writes them (one per move): what `serve` appends to a
// game's journal after each move.
std::vector<ReplayMessage> replay_messages_of(const Game& game, size_t first = 0);

// What a save writes for a choice in a decision of expansion `expansion`
// (an index into the game's hooks' list) named `key`: option `index`
// (`option`), or a pass (nullopt). The option's own JCloisterZone message
// when it names one, else CK_DECISION {expansion, key, option | pass}.
// A replay compares a message with these to find the choice.
ExpansionMessage decision_message(const Game& game, uint32_t expansion, const std::string& key,
                                  std::optional<uint32_t> index, const DecisionOption* option,
                                  std::string_view pass_type = {});

// saved_game_from + write to `path`. Throws HostError (Io) if it cannot write.
void save_game(const GameSetup& setup, const Game& game, const std::string& path, const SaveOptions& options = {});

// Where JCloisterZone will play the saved game differently: one sentence
// per option saved in gameAnnotations.rules (JCloisterZone does not know it
// and ignores it) whose value changes the game there.
// - An option with a value "jcz" names JCloisterZone's own way of setting
//   the game up (Little Buildings' split: how the buildings are dealt). It
//   is reported when the tokens each player starts with differ from a game
//   set up with that option at "jcz" (Little Buildings' published split
//   under flat values with 4, or 7 to 18, players).
// - Any other such option is not at its default, which is what
//   JCloisterZone does: always reported.
// Empty when JCloisterZone sees every option (or cannot open the file at
// all: Halflings games keep their options in setup.rules).
std::vector<std::string> jcz_save_warnings(const GameSetup& setup, const Game& game,
                                           const SaveOptions& options = {});

}  // namespace ck::host::jcz
