// plugin.h must compile as C++ (C++17 and C++20) with -pedantic -Werror.
#include <cloisterkit/plugin.h>
#include <cloisterkit/status_names.h>

int ck_abi_header_compiles_as_cxx();

int ck_abi_header_compiles_as_cxx() {
    ck_negotiate_in in{sizeof(ck_negotiate_in), CK_ABI_MAJOR, 0, CK_ABI_MINOR, CK_SCHEMA_REVISION, CK_SCHEMA_REVISION};
    ck_buffer buffer{};
    ck_error err{};
    ck_plugin_negotiate_v1_fn entry = &ck_plugin_negotiate_v1;  // declared, never called
    (void)entry;
    if (buffer.release != nullptr) buffer.release(&buffer);
    return static_cast<int>(in.abi_major) + CK_SUCCEEDED(err.code);
}
