#pragma once
// Inputs of tst_kubeobjects, shaped as kubectl 1.2x prints them (kept apart: moc of Qt 6.4
// cannot read raw string literals).

namespace kubelane::test::kubeobjects {

// kubectl get events -o json (1.2x): a List of core/v1 Events, encoding/json MarshalIndent.
const char *const kEventListJson = R"J({
    "apiVersion": "v1",
    "items": [
        {
            "apiVersion": "v1",
            "count": 1,
            "eventTime": null,
            "firstTimestamp": "2024-06-19T10:07:14Z",
            "involvedObject": {
                "apiVersion": "v1",
                "kind": "Node",
                "name": "worker-3",
                "uid": "worker-3"
            },
            "kind": "Event",
            "lastTimestamp": "2024-06-19T10:07:14Z",
            "message": "Node worker-3 status is now: NodeNotReady",
            "metadata": {
                "creationTimestamp": "2024-06-19T10:07:14Z",
                "name": "worker-3.17da6b0c9a3e2f11",
                "namespace": "default",
                "resourceVersion": "48812",
                "uid": "0b1e5c4a-3f0e-4f7e-9b52-8a1c3e7d9f20"
            },
            "reason": "NodeNotReady",
            "reportingComponent": "",
            "reportingInstance": "",
            "source": {
                "component": "node-controller"
            },
            "type": "Normal"
        },
        {
            "apiVersion": "v1",
            "count": 4,
            "eventTime": null,
            "firstTimestamp": "2024-06-19T10:02:31Z",
            "involvedObject": {
                "apiVersion": "v1",
                "fieldPath": "spec.containers{app}",
                "kind": "Pod",
                "name": "web-0",
                "namespace": "shop",
                "resourceVersion": "48120",
                "uid": "6f0b6d2f-9b11-4d8c-9a53-3c1f0e0a7b7e"
            },
            "kind": "Event",
            "lastTimestamp": "2024-06-19T10:03:01Z",
            "message": "Readiness probe failed: Get \"http://10.244.1.17:8080/ready\": dial tcp 10.244.1.17:8080: connect: connection refused",
            "metadata": {
                "creationTimestamp": "2024-06-19T10:02:31Z",
                "name": "web-0.17da6ac5e1b0c3d4",
                "namespace": "shop",
                "resourceVersion": "48130",
                "uid": "5e2d7c1b-8a4f-4b6e-a1d3-2c9f0e8b7a61"
            },
            "reason": "Unhealthy",
            "reportingComponent": "",
            "reportingInstance": "",
            "source": {
                "component": "kubelet",
                "host": "worker-1"
            },
            "type": "Warning"
        }
    ],
    "kind": "List",
    "metadata": {
        "resourceVersion": ""
    }
}
)J";

// kubectl get events.v1.events.k8s.io -o json: an EventList of events.k8s.io/v1 Events.
const char *const kEventsK8sIoV1 = R"J({
    "apiVersion": "events.k8s.io/v1",
    "items": [
        {
            "action": "Scheduling",
            "apiVersion": "events.k8s.io/v1",
            "eventTime": "2024-06-19T10:01:02.318274Z",
            "kind": "Event",
            "metadata": {
                "creationTimestamp": "2024-06-19T10:01:02Z",
                "name": "web-1.17da6ab2c9d1e0f3",
                "namespace": "shop"
            },
            "note": "Successfully assigned shop/web-1 to worker-2",
            "reason": "Scheduled",
            "regarding": {
                "apiVersion": "v1",
                "kind": "Pod",
                "name": "web-1",
                "namespace": "shop",
                "uid": "1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c5d"
            },
            "reportingController": "default-scheduler",
            "reportingInstance": "default-scheduler-master-1",
            "type": "Normal"
        },
        {
            "apiVersion": "events.k8s.io/v1",
            "deprecatedCount": 0,
            "eventTime": "2024-06-19T10:04:00.100000Z",
            "kind": "Event",
            "metadata": {
                "creationTimestamp": "2024-06-19T10:04:00Z",
                "name": "web-1.17da6ab2c9d1e0f4",
                "namespace": "shop"
            },
            "note": "Back-off restarting failed container app in pod web-1_shop(1d2c3b4a-5e6f-4a7b-8c9d-0e1f2a3b4c5d)",
            "reason": "BackOff",
            "regarding": {
                "fieldPath": "spec.containers{app}",
                "kind": "Pod",
                "name": "web-1",
                "namespace": "shop"
            },
            "reportingController": "kubelet",
            "reportingInstance": "worker-2",
            "series": {
                "count": 6,
                "lastObservedTime": "2024-06-19T10:09:30.512000Z"
            },
            "type": "Warning"
        }
    ],
    "kind": "EventList",
    "metadata": {
        "resourceVersion": "50211"
    }
}
)J";

