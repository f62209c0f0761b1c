#pragma once
// The window's load settings, kept in QSettings: read by the loader, set in the Sources panel.
#include "core/load/loader.h"

#include <cstdint>

namespace kubelane::ui {

inline constexpr const char *kMaxMemoryKey = "load/maxMemoryBytes";

// The memory bound the user set for loads from the window, else the default.
std::uint64_t savedMaxMemory();
void saveMaxMemory(std::uint64_t bytes);

// The bound a load uses: --max-memory when it was given, else the saved setting.
std::uint64_t maxMemoryFor(const core::LoadOptions &options);

} // namespace kubelane::ui
