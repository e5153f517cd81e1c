#include "round_trips.hpp"

#include <algorithm>
#include <limits>

namespace ck::host {
namespace {

uint64_t nanoseconds_since(std::chrono::steady_clock::time_point start) {
    const auto took = std::chrono::steady_clock::now() - start;
    return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(took).count());
}

}  // namespace

void RoundTripLog::add(size_t row, uint64_t nanoseconds) {
    if (row >= ns.size()) return;
    ++count[row];
    if (ns[row].size() < kMaxSamples)
        ns[row].push_back(static_cast<uint32_t>(std::min<uint64_t>(nanoseconds, std::numeric_limits<uint32_t>::max())));
}

void RoundTripLog::merge(const RoundTripLog& other) {
    for (size_t r = 0; r < ns.size(); ++r) {
        count[r] += other.count[r];
        const size_t room = kMaxSamples - std::min(kMaxSamples, ns[r].size());
        const auto& theirs = other.ns[r];
        ns[r].insert(ns[r].end(), theirs.begin(),
                     theirs.begin() + static_cast<std::ptrdiff_t>(std::min(room, theirs.size())));
    }
}

double percentile(std::vector<uint32_t>& samples, double p) {
    if (samples.empty()) return 0.0;
    const size_t at = std::min(samples.size() - 1, static_cast<size_t>(p * static_cast<double>(samples.size())));
    std::nth_element(samples.begin(), samples.begin() + static_cast<std::ptrdiff_t>(at), samples.end());
    return samples[at];
}

RoundTripLog*& thread_round_trips() {
    thread_local RoundTripLog* log = nullptr;
    return log;
}

RoundTripScope*& RoundTripScope::innermost() {
    thread_local RoundTripScope* scope = nullptr;
    return scope;
}

RoundTripScope::RoundTripScope(ck_hook_id hook) : log_(thread_round_trips()), row_(hook) {
    if (log_ == nullptr) return;
    outer_ = innermost();
    innermost() = this;
    start_ = std::chrono::steady_clock::now();
}

RoundTripScope::~RoundTripScope() {
    if (log_ == nullptr) return;
    const uint64_t took = nanoseconds_since(start_);
    log_->add(row_, took - std::min(took, excluded_ns_));
    innermost() = outer_;
    if (outer_ != nullptr) outer_->excluded_ns_ += took;  // counted here, not twice
}

SerialisationScope::SerialisationScope() : log_(thread_round_trips()) {
    if (log_ != nullptr) start_ = std::chrono::steady_clock::now();
}

SerialisationScope::~SerialisationScope() {
    if (log_ == nullptr) return;
    const uint64_t took = nanoseconds_since(start_);
    log_->add(RoundTripLog::kSerialisation, took);
    if (RoundTripScope* scope = RoundTripScope::innermost()) scope->excluded_ns_ += took;
}

}  // namespace ck::host
