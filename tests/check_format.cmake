# Fails when a C++ source differs from .clang-format. Usage: -DCLANG_FORMAT=... -DROOT=... -P
cmake_minimum_required(VERSION 3.25)
file(GLOB_RECURSE sources ${ROOT}/src/*.cpp ${ROOT}/src/*.hpp ${ROOT}/tests/*.cpp
     ${ROOT}/tests/*.hpp ${ROOT}/bench/*.cpp ${ROOT}/bench/*.hpp)
execute_process(COMMAND ${CLANG_FORMAT} --dry-run --Werror ${sources}
                RESULT_VARIABLE result ERROR_VARIABLE errors)
if(NOT result EQUAL 0)
  message(FATAL_ERROR "not clang-formatted (run clang-format -i on them):\n${errors}")
endif()
message(STATUS "format ok")
