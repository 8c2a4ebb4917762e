#pragma once
// Two ranks of a cluster inside one process, for the tests of work spread like MPI's: each
// runs on its own thread and share() sums both ranks' vectors, as MPI_Allreduce does.

#include <barrier>
#include <mutex>
#include <vector>

#include "yendor/api/bots/cluster.hpp"

namespace yendor::api::bots::test {

class RankPair final : public Cluster {
 public:
  struct Shared {
    std::barrier<> sync{2};
    std::mutex lock;
    std::vector<double> sum;
  };
  RankPair(int rank, Shared& shared) : rank_(rank), shared_(shared) {}
  int rank() const override { return rank_; }
  int ranks() const override { return 2; }
  void share(std::vector<double>& values) override {
    if (rank_ == 0) shared_.sum.assign(values.size(), 0.0);
    shared_.sync.arrive_and_wait();
    {
      std::lock_guard guard(shared_.lock);
      for (std::size_t i = 0; i < values.size(); ++i)
        shared_.sum[i] += values[i];
    }
    shared_.sync.arrive_and_wait();
    values = shared_.sum;
    shared_.sync.arrive_and_wait();
  }

 private:
  int rank_;
  Shared& shared_;
};

}  // namespace yendor::api::bots::test
