#include "new_game.hpp"

#include "ai/agents.hpp"
#include "runs/game_options.hpp"
#include "core/errors.hpp"
#include "jcz/replayer.hpp"
#include "jcz/save_game.hpp"
#include "jcz/saved_game.hpp"
#include "core/tile_xml.hpp"
#include "plugins/plugin_registry.hpp"
#include "text_checks.hpp"

#include <algorithm>
#include <limits>
#include <set>

namespace ck::serve {

using host::ErrorCategory;
using host::HostError;

namespace {

// What a seat may ask of `mcts` (docs/serve.md, "Limits"): a request
// cannot hold the computer workers for long, nor start many threads. The
// operator's --computer is not capped.
constexpr uint32_t kMaxSeatPlayouts = 20'000;
constexpr uint32_t kMaxSeatMs = 10'000;
constexpr uint32_t kMaxSeatThreads = 2;
constexpr size_t kMaxSeatNodes = 1'000'000;

[[noreturn]] void bad(const std::string& what) { throw HostError(ErrorCategory::BadInput, what); }

const nlohmann::json* field(const nlohmann::json& j, const char* key) {
    const auto it = j.find(key);
    return it == j.end() || it->is_null() ? nullptr : &*it;
}

std::string string_field(const nlohmann::json& j, const char* key, const std::string& where) {
    if (!j.is_string()) bad(where + "." + key + " must be a string");
    return j.get<std::string>();
}

// Both files of a game that is ready: the seats first, so that a .jcz in
// the folder always has them.
std::string store(const GameFiles& files, const SeatsFile& seats, const std::string& id, const std::string& jcz) {
    files.write_seats(id, seats);
    files.write_jcz(id, jcz);
    return id;
}

// basic.xml's tile sets in its order, each with the kinds of feature its tiles have.
struct BaseSet {
    std::string id;
    std::set<host::FeatureKind> features;
};
const std::vector<BaseSet>& base_sets() {
    static const std::vector<BaseSet> sets = [] {
        host::TileCatalog basic;
        host::load_tile_xml_file(host::default_tile_file(), basic);
        std::vector<BaseSet> out;
        for (const host::TileSet& set : basic.tile_sets()) {
            BaseSet b{set.id, {}};
            for (const host::TileSetEntry& entry : set.tiles)
                if (const host::TileDef* tile = basic.find_tile(entry.tile_id))
                    for (const host::Segment& segment : tile->segments) b.features.insert(segment.kind);
            out.push_back(std::move(b));
        }
        return out;
    }();
    return sets;
}

size_t base_set_index(const host::PluginExpansion& expansion) {
    const auto& sets = base_sets();
    std::set<host::FeatureKind> wanted;
    for (const host::FigureKind& figure : expansion.figure_kinds)
        for (const host::FeatureKind kind : figure.stands_on)
            if (std::any_of(sets.begin(), sets.end(), [&](const BaseSet& b) { return b.features.count(kind) != 0; }))
                wanted.insert(kind);
    for (size_t i = 0; i < sets.size(); ++i)
        if (std::includes(sets[i].features.begin(), sets[i].features.end(), wanted.begin(), wanted.end())) return i;
    return 0;
}

}  // namespace

std::string tile_set_of(const host::PluginExpansion& expansion) { return base_sets().at(base_set_index(expansion)).id; }

std::vector<std::string> base_tile_sets() {
    std::vector<std::string> ids;
    for (const BaseSet& b : base_sets()) ids.push_back(b.id);
    return ids;
}

std::string default_tile_set(const std::vector<const host::PluginExpansion*>& expansions) {
    size_t latest = 0;
    for (const host::PluginExpansion* e : expansions) latest = std::max(latest, base_set_index(*e));
    return base_sets().at(latest).id;
}

std::string seat_kind(const ServeSettings& settings, const std::string& requested) {
    if (requested == "person") return requested;
    if (requested == "computer") return settings.computer_kind;  // the operator's choice, checked at start
    try {
        host::ai::check_agent_kind(requested);
    } catch (const HostError& e) {
        bad("kind \"" + requested + "\": " + e.what() + " (or \"person\", \"computer\")");
    }
    if (requested.rfind("mcts", 0) == 0) {
        const host::ai::MctsOptions o = host::ai::parse_mcts_options(requested.size() > 4 ? requested.substr(5) : "");
        const auto over = [&](const char* what, uint64_t value, uint64_t cap) {
            if (value > cap)
                bad("kind \"" + requested + "\": " + what + "=" + std::to_string(value) + " is more than this server allows (" +
                    std::to_string(cap) + "); \"computer\" plays the server's own strongest kind");
        };
        if (o.playouts != std::numeric_limits<uint32_t>::max()) over("playouts", o.playouts, kMaxSeatPlayouts);
        over("ms", o.ms, kMaxSeatMs);
        over("threads", o.threads, kMaxSeatThreads);
        over("nodes", o.nodes, kMaxSeatNodes);
        if (o.ms == 0 && o.playouts == std::numeric_limits<uint32_t>::max()) bad("kind \"" + requested + "\": no limit");
    }
    return requested;
}

std::string create_game(const GameFiles& files, const ServeSettings& settings, const nlohmann::json& request) {
    if (!request.is_object()) bad("the request must be a JSON object");
    static const std::vector<std::string> known{"name", "players", "expansions", "rules", "seed", "tileSet"};
    for (const auto& [key, value] : request.items())
        if (std::find(known.begin(), known.end(), key) == known.end())
            bad("unknown field \"" + key + "\" (known: name, players, expansions, rules, seed, tileSet)");
    const nlohmann::json* players = field(request, "players");
    if (!players || !players->is_array() || players->empty() || players->size() > host::kMaxPlayers)
        bad("players must be a list of 1 to " + std::to_string(host::kMaxPlayers) + " seats");
    SeatsFile seats;
    // The game's name, for the lists and the page's title: optional, as a
    // seat's name is checked.
    if (const nlohmann::json* n = field(request, "name")) {
        seats.name = string_field(*n, "name", "request");
        if (const std::string problem = name_problem(seats.name); !problem.empty()) bad("name " + problem);
    }
    for (size_t i = 0; i < players->size(); ++i) {
        const nlohmann::json& p = (*players)[i];
        const std::string where = "players[" + std::to_string(i) + "]";
        if (!p.is_object()) bad(where + " must be an object {name, kind}");
        const std::string name = p.contains("name") ? string_field(p["name"], "name", where) : "Player " + std::to_string(i + 1);
        if (const std::string problem = name_problem(name); !problem.empty()) bad(where + ".name " + problem);
        const std::string kind = seat_kind(settings, p.contains("kind") ? string_field(p["kind"], "kind", where) : "person");
        seats.seats.push_back({name, kind, kind == "person" ? new_seat_token() : ""});
    }
    cli::GameOptions options;
    options.players = static_cast<int>(players->size());
    if (const nlohmann::json* e = field(request, "expansions")) {
        if (!e->is_array()) bad("expansions must be a list of expansion ids or short names");
        for (const auto& x : *e) options.expansions.push_back(string_field(x, "expansions[]", "request"));
    }
    if (const nlohmann::json* r = field(request, "rules")) {
        if (!r->is_object()) bad("rules must be an object of option keys and values");
        for (const auto& [key, value] : r->items()) {
            if (!value.is_string() && !value.is_number() && !value.is_boolean())
                bad("rules." + key + " must be a string, a number or a boolean");
            options.rules.emplace_back(key, value.is_string() ? value.get<std::string>() : value.dump());
        }
    }
    options.plugin_dirs = settings.plugin_dirs;
    // The expansions resolved here, once, so that the default tile set can
    // follow them (default_tile_set); the game's environment takes them.
    host::PluginRegistry registry;
    if (!options.expansions.empty() || !options.plugin_dirs.empty()) {
        host::PluginSearchOptions search;
        for (const auto& d : options.plugin_dirs) search.dirs.emplace_back(d);
        registry.discover(search, &options.expansions);
    }
    const std::vector<const host::PluginExpansion*> enabled =
        options.expansions.empty() ? std::vector<const host::PluginExpansion*>{} : registry.resolve(options.expansions);
    const nlohmann::json* t = field(request, "tileSet");
    options.tile_set = t ? string_field(*t, "tileSet", "request") : default_tile_set(enabled);
    // The setup's seed (the deal, written to the file as initialRandom) and
    // the seats' (the draws to come, the computer players) are drawn apart:
    // nothing in a file leads to the other.
    uint64_t seed = new_seed();
    seats.seed = new_seed();
    if (const nlohmann::json* s = field(request, "seed")) {
        if (!settings.allow_seed)
            bad("seed: this server does not take seeds (a seed tells whoever typed it the draws to come and the "
                "computer players' moves; the operator allows them with --allow-seed)");
        if (!s->is_number_unsigned()) bad("seed must be a whole number of at least 0");
        seed = s->get<uint64_t>();
        seats.seed = host::SplitMix64(seed ^ 0x5E475E475E475E47ull).next();
    }
    options.hook_time_budget_ms = settings.hook_time_budget.count();

    const cli::GameEnvironment env(options, registry, enabled);  // checks expansions, rules and the tile set
    const auto hooks = env.make_hooks();
    host::GameSetup setup = env.setup(seed, hooks.get());
    for (size_t i = 0; i < seats.seats.size(); ++i) setup.players[i].name = seats.seats[i].name;
    const host::Game game(setup, env.prepared());
    const std::string id = new_game_id();
    host::jcz::SaveOptions save;
    save.game_id = id;
    save.name = "cloisterkit serve " + id;
    return store(files, seats, id, host::jcz::write_saved_game(host::jcz::saved_game_from(setup, game, save)));
}

std::string import_game(const GameFiles& files, const ServeSettings& settings, const std::string& jcz_text,
                        const std::vector<std::string>& kinds) {
    host::jcz::ReplayOptions options;
    options.plugin_dirs = settings.plugin_dirs;
    options.hook_time_budget = settings.hook_time_budget;
    const host::jcz::Replay replay(host::jcz::parse_saved_game(jcz_text, "the imported .jcz"), options);
    const host::Game& game = replay.game();
    if (game.awaiting_caller_draw())
        bad("the imported .jcz's draws cannot be reproduced (a JCloisterZone 5.7 file), so the game cannot go on");
    if (!kinds.empty() && kinds.size() != game.player_count())
        bad("kinds names " + std::to_string(kinds.size()) + " seats, but the game has " +
            std::to_string(game.player_count()) + " players");
    SeatsFile seats;
    seats.seed = new_seed();
    for (size_t p = 0; p < game.player_count(); ++p) {
        if (const std::string problem = name_problem(game.player(static_cast<uint8_t>(p)).name); !problem.empty())
            bad("the imported .jcz's players[" + std::to_string(p) + "].name " + problem);
        const std::string kind = seat_kind(settings, kinds.empty() ? "person" : kinds[p]);
        seats.seats.push_back({game.player(static_cast<uint8_t>(p)).name, kind, kind == "person" ? new_seat_token() : ""});
    }
    const std::string id = new_game_id();
    host::jcz::SaveOptions save;
    save.game_id = id;
    save.name = "cloisterkit serve " + id;
    return store(files, seats, id, host::jcz::write_saved_game(host::jcz::saved_game_from(replay.game_setup(), game, save)));
}

}  // namespace ck::serve
