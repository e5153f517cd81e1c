#include "recording.hpp"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <map>
#include <stdexcept>
#include <unordered_map>

#include "child_process.hpp"
#include "runs/game_options.hpp"
#include "core/errors.hpp"
#include "core/game.hpp"
#include "core/players.hpp"
#include "core/random.hpp"
#include "jcz/save_game.hpp"
#include "plugins/hook_names.hpp"
#include "plugins/module_loader.hpp"
#include "plugins/plugin_hooks.hpp"
#include "plugins/plugin_registry.hpp"

namespace ck::validate {
namespace {

using host::HostError;

uint64_t fnv1a(const uint8_t* data, size_t size) {
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < size; ++i) h = (h ^ data[i]) * 0x100000001b3ull;
    return h;
}

// States kept once, whatever number of calls and games share them.
class StatePool {
public:
    explicit StatePool(std::vector<std::vector<uint8_t>>& states) : states_(states) {}
    uint32_t add(const uint8_t* data, size_t size) {
        const uint64_t h = fnv1a(data, size);
        auto [lo, hi] = index_.equal_range(h);
        for (auto it = lo; it != hi; ++it) {
            const auto& s = states_[it->second];
            if (s.size() == size && std::memcmp(s.data(), data, size) == 0) return it->second;
        }
        states_.emplace_back(data, data + size);
        const auto index = static_cast<uint32_t>(states_.size() - 1);
        index_.emplace(h, index);
        return index;
    }

private:
    std::vector<std::vector<uint8_t>>& states_;
    std::unordered_multimap<uint64_t, uint32_t> index_;
};

// Watches the host's calls: counts them, names each in the progress page
// (a module that never returns is reported with it), and keeps a sample.
class Recorder final : public host::PluginHooks::CallObserver {
public:
    Recorder(const host::PluginModule& module, Recording& recording, size_t per_hook, const ChildChannel& channel)
        : module_(module), recording_(recording), pool_(recording.states), per_hook_(per_hook), channel_(channel) {}

    // A game's setup is about to be built (its GAME_START calls come before
    // the Game exists: set_game then names it, for the turn).
    void start_game(uint32_t index, uint64_t seed) {
        game_ = nullptr;
        game_index_ = index;
        rng_ = host::SplitMix64(seed ^ 0x5EED5EED5EED5EEDull);
        reservoirs_.clear();
    }
    void set_game(const host::Game* game) { game_ = game; }

    // Forgets a game whose setup an expansion refused (CK_E_SETUP_REFUSED:
    // a rule value it cannot play). Its GAME_START answered with that error
    // on purpose; replayed by the checks that demand CK_OK, it would count
    // as a broken promise.
    void drop_game() {
        reservoirs_.clear();
        game_ = nullptr;
    }

    // Keeps the sampled calls of the game that just ended.
    void end_game() {
        for (auto& [key, reservoir] : reservoirs_)
            for (auto& c : reservoir.kept) recording_.calls.push_back(std::move(c));
        reservoirs_.clear();
        game_ = nullptr;
    }

    void before_call(const host::PluginExpansion& e, ck_hook_id hook, ck_bytes state, ck_bytes request) override {
        const uint32_t turn = game_ != nullptr ? game_->turn_number() : 0;
        if (hook < CK_HOOK_COUNT && !recording_.samples[hook] && state.data != nullptr && request.data != nullptr)
            recording_.samples[hook] =
                HookSample{pool_.add(state.data, state.size), {request.data, request.data + request.size}};
        if (e.module != &module_ || hook >= CK_HOOK_COUNT) return;
        ++recording_.host_calls[e.index][hook];
        channel_.progress("hook " + host::hook_name(hook) + " of '" + e.id + "' in " +
                          recording_.games[game_index_] + ", turn " + std::to_string(turn));
        Reservoir& r = reservoirs_[{e.index, hook}];
        ++r.seen;
        size_t slot = r.kept.size();
        if (r.kept.size() >= per_hook_) {
            slot = static_cast<size_t>(rng_.next() % r.seen);
            if (slot >= per_hook_) return;
        }
        RecordedCall call{e.index, hook, pool_.add(state.data, state.size),
                          std::vector<uint8_t>(request.data, request.data + request.size), game_index_, turn};
        if (slot == r.kept.size())
            r.kept.push_back(std::move(call));
        else
            r.kept[slot] = std::move(call);
    }

private:
    struct Reservoir {
        uint64_t seen = 0;
        std::vector<RecordedCall> kept;
    };
    const host::PluginModule& module_;
    Recording& recording_;
    StatePool pool_;
    size_t per_hook_;
    const ChildChannel& channel_;
    const host::Game* game_ = nullptr;
    uint32_t game_index_ = 0;
    host::SplitMix64 rng_;
    std::map<std::pair<uint32_t, ck_hook_id>, Reservoir> reservoirs_;
};

// The expansions of `shipped` that `tested` needs (requires), transitively.
std::vector<const host::PluginExpansion*> with_requirements(const std::vector<const host::PluginExpansion*>& tested,
                                                            const std::vector<const host::PluginExpansion*>& shipped) {
    std::vector<const host::PluginExpansion*> out = tested;
    for (size_t i = 0; i < out.size(); ++i)
        for (const auto& needed : out[i]->requires_ids) {
            if (std::any_of(out.begin(), out.end(), [&](const auto* e) { return e->id == needed; })) continue;
            for (const auto* s : shipped)
                if (s->id == needed) out.push_back(s);
        }
    return out;
}

const char* const kPlayerKinds[] = {"random", "greedy"};

}  // namespace

