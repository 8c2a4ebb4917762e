#include "yendor/cli/mpi_cluster.hpp"

#include <cstdlib>

#include "yendor/core/error.hpp"

#ifdef YENDOR_HAVE_MPI
#include <mpi.h>
#endif

namespace yendor::cli {

namespace {

#ifdef YENDOR_HAVE_MPI
class MpiCluster final : public api::bots::Cluster {
 public:
  MpiCluster() {
    int initialised = 0;
    MPI_Initialized(&initialised);
    if (initialised == 0) MPI_Init(nullptr, nullptr);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks_);
  }
  ~MpiCluster() override {
    int finalised = 0;
    MPI_Finalized(&finalised);
    if (finalised == 0) MPI_Finalize();
  }
  MpiCluster(const MpiCluster&) = delete;
  MpiCluster& operator=(const MpiCluster&) = delete;

  int rank() const override { return rank_; }
  int ranks() const override { return ranks_; }
  void share(std::vector<double>& values) override {
    MPI_Allreduce(MPI_IN_PLACE, values.data(), static_cast<int>(values.size()), MPI_DOUBLE, MPI_SUM,
                  MPI_COMM_WORLD);
  }

 private:
  int rank_ = 0;
  int ranks_ = 1;
};
#endif

}  // namespace

bool launched_by_mpi() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK"})
    if (std::getenv(name) != nullptr) return true;
  return false;
}

bool built_with_mpi() {
#ifdef YENDOR_HAVE_MPI
  return true;
#else
  return false;
#endif
}

std::unique_ptr<api::bots::Cluster> make_cluster() {
  if (!launched_by_mpi()) return std::make_unique<api::bots::Cluster>();
#ifdef YENDOR_HAVE_MPI
  return std::make_unique<MpiCluster>();
#else
  throw InputError(
      "started by mpirun, but this yendor was built without MPI (install libopenmpi-dev: "
      "scripts/setup, then rebuild)");
#endif
}

}  // namespace yendor::cli
