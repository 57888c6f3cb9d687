# install_test.cmake — ctest script: install tsume into a scratch prefix,
# then build consumers with find_package(tsume CONFIG), with pkg-config, and
# with add_subdirectory, and run them.
#
#   cmake -DBUILD_DIR=... -DSOURCE_DIR=... -DWORK_DIR=... -DCC=... -P install_test.cmake
cmake_minimum_required(VERSION 3.18)

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}\n${out}\n${err}")
  endif()
  set(LAST_OUTPUT "${out}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})

foreach(f include/tsume.h lib/libtsume.a lib/libtsume.so lib/libtsume.so.0 lib/cmake/tsume/tsumeConfig.cmake
          lib/cmake/tsume/tsumeConfigVersion.cmake lib/pkgconfig/tsume.pc)
  if(NOT EXISTS ${prefix}/${f})
    message(FATAL_ERROR "not installed: ${f}")
  endif()
endforeach()

# find_package(tsume CONFIG)
set(consumer ${SOURCE_DIR}/tests/c/consumer)
run(${CMAKE_COMMAND} -S ${consumer} -B ${WORK_DIR}/fp -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_BUILD_TYPE=Release)
run(${CMAKE_COMMAND} --build ${WORK_DIR}/fp)
run(${WORK_DIR}/fp/consumer_shared)
run(${WORK_DIR}/fp/consumer_static)
message(STATUS "find_package: ${LAST_OUTPUT}")

# pkg-config, with the prefix moved: tsume.pc is relocatable
find_program(PKG_CONFIG pkg-config)
if(PKG_CONFIG)
  file(RENAME ${prefix} ${WORK_DIR}/moved)
  set(ENV{PKG_CONFIG_PATH} ${WORK_DIR}/moved/lib/pkgconfig)
  run(${PKG_CONFIG} --cflags --libs tsume)
  string(STRIP "${LAST_OUTPUT}" flags)
  separate_arguments(flags UNIX_COMMAND "${flags}")
  run(${CC} ${consumer}/consumer.c ${flags} -o ${WORK_DIR}/pc_consumer)
  set(ENV{LD_LIBRARY_PATH} ${WORK_DIR}/moved/lib)
  run(${WORK_DIR}/pc_consumer)
  message(STATUS "pkg-config: ${LAST_OUTPUT}")
  file(RENAME ${WORK_DIR}/moved ${prefix})
endif()

# add_subdirectory(tsume)
if(WITH_SUBDIRECTORY)
  run(${CMAKE_COMMAND} -S ${consumer} -B ${WORK_DIR}/sub -DTSUME_SOURCE_DIR=${SOURCE_DIR} -DCMAKE_BUILD_TYPE=Release)
  run(${CMAKE_COMMAND} --build ${WORK_DIR}/sub)
  run(${WORK_DIR}/sub/consumer_shared)
  run(${WORK_DIR}/sub/consumer_static)
  message(STATUS "add_subdirectory: ${LAST_OUTPUT}")
endif()
