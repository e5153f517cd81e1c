// The computer seats of every game the server holds (docs/serve.md,
// "Computer seats"): a few worker threads play one turn at a time, taking
// games in turn (round robin), games with a person waiting before games
// between computers, so that no game waits for another's whole game. Each
// turn has a deadline and every search stops at once when the server
// stops. A turn whose save failed is kept and saved again with backoff.
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "session.hpp"

namespace ck::serve {

class ComputerPlayers {
public:
    struct Options {
        size_t workers = 2;
        std::chrono::milliseconds turn_deadline{30'000};  // a whole turn's thinking, every decision of it
    };
    // `moved(session)` is called, without locks, after a computer's turn
    // was applied.
    ComputerPlayers(Options options, std::function<void(const std::shared_ptr<GameSession>&)> moved);
    ~ComputerPlayers();  // stop()
    ComputerPlayers(const ComputerPlayers&) = delete;
    ComputerPlayers& operator=(const ComputerPlayers&) = delete;

    // A game changed: queued if a computer seat is to move and it is not
    // queued or being played already. Takes the session's lock.
    void wake(const std::shared_ptr<GameSession>& session);
    // Cancels the searches under way, and returns once every worker ended.
    void stop();

private:
    struct Entry {
        std::shared_ptr<GameSession> session;
        std::chrono::steady_clock::time_point not_before;  // a save's retry waits
        int failed_saves = 0;
    };
    void work();
    // One turn of the entry's game (or the retried save of one); whether
    // the game is to be queued again, and when.
    bool play_one_turn(Entry& entry);
    void queue(Entry entry);  // under mutex_

    Options options_;
    std::function<void(const std::shared_ptr<GameSession>&)> moved_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<Entry> with_person_, computers_only_;
    std::set<const GameSession*> held_;  // queued or being played
    std::atomic<bool> stopping_{false};
    std::vector<std::thread> workers_;
};

}  // namespace ck::serve
