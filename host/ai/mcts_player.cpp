#include "mcts_player.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <exception>
#include <limits>
#include <thread>

#include "core/errors.hpp"

namespace ck::host::ai {
namespace {

using Clock = std::chrono::steady_clock;

uint64_t mix(uint64_t a, uint64_t b) {
    SplitMix64 m(a ^ (b + 0x9E3779B97F4A7C15ull + (a << 6) + (a >> 2)));
    return m.next();
}

// The reward of each player at the end of a played-out game, in [0, 1]:
// winning (a tie shares it) and, weighted by `margin`, the lead over the
// best other player, squashed so that a few points matter and a rout does
// not dominate.
void rewards_of(const Game& g, double margin, std::vector<double>& out) {
    const size_t n = g.player_count();
    out.assign(n, 0.0);
    int best = g.score(0);
    for (size_t p = 1; p < n; ++p) best = std::max(best, g.score(static_cast<uint8_t>(p)));
    int winners = 0;
    for (size_t p = 0; p < n; ++p) winners += g.score(static_cast<uint8_t>(p)) == best;
    for (size_t p = 0; p < n; ++p) {
        const int mine = g.score(static_cast<uint8_t>(p));
        int other = n == 1 ? 0 : std::numeric_limits<int>::min();
        for (size_t q = 0; q < n; ++q)
            if (q != p) other = std::max(other, g.score(static_cast<uint8_t>(q)));
        const double win = mine == best ? 1.0 / winners : 0.0;
        const double lead = 0.5 + 0.5 * std::tanh((mine - other) / 20.0);
        out[p] = (1.0 - margin) * win + margin * lead;
    }
}

// Plays `g` to its end from wherever it is with the random player's
// choices (core/players.hpp; play_turn goes on from any phase).
void play_out(Game& g, RandomPlayer& policy) {
    while (!g.is_over()) play_turn(g, policy);
}

// The steps of movements and decisions are played by the policy, not
// searched: the tree's moves are the tile step, placements and figures.
void settle_steps(Game& g, RandomPlayer& policy) {
    for (;;) {
        if (g.phase() == Phase::MovementPhase) g.choose_movement(policy.choose_movement(g));
        else if (g.phase() == Phase::DecisionPhase) apply_decision_choice(g, policy.choose_decision(g));
        else return;
    }
}

template <class T>
T parse_number(std::string_view key, std::string_view value, T min, T max) {
    T v{};
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
    if (ec != std::errc() || end != value.data() + value.size() || v < min || v > max)
        throw HostError("mcts: " + std::string(key) + "=" + std::string(value) + " is not a number from " +
                        std::to_string(min) + " to " + std::to_string(max));
    return v;
}

std::string number_text(double v) {
    char buf[32];
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, ec == std::errc() ? end : buf);
}

}  // namespace

MctsOptions parse_mcts_options(std::string_view text) {
    MctsOptions o;
    bool playouts_given = false;
    while (!text.empty()) {
        const size_t colon = text.find(':');
        const std::string_view item = text.substr(0, colon);
        text = colon == std::string_view::npos ? std::string_view{} : text.substr(colon + 1);
        const size_t eq = item.find('=');
        if (eq == std::string_view::npos)
            throw HostError("mcts: parameter \"" + std::string(item) +
                            "\" has no value (expected key=value: playouts, ms, threads, c, margin, nodes)");
        const std::string_view key = item.substr(0, eq), value = item.substr(eq + 1);
        if (key == "playouts") {
            o.playouts = parse_number<uint32_t>(key, value, 1, 100'000'000);
            playouts_given = true;
        }
        else if (key == "ms") o.ms = parse_number<uint32_t>(key, value, 1, 3'600'000);
        else if (key == "threads") o.threads = parse_number<uint32_t>(key, value, 1, 256);
        else if (key == "c") o.c = parse_number<double>(key, value, 0.0, 100.0);
        else if (key == "margin") o.margin = parse_number<double>(key, value, 0.0, 1.0);
        else if (key == "nodes") o.nodes = parse_number<size_t>(key, value, 1000, size_t{1} << 31);
        else
            throw HostError("mcts: unknown parameter \"" + std::string(key) +
                            "\" (known: playouts, ms, threads, c, margin, nodes)");
    }
    if (o.ms != 0 && !playouts_given) o.playouts = std::numeric_limits<uint32_t>::max();
    return o;
}

