#include "py_game.hpp"

#include "core/errors.hpp"
#include "core/players.hpp"
#include "jcz/save_game.hpp"
#include "jcz/saved_game.hpp"

namespace ck::python {

using host::HostError;

PyGame::PyGame(std::shared_ptr<GameSource> source, host::Game game)
    : source_(std::move(source)), game_(std::move(game)) {
    game_.set_hooks(source_->hooks.get());
    settle();
}

PyGame PyGame::from_environment(std::shared_ptr<const cli::GameEnvironment> env, uint64_t seed) {
    auto source = std::make_shared<GameSource>();
    source->hooks = env->make_hooks();
    source->setup = env->setup(seed, source->hooks.get());
    source->seed = seed;
    source->env = std::move(env);
    host::Game game(source->setup, source->env->prepared());
    return PyGame(std::move(source), std::move(game));
}

PyGame PyGame::from_jcz(const std::string& text, const std::vector<std::string>& plugin_dirs,
                        const std::vector<std::string>& tile_files) {
    host::jcz::ReplayOptions options;
    options.plugin_dirs = plugin_dirs;
    options.tile_files = tile_files;
    auto source = std::make_shared<GameSource>();
    source->replay = std::make_unique<host::jcz::Replay>(host::jcz::parse_saved_game(text, "<bytes>"), options);
    if (source->replay->game().awaiting_caller_draw())
        throw HostError(host::ErrorCategory::BadInput,
                        "its draws cannot be reproduced (a JCloisterZone 5.7 file), so the game cannot go on");
    source->setup = source->replay->game_setup();
    source->hooks = source->replay->make_hooks();
    source->seed = source->setup.seed;
    host::Game game = source->replay->game();
    return PyGame(std::move(source), std::move(game));
}

std::vector<PyOption> PyGame::options() const {
    check_usable();
    std::vector<PyOption> out;
    std::vector<host::TurnOption> list = host::turn_options(game_);
    out.reserve(list.size());
    for (size_t i = 0; i < list.size(); ++i) out.push_back({std::move(list[i]), i, game_.state_version()});
    return out;
}

void PyGame::play(const PyOption& option) {
    if (option.version != game_.state_version())
        throw HostError("option " + std::to_string(option.position) + " (" + option.turn.label +
                        ") was listed for another state of the game: call options() again");
    play_index(option.position);
}

void PyGame::check_usable() const {
    if (!failure_.empty()) throw HostError("this game failed in an earlier move and cannot go on: " + failure_);
}

void PyGame::play_index(size_t i) {
    check_usable();
    if (game_.is_over()) throw HostError("the game is over");
    // A number no option has is refused before anything changes. The move
    // is then played in place (no copy of the game per move: this is the
    // learning agents' hot path); should the host or a plugin fail in it,
    // the game is marked unusable rather than left half-moved.
    host::require_turn_option(game_, i);  // outside the try: a bad number is the caller's, not a failure
    try {
        host::play_turn_option_at(game_, i);
        host::settle_turn(game_);
    } catch (const std::exception& e) {
        failure_ = e.what();
        throw;
    }
}

void PyGame::autoplay() {
    check_usable();
    if (!source_->env) throw HostError("autoplay needs a game started from options (players, expansions), not a saved one");
    const auto agents = source_->env->make_agents(source_->seed);
    try {
        if (game_.phase() == host::Phase::ActionPhase) {  // a turn begun from Python: its figure step
            host::apply_figure_choice(game_, agents[game_.active_player()]->choose_figure(game_));
            settle();
        }
        while (!game_.is_over()) host::play_turn(game_, agents);
    } catch (const std::exception& e) {
        failure_ = e.what();
        throw;
    }
}

PyGame PyGame::determinised(uint8_t observer, uint64_t seed) const {
    if (observer >= game_.player_count())
        throw HostError("player " + std::to_string(observer) + " is not in this game of " +
                        std::to_string(game_.player_count()) + " players");
    PyGame copy = *this;
    copy.game_.determinise(observer, seed);
    return copy;
}

std::string PyGame::to_jcz() const {
    host::jcz::SaveOptions options;
    options.name = "cloisterkit (Python)";
    return host::jcz::write_saved_game(host::jcz::saved_game_from(source_->setup, game_, options));
}

}  // namespace ck::python
