#!/usr/bin/env bash
# The packages test (tests/packaging/CMakeLists.txt): cpack makes the .deb
# packages and the .tar.gz from this build tree (packaging/cpack.cmake) into
# a scratch folder; the test checks each .deb's control fields and files,
# runs lintian on both, then unpacks the two .debs into one root and the
# .tar.gz into another folder and checks each as an installed cloisterkit:
# a short simulation, then tests/install/run.sh with prefix= (the layout, a
# C host and the fan-expansion template built against it, games played).
#
# run.sh build=DIR work=DIR version=V libdir=DIR triplet=T runtime=PKG dev=PKG \
#        [python=PKG] cpack=CPACK -- INSTALL_ARGS...
# python= names the Python package, when the build has one (CK_BUILD_PYTHON).
# INSTALL_ARGS go to tests/install/run.sh as they are (major, generator,
# cmake, compilers and flags). Exits 77 (CTest: skipped) when dpkg-deb or
# lintian is missing; scripts/install-deps.sh --tests installs both.
set -euo pipefail
build= work= version= libdir= triplet= runtime= dev= python= cpack=
while (($#)); do
  arg=$1
  shift
  case $arg in
    --) break ;;
    build=* | work=* | version=* | libdir=* | triplet=* | runtime=* | dev=* | python=* | cpack=*)
      printf -v "${arg%%=*}" '%s' "${arg#*=}" ;;
    *) echo "run.sh: unknown argument $arg" >&2; exit 2 ;;
  esac
done
for v in build work version libdir triplet runtime dev cpack; do
  [ -n "${!v}" ] || { echo "run.sh: $v= is required" >&2; exit 2; }
done
here=$(cd "$(dirname "$0")" && pwd)
install_test=$here/../install/run.sh

fail() { echo "packaging test: FAILED: $*" >&2; exit 1; }
step() { echo "packaging test: $*"; }

for tool in dpkg-deb lintian; do
  if ! command -v "$tool" >/dev/null; then
    echo "packaging test: SKIPPED: no $tool (scripts/install-deps.sh --tests installs it)"
    exit 77
  fi
done
for tool in dpkg-shlibdeps file; do
  command -v "$tool" >/dev/null \
    || fail "no $tool: cpack needs it for the packages' Depends (scripts/install-deps.sh --tests installs it)"
done
[ "$libdir" = "lib/$triplet" ] \
  || fail "the build's CMAKE_INSTALL_LIBDIR is '$libdir'; Debian packages need lib/$triplet (configure without -DCMAKE_INSTALL_LIBDIR)"

rm -rf "$work"
mkdir -p "$work"
unset CLOISTERKIT_PLUGIN_PATH

step "cpack -G 'DEB;TGZ' into $work/packages"
out=$work/packages
"$cpack" --config "$build/CPackConfig.cmake" -G "DEB;TGZ" -B "$out" >"$work/cpack.log" 2>&1 \
  || { cat "$work/cpack.log" >&2; fail "cpack (log: $work/cpack.log)"; }
arch=$(dpkg --print-architecture)
runtime_deb=$out/${runtime}_${version}_${arch}.deb
dev_deb=$out/${dev}_${version}_${arch}.deb
for f in "$runtime_deb" "$dev_deb"; do
  [ -f "$f" ] || { ls -l "$out" >&2; fail "cpack made no $(basename "$f")"; }
done
all_debs=("$runtime_deb" "$dev_deb")
if [ -n "$python" ]; then
  python_deb=$out/${python}_${version}_${arch}.deb
  [ -f "$python_deb" ] || { ls -l "$out" >&2; fail "cpack made no $(basename "$python_deb")"; }
  all_debs+=("$python_deb")
