#!/usr/bin/env bash
# The reproducible-build test (tests/reproducible/CMakeLists.txt). Copies
# the source tree into another folder (other names, other depth, its build
# folder inside it), builds `cloisterkit` and every plugin module there with
# the configuration of the build under test, and checks that
#   1. each program and module has the same bytes as the build under test's,
#   2. no absolute path of either source tree or build folder is in them
#      (-ffile-prefix-map, and no folder compiled in: host/core/build_tree.hpp).
#
# run.sh source=DIR build=DIR work=DIR cmake=CMAKE generator=G -- CMAKE_ARGS...
# CMAKE_ARGS: the build under test's compilers, build type and flags.
set -euo pipefail
source= build= work= cmake= generator=
while (($#)); do
  arg=$1
  shift
  case $arg in
    --) break ;;
    source=* | build=* | work=* | cmake=* | generator=*) printf -v "${arg%%=*}" '%s' "${arg#*=}" ;;
    *) echo "run.sh: unknown argument $arg" >&2; exit 2 ;;
  esac
done
for v in source build work cmake generator; do
  [ -n "${!v}" ] || { echo "run.sh: $v= is required" >&2; exit 2; }
done
fail() { echo "reproducible-build test: FAILED: $*" >&2; exit 1; }
step() { echo "reproducible-build test: $*"; }

rm -rf "$work"
a_build=$build
b_src=$work/second-copy/deeper/cloisterkit b_build=$work/second-copy/deeper/cloisterkit/out
mkdir -p "$b_src"

# copy_tree DEST: the source files as a build sees them. In a git checkout,
# the tracked and untracked-but-not-ignored files (no build folders);
# otherwise everything but build folders.
copy_tree() {
  if git -C "$source" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    (cd "$source" && git ls-files -z --cached --others --exclude-standard |
      xargs -0 -r sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' sh |
      tar --null -T - -cf -) | tar -xf - -C "$1"
  else
    tar -C "$source" --exclude='./build*' --exclude=./.git -cf - . | tar -xf - -C "$1"
  fi
}

step "copying $source to $b_src"
copy_tree "$b_src"
step "building cloisterkit and the modules in $b_build ($*)"
"$cmake" -S "$b_src" -B "$b_build" -G "$generator" "$@" -DCK_BUILD_TESTS=OFF -DCK_BUILD_BENCH=OFF \
  >"$work/configure.log" 2>&1 || { cat "$work/configure.log" >&2; fail "configuring $b_src"; }
"$cmake" --build "$b_build" -j "$(nproc)" --target cloisterkit ck_all_plugins >"$work/build.log" 2>&1 \
  || { tail -40 "$work/build.log" >&2; fail "building $b_src (log: $work/build.log)"; }

# What the copy built: the build under test also has the test suite's modules.
mapfile -t outputs < <(cd "$b_build" && { echo bin/cloisterkit; ls plugins/*.so; })
((${#outputs[@]} >= 2)) || fail "the copy made no plugin module (${outputs[*]})"
differ=()
for f in "${outputs[@]}"; do
  [ -f "$a_build/$f" ] || fail "the build under test has no $f"
  cmp -s "$a_build/$f" "$b_build/$f" || differ+=("$f")
done
if ((${#differ[@]})); then
  for f in "${differ[@]}"; do
    echo "$f differs; sections whose contents differ:" >&2
    diff <(readelf -W -x .text -x .rodata -x .data.rel.ro "$a_build/$f" 2>/dev/null | md5sum) \
      <(readelf -W -x .text -x .rodata -x .data.rel.ro "$b_build/$f" 2>/dev/null | md5sum) >/dev/null \
      || echo "  code or constants" >&2
    cmp -l "$a_build/$f" "$b_build/$f" | head -5 >&2 || true
  done
  fail "${#differ[@]} of ${#outputs[@]} files differ between $a_build and $b_build: ${differ[*]}"
fi
for f in "${outputs[@]}"; do
  for dir in "$source" "$build" "$b_src"; do
    if grep -qaF -- "$dir" "$a_build/$f"; then
      fail "$f contains the absolute path $dir"
    fi
  done
done
step "passed: ${#outputs[@]} files identical in both builds ($a_build, $b_build) (${outputs[*]}), no folder's path in them"
