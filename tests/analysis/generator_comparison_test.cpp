#include "yendor/analysis/generator_comparison.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "yendor/core/error.hpp"
#include "yendor/gen/generate.hpp"

namespace yendor::analysis {
namespace {

// Two rooms and nothing between them; says so when `honest`, else claims connectivity.
class SplitGenerator final : public Generator {
 public:
  SplitGenerator(std::string name, bool honest) : honest_(honest) {
    info_.name = std::move(name);
    info_.summary = "two rooms apart";
  }
  const GeneratorInfo& info() const override { return info_; }
  bool promises_connectivity(const ParamSet&) const override { return !honest_; }
  void generate(Level& level, const ParamSet&, Rng&) const override {
    level.tiles.fill({1, 1, 2, 2}, Tile::floor);
    level.tiles.fill({5, 5, 2, 2}, Tile::floor);
    level.tiles[Point{1, 1}] = Tile::stairs_up;  // fixed stairs: every seed, the same map
    level.tiles[Point{6, 6}] = Tile::stairs_down;
    level.meta.stairs = {Point{1, 1}, Point{6, 6}};
  }

 private:
  GeneratorInfo info_;
  bool honest_;
};

class UnbuiltGenerator final : public Generator {
 public:
  UnbuiltGenerator() { info_.name = "unbuilt"; }
  const GeneratorInfo& info() const override { return info_; }
  void generate(Level&, const ParamSet&, Rng&) const override {
    throw InputError("unbuilt: not built yet");
  }

 private:
  GeneratorInfo info_;
};

GeneratorRegistry test_registry() {
  GeneratorRegistry registry;
  registry.add(make_rooms_generator());
  registry.add(std::make_unique<UnbuiltGenerator>());
  registry.add(std::make_unique<SplitGenerator>("apart", true));
  registry.add(std::make_unique<SplitGenerator>("liar", false));
  return registry;
}

TEST(GeneratorComparison, MeasuresWhatRunsAndNotesWhatDoesNot) {
  const auto rows = compare_generators(test_registry(), {1, 6}, {30, 20});
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0].generator, "rooms");
  EXPECT_TRUE(rows[0].measured());
  EXPECT_EQ(rows[0].maps, 6u);
  EXPECT_EQ(rows[0].connected_share, 1.0);  // rooms promises connectivity
  EXPECT_GT(rows[0].mean_hamming, 0.0);
  EXPECT_GE(rows[0].ms_per_map, 0.0);

  EXPECT_FALSE(rows[1].measured());
  EXPECT_FALSE(rows[1].failed);
  EXPECT_NE(rows[1].note.find("not built yet"), std::string::npos);

  // Honestly disconnected levels count as not connected; every seed gives the same map.
  EXPECT_TRUE(rows[2].measured());
  EXPECT_EQ(rows[2].connected_share, 0.0);
  EXPECT_EQ(rows[2].mean_hamming, 0.0);
  EXPECT_DOUBLE_EQ(rows[2].distinct_share, 1.0 / 6.0);
  EXPECT_EQ(rows[2].dead_end_rooms, 0.0);

  // A generator breaking its promise is a failure, not a row of numbers.
  EXPECT_FALSE(rows[3].measured());
  EXPECT_TRUE(rows[3].failed);
}

TEST(GeneratorComparison, MarkdownTableWithARowPerGeneratorAndNotes) {
  const auto rows = compare_generators(test_registry(), {1, 4}, {30, 20});
  std::ostringstream a, b, timed;
  write_comparison_markdown(rows, {1, 4}, {30, 20}, a, false);
  write_comparison_markdown(compare_generators(test_registry(), {1, 4}, {30, 20}), {1, 4}, {30, 20},
                            b, false);
  EXPECT_EQ(a.str(), b.str());  // without the timing column the output is reproducible
  const std::string text = a.str();
  EXPECT_NE(text.find("seeds 1..4 at 30x20"), std::string::npos) << text;
  EXPECT_NE(text.find("| generator | maps | connected |"), std::string::npos) << text;
  EXPECT_NE(text.find("| rooms | 4 | 1.000 |"), std::string::npos) << text;
  EXPECT_NE(text.find("| apart | 4 | 0.000 |"), std::string::npos) << text;
  EXPECT_NE(text.find("| unbuilt | - |"), std::string::npos) << text;
  EXPECT_NE(text.find("- unbuilt: skipped: unbuilt: not built yet"), std::string::npos) << text;
  EXPECT_NE(text.find("- liar: failed: "), std::string::npos) << text;
  EXPECT_EQ(text.find("ms per map"), std::string::npos);
  write_comparison_markdown(rows, {1, 4}, {30, 20}, timed);
  EXPECT_NE(timed.str().find("ms per map"), std::string::npos);
  // Every table line has the same number of cells.
  std::istringstream lines(timed.str());
  std::string line;
  std::size_t bars = 0;
  while (std::getline(lines, line)) {
    if (line.empty() || line[0] != '|') continue;
    const auto n = static_cast<std::size_t>(std::count(line.begin(), line.end(), '|'));
    if (bars == 0) bars = n;
    EXPECT_EQ(n, bars) << line;
  }
}

}  // namespace
}  // namespace yendor::analysis
