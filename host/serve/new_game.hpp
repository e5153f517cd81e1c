// Games the server starts (docs/serve.md, POST /api/games) or takes in from
// a saved game (POST /api/games/import): the request checked as `play`
// checks its options, the seats, the first save. Each returns the new
// game's id once its two files are written; the server then opens it as
// any other game (GameSession).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "game_files.hpp"
#include "session.hpp"

namespace ck::host {
struct PluginExpansion;
}

namespace ck::serve {

// Throws HostError (BadInput) with what is wrong in the request.
std::string create_game(const GameFiles& files, const ServeSettings& settings, const nlohmann::json& request);

// `kinds`: one per player ("person", "computer" or a player kind); empty:
// every seat a person. Throws HostError for a file that does not replay,
// or a game that cannot go on.
std::string import_game(const GameFiles& files, const ServeSettings& settings, const std::string& jcz_text,
                        const std::vector<std::string>& kinds);

// The base game's tile set a game of `expansions` plays on unless the
// request names one: the latest of each expansion's own (below), the first
// of basic.xml's sets (the 1st edition) with none.
std::string default_tile_set(const std::vector<const host::PluginExpansion*>& expansions);
// The first of basic.xml's sets that has a segment of every kind of feature
// the expansion's figures stand on (of those some base set has at all): the
// abbot stands on gardens, which the 2nd edition alone has, so basic:2, the
// edition the other expansions' sets follow when the abbot plays (their
// deck sets "inns-and-cathedrals:2" and the like).
std::string tile_set_of(const host::PluginExpansion& expansion);
// basic.xml's tile sets ("basic:1", "basic:2"), the packs a game is made of.
std::vector<std::string> base_tile_sets();

// A seat's kind as written in the seats file: "person", a computer kind,
// "computer" becoming the server's (settings.computer_kind).
std::string seat_kind(const ServeSettings& settings, const std::string& requested);

}  // namespace ck::serve
