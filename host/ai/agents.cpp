#include "agents.hpp"

#include "core/errors.hpp"

namespace ck::host::ai {

std::unique_ptr<PlayerAgent> make_agent(std::string_view kind, uint64_t seed, const SearchEnvironment& env) {
    if (kind == "mcts" || kind.starts_with("mcts:"))
        return std::make_unique<MctsPlayer>(seed, parse_mcts_options(kind.substr(kind.size() > 4 ? 5 : 4)), env);
    if (kind == "random" || kind == "greedy") return make_player(kind, seed);
    throw HostError("unknown player type \"" + std::string(kind) +
                    "\" (expected random, greedy, or mcts with parameters, e.g. mcts:playouts=2000)");
}

void check_agent_kind(std::string_view kind) { (void)make_agent(kind, 0); }

const std::vector<std::string>& agent_kinds() {
    static const std::vector<std::string> kinds{"random", "greedy", "mcts"};
    return kinds;
}

}  // namespace ck::host::ai
