#include "rules.hpp"

namespace ck::labyrinth {

std::optional<Variant> variant_named(std::string_view value) {
    for (const auto& c : kVariantChoices)
        if (c.value == value) return c.meaning;
    return std::nullopt;
}

std::string refusal(Variant variant) {
    // Each message fits the ABI's error text (255 bytes, rules_test checks).
    switch (variant) {
        case Variant::Basic:
            return {};
        case Variant::Advanced:
            return "labyrinth: the advanced variant is not played: its LA-5 (a follower on a free arm of an occupied "
                   "road) needs an effect placing a figure on an occupied feature, which ABI 1.2 lacks; play basic: "
                   "--rule labyrinth.variant=basic";
        case Variant::AsJczClient:
            return "labyrinth: the save has no labyrinth-variant, which JCloisterZone plays as advanced, and advanced "
                   "is not played (LA-5 needs placing on an occupied road, not in ABI 1.2); a basic game's save says "
                   "\"labyrinth-variant\": \"basic\"";
    }
    return "labyrinth: unknown variant";
}

}  // namespace ck::labyrinth