fi
debs=("$out"/*.deb)
((${#debs[@]} == ${#all_debs[@]})) || fail "cpack made ${#debs[@]} .deb files, not ${#all_debs[@]}: ${debs[*]##*/}"
tgzs=("$out"/*.tar.gz)
if ((${#tgzs[@]} != 1)) || [ ! -f "${tgzs[0]}" ]; then fail "cpack made ${#tgzs[@]} .tar.gz files, not 1"; fi
tgz=${tgzs[0]}
[[ $(basename "$tgz") == "$runtime-$version-"*.tar.gz ]] || fail "the archive is named $(basename "$tgz")"

step "control fields"
# expect_field DEB FIELD VALUE: the field is exactly VALUE.
expect_field() {
  local got
  got=$(dpkg-deb -f "$1" "$2")
  [ "$got" = "$3" ] || fail "$(basename "$1"): $2 is '$got', not '$3'"
}
# expect_in_field DEB FIELD TEXT: the field contains TEXT.
expect_in_field() {
  local got
  got=$(dpkg-deb -f "$1" "$2")
  [[ $got == *"$3"* ]] || fail "$(basename "$1"): $2 is '$got', without '$3'"
}
for deb in "${all_debs[@]}"; do
  expect_field "$deb" Version "$version"
  expect_field "$deb" Architecture "$arch"
  [ -n "$(dpkg-deb -f "$deb" Maintainer)" ] || fail "$(basename "$deb"): no Maintainer"
  # A synopsis, then a long description.
  [ "$(dpkg-deb -f "$deb" Description | wc -l)" -ge 3 ] || fail "$(basename "$deb"): no long description"
done
expect_field "$runtime_deb" Package "$runtime"
expect_field "$dev_deb" Package "$dev"
# dpkg-shlibdeps' work: versioned dependencies on the C and C++ runtimes.
expect_in_field "$runtime_deb" Depends "libc6 (>= "
expect_in_field "$runtime_deb" Depends "libstdc++6 (>= "
expect_in_field "$dev_deb" Depends "$runtime (= $version)"
if [ -n "$python" ]; then
  expect_field "$python_deb" Package "$python"
  expect_field "$python_deb" Section python
  expect_in_field "$python_deb" Depends "$runtime (= $version)"
  expect_in_field "$python_deb" Depends "python3-numpy"
  expect_in_field "$python_deb" Depends "python3 (>= "
fi

step "files"
# files DEB: the regular files and symlinks of DEB, without the leading ./
files() { dpkg-deb --fsys-tarfile "$1" | tar -t | sed -n 's|^\./||; /\/$/!p' | sort; }
files "$runtime_deb" >"$work/runtime.files"
files "$dev_deb" >"$work/dev.files"
: >"$work/python.files"
[ -z "$python" ] || files "$python_deb" >"$work/python.files"
# expect_files LIST PATH...: each PATH is in LIST.
expect_files() {
  local list=$1 f
  shift
  for f in "$@"; do
    grep -qxF -- "$f" "$list" || { cat "$list" >&2; fail "no $f in $(basename "$list" .files)"; }
  done
}
plugins=usr/$libdir/cloisterkit/plugins
expect_files "$work/runtime.files" usr/bin/cloisterkit usr/bin/cloisterkit-serve "$plugins/cloisterkit_expansions.so" \
  usr/share/cloisterkit/tiles/basic.xml usr/share/cloisterkit/expansions/halflings.xml \
  usr/share/man/man1/cloisterkit.1.gz usr/share/man/man1/cloisterkit-serve.1.gz \
  "usr/share/doc/$runtime/copyright" "usr/share/doc/$runtime/changelog.gz"
cmake_dir=usr/$libdir/cmake/CloisterKit
expect_files "$work/dev.files" usr/include/cloisterkit/plugin.h usr/include/cloisterkit/status_names.h \
  usr/include/cloisterkit/sdk/module.hpp usr/include/cloisterkit/schemas/hooks_generated.h \
  usr/include/cloisterkit/sdk/testing.hpp usr/include/cloisterkit/sdk/tile_contents.hpp \
  "usr/$libdir/libcloisterkit_sdk.a" "usr/$libdir/libcloisterkit_sdk_testing.a" "$cmake_dir/CloisterKitConfig.cmake" \
  "$cmake_dir/CloisterKitConfigVersion.cmake" "$cmake_dir/CloisterKitTargets.cmake" \
  "$cmake_dir/CloisterKitPluginModule.cmake" "usr/$libdir/pkgconfig/cloisterkit.pc" \
  "usr/$libdir/pkgconfig/cloisterkit-sdk.pc" usr/share/cloisterkit/schemas/hooks.fbs \
  usr/share/cloisterkit/cloisterkit_plugin.map \
  "usr/share/doc/$dev/copyright" "usr/share/doc/$dev/changelog.gz"
if [ -n "$python" ]; then
  pydir=usr/lib/python3/dist-packages/cloisterkit
  expect_files "$work/python.files" "$pydir/__init__.py" "$pydir/env.py" "$pydir/dask.py" \
    "usr/share/doc/$python/copyright" "usr/share/doc/$python/changelog.gz"
  grep -qE "^$pydir/_core\.cpython-[0-9]+-[^/]*\.so\$" "$work/python.files" \
    || { cat "$work/python.files" >&2; fail "no $pydir/_core.cpython-*.so in $python"; }
  if grep -vE "^($pydir/|usr/share/doc/$python/)" "$work/python.files"; then fail "files (above) outside $pydir in $python"; fi
fi
# Nothing to build against in the runtime, nothing to run in dev.
if grep -E '^usr/include/|\.a$|/cmake/|/pkgconfig/|\.fbs$|\.map$' "$work/runtime.files"; then
  fail "development files (above) in $runtime"
fi
if grep -E '^usr/bin/|/cloisterkit/plugins/|/cloisterkit/tiles/|/man/' "$work/dev.files"; then
  fail "runtime files (above) in $dev"
fi
# The file that makes a program a build tree's (host/core/build_tree.hpp)
# is never installed: an installed cloisterkit must not use a build's paths.
if grep -F cloisterkit-build-tree "$work/runtime.files" "$work/dev.files" "$work/python.files"; then
  fail "the build tree's marker file (above) is in a package"
fi
# dpkg refuses to install two packages that share a file.
if sort "$work/runtime.files" "$work/dev.files" "$work/python.files" | uniq -d | grep .; then
  fail "files (above) in two packages"
fi
# The archive holds both packages' files, and nothing else: an install() rule
# without a component would be in it and in neither package.
top=$(tar -tzf "$tgz" | sed -n '1{s|/.*||;p}')
tar -tzf "$tgz" | sed -n "s|^$top/||; /\/\$/!p" | sed '/^$/d' | sort >"$work/tgz.files"
sort -m "$work/runtime.files" "$work/dev.files" "$work/python.files" | sed 's|^usr/||' >"$work/debs.files"
diff -u "$work/debs.files" "$work/tgz.files" >"$work/tgz.diff" \
  || { cat "$work/tgz.diff" >&2; fail "the archive's files (+) differ from the packages' (-)"; }
# Stripped as dh_strip would (CPACK_STRIP_FILES, packaging/strip.cmake).
dpkg-deb -x "$runtime_deb" "$work/runtime-only"
dpkg-deb -x "$dev_deb" "$work/dev-only"
for f in "$work/runtime-only/usr/bin/cloisterkit" "$work/runtime-only/$plugins/cloisterkit_expansions.so"; do
  file -b "$f" | grep -q ', stripped' || fail "${f#"$work/runtime-only/"} is not stripped: $(file -b "$f")"
done
for f in "$work/runtime-only/usr/bin/cloisterkit" "$work/runtime-only/$plugins/cloisterkit_expansions.so" \
         "$work/dev-only/usr/$libdir/libcloisterkit_sdk.a" "$work/dev-only/usr/$libdir/libcloisterkit_sdk_testing.a"; do
  if objdump -h "$f" | grep -E '\.debug_|\.comment'; then fail "sections (above) left in $f"; fi
done

step "the man page names every command of cloisterkit --help"
"$work/runtime-only/usr/bin/cloisterkit" --help >"$work/help.txt"
commands=$(sed -n '/^commands:/,/^$/{s/^  \([a-z]\+\) .*/\1/p}' "$work/help.txt")
[ -n "$commands" ] || { cat "$work/help.txt" >&2; fail "no commands in cloisterkit --help"; }
gzip -dc "$work/runtime-only/usr/share/man/man1/cloisterkit.1.gz" >"$work/cloisterkit.1"
for c in $commands; do
  grep -qE "^\.BI? \"?$c( |\"|$)" "$work/cloisterkit.1" || fail "the man page (packaging/man/cloisterkit.1) does not describe '$c'"
