// The clock the hook time budget is read from. The budget guards against
// runaway modules (a default of a second, where hooks take microseconds),
// so every call reads a clock twice; steady_clock costs about 47 ns a read
// on the project's VM, Linux's coarse monotonic clock about 11 ns, with a
// resolution of a few milliseconds. Budgets well above that resolution use
// the coarse clock; smaller ones (down to the 1 ms the CLI allows) keep
// steady_clock, so a quick call is never refused for a tick it straddled.
#pragma once

#include <time.h>

#include <chrono>
#include <cstdint>

namespace ck::host {

class BudgetClock {
public:
    using time_point = std::chrono::nanoseconds;  // since an arbitrary start

    // Budgets at least this large are read from the coarse clock.
    static constexpr std::chrono::milliseconds kCoarseFrom{50};

    explicit BudgetClock(std::chrono::milliseconds budget) : coarse_(coarse_available() && budget >= kCoarseFrom) {}

    time_point now() const noexcept {
#ifdef CLOCK_MONOTONIC_COARSE
        if (coarse_) {
            timespec ts{};
            clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
            return std::chrono::seconds(ts.tv_sec) + std::chrono::nanoseconds(ts.tv_nsec);
        }
#endif
        return std::chrono::duration_cast<time_point>(std::chrono::steady_clock::now().time_since_epoch());
    }
    bool coarse() const { return coarse_; }

private:
    // Coarse only where the clock exists and its resolution is at most
    // 10 ms (it is the kernel's tick, 1 to 10 ms).
    static bool coarse_available() {
#ifdef CLOCK_MONOTONIC_COARSE
        timespec res{};
        return clock_getres(CLOCK_MONOTONIC_COARSE, &res) == 0 && res.tv_sec == 0 && res.tv_nsec <= 10'000'000;
#else
        return false;
#endif
    }

    bool coarse_;
};

}  // namespace ck::host
