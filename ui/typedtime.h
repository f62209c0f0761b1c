#pragma once
// A time the user types (Go to time): "02:42", "02:42:26.1", "2020-03-12 02:42:26",
// "2020-03-12T02:42:26.102Z", "02:42 +08:00". Read in the display zone unless the text names
// its own; without a date, the day is the one that puts the time nearest `reference`.
#include "core/model/timestamp.h"

#include <QString>

#include <optional>

namespace kubelane::ui {

std::optional<core::Timestamp> parseTypedTime(const QString &text, int utcOffsetSeconds, core::Timestamp reference,
                                              QString *error = nullptr);
// Parses "+05:30", "-0800", "+8", "UTC" into seconds east of UTC.
std::optional<int> parseTypedOffset(const QString &text);

} // namespace kubelane::ui
