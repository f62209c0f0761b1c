#include "neighbourreadings.h"

namespace kubelane::core {

void NeighbourReadings::observe(const PendingTime &time, std::uint32_t firstLine, std::uint32_t lastLine, ClockEvidence &evidence)
{
    if (time.exact && time.reference != 0) {
        observeExact(Timestamp{time.reference}, firstLine, lastLine, evidence);
    } else if (!time.exact && time.reference == 0 && time.month != 0) {
        observeLocal(time, firstLine, lastLine, evidence);
    } else { // no time, or one of neither kind: no neighbour of the next line
        m_lastLocal.lastLine = m_lastExact.lastLine = 0;
    }
}

void NeighbourReadings::observeExact(Timestamp time, std::uint32_t firstLine, std::uint32_t lastLine, ClockEvidence &evidence)
{
    if (m_lastLocal.lastLine != 0 && firstLine == m_lastLocal.lastLine + 1)
        pair(m_lastLocal.time, time, firstLine, evidence);
    if (!m_lastExactTime && m_lastLocal.lastLine != 0 && !evidence.yearsFull()) // the local lines before the first record
        voteYearFromNeighbourLine(m_lastLocal.time, time, firstLine, evidence);
    m_lastExact = {lastLine, time};
    m_lastExactTime = time;
    m_lastLocal.lastLine = 0;
}

void NeighbourReadings::observeLocal(const PendingTime &time, std::uint32_t firstLine, std::uint32_t lastLine, ClockEvidence &evidence)
{
    if (m_lastExact.lastLine != 0 && firstLine == m_lastExact.lastLine + 1)
        pair(time, m_lastExact.time, firstLine, evidence);
    if (m_lastExactTime && !evidence.yearsFull())
        voteYearFromNeighbourLine(time, *m_lastExactTime, firstLine, evidence);
    m_lastLocal = {lastLine, time};
    m_lastExact.lastLine = 0;
}

void NeighbourReadings::pair(const PendingTime &local, Timestamp exact, std::uint32_t line, ClockEvidence &evidence)
{
    const std::optional<ClockVote> vote = neighbourLineVote(local, exact, line);
    if (!vote || evidence.full())
        return;
    if (m_pairsAgreed) {
        evidence.add(*vote);
    } else if (m_pendingVote && m_pendingVote->utcOffsetSeconds == vote->utcOffsetSeconds) {
        evidence.add(*m_pendingVote);
        evidence.add(*vote);
        m_pairsAgreed = true;
    } else {
        m_pendingVote = vote;
    }
}

} // namespace kubelane::core
