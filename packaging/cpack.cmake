# CPack: the Debian packages and the relocatable archive (docs/installing.md,
# "Packages"). From a build tree:
#   cpack -G DEB   cloisterkit_<version>_<arch>.deb (component runtime) and
#                  cloisterkit-dev_<version>_<arch>.deb (component dev)
#   cpack -G TGZ   cloisterkit-<version>-linux-<arch>.tar.gz: both components
#                  in one tree that works wherever it is unpacked
# Included from packaging/CMakeLists.txt after every install() rule; the
# package names come from there (CK_DEB_PACKAGE_runtime, CK_DEB_PACKAGE_dev).
# tests/packaging checks the result.

set(CPACK_PACKAGE_NAME ${CK_DEB_PACKAGE_runtime})
set(CPACK_PACKAGE_VENDOR "The cloisterkit developers")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT ${CK_PACKAGE_MAINTAINER})
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_GENERATOR DEB TGZ)
set(CPACK_COMPONENTS_ALL ${CK_PACKAGE_COMPONENTS})
# Stripped programs and modules (dh_strip does the same for Debian's own
# packages; lintian flags unstripped ones); packaging/strip.cmake does the
# rest of what dh_strip does, for the static library too.
set(CPACK_STRIP_FILES ON)
# What differs between the generators (the DEB's prefix) is set when cpack
# runs each one.
set(CPACK_PROJECT_CONFIG_FILE ${CMAKE_CURRENT_SOURCE_DIR}/cpack-generator-options.cmake)

# --- TGZ: one archive with every component, under one top folder.
set(CPACK_ARCHIVE_COMPONENT_INSTALL OFF)
# (Also its top folder's name; the DEB files are named the Debian way.)
string(TOLOWER "${CMAKE_SYSTEM_NAME}-${CMAKE_SYSTEM_PROCESSOR}" _ck_system)
set(CPACK_PACKAGE_FILE_NAME "${CPACK_PACKAGE_NAME}-${PROJECT_VERSION}-${_ck_system}")

# --- DEB: one package per component.
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
# The version is the project's as it is (a native package: no Debian
# revision), so the dev package's exact dependency is on PROJECT_VERSION.
set(CPACK_DEBIAN_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_DEBIAN_PACKAGE_MAINTAINER ${CK_PACKAGE_MAINTAINER})
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# The runtime's Depends come from dpkg-shlibdeps (the dev package has no
# shared object, so it gets none from there).
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)

set(CPACK_DEBIAN_RUNTIME_PACKAGE_NAME ${CK_DEB_PACKAGE_runtime})
# Not "games": Debian puts games' programs in /usr/games, and this is an
# engine and its tools (simulate, replay, render) more than a game to play.
set(CPACK_DEBIAN_RUNTIME_PACKAGE_SECTION misc)
set(CPACK_DEBIAN_RUNTIME_DESCRIPTION
"Carcassonne rules engine with expansions as plugin modules
The cloisterkit command plays games of the board game Carcassonne between
computer players, simulates many games to measure speed and scores, replays
and checks JCloisterZone saved games, and draws boards as SVG pictures or
step-through HTML pages.

Every expansion is a plugin module loaded through a stable C interface. This
package ships one module with Little Buildings, Halflings and the Abbot; the
command also loads modules of its own from --plugin-path or
CLOISTERKIT_PLUGIN_PATH.")

set(CPACK_DEBIAN_DEV_PACKAGE_NAME ${CK_DEB_PACKAGE_dev})
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_DEV_PACKAGE_SOURCE ${CK_DEB_PACKAGE_runtime})
# Its CMake package and .pc files name the runtime's plugin folder, and its
# SDK must match the modules' host: the exact version. The generated headers
# check they are compiled with the FlatBuffers release flatc came from.
set(_ck_fb ${FlatBuffers_VERSION_MAJOR}.${FlatBuffers_VERSION_MINOR}.${FlatBuffers_VERSION_PATCH})
math(EXPR _ck_fb_next "${FlatBuffers_VERSION_PATCH} + 1")
set(_ck_fb_next ${FlatBuffers_VERSION_MAJOR}.${FlatBuffers_VERSION_MINOR}.${_ck_fb_next})
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS
    "${CK_DEB_PACKAGE_runtime} (= ${PROJECT_VERSION}), libflatbuffers-dev (>= ${_ck_fb}), libflatbuffers-dev (<< ${_ck_fb_next}~)")
set(CPACK_DEBIAN_DEV_DESCRIPTION
"development files for cloisterkit Carcassonne expansion modules
The C interface between a Carcassonne host and its expansion modules, and the
C++ SDK to write such a module against: headers, the static library
libcloisterkit_sdk.a, the hook test kit libcloisterkit_sdk_testing.a, the
FlatBuffers schemas of the messages and their generated C++ headers, a
CMake package (find_package(CloisterKit) with ck_add_plugin_module and the
CloisterKit::sdk_testing target) and pkg-config files.

A module built with them loads into the cloisterkit command of the same
version, and into any host of the same ABI major.")

set(CPACK_DEBIAN_PYTHON_PACKAGE_NAME ${CK_DEB_PACKAGE_python})
set(CPACK_DEBIAN_PYTHON_PACKAGE_SECTION python)
# The extension is built for Debian's python3 (its ABI tag is in the file's
# name) and uses its numpy; the engine, tiles and plugins are the runtime's.
set(CPACK_DEBIAN_PYTHON_PACKAGE_DEPENDS
    "${CK_DEB_PACKAGE_runtime} (= ${PROJECT_VERSION}), python3 (>= ${CK_PYTHON_VERSION}~), python3 (<< ${CK_PYTHON_NEXT_VERSION}), python3-numpy")
set(CPACK_DEBIAN_PYTHON_DESCRIPTION
"Python package of the cloisterkit Carcassonne engine
The cloisterkit module for Python 3: games of Carcassonne with the expansions
of the plugin modules (Halflings, Little Buildings, the Abbot and any module
on the plugin path), played move by move, copied, saved and loaded as
JCloisterZone .jcz files; many games simulated at the speed of the C++
engine into numpy arrays; an environment for learning agents that follows
PettingZoo's AEC conventions; and simulations and parameter sweeps on a
Dask cluster (cloisterkit.dask, with python3-distributed).")

include(CPack)
