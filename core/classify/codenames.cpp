#include "codenames.h"

#include "../model/stringpool.h"
#include "eventtypecatalog.h"

#include <algorithm>
#include <stdexcept>

namespace kubelane::core {

namespace {

struct TypeNeed {
    EventTypeId CodeTypes::*member;
    const char *id;
    const char *readers;
};

// clang-format off
constexpr TypeNeed kTypeNeeds[] = {
    {&CodeTypes::controllerStart, "controller.start", "the heartbeat detector (cluster version)"},
    {&CodeTypes::componentStart, "component.start", "the heartbeat detector (cluster version)"},
    {&CodeTypes::kubeletStart, "kubelet.start", "the heartbeat and kubelet-run detectors"},
    {&CodeTypes::controllerFlag, "controller.flag", "the heartbeat detector (grace period flag)"},
    {&CodeTypes::componentFlag, "component.flag", "the heartbeat detector (grace period flag)"},
    {&CodeTypes::apiRequest, "apiserver.request", "the heartbeat detector"},
    {&CodeTypes::audit, "apiserver.audit", "the heartbeat detector"},
    {&CodeTypes::heartbeatRequest, "heartbeat.request", "the heartbeat detector"},
    {&CodeTypes::statusUpdateFailed, "node.status.update-failed", "the heartbeat detector"},
    {&CodeTypes::statusUpdateExhausted, "node.status.update-exhausted", "the heartbeat detector"},
    {&CodeTypes::leaseRenewFailed, "lease.renew-failed", "the heartbeat detector"},
    {&CodeTypes::nodeNotUpdated, "nlc.node-not-updated", "the heartbeat and node-condition detectors"},
    {&CodeTypes::readyTransitioned, "nlc.ready-transitioned", "the heartbeat and node-condition detectors"},
    {&CodeTypes::nodeNotReadyEvent, "nlc.node-not-ready-event", "the heartbeat and node-condition detectors"},
    {&CodeTypes::nodeEvent, "nlc.node-event", "the node-condition detector"},
    {&CodeTypes::healthyAgain, "nlc.healthy-again", "the node-condition and taint detectors"},
    {&CodeTypes::taintAdded, "nlc.taint-added", "the heartbeat and taint detectors"},
    {&CodeTypes::taintSwapped, "nlc.taint-swapped", "the heartbeat and taint detectors"},
    {&CodeTypes::taintRemoved, "nlc.taint-removed", "the taint detector"},
    {&CodeTypes::podsMarkedNotReady, "nlc.pods-marked-not-ready", "the heartbeat and readiness detectors"},
    {&CodeTypes::eviction, "nlc.eviction", "the heartbeat detector"},
    {&CodeTypes::nodeNotReady, "node.status.not-ready", "the node-condition and PLEG detectors"},
    {&CodeTypes::nodeStatusEvent, "node.status.event", "the node-condition detector"},
    {&CodeTypes::kubeletFatal, "kubelet.fatal", "the kubelet-run detector and the sandbox-missing rule"},
    {&CodeTypes::unitExit, "systemd.unit.exit", "the kubelet-run detector and the sandbox-missing rule"},
    {&CodeTypes::unitStopped, "systemd.unit.stopped", "the kubelet-run detector"},
    {&CodeTypes::killReason, "container.kill-reason", "the container-event detector"},
    {&CodeTypes::specHashChanged, "container.spec-hash-changed", "the container-event detector"},
    {&CodeTypes::containerKill, "container.kill", "the container-event and status-probe-order detectors"},
    {&CodeTypes::containerDied, "container.died", "the container-event detector"},
    {&CodeTypes::plegContainerState, "pleg.container-state", "the container-event detector"},
    {&CodeTypes::probeFailure, "probe.result.failure", "the container-event and status-probe-order detectors"},
    {&CodeTypes::probeSuccess, "probe.result.success", "the container-event and status-probe-order detectors"},
    {&CodeTypes::probeError, "probe.result.error", "the status-probe-order detector"},
    {&CodeTypes::probeSeeded, "probe.initial-result", "the status-probe-order detector"},
    {&CodeTypes::statusGenerate, "pod.status.generate", "the status-probe-order detector"},
    {&CodeTypes::statusPatch, "pod.status.patch", "the readiness and status-probe-order detectors and the heartbeat-gap rule"},
    {&CodeTypes::readinessChangedBeforeSync, "pod.readiness.changed-before-sync", "the status-probe-order detector"},
    {&CodeTypes::syncLoopProbe, "syncloop.probe", "the status-probe-order detector"},
    {&CodeTypes::syncLoopPleg, "syncloop.pleg", "the container-event, status-probe-order and PLEG detectors"},
    {&CodeTypes::syncLoopUpdate, "syncloop.update", "the spec-hash-restart rule"},
    {&CodeTypes::admissionRejected, "pod.admission-rejected", "the status-probe-order detector and the probe-status-race rule"},
    {&CodeTypes::plegRelist, "pleg.relist", "the PLEG detector"},
    {&CodeTypes::plegUnhealthy, "pleg.unhealthy", "the PLEG detector"},
    {&CodeTypes::runtimeError, "runtime.error", "the pleg-unhealthy rule"},
    {&CodeTypes::runtimeRpcFailed, "runtime.rpc-failed", "the pleg-unhealthy rule"},
    {&CodeTypes::runtimeDown, "runtime.down", "the pleg-unhealthy rule"},
    {&CodeTypes::inlineDump, "go.dump.inline", "the runtime-dump detector"},
};

struct FieldNeed {
    StringId FieldKeys::*member;
    const char *name;
};

constexpr FieldNeed kFieldNeeds[] = {
    {&FieldKeys::code, "code"}, {&FieldKeys::conditionType, "conditionType"},
    {&FieldKeys::containerMessage, "containerMessage"}, 
    {&FieldKeys::duration, "duration"}, {&FieldKeys::event, "event"}, {&FieldKeys::eventType, "eventType"}, {&FieldKeys::flag, "flag"},
    {&FieldKeys::gracePeriod, "gracePeriod"}, {&FieldKeys::hashNew, "hashNew"},
    {&FieldKeys::hashOld, "hashOld"}, {&FieldKeys::message, "message"}, {&FieldKeys::name, "name"}, {&FieldKeys::podReady, "podReady"},
    {&FieldKeys::pods, "pods"}, {&FieldKeys::probe, "probe"}, {&FieldKeys::probeType, "probeType"},
    {&FieldKeys::readyContainers, "readyContainers"}, {&FieldKeys::readyStatus, "readyStatus"}, {&FieldKeys::reason, "reason"},
    {&FieldKeys::resource, "resource"}, {&FieldKeys::sandboxId, "sandboxId"}, {&FieldKeys::status, "status"},
    {&FieldKeys::subresource, "subresource"}, {&FieldKeys::taints, "taints"},
    {&FieldKeys::threshold, "threshold"}, {&FieldKeys::unit, "unit"},
    {&FieldKeys::unreadyContainers, "unreadyContainers"}, {&FieldKeys::user, "user"}, {&FieldKeys::userAgent, "userAgent"},
    {&FieldKeys::value, "value"}, {&FieldKeys::verb, "verb"}, {&FieldKeys::version, "version"},
};

// Fields no pattern captures: the audit and request record parsers (core/load) and the
// status-patch extractor (extractors.cpp) set them, and structured klog lines carry them
// under these keys.
constexpr const char *kParserFields[] = {"podReady", "readyContainers", "unreadyContainers",
                                         "user", "userAgent", "verb", "resource", "subresource", "code"};
// clang-format on

} // namespace

CodeTypes resolveCodeTypes(const EventTypeCatalog &catalog, const std::string &origin)
{
    CodeTypes types;
    for (const TypeNeed &need : kTypeNeeds) {
        const auto id = catalog.find(need.id);
        if (!id)
            throw std::runtime_error(origin + ": defines no event type '" + need.id + "', which " + need.readers
                                     + " read: the resources are incomplete");
        types.*need.member = *id;
    }
    types.nodeLifecycle.resize(catalog.typeCount());
    for (std::size_t t = 0; t < catalog.typeCount(); ++t)
        types.nodeLifecycle[t] = catalog.typeId(static_cast<EventTypeId>(t)).starts_with("nlc.");
    return types;
}

std::vector<std::string> unknownCodeFields(const EventTypeCatalog &catalog)
{
    const std::vector<std::string> produced = catalog.producedFields();
    std::vector<std::string> unknown;
    for (const FieldNeed &need : kFieldNeeds) {
        const std::string_view name = need.name;
        if (std::find(produced.begin(), produced.end(), name) == produced.end()
            && std::find(std::begin(kParserFields), std::end(kParserFields), name) == std::end(kParserFields))
            unknown.emplace_back(name);
    }
    return unknown;
}

FieldKeys resolveFieldKeys(const StringPool &strings)
{
    FieldKeys keys;
    for (const FieldNeed &need : kFieldNeeds)
        keys.*need.member = strings.find(need.name);
    return keys;
}

} // namespace kubelane::core