std::string describe(const MctsOptions& o) {
    std::string s = "mcts:";
    if (o.playouts != std::numeric_limits<uint32_t>::max()) s += "playouts=" + std::to_string(o.playouts) + ":";
    if (o.ms != 0) s += "ms=" + std::to_string(o.ms) + ":";
    s += "threads=" + std::to_string(o.threads) + ":c=" + number_text(o.c) + ":margin=" + number_text(o.margin) +
         ":nodes=" + std::to_string(o.nodes);
    return s;
}

// One thread's search: its tree, its bridge to the plugins (none for the
// calling thread, which uses the game's own), its random numbers and
// scratch space.
struct MctsPlayer::Worker {
    explicit Worker(size_t budget) : tree(budget) {}
    SearchTree tree;
    std::unique_ptr<ExpansionHooks> hooks;
    SplitMix64 rng;
    RandomPlayer policy{0};
    std::vector<Choice> choices;
    std::vector<uint32_t> path;
    std::vector<std::pair<ActionKey, uint32_t>> children;  // sorted by key: (key, node)
    std::vector<double> rewards;
    uint64_t iterations = 0;

    // Picks among `choices` at tree node `at` for `mover`; returns the index
    // and moves `at` to the chosen child, or to kNone when the iteration
    // leaves the tree (a node was just added, or the budget is spent).
    size_t select(uint32_t& at, const std::vector<Choice>& cs, uint8_t mover, double c) {
        children.clear();
        for (uint32_t ch = tree.node(at).first_child; ch != SearchTree::kNone; ch = tree.node(ch).next_sibling)
            children.emplace_back(tree.node(ch).key, ch);
        std::sort(children.begin(), children.end());
        const auto find = [&](ActionKey k) {
            const auto it = std::lower_bound(children.begin(), children.end(), std::pair{k, uint32_t{0}});
            return it != children.end() && it->first == k ? it->second : SearchTree::kNone;
        };
        size_t untried = 0, best = cs.size();
        double best_score = -1;
        // First pass: availability, UCB of the children that exist.
        std::vector<size_t>& missing = scratch_missing;
        missing.clear();
        for (size_t i = 0; i < cs.size(); ++i) {
            const uint32_t ch = find(cs[i].key);
            if (ch == SearchTree::kNone) {
                missing.push_back(i);
                ++untried;
                continue;
            }
            SearchTree::Node& n = tree.node(ch);
            ++n.available;
            const double score = n.visits == 0 ? 1e9
                                               : n.reward / n.visits +
                                                     c * std::sqrt(std::log(static_cast<double>(n.available)) / n.visits);
            if (score > best_score) best_score = score, best = i;
        }
        if (untried != 0 && tree.full()) tree.note_budget_reached();
        if (untried != 0 && !tree.full()) {
            const size_t i = missing[rng.below(static_cast<uint32_t>(missing.size()))];
            const uint32_t ch = tree.add_child(at, cs[i].key, mover);
            tree.node(ch).available = 1;
            path.push_back(ch);
            at = SearchTree::kNone;
            return i;
        }
        if (best == cs.size()) {  // nothing in the tree and no room: leave it
            at = SearchTree::kNone;
            return rng.below(static_cast<uint32_t>(cs.size()));
        }
        at = find(cs[best].key);
        path.push_back(at);
        return best;
    }

