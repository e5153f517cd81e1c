// The `serve` command is its own program (cmd_serve_launcher.cpp says why);
// `cloisterkit` lists it and hands over to it.
#pragma once

namespace ck::cli {

inline constexpr const char* kServeProgram = "cloisterkit-serve";
inline constexpr const char* kServeSummary =
    "serve the games in a browser: people against computer players or each other";

}  // namespace ck::cli
