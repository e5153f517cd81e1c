#!/usr/bin/env bash
# The install test (tests/install/CMakeLists.txt): installs the build tree
# into a temporary prefix, moves the prefix elsewhere (the tree must be
# relocatable), builds a C host (consumer/) and the fan-expansion template
# (packaging/template) against it, the template twice (its own CMake
# project with find_package, running its tests, then pkg-config only), and
# runs the installed `cloisterkit` with each module.
#
# run.sh build=DIR work=DIR major=N generator=G [cmake=CMAKE] [prefix=DIR] \
#        cc=C cxx=CXX cflags=F cxxflags=F modflags=F exeflags=F
# (name=value pairs, so an empty value is still an argument; the compilers
# and flags are the build's, so a sanitizer build's SDK links.) With
# prefix=DIR it checks that installed tree instead of installing the build
# (tests/packaging: the unpacked .deb and .tar.gz packages).
set -euo pipefail
build= work= major= generator= cmake=cmake prefix= cc= cxx= cflags= cxxflags= modflags= exeflags=
prefix_given=
for arg in "$@"; do
  case $arg in
    prefix=*) prefix_given=1 ;;&
    build=* | work=* | major=* | generator=* | cmake=* | prefix=* | cc=* | cxx=* | cflags=* | cxxflags=* | modflags=* | exeflags=*)
      printf -v "${arg%%=*}" '%s' "${arg#*=}" ;;
    *) echo "run.sh: unknown argument $arg" >&2; exit 2 ;;
  esac
