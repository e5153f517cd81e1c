#include "game_options.hpp"

#include <algorithm>
#include <charconv>
#include <limits>
#include <random>

#include <cstdio>

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/tile_xml.hpp"
#include "jcz/expansion_bridge.hpp"
#include "plugins/plugin_registry.hpp"
#include "plugins/rule_options.hpp"

namespace ck::cli {

using host::HostError;

const char* const kGameOptionsHelp =
    "  --players N            number of players, 1 to 8 (default 2)\n"
    "  --seed S               seed for draws and computer players (default: a fresh one, printed)\n"
    "  --expansions LIST      comma-separated expansion ids or short names, 'all' or 'none'\n"
    "                         (default none); loaded as plugins through the C ABI\n"
    "  --rule KEY=VALUE       a rule option (repeatable): tiny-city-scoring=4|2 (alias\n"
    "                         base.tinyCity=off|on), or an enabled expansion's option\n"
    "  --tiles FILE           load more tile XML after basic.xml (repeatable)\n"
    "  --tile-set ID          the tile set the pack is made of (default basic:1; basic:2 is\n"
    "                         the second edition, with gardens)\n"
    "  --player-types LIST    random, greedy or mcts per player, comma-separated; one type\n"
    "                         applies to every player (default random). mcts takes\n"
    "                         parameters after colons: mcts:playouts=N (per decision,\n"
    "                         default 1500), :ms=N (a time limit instead), :threads=N,\n"
    "                         :c=X (exploration), :margin=X, :nodes=N (docs/ai.md)\n"
    "  --plugin-path DIR      look for plugin modules in DIR first (repeatable)\n"
    "  --hook-time-budget-ms MS  refuse a plugin hook call that takes longer than MS\n"
    "                         milliseconds (default 1000)\n"
    "  --log-level LEVEL      show plugin modules' log messages of LEVEL and above on\n"
    "                         stderr, one per line: trace, debug, info, warn (default),\n"
    "                         error or off\n"
    "  --hand-play-by-hooks   play hand tiles through the expansion's hooks even where its\n"
    "                         manifest declares the hand play (same games, more round trips;\n"
    "                         for comparing the two)\n"
    "  --ignore-hook-filters  call every hook an expansion implements, as a host that knows\n"
    "                         no hook filter does (same games, more round trips; for\n"
    "                         checking that a module's filters change nothing)\n"
    "  --json                 print one JSON object instead of text\n";

std::vector<std::string> split_commas(const std::string& text) {
    std::vector<std::string> out;
    size_t start = 0;
    for (;;) {
        const size_t comma = text.find(',', start);
        out.push_back(text.substr(start, comma - start));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return out;
}

const std::string& option_value(const std::vector<std::string>& args, size_t& i) {
    if (i + 1 >= args.size()) throw HostError(args[i] + " needs a value");
    return args[++i];
}

namespace {

const char* const kPlayerNames[] = {"Alice", "Bob", "Carol", "Dave", "Eve", "Frank", "Grace", "Heidi"};


}  // namespace

// Digits with an optional '-' and nothing else: no spaces, no '+', so
// " 3", "+2" and "3 " are all refused alike. A number too large for any
// integer is out of range, not "not a whole number".
long long parse_integer(const std::string& option, const std::string& text, long long min, long long max) {
    const auto out_of_range = [&] {
        return HostError(option + ": " + text + " is out of range (" + std::to_string(min) + " to " +
                         std::to_string(max) + ")");
    };
    const size_t digits = !text.empty() && text[0] == '-' ? 1 : 0;
    if (digits == text.size() || text.find_first_not_of("0123456789", digits) != std::string::npos)
        throw HostError(option + ": \"" + text + "\" is not a whole number");
    long long v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v, 10);
    if (ec == std::errc::result_out_of_range) throw out_of_range();
    if (ec != std::errc() || end != text.data() + text.size())
        throw HostError(option + ": \"" + text + "\" is not a whole number");
    if (v < min || v > max) throw out_of_range();
    return v;
}

bool parse_game_option(const std::vector<std::string>& args, size_t& i, GameOptions& out) {
    const std::string& a = args[i];
    if (a == "--players") {
        out.players = static_cast<int>(parse_integer(a, option_value(args, i), 1, host::kMaxPlayers));
    } else if (a == "--seed") {
        const std::string& v = option_value(args, i);
        if (v.empty() || v.find_first_not_of("0123456789") != std::string::npos)
            throw HostError("--seed: \"" + v + "\" is not a non-negative whole number");
        uint64_t seed = 0;
        const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), seed, 10);
        if (ec != std::errc() || end != v.data() + v.size())
            throw HostError("--seed: " + v + " is out of range (0 to " +
                            std::to_string(std::numeric_limits<uint64_t>::max()) + ")");
        out.seed = seed;
    } else if (a == "--expansions") {
        const std::string& v = option_value(args, i);
        out.expansions.clear();
        if (v == "none") return true;
        for (const std::string& e : split_commas(v)) {
            if (e.empty()) throw HostError("--expansions: empty name in \"" + v + "\"");
            if (e == "none")
                throw HostError("--expansions: 'none' stands alone (no expansion); it cannot be listed with others, as in \"" +
                                v + "\"");
            out.expansions.push_back(e);
        }
    } else if (a == "--rule") {
        const std::string& v = option_value(args, i);
        const size_t eq = v.find('=');
        if (eq == std::string::npos || eq == 0)
            throw HostError("--rule: \"" + v + "\" is not KEY=VALUE");
        out.rules.emplace_back(v.substr(0, eq), v.substr(eq + 1));
    } else if (a == "--tiles") {
        out.tile_files.push_back(option_value(args, i));
    } else if (a == "--tile-set") {
        out.tile_set = option_value(args, i);
    } else if (a == "--player-types") {
        out.player_types = split_commas(option_value(args, i));
        for (const std::string& t : out.player_types) host::ai::check_agent_kind(t);
    } else if (a == "--plugin-path") {
        out.plugin_dirs.push_back(option_value(args, i));
    } else if (a == "--hook-time-budget-ms") {
        out.hook_time_budget_ms = parse_integer(a, option_value(args, i), 1, host::limits::kMaxHookTimeBudgetMs);
    } else if (a == "--hand-play-by-hooks") {
        out.hand_play_by_hooks = true;
    } else if (a == "--ignore-hook-filters") {
        out.ignore_hook_filters = true;
    } else if (a == "--log-level") {
        out.log_level = option_value(args, i);
        host::make_plugin_logger(out.log_level);  // an unknown level is refused here, before any game
    } else if (a == "--json") {
        out.json = true;
    } else {
        return false;
    }
    return true;
}

