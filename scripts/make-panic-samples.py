#!/usr/bin/env python3
# Writes samples/controller-manager-panic (a LoadBalancer Service crashes the service controller
# of kube-controller-manager 1.31 on both control-plane hosts in turn: the panic, Go's own
# re-panic output, the restarts, the lease passing between them) and its near miss
# samples/apiserver-timeout-panics-healthy (an apiserver 1.18 that logs "Observed a panic" for
# requests it timed out and for a handler's nil dereference, and goes on serving). Shaped after
# kubernetes#128935 (1.31 service controller) and #97962, #103425 (1.18 timeout panics).
# Deterministic: run it from anywhere.
import datetime, json, os
from samplelib import SAMPLES, at, klog, write

UUID = {'master-1': '8c1f5e2a-7d4b-4a96-b3e0-5f2d9c8a1e74', 'master-2': 'd2a97b41-3c6e-4f18-9a5d-0b7e4c1f8a39'}


def cri(t, text, stream='stderr'):
    return f"{t.strftime('%Y-%m-%dT%H:%M:%S.%f')}417Z {stream} F {text}"


def pod_log(host, component, restart, lines):
    uid = {'kube-controller-manager': {'master-1': '3a7e0c59-1b2d-4f86-9e4a-6c0d8b2f7a15', 'master-2': 'f49c2d7e-8a1b-4e35-b6f0-2d9a7c4e1b83'},
           'kube-scheduler': {'master-1': '6b2f9e0a-4c7d-4a18-8e53-1f0c6d9b2a47'}}[component][host]
    write(os.path.join(SAMPLES, 'controller-manager-panic', host, 'var/log/pods', f'kube-system_{component}-{host}_{uid}', component, f'{restart}.log'),
          lines)


# The panic as apimachinery 0.31's logPanic logs it (one structured line, its stack a
# multi-line value) and as Go prints it when HandleCrash panics again (plain stderr).
def service_controller_panic(t, goroutine):
    frames = [('k8s.io/cloud-provider/controllers/service.(*Controller).needsUpdate(0xc000a32340, 0xc0053a9688, 0xc006030288)',
               'k8s.io/cloud-provider/controllers/service/controller.go:583 +0x2a4'),
              ('k8s.io/cloud-provider/controllers/service.New.func2({0x31c6e40?, 0xc0053a9688}, {0x31c6e40, 0xc006030288})',
               'k8s.io/cloud-provider/controllers/service/controller.go:147 +0x4f'),
              ('k8s.io/client-go/tools/cache.ResourceEventHandlerFuncs.OnUpdate(...)', 'k8s.io/client-go/tools/cache/controller.go:253'),
              ('k8s.io/client-go/tools/cache.(*processorListener).run.func1()', 'k8s.io/client-go/tools/cache/shared_informer.go:976 +0x13e'),
              ('k8s.io/apimachinery/pkg/util/wait.BackoffUntil.func1(0x30?)', 'k8s.io/apimachinery/pkg/util/wait/backoff.go:226 +0x33'),
              ('created by k8s.io/client-go/tools/cache.(*processorListener).run in goroutine 1862',
               'k8s.io/client-go/tools/cache/shared_informer.go:968 +0x6b')]
    handling = [('k8s.io/apimachinery/pkg/util/runtime.logPanic({0x38433c0, 0x5545b00}, {0x2d99020, 0x5480790})',
                 'k8s.io/apimachinery/pkg/util/runtime/runtime.go:107 +0xbc'),
                ('k8s.io/apimachinery/pkg/util/runtime.handleCrash({0x38433c0, 0x5545b00}, {0x2d99020, 0x5480790}, {0x0, 0x0, 0x0?})',
                 'k8s.io/apimachinery/pkg/util/runtime/runtime.go:82 +0x5e'),
                ('k8s.io/apimachinery/pkg/util/runtime.HandleCrash({0x0, 0x0, 0xc002621500?})', 'k8s.io/apimachinery/pkg/util/runtime/runtime.go:59 +0x108'),
                ('panic({0x2d99020?, 0x5480790?})', 'runtime/panic.go:770 +0x132'),
                ('runtime.panicmem(...)', 'runtime/panic.go:261'),
                ('runtime.sigpanic()', 'runtime/signal_unix.go:881 +0x378')]
    text = 'runtime error: invalid memory address or nil pointer dereference'
    out = [cri(t, klog(t, 'E', 1, 'panic.go:262', f'"Observed a panic" panic="{text}" panicGoValue="\\"invalid memory address or nil pointer dereference\\"" stacktrace=<', pad=7)),
           cri(t, f'\tgoroutine {goroutine} [running]:')]
    for call, loc in handling + frames:
        out += [cri(t, '\t' + call), cri(t, '\t\t' + loc)]
    out.append(cri(t, ' >'))
    t2 = at(t, 0.0004)
    out += [cri(t2, f'panic: {text} [recovered]'), cri(t2, f'\tpanic: {text}'),
            cri(t2, '[signal SIGSEGV: segmentation violation code=0x1 addr=0x58 pc=0x2a4c1e4]'), cri(t2, ''),
            cri(t2, f'goroutine {goroutine} [running]:')]
    for call, loc in handling[1:] + frames:
        out += [cri(t2, call), cri(t2, '\t' + loc)]
    return out


