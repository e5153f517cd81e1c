# CK_FUZZ=ON (included by the top-level CMakeLists.txt before any target):
# the whole tree is compiled for libFuzzer with AddressSanitizer and
# UndefinedBehaviorSanitizer; tests/fuzz links the targets with libFuzzer
# (CK_LIBFUZZER_ARCHIVE). Clang only.
if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang" OR NOT CMAKE_C_COMPILER_ID STREQUAL "Clang")
  message(FATAL_ERROR "CK_FUZZ=ON needs clang (CC=clang CXX=clang++); this is ${CMAKE_CXX_COMPILER_ID}")
endif()
# The shared sanitizer runtime: plugin modules are linked with -z defs
# (plugin/CMakeLists.txt) and must find the runtime's symbols themselves.
execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=libclang_rt.asan-x86_64.so
                OUTPUT_VARIABLE _ck_asan_rt OUTPUT_STRIP_TRAILING_WHITESPACE)
get_filename_component(_ck_asan_rt_dir ${_ck_asan_rt} DIRECTORY)
add_compile_options(-fsanitize=address,undefined,fuzzer-no-link -fno-sanitize-recover=undefined
                    -fno-omit-frame-pointer -shared-libsan)
add_link_options(-fsanitize=address,undefined -shared-libsan -Wl,-rpath,${_ck_asan_rt_dir})
# libFuzzer itself, linked as an archive after the objects rather than with
# -fsanitize=fuzzer: that flag puts libstdc++ before the shared ASan runtime
# in the program's library list, and ASan refuses to start so.
execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=libclang_rt.fuzzer-x86_64.a
                OUTPUT_VARIABLE CK_LIBFUZZER_ARCHIVE OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT EXISTS ${CK_LIBFUZZER_ARCHIVE})
  message(FATAL_ERROR "CK_FUZZ=ON: libFuzzer not found (${CK_LIBFUZZER_ARCHIVE}); install libclang-rt-14-dev")
endif()
