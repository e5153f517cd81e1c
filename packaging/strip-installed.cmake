# Run by `cmake --install` (ck_strip_installed in packaging/strip.cmake)
# after the files it names are installed. Only a stripping install
# (`--strip`, and cpack with CPACK_STRIP_FILES) does anything: it runs
# CK_STRIP_TOOL with CK_STRIP_OPTIONS on each of CK_STRIP_FILES (paths under
# the prefix).
if(NOT CMAKE_INSTALL_DO_STRIP)
  return()
endif()
foreach(_file IN LISTS CK_STRIP_FILES)
  set(_path "$ENV{DESTDIR}${CMAKE_INSTALL_PREFIX}/${_file}")
  execute_process(COMMAND "${CK_STRIP_TOOL}" ${CK_STRIP_OPTIONS} "${_path}"
                  RESULT_VARIABLE _status ERROR_VARIABLE _error)
  if(NOT _status EQUAL 0)
    message(FATAL_ERROR "stripping ${_path} (${CK_STRIP_TOOL} ${CK_STRIP_OPTIONS}) failed (${_status}): ${_error}")
  endif()
endforeach()