def kcm_start(t):
    """A 1.31 controller manager's start-up: certs, version, serving, then waiting for the lease."""
    L = [cri(t, klog(t, 'I', 1, 'serving.go:386', 'Generated self-signed cert in-memory', pad=7)),
         cri(at(t, 0.41), klog(at(t, 0.41), 'I', 1, 'controllermanager.go:197', '"Starting" version="v1.31.1"', pad=7)),
         cri(at(t, 0.41), klog(at(t, 0.41), 'I', 1, 'controllermanager.go:199', '"Golang settings" GOGC="" GOMAXPROCS="" GOTRACEBACK=""', pad=7)),
         cri(at(t, 0.5), klog(at(t, 0.5), 'I', 1, 'dynamic_cafile_content.go:160', '"Starting controller" name="request-header::/etc/kubernetes/pki/front-proxy-ca.crt"', pad=7)),
         cri(at(t, 0.5), klog(at(t, 0.5), 'I', 1, 'secure_serving.go:213', 'Serving securely on 127.0.0.1:10257', pad=7)),
         cri(at(t, 0.6), klog(at(t, 0.6), 'I', 1, 'leaderelection.go:254', 'attempting to acquire leader lease kube-system/kube-controller-manager...', pad=7))]
    return L


def kcm_leads(t, host, ident):
    """Acquiring the lease, then the controllers it starts and the service controller's sync."""
    lines = [(0, 'leaderelection.go:268', 'successfully acquired lease kube-system/kube-controller-manager'),
             (0.01, 'event.go:389', f'"Event occurred" object="kube-system/kube-controller-manager" fieldPath="" kind="Lease" apiVersion="coordination.k8s.io/v1" type="Normal" reason="LeaderElection" message="{host}_{ident} became leader"'),
             (0.2, 'controllermanager.go:797', '"Started controller" controller="serviceaccount-token-controller"'),
             (0.3, 'controllermanager.go:797', '"Started controller" controller="node-lifecycle-controller"'),
             (0.3, 'node_lifecycle_controller.go:459', '"Sending events to api server"'),
             (0.4, 'controllermanager.go:797', '"Started controller" controller="service-lb-controller"'),
             (0.4, 'controller.go:231', '"Starting service controller"'),
             (0.4, 'shared_informer.go:313', 'Waiting for caches to sync for service'),
             (0.5, 'controllermanager.go:797', '"Started controller" controller="endpointslice-controller"'),
             (0.5, 'controllermanager.go:797', '"Started controller" controller="replicaset-controller"'),
             (1.3, 'shared_informer.go:320', 'Caches are synced for service'),
             (1.4, 'shared_informer.go:320', 'Caches are synced for node'),
             (1.5, 'node_lifecycle_controller.go:1040', '"Controller detected that all Nodes are not-Ready. Entering master disruption mode"'),
             (1.9, 'node_lifecycle_controller.go:1064', '"Controller detected that some Nodes are Ready. Exiting master disruption mode"')]
    return [cri(at(t, s), klog(at(t, s), 'I', 1, f, m, pad=7)) for s, f, m in lines]


