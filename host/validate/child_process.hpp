// Running one check of `cloisterkit validate` in a child process, so that a
// module that crashes, aborts or never returns is reported as that check's
// failure and never takes the validator down. The child writes its result
// to a pipe; before each step that may not come back it names the step in
// a page shared with the parent, which then says where the child died.
#pragma once

#include <chrono>
#include <functional>
#include <string>

namespace ck::validate {

// The child's side: where it tells the parent what it is doing and what it found.
class ChildChannel {
public:
    ChildChannel(char* progress, size_t capacity, int result_fd)
        : progress_(progress), capacity_(capacity), result_fd_(result_fd) {}
    // What the child is about to do ("hook turn_end of 'x', game 2, turn 11").
    // Cheap: one copy into the shared page, no system call.
    void progress(const std::string& step) const;
    // The check's result text; written once, at the end.
    void send(const std::string& text) const;

private:
    char* progress_;
    size_t capacity_;
    int result_fd_;
};

struct ChildOutcome {
    enum class End { Exited, Signalled, TimedOut, NotStarted };
    End end = End::NotStarted;
    int exit_code = 0;    // End::Exited
    int signal = 0;       // End::Signalled
    std::string result;   // what the child sent
    std::string progress; // the last step it named
    double seconds = 0;   // how long it ran
    std::string error;    // End::NotStarted: why (fork or pipe failed)
};

// Runs `body` in a forked child, which ends with the value it returns; kills
// it after `limit`. The calling process must have no other threads.
ChildOutcome run_in_child(const std::function<int(const ChildChannel&)>& body, std::chrono::milliseconds limit);

// "killed by signal 11 (SIGSEGV: Segmentation fault)", "exited with status 3",
// "did not finish within 5 s".
std::string describe_end(const ChildOutcome& outcome, std::chrono::milliseconds limit);

}  // namespace ck::validate
