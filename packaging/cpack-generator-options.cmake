# CPACK_PROJECT_CONFIG_FILE (packaging/cpack.cmake): read by cpack once per
# generator, with CPACK_GENERATOR naming the one that runs.
if(CPACK_GENERATOR STREQUAL "DEB")
  # Debian's prefix. The libdir under it is the build's CMAKE_INSTALL_LIBDIR
  # (lib/<multiarch triplet> on Debian, top-level CMakeLists.txt).
  set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
  # CPackDeb would put the project's summary before each component's
  # description, which has its own synopsis line.
  unset(CPACK_PACKAGE_DESCRIPTION_SUMMARY)
endif()