    // One iteration from `root_game` (at `step`) for `me`.
    void iterate(const Game& root_game, Step step, uint8_t me, double c, double margin) {
        Game g = root_game;
        if (hooks) g.set_hooks(hooks.get());
        g.determinise(me, rng.next());
        path.clear();
        path.push_back(tree.root());
        uint32_t at = tree.root();
        while (at != SearchTree::kNone && !g.is_over()) {
            const uint8_t mover = g.active_player();
            switch (step) {
                case Step::TileStep: {
                    tile_step_choices(g, choices);
                    const Choice& ch = choices[select(at, choices, mover, c)];
                    if (ch.index == 0) {
                        if (g.awaiting_tile_choice()) g.draw();
                        step = Step::Chance;
                    } else {
                        g.choose_tile_step_option(ch.index - 1);
                        step = Step::Placement;
                    }
                    break;
                }
                case Step::Chance: {
                    const ActionKey key = drawn_key(*g.drawn_tile());
                    uint32_t next = tree.child(at, key);
                    if (next == SearchTree::kNone) {
                        next = tree.add_child(at, key, SearchTree::kChanceMover);
                        if (next != SearchTree::kNone) path.push_back(next);
                        at = SearchTree::kNone;
                    } else {
                        path.push_back(next);
                        at = next;
                    }
                    step = Step::Placement;
                    break;
                }
                case Step::Placement: {
                    placement_choices(g, choices);
                    const size_t i = choices[select(at, choices, mover, c)].index;
                    const Placement p = g.legal_placements()[i];
                    g.place_tile(*g.drawn_tile(), p);
                    settle_steps(g, policy);  // a decision TILE_PLACED opened
                    step = Step::Figure;
                    break;
                }
                case Step::Figure: {
                    figure_choices(g, choices);
                    const Choice& ch = choices[select(at, choices, mover, c)];
                    if (g.phase() == Phase::ActionPhase) apply_figure_choice(g, ch.figure);
                    settle_steps(g, policy);
                    if (g.phase() == Phase::CommitActionPhase) g.commit();
                    settle_steps(g, policy);  // what TURN_END opened
                    step = Step::TileStep;
                    break;
                }
            }
        }
        play_out(g, policy);
        rewards_of(g, margin, rewards);
        for (const uint32_t i : path) {
            SearchTree::Node& n = tree.node(i);
            ++n.visits;
            if (n.mover != SearchTree::kChanceMover) n.reward += rewards[n.mover];
        }
        ++iterations;
    }

    std::vector<size_t> scratch_missing;
};

MctsPlayer::MctsPlayer(uint64_t seed, MctsOptions options, SearchEnvironment env)
    : seed_(seed), options_(options), env_(std::move(env)) {
    const size_t threads = std::max<uint32_t>(options_.threads, 1);
    for (size_t t = 0; t < threads; ++t)
        workers_.push_back(std::make_unique<Worker>(std::max<size_t>(options_.nodes / threads, 1000)));
}

MctsPlayer::~MctsPlayer() = default;

