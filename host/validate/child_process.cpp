#include "child_process.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace ck::validate {
namespace {

constexpr size_t kProgressCapacity = 1024;

void write_all(int fd, const char* data, size_t size) {
    while (size > 0) {
        const ssize_t n = ::write(fd, data, size);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;
        data += n;
        size -= static_cast<size_t>(n);
    }
}

}  // namespace

void ChildChannel::progress(const std::string& step) const {
    const size_t n = step.size() < capacity_ - 1 ? step.size() : capacity_ - 1;
    std::memcpy(progress_, step.data(), n);
    progress_[n] = '\0';
}

void ChildChannel::send(const std::string& text) const { write_all(result_fd_, text.data(), text.size()); }

ChildOutcome run_in_child(const std::function<int(const ChildChannel&)>& body, std::chrono::milliseconds limit) {
    ChildOutcome outcome;
    void* page = ::mmap(nullptr, kProgressCapacity, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (page == MAP_FAILED) {
        outcome.error = std::string("mmap failed: ") + std::strerror(errno);
        return outcome;
    }
    char* progress = static_cast<char*>(page);
    progress[0] = '\0';
    int fds[2];
    if (::pipe(fds) != 0) {
        outcome.error = std::string("pipe failed: ") + std::strerror(errno);
        ::munmap(page, kProgressCapacity);
        return outcome;
    }
    // What the parent has buffered would be the child's too, and written
    // twice when the child flushes (the module log sink flushes stdout).
    std::fflush(stdout);
    std::fflush(stderr);
    const auto started = std::chrono::steady_clock::now();
    const pid_t pid = ::fork();
    if (pid < 0) {
        outcome.error = std::string("fork failed: ") + std::strerror(errno);
        ::close(fds[0]), ::close(fds[1]);
        ::munmap(page, kProgressCapacity);
        return outcome;
    }
    if (pid == 0) {
        ::close(fds[0]);
        int code = 70;  // EX_SOFTWARE: the body threw
        try {
            code = body(ChildChannel(progress, kProgressCapacity, fds[1]));
        } catch (...) {
        }
        ::close(fds[1]);
        // No atexit handlers, no static destructors, no dlclose of the
        // module: the child's only way out.
        ::_exit(code);
    }
    ::close(fds[1]);
    const auto deadline = started + limit;
    bool timed_out = false;
    char chunk[4096];
    for (;;) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            timed_out = true;
            break;
        }
        pollfd p{fds[0], POLLIN, 0};
        const int ready = ::poll(&p, 1, static_cast<int>(left.count() > 1000 ? 1000 : left.count()));
        if (ready < 0 && errno == EINTR) continue;
        if (ready <= 0) continue;
        const ssize_t n = ::read(fds[0], chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;  // the child closed its end: it is done
        outcome.result.append(chunk, static_cast<size_t>(n));
    }
    ::close(fds[0]);
    if (timed_out) ::kill(pid, SIGKILL);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    outcome.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    progress[kProgressCapacity - 1] = '\0';
    outcome.progress = progress;
    ::munmap(page, kProgressCapacity);
    if (timed_out) {
        outcome.end = ChildOutcome::End::TimedOut;
    } else if (WIFSIGNALED(status)) {
        outcome.end = ChildOutcome::End::Signalled;
        outcome.signal = WTERMSIG(status);
    } else {
        outcome.end = ChildOutcome::End::Exited;
        outcome.exit_code = WEXITSTATUS(status);
    }
    return outcome;
}

std::string describe_end(const ChildOutcome& outcome, std::chrono::milliseconds limit) {
    switch (outcome.end) {
        case ChildOutcome::End::Exited: return "exited with status " + std::to_string(outcome.exit_code);
        case ChildOutcome::End::Signalled: {
            const char* abbrev = sigabbrev_np(outcome.signal);
            return "was killed by signal " + std::to_string(outcome.signal) + " (SIG" + (abbrev ? abbrev : "?") + ": " +
                   strsignal(outcome.signal) + ")";
        }
        case ChildOutcome::End::TimedOut: {
            const auto ms = limit.count();
            return "did not finish within " + (ms % 1000 == 0 ? std::to_string(ms / 1000) + " s" : std::to_string(ms) + " ms");
        }
        case ChildOutcome::End::NotStarted: return "could not be started: " + outcome.error;
    }
    return "ended in an unknown way";
}

}  // namespace ck::validate
