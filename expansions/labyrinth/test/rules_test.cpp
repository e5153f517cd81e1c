// The Labyrinth's variant rule on its own (src/rules.hpp), without a host:
// rule IDs of docs/expansions/labyrinth.md.
#include <cstdio>
#include <string>

#include "rules.hpp"

namespace {

using ck::labyrinth::refusal;
using ck::labyrinth::Variant;
using ck::labyrinth::variant_named;

int failures = 0;

void expect(bool ok, const char* what) {
    if (ok) return;
    std::printf("FAIL %s\n", what);
    ++failures;
}

bool says(const std::string& text, const char* part) { return text.find(part) != std::string::npos; }

}  // namespace

int main() {
    // LA-2: the values, basic first (the default: a game plays without --rule).
    expect(ck::labyrinth::kVariantChoices.front().value == "basic", "LA-2: basic is the default");
    expect(variant_named("basic") == Variant::Basic, "LA-2: basic");
    expect(variant_named("advanced") == Variant::Advanced, "LA-2: advanced");
    expect(variant_named("jcz") == Variant::AsJczClient, "LA-2: jcz, a save without labyrinth-variant");
    expect(!variant_named("Basic") && !variant_named("") && !variant_named("advanced "), "LA-2: nothing else");

    // LA-3: the basic variant is played.
    expect(refusal(Variant::Basic).empty(), "LA-3: basic is played");

    // LA-4, LA-5: the advanced variant is refused, saying what is missing
    // and how to play.
    const std::string advanced = refusal(Variant::Advanced);
    expect(says(advanced, "labyrinth: the advanced variant is not played"), "LA-5: advanced refused");
    expect(says(advanced, "occupied"), "LA-5: names what ABI 1.2 lacks");
    expect(says(advanced, "--rule labyrinth.variant=basic"), "LA-5: says how to play");

    // LA-2, LA-7: a JCloisterZone save without the rule means advanced
    // there; refused here rather than replayed as basic.
    const std::string jcz = refusal(Variant::AsJczClient);
    expect(says(jcz, "the save has no labyrinth-variant"), "LA-2: says the rule is missing");
    expect(says(jcz, "advanced"), "LA-2: says what JCloisterZone plays then");
    expect(says(jcz, "\"labyrinth-variant\": \"basic\""), "LA-2: says what a basic save holds");

    // The ABI carries 255 bytes of an error's text (CK_ERROR_MESSAGE_CAPACITY):
    // a longer refusal would lose its end, the part that says how to play.
    for (const std::string& message : {advanced, jcz}) expect(message.size() <= 255, "fits ck_error.message");

    if (failures == 0) std::printf("la_rules_test: all passed\n");
    return failures == 0 ? 0 : 1;
}