GameEnvironment::GameEnvironment(const GameOptions& options)
    : hook_time_budget_ms_(options.hook_time_budget_ms), hand_play_by_hooks_(options.hand_play_by_hooks),
      ignore_hook_filters_(options.ignore_hook_filters) {
    // Plugins are only searched when an expansion is asked for.
    if (!options.expansions.empty() || !options.plugin_dirs.empty()) {
        owned_registry_ = std::make_unique<host::PluginRegistry>(host::make_plugin_logger(options.log_level));
        registry_ = owned_registry_.get();
        host::PluginSearchOptions search;
        for (const auto& d : options.plugin_dirs) search.dirs.emplace_back(d);
        // This registry serves these games alone: it keeps the modules they play.
        registry_->discover(search, &options.expansions);
        if (!options.expansions.empty()) expansions_ = registry_->resolve(options.expansions);
    }
    prepare(options);
}

GameEnvironment::GameEnvironment(const GameOptions& options, host::PluginRegistry& registry,
                                 std::vector<const host::PluginExpansion*> expansions)
    : registry_(&registry),
      expansions_(std::move(expansions)),
      hook_time_budget_ms_(options.hook_time_budget_ms),
      hand_play_by_hooks_(options.hand_play_by_hooks),
      ignore_hook_filters_(options.ignore_hook_filters) {
    // In id order, as PluginRegistry::resolve gives them and a replay maps a
    // save's elements: the order decides the hooks' order (an expansion
    // scaling a feature's points sees what earlier ones added) and the
    // figure kinds' numbers, so one set of expansions must always play in one.
    std::sort(expansions_.begin(), expansions_.end(), [](const auto* a, const auto* b) { return a->id < b->id; });
    expansions_.erase(std::unique(expansions_.begin(), expansions_.end()), expansions_.end());
    prepare(options);
}

