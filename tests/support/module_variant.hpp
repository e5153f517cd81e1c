// Which variant of a test module this build is (module_variant.cpp): the
// shared source reads these at run time instead of #if, so that it is
// compiled once for all its variants.
#pragma once

extern const int module_variant;          // 1, 2, ...: the variant's number
extern const char* const module_label;    // its name, as the tests load it
