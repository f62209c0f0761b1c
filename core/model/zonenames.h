#pragma once
// Time zone abbreviations as printed by date, journalctl and timedatectl ("CST", "CEST",
// "+08"), and the UTC offsets each may mean. Some are ambiguous: CST is China (+08:00), US
// Central (-06:00) or Cuba (-05:00); IST is India, Israel or Ireland. Those need another piece
// of evidence to pick one.
#include <string>
#include <string_view>
#include <vector>

namespace kubelane::core {

struct ZoneName {
    std::vector<int> offsets; // seconds east of UTC; empty = not a zone name we know
    std::string meanings;     // "China +08:00, US Central -06:00, Cuba -05:00" for ambiguous names
    bool ambiguous() const { return offsets.size() > 1; }
};

// Looks up an abbreviation (case-sensitive, as the tools print it) or a numeric one ("+08",
// "-0530", "+05:45").
ZoneName lookupZoneName(std::string_view abbreviation);

} // namespace kubelane::core
