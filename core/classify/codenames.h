#pragma once
// The event types and fields C++ reads (fact detectors, rule detectors), named here and
// nowhere else. Type ids are resolved once, when the catalog loads: a type the code reads and
// events.json does not define stops the load with the reader and the id named, so a renamed
// type never leaves a fact silently empty. Field keys are string ids of one incident's pool,
// resolved once per analysis; every name is checked against the catalog when it loads (a
// pattern's capture, an alias, or a field the parsers and extractors set).
#include "../model/event.h"

#include <string>
#include <string_view>
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
                taintSwapped = 0, taintRemoved = 0, taintDropped = 0, podsMarkedNotReady = 0, eviction = 0, nodeNeverUpdated = 0,
                readyUpdated = 0, nodeObserved = 0, disruption = 0, disruptionOver = 0;
    std::vector<bool> nodeLifecycle; // by type id: any node lifecycle controller line (ids "nlc.*")
    // The kubelet's view of its node.
    EventTypeId nodeNotReady = 0, nodeStatusEvent = 0;
    // A Node object's condition as the API held it (kubectl get -o json/yaml, describe, dumps).
    EventTypeId nodeConditionObject = 0;
    // Other components' exits on an error (their start-up).
    EventTypeId componentExitError = 0, componentServing = 0;
    // Kubelet runs.
    EventTypeId kubeletFatal = 0, unitExit = 0, unitStopped = 0, unitStarted = 0, unitFailed = 0, restartScheduled = 0, clockStepped = 0,
                clientCertExpired = 0, kubeletStarted = 0, nodeRegistered = 0;
    // Containers, probes, pod status.
    EventTypeId killReason = 0, specHashChanged = 0, containerKill = 0, containerDied = 0, plegContainerState = 0, probeFailure = 0,
                probeSuccess = 0, probeError = 0, probeSeeded = 0, statusGenerate = 0, statusPatch = 0, readinessChangedBeforeSync = 0,
                syncLoopProbe = 0, syncLoopPleg = 0, syncLoopUpdate = 0, admissionRejected = 0;
    // PLEG and the runtime.
    EventTypeId plegRelist = 0, plegUnhealthy = 0, runtimeError = 0, runtimeRpcFailed = 0, runtimeDown = 0, syncSkipped = 0, inlineDump = 0,
                networkNotReady = 0, startupNotReady = 0, networkNotReadyEvent = 0;
    // Pods deleted by NoExecute taints.
    EventTypeId taintEvictionDelete = 0;
    // Leader election of the control plane.
    EventTypeId leaderLost = 0, leaderRenewFailed = 0, leaderLockError = 0, leaderAcquired = 0, leaderHeldByOther = 0;
    // Where pods run.
    EventTypeId schedulerBound = 0;
    // A component's goroutine panicked (HandleCrash).
    EventTypeId componentPanic = 0, goCrash = 0;
};

// Each member above, the events.json id it stands for, and who reads it (named when the id
// is missing). A new member and its line sit together, in this file only.
struct TypeNeed {
    EventTypeId CodeTypes::*member;
    const char *id;
    const char *readers;
};