done
[ -n "$build" ] && [ -n "$work" ] && [ -n "$major" ] && [ -n "$generator" ] || { echo "run.sh: build, work, major and generator are required" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
source_dir=$(cd "$here/../.." && pwd)

fail() { echo "install test: FAILED: $*" >&2; exit 1; }
step() { echo "install test: $*"; }
# expect TEXT FILE: FILE contains TEXT.
expect() { grep -qF -- "$1" "$2" || { cat "$2" >&2; fail "no '$1' in $2"; }; }
# refuse TEXT FILE: FILE does not contain TEXT.
refuse() { ! grep -qF -- "$1" "$2" || { grep -nF -- "$1" "$2" >&2; fail "'$1' in $2"; }; }

rm -rf "$work"
mkdir -p "$work"
unset CLOISTERKIT_PLUGIN_PATH CMAKE_PREFIX_PATH PKG_CONFIG_PATH

if [ -n "$prefix" ]; then
  [ -d "$prefix" ] || fail "prefix=$prefix: no such directory"
  prefix=$(cd "$prefix" && pwd)
  step "the installed tree $prefix"
else
  step "cmake --install into a temporary prefix, then moving it"
  "$cmake" --install "$build" --prefix "$work/staging" >"$work/install.log"
  mv "$work/staging" "$work/prefix"
  prefix=$work/prefix
fi
[ -x "$prefix/bin/cloisterkit" ] || fail "no bin/cloisterkit"
# `cloisterkit serve` runs the program beside it (the web server's libraries
# load in that process alone).
[ -x "$prefix/bin/cloisterkit-serve" ] || fail "no bin/cloisterkit-serve"
"$prefix/bin/cloisterkit" serve --help | grep -q "usage: cloisterkit serve" \
  || fail "the installed cloisterkit serve --help does not answer"
for f in include/cloisterkit/plugin.h include/cloisterkit/sdk/module.hpp \
         include/cloisterkit/schemas/common_generated.h share/cloisterkit/tiles/basic.xml \
         share/cloisterkit/schemas/hooks.fbs share/cloisterkit/cloisterkit_plugin.map; do
  [ -f "$prefix/$f" ] || fail "not installed: $f"
done
cmake_dir=$(dirname "$(find "$prefix" -name CloisterKitConfig.cmake)")
pc_dir=$(dirname "$(find "$prefix" -name cloisterkit-sdk.pc)")
for f in CloisterKitConfigVersion.cmake CloisterKitTargets.cmake CloisterKitPluginModule.cmake; do
  [ -f "$cmake_dir/$f" ] || fail "not installed: $cmake_dir/$f"
done
[ -f "$pc_dir/cloisterkit.pc" ] || fail "not installed: cloisterkit.pc"
ls "$(dirname "$pc_dir")"/libcloisterkit_sdk.a >/dev/null || fail "not installed: libcloisterkit_sdk.a"
ls "$(dirname "$pc_dir")"/cloisterkit/plugins/cloisterkit_expansions.so >/dev/null || fail "not installed: the plugin module"

# Nothing installed names the build or source tree, the old prefix, or our
# internal dependencies.
# (The prefix is inside the build tree, hence the folders named here.)
grep -rIlF -e "$build/generated" -e "$build/packaging" -e "$source_dir/abi" -e "$source_dir/plugin" \
  -e "$source_dir/schemas" -e "$source_dir/packaging" -e "$work/staging" "$prefix/include/cloisterkit" "$cmake_dir" "$pc_dir" \
  && fail "installed files name the build tree, the source tree or the staging prefix"
# Our headers only: a shared prefix such as /usr holds other projects' too.
grep -rIlE '#include *[<"](spdlog|fmt|boost|pugixml|nlohmann)' "$prefix/include/cloisterkit" \
  && fail "installed headers include an internal dependency"
grep -rIlE 'spdlog::|fmt::|Boost::|pugixml|nlohmann' "$cmake_dir" \
  && fail "the CMake package needs an internal dependency"
grep -hv '^#' "$pc_dir"/cloisterkit*.pc | grep -iE 'spdlog|fmt|boost|pugixml|nlohmann' \
  && fail "the .pc files need an internal dependency"

step "a C host (consumer/abi_only.c) with find_package(CloisterKit $major CONFIG) and CloisterKit::abi"
"$cmake" -S "$here/consumer" -B "$work/consumer-cmake" -G "$generator" \
  -DCMAKE_PREFIX_PATH="$prefix" -DCK_EXPECTED_MAJOR="$major" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
  -DCMAKE_C_COMPILER="$cc" -DCMAKE_C_FLAGS="$cflags" -DCMAKE_EXE_LINKER_FLAGS="$exeflags" \
  >"$work/consumer-configure.log" || { cat "$work/consumer-configure.log" >&2; fail "configuring the consumer"; }
expect "consumer: CloisterKit" "$work/consumer-configure.log"
expect "in $prefix/" "$work/consumer-configure.log"
"$cmake" --build "$work/consumer-cmake" >"$work/consumer-build.log" \
  || { cat "$work/consumer-build.log" >&2; fail "building the consumer"; }
"$work/consumer-cmake/abi_only" | grep -q '^ABI 1\.' || fail "abi_only"

# out_of_tree SOURCE NAME WHAT [CMAKE_ARGS...]: configures and builds a
# project against the prefix alone in $work/NAME-cmake, as a modder would,
# and checks that nothing of this source tree or build reached it (the
# generated headers and everything else came from the prefix).
out_of_tree() {
  local src=$1 name=$2 what=$3 tree
  shift 3
  "$cmake" -S "$src" -B "$work/$name-cmake" -G "$generator" \
    -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
    -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_CXX_FLAGS="$cxxflags" \
    -DCMAKE_MODULE_LINKER_FLAGS="$modflags" -DCMAKE_EXE_LINKER_FLAGS="$exeflags" "$@" >"$work/$name-configure.log" \
    || { cat "$work/$name-configure.log" >&2; fail "configuring $what"; }
  "$cmake" --build "$work/$name-cmake" >"$work/$name-build.log" \
    || { cat "$work/$name-build.log" >&2; fail "building $what"; }
  for tree in "$build/generated" "$source_dir/abi" "$source_dir/plugin" "$source_dir/schemas" "$source_dir/host"; do
    refuse "$tree" "$work/$name-cmake/compile_commands.json"
  done
}

template=$source_dir/packaging/template
step "the fan-expansion template (packaging/template) with find_package, and its own tests"
out_of_tree "$template" template "the template" -DCLOISTERKIT_MAJOR="$major"
# Its install goes where the prefix's cloisterkit looks (CLOISTERKIT_INSTALL_PLUGIN_DIR).
"$cmake" --install "$work/template-cmake" --prefix "$work/template-prefix" >"$work/template-install.log" \
  || { cat "$work/template-install.log" >&2; fail "installing the template"; }
plugins_under_prefix=$(dirname "$pc_dir")/cloisterkit/plugins
[ -f "$work/template-prefix/${plugins_under_prefix#"$prefix"/}/long_roads.so" ] \
  || { cat "$work/template-install.log" >&2; fail "the template did not install into ${plugins_under_prefix#"$prefix"/}"; }
"${cmake%cmake}ctest" --test-dir "$work/template-cmake" --output-on-failure >"$work/template-test.log" 2>&1 \
  || { cat "$work/template-test.log" >&2; fail "the template's tests"; }
expect "long_roads.rule" "$work/template-test.log"
expect "long_roads.game" "$work/template-test.log"
expect "long_roads.option" "$work/template-test.log"
expect "long_roads.hook" "$work/template-test.log"
expect "long_roads.typed_option" "$work/template-test.log"
expect "long_roads.validate" "$work/template-test.log"
expect "100% tests passed" "$work/template-test.log"

step "the template with pkg-config only"
export PKG_CONFIG_PATH=$pc_dir
pc() { pkg-config "$@" cloisterkit-sdk; }
[ "$(pkg-config --variable=plugindir cloisterkit)" -ef "$(dirname "$pc_dir")/cloisterkit/plugins" ] \
  || fail "cloisterkit.pc: plugindir $(pkg-config --variable=plugindir cloisterkit)"
[ -f "$(pkg-config --variable=schemadir cloisterkit)/hooks.fbs" ] || fail "cloisterkit.pc: schemadir"
mkdir -p "$work/template-pc"
# shellcheck disable=SC2046  # the flags are words
"$cxx" $cxxflags $(pc --variable=module_cflags) $(pc --cflags) -I"$template/src" \
  "$template/src/long_roads.cpp" "$template/src/long_roads_rule.cpp" \
  -o "$work/template-pc/long_roads.so" $modflags $(pc --variable=module_ldflags) $(pc --libs) \
  || fail "building the template with pkg-config"
unset PKG_CONFIG_PATH

for module in "$work/template-cmake/plugins/long_roads.so" "$work/template-pc/long_roads.so"; do
  exported=$(nm -D --defined-only "$module" | awk '{print $NF}' | sed 's/@.*//' | grep -v '^CK_PLUGIN_1$' | sort -u)
  [ "$exported" = ck_plugin_negotiate_v1 ] || fail "$module exports: $exported"
  if readelf -d "$module" | grep -E 'NEEDED.*(flatbuffers|spdlog|fmt)'; then fail "$module needs an internal library"; fi
  dir=$(dirname "$module")
  step "the prefix's cloisterkit with $module"
  "$prefix/bin/cloisterkit" plugins --plugin-path "$dir" >"$work/plugins.log" 2>&1 \
    || { cat "$work/plugins.log" >&2; fail "cloisterkit plugins"; }
  expect "expansion org.example.long-roads" "$work/plugins.log"
  # The installed folder, found relative to the moved program.
  expect "[installed]" "$work/plugins.log"
  expect "expansion cloisterkit.little-buildings" "$work/plugins.log"
  "$prefix/bin/cloisterkit" play --plugin-path "$dir" --expansions long-roads --seed 7 \
    --rule longRoads.minTiles=2 >"$work/play.log" 2>&1 || { cat "$work/play.log" >&2; fail "cloisterkit play"; }
  expect "org.example.long-roads" "$work/play.log"
  # Its scoring hook ran: a completed road scored more than its tiles.
  grep -qE "road = [0-9]+ spaces \+ [0-9]+ long road" "$work/play.log" \
    || { cat "$work/play.log" >&2; fail "no road scored more in $work/play.log"; }
  expect "final scores after" "$work/play.log"
done

# A shipped module written against the installed SDK alone, out of the
# tree: built with find_package as a modder's project, its own tests run,
# and a game with it in the installed module's place played byte for byte
# as with the installed one. Once, against this build's own install (the
# packaged trees, prefix=, share its SDK; the template above already
# builds against each of them).
#   sdk_module_out_of_tree DIR TAG LABEL MODULE_SO EVIDENCE GAME_ARGS...
# EVIDENCE: a pattern the game's --json output must hold (the module played).
# MODULE_TESTS=off: the module alone, its tests not built (they run in the
# tree; two modules' tests built here prove the hook test kit installs).
sdk_module_out_of_tree() {
  local dir=$1 tag=$2 label=$3 so=$4 evidence=$5
  shift 5
  step "$label ($dir) built out of the tree with find_package, as a modder's project"
  if [ "${MODULE_TESTS:-on}" = off ]; then
    out_of_tree "$dir" "$tag" "$label" -DBUILD_TESTING=OFF
  else
    out_of_tree "$dir" "$tag" "$label"
    "${cmake%cmake}ctest" --test-dir "$work/$tag-cmake" --output-on-failure >"$work/$tag-test.log" 2>&1 \
      || { cat "$work/$tag-test.log" >&2; fail "$label's tests"; }
    expect "100% tests passed" "$work/$tag-test.log"
  fi
  local built installed status=0
  built=$(find "$work/$tag-cmake" -name "$so" | head -n1)
  [ -n "$built" ] || fail "the out-of-tree build made no $so"
  installed=$(find "$prefix" -name "$so" | head -n1)
  [ -n "$installed" ] || fail "the prefix has no $so"
  "$prefix/bin/cloisterkit" "$@" >"$work/$tag-installed.json" 2>"$work/$tag-installed.err" \
    || { cat "$work/$tag-installed.err" >&2; fail "a game with the installed $label"; }
  # The same game with the out-of-tree module in the installed one's place.
  mv "$installed" "$work/$tag-installed.so"
  "$prefix/bin/cloisterkit" "$@" --plugin-path "$(dirname "$built")" >"$work/$tag-out-of-tree.json" \
    2>"$work/$tag-out-of-tree.err" || status=$?
  mv "$work/$tag-installed.so" "$installed"
  ((status == 0)) || { cat "$work/$tag-out-of-tree.err" >&2; fail "a game with the out-of-tree $label"; }
  cmp -s "$work/$tag-installed.json" "$work/$tag-out-of-tree.json" \
    || fail "the out-of-tree module played another game than the installed one ($work/$tag-*.json)"
  grep -q "$evidence" "$work/$tag-installed.json" || fail "no sign of $label in $work/$tag-installed.json ($evidence)"
}

if [ -z "$prefix_given" ]; then
  sdk_module_out_of_tree "$source_dir/expansions/inns_cathedrals" ic "Inns & Cathedrals" \
    cloisterkit_inns_cathedrals.so '\.big\.1"' \
    play --tile-set basic:2 --expansions inns-and-cathedrals,little-buildings,abbot --players 3 \
    --player-types greedy,random,greedy --seed 5 --json
  expect "inns_cathedrals.scoring" "$work/ic-test.log"
  expect "inns_cathedrals.hook" "$work/ic-test.log"
  sdk_module_out_of_tree "$source_dir/expansions/princess_dragon" pd "The Princess & the Dragon" \
    cloisterkit_princess_dragon.so '"figure": "dragon"' \
    play --expansions princess-and-dragon,little-buildings --players 3 \
    --player-types greedy,random,greedy --seed 5 --json
  expect "princess_dragon.rules" "$work/pd-test.log"
  expect "princess_dragon.hook" "$work/pd-test.log"
  # The small expansions of issue 43, each a module of its own, built
  # alone (their tests run in the tree): one game each with Little
  # Buildings, the evidence a tile of the expansion (a church bonus or a
  # shrine's challenge is rare at one seed).
  small_module() { # folder tag label evidence short
    MODULE_TESTS=off sdk_module_out_of_tree "$source_dir/expansions/$1" "$2" "$3" "cloisterkit_$1.so" "$4" \
      play --expansions "$5,little-buildings" --players 3 --player-types greedy,random,greedy --seed 5 --json
  }
  small_module cult cu "The Cult" '"CU/S' cult
  small_module darmstadt da "Darmstadt" '"DA/LRRRR"' darmstadt
  small_module labyrinth la "The Labyrinth" '"LA/Rrrr"' labyrinth
  small_module watchtowers wt "The Watchtowers" '"name": "watchtower"' watchtowers
  small_module wind_roses wr "The Wind Roses" '"WR/Rr"' wind-roses
  # Issue 45: on the turn protocol of ABI 1.4, from the installed SDK alone.
  small_module traders_builders tb "Traders & Builders" '"TB/' traders-and-builders
  small_module king_robber kr "King & Robber" '"KR/' king-and-robber
  small_module river ri "The River" '"RI.1/' river
  small_module gq11 gq "The Mini Expansion (GQ11)" '"GQ/' gq11
  # Issue 46: the mayor, on FIGURE_STRENGTH.
  small_module abbey_mayor am "Abbey & Mayor" '"AM/' abbey-and-mayor
fi

step "the prefix's cloisterkit alone: play --expansions all --seed 3"
(cd "$work" && "$prefix/bin/cloisterkit" play --expansions all --seed 3) >"$work/play-all.log" 2>&1 \
  || { cat "$work/play-all.log" >&2; fail "cloisterkit play --expansions all"; }
expect "final scores after" "$work/play-all.log"
step "passed"
