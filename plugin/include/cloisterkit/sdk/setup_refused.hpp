// cloisterkit/sdk/setup_refused.hpp: the exception a hook throws for a
// setup the user chose that cannot be played (ABI 1.2, CK_E_SETUP_REFUSED).
#pragma once

#include <stdexcept>

namespace ck::sdk {

// Thrown by a hook (GAME_START, typically) when the game's setup cannot be
// played: an option value it does not know, a combination of options and
// players it cannot deal. The host reports it as the user's error
// (CK_E_SETUP_REFUSED), with `what()` as the message: say what is wrong
// and what to choose instead, starting with the expansion's short name.
// Any other exception is a bug in the module (CK_E_INTERNAL).
class SetupRefused : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace ck::sdk
