# ck_add_plugin_module(<target> SOURCES <file>... [LIBS <lib>...]
#                      [OUTPUT_DIR <dir>] [VERSION_SCRIPT <map>])
#
# A plugin module for cloisterkit hosts: a dlopen-only MODULE library named
# <target>.so (no "lib" prefix), built with hidden visibility, linked with
# the SDK (CloisterKit::sdk) and the version script that exports
# ck_plugin_negotiate_v1 and nothing else (docs/abi.md §2, §11).
#
#   LIBS            more libraries to link (PRIVATE)
#   OUTPUT_DIR      where the module is written; default
#                   CLOISTERKIT_MODULE_OUTPUT_DIR if set, else CMake's default
#   VERSION_SCRIPT  replaces CLOISTERKIT_PLUGIN_VERSION_SCRIPT; only tests
#                   need that (a module for another ABI major exports
#                   another symbol)
#
# The same file serves the cloisterkit build itself (plugin/CMakeLists.txt)
# and an installed package (find_package(CloisterKit CONFIG) includes it).
# To install a module where an installed host searches, use
# install(TARGETS <target> LIBRARY DESTINATION <libdir>/cloisterkit/plugins)
# (CLOISTERKIT_PLUGIN_DIR is that folder of the found package).
include_guard(GLOBAL)

if(NOT DEFINED CLOISTERKIT_PLUGIN_VERSION_SCRIPT)
  set(CLOISTERKIT_PLUGIN_VERSION_SCRIPT "${CMAKE_CURRENT_LIST_DIR}/cloisterkit_plugin.map")
endif()

