# cmake -DINPUT=halflings.xml -DOUTPUT=x.cpp -P embed_tiles_xml.cmake
# Writes a C++ source defining ck::halflings::tiles_xml(), which returns the
# file's text as one raw string literal.
if(NOT INPUT OR NOT OUTPUT)
  message(FATAL_ERROR "embed_tiles_xml.cmake needs -DINPUT=... and -DOUTPUT=...")
endif()
file(READ "${INPUT}" _text)
set(_delim "hfxml")
string(FIND "${_text}" ")${_delim}\"" _clash)
if(NOT _clash EQUAL -1)
  message(FATAL_ERROR "${INPUT} contains the raw-string terminator )${_delim}\"")
endif()
file(WRITE "${OUTPUT}"
  "// Generated from ${INPUT} by embed_tiles_xml.cmake; do not edit.\n"
  "#include \"tiles.hpp\"\n\n"
  "namespace ck::halflings {\n\n"
  "std::string_view tiles_xml() {\n"
  "    static constexpr char kText[] = R\"${_delim}(${_text})${_delim}\";\n"
  "    return {kText, sizeof(kText) - 1};\n"
  "}\n\n"
  "}  // namespace ck::halflings\n")
