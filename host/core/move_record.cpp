#include "move_record.hpp"

#include "figure_kinds.hpp"

namespace ck::host {
namespace {
const std::vector<FigureKind>& small_only() {
    static const std::vector<FigureKind> kinds{small_follower_kind(kMaxFiguresPerKind, true)};
    return kinds;
}
}  // namespace

std::string format_meeple_id(MeepleId id) { return format_meeple_id(id, small_only()); }

MeepleId parse_meeple_id(const std::string& text) { return parse_meeple_id(text, small_only()); }

}  // namespace ck::host