// clang-format off
inline constexpr TypeNeed kTypeNeeds[] = {
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
    {&CodeTypes::taintRemoved, "nlc.taint-removed", "the taint and heartbeat detectors"},
    {&CodeTypes::taintDropped, "nlc.taint-dropped", "the taint detector"},
    {&CodeTypes::podsMarkedNotReady, "nlc.pods-marked-not-ready", "the heartbeat and readiness detectors"},
    {&CodeTypes::eviction, "nlc.eviction", "the heartbeat detector"},
    {&CodeTypes::nodeNeverUpdated, "nlc.node-never-updated", "the heartbeat detector"},
    {&CodeTypes::readyUpdated, "nlc.ready-updated", "the heartbeat detector"},
    {&CodeTypes::nodeObserved, "nlc.node-observed", "the heartbeat detector"},
    {&CodeTypes::disruption, "nlc.disruption", "the taint detector"},
    {&CodeTypes::disruptionOver, "nlc.disruption-over", "the taint detector"},
    {&CodeTypes::nodeNotReady, "node.status.not-ready", "the node-condition and PLEG detectors"},
    {&CodeTypes::nodeStatusEvent, "node.status.event", "the node-condition detector"},
    {&CodeTypes::nodeConditionObject, "object.node-condition", "the node-condition and heartbeat detectors"},
    {&CodeTypes::componentExitError, "component.exit-error", "the component-start-failure rule"},
    {&CodeTypes::componentServing, "component.serving", "the component-start-failure rule"},
    {&CodeTypes::kubeletFatal, "kubelet.fatal", "the kubelet-run detector and the sandbox-missing rule"},
    {&CodeTypes::unitExit, "systemd.unit.exit", "the kubelet-run detector and the sandbox-missing rule"},
    {&CodeTypes::unitStopped, "systemd.unit.stopped", "the kubelet-run detector"},
    {&CodeTypes::unitStarted, "systemd.unit.started", "the kubelet-start-failure rule"},
    {&CodeTypes::networkNotReady, "runtime.network-not-ready", "the node-network-not-ready rule"},
    {&CodeTypes::startupNotReady, "node.startup-not-ready", "the node-network-not-ready rule"},
    {&CodeTypes::networkNotReadyEvent, "event.network-not-ready", "the node-network-not-ready rule"},
    {&CodeTypes::unitFailed, "systemd.unit.failed", "the kubelet-start-failure rule"},
    {&CodeTypes::kubeletStarted, "kubelet.started", "the kubelet-start-failure rule"},
    {&CodeTypes::nodeRegistered, "node.registered", "the kubelet-start-failure rule"},
    {&CodeTypes::componentPanic, "component.panic", "the component-panic rule"},
    {&CodeTypes::goCrash, "go.crash", "the component-panic rule"},
    {&CodeTypes::restartScheduled, "systemd.unit.restart-scheduled", "the kubelet-start-failure rule"},
    {&CodeTypes::clockStepped, "host.clock-stepped", "the heartbeat detector"},
    {&CodeTypes::clientCertExpired, "kubelet.client-cert-expired", "the kubelet-client-cert-expired rule"},
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
    {&CodeTypes::syncSkipped, "kubelet.sync.skipped", "the runtime-outage and PLEG detectors (the start-up states)"},
    {&CodeTypes::inlineDump, "go.dump.inline", "the runtime-dump detector"},
    {&CodeTypes::taintEvictionDelete, "taint-manager.delete-pod", "the taint-eviction rule"},
    {&CodeTypes::leaderLost, "leader-election.lost", "the leader-election-lost rule"},
    {&CodeTypes::leaderRenewFailed, "leader-election.renew-failed", "the leader-election-lost rule"},
    {&CodeTypes::leaderLockError, "leader-election.lock-error", "the leader-election-lost rule"},
    {&CodeTypes::leaderAcquired, "leader-election.acquired", "the leader-election-lost rule"},
    {&CodeTypes::leaderHeldByOther, "leader-election.held-by-other", "the leader-election-lost rule"},
    {&CodeTypes::schedulerBound, "scheduler.bound", "the correlator (a pod's node)"},
};
// clang-format on

// Every field key C++ reads after the parse, as string ids of one incident's pool (kNoString:
// no event of the incident has that field, which reads as empty). The parse keeps these on
// every typed event; a key not listed here is not kept (the event details decode it from
// the line again), so a reader of a new key adds it here or reads nothing.
struct FieldKeys {
    StringId code, conditionStatus, conditionType, containerId, containerMessage, duration, error, event, eventType, flag, gracePeriod,
        hashNew, hashOld, holder, lastHeartbeatTime, lastTransition, lease, message, name, namespace_, node, notAfter, podReady, podUid,
        pods, probe, probeType, readyContainers, readyStatus, reason, resource, sandboxId, status, stepSeconds, subresource, taints,
        threshold, unit, unreadyContainers, user, userAgent, value, verb, version, what, count, exitStatus, firstTimestamp, action, panic;
};

