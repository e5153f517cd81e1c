/* plugin.h must compile as C (C99 and C11) with -pedantic -Werror; this
 * file also uses the main types so that typos in them cannot hide. */
#include <cloisterkit/plugin.h>
#include <cloisterkit/status_names.h>

int ck_abi_header_compiles_as_c(void);

int ck_abi_header_compiles_as_c(void) {
    ck_negotiate_in in = {sizeof(ck_negotiate_in), CK_ABI_MAJOR, 0, CK_ABI_MINOR, CK_SCHEMA_REVISION,
                          CK_SCHEMA_REVISION};
    ck_buffer buffer = {0};
    ck_error err = {0};
    ck_plugin_negotiate_v1_fn entry = 0;
    ck_bytes bytes = {0, 0};
    (void)entry;
    (void)bytes;
    err.struct_size = sizeof err;
    if (buffer.release) buffer.release(&buffer);
    return (int)in.abi_major + (int)(CK_HOOK_BIT(CK_HOOK_FINAL_SCORING) != 0) + CK_SUCCEEDED(err.code) +
           (int)(ck_status_to_string(CK_E_BAD_BUFFER)[0] == 'C');
}
