#include "ai_game.hpp"

#include "core/players.hpp"
#include "core/tile_xml.hpp"
#include "lb_game.hpp"
#include "plugins/rule_options.hpp"

namespace ck::host::test {

AiTable::AiTable(std::vector<std::string> expansions, std::string tile_set) : tile_set_(std::move(tile_set)) {
    load_tile_xml_file(std::string(CK_TEST_SOURCE_DIR) + "/host/data/basic.xml", catalog_);
    if (!expansions.empty()) enabled_ = shipped_registry().resolve(expansions);
    for (const PluginExpansion* e : enabled_)
        if (!e->tile_definitions_xml.empty())
            load_tile_xml_string(e->tile_definitions_xml, e->id + " (tile definitions)", catalog_);
    complete_rule_options(enabled_, rules_);
}

std::unique_ptr<PluginHooks> AiTable::hooks() const {
    if (enabled_.empty()) return nullptr;
    return std::make_unique<PluginHooks>(enabled_);
}

GameSetup AiTable::setup(uint64_t seed, int players, ExpansionHooks* hooks) const {
    static const char* const kNames[] = {"Alice", "Bob", "Carol", "Dave", "Eve", "Frank", "Grace", "Heidi"};
    GameSetup s;
    s.catalog = &catalog_;
    s.tile_sets = {{tile_set_, 1}};
    for (int p = 0; p < players; ++p) s.players.push_back({kNames[p]});
    s.rules = rules_;
    s.seed = seed;
    s.hooks = hooks;
    for (const PluginExpansion* e : enabled_) s.expansions.push_back(e->id);
    s.figure_kinds = figure_kinds_of(enabled_);
    return s;
}

ai::SearchEnvironment AiTable::environment(std::vector<std::string>* notices) const {
    ai::SearchEnvironment env;
    if (!enabled_.empty()) env.make_hooks = [this] { return std::unique_ptr<ExpansionHooks>(hooks()); };
    if (notices) env.notice = [notices](const std::string& text) { notices->push_back(text); };
    return env;
}

bool play_until(Game& game, uint64_t seed, const std::function<bool(const Game&)>& stop, const Policy& policy) {
    RandomPlayer player(seed);
    while (!game.is_over()) {
        if (game.phase() == Phase::TilePhase) {
            if (stop(game)) return true;
            if (game.awaiting_tile_choice()) {
                const size_t c = policy.tile_step ? policy.tile_step(game) : player.choose_tile_step(game);
                if (c == 0) game.draw();
                else game.choose_tile_step_option(c - 1);
                if (game.is_over()) break;
                if (stop(game)) return true;
            }
            const Placement p = game.legal_placements().at(player.choose_placement(game));
            game.place_tile(*game.drawn_tile(), p);
        }
        if (game.phase() == Phase::ActionPhase) {
            if (stop(game)) return true;
            apply_figure_choice(game, policy.figure ? policy.figure(game) : player.choose_figure(game));
        }
        if (game.phase() == Phase::CommitActionPhase) game.commit();
    }
    return false;
}

}  // namespace ck::host::test
