# ck_install_gzipped(<target> <file> DESTINATION <dir> COMPONENT <component>):
# installs <file>.gz, made at build time by target <target> (part of ALL)
# with `gzip -9n`: maximum compression and no name or timestamp in the
# header, as Debian wants for man pages and changelogs (lintian checks both).
find_program(CK_GZIP gzip REQUIRED)
function(ck_install_gzipped target file)
  cmake_parse_arguments(G "" "DESTINATION;COMPONENT" "" ${ARGN})
  if(NOT G_DESTINATION OR NOT G_COMPONENT)
    message(FATAL_ERROR "ck_install_gzipped(${target} ${file}): DESTINATION and COMPONENT are required")
  endif()
  add_custom_command(OUTPUT ${file}.gz
    COMMAND ${CK_GZIP} -9 -n -f -k ${file}
    DEPENDS ${file}
    COMMENT "gzip -9n ${file}"
    VERBATIM)
  add_custom_target(${target} ALL DEPENDS ${file}.gz)
  install(FILES ${file}.gz DESTINATION ${G_DESTINATION} COMPONENT ${G_COMPONENT})
endfunction()
