/* A module built for a future ABI major: it exports only
 * ck_plugin_negotiate_v2, which a host speaking ABI major 1 must refuse by
 * name instead of misreading its structs. */
#include <stdint.h>

__attribute__((visibility("default"))) int32_t ck_plugin_negotiate_v2(const void* in, void* out, void* err) {
    (void)in;
    (void)out;
    (void)err;
    return 0;
}
