#!/usr/bin/env bash
# Installs the Debian 12 packages the project needs. Idempotent: when
# everything is present it does nothing (no apt-get update).
#
#   install-deps.sh           what building and running `cloisterkit` and the
#                             plugin module need (scripts/run-game.sh)
#   install-deps.sh --tests   that and what the test suite, the sanitizer and
#                             fuzzing builds and the benchmarks add
set -euo pipefail
packages=(
  cmake ninja-build g++ pkgconf binutils
  libboost-graph-dev
  libflatbuffers-dev flatbuffers-compiler flatbuffers-compiler-dev
  libspdlog-dev libfmt-dev
  libpugixml-dev nlohmann-json3-dev
  # cloisterkit serve: the HTTP server (docs/serve.md).
  libcpp-httplib-dev
  # The Python package (python/, docs/python.md): pybind11 and numpy for
  # Debian's python3.
  python3-dev pybind11-dev python3-numpy
)
test_packages=(
  libgtest-dev libgmock-dev libbenchmark-dev
  # scripts/run-sanitizers.sh and scripts/run-fuzzers.sh: clang with its
  # sanitizer and libFuzzer runtimes (libclang-rt-14-dev is only recommended
  # by clang, so --no-install-recommends would leave it out), and
  # llvm-symbolizer (llvm-14) for readable reports. g++'s ThreadSanitizer
  # runtime comes with g++ (libtsan2).
  clang libclang-rt-14-dev llvm-14
  # tests/render: the step-through page in headless Chromium, driven over
  # chromedriver's WebDriver protocol; the pictures' font.
  chromium chromium-driver fonts-dejavu-core
  # packaging/python-host: the example host in Python (ctypes and Debian's
  # FlatBuffers runtime for Python), tested by CTest (python_host).
  python3 python3-flatbuffers
  # python/tests: pytest, and Dask's distributed scheduler and workers.
  python3-pytest python3-distributed
  # tests/abi/gate: the C interface against its libabigail baseline.
  abigail-tools
  # packaging/cpack.cmake and tests/packaging: cpack's DEB generator runs
  # dpkg-shlibdeps (dpkg-dev) on what `file` says is ELF for the Depends;
  # the test checks both .debs with lintian.
  dpkg-dev file lintian
)
case "${1:-}" in
  "") ;;
  --tests) packages+=("${test_packages[@]}") ;;
  *) echo "usage: scripts/install-deps.sh [--tests]" >&2; exit 2 ;;
esac
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "install-deps: installing ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