def routine(t0, seconds, step):
    """A leading controller manager's everyday lines."""
    out = []
    for k, s in enumerate(range(0, seconds, step)):
        t = at(t0, s)
        if k % 3 == 0:
            out.append(cri(t, klog(t, 'I', 1, 'event.go:389', f'"Event occurred" object="shop/web-7d9f8b6c5" fieldPath="" kind="ReplicaSet" apiVersion="apps/v1" type="Normal" reason="SuccessfulCreate" message="Created pod: web-7d9f8b6c5-{k:05d}"', pad=7)))
        elif k % 3 == 1:
            out.append(cri(t, klog(t, 'I', 1, 'cleaner.go:175', '"Cleaning CSR as it is more than approvedExpiration duration old and approved." csr="csr-8x2kp"', pad=7)))
        else:
            out.append(cri(t, klog(t, 'I', 1, 'event.go:389', '"Event occurred" object="shop/edge-lb" fieldPath="" kind="Service" apiVersion="v1" type="Normal" reason="EnsuredLoadBalancer" message="Ensured load balancer"', pad=7)))
    return out


def controller_manager_panic():
    t0 = datetime.datetime(2024, 11, 20, 9, 0, 0, 210000)
    crash1 = datetime.datetime(2024, 11, 20, 9, 42, 17, 98176)   # master-1 leads, the Service update arrives
    crash2 = datetime.datetime(2024, 11, 20, 9, 42, 36, 552013)  # master-2 took the lease at 09:42:33
    crash3 = datetime.datetime(2024, 11, 20, 9, 42, 55, 301877)  # master-1's second process took it at 09:42:52
    # master-1, first process: leads from the start, crashes at crash1.
    m1 = kcm_start(t0) + kcm_leads(at(t0, 1.2), 'master-1', '5e9d1c74-2b8a-4f03-a6e1-7c3f0d9b4a21')
    m1 += routine(at(t0, 60), 2400, 90) + service_controller_panic(crash1, 2003)
    pod_log('master-1', 'kube-controller-manager', 0, m1)
    # master-2: a standby from the start; takes the lease when master-1's expires, crashes.
    m2a = kcm_start(at(t0, 0.35))
    m2a += kcm_leads(datetime.datetime(2024, 11, 20, 9, 42, 33, 120000), 'master-2', '1f7c4e9a-6d2b-4c85-9e3a-b0d5f8a2c617')
    m2a += service_controller_panic(crash2, 1877)
    pod_log('master-2', 'kube-controller-manager', 0, m2a)
    # master-1, second process: started by the kubelet 12 s after the crash, standby, takes the
    # lease when master-2's expires, crashes on the same Service.
    m1b = kcm_start(datetime.datetime(2024, 11, 20, 9, 42, 29, 402000))
    m1b += kcm_leads(datetime.datetime(2024, 11, 20, 9, 42, 52, 9000), 'master-1', '9a3e6f12-0c4d-4b7e-8f25-d1a6c3e9b048')
    m1b += service_controller_panic(crash3, 2211)
    pod_log('master-1', 'kube-controller-manager', 1, m1b)
    # The operator deletes the Service at 09:43:08. master-2's second process (started at
    # 09:42:48) takes the lease at 09:43:11 and stays; master-1's third stays a standby.
    m2b = kcm_start(datetime.datetime(2024, 11, 20, 9, 42, 48, 770000))
    m2b += kcm_leads(datetime.datetime(2024, 11, 20, 9, 43, 11, 40000), 'master-2', '4d8b2a6e-9f1c-4e57-a3d0-6e2c7b9f1a85')
    m2b += routine(datetime.datetime(2024, 11, 20, 9, 44, 0, 500000), 900, 90)
    pod_log('master-2', 'kube-controller-manager', 1, m2b)
    m1c = kcm_start(datetime.datetime(2024, 11, 20, 9, 43, 16, 611000))
    pod_log('master-1', 'kube-controller-manager', 2, m1c)
    # master-1's scheduler: healthy, leading throughout.
    s = [(0.4, 'serving.go:386', 'Generated self-signed cert in-memory'), (0.8, 'server.go:167', '"Starting Kubernetes Scheduler" version="v1.31.1"'),
         (0.9, 'leaderelection.go:254', 'attempting to acquire leader lease kube-system/kube-scheduler...'),
         (1.7, 'leaderelection.go:268', 'successfully acquired lease kube-system/kube-scheduler')]
    sched = [cri(at(t0, x), klog(at(t0, x), 'I', 1, f, m, pad=7)) for x, f, m in s]
    for k, x in enumerate(range(300, 3600, 300)):
        t = at(t0, x)
        sched.append(cri(t, klog(t, 'I', 1, 'schedule_one.go:314', f'"Successfully bound pod to node" pod="shop/web-7d9f8b6c5-{k:05d}" node="worker-{k % 3 + 1}" evaluatedNodes=5 feasibleNodes=3', pad=7)))
    pod_log('master-1', 'kube-scheduler', 0, sched)


