// The variant of a test module built from one shared source: only this
// file is compiled per variant (MODULE_VARIANT, MODULE_LABEL), the
// module's source once, as an object library (tests/CMakeLists.txt,
// ck_add_module_variants). Hidden like every symbol of a module but the
// entry point.
#include "module_variant.hpp"

const int module_variant = MODULE_VARIANT;
const char* const module_label = MODULE_LABEL;
