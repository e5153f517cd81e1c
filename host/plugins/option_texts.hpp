// The texts of offered tile-step options (actions and labels), each kept
// once for as long as the PluginHooks that received it. Options are offered
// on almost every turn of a player with a hand and copied with every Game
// copy (an AI search copies at every node), so they hold views into this
// pool instead of strings of their own, and the usual texts are found
// again without hashing.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace ck::host {

class OptionTexts {
public:
    // More distinct texts than a real expansion ever offers; a module that
    // makes up a new label on every call is refused instead of growing the
    // pool without end.
    static constexpr size_t kMaxTexts = 1u << 16;
    static constexpr size_t kMaxLabelTemplates = 4096;

    // The pooled copy of `text` (stable until the pool is destroyed).
    // Throws HostError (a plugin error) when the pool is full.
    std::string_view intern(std::string_view text);

    // The label of a revision-4 offer of `tile_type`: `label` with every
    // "{tile}" replaced by `tile_id`, pooled. Made once per label and tile
    // type, then looked up.
    std::string_view expand_label(std::string_view label, uint16_t tile_type, std::string_view tile_id);

    size_t size() const { return texts_.size(); }

private:
    struct Hash {
        using is_transparent = void;
        size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
    };
    // Node-based: a string's characters never move once inserted.
    std::unordered_set<std::string, Hash, std::equal_to<>> texts_;
    // The last texts interned, compared before hashing.
    std::array<std::string_view, 4> recent_{};
    size_t next_recent_ = 0;
    // Per label template: its labels by tile type (empty: not made yet).
    struct Expanded {
        std::string_view label;
        std::vector<std::string_view> by_tile_type;
    };
    std::vector<Expanded> expanded_;
    std::string scratch_;
};

}  // namespace ck::host