// Each member of FieldKeys and the field name it stands for (checked when the catalog loads).
struct FieldNeed {
    StringId FieldKeys::*member;
    const char *name;
};

// clang-format off
inline constexpr FieldNeed kFieldNeeds[] = {
    {&FieldKeys::code, "code"}, {&FieldKeys::conditionStatus, "conditionStatus"}, {&FieldKeys::conditionType, "conditionType"},
    {&FieldKeys::containerId, "containerId"}, {&FieldKeys::containerMessage, "containerMessage"},
    {&FieldKeys::duration, "duration"}, {&FieldKeys::error, "error"}, {&FieldKeys::event, "event"}, {&FieldKeys::eventType, "eventType"}, {&FieldKeys::flag, "flag"},
    {&FieldKeys::gracePeriod, "gracePeriod"}, {&FieldKeys::hashNew, "hashNew"},
    {&FieldKeys::hashOld, "hashOld"}, {&FieldKeys::holder, "holder"}, {&FieldKeys::lastHeartbeatTime, "lastHeartbeatTime"}, {&FieldKeys::lastTransition, "lastTransition"}, {&FieldKeys::lease, "lease"}, {&FieldKeys::message, "message"}, {&FieldKeys::name, "name"},
    {&FieldKeys::namespace_, "namespace"}, {&FieldKeys::node, "node"}, {&FieldKeys::notAfter, "notAfter"}, {&FieldKeys::podReady, "podReady"}, {&FieldKeys::podUid, "podUID"},
    {&FieldKeys::pods, "pods"}, {&FieldKeys::probe, "probe"}, {&FieldKeys::probeType, "probeType"},
    {&FieldKeys::readyContainers, "readyContainers"}, {&FieldKeys::readyStatus, "readyStatus"}, {&FieldKeys::reason, "reason"},
    {&FieldKeys::resource, "resource"}, {&FieldKeys::sandboxId, "sandboxId"}, {&FieldKeys::status, "status"}, {&FieldKeys::stepSeconds, "stepSeconds"},
    {&FieldKeys::subresource, "subresource"}, {&FieldKeys::taints, "taints"},
    {&FieldKeys::threshold, "threshold"}, {&FieldKeys::unit, "unit"},
    {&FieldKeys::unreadyContainers, "unreadyContainers"}, {&FieldKeys::user, "user"}, {&FieldKeys::userAgent, "userAgent"},
    {&FieldKeys::value, "value"}, {&FieldKeys::verb, "verb"}, {&FieldKeys::version, "version"}, {&FieldKeys::what, "what"},
    {&FieldKeys::count, "count"}, {&FieldKeys::exitStatus, "exitStatus"}, {&FieldKeys::firstTimestamp, "firstTimestamp"},
    {&FieldKeys::action, "action"}, {&FieldKeys::panic, "panic"},
};
// clang-format on

class StringPool;

// Throws std::runtime_error naming `origin`, the code that reads the missing type and its id.
CodeTypes resolveCodeTypes(const EventTypeCatalog &catalog, const std::string &origin);
// The field names no pattern of `catalog` produces (neither a capture nor an alias target nor
// a field the parsers or extractors set): a typo in the list above.
std::vector<std::string> unknownCodeFields(const EventTypeCatalog &catalog);
FieldKeys resolveFieldKeys(const StringPool &strings);
// True when `canonicalKey` is one of kFieldNeeds: a field some code reads after the parse.
bool codeReadsField(std::string_view canonicalKey);

} // namespace kubelane::core
