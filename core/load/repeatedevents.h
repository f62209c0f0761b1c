#pragma once
// The same line kept by two collectors of one host: the journal and /var/log/messages of a
// sosreport, a kind export's journal.log next to its kubelet.log, `journalctl` next to
// `journalctl -u kubelet`. Each such event is kept once, in the source read first; the other
// source counts it (Source::repeatedEvents) so every line stays accounted for.
#include "../model/incident.h"

namespace kubelane::core {

// `events` sorted by time. Returns how many events were dropped.
std::uint64_t dropRepeatedEvents(Incident &incident);

} // namespace kubelane::core
