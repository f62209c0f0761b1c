#pragma once
// The event types and fields C++ reads (fact detectors, rule detectors), named here and
// nowhere else. Type ids are resolved once, when the catalog loads: a type the code reads and
// events.json does not define stops the load with the reader and the id named, so a renamed
// type never leaves a fact silently empty. Field keys are string ids of one incident's pool,
// resolved once per analysis; every name is checked against the catalog when it loads (a
// pattern's capture, an alias, or a field the parsers and extractors set).
#include "../model/event.h"

#include <string>
#include <vector>

namespace kubelane::core {

class EventTypeCatalog;

struct CodeTypes {
    // Versions and flags (grace period of the node lifecycle controller).
    EventTypeId controllerStart = 0, componentStart = 0, kubeletStart = 0, controllerFlag = 0, componentFlag = 0;
    // Heartbeats: requests, audit records, the kubelet's own failures.
    EventTypeId apiRequest = 0, audit = 0, heartbeatRequest = 0, statusUpdateFailed = 0, statusUpdateExhausted = 0, leaseRenewFailed = 0;
    // Node lifecycle controller.
    EventTypeId nodeNotUpdated = 0, readyTransitioned = 0, nodeNotReadyEvent = 0, nodeEvent = 0, healthyAgain = 0, taintAdded = 0,
                taintSwapped = 0, taintRemoved = 0, podsMarkedNotReady = 0, eviction = 0;
    std::vector<bool> nodeLifecycle; // by type id: any node lifecycle controller line (ids "nlc.*")
    // The kubelet's view of its node.
    EventTypeId nodeNotReady = 0, nodeStatusEvent = 0;
    // Kubelet runs.
    EventTypeId kubeletFatal = 0, unitExit = 0, unitStopped = 0;
    // Containers, probes, pod status.
    EventTypeId killReason = 0, specHashChanged = 0, containerKill = 0, containerDied = 0, plegContainerState = 0, probeFailure = 0,
                probeSuccess = 0, probeError = 0, probeSeeded = 0, statusGenerate = 0, statusPatch = 0, readinessChangedBeforeSync = 0,
                syncLoopProbe = 0, syncLoopPleg = 0, syncLoopUpdate = 0, admissionRejected = 0;
    // PLEG and the runtime.
    EventTypeId plegRelist = 0, plegUnhealthy = 0, runtimeError = 0, runtimeRpcFailed = 0, runtimeDown = 0, inlineDump = 0;
};

// Every field key C++ reads, as string ids of one incident's pool (kNoString: no event of the
// incident has that field, which reads as empty).
struct FieldKeys {
    StringId code, conditionType, containerMessage, duration, event, eventType, flag, gracePeriod, hashNew, hashOld, message, name,
        podReady, pods, probe, probeType, readyContainers, readyStatus, reason, resource, sandboxId, status, subresource, taints, threshold,
        unit, unreadyContainers, user, userAgent, value, verb, version;
};

class StringPool;

// Throws std::runtime_error naming `origin`, the code that reads the missing type and its id.
CodeTypes resolveCodeTypes(const EventTypeCatalog &catalog, const std::string &origin);
// The field names no pattern of `catalog` produces (neither a capture nor an alias target nor
// a field the parsers or extractors set): a typo in the list above.
std::vector<std::string> unknownCodeFields(const EventTypeCatalog &catalog);
FieldKeys resolveFieldKeys(const StringPool &strings);

} // namespace kubelane::core
