// The abbot expansion implements no hook: the host plays the abbot from its
// figure-kind declaration (expansion_info.cpp), gardens are tile segments of
// the basic:2 tiles, and both score as monastic features in the host.
#include <abbot/abbot.hpp>

#include "expansion_info.hpp"

namespace ck::abbot {
namespace {

class Abbot final : public sdk::Expansion {
public:
    sdk::ExpansionInfo info() const override { return expansion_info(); }
};

}  // namespace

std::unique_ptr<sdk::Expansion> make_expansion() { return sdk::make_expansion<Abbot>(); }

}  // namespace ck::abbot
