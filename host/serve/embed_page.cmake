# cmake -DOUTPUT=page_assets.cpp -DFILES="a|b|c" -P embed_page.cmake
# Writes the page's files as raw string literals behind page_asset().
if(NOT OUTPUT OR NOT FILES)
  message(FATAL_ERROR "embed_page.cmake needs -DOUTPUT=... and -DFILES=...")
endif()
string(REPLACE "|" ";" FILES "${FILES}")
set(_body "")
set(_delim "ckpage")
foreach(f IN LISTS FILES)
  file(READ "${f}" _text)
  string(FIND "${_text}" ")${_delim}\"" _clash)
  if(NOT _clash EQUAL -1)
    message(FATAL_ERROR "${f} contains the raw-string terminator )${_delim}\"")
  endif()
  get_filename_component(_name "${f}" NAME)
  string(APPEND _body "    if (name == \"${_name}\") {\n"
    "        static constexpr char kText[] = R\"${_delim}(${_text})${_delim}\";\n"
    "        return {kText, sizeof(kText) - 1};\n    }\n")
endforeach()
file(WRITE "${OUTPUT}"
  "// Generated from host/serve/page by embed_page.cmake; do not edit.\n"
  "#include \"page_assets.hpp\"\n\n"
  "namespace ck::serve {\n\n"
  "std::string_view page_asset(std::string_view name) {\n${_body}    return {};\n}\n\n"
  "}  // namespace ck::serve\n")
