// How long hook round trips take in real games, for `cloisterkit simulate
// --round-trips`: from the request being built, over every module call the
// hook makes (one, in the shipped expansions) and their checks, to the last
// effect applied. Serialising a changed state is timed apart: it is paid
// once per state, by whichever hook comes first, and shared by the rest.
//
// Off by default: a scope then costs one thread-local load. On, it reads
// the clock twice per round trip (and per serialisation) and nothing else,
// so the times are not inflated by the stage profile's clock reads.
#pragma once

#include <cloisterkit/plugin.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <vector>

namespace ck::host {

struct RoundTripLog {
    // Samples kept per row; beyond this only the count grows.
    static constexpr size_t kMaxSamples = size_t{1} << 22;
    static constexpr size_t kSerialisation = CK_HOOK_COUNT;  // the row after the hooks

    std::array<std::vector<uint32_t>, CK_HOOK_COUNT + 1> ns;  // one sample per round trip
    std::array<uint64_t, CK_HOOK_COUNT + 1> count{};

    void add(size_t row, uint64_t nanoseconds);
    void merge(const RoundTripLog& other);
};

// Percentile `p` (0..1) of `samples` (reordered); 0 when empty.
double percentile(std::vector<uint32_t>& samples, double p);

// The calling thread's log, or null (the default).
RoundTripLog*& thread_round_trips();

// Installs `log` (may be null) as the calling thread's for the scope's lifetime.
class ThreadRoundTrips {
public:
    explicit ThreadRoundTrips(RoundTripLog* log) : saved_(thread_round_trips()) { thread_round_trips() = log; }
    ~ThreadRoundTrips() { thread_round_trips() = saved_; }
    ThreadRoundTrips(const ThreadRoundTrips&) = delete;
    ThreadRoundTrips& operator=(const ThreadRoundTrips&) = delete;

private:
    RoundTripLog* saved_;
};

// Times one round trip of `hook` for the scope's lifetime, less the time
// of state serialisations and of round trips nested in it.
class RoundTripScope {
public:
    explicit RoundTripScope(ck_hook_id hook);
    ~RoundTripScope();
    RoundTripScope(const RoundTripScope&) = delete;
    RoundTripScope& operator=(const RoundTripScope&) = delete;

private:
    friend class SerialisationScope;
    static RoundTripScope*& innermost();

    RoundTripLog* log_;
    size_t row_;
    RoundTripScope* outer_ = nullptr;
    std::chrono::steady_clock::time_point start_{};
    uint64_t excluded_ns_ = 0;
};

// Times one state serialisation (its own row) and takes it out of the
// round trip it happens in.
class SerialisationScope {
public:
    SerialisationScope();
    ~SerialisationScope();
    SerialisationScope(const SerialisationScope&) = delete;
    SerialisationScope& operator=(const SerialisationScope&) = delete;

private:
    RoundTripLog* log_;
    std::chrono::steady_clock::time_point start_{};
};

}  // namespace ck::host
