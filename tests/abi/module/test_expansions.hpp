// The ABI test module's expansions, and the facts tests check about them.
#pragma once

#include <string_view>

#include <cloisterkit/sdk/module.hpp>

namespace ck::abi_test {

inline constexpr std::string_view kAlphaId = "cloisterkit.test.alpha";
inline constexpr std::string_view kBetaId = "cloisterkit.test.beta";
inline constexpr std::string_view kToken = "T_TOKEN";
inline constexpr std::string_view kThrowMessage = "final scoring exploded on purpose";

sdk::ExpansionList make_test_expansions();

}  // namespace ck::abi_test
