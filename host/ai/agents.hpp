// Every kind of computer player the host has, made from its text: "random",
// "greedy", or "mcts" with parameters ("mcts:playouts=2000:threads=2",
// mcts_player.hpp). `play`, `simulate`, `serve`, tests and benchmarks make
// their players here.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/players.hpp"
#include "mcts_player.hpp"

namespace ck::host::ai {

// Throws HostError for an unknown kind or a bad parameter.
std::unique_ptr<PlayerAgent> make_agent(std::string_view kind, uint64_t seed, const SearchEnvironment& env = {});
// Checks `kind` without making a player (same errors as make_agent).
void check_agent_kind(std::string_view kind);
// The kinds, in the order `--help` lists them; the strongest last.
const std::vector<std::string>& agent_kinds();
// The strongest kind, with its default parameters.
inline constexpr std::string_view kStrongestAgent = "mcts";

}  // namespace ck::host::ai