def docker_json(t, text, stream='stderr'):
    return json.dumps({'log': text + '\n', 'stream': stream, 'time': t.strftime('%Y-%m-%dT%H:%M:%S.%f') + '341Z'}, separators=(',', ':'))


def timeout_panic(t, goroutine, client, uri):
    """1.18's timeout filter aborting a request it had started answering: HandleCrash's line and
    trace, the apiserver's "panic'd" line, and net/http2's own report with its trace."""
    err = 'killing connection/stream because serving request timed out and response had been started'
    vendor = '/workspace/anago-v1.18.14-rc.0.12+89182bdd065fbc/src/k8s.io/kubernetes/_output/dockerized/go/src/k8s.io/kubernetes/vendor/'
    pkg = 'k8s.io/kubernetes/vendor/'
    trace = [(f'{pkg}k8s.io/apimachinery/pkg/util/runtime.logPanic(0x3c484a0, 0xc000360790)', f'{vendor}k8s.io/apimachinery/pkg/util/runtime/runtime.go:74 +0xa3'),
             (f'{pkg}k8s.io/apimachinery/pkg/util/runtime.HandleCrash(0xc042e8bc90, 0x1, 0x1)', f'{vendor}k8s.io/apimachinery/pkg/util/runtime/runtime.go:48 +0x82'),
             ('panic(0x3c484a0, 0xc000360790)', '/usr/local/go/src/runtime/panic.go:679 +0x1b2'),
             (f'{pkg}k8s.io/apiserver/pkg/server/filters.(*baseTimeoutWriter).timeout(0xc049c02ca0, 0xc04527a5a0)', f'{vendor}k8s.io/apiserver/pkg/server/filters/timeout.go:257 +0x1cf'),
             (f'{pkg}k8s.io/apiserver/pkg/server/filters.(*timeoutHandler).ServeHTTP(0xc01d8e4be0, 0x514e260, 0xc0204f45b0, 0xc02b643c00)', f'{vendor}k8s.io/apiserver/pkg/server/filters/timeout.go:141 +0x310'),
             ('net/http.HandlerFunc.ServeHTTP(0xc0095273e0, 0x514e260, 0xc0204f45b0, 0xc02b643b00)', '/usr/local/go/src/net/http/server.go:2007 +0x44')]
    out = [docker_json(t, klog(t, 'E', 1, 'runtime.go:78', f'Observed a panic: &errors.errorString{{s:"{err}"}} ({err})', pad=7)), docker_json(t, f'goroutine {goroutine} [running]:')]
    for call, loc in trace:
        out += [docker_json(t, call), docker_json(t, '\t' + loc)]
    t2 = at(t, 0.00014)
    out.append(docker_json(t2, klog(t2, 'E', 1, 'wrap.go:39', f"apiserver panic'd on GET {uri}", pad=7)))
    t3 = at(t, 0.00022)
    out += [docker_json(t3, klog(t3, 'I', 1, 'log.go:172', f'http2: panic serving {client}: {err}', pad=7)), docker_json(t3, f'goroutine {goroutine} [running]:'),
            docker_json(t3, f'{pkg}golang.org/x/net/http2.(*serverConn).runHandler.func1(0xc0214ac0f8, 0xc04527a5af, 0xc01b92a000)'),
            docker_json(t3, f'\t{vendor}golang.org/x/net/http2/server.go:2152 +0x16b')]
    for call, loc in trace[1:]:
        out += [docker_json(t3, call), docker_json(t3, '\t' + loc)]
    return out


