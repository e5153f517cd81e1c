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

namespace ck::serve {

// Throws HostError (BadInput) with what is wrong in the request.
std::string create_game(const GameFiles& files, const ServeSettings& settings, const nlohmann::json& request);

// `kinds`: one per player ("person", "computer" or a player kind); empty:
// every seat a person. Throws HostError for a file that does not replay,
// or a game that cannot go on.
std::string import_game(const GameFiles& files, const ServeSettings& settings, const std::string& jcz_text,
                        const std::vector<std::string>& kinds);

// A seat's kind as written in the seats file: "person", a computer kind,
// "computer" becoming the server's (settings.computer_kind).
std::string seat_kind(const ServeSettings& settings, const std::string& requested);

}  // namespace ck::serve