done

step "lintian"
status=0
lintian --fail-on error,warning --display-info --show-overrides --tag-display-limit 0 \
  "${all_debs[@]}" >"$work/lintian.log" 2>&1 || status=$?
cat "$work/lintian.log"
if ((status)); then
  fail "lintian (exit status $status): an error or warning above (E:, W:) has no override; fix it, or override it with its reason in packaging/debian/<package>.lintian-overrides"
fi
if grep -E 'unused-override|mismatched-override' "$work/lintian.log"; then
  fail "an override in packaging/debian/*.lintian-overrides matches nothing lintian reports (above): remove or fix it"
fi

step "the runtime package alone plays"
"$work/runtime-only/usr/bin/cloisterkit" play --expansions all --seed 3 >"$work/runtime-only.log" 2>&1 \
  || { cat "$work/runtime-only.log" >&2; fail "cloisterkit play from the runtime package alone"; }
grep -q "final scores after" "$work/runtime-only.log" || { cat "$work/runtime-only.log" >&2; fail "no final scores"; }

dpkg-deb -x "$runtime_deb" "$work/deb-root"
dpkg-deb -x "$dev_deb" "$work/deb-root"
[ -z "$python" ] || dpkg-deb -x "$python_deb" "$work/deb-root"
mkdir "$work/tgz-root"
tar -xzf "$tgz" -C "$work/tgz-root"
for tree in "$work/deb-root/usr" "$work/tgz-root/$top"; do
  check=$work/check-$(basename "$(dirname "$tree")")
  step "the unpacked $tree: simulate --games 3 --seed 1 --expansions all"
  "$tree/bin/cloisterkit" simulate --games 3 --seed 1 --expansions all >"$work/simulate.log" 2>&1 \
    || { cat "$work/simulate.log" >&2; fail "cloisterkit simulate in $tree"; }
  grep -q "3 games" "$work/simulate.log" || { cat "$work/simulate.log" >&2; fail "simulate did not play 3 games in $tree"; }
  if [ -n "$python" ]; then
    # The installed package finds the engine's tiles and plugins through
    # <prefix>/bin/cloisterkit, wherever the tree is (python/src/module.cpp).
    step "the unpacked $tree: import cloisterkit; cloisterkit.simulate(games=3)"
    PYTHONPATH=$tree/lib/python3/dist-packages /usr/bin/python3 -c "
import cloisterkit
r = cloisterkit.simulate(games=3, seed=1, expansions=['halflings', 'little-buildings', 'abbot'])
assert r['scores'].shape == (3, 2), r
print('python: 3 games', r['scores'].tolist())" >"$work/python.log" 2>&1 \
      || { cat "$work/python.log" >&2; fail "the Python package in $tree"; }
  fi
  step "the unpacked $tree as an installed cloisterkit (tests/install/run.sh)"
  bash "$install_test" "prefix=$tree" "build=$build" "work=$check" "$@" \
    || fail "tests/install/run.sh on $tree (above)"
done
step "passed"
