#include "yendor/gen/registry.hpp"

#include <gtest/gtest.h>

#include "yendor/core/error.hpp"

namespace yendor {
namespace {

TEST(Registry, ShipsRoomsAndBsp) {
  const auto& r = builtin_generators();
  ASSERT_NE(r.find("rooms"), nullptr);
  ASSERT_NE(r.find("bsp"), nullptr);
  EXPECT_EQ(r.find("caves-that-do-not-exist"), nullptr);
  EXPECT_EQ(&r.get("rooms"), r.find("rooms"));
}

TEST(Registry, UnknownNameListsTheKnownOnes) {
  try {
    builtin_generators().get("nope");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("unknown generator 'nope' (generators: rooms, bsp", 0),
              0u)
        << e.what();
  }
}

TEST(Registry, EveryGeneratorDeclaresItself) {
  for (const Generator* g : builtin_generators().all()) {
    const GeneratorInfo& info = g->info();
    SCOPED_TRACE(info.name);
    EXPECT_FALSE(info.name.empty());
    EXPECT_FALSE(info.summary.empty());
    EXPECT_EQ(info.summary.find('\n'), std::string::npos);
    EXPECT_FALSE(info.description.empty());
    EXPECT_FALSE(info.source.empty());
    EXPECT_GE(info.version, 1);
    EXPECT_GE(info.min_size.width, 3);
    EXPECT_GE(info.min_size.height, 3);
    for (const ParamSpec& p : info.schema.specs()) {
      EXPECT_FALSE(p.help.empty()) << p.name;
      // Every default satisfies its own schema.
      ParamSet one;
      one.set(p.name, p.default_value);
      EXPECT_NO_THROW(info.schema.validate(info.name, one)) << p.name;
    }
    EXPECT_NO_THROW(g->check(info.schema.defaults(), info.min_size));
  }
}

class Dummy final : public Generator {
 public:
  const GeneratorInfo& info() const override { return info_; }
  void generate(Level&, const ParamSet&, Rng&) const override {}
  GeneratorInfo info_{"dummy", "x", 1, "", "", {8, 8}, {}};
};

TEST(Registry, RefusesDuplicates) {
  GeneratorRegistry r;
  r.add(std::make_unique<Dummy>());
  EXPECT_THROW(r.add(std::make_unique<Dummy>()), std::logic_error);
  EXPECT_EQ(r.all().size(), 1u);
}

}  // namespace
}  // namespace yendor
