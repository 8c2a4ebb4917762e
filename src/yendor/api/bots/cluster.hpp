#pragma once
// Where work is spread (docs/bots.md): this process alone, or one rank of an MPI run
// (cli/mpi_cluster.cpp, built when OpenMPI is installed). Every rank runs the same
// deterministic program and does the share of the work its rank owns; share() then gives every
// rank all the results, so all ranks go on identically and the outcome equals a single
// process's.

#include <vector>

namespace yendor::api::bots {

class Cluster {
 public:
  virtual ~Cluster() = default;
  virtual int rank() const { return 0; }
  virtual int ranks() const { return 1; }
  // Whether this rank owns work item `i` (items go round the ranks).
  bool owns(int i) const { return i % ranks() == rank(); }
  // Called by every rank with `values` holding the entries it owns and 0 elsewhere; afterwards
  // every rank holds every entry (a sum over the ranks: exact, since each entry comes from one
  // rank only).
  virtual void share(std::vector<double>& /*values*/) {}
};

}  // namespace yendor::api::bots
