#pragma once
// The cluster a command runs on (api/bots/cluster.hpp): the MPI ranks when the process was
// started by mpirun (OpenMPI's or a PMI launcher's environment says so) and Yendor was built
// with MPI, else this process alone. MPI is initialised on first use and finalised when the
// returned object goes.

#include <memory>

#include "yendor/api/bots/cluster.hpp"

namespace yendor::cli {

// Whether the environment says an MPI launcher started this process.
bool launched_by_mpi();
// Whether this build has MPI (OpenMPI found by CMake).
bool built_with_mpi();

// InputError when launched by mpirun but built without MPI (each rank would run the whole job).
std::unique_ptr<api::bots::Cluster> make_cluster();

}  // namespace yendor::cli
