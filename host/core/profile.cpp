#include "profile.hpp"

namespace ck::host {

const char* profile_stage_name(ProfileStage s) {
    switch (s) {
        case ProfileStage::TileStep: return "tile step";
        case ProfileStage::FigureStep: return "figure step";
        case ProfileStage::Scoring: return "scoring";
        default: return "other (setup, players' choices)";
    }
}

const char* profile_part_name(ProfilePart p) {
    switch (p) {
        case ProfilePart::Serialize: return "state serialisation";
        case ProfilePart::ModuleCall: return "module call (verification, rules, response)";
        case ProfilePart::ResponseCheck: return "response verification and checks";
        case ProfilePart::ApplyEffects: return "applying effects";
        default: return "host rules";
    }
}

void Profile::merge(const Profile& other) {
    for (size_t s = 0; s < ns.size(); ++s)
        for (size_t p = 0; p < ns[s].size(); ++p) ns[s][p] += other.ns[s][p];
}

uint64_t Profile::total() const {
    uint64_t t = 0;
    for (const auto& row : ns)
        for (uint64_t v : row) t += v;
    return t;
}

Profile*& thread_profile() {
    thread_local Profile* profile = nullptr;
    return profile;
}

}  // namespace ck::host
