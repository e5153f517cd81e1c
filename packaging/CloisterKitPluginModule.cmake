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
  target_link_options(${name} PRIVATE
    -Wl,--version-script=${M_VERSION_SCRIPT} -Wl,-z,defs -Wl,--exclude-libs,ALL)
  # Inside the cloisterkit build: the host depends on every module.
  if(TARGET ck_all_plugins)
    add_dependencies(ck_all_plugins ${name})
  endif()
endfunction()