std::string Recording::describe(const RecordedCall& call) const {
    std::string text = "hook " + host::hook_name(call.hook);
    if (call.game < games.size()) text += " in " + games[call.game];
    return text + ", turn " + std::to_string(call.turn);
}

RecordingOutcome record_games(host::PluginRegistry& registry, const host::PluginModule& module,
                              const std::vector<const host::PluginExpansion*>& tested,
                              const std::vector<const host::PluginExpansion*>& shipped, const GamePlan& plan,
                              const ChildChannel& channel) {
    RecordingOutcome outcome;
    Recording& rec = outcome.recording;
    rec.host_calls.assign(module.expansions().size(), {});
    Recorder recorder(module, rec, plan.calls_per_hook, channel);
    const std::vector<const host::PluginExpansion*> alone = with_requirements(tested, shipped);
    std::vector<const host::PluginExpansion*> together = alone;
    for (const auto* s : shipped)
        if (std::find(together.begin(), together.end(), s) == together.end()) together.push_back(s);
    const bool shipped_adds = together.size() > alone.size();

    uint32_t index = 0;
    for (int players = 2; players <= 4; ++players) {
        for (int company = 0; company < (shipped_adds ? 2 : 1); ++company) {
            for (int g = 0; g < plan.games_per_setup; ++g, ++index) {
                cli::GameOptions options;
                options.players = players;
                options.hook_time_budget_ms = plan.hook_time_budget_ms;
                std::string types;
                for (int p = 0; p < players; ++p) {
                    options.player_types.push_back(kPlayerKinds[(index + static_cast<uint32_t>(p)) % 2]);
                    types += (p ? ", " : "") + options.player_types.back();
                }
                // Each declared value of each option in turn, across the games.
                std::string rules;
                for (const auto* e : tested)
                    for (const auto& o : e->rule_options) {
                        if (o.allowed.empty()) continue;
                        const std::string& v = o.allowed[index % o.allowed.size()];
                        options.rules.emplace_back(o.key, v);
                        rules += (rules.empty() ? ", rules " : " ") + o.key + "=" + v;
                    }
                const uint64_t seed = cli::game_seed(plan.seed, index);
                rec.games.push_back("game " + std::to_string(index + 1) + " (" + std::to_string(players) +
                                    " players: " + types + "; seed " + std::to_string(seed) +
                                    (company ? "; with the shipped expansions" : "; alone") + rules + ")");
                try {
                    cli::GameEnvironment env(options, registry, company ? together : alone);
                    auto hooks = env.make_hooks();
                    if (auto* bridge = dynamic_cast<host::PluginHooks*>(hooks.get())) bridge->set_call_observer(&recorder);
                    recorder.start_game(index, seed);
                    std::unique_ptr<host::Game> game;
                    try {
                        game = std::make_unique<host::Game>(env.setup(seed, hooks.get()), env.prepared());
                    } catch (const HostError& e) {
                        if (e.category() != host::ErrorCategory::BadInput) throw;
                        ++outcome.games_refused;
                        if (outcome.first_refusal.empty()) outcome.first_refusal = rec.games.back() + ": " + e.what();
                        recorder.drop_game();
                        continue;
                    }
                    recorder.set_game(game.get());
                    host::play_to_end(*game, env.make_agents(seed));
                    recorder.end_game();
                    ++outcome.games_played;
                    if (g == 0) {
                        host::jcz::SaveOptions save;
                        save.test = host::jcz::final_score_assertions(*game, rec.games.back());
                        outcome.saves.emplace_back(rec.games.back(),
                                                   host::jcz::saved_game_from(env.setup(seed, hooks.get()), *game, save));
                    }
                } catch (const std::exception& e) {
                    recorder.end_game();
                    outcome.failure = rec.games.back() + ": " + e.what();
                    return outcome;
                }
            }
        }
    }
    return outcome;
}

