// The Labyrinth's one choice, the variant (LA-2), free of the SDK so a
// plain test checks it: which values the option takes, what each means,
// and why a game in a variant ABI 1.2 cannot play is refused.
// Rule IDs: docs/expansions/labyrinth.md.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace ck::labyrinth {

enum class Variant {
    Basic,     // LA-3: the labyrinth joins the roads; nothing more
    Advanced,  // LA-4, LA-5: the bonus and placing on an occupied road
    // A JCloisterZone save without the rule labyrinth-variant: its client
    // plays that as advanced. The host sets the option to "jcz" then,
    // because the option offers that value (and, for the same reason,
    // writes "labyrinth-variant": "basic" into every save of a basic game).
    AsJczClient,
};

struct VariantChoice {
    std::string_view value;
    Variant meaning;
};

inline constexpr std::string_view kVariantKey = "labyrinth.variant";
inline constexpr std::string_view kJczVariantKey = "labyrinth-variant";

// The option's values, the default first.
inline constexpr std::array<VariantChoice, 3> kVariantChoices{{
    {"basic", Variant::Basic},
    {"advanced", Variant::Advanced},
    {"jcz", Variant::AsJczClient},
}};

// The variant a value names; nullopt for a value the option does not take.
std::optional<Variant> variant_named(std::string_view value);

// Empty when the module plays `variant`; otherwise the message the game is
// refused with: what ABI 1.2 lacks and how to play instead, within the 255
// bytes the ABI carries of an error's text.
std::string refusal(Variant variant);

}  // namespace ck::labyrinth
