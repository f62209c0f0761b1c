#pragma once
// Clock evidence from a file's neighbouring lines of two kinds: local readings (klog headers,
// no year, no zone) and exact UTC times (JSON records, "ts":"...Z"), as an apiserver's log
// holds its own klog lines between its etcd client's records.
//  - Year: a local reading takes its year from the exact time before it at any distance, and
//    the readings before the first exact time from that one, when they lie within days.
//  - Zone: a local reading right next to an exact time, within a second of a zone offset of
//    it, votes for that zone; one pair may be chance (a quiet hour between them), so the
//    votes count only once two pairs agree.
#include "timeevidence.h"

#include <cstdint>
#include <optional>

namespace kubelane::core {

class NeighbourReadings {
public:
    // The event read at `time` over lines [firstLine, lastLine], in file order.
    void observe(const PendingTime &time, std::uint32_t firstLine, std::uint32_t lastLine, ClockEvidence &evidence);

private:
    void observeExact(Timestamp time, std::uint32_t firstLine, std::uint32_t lastLine, ClockEvidence &evidence);
    void observeLocal(const PendingTime &time, std::uint32_t firstLine, std::uint32_t lastLine, ClockEvidence &evidence);
    void pair(const PendingTime &local, Timestamp exact, std::uint32_t line, ClockEvidence &evidence);

    struct LocalReading {
        std::uint32_t lastLine = 0; // 0: the last event was no local reading
        PendingTime time;
    } m_lastLocal;
    struct ExactReading {
        std::uint32_t lastLine = 0; // 0: the last event had no exact time
        Timestamp time;
    } m_lastExact;
    std::optional<Timestamp> m_lastExactTime; // any distance back
    std::optional<ClockVote> m_pendingVote;   // the first pair's, until another agrees
    bool m_pairsAgreed = false;
};

} // namespace kubelane::core
