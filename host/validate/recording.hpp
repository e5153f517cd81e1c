// The hook calls a module under test was given in real games: games played
// by the reference host with the module's expansions (alone and with the
// shipped ones), 2 to 4 players, random and greedy players, each declared
// option value in turn. Of every game, a few calls of each hook are kept
// (a reservoir sample), with their states and requests, so the later
// checks replay real inputs. Saved to a file between the checks' processes.
#pragma once

#include <cloisterkit/plugin.h>

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "jcz/saved_game.hpp"

namespace ck::host {
class PluginModule;
class PluginRegistry;
struct PluginExpansion;
}  // namespace ck::host

namespace ck::validate {

class ChildChannel;

struct RecordedCall {
    uint32_t expansion = 0;  // index inside the module under test
    ck_hook_id hook = 0;
    uint32_t state = 0;      // index into Recording::states
    std::vector<uint8_t> request;
    uint32_t game = 0;       // index into Recording::games
    uint32_t turn = 0;
};

// A request of some hook, by any expansion: what the declared-hooks check
// sends for hooks the module does not declare.
struct HookSample {
    uint32_t state = 0;
    std::vector<uint8_t> request;
};

struct Recording {
    std::vector<std::vector<uint8_t>> states;
    std::vector<RecordedCall> calls;
    std::vector<std::string> games;  // "game 3: 2 players (random, greedy), seed 7, alone, rules ..."
    std::array<std::optional<HookSample>, CK_HOOK_COUNT> samples;
    // How often the host called each hook of each expansion of the module.
    std::vector<std::array<uint64_t, CK_HOOK_COUNT>> host_calls;

    // "hook bonus_points, game 3 (…), turn 12"
    std::string describe(const RecordedCall& call) const;
    void save(const std::filesystem::path& file) const;
    // Throws std::runtime_error for a file this program did not write.
    static Recording load(const std::filesystem::path& file);
};

struct GamePlan {
    int games_per_setup = 2;  // per player count and with/without the shipped expansions
    uint64_t seed = 1;
    size_t calls_per_hook = 8;  // kept of each hook of each expansion per game
    long long hook_time_budget_ms = 1000;
};

struct RecordingOutcome {
    Recording recording;
    int games_played = 0;
    int games_refused = 0;     // setups the expansions refused (CK_E_SETUP_REFUSED, a rule they cannot play)
    std::string failure;       // the first game that failed, and why; empty when none did
    std::string first_refusal; // why the first refused setup was refused
    // The first game of each setup, saved with its final scores as test
    // assertions (play --save-assertions), with its description: replayed
    // from the file, it must end the same.
    std::vector<std::pair<std::string, host::jcz::SavedGame>> saves;
};

// Plays the games of `plan` with `tested` (expansions of the module under
// test) and, in half of them, `shipped` (other modules' expansions),
// recording the calls into `tested`'s module.
RecordingOutcome record_games(host::PluginRegistry& registry, const host::PluginModule& module,
                              const std::vector<const host::PluginExpansion*>& tested,
                              const std::vector<const host::PluginExpansion*>& shipped, const GamePlan& plan,
                              const ChildChannel& channel);

}  // namespace ck::validate
