# `mpirun -np 2 yendor evolve` gives exactly the single-process run with the same seed: the same
# genome file and the same checkpoint, byte for byte; `mpirun -np 2 yendor eval` the same table
# and CSV (docs/bots.md). Usage:
#   cmake -DYENDOR=... -DMPIEXEC=... -DWORK=dir -P bots_mpi_test.cmake
cmake_minimum_required(VERSION 3.25)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(args evolve --population 10 --generations 3 --runs 2 --validate 8 --seed mpi-test)
# Root in a container: OpenMPI asks for these; shared memory without cross-memory attach.
set(ENV{OMPI_ALLOW_RUN_AS_ROOT} 1)
set(ENV{OMPI_ALLOW_RUN_AS_ROOT_CONFIRM} 1)
set(ENV{OMPI_MCA_btl_vader_single_copy_mechanism} none)
execute_process(COMMAND ${YENDOR} ${args} -o ${WORK}/single.toml --checkpoint ${WORK}/single.json
                RESULT_VARIABLE single_rc OUTPUT_VARIABLE single_out ERROR_VARIABLE single_err)
if(NOT single_rc EQUAL 0)
  message(FATAL_ERROR "single process failed (${single_rc}): ${single_err}")
endif()
execute_process(COMMAND ${MPIEXEC} -np 2 --oversubscribe ${YENDOR} ${args} -o ${WORK}/mpi.toml
                        --checkpoint ${WORK}/mpi.json
                RESULT_VARIABLE mpi_rc OUTPUT_VARIABLE mpi_out ERROR_VARIABLE mpi_err)
if(NOT mpi_rc EQUAL 0)
  message(FATAL_ERROR "mpirun -np 2 failed (${mpi_rc}): ${mpi_out}\n${mpi_err}")
endif()
if(NOT mpi_out MATCHES "2 ranks")
  message(FATAL_ERROR "the MPI run did not see 2 ranks:\n${mpi_out}")
endif()
foreach(file toml json)
  file(READ ${WORK}/single.${file} a)
  file(READ ${WORK}/mpi.${file} b)
  if(NOT a STREQUAL b)
    message(FATAL_ERROR "single.${file} and mpi.${file} differ")
  endif()
endforeach()
string(REPLACE "2 ranks" "1 rank" mpi_out_as_single "${mpi_out}")
string(REPLACE "mpi.toml" "single.toml" mpi_out_as_single "${mpi_out_as_single}")
if(NOT mpi_out_as_single STREQUAL single_out)
  message(FATAL_ERROR "the reports differ:\n${single_out}\n---\n${mpi_out}")
endif()

# yendor eval: the games go round the ranks; the same table and CSV.
set(eval_args eval --bot evolved --generators dd,caves --seeds 5..16)
execute_process(COMMAND ${YENDOR} ${eval_args} --csv ${WORK}/single.csv
                RESULT_VARIABLE single_rc OUTPUT_VARIABLE single_out ERROR_VARIABLE single_err)
if(NOT single_rc EQUAL 0)
  message(FATAL_ERROR "single-process eval failed (${single_rc}): ${single_err}")
endif()
execute_process(COMMAND ${MPIEXEC} -np 2 --oversubscribe ${YENDOR} ${eval_args} --csv ${WORK}/mpi.csv
                RESULT_VARIABLE mpi_rc OUTPUT_VARIABLE mpi_out ERROR_VARIABLE mpi_err)
if(NOT mpi_rc EQUAL 0)
  message(FATAL_ERROR "mpirun -np 2 eval failed (${mpi_rc}): ${mpi_out}\n${mpi_err}")
endif()
if(NOT mpi_err MATCHES "2 ranks")
  message(FATAL_ERROR "the MPI eval did not see 2 ranks:\n${mpi_err}")
endif()
file(READ ${WORK}/single.csv a)
file(READ ${WORK}/mpi.csv b)
if(NOT a STREQUAL b OR NOT single_out STREQUAL mpi_out)
  message(FATAL_ERROR "eval differs under mpirun:\n${single_out}\n---\n${mpi_out}")
endif()
message(STATUS "mpirun -np 2 and one process agree")
