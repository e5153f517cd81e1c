// The test module's entry point. Built twice: normally (ABI major 1) and
// with CK_TEST_ABI_MAJOR=2, a module from a "future" ABI that an ABI-1 host
// must refuse because it lacks ck_plugin_negotiate_v1.
#include "test_expansions.hpp"

#ifndef CK_TEST_ABI_MAJOR
#define CK_TEST_ABI_MAJOR 1
#endif

#if CK_TEST_ABI_MAJOR == 2
CK_SDK_DEFINE_MODULE_FOR_ABI_MAJOR(2, "ck-abi-test-v2", "2.0.0", ck::abi_test::make_test_expansions)
#else
CK_SDK_DEFINE_MODULE("ck-abi-test", "0.0.1", ck::abi_test::make_test_expansions)
#endif
