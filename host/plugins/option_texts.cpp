#include "option_texts.hpp"

#include <algorithm>

#include "core/errors.hpp"

namespace ck::host {
namespace {

// A plugin error for a module that keeps inventing new texts.
[[noreturn]] void refuse_past(size_t limit, const char* what, std::string_view text) {
    throw HostError(ErrorCategory::Plugin, "expansions offered more than " + std::to_string(limit) + " distinct " +
                                               what + "; refusing \"" + std::string(text.substr(0, 80)) + "\"");
}

}  // namespace

std::string_view OptionTexts::intern(std::string_view text) {
    for (const std::string_view r : recent_)
        if (r.data() != nullptr && r == text) return r;  // null: a slot not filled yet
    auto it = texts_.find(text);
    if (it == texts_.end()) {
        if (texts_.size() >= kMaxTexts) refuse_past(kMaxTexts, "tile-step option texts", text);
        it = texts_.emplace(text).first;
    }
    recent_[next_recent_++ % recent_.size()] = *it;
    return *it;
}

std::string_view OptionTexts::expand_label(std::string_view label, uint16_t tile_type, std::string_view tile_id) {
    auto e = std::find_if(expanded_.begin(), expanded_.end(), [&](const Expanded& x) { return x.label == label; });
    if (e == expanded_.end()) {
        if (expanded_.size() >= kMaxLabelTemplates) refuse_past(kMaxLabelTemplates, "tile-step label templates", label);
        e = expanded_.insert(expanded_.end(), Expanded{intern(label), {}});
    }
    if (e->by_tile_type.size() <= tile_type) e->by_tile_type.resize(size_t{tile_type} + 1);
    std::string_view& made = e->by_tile_type[tile_type];
    if (made.data() != nullptr) return made;

    constexpr std::string_view kPlaceholder = "{tile}";
    scratch_.clear();
    for (size_t at = 0;;) {
        const size_t found = label.find(kPlaceholder, at);
        scratch_.append(label.substr(at, found == std::string_view::npos ? found : found - at));
        if (found == std::string_view::npos) break;
        scratch_.append(tile_id);
        at = found + kPlaceholder.size();
    }
    made = intern(scratch_);
    return made;
}

}  // namespace ck::host
