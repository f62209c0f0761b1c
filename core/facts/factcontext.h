#pragma once
// What every fact detector reads: the incident and small look-ups by type and field name.
#include "../classify/eventtypecatalog.h"
#include "../model/incident.h"
#include "facts.h"

#include <optional>
#include <string_view>

namespace kubelane::core {

class FactContext {
public:
    explicit FactContext(const Incident &incident) : inc(incident) {}

    const Incident &inc;

    bool is(const Event &e, std::string_view typeId) const { return inc.typeName(e) == typeId; }
    std::string_view field(const Event &e, std::string_view key) const { return inc.field(e, key); }
    std::string_view text(StringId id) const { return inc.text(id); }
    std::size_t indexOf(const Event &e) const { return static_cast<std::size_t>(&e - inc.events.data()); }
};

// Detectors, in the order they run (later ones read earlier results).
void detectNodes(const FactContext &ctx, Facts &facts);
void detectHeartbeats(const FactContext &ctx, Facts &facts, std::optional<Duration> graceOverride);
void detectNodeConditions(const FactContext &ctx, Facts &facts);
void detectTaints(const FactContext &ctx, Facts &facts);
void detectKubeletRuns(const FactContext &ctx, Facts &facts);
void detectContainerEvents(const FactContext &ctx, Facts &facts);
void detectReadiness(const FactContext &ctx, Facts &facts);
void detectStatusProbeOrder(const FactContext &ctx, Facts &facts);
void detectPlegHealth(const FactContext &ctx, Facts &facts);

// Grace period in force: the controller-manager's flag, else its version's default.
struct GracePeriod {
    Duration value;
    std::string origin;
};
GracePeriod nodeMonitorGracePeriod(const FactContext &ctx, std::optional<Duration> override);

} // namespace kubelane::core
