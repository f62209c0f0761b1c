#pragma once
// What a file says outright about the time zone of the host it was written on, outside of
// klog lines: journalctl's header ("-- Logs begin at Tue 2024-01-02 11:04:05 CST, end at
// ... --", "-- Journal begins at ..., ends at ... --"), saved `timedatectl` output
// ("Time zone: Asia/Shanghai (CST, +0800)", "Local time:" next to "Universal time:"), saved
// `date` / `date -R` output, `systemctl status`'s "Active: ... since Mon 2026-06-08 10:37:33
// UTC; 2h ago" (systemctl prints it and the unit's journal lines below in one zone), and lines that start with a time carrying an explicit
// offset (rsyslog's "2024-01-02T03:04:05.123+08:00 host ...", journalctl -o short-iso, ansible-style "2024-01-02 03:04:05,123 +0300 ...").
// A trailing "Z" says nothing about the host.
#include "../model/zonenames.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kubelane::core {

struct ZoneStatement {
    ZoneName zone;    // one offset, or the several an ambiguous name may mean
    std::string what; // for the report: "journal header, line 1: \"... CST ...\""
    std::uint32_t line = 0;
};

// Reads the head of a file (the statements come first in every shape above).
std::vector<ZoneStatement> scanZoneStatements(std::string_view bytes);

} // namespace kubelane::core
