// The generators' browser: seeds step, generators cycle (parameters back to their defaults),
// overlays cycle, the parameter editor changes values within the schema and reports a value
// it rejects, s saves the map in three formats; every frame fits 80x24.
#include "yendor/tui/view_screen.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "support/temp_dir_test.hpp"
#include "yendor/core/error.hpp"
#include "yendor/gen/registry.hpp"
#include "yendor/tui/app.hpp"

namespace yendor::tui {
namespace {

class Viewer : public test::TempDirTest {
 protected:
  ViewerOptions options() const {
    ViewerOptions o;
    o.generator = "rooms";
    o.seed = 7;
    o.save_dir = dir_.string();
    return o;
  }
  static void fits(const App& app) {
    const Canvas c = app.frame(k_min_size);
    EXPECT_EQ(c.clipped(), 0) << c.to_text();
  }
};

TEST_F(Viewer, SeedsGeneratorsAndOverlaysCycle) {
  auto owned = std::make_unique<ViewerScreen>(options());
  ViewerScreen& v = *owned;
  App app(std::move(owned));
  ASSERT_TRUE(v.level().has_value());
  const std::uint64_t first_hash = level_hash(*v.level());
  fits(app);
  app.feed(Input::of_key(U'n'));
  EXPECT_EQ(v.options().seed, 8u);
  EXPECT_NE(level_hash(*v.level()), first_hash);
  app.feed(Input::of_key(U'p'));
  EXPECT_EQ(level_hash(*v.level()), first_hash);  // same seed, same map
  EXPECT_NE(app.frame(k_min_size).to_text().find("rooms  seed 7"), std::string::npos);

  std::vector<std::string> seen{v.options().generator};
  for (std::size_t i = 1; i < builtin_generators().all().size(); ++i) {
    app.feed(Input::of_key(Key::tab));
    seen.push_back(v.options().generator);
    EXPECT_EQ(v.options().params, builtin_generators().get(seen.back()).info().schema.defaults());
    fits(app);
  }
  std::sort(seen.begin(), seen.end());
  EXPECT_EQ(std::unique(seen.begin(), seen.end()), seen.end());  // each generator once
  app.feed(Input::of_key(Key::tab));
  EXPECT_EQ(v.options().generator, "rooms");  // round again

  for (int i = 1; i <= 4; ++i) {
    app.feed(Input::of_key(U'o'));
    EXPECT_EQ(static_cast<int>(v.overlay()), i % 4);
    fits(app);
  }
}

TEST_F(Viewer, TheParameterEditorStaysWithinTheSchema) {
  auto owned = std::make_unique<ViewerScreen>(options());
  ViewerScreen& v = *owned;
  App app(std::move(owned));
  app.feed(Input::of_key(U'e'));
  ASSERT_EQ(app.top()->name(), "params");
  fits(app);
  const ParamSet before = v.options().params;
  app.feed(Input::of_key(Key::right));
  EXPECT_NE(v.options().params, before);
  app.feed(Input::of_key(Key::left));
  EXPECT_EQ(v.options().params, before);
  EXPECT_FALSE(v.set_param(before.entries().front().first, "not a value"));
  EXPECT_FALSE(v.notice().empty());
  EXPECT_EQ(v.options().params, before);  // rejected: unchanged
  app.feed(Input::of_key(Key::escape));
  EXPECT_EQ(app.top()->name(), "view");
  EXPECT_TRUE(v.level().has_value());
}

TEST_F(Viewer, SaveWritesTextJsonAndPng) {
  auto owned = std::make_unique<ViewerScreen>(options());
  ViewerScreen& v = *owned;
  App app(std::move(owned));
  app.feed(Input::of_key(U's'));
  for (const char* ext : {".txt", ".json", ".png"})
    EXPECT_TRUE(std::filesystem::exists(dir_ / (std::string("map-rooms-7") + ext))) << ext;
  EXPECT_NE(v.notice().find("saved"), std::string::npos);
  app.feed(Input::of_key(U'q'));
  EXPECT_TRUE(app.done());
}

TEST_F(Viewer, AnUnknownGeneratorIsAnInputError) {
  ViewerOptions o = options();
  o.generator = "nonesuch";
  EXPECT_THROW(ViewerScreen{o}, InputError);
}

}  // namespace
}  // namespace yendor::tui