// ------------------------------------------------------------------ file
namespace {

constexpr char kMagic[8] = {'C', 'K', 'V', 'R', 'E', 'C', '0', '1'};

class Writer {
public:
    explicit Writer(const std::filesystem::path& file) : out_(file, std::ios::binary) {
        if (!out_) throw std::runtime_error("cannot write " + file.string());
        out_.write(kMagic, sizeof kMagic);
    }
    void u64(uint64_t v) { out_.write(reinterpret_cast<const char*>(&v), sizeof v); }
    void bytes(const std::vector<uint8_t>& b) {
        u64(b.size());
        out_.write(reinterpret_cast<const char*>(b.data()), static_cast<std::streamsize>(b.size()));
    }
    void text(const std::string& s) { bytes(std::vector<uint8_t>(s.begin(), s.end())); }
    void finish() {
        out_.flush();
        if (!out_) throw std::runtime_error("writing the recording failed");
    }

private:
    std::ofstream out_;
};

class Reader {
public:
    explicit Reader(const std::filesystem::path& file) : in_(file, std::ios::binary) {
        char magic[sizeof kMagic];
        if (!in_ || !in_.read(magic, sizeof magic) || std::memcmp(magic, kMagic, sizeof kMagic) != 0)
            throw std::runtime_error(file.string() + ": not a recording of cloisterkit validate");
    }
    uint64_t u64() {
        uint64_t v = 0;
        if (!in_.read(reinterpret_cast<char*>(&v), sizeof v)) throw std::runtime_error("recording is truncated");
        return v;
    }
    uint32_t u32() { return static_cast<uint32_t>(u64()); }
    std::vector<uint8_t> bytes() {
        const uint64_t n = u64();
        if (n > CK_MAX_BUFFER_SIZE) throw std::runtime_error("recording holds an impossible size");
        std::vector<uint8_t> b(n);
        if (!in_.read(reinterpret_cast<char*>(b.data()), static_cast<std::streamsize>(n)))
            throw std::runtime_error("recording is truncated");
        return b;
    }
    std::string text() {
        const auto b = bytes();
        return {b.begin(), b.end()};
    }

private:
    std::ifstream in_;
};

}  // namespace

void Recording::save(const std::filesystem::path& file) const {
    Writer w(file);
    w.u64(states.size());
    for (const auto& s : states) w.bytes(s);
    w.u64(calls.size());
    for (const auto& c : calls) {
        w.u64(c.expansion), w.u64(c.hook), w.u64(c.state), w.u64(c.game), w.u64(c.turn);
        w.bytes(c.request);
    }
    w.u64(games.size());
    for (const auto& g : games) w.text(g);
    for (const auto& s : samples) {
        w.u64(s ? 1 : 0);
        if (s) w.u64(s->state), w.bytes(s->request);
    }
    w.u64(host_calls.size());
    for (const auto& per_hook : host_calls)
        for (uint64_t n : per_hook) w.u64(n);
    w.finish();
}

Recording Recording::load(const std::filesystem::path& file) {
    Reader r(file);
    Recording rec;
    rec.states.resize(r.u64());
    for (auto& s : rec.states) s = r.bytes();
    rec.calls.resize(r.u64());
    for (auto& c : rec.calls) {
        c.expansion = r.u32(), c.hook = r.u32(), c.state = r.u32(), c.game = r.u32(), c.turn = r.u32();
        c.request = r.bytes();
        if (c.state >= rec.states.size()) throw std::runtime_error("recording names a state it does not hold");
    }
    rec.games.resize(r.u64());
    for (auto& g : rec.games) g = r.text();
    for (auto& s : rec.samples) {
        if (r.u64() == 0) continue;
        HookSample sample;
        sample.state = r.u32();
        sample.request = r.bytes();
        if (sample.state >= rec.states.size()) throw std::runtime_error("recording names a state it does not hold");
        s = std::move(sample);
    }
    rec.host_calls.resize(r.u64());
    for (auto& per_hook : rec.host_calls)
        for (uint64_t& n : per_hook) n = r.u64();
    return rec;
}

}  // namespace ck::validate
