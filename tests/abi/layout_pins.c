/* Pins the ABI-1.0 layout of every public struct and the value of every
 * constant: a change here is an ABI break, so the build fails instead of a
 * host silently misreading a module. Fields may only ever be appended (then
 * sizeof grows and this file is updated in the same commit, with an ABI
 * minor bump). Offsets are those of the LP64 data model (Linux x86-64 and
 * AArch64), the platforms we build for. */
#include <cloisterkit/plugin.h>

#define PIN(type, field, offset) _Static_assert(offsetof(type, field) == (offset), #type "." #field " moved")
#define PIN_SIZE(type, size) _Static_assert(sizeof(type) == (size), "sizeof(" #type ") changed")
#define PIN_VALUE(name, value) _Static_assert((name) == (value), #name " changed value")

_Static_assert(sizeof(void*) == 8 && sizeof(size_t) == 8, "layout pins assume LP64");

PIN(ck_bytes, data, 0);
PIN(ck_bytes, size, 8);
PIN_SIZE(ck_bytes, 16);

PIN(ck_buffer, struct_size, 0);
PIN(ck_buffer, data, 8);
PIN(ck_buffer, size, 16);
PIN(ck_buffer, release, 24);
PIN(ck_buffer, private_data, 32);
PIN_SIZE(ck_buffer, 40);

PIN(ck_error, struct_size, 0);
PIN(ck_error, code, 4);
PIN(ck_error, message, 8);
PIN_SIZE(ck_error, 8 + CK_ERROR_MESSAGE_CAPACITY);

PIN(ck_host_info, struct_size, 0);
PIN(ck_host_info, host_name, 8);
PIN(ck_host_info, host_version, 16);
PIN(ck_host_info, host_data, 24);
PIN(ck_host_info, log, 32);
PIN(ck_host_info, max_log_level, 40);
PIN(ck_host_info, capabilities, 48); /* ABI 1.3, appended */
PIN_SIZE(ck_host_info, 56);

PIN(ck_expansion_desc, struct_size, 0);
PIN(ck_expansion_desc, id, 8);
PIN(ck_expansion_desc, name, 16);
PIN(ck_expansion_desc, version, 24);
PIN(ck_expansion_desc, hooks, 32);
PIN(ck_expansion_desc, requires_ids, 40);
PIN_SIZE(ck_expansion_desc, 48);

PIN(ck_plugin_api, struct_size, 0);
PIN(ck_plugin_api, create, 8);
PIN(ck_plugin_api, destroy, 16);
PIN(ck_plugin_api, expansion_count, 24);
PIN(ck_plugin_api, expansion_at, 32);
PIN(ck_plugin_api, get_manifest, 40);
PIN(ck_plugin_api, call_hook, 48);
PIN(ck_plugin_api, get_extension, 56);
PIN(ck_plugin_api, status_name, 64);
PIN_SIZE(ck_plugin_api, 72);

PIN(ck_negotiate_in, struct_size, 0);
PIN(ck_negotiate_in, abi_major, 4);
PIN(ck_negotiate_in, abi_minor_min, 8);
PIN(ck_negotiate_in, abi_minor_max, 12);
PIN(ck_negotiate_in, schema_min, 16);
PIN(ck_negotiate_in, schema_max, 20);
PIN_SIZE(ck_negotiate_in, 24);

PIN(ck_negotiate_out, struct_size, 0);
PIN(ck_negotiate_out, abi_minor, 4);
PIN(ck_negotiate_out, schema_revision, 8);
PIN(ck_negotiate_out, api, 16);
PIN(ck_negotiate_out, module_name, 24);
PIN(ck_negotiate_out, module_version, 32);
PIN_SIZE(ck_negotiate_out, 40);

PIN_VALUE(sizeof(ck_status), 4);
PIN_VALUE(sizeof(ck_hook_id), 4);
PIN_VALUE(CK_ABI_MAJOR, 1);
PIN_VALUE(CK_ERROR_MESSAGE_CAPACITY, 256);
PIN_VALUE(CK_MAX_BUFFER_SIZE, 0x7FFFFFFE);

PIN_VALUE(CK_OK, 0);
PIN_VALUE(CK_NOTHING_TO_DO, 1);
PIN_VALUE(CK_E_INVALID_ARGUMENT, -1);
PIN_VALUE(CK_E_BAD_BUFFER, -2);
PIN_VALUE(CK_E_UNSUPPORTED_HOOK, -3);
PIN_VALUE(CK_E_VERSION_MISMATCH, -4);
PIN_VALUE(CK_E_OUT_OF_MEMORY, -5);
PIN_VALUE(CK_E_BUFFER_TOO_LARGE, -6);
PIN_VALUE(CK_E_INTERNAL, -7);
PIN_VALUE(CK_E_NO_SUCH_EXPANSION, -8);
PIN_VALUE(CK_E_SETUP_REFUSED, -9);
PIN_VALUE(CK_E_EXPANSION_FIRST, -1999);
PIN_VALUE(CK_E_EXPANSION_LAST, -1000);

PIN_VALUE(CK_HOOK_GAME_START, 0);
PIN_VALUE(CK_HOOK_TILE_STEP_OPTIONS, 1);
PIN_VALUE(CK_HOOK_PLACEMENT_CHECK, 2);
PIN_VALUE(CK_HOOK_TILE_PLACED, 3);
PIN_VALUE(CK_HOOK_FIGURE_OPTIONS, 4);
PIN_VALUE(CK_HOOK_APPLY_FIGURE_ACTION, 5);
PIN_VALUE(CK_HOOK_FEATURE_SCORING, 6);
PIN_VALUE(CK_HOOK_BONUS_POINTS, 7);
PIN_VALUE(CK_HOOK_TURN_END, 8);
PIN_VALUE(CK_HOOK_GAME_END_CHECK, 9);
PIN_VALUE(CK_HOOK_FINAL_SCORING, 10);

PIN_VALUE(CK_LOG_TRACE, 0);
PIN_VALUE(CK_LOG_DEBUG, 1);
PIN_VALUE(CK_LOG_INFO, 2);
PIN_VALUE(CK_LOG_WARN, 3);
PIN_VALUE(CK_LOG_ERROR, 4);
PIN_VALUE(CK_LOG_CRITICAL, 5);
PIN_VALUE(CK_LOG_OFF, 6);
