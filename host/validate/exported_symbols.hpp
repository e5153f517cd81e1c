// The symbols a shared object defines and exports: its ELF dynamic symbol
// table, read from the file (no dlopen, so nothing of the module runs).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace ck::validate {

struct ExportedSymbols {
    std::vector<std::string> functions_and_data;  // defined, global or weak, default or protected visibility
    std::string error;                            // empty when the file was read
};

// Version-script nodes (absolute symbols such as CLOISTERKIT_1) are not
// listed: they name a version, not code or data.
ExportedSymbols exported_symbols(const std::filesystem::path& file);

}  // namespace ck::validate
