/*
 * cloisterkit/status_names.h: the names of the status codes in plugin.h,
 * for hosts and modules alike (a host needs them before any module's
 * status_name is reachable, e.g. when negotiation fails). C99, header-only.
 */
#ifndef CLOISTERKIT_STATUS_NAMES_H
#define CLOISTERKIT_STATUS_NAMES_H

#include "plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A static, never-NULL name such as "CK_E_BAD_BUFFER". */
static inline const char* ck_status_to_string(ck_status status) {
    switch (status) {
        case CK_OK: return "CK_OK";
        case CK_NOTHING_TO_DO: return "CK_NOTHING_TO_DO";
        case CK_E_INVALID_ARGUMENT: return "CK_E_INVALID_ARGUMENT";
        case CK_E_BAD_BUFFER: return "CK_E_BAD_BUFFER";
        case CK_E_UNSUPPORTED_HOOK: return "CK_E_UNSUPPORTED_HOOK";
        case CK_E_VERSION_MISMATCH: return "CK_E_VERSION_MISMATCH";
        case CK_E_OUT_OF_MEMORY: return "CK_E_OUT_OF_MEMORY";
        case CK_E_BUFFER_TOO_LARGE: return "CK_E_BUFFER_TOO_LARGE";
        case CK_E_INTERNAL: return "CK_E_INTERNAL";
        case CK_E_NO_SUCH_EXPANSION: return "CK_E_NO_SUCH_EXPANSION";
        case CK_E_SETUP_REFUSED: return "CK_E_SETUP_REFUSED";
        default: break;
    }
    if (status >= CK_E_EXPANSION_FIRST && status <= CK_E_EXPANSION_LAST) return "CK_E_EXPANSION_SPECIFIC";
    return status > 0 ? "CK_UNKNOWN_SUCCESS" : "CK_E_UNKNOWN";
}

#ifdef __cplusplus
}
#endif

#endif /* CLOISTERKIT_STATUS_NAMES_H */
