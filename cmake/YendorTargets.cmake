# Helpers shared by every Yendor target.

# Strict warnings on our own code only (never on third-party headers, which come in as SYSTEM).
function(yendor_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Werror -Wshadow
                                           -Wnon-virtual-dtor -Wold-style-cast)
  # GCC 12 reports false -Wrestrict errors inside std::string's operator+ at -O3 (GCC bug
  # 105329, fixed in GCC 13); Debian 12 ships GCC 12.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
    target_compile_options(${target} PRIVATE -Wno-restrict)
  endif()
endfunction()

# yendor_module(NAME SOURCES ... DEPENDS ...): one folder of src/yendor, one static library.
# A module links only the modules below it, so a layer that reaches upward fails to link
# (and the layering test in tests/ rejects the include before that).
function(yendor_module name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPENDS;PRIVATE_DEPENDS" ${ARGN})
  add_library(yendor_${name} STATIC ${ARG_SOURCES})
  add_library(yendor::${name} ALIAS yendor_${name})
  target_include_directories(yendor_${name} PUBLIC ${PROJECT_SOURCE_DIR}/src)
  target_compile_features(yendor_${name} PUBLIC cxx_std_20)
  target_link_libraries(yendor_${name} PUBLIC ${ARG_DEPENDS} PRIVATE ${ARG_PRIVATE_DEPENDS})
  yendor_warnings(yendor_${name})
endfunction()
