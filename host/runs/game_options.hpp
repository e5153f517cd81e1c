// Options shared by `play` and `simulate`, and everything a run builds from
// them once: the tile catalogue (basic.xml, expansions' tiles, --tiles),
// the plugin registry and enabled expansions, the checked rule options and
// a GameSetup template. Each game then only needs a seed and its hooks.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ai/agents.hpp"
#include "core/expansion_hooks.hpp"
#include "core/game.hpp"
#include "core/players.hpp"
#include "core/tile_def.hpp"

namespace ck::host {
class PluginRegistry;
struct PluginExpansion;
}  // namespace ck::host

namespace ck::cli {

struct GameOptions {
    int players = 2;
    std::optional<uint64_t> seed;                      // none: a fresh one, printed
    std::vector<std::string> expansions;               // specs: ids, short names or "all"; empty: none
    std::vector<std::pair<std::string, std::string>> rules;  // --rule key=value, in order given
    std::vector<std::string> tile_files;               // --tiles
    std::string tile_set = "basic:1";                  // --tile-set: the pack (basic:2, the 2nd edition)
    std::vector<std::string> player_types;             // --player-types; one entry applies to all
    std::vector<std::string> plugin_dirs;              // --plugin-path
    bool json = false;
    long long hook_time_budget_ms = 1000;              // --hook-time-budget-ms (limits::kDefaultHookTimeBudget)
    bool hand_play_by_hooks = false;                   // --hand-play-by-hooks
    bool ignore_hook_filters = false;                  // --ignore-hook-filters
    std::string log_level = "warn";                    // --log-level: the modules' messages shown on stderr
};

// Help text for the shared options (two-space indented lines).
extern const char* const kGameOptionsHelp;

// Tries to read the option at args[i] (advancing i past its value). Returns
// true if it was one of the shared options; throws HostError for a bad value
// or a missing one.
bool parse_game_option(const std::vector<std::string>& args, size_t& i, GameOptions& out);

// The value after the option at args[i], advancing i to it; throws
// HostError "<option> needs a value" when there is none.
const std::string& option_value(const std::vector<std::string>& args, size_t& i);

// "a,b,,c" -> "a", "b", "", "c" (empty parts kept).
std::vector<std::string> split_commas(const std::string& text);

// Value of an integer option, with range check; throws HostError naming it.
long long parse_integer(const std::string& option, const std::string& text, long long min, long long max);

// Everything shared by the games of one run.
class GameEnvironment {
public:
    explicit GameEnvironment(const GameOptions& options);
    // Games of `expansions` of `registry` (which must outlive this), chosen
    // by the caller instead of by options.expansions and a plugin search:
    // `cloisterkit validate` plays a module under test with and without the
    // shipped expansions.
    GameEnvironment(const GameOptions& options, host::PluginRegistry& registry,
                    std::vector<const host::PluginExpansion*> expansions);
    ~GameEnvironment();
    GameEnvironment(const GameEnvironment&) = delete;
    GameEnvironment& operator=(const GameEnvironment&) = delete;

    // The setup of one game with `seed`; hooks as given (may be null).
    host::GameSetup setup(uint64_t seed, host::ExpansionHooks* hooks) const;
    // A fresh ExpansionHooks for the enabled expansions (nullptr if none);
    // one per thread, they are not thread-safe.
    std::unique_ptr<host::ExpansionHooks> make_hooks() const;
    // One agent per player for game `seed`.
    std::vector<std::unique_ptr<host::PlayerAgent>> make_agents(uint64_t seed) const;
    // What searching players need: bridges for their threads, a place for notices.
    host::ai::SearchEnvironment search_environment() const;

    const std::vector<std::string>& expansion_ids() const { return expansion_ids_; }
    // The enabled expansions' token kinds and their words ("TB_WINE": "wine").
    std::map<std::string, std::string> token_names() const;
    const std::vector<std::string>& player_types() const { return player_types_; }
    const std::vector<std::string>& player_names() const { return names_; }
    const host::TileCatalog& catalog() const { return catalog_; }
    const std::shared_ptr<const host::PreparedTiles>& prepared() const { return prepared_; }

private:
    // Everything after the expansions are known: players, rules, tiles.
    void prepare(const GameOptions& options);

    host::TileCatalog catalog_;
    std::unique_ptr<host::PluginRegistry> owned_registry_;  // when this searched for the plugins itself
    host::PluginRegistry* registry_ = nullptr;
    std::vector<const host::PluginExpansion*> expansions_;
    std::vector<std::string> expansion_ids_;
    std::map<std::string, std::string> rules_;
    std::vector<std::string> names_;
    std::vector<std::string> player_types_;
    std::map<std::string, int> tile_sets_;  // --tile-set and the expansions' deck tile sets
    std::vector<host::FigureKind> figure_kinds_;  // declared by the enabled expansions
    std::vector<host::SegmentAttribute> segment_attributes_;  // declared by the enabled expansions
    std::vector<host::TileValueKey> tile_values_;             // likewise
    std::vector<host::StartTile> start_tiles_;                // one, an expansion's or the host's
    std::shared_ptr<const host::PreparedTiles> prepared_;
    long long hook_time_budget_ms_ = 1000;
    bool hand_play_by_hooks_ = false;
    bool ignore_hook_filters_ = false;
};

// A seed from the operating system, for runs without --seed.
uint64_t fresh_seed();
// The seed of game `index` of a run with `seed` (game 0 uses `seed` itself).
uint64_t game_seed(uint64_t seed, uint64_t index);

}  // namespace ck::cli
