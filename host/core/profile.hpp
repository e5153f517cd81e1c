// Where a game's time goes, for `cloisterkit simulate --profile`.
//
// Off by default: a scope then costs one thread-local load and no clock
// read. When a thread has a Profile installed, every scope charges the time
// since the last boundary to the (stage, part) pair in force and then
// changes it, so each nanosecond is counted once, where it was spent:
// a hook call made while placing a tile counts as "tile step / module
// call", not twice.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>

namespace ck::host {

// The game stage the time belongs to.
enum class ProfileStage : uint8_t { Other, TileStep, FigureStep, Scoring, Count };
// What the host was doing in that stage: its own rules, or one part of a
// plugin call through the ABI.
enum class ProfilePart : uint8_t { Host, Serialize, ModuleCall, ResponseCheck, ApplyEffects, Count };

const char* profile_stage_name(ProfileStage s);
const char* profile_part_name(ProfilePart p);

struct Profile {
    using Clock = std::chrono::steady_clock;
    std::array<std::array<uint64_t, size_t(ProfilePart::Count)>, size_t(ProfileStage::Count)> ns{};

    ProfileStage stage = ProfileStage::Other;
    ProfilePart part = ProfilePart::Host;
    Clock::time_point mark = Clock::now();

    // Charges the time since the last boundary to the pair in force.
    void charge() {
        const auto now = Clock::now();
        ns[size_t(stage)][size_t(part)] += static_cast<uint64_t>((now - mark).count());
        mark = now;
    }
    void merge(const Profile& other);
    uint64_t total() const;
};

// The calling thread's profile, or null (the default).
Profile*& thread_profile();

// Installs `p` (may be null) as the calling thread's profile for the
// scope's lifetime; on leaving, the time since the last boundary is charged.
class ThreadProfile {
public:
    explicit ThreadProfile(Profile* p) : saved_(thread_profile()) {
        if (p != nullptr) p->mark = Profile::Clock::now();
        thread_profile() = p;
    }
    ~ThreadProfile() {
        if (Profile* p = thread_profile()) p->charge();
        thread_profile() = saved_;
    }
    ThreadProfile(const ThreadProfile&) = delete;
    ThreadProfile& operator=(const ThreadProfile&) = delete;

private:
    Profile* saved_;
};

// Sets the stage for the scope's lifetime (the part returns to Host).
class StageScope {
public:
    explicit StageScope(ProfileStage s) : p_(thread_profile()) {
        if (p_ == nullptr) return;
        p_->charge();
        saved_stage_ = p_->stage, saved_part_ = p_->part;
        p_->stage = s, p_->part = ProfilePart::Host;
    }
    ~StageScope() {
        if (p_ == nullptr) return;
        p_->charge();
        p_->stage = saved_stage_, p_->part = saved_part_;
    }
    StageScope(const StageScope&) = delete;
    StageScope& operator=(const StageScope&) = delete;

private:
    Profile* p_;
    ProfileStage saved_stage_{};
    ProfilePart saved_part_{};
};

// Sets the part (within the current stage) for the scope's lifetime.
class PartScope {
public:
    explicit PartScope(ProfilePart part) : p_(thread_profile()) {
        if (p_ == nullptr) return;
        p_->charge();
        saved_ = p_->part;
        p_->part = part;
    }
    ~PartScope() {
        if (p_ == nullptr) return;
        p_->charge();
        p_->part = saved_;
    }
    PartScope(const PartScope&) = delete;
    PartScope& operator=(const PartScope&) = delete;

private:
    Profile* p_;
    ProfilePart saved_{};
};

}  // namespace ck::host