function(ck_add_plugin_module name)
  cmake_parse_arguments(M "" "OUTPUT_DIR;VERSION_SCRIPT" "SOURCES;LIBS" ${ARGN})
  if(M_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "ck_add_plugin_module(${name}): unknown arguments ${M_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT M_SOURCES)
    message(FATAL_ERROR "ck_add_plugin_module(${name}): SOURCES is required")
  endif()
  if(NOT M_OUTPUT_DIR AND DEFINED CLOISTERKIT_MODULE_OUTPUT_DIR)
    set(M_OUTPUT_DIR ${CLOISTERKIT_MODULE_OUTPUT_DIR})
  endif()
  if(NOT M_VERSION_SCRIPT)
    set(M_VERSION_SCRIPT ${CLOISTERKIT_PLUGIN_VERSION_SCRIPT})
  endif()
  add_library(${name} MODULE ${M_SOURCES})
  target_link_libraries(${name} PRIVATE CloisterKit::sdk ${M_LIBS})
  set_target_properties(${name} PROPERTIES
    PREFIX ""
    CXX_VISIBILITY_PRESET hidden
    C_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON
    LINK_DEPENDS ${M_VERSION_SCRIPT})
  if(M_OUTPUT_DIR)
    set_target_properties(${name} PROPERTIES LIBRARY_OUTPUT_DIRECTORY ${M_OUTPUT_DIR})
  endif()
  # Each function in a section of its own, and the linker drops the ones
  # nothing calls (the SDK is compiled the same way): a host with a dozen
  # modules loaded keeps each one's code in memory (docs/performance.md,
  # "Memory").
  target_compile_options(${name} PRIVATE -ffunction-sections -fdata-sections)
  target_link_options(${name} PRIVATE
    -Wl,--version-script=${M_VERSION_SCRIPT} -Wl,-z,defs -Wl,--exclude-libs,ALL -Wl,--gc-sections)
  # Inside the cloisterkit build: the host depends on every module.
  if(TARGET ck_all_plugins)
    add_dependencies(ck_all_plugins ${name})
  endif()
endfunction()

# ck_add_expansion_module(<target> NAMESPACE <ns> TILES <file.xml>
#                         SOURCES <file>... [RULES <file>...]
#                         [RULES_TESTS <file>...] [HOOK_TESTS <file>...]
#                         [TEST_PREFIX <name>])
#
# The layout every expansion of the cloisterkit tree has, for a modder's
# project too: a plugin module (ck_add_plugin_module) with its tile file
# embedded, its SDK-free rules as a library, their plain tests and its hook
# tests through the SDK's hook test kit. One CMakeLists.txt then builds the
# module inside the cloisterkit tree and on its own against an installed
# package (find_package(CloisterKit) first).
#
#   NAMESPACE    the C++ namespace of the generated `std::string_view
#                tiles_xml()` (header "tiles_xml.hpp"), the tile file's text
#   TILES        the JCloisterZone-style tile file; CMake reconfigures when
#                it changes; installed beside the module's data in the tree
#   RULES        sources of <target>_rules, a static library with src/ as
#                its public include folder, linked into the module
#   RULES_TESTS  test programs linked with the rules library
#   HOOK_TESTS   test programs linked with CloisterKit::sdk_testing; they
#                find the built module as the string CK_MODULE_FILE
#   TEST_PREFIX  CTest names <prefix>.<stem> (test/rules_test.cpp gives
#                <prefix>.rules); default <target>
#
# Tests are built when BUILD_TESTING (include(CTest)) or, in the
# cloisterkit tree, CK_BUILD_TESTS is on. The module is installed to
# CLOISTERKIT_INSTALL_PLUGIN_DIR (an installed package's) or, in the tree,
# CK_INSTALL_PLUGIN_DIR.
function(ck_add_expansion_module target)
  cmake_parse_arguments(X "" "NAMESPACE;TILES;TEST_PREFIX" "SOURCES;RULES;RULES_TESTS;HOOK_TESTS" ${ARGN})
  if(X_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "ck_add_expansion_module(${target}): unknown arguments ${X_UNPARSED_ARGUMENTS}")
  endif()
  foreach(required NAMESPACE TILES SOURCES)
    if(NOT X_${required})
      message(FATAL_ERROR "ck_add_expansion_module(${target}): ${required} is required")
    endif()
  endforeach()
  if(NOT X_TEST_PREFIX)
    set(X_TEST_PREFIX ${target})
  endif()
  set(in_tree OFF)
  if(TARGET ck_all_plugins)
    set(in_tree ON)
  endif()

  # The tile file as a raw string literal: no file is needed at run time.
  get_filename_component(xml ${X_TILES} ABSOLUTE)
  get_filename_component(xml_name ${X_TILES} NAME)
  file(READ ${xml} xml_text)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${xml})
  set(generated ${CMAKE_CURRENT_BINARY_DIR}/generated)
  file(CONFIGURE OUTPUT ${generated}/tiles_xml.hpp CONTENT
"// Generated from ${xml_name} by ck_add_expansion_module: do not edit.
#pragma once

#include <string_view>

namespace ${X_NAMESPACE} {

// The expansion's tile file, embedded at build time.
std::string_view tiles_xml();

}  // namespace ${X_NAMESPACE}
")
  file(CONFIGURE OUTPUT ${generated}/tiles_xml.cpp CONTENT
"// Generated from ${xml_name} by ck_add_expansion_module: do not edit.
#include \"tiles_xml.hpp\"

namespace ${X_NAMESPACE} {

std::string_view tiles_xml() {
    static constexpr char kXml[] = R\"ck_tiles_xml(@xml_text@)ck_tiles_xml\";
    return {kXml, sizeof kXml - 1};
}

}  // namespace ${X_NAMESPACE}
" @ONLY)

  set(libs)
  if(X_RULES)
    add_library(${target}_rules STATIC ${X_RULES})
    target_include_directories(${target}_rules PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/src)
    target_compile_features(${target}_rules PUBLIC cxx_std_20)
    set_target_properties(${target}_rules PROPERTIES POSITION_INDEPENDENT_CODE ON)
    set(libs ${target}_rules)
  endif()
  ck_add_plugin_module(${target} SOURCES ${X_SOURCES} ${generated}/tiles_xml.cpp LIBS ${libs})
  target_include_directories(${target} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/src ${generated})

  if(in_tree)
    install(TARGETS ${target} LIBRARY DESTINATION ${CK_INSTALL_PLUGIN_DIR} COMPONENT runtime)
    install(FILES ${xml} DESTINATION ${CMAKE_INSTALL_DATADIR}/cloisterkit/expansions COMPONENT runtime)
  else()
    install(TARGETS ${target} LIBRARY DESTINATION ${CLOISTERKIT_INSTALL_PLUGIN_DIR})
  endif()

  if(NOT ((in_tree AND CK_BUILD_TESTS) OR (NOT in_tree AND BUILD_TESTING)))
    return()
  endif()
  foreach(kind RULES HOOK)
    foreach(source IN LISTS X_${kind}_TESTS)
      get_filename_component(stem ${source} NAME_WE)
      string(REGEX REPLACE "_test$" "" stem ${stem})
      set(exe ${target}_${stem}_test)
      add_executable(${exe} ${source})
      if(kind STREQUAL RULES)
        target_link_libraries(${exe} PRIVATE ${libs})
      else()
        # The hooks through the module's C ABI, with the SDK's hook test kit.
        target_link_libraries(${exe} PRIVATE CloisterKit::sdk_testing)
        target_compile_definitions(${exe} PRIVATE CK_MODULE_FILE="$<TARGET_FILE:${target}>")
        add_dependencies(${exe} ${target})
      endif()
      add_test(NAME ${X_TEST_PREFIX}.${stem} COMMAND ${exe})
    endforeach()
  endforeach()
endfunction()
