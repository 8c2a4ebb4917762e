#pragma once
// Where Yendor's content files live (data/vaults, later monsters and items): the directory
// named by the environment variable YENDOR_DATA_DIR when it is set and not empty, else the
// data/ directory of the source tree this library was built from.

#include <string>

namespace yendor {

std::string default_data_dir();

}  // namespace yendor
