// Error reporting across the C ABI: status codes with text written into the
// caller's ck_error, and the exception barrier every entry point runs in.
#pragma once

#include <cloisterkit/plugin.h>
#include <cloisterkit/sdk/setup_refused.hpp>

#include <new>
#include <stdexcept>
#include <string>
#include <string_view>

namespace ck::sdk::detail {

// Writes `code` and `message` (truncated to fit, always NUL-terminated)
// into `err` when it is not NULL; returns `code` so callers can
// `return fail(err, CK_E_..., "...")`.
ck_status fail(ck_error* err, ck_status code, std::string_view message) noexcept;

// Marks `err` (when not NULL) as holding no error.
void clear_error(ck_error* err) noexcept;

// An error with a status code, thrown inside the barrier by SDK code that
// is several calls deep (manifest building, descriptor checks).
class StatusError : public std::runtime_error {
public:
    StatusError(ck_status status, const std::string& message) : std::runtime_error(message), status_(status) {}
    ck_status status() const noexcept { return status_; }

private:
    ck_status status_;
};

// Runs `body` (returning ck_status) and turns every exception into a
// status: nothing may unwind through a C caller.
template <class Body>
ck_status exception_barrier(ck_error* err, Body&& body) noexcept {
    try {
        return body();
    } catch (const StatusError& e) {
        return fail(err, e.status(), e.what());
    } catch (const SetupRefused& e) {
        return fail(err, CK_E_SETUP_REFUSED, e.what());
    } catch (const std::bad_alloc&) {
        return fail(err, CK_E_OUT_OF_MEMORY, "out of memory");
    } catch (const std::exception& e) {
        return fail(err, CK_E_INTERNAL, e.what());
    } catch (...) {
        return fail(err, CK_E_INTERNAL, "unknown exception (not derived from std::exception)");
    }
}

}  // namespace ck::sdk::detail
