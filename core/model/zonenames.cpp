#include "zonenames.h"

#include "timestamp.h"

#include <array>

namespace kubelane::core {

namespace {

struct Entry {
    std::string_view name;
    std::array<int, 3> minutes; // up to three meanings; kNone pads
    std::string_view meanings;  // only for ambiguous names
};

constexpr int kNone = 100000;
constexpr int H = 60;

// What glibc/tzdata print for the zones clusters run in. Names tzdata no longer uses (SGT,
// HKT was kept, PHT) are still listed: older hosts print them.
constexpr Entry kZones[] = {
    {"UTC", {0, kNone, kNone}, {}},
    {"UCT", {0, kNone, kNone}, {}},
    {"GMT", {0, kNone, kNone}, {}},
    {"WET", {0, kNone, kNone}, {}},
    {"WEST", {1 * H, kNone, kNone}, {}},
    {"CET", {1 * H, kNone, kNone}, {}},
    {"CEST", {2 * H, kNone, kNone}, {}},
    {"MET", {1 * H, kNone, kNone}, {}},
    {"MEST", {2 * H, kNone, kNone}, {}},
    {"EET", {2 * H, kNone, kNone}, {}},
    {"EEST", {3 * H, kNone, kNone}, {}},
    {"MSK", {3 * H, kNone, kNone}, {}},
    {"WAT", {1 * H, kNone, kNone}, {}},
    {"CAT", {2 * H, kNone, kNone}, {}},
    {"EAT", {3 * H, kNone, kNone}, {}},
    {"SAST", {2 * H, kNone, kNone}, {}},
    {"IDT", {3 * H, kNone, kNone}, {}},
    {"PKT", {5 * H, kNone, kNone}, {}},
    {"NPT", {5 * H + 45, kNone, kNone}, {}},
    {"ICT", {7 * H, kNone, kNone}, {}},
    {"WIB", {7 * H, kNone, kNone}, {}},
    {"WITA", {8 * H, kNone, kNone}, {}},
    {"WIT", {9 * H, kNone, kNone}, {}},
    {"HKT", {8 * H, kNone, kNone}, {}},
    {"SGT", {8 * H, kNone, kNone}, {}},
    {"MYT", {8 * H, kNone, kNone}, {}},
    {"PHT", {8 * H, kNone, kNone}, {}},
    {"AWST", {8 * H, kNone, kNone}, {}},
    {"JST", {9 * H, kNone, kNone}, {}},
    {"KST", {9 * H, kNone, kNone}, {}},
    {"ACST", {9 * H + 30, kNone, kNone}, {}},
    {"ACDT", {10 * H + 30, kNone, kNone}, {}},
    {"AEST", {10 * H, kNone, kNone}, {}},
    {"AEDT", {11 * H, kNone, kNone}, {}},
    {"NZST", {12 * H, kNone, kNone}, {}},
    {"NZDT", {13 * H, kNone, kNone}, {}},
    {"HST", {-10 * H, kNone, kNone}, {}},
    {"HDT", {-9 * H, kNone, kNone}, {}},
    {"AKST", {-9 * H, kNone, kNone}, {}},
    {"AKDT", {-8 * H, kNone, kNone}, {}},
    {"PDT", {-7 * H, kNone, kNone}, {}},
    {"MST", {-7 * H, kNone, kNone}, {}},
    {"MDT", {-6 * H, kNone, kNone}, {}},
    {"EST", {-5 * H, kNone, kNone}, {}},
    {"EDT", {-4 * H, kNone, kNone}, {}},
    {"ADT", {-3 * H, kNone, kNone}, {}},
    {"NST", {-3 * H - 30, kNone, kNone}, {}},
    {"NDT", {-2 * H - 30, kNone, kNone}, {}},
    // Ambiguous: the same letters in several places.
    {"CST", {8 * H, -6 * H, -5 * H}, "China +08:00, US Central -06:00, Cuba -05:00"},
    {"CDT", {-5 * H, -4 * H, kNone}, "US Central -05:00, Cuba -04:00"},
    {"IST", {5 * H + 30, 2 * H, 1 * H}, "India +05:30, Israel +02:00, Ireland +01:00"},
    {"PST", {-8 * H, 8 * H, kNone}, "US Pacific -08:00, Philippines +08:00"},
    {"AST", {-4 * H, 3 * H, kNone}, "Atlantic -04:00, Arabia +03:00"},
    {"BST", {1 * H, 6 * H, kNone}, "British Summer +01:00, Bangladesh +06:00"},
    {"SST", {-11 * H, 8 * H, kNone}, "Samoa -11:00, Singapore +08:00"},
};

} // namespace

ZoneName lookupZoneName(std::string_view name)
{
    ZoneName z;
    if (name.empty())
        return z;
    if (name[0] == '+' || name[0] == '-') {
        // tzdata's numeric abbreviations: "+08", "-03", "+0530", "+0545".
        if (auto offset = parseUtcOffset(name))
            z.offsets.push_back(*offset);
        return z;
    }
    for (const Entry &e : kZones) {
        if (e.name != name)
            continue;
        for (int m : e.minutes)
            if (m != kNone)
                z.offsets.push_back(m * 60);
        z.meanings = std::string(e.meanings);
        break;
    }
    return z;
}

} // namespace kubelane::core
