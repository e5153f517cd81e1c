#include "new_game.hpp"

#include "ai/agents.hpp"
#include "cli/game_options.hpp"
#include "core/errors.hpp"
#include "jcz/replayer.hpp"
#include "jcz/save_game.hpp"
#include "jcz/saved_game.hpp"

namespace ck::serve {

using host::ErrorCategory;
using host::HostError;

namespace {

constexpr size_t kMaxNameBytes = 64;

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

}  // namespace

std::string seat_kind(const ServeSettings& settings, const std::string& requested) {
    if (requested == "person") return requested;
    const std::string kind = requested == "computer" ? settings.computer_kind : requested;
    try {
        host::ai::check_agent_kind(kind);
    } catch (const HostError& e) {
        bad("kind \"" + requested + "\": " + e.what() + " (or \"person\", \"computer\")");
    }
    return kind;
}

std::string create_game(const GameFiles& files, const ServeSettings& settings, const nlohmann::json& request) {
    if (!request.is_object()) bad("the request must be a JSON object");
    static const std::vector<std::string> known{"players", "expansions", "rules", "seed", "tileSet"};
    for (const auto& [key, value] : request.items())
        if (std::find(known.begin(), known.end(), key) == known.end())
            bad("unknown field \"" + key + "\" (known: players, expansions, rules, seed, tileSet)");
    const nlohmann::json* players = field(request, "players");
    if (!players || !players->is_array() || players->empty() || players->size() > host::kMaxPlayers)
        bad("players must be a list of 1 to " + std::to_string(host::kMaxPlayers) + " seats");
    SeatsFile seats;
    for (size_t i = 0; i < players->size(); ++i) {
        const nlohmann::json& p = (*players)[i];
        const std::string where = "players[" + std::to_string(i) + "]";
        if (!p.is_object()) bad(where + " must be an object {name, kind}");
        const std::string name = p.contains("name") ? string_field(p["name"], "name", where) : "Player " + std::to_string(i + 1);
        if (name.empty() || name.size() > kMaxNameBytes)
            bad(where + ".name must have 1 to " + std::to_string(kMaxNameBytes) + " bytes");
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
    if (const nlohmann::json* t = field(request, "tileSet")) options.tile_set = string_field(*t, "tileSet", "request");
    uint64_t seed = new_seed();
    if (const nlohmann::json* s = field(request, "seed")) {
        if (!s->is_number_unsigned()) bad("seed must be a whole number of at least 0");
        seed = s->get<uint64_t>();
    }
    seats.seed = host::SplitMix64(seed ^ 0x5E475E475E475E47ull).next();
    options.plugin_dirs = settings.plugin_dirs;
    options.hook_time_budget_ms = settings.hook_time_budget.count();

    const cli::GameEnvironment env(options);  // checks expansions, rules and the tile set
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