def handler_nil_panic(t, goroutine):
    """A handler's own panic (an aggregated API's conversion hits a nil): logged, recovered by net/http."""
    vendor = '/workspace/anago-v1.18.14-rc.0.12+89182bdd065fbc/src/k8s.io/kubernetes/_output/dockerized/go/src/k8s.io/kubernetes/vendor/'
    pkg = 'k8s.io/kubernetes/vendor/'
    text = 'invalid memory address or nil pointer dereference'
    out = [docker_json(t, klog(t, 'E', 1, 'runtime.go:78', f'Observed a panic: "{text}" (runtime error: {text})', pad=7)), docker_json(t, f'goroutine {goroutine} [running]:')]
    for call, loc in [(f'{pkg}k8s.io/apimachinery/pkg/util/runtime.logPanic(0x3a8f0e0, 0x6b5c2a0)', f'{vendor}k8s.io/apimachinery/pkg/util/runtime/runtime.go:74 +0xa3'),
                      (f'{pkg}k8s.io/apimachinery/pkg/util/runtime.HandleCrash(0xc02a5e7c90, 0x1, 0x1)', f'{vendor}k8s.io/apimachinery/pkg/util/runtime/runtime.go:48 +0x82'),
                      ('panic(0x3a8f0e0, 0x6b5c2a0)', '/usr/local/go/src/runtime/panic.go:679 +0x1b2'),
                      (f'{pkg}k8s.io/apiserver/pkg/endpoints/handlers.transformResponseObject(0x50fd1a0, 0xc0a1b2c3d0, 0x0, 0x0)', f'{vendor}k8s.io/apiserver/pkg/endpoints/handlers/response.go:118 +0x2c5'),
                      (f'{pkg}k8s.io/apiserver/pkg/endpoints/handlers.ListResource.func1(0x514e260, 0xc0204f45b0, 0xc02b643c00)', f'{vendor}k8s.io/apiserver/pkg/endpoints/handlers/get.go:286 +0x9a1'),
                      ('net/http.HandlerFunc.ServeHTTP(0xc0095273e0, 0x514e260, 0xc0204f45b0, 0xc02b643b00)', '/usr/local/go/src/net/http/server.go:2007 +0x44')]:
        out += [docker_json(t, call), docker_json(t, '\t' + loc)]
    t2 = at(t, 0.00011)
    out.append(docker_json(t2, klog(t2, 'E', 1, 'wrap.go:39', "apiserver panic'd on GET /apis/metrics.k8s.io/v1beta1/namespaces/monitoring/pods", pad=7)))
    return out


