// The message log against a plain model (a deque of strings): the last `capacity` messages in
// order through thousands of pushes and drops, equality by content whatever the buffer's
// layout, copies independent.
#include "yendor/game/message_log.hpp"

#include <gtest/gtest.h>

#include <deque>
#include <string>

#include "yendor/core/rng.hpp"

namespace yendor::game {
namespace {

void expect_matches(const MessageLog& log, const std::deque<std::string>& model) {
  ASSERT_EQ(log.size(), model.size());
  for (std::size_t i = 0; i < model.size(); ++i)
    EXPECT_EQ(log[i], model[i]) << i;
  std::size_t i = 0;
  for (const std::string_view m : log)
    EXPECT_EQ(m, model[i++]);
  EXPECT_EQ(i, model.size());
}

TEST(MessageLog, KeepsTheLastMessagesInOrderLikeAPlainModel) {
  for (const std::size_t capacity : {1u, 3u, 100u}) {
    MessageLog log(capacity);
    std::deque<std::string> model;
    Rng rng = Rng::for_stream(capacity, "messages");
    for (int step = 0; step < 5000; ++step) {
      if (rng.below(10) == 0) {
        const std::size_t n = rng.below(4);
        log.drop_newest(n);
        for (std::size_t k = 0; k < n && !model.empty(); ++k)
          model.pop_back();
      } else {
        // Empty messages and long ones too.
        const std::string m = rng.below(20) == 0
                                  ? std::string()
                                  : std::to_string(step) + std::string(rng.below(40), 'x');
        log.push_back(m);
        model.push_back(m);
        if (model.size() > capacity) model.pop_front();
      }
      expect_matches(log, model);
      if (::testing::Test::HasFailure()) return;
    }
    EXPECT_EQ(log.size(), std::min<std::size_t>(capacity, model.size()));
  }
}

TEST(MessageLog, EqualityIsByContentCopiesAreIndependent) {
  MessageLog churned(3), fresh(3);
  for (int i = 0; i < 10; ++i)
    churned.push_back("m" + std::to_string(i));  // dropped text still held or compacted
  for (int i = 7; i < 10; ++i)
    fresh.push_back("m" + std::to_string(i));
  EXPECT_EQ(churned, fresh);
  MessageLog copy = churned;
  copy.push_back("new");
  EXPECT_NE(copy, churned);
  EXPECT_EQ(churned.back(), "m9");
  EXPECT_EQ(copy.back(), "new");
  EXPECT_EQ(copy[0], "m8");
  EXPECT_NE(MessageLog(3), MessageLog(4));  // the capacity is part of it
  const MessageLog listed = {"a", "b"};
  EXPECT_EQ(listed.size(), 2u);
  EXPECT_EQ(listed[1], "b");
  MessageLog none(0);
  none.push_back("lost");
  EXPECT_TRUE(none.empty());
  copy.clear();
  EXPECT_TRUE(copy.empty());
  copy.drop_newest(5);
  EXPECT_TRUE(copy.empty());
}

}  // namespace
}  // namespace yendor::game
