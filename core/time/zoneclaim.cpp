#include "zoneclaim.h"

#include <algorithm>
#include <map>

namespace kubelane::core {

namespace {

bool contains(const std::vector<int> &v, int x)
{
    return std::find(v.begin(), v.end(), x) != v.end();
}

// The statements reduced to one stated offset (unambiguous names and numbers) and the
// candidates the ambiguous names leave (intersected: "CST" twice is still three meanings).
struct Stated {
    bool sure = false;
    int offset = 0;
    std::string what;
    std::string disagreement; // another unambiguous statement with another offset
    std::vector<int> candidates;
    std::string ambiguity;
};

Stated reduce(const std::vector<ZoneStatement> &statements)
{
    Stated s;
    std::map<int, int> counts;
    std::map<int, const ZoneStatement *> firstOf;
    bool haveCandidates = false;
    for (const auto &st : statements) {
        if (st.zone.offsets.size() == 1) {
            ++counts[st.zone.offsets[0]];
            firstOf.emplace(st.zone.offsets[0], &st);
            continue;
        }
        if (!haveCandidates) {
            s.candidates = st.zone.offsets;
            s.ambiguity = st.what + " (" + st.zone.meanings + ")";
            haveCandidates = true;
        } else {
            std::vector<int> both;
            for (int c : s.candidates)
                if (contains(st.zone.offsets, c))
                    both.push_back(c);
            s.candidates = both;
        }
    }
    if (!counts.empty()) {
        const auto best = std::max_element(counts.begin(), counts.end(), [](auto &a, auto &b) { return a.second < b.second; });
        s.sure = true;
        s.offset = best->first;
        s.what = firstOf[best->first]->what;
        for (const auto &[offset, n] : counts)
            if (offset != s.offset)
                s.disagreement = firstOf[offset]->what;
    }
    if (haveCandidates && s.candidates.size() == 1 && !s.sure) {
        // Two ambiguous names that share one meaning ("IST" and "+0530" would not get here).
        s.sure = true;
        s.offset = s.candidates.front();
        s.what = s.ambiguity;
    }
    return s;
}

} // namespace

const char *zoneStrengthName(ZoneStrength s)
{
    switch (s) {
    case ZoneStrength::Assumed: return "assumed";
    case ZoneStrength::Ambiguous: return "ambiguous zone name";
    case ZoneStrength::Stamps: return "stamps in messages";
    case ZoneStrength::Paired: return "paired";
    case ZoneStrength::Explicit: return "explicit";
    case ZoneStrength::Fixed: return "fixed";
    }
    return "?";
}

ZoneClaim decideZone(const ClockEvidence::Verdict &votes, const std::vector<ZoneStatement> &statements, bool localTimes, ClockInfo &clock)
{
    ZoneClaim claim;
    claim.localTimes = localTimes;
    const Stated stated = reduce(statements);
    const std::string conflict = stated.disagreement.empty() ? std::string() : "; but " + stated.disagreement;

    if (!localTimes) {
        // Exact UTC times: what the file states is only news about its host.
        clock.utcOffsetSeconds = 0;
        clock.offsetOrigin = ClockInfo::OffsetOrigin::Wrapper;
        clock.offsetEvidence = "every line carries an absolute UTC time";
        claim.strength = ZoneStrength::Fixed;
        if (stated.sure) {
            claim.hostZoneKnown = true;
            claim.hostOffset = stated.offset;
            claim.hostStrength = ZoneStrength::Explicit;
            claim.hostEvidence = stated.what;
            clock.offsetEvidence += "; the host's zone is " + formatUtcOffset(stated.offset) + " (" + stated.what + ")";
        } else if (votes.haveOffset && votes.fromEnvelope) {
            // A journal's local time beside each record's own UTC (logrus or klog JSON in
            // journalctl's short format) shows the zone the host's lines are shown in.
            claim.hostZoneKnown = true;
            claim.hostOffset = votes.utcOffsetSeconds;
            claim.hostStrength = ZoneStrength::Stamps;
            claim.hostEvidence = votes.offsetEvidence;
            clock.offsetEvidence += "; the host's zone is " + formatUtcOffset(votes.utcOffsetSeconds) + " (" + votes.offsetEvidence + ")";
        }
        return claim;
    }

    clock.offsetOrigin = ClockInfo::OffsetOrigin::Inferred;
    if (stated.sure && votes.haveOffset && votes.fromEnvelope && votes.utcOffsetSeconds != stated.offset) {
        // Lines paired with their envelope's UTC time measure the headers' own clock; what the
        // file states is the host's: containerd stamps a CRI log in the host's zone, around a
        // container's klog in UTC.
        clock.utcOffsetSeconds = votes.utcOffsetSeconds;
        claim.strength = ZoneStrength::Explicit;
        clock.offsetEvidence = votes.offsetEvidence + "; the host's zone is " + formatUtcOffset(stated.offset) + " (" + stated.what + ")";
        claim.hostZoneKnown = true;
        claim.hostOffset = stated.offset;
        claim.hostStrength = ZoneStrength::Explicit;
        claim.hostEvidence = stated.what;
        return claim;
    }
    if (stated.sure) {
        clock.utcOffsetSeconds = stated.offset;
        claim.strength = ZoneStrength::Explicit;
        clock.offsetEvidence = stated.what + conflict;
        if (votes.haveOffset)
            clock.offsetEvidence += votes.utcOffsetSeconds == stated.offset
                ? "; " + votes.offsetEvidence
                : "; the lines' own stamps suggest " + formatUtcOffset(votes.utcOffsetSeconds) + ", the stated zone is kept";
    } else if (votes.haveOffset) {
        clock.utcOffsetSeconds = votes.utcOffsetSeconds;
        claim.strength = votes.explicitZone ? ZoneStrength::Explicit : ZoneStrength::Stamps;
        clock.offsetEvidence = votes.offsetEvidence;
        if (!stated.candidates.empty()) {
            if (contains(stated.candidates, votes.utcOffsetSeconds)) {
                // An ambiguous zone name and the stamps pick the same meaning: stated.
                claim.strength = ZoneStrength::Explicit;
                clock.offsetEvidence = stated.ambiguity + " read as " + formatUtcOffset(votes.utcOffsetSeconds)
                    + ", the meaning the lines agree with: " + votes.offsetEvidence;
            } else {
                clock.offsetEvidence += "; " + stated.ambiguity + " fits none of it";
            }
        }
    } else if (!stated.candidates.empty()) {
        clock.utcOffsetSeconds = 0;
        clock.offsetOrigin = ClockInfo::OffsetOrigin::Assumed;
        claim.strength = ZoneStrength::Ambiguous;
        claim.candidates = stated.candidates;
        claim.ambiguity = stated.ambiguity;
        clock.offsetEvidence = stated.ambiguity + ": nothing else picks one meaning; assumed UTC (override with --tz)";
    } else {
        clock.utcOffsetSeconds = 0;
        clock.offsetOrigin = ClockInfo::OffsetOrigin::Assumed;
        claim.strength = ZoneStrength::Assumed;
        clock.offsetEvidence = "no evidence in the file: assumed UTC (override with --tz)";
    }
    if (claim.strength >= ZoneStrength::Stamps) {
        claim.hostZoneKnown = true;
        claim.hostOffset = clock.utcOffsetSeconds;
        claim.hostStrength = claim.strength;
        claim.hostEvidence = clock.offsetEvidence;
    }
    return claim;
}

ZoneClaim overriddenZone(const ClockInfo &clock)
{
    ZoneClaim claim;
    claim.strength = ZoneStrength::Fixed;
    claim.hostZoneKnown = true;
    claim.hostOffset = clock.utcOffsetSeconds;
    claim.hostStrength = ZoneStrength::Fixed;
    claim.hostEvidence = clock.offsetEvidence;
    return claim;
}

} // namespace kubelane::core
