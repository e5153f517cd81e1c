# A stripping install strips like Debian's dh_strip, which lintian expects.
# CMake's own stripping (CPACK_STRIP_FILES, `cmake --install --strip`) runs
# a bare `strip` on programs and modules and leaves static libraries alone;
# what it leaves is done here, after those files are installed (this folder
# is installed after host/ and expansions/):
#   programs, modules  the compiler's .comment and .note sections
#   static library     its debug information and the same sections, and
#                      deterministically (no timestamps or owners)

# ck_strip_installed(<component> OPTIONS <strip option>... FILES <path>...):
# FILES are under the prefix and may use generator expressions.
function(ck_strip_installed component)
  cmake_parse_arguments(S "" "" "OPTIONS;FILES" ${ARGN})
  install(CODE "set(CK_STRIP_TOOL [[${CMAKE_STRIP}]])
set(CK_STRIP_OPTIONS [[${S_OPTIONS}]])
set(CK_STRIP_FILES [[${S_FILES}]])" COMPONENT ${component})
  install(SCRIPT ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/strip-installed.cmake COMPONENT ${component})
endfunction()

if(NOT CMAKE_STRIP)
  message(FATAL_ERROR "no strip program (CMAKE_STRIP) for the packages: install binutils")
endif()
set(_sections --remove-section=.comment --remove-section=.note)
ck_strip_installed(runtime OPTIONS ${_sections}
  FILES ${CMAKE_INSTALL_BINDIR}/$<TARGET_FILE_NAME:cloisterkit>
        ${CMAKE_INSTALL_BINDIR}/$<TARGET_FILE_NAME:cloisterkit-serve>
        ${CK_INSTALL_PLUGIN_DIR}/$<TARGET_FILE_NAME:cloisterkit_expansions>)
ck_strip_installed(dev OPTIONS --strip-debug ${_sections} --enable-deterministic-archives
  FILES ${CMAKE_INSTALL_LIBDIR}/$<TARGET_FILE_NAME:ck_sdk>
        ${CMAKE_INSTALL_LIBDIR}/$<TARGET_FILE_NAME:ck_sdk_testing>)
if(TARGET ck_python)
  ck_strip_installed(python OPTIONS ${_sections}
    FILES ${CK_INSTALL_PYTHON_DIR}/$<TARGET_FILE_NAME:ck_python>)
endif()
