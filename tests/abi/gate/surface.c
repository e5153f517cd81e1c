/* The C interface as libabigail sees it: every public struct of plugin.h as
 * the parameter of a function of its own, so a change to any of them is
 * reported at that struct (a change reached only through a pointer member
 * of another struct can hide behind that struct's suppression), and the
 * entry point. Built and read by abi_gate.sh; never loaded. */
#include <cloisterkit/plugin.h>

#define CK_SURFACE(type) \
    CK_PLUGIN_EXPORT void ck_abi_surface_##type(const type* p) { (void)p; }

CK_SURFACE(ck_bytes)
CK_SURFACE(ck_buffer)
CK_SURFACE(ck_error)
CK_SURFACE(ck_host_info)
CK_SURFACE(ck_expansion_desc)
CK_SURFACE(ck_plugin_api)
CK_SURFACE(ck_negotiate_in)
CK_SURFACE(ck_negotiate_out)

CK_PLUGIN_EXPORT ck_status ck_plugin_negotiate_v1(const ck_negotiate_in* in, ck_negotiate_out* out,
                                                  ck_error* err) {
    (void)in;
    (void)out;
    (void)err;
    return CK_OK;
}
