# Sourced by scripts/run-sanitizers.sh and scripts/run-fuzzers.sh: the
# sanitizer options both use, and finding sanitizer reports in output.
#
# A sanitizer's default exit status (1) looks like an ordinary test failure,
# so every sanitizer halts at its first report with an exit status of its
# own, and the scripts also search the output for the reports' headlines and
# print a line naming the sanitizer and where it fired.

# Exit statuses, distinct from the host's 0/1/2 and from each other.
CK_ASAN_EXITCODE=86
CK_LSAN_EXITCODE=87
CK_UBSAN_EXITCODE=88
CK_TSAN_EXITCODE=89

# ASan and UBSan built with -fno-sanitize-recover=undefined: the first report
# ends the process. Leak checking is on (the default on x86-64 Linux).
export ASAN_OPTIONS="halt_on_error=1:exitcode=${CK_ASAN_EXITCODE}:detect_leaks=1:abort_on_error=0:detect_stack_use_after_return=0:allocator_may_return_null=0:strict_string_checks=0"
export LSAN_OPTIONS="exitcode=${CK_LSAN_EXITCODE}"
export UBSAN_OPTIONS="halt_on_error=1:exitcode=${CK_UBSAN_EXITCODE}:print_stacktrace=1"
export TSAN_OPTIONS="halt_on_error=1:exitcode=${CK_TSAN_EXITCODE}:second_deadlock_stack=1"

# The compiler's shared sanitizer runtime, for clang builds: modules are
# linked with -z defs (plugin/CMakeLists.txt), so they must link the runtime
# themselves, which clang does only with -shared-libsan.
ck_clang_runtime_dir() {
  dirname "$(clang++ -print-file-name=libclang_rt.asan-x86_64.so)"
}

# ck_sanitizer_reports FILE: prints "SANITIZER REPORT (<sanitizer>) in <where>"
# for each report in FILE, where <where> is the CTest test whose output holds
# it (a CTest LastTest.log) or "$2" for a plain log. Returns 0 if there was
# none, 1 otherwise.
ck_sanitizer_reports() {
  local file=$1 where=${2:-}
  [ -f "$file" ] || return 0
  awk -v where="$where" '
    /^[0-9]+\/[0-9]+ Test: / { sub(/^[0-9]+\/[0-9]+ Test: /, ""); test = $0; next }
    {
      kind = ""
      if ($0 ~ /ERROR: AddressSanitizer/) kind = "AddressSanitizer"
      else if ($0 ~ /ERROR: LeakSanitizer/) kind = "LeakSanitizer"
      else if ($0 ~ /(WARNING|ERROR): ThreadSanitizer/) kind = "ThreadSanitizer"
      else if ($0 ~ /runtime error: / || $0 ~ /ERROR: UndefinedBehaviorSanitizer/) kind = "UndefinedBehaviorSanitizer"
      if (kind == "") next
      at = test != "" ? "test " test : where
      key = kind " in " at
      if (!(key in seen)) { seen[key] = 1; print "SANITIZER REPORT (" kind ") in " at; found = 1 }
    }
    END { exit found ? 1 : 0 }' "$file"
}