void GameEnvironment::prepare(const GameOptions& options) {
    if (!options.player_types.empty() && options.player_types.size() != 1 &&
        options.player_types.size() != static_cast<size_t>(options.players))
        throw HostError("--player-types: " + std::to_string(options.player_types.size()) + " types for " +
                        std::to_string(options.players) + " players (give one per player, or one for all)");
    for (int p = 0; p < options.players; ++p) {
        names_.push_back(kPlayerNames[p]);
        player_types_.push_back(options.player_types.empty()       ? "random"
                                : options.player_types.size() == 1 ? options.player_types[0]
                                                                   : options.player_types[static_cast<size_t>(p)]);
    }
    for (const auto* e : expansions_) expansion_ids_.push_back(e->id);
    figure_kinds_ = host::figure_kinds_of(expansions_);

    // Rules: the engine's own, an enabled expansion's option, or a
    // JCloisterZone alias of one.
    for (const auto& [key, value] : options.rules) {
        std::string k = key, v = value;
        bool known = host::is_engine_rule(k);
        for (const auto* e : expansions_) {
            for (const auto& o : e->rule_options) {
                if (o.key != k) continue;
                known = true;
                if (const std::string bad = host::rule_value_problem(o, v); !bad.empty())
                    throw HostError("--rule " + k + ": " + bad);
            }
            for (const auto& alias : e->jcz_rule_aliases) {
                if (known || alias.jcz_key != key || alias.jcz_value != value) continue;
                k = alias.key, v = alias.value, known = true;
            }
        }
        if (!known) {
            std::string keys = std::string(host::kRuleTinyCity) + ", " + std::string(host::kRuleTinyCityAlias);
            for (const auto* e : expansions_)
                for (const auto& o : e->rule_options) keys += ", " + o.key;
            throw HostError("--rule: unknown option \"" + key + "\" (known: " + keys + ")");
        }
        if (auto it = rules_.find(k); it != rules_.end() && it->second != v)
            throw HostError("--rule " + k + " given twice with different values");
        rules_[k] = v;
    }

    host::complete_rule_options(expansions_, rules_);

    host::load_game_tiles(true, options.tile_files, expansions_, catalog_);
    auto loaded_sets = [&] {
        std::string known;
        for (const auto& s : catalog_.tile_sets()) known += (known.empty() ? "" : ", ") + s.id;
        return known;
    };
    if (!catalog_.find_tile_set(options.tile_set))
        throw HostError("--tile-set: unknown tile set \"" + options.tile_set + "\" (loaded: " + loaded_sets() + ")");
    tile_sets_ = host::deck_tile_sets_of(options.tile_set, expansions_, rules_);
    for (const auto* e : expansions_)
        for (const auto& d : e->deck_tile_sets)
            if (tile_sets_.count(d.tile_set) && !catalog_.find_tile_set(d.tile_set))
                throw HostError(e->id + ": its deck tile set \"" + d.tile_set + "\" is in no loaded tile file (loaded: " +
                                loaded_sets() + ")");
    segment_attributes_ = host::segment_attributes_of(expansions_);
    tile_values_ = host::tile_values_of(expansions_);
    start_tiles_ = host::start_tiles_of(expansions_);

    prepared_ = host::prepare_tiles(setup(0, nullptr));
    host::Game check(setup(0, nullptr), prepared_);  // reports rule errors before any game runs
}

GameEnvironment::~GameEnvironment() = default;

std::map<std::string, std::string> GameEnvironment::token_names() const {
    std::map<std::string, std::string> out;
    for (const auto* e : expansions_)
        for (const auto& t : e->token_kinds) out[t.kind] = t.name;
    return out;
}

host::GameSetup GameEnvironment::setup(uint64_t seed, host::ExpansionHooks* hooks) const {
    host::GameSetup s;
    s.catalog = &catalog_;
    s.tile_sets = tile_sets_;
    s.start_tiles = start_tiles_;
    s.figure_kinds = figure_kinds_;
    s.segment_attributes = segment_attributes_;
    s.tile_values = tile_values_;
    add_movement_declarations(expansions_, s);
    add_deck_and_edge_declarations(expansions_, s);
    for (const auto& n : names_) s.players.push_back({n});
    s.rules = rules_;
    s.seed = seed;
    s.hooks = hooks;
    s.expansions = expansion_ids_;
    return s;
}

std::unique_ptr<host::ExpansionHooks> GameEnvironment::make_hooks() const {
    if (expansions_.empty()) return nullptr;
    return host::jcz::make_expansion_hooks(*registry_, expansions_, std::chrono::milliseconds(hook_time_budget_ms_),
                                           hand_play_by_hooks_ ? host::HandPlayBy::Hooks : host::HandPlayBy::Declaration,
                                           ignore_hook_filters_);
}

std::vector<std::unique_ptr<host::PlayerAgent>> GameEnvironment::make_agents(uint64_t seed) const {
    std::vector<std::unique_ptr<host::PlayerAgent>> agents;
    for (size_t p = 0; p < player_types_.size(); ++p)
        agents.push_back(host::ai::make_agent(player_types_[p], game_seed(seed ^ 0xA5A5A5A5A5A5A5A5ull, p + 1),
                                              search_environment()));
    return agents;
}

host::ai::SearchEnvironment GameEnvironment::search_environment() const {
    host::ai::SearchEnvironment env;
    if (!expansions_.empty()) env.make_hooks = [this] { return make_hooks(); };
    env.notice = [](const std::string& text) { std::fprintf(stderr, "cloisterkit: %s\n", text.c_str()); };
    return env;
}

uint64_t fresh_seed() {
    std::random_device rd;
    return (static_cast<uint64_t>(rd()) << 32) ^ rd();
}

uint64_t game_seed(uint64_t seed, uint64_t index) {
    if (index == 0) return seed;
    host::SplitMix64 mix(seed + index * 0x9E3779B97F4A7C15ull);
    return mix.next();
}

}  // namespace ck::cli
