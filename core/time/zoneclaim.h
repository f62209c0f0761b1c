#pragma once
// How sure one source is of its own UTC offset, decided from everything its file shows: the
// votes of its lines (envelopes, stamps in messages) and what it states outright (journal
// header, timedatectl, date output, explicitly offset lines). The strength decides later who
// moves when sources disagree: the weaker one, never an anchor.
#include "../model/source.h"
#include "timeevidence.h"
#include "zonestatements.h"

#include <cstdint>
#include <string>
#include <vector>

namespace kubelane::core {

enum class ZoneStrength : std::uint8_t {
    Assumed,   // nothing: UTC assumed
    Ambiguous, // only a zone name with several meanings (CST): UTC assumed until something picks one
    Stamps,    // "Z" stamps in messages sit a whole number of hours from the line: a good guess
    Paired,    // moved or confirmed by pairs with other sources
    Explicit,  // stated: envelope pairs, stamps with their own offset, an unambiguous zone name
    Fixed,     // not movable: exact UTC times, or the user's --tz
};
const char *zoneStrengthName(ZoneStrength s);

struct ZoneClaim {
    ZoneStrength strength = ZoneStrength::Assumed;
    bool localTimes = true;      // the source's times are local readings that need a zone
    std::vector<int> candidates; // Ambiguous: the offsets its zone name may mean
    std::string ambiguity;       // "journal header, line 1: ... CST (China +08:00, US Central -06:00, Cuba -05:00)"
    // What the file says about the host it was written on, for the other files of that host.
    bool hostZoneKnown = false;
    int hostOffset = 0;
    ZoneStrength hostStrength = ZoneStrength::Assumed;
    std::string hostEvidence;
};

// Decides the offset of a source without --tz. `localTimes`: some events lack an exact time.
// Sets clock.utcOffsetSeconds, offsetOrigin and offsetEvidence.
ZoneClaim decideZone(const ClockEvidence::Verdict &votes, const std::vector<ZoneStatement> &statements, bool localTimes, ClockInfo &clock);

// The claim of a source whose offset the user gave (--tz).
ZoneClaim overriddenZone(const ClockInfo &clock);

} // namespace kubelane::core