// kubectl get events -o yaml (go-yaml v2): a folded single-quoted and a folded double-quoted message.
const char *const kEventsYaml = R"Y(apiVersion: v1
items:
- apiVersion: v1
  count: 3
  eventTime: null
  firstTimestamp: "2024-06-19T10:02:31Z"
  involvedObject:
    apiVersion: v1
    fieldPath: spec.containers{app}
    kind: Pod
    name: web-0
    namespace: shop
    uid: 6f0b6d2f-9b11-4d8c-9a53-3c1f0e0a7b7e
  kind: Event
  lastTimestamp: "2024-06-19T10:03:01Z"
  message: 'Readiness probe failed: Get "http://10.244.1.17:8080/ready": dial tcp 10.244.1.17:8080:
    connect: connection refused'
  metadata:
    creationTimestamp: "2024-06-19T10:02:31Z"
    name: web-0.17da6ac5e1b0c3d4
    namespace: shop
    resourceVersion: "48130"
    uid: 5e2d7c1b-8a4f-4b6e-a1d3-2c9f0e8b7a61
  reason: Unhealthy
  reportingComponent: ""
  reportingInstance: ""
  source:
    component: kubelet
    host: worker-1
  type: Warning
- apiVersion: v1
  count: 1
  eventTime: null
  firstTimestamp: "2024-06-19T10:07:14Z"
  involvedObject:
    apiVersion: v1
    kind: Node
    name: worker-3
    uid: worker-3
  kind: Event
  lastTimestamp: "2024-06-19T10:07:14Z"
  message: "Node worker-3 status is now: NodeNotReady with a message long enough to be
    folded by the emitter\ttwice over, and \"quoted\" words in it"
  metadata:
    creationTimestamp: "2024-06-19T10:07:14Z"
    name: worker-3.17da6b0c9a3e2f11
    namespace: default
  reason: NodeNotReady
  source:
    component: node-controller
  type: Normal
kind: List
metadata:
  resourceVersion: ""
)Y";

// A cluster-info dump's NodeList: typed list, items without kind/apiVersion.
const char *const kNodeListJson = R"J({
    "kind": "NodeList",
    "apiVersion": "v1",
    "metadata": {
        "resourceVersion": "50211"
    },
    "items": [
        {
            "metadata": {
                "name": "worker-3",
                "uid": "a3c1e2f0-1111-4a2b-9c3d-4e5f6a7b8c9d",
                "resourceVersion": "50190",
                "creationTimestamp": "2024-05-02T08:00:01Z",
                "labels": {
                    "kubernetes.io/hostname": "worker-3"
                }
            },
            "spec": {
                "podCIDR": "10.244.3.0/24"
            },
            "status": {
                "conditions": [
                    {
                        "type": "MemoryPressure",
                        "status": "False",
                        "lastHeartbeatTime": "2024-06-19T10:04:10Z",
                        "lastTransitionTime": "2024-05-02T08:00:01Z",
                        "reason": "KubeletHasSufficientMemory",
                        "message": "kubelet has sufficient memory available"
                    },
                    {
                        "type": "Ready",
                        "status": "Unknown",
                        "lastHeartbeatTime": "2024-06-19T10:04:10Z",
                        "lastTransitionTime": "2024-06-19T10:07:14Z",
                        "reason": "NodeStatusUnknown",
                        "message": "Kubelet stopped posting node status."
                    }
                ],
                "addresses": [
                    {
                        "type": "InternalIP",
                        "address": "10.0.0.13"
                    }
                ],
                "nodeInfo": {
                    "kernelVersion": "5.15.0-112-generic",
                    "osImage": "Ubuntu 22.04.4 LTS",
                    "containerRuntimeVersion": "containerd://1.7.18",
                    "kubeletVersion": "v1.30.2",
                    "kubeProxyVersion": "v1.30.2"
                }
            }
        }
    ]
}
)J";

