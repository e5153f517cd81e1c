#include "computer_players.hpp"

#include <algorithm>
#include <cstdio>

#include "ai/agents.hpp"
#include "core/errors.hpp"

namespace ck::serve {

using Clock = std::chrono::steady_clock;

namespace {

constexpr auto kFirstRetry = std::chrono::milliseconds(100);
constexpr auto kLongestRetry = std::chrono::milliseconds(10'000);

bool has_person(const GameSession& s) {
    return std::any_of(s.seats().begin(), s.seats().end(), [](const SeatRecord& r) { return r.kind == "person"; });
}

}  // namespace

ComputerPlayers::ComputerPlayers(Options options, std::function<void(const std::shared_ptr<GameSession>&)> moved)
    : options_(options), moved_(std::move(moved)) {
    for (size_t i = 0; i < std::max<size_t>(1, options_.workers); ++i) workers_.emplace_back([this] { work(); });
}

ComputerPlayers::~ComputerPlayers() { stop(); }

void ComputerPlayers::stop() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    for (auto& w : workers_)
        if (w.joinable()) w.join();
}

void ComputerPlayers::queue(Entry entry) {
    held_.insert(entry.session.get());
    (has_person(*entry.session) ? with_person_ : computers_only_).push_back(std::move(entry));
}

void ComputerPlayers::wake(const std::shared_ptr<GameSession>& session) {
    {
        std::lock_guard game(session->mutex());
        if (!session->computer_to_move()) return;
    }
    {
        std::lock_guard lock(mutex_);
        if (stopping_ || held_.count(session.get())) return;
        queue({session, Clock::now(), 0});
    }
    wake_.notify_one();
}

void ComputerPlayers::work() {
    std::unique_lock lock(mutex_);
    for (;;) {
        if (stopping_) return;
        // The first game whose time has come: persons' games first.
        const auto now = Clock::now();
        std::optional<Entry> entry;
        auto soonest = Clock::time_point::max();
        for (auto* q : {&with_person_, &computers_only_}) {
            for (auto it = q->begin(); it != q->end(); ++it) {
                if (it->not_before <= now) {
                    entry = std::move(*it);
                    q->erase(it);
                    break;
                }
                soonest = std::min(soonest, it->not_before);
            }
            if (entry) break;
        }
        if (!entry) {
            if (soonest == Clock::time_point::max()) wake_.wait(lock);
            else wake_.wait_until(lock, soonest);
            continue;
        }
        lock.unlock();
        bool again = false;
        try {
            again = play_one_turn(*entry);
        } catch (const std::exception& e) {
            std::fprintf(stderr, "cloisterkit serve: game %s: the computer player failed: %s\n",
                         entry->session->id().c_str(), e.what());
        }
        lock.lock();
        held_.erase(entry->session.get());
        if (again && !stopping_) {
            queue(std::move(*entry));  // at the end of its queue: round robin
            wake_.notify_one();
        }
    }
}

bool ComputerPlayers::play_one_turn(Entry& entry) {
    GameSession& session = *entry.session;
    std::optional<GameSession::ComputerTurn> input;
    bool retry_save = false;
    {
        std::lock_guard lock(session.mutex());
        if (!session.computer_to_move()) return false;
        retry_save = session.has_unsaved_computer_turn();
        if (!retry_save) input = session.computer_turn();
    }
    try {
        if (retry_save) {
            std::lock_guard lock(session.mutex());
            session.retry_computer_turn();
            std::fprintf(stderr, "cloisterkit serve: game %s: the computer's move is saved (after %d failed saves)\n",
                         session.id().c_str(), entry.failed_saves);
        } else {
            host::Game game = input->game;
            game.set_hooks(session.computer_hooks());
            const auto deadline = Clock::now() + options_.turn_deadline;
            host::ai::SearchEnvironment env;
            env.make_hooks = [s = entry.session] { return s->make_hooks(); };
            env.stop_requested = [this, deadline] { return stopping_.load() || Clock::now() >= deadline; };
            const auto player = host::ai::make_agent(input->kind, input->seed, env);
            host::play_own_decisions(game, *player, input->commit_random);
            if (stopping_) return false;  // thought again from its start by the next server
            std::lock_guard lock(session.mutex());
            session.apply_computer_turn(*input, std::move(game));
        }
    } catch (const host::HostError& e) {
        bool kept = false;
        {
            std::lock_guard lock(session.mutex());
            kept = session.has_unsaved_computer_turn();
        }
        if (!kept) throw;
        ++entry.failed_saves;
        const auto wait = std::min<Clock::duration>(kLongestRetry, kFirstRetry * (1 << std::min(entry.failed_saves - 1, 10)));
        entry.not_before = Clock::now() + wait;
        std::fprintf(stderr,
                     "cloisterkit serve: game %s: the computer's move could not be saved (%s); it is kept and saved "
                     "again in %lld ms\n",
                     session.id().c_str(), e.what(),
                     static_cast<long long>(std::chrono::duration_cast<std::chrono::milliseconds>(wait).count()));
        return true;
    }
    entry.failed_saves = 0;
    entry.not_before = Clock::now();
    moved_(entry.session);
    std::lock_guard lock(session.mutex());
    return session.computer_to_move();
}

}  // namespace ck::serve
