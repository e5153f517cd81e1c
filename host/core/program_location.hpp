// Where "this program" is, for finding its tiles and plugins
// (build_tree.hpp, install_layout.hpp). A command is its own executable
// (/proc/self/exe). A library loaded into another program (the Python
// package, in python3) says where the `cloisterkit` program of its own
// build tree or install prefix is, before anything looks for tiles or
// plugins, so it finds exactly what that program finds.
#pragma once

#include <filesystem>

namespace ck::host {

// The program's path: the one set, else /proc/self/exe (empty when that
// cannot be read).
std::filesystem::path this_program();

// Stands `program` in for this process's executable. Call it before the
// first look for tiles or plugins: what they find is kept. Throws
// std::logic_error when called after that.
void set_program_location(std::filesystem::path program);

}  // namespace ck::host