// A cluster-info dump's PodList: one pod whose container was OOM-killed and restarted.
const char *const kPodListJson = R"J({
    "kind": "PodList",
    "apiVersion": "v1",
    "metadata": {
        "resourceVersion": "50211"
    },
    "items": [
        {
            "metadata": {
                "name": "cart-5d8f7b9c6d-lm4zt",
                "namespace": "shop",
                "uid": "c0ffee00-1234-4abc-8def-0123456789ab",
                "creationTimestamp": "2024-06-19T09:00:00Z",
                "ownerReferences": [
                    {
                        "apiVersion": "apps/v1",
                        "kind": "ReplicaSet",
                        "name": "cart-5d8f7b9c6d",
                        "uid": "0a0b0c0d-0000-4000-8000-000000000001",
                        "controller": true,
                        "blockOwnerDeletion": true
                    }
                ]
            },
            "spec": {
                "containers": [
                    {
                        "name": "cart",
                        "image": "registry.example.com/shop/cart:1.8.0"
                    }
                ],
                "nodeName": "worker-2"
            },
            "status": {
                "phase": "Running",
                "conditions": [
                    {
                        "type": "Ready",
                        "status": "True",
                        "lastProbeTime": null,
                        "lastTransitionTime": "2024-06-19T10:06:02Z"
                    }
                ],
                "containerStatuses": [
                    {
                        "name": "cart",
                        "state": {
                            "running": {
                                "startedAt": "2024-06-19T10:05:51Z"
                            }
                        },
                        "lastState": {
                            "terminated": {
                                "exitCode": 137,
                                "reason": "OOMKilled",
                                "startedAt": "2024-06-19T09:31:10Z",
                                "finishedAt": "2024-06-19T10:05:49Z",
                                "containerID": "containerd://5be1c0a2f3d4"
                            }
                        },
                        "ready": true,
                        "restartCount": 3,
                        "image": "registry.example.com/shop/cart:1.8.0",
                        "imageID": "registry.example.com/shop/cart@sha256:1f2e",
                        "containerID": "containerd://9a8b7c6d5e4f",
                        "started": true
                    }
                ]
            }
        }
    ]
}
)J";

// A cluster-info dump's ServiceList: objects without a time of their own.
const char *const kServiceListJson = R"J({
    "kind": "ServiceList",
    "apiVersion": "v1",
    "metadata": {
        "resourceVersion": "50211"
    },
    "items": [
        {
            "metadata": {
                "name": "cart",
                "namespace": "shop",
                "uid": "d1d2d3d4-0000-4000-8000-000000000002",
                "resourceVersion": "1201"
            },
            "spec": {
                "ports": [
                    {
                        "protocol": "TCP",
                        "port": 80,
                        "targetPort": 8080
                    }
                ],
                "clusterIP": "10.96.14.7",
                "type": "ClusterIP"
            },
            "status": {
                "loadBalancer": {}
            }
        }
    ]
}
)J";

// kubectl get node worker-3 -o yaml and kubectl get pod -o yaml, one after the other: single
// objects (no List), separated by a document marker.
const char *const kNodeAndPodYaml = R"Y(apiVersion: v1
kind: Node
metadata:
  annotations:
    node.alpha.kubernetes.io/ttl: "0"
    volumes.kubernetes.io/controller-managed-attach-detach: "true"
  creationTimestamp: "2024-05-02T08:00:01Z"
  labels:
    kubernetes.io/hostname: worker-3
  name: worker-3
  resourceVersion: "50190"
  uid: a3c1e2f0-1111-4a2b-9c3d-4e5f6a7b8c9d
spec:
  podCIDR: 10.244.3.0/24
  podCIDRs:
  - 10.244.3.0/24
status:
  conditions:
  - lastHeartbeatTime: "2024-06-19T10:07:20Z"
    lastTransitionTime: "2024-06-19T10:07:20Z"
    message: 'container runtime is down,PLEG is not healthy: pleg was last seen active
      3m4.2s ago; threshold is 3m0s'
    reason: KubeletNotReady
    status: "False"
    type: Ready
  nodeInfo:
    containerRuntimeVersion: containerd://1.7.18
    kubeletVersion: v1.30.2
---
apiVersion: v1
kind: Pod
metadata:
  creationTimestamp: "2024-06-19T09:58:00Z"
  name: web-0
  namespace: shop
spec:
  containers:
  - image: registry.example.com/shop/web:2.4.1
    name: app
  nodeName: worker-3
status:
  phase: Running
)Y";

} // namespace kubelane::test::kubeobjects
