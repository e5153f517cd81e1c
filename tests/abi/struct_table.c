/* Prints the layout of every struct of plugin.h on this platform, one line
 * each, for tests/abi/check_struct_table.py, which compares it with the
 * table in docs/abi.md ("Struct layouts"):
 *
 *   struct <name> <sizeof> <alignment>
 *   member <struct>.<member> <offsetof> <sizeof>
 *
 * C99 has no alignof: a struct's alignment is its offset after a char. */
#include <stddef.h>
#include <stdio.h>

#include <cloisterkit/plugin.h>

#define AFTER_CHAR(type) \
    struct after_char_##type { \
        char c; \
        type t; \
    }
AFTER_CHAR(ck_bytes);
AFTER_CHAR(ck_buffer);
AFTER_CHAR(ck_error);
AFTER_CHAR(ck_host_info);
AFTER_CHAR(ck_expansion_desc);
AFTER_CHAR(ck_plugin_api);
AFTER_CHAR(ck_negotiate_in);
AFTER_CHAR(ck_negotiate_out);

#define STRUCT(type)                                                       \
    printf("struct %s %u %u\n", #type, (unsigned)sizeof(type), \
           (unsigned)offsetof(struct after_char_##type, t))
#define MEMBER(type, field)                                                              \
    printf("member %s.%s %u %u\n", #type, #field, (unsigned)offsetof(type, field), \
           (unsigned)sizeof(((type*)0)->field))

int main(void) {
    STRUCT(ck_bytes);
    MEMBER(ck_bytes, data);
    MEMBER(ck_bytes, size);

    STRUCT(ck_buffer);
    MEMBER(ck_buffer, struct_size);
    MEMBER(ck_buffer, data);
    MEMBER(ck_buffer, size);
    MEMBER(ck_buffer, release);
    MEMBER(ck_buffer, private_data);

    STRUCT(ck_error);
    MEMBER(ck_error, struct_size);
    MEMBER(ck_error, code);
    MEMBER(ck_error, message);

    STRUCT(ck_host_info);
    MEMBER(ck_host_info, struct_size);
    MEMBER(ck_host_info, host_name);
    MEMBER(ck_host_info, host_version);
    MEMBER(ck_host_info, host_data);
    MEMBER(ck_host_info, log);
    MEMBER(ck_host_info, max_log_level);
    MEMBER(ck_host_info, capabilities);

    STRUCT(ck_expansion_desc);
    MEMBER(ck_expansion_desc, struct_size);
    MEMBER(ck_expansion_desc, id);
    MEMBER(ck_expansion_desc, name);
    MEMBER(ck_expansion_desc, version);
    MEMBER(ck_expansion_desc, hooks);
    MEMBER(ck_expansion_desc, requires_ids);

    STRUCT(ck_plugin_api);
    MEMBER(ck_plugin_api, struct_size);
    MEMBER(ck_plugin_api, create);
    MEMBER(ck_plugin_api, destroy);
    MEMBER(ck_plugin_api, expansion_count);
    MEMBER(ck_plugin_api, expansion_at);
    MEMBER(ck_plugin_api, get_manifest);
    MEMBER(ck_plugin_api, call_hook);
    MEMBER(ck_plugin_api, get_extension);
    MEMBER(ck_plugin_api, status_name);

    STRUCT(ck_negotiate_in);
    MEMBER(ck_negotiate_in, struct_size);
    MEMBER(ck_negotiate_in, abi_major);
    MEMBER(ck_negotiate_in, abi_minor_min);
    MEMBER(ck_negotiate_in, abi_minor_max);
    MEMBER(ck_negotiate_in, schema_min);
    MEMBER(ck_negotiate_in, schema_max);

    STRUCT(ck_negotiate_out);
    MEMBER(ck_negotiate_out, struct_size);
    MEMBER(ck_negotiate_out, abi_minor);
    MEMBER(ck_negotiate_out, schema_revision);
    MEMBER(ck_negotiate_out, api);
    MEMBER(ck_negotiate_out, module_name);
    MEMBER(ck_negotiate_out, module_version);
    return 0;
}