const Choice& MctsPlayer::decide(const Game& game, Step step, const std::vector<Choice>& choices) {
    const GamePath path = path_of(game);
    const bool continues = have_root_ && path.keys.size() >= root_path_.size() &&
                           std::equal(root_path_.begin(), root_path_.end(), path.keys.begin());
    for (auto& w : workers_) {
        if (continues) w->tree.advance(path.keys, root_path_.size());
        else w->tree.reset();
        stats_.playouts_kept += w->tree.node(w->tree.root()).visits;
    }
    root_path_ = path.keys;
    have_root_ = true;

    // Threads beyond the first need a bridge of their own to the plugins.
    size_t threads = workers_.size();
    if (game.hooks() != nullptr && !env_.make_hooks) threads = 1;
    for (size_t t = 1; t < threads; ++t)
        if (!workers_[t]->hooks && game.hooks() != nullptr) workers_[t]->hooks = env_.make_hooks();

    const uint8_t me = game.active_player();
    Game root = game;  // what each iteration copies: no history to copy along
    root.forget_history();
    const uint32_t share = static_cast<uint32_t>((uint64_t{options_.playouts} + threads - 1) / threads);
    const auto start = Clock::now();
    const auto deadline = start + std::chrono::milliseconds(options_.ms);
    const auto search = [&](size_t t) {
        Worker& w = *workers_[t];
        w.rng = SplitMix64(mix(mix(seed_, t), root_path_.size() * 4 + static_cast<uint64_t>(step)));
        w.policy = RandomPlayer(w.rng.next());
        for (uint64_t i = 0;; ++i) {
            if (w.tree.node(w.tree.root()).visits >= share) break;
            if ((i & 7) == 0 && ((options_.ms != 0 && Clock::now() >= deadline) ||
                                 (env_.stop_requested && env_.stop_requested())))
                break;
            w.iterate(root, step, me, options_.c, options_.margin);
        }
    };
    const uint64_t before = [&] {
        uint64_t n = 0;
        for (const auto& w : workers_) n += w->iterations;
        return n;
    }();
    std::vector<std::thread> pool;
    std::vector<std::exception_ptr> failures(threads);
    for (size_t t = 1; t < threads; ++t)
        pool.emplace_back([&, t] {
            try {
                search(t);
            } catch (...) {
                failures[t] = std::current_exception();
            }
        });
    try {
        search(0);
    } catch (...) {
        failures[0] = std::current_exception();
    }
    for (auto& th : pool) th.join();
    for (const auto& f : failures)
        if (f) std::rethrow_exception(f);

    uint64_t after = 0;
    for (const auto& w : workers_) {
        after += w->iterations;
        stats_.peak_nodes = std::max(stats_.peak_nodes, w->tree.size());
        stats_.budget_reached |= w->tree.budget_reached();
    }
    ++stats_.searches;
    stats_.iterations += after - before;
    if (after == before) ++stats_.decisions_from_tree;
    stats_.seconds += std::chrono::duration<double>(Clock::now() - start).count();
    if (stats_.budget_reached && !budget_noticed_ && env_.notice) {
        budget_noticed_ = true;
        env_.notice("mcts (player " + std::to_string(me) + "): node budget of " + std::to_string(options_.nodes) +
                    " nodes reached at turn " + std::to_string(game.turn_number()) +
                    "; the trees stop growing and the search goes on (mcts:nodes=N raises it)");
    }

    // The choice most visited over every thread's tree.
    size_t best = 0;
    double best_visits = -1, best_mean = -1;
    for (size_t i = 0; i < choices.size(); ++i) {
        double visits = 0, reward = 0;
        for (const auto& w : workers_) {
            const uint32_t ch = w->tree.child(w->tree.root(), choices[i].key);
            if (ch == SearchTree::kNone) continue;
            visits += w->tree.node(ch).visits;
            reward += w->tree.node(ch).reward;
        }
        const double mean = visits > 0 ? reward / visits : 0;
        if (visits > best_visits || (visits == best_visits && mean > best_mean)) {
            best = i;
            best_visits = visits;
            best_mean = mean;
        }
    }
    return choices[best];
}

size_t MctsPlayer::choose_tile_step(const Game& game) {
    tile_step_choices(game, choices_);
    if (choices_.size() == 1) return 0;
    return decide(game, Step::TileStep, choices_).index;
}

size_t MctsPlayer::choose_placement(const Game& game) {
    placement_choices(game, choices_);
    if (choices_.empty()) throw HostError("mcts: asked for a placement, but the turn has no tile to place yet");
    if (choices_.size() == 1) return choices_[0].index;
    return decide(game, Step::Placement, choices_).index;
}

FigureChoice MctsPlayer::choose_figure(const Game& game) {
    figure_choices(game, choices_);
    if (choices_.size() == 1) return choices_[0].figure;
    return decide(game, Step::Figure, choices_).figure;
}

}  // namespace ck::host::ai