def apiserver_timeout_panics_healthy():
    t0 = datetime.datetime(2021, 1, 18, 5, 30, 0, 118000)
    root = os.path.join(SAMPLES, 'apiserver-timeout-panics-healthy', 'cp-1', 'var/log/pods')
    A = [docker_json(t0, klog(t0, 'I', 1, 'flags.go:59', 'FLAG: --request-timeout="1m0s"', pad=7)),
         docker_json(at(t0, 0.1), klog(at(t0, 0.1), 'I', 1, 'server.go:618', 'external host was not specified, using 10.0.0.10', pad=7)),
         docker_json(at(t0, 0.1), klog(at(t0, 0.1), 'I', 1, 'server.go:148', 'Version: v1.18.14', pad=7)),
         docker_json(at(t0, 2.3), klog(at(t0, 2.3), 'I', 1, 'secure_serving.go:178', 'Serving securely on [::]:6443', pad=7))]
    panics = [(30 * 60 + 49.720658, 111616752, '10.0.0.21:51234', '/api/v1/pods?limit=500&resourceVersion=0'),
              (36 * 60 + 12.004417, 111702113, '10.0.0.21:51302', '/api/v1/pods?limit=500&resourceVersion=0'),
              (51 * 60 + 3.880129, 112001857, '10.0.0.23:40118', '/api/v1/events?limit=500')]
    for k, (s, g, client, uri) in enumerate(panics):
        t = at(t0, s)
        A.append(docker_json(at(t, -0.8), klog(at(t, -0.8), 'I', 1, 'trace.go:116', f'Trace[{1804289383 + k}]: "List" url:{uri.split("?")[0]},user-agent:prometheus/2.22.1,client:{client.split(":")[0]} (started: {at(t, -60.8).strftime("%Y-%m-%d %H:%M:%S.%f")} +0000 UTC m=+{s - 60.8:.6f}) (total time: 1m0.0008s):', pad=7)))
        A += timeout_panic(t, g, client, uri)
        if k == 1:
            A += handler_nil_panic(at(t0, 44 * 60 + 30.551), 111950024)
    write(os.path.join(root, 'kube-system_kube-apiserver-cp-1_0b3e7d91-5a2c-4f68-8e14-c9d2a6b0f375', 'kube-apiserver', '0.log'), A)
    C = [docker_json(at(t0, 0.3), klog(at(t0, 0.3), 'I', 1, 'serving.go:313', 'Generated self-signed cert in-memory', pad=7)),
         docker_json(at(t0, 0.9), klog(at(t0, 0.9), 'I', 1, 'controllermanager.go:161', 'Version: v1.18.14', pad=7)),
         docker_json(at(t0, 1.0), klog(at(t0, 1.0), 'I', 1, 'leaderelection.go:242', 'attempting to acquire leader lease  kube-system/kube-controller-manager...', pad=7)),
         docker_json(at(t0, 3.4), klog(at(t0, 3.4), 'I', 1, 'leaderelection.go:252', 'successfully acquired lease kube-system/kube-controller-manager', pad=7))]
    for k, s in enumerate(range(120, 3600, 240)):
        t = at(t0, s)
        C.append(docker_json(t, klog(t, 'I', 1, 'event.go:278', f'Event(v1.ObjectReference{{Kind:"ReplicaSet", Namespace:"monitoring", Name:"kube-state-metrics-6d8b7c9f5", UID:"2f9a7c41-8e3b-4d06-b5a1-c7e0d2f9b384", APIVersion:"apps/v1", ResourceVersion:"{918233 + k * 17}", FieldPath:""}}): type: \'Normal\' reason: \'SuccessfulCreate\' Created pod: kube-state-metrics-6d8b7c9f5-{k:05d}', pad=7)))
    write(os.path.join(root, 'kube-system_kube-controller-manager-cp-1_7c4a1e08-2f9d-4b63-a5e7-0d8c3b6f1e92', 'kube-controller-manager', '0.log'), C)


controller_manager_panic()
apiserver_timeout_panics_healthy()
