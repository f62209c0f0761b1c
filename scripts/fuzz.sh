#!/usr/bin/env bash
# Fuzzes every parser of outside input with libFuzzer (Debian's clang-14), each for SECONDS
# (default 60), seeded from samples/ and resources/rules/:
#   bash scripts/fuzz.sh [SECONDS] [TARGET...]        e.g. bash scripts/fuzz.sh 60 fuzz_cri
# Builds into build-fuzz/ (core + fuzz targets only, no GUI); the corpus grows in
# build-fuzz/corpus/, crashes land in build-fuzz/crashes/ and make the script fail. Every crash
# found becomes a regression test in tests/ (tst_fuzzregressions.cpp).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
jobs="${KUBELANE_JOBS:-2}"
# Every fuzz/fuzz_*.cpp is a target (fuzz/CMakeLists.txt builds them the same way).
all_targets=()
for source in fuzz/fuzz_*.cpp; do all_targets+=("$(basename "$source" .cpp)"); done
if (($#)); then targets=("$@"); else targets=("${all_targets[@]}"); fi

CC=clang-14 CXX=clang++-14 cmake -S . -B build-fuzz -G Ninja -DKUBELANE_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build-fuzz -j"$jobs" --target "${targets[@]}"

# Seeds: one line (or one file) per seed, taken from the samples; never written into them.
seeds=build-fuzz/seeds
rm -rf "$seeds"
lines_to_seeds() { # NAME PATTERN: the first 200 distinct sample lines matching PATTERN
  mkdir -p "$seeds/$1"
  ( set +o pipefail # head stops reading early: grep and awk end on SIGPIPE, as meant
    grep -rhaE "$2" samples --exclude='*.gz' --exclude='*.json' 2>/dev/null | awk '!seen[$0]++' | head -200 \
      | split -l 1 -a 3 - "$seeds/$1/line-" )
}
lines_to_seeds fuzz_klog_header '^[IWEF][0-9]{4} [0-9:.]+ +[0-9]+ [^ ]+:[0-9]+\] '
lines_to_seeds fuzz_journald_prefix '^[A-Z][a-z]{2} [ 0-9][0-9] [0-9:.]+ [^ ]+ [^ :]+(\[[0-9]+\])?: '
lines_to_seeds fuzz_cri '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[^ ]+ (stdout|stderr) [FP] '
# Lines inside the samples' archives and behind an envelope (klog JSON in a journal) too.
matching_lines() { # NAME PATTERN: the first 200 distinct matches of PATTERN in the samples and their archives
  mkdir -p "$seeds/$1"
  ( set +o pipefail
    { grep -rhoaE "$2" samples 2>/dev/null || true; find samples -name '*.tar.gz' -exec tar xzf {} -O \; 2>/dev/null | grep -oaE "$2"; } \
      | awk '!seen[$0]++' | head -200 | split -l 1 -a 3 - "$seeds/$1/line-" )
}
matching_lines fuzz_docker_json '\{"log":".*'
matching_lines fuzz_klog_json '\{"ts":.*'
printf '{"log":"I0618 02:05:11.402117       1 flags.go:33] FLAG: --v=\\"2\\"\\n","stream":"stderr","time":"2020-06-18T02:05:11.402147502Z"}\n' \
  >"$seeds/fuzz_docker_json/handmade"
printf '{"ts":1704164645123.456,"caller":"kubelet/kubelet.go:2281","msg":"Skipping pod synchronization","v":0,"err":"PLEG is not healthy","pod":{"name":"web-0","namespace":"default"}}\n' \
  >"$seeds/fuzz_klog_json/handmade"
mkdir -p "$seeds/fuzz_audit_json" "$seeds/fuzz_archive_reader" "$seeds/fuzz_rule_loader" "$seeds/fuzz_session_file"
( set +o pipefail
  grep -rlaE '"audit.k8s.io/v1' samples --exclude='*.gz' 2>/dev/null | head -20 | while read -r f; do
    head -c 65536 "$f" >"$seeds/fuzz_audit_json/$(echo "$f" | tr '/' '_')"
  done )
printf '{"kind":"Event","apiVersion":"audit.k8s.io/v1","level":"Metadata","auditID":"a","stage":"ResponseComplete","requestURI":"/api/v1/nodes/n1/status","verb":"patch","user":{"username":"system:node:n1"},"objectRef":{"resource":"nodes","name":"n1"},"responseStatus":{"code":200},"requestReceivedTimestamp":"2024-01-02T03:04:05.000000Z","stageTimestamp":"2024-01-02T03:04:05.100000Z"}\n' \
  >"$seeds/fuzz_audit_json/handmade.log"
cp resources/rules/*.json "$seeds/fuzz_rule_loader/"
# Goroutine dumps: 8 KiB from a few lines before the first dump of each sample file holding
# one (dump files, journals with a crash or a containerd SIGUSR1 message); small seeds keep
# the fuzzer fast, a few goroutines show every shape of line.
mkdir -p "$seeds/fuzz_goroutine_dump"
( set +o pipefail
  dump_start='^(.*[] ])?goroutine [0-9]+ \[|=== BEGIN goroutine stack dump'
  grep -rlaE "$dump_start" samples --exclude='*.gz' --exclude='*.md' 2>/dev/null | head -20 | while read -r f; do
    first="$(grep -naE "$dump_start" "$f" | head -1 | cut -d: -f1)"
    tail -n +"$((first > 3 ? first - 3 : 1))" "$f" | head -c 8192 >"$seeds/fuzz_goroutine_dump/$(echo "$f" | tr '/' '_')"
  done )
printf 'I0912 08:00:01.000000    1234 kubelet.go:100] before\npanic: boom\n\ngoroutine 312 gp=0xc000007c00 m=nil [semacquire, 5 minutes, locked to thread]:\nsync.runtime_SemacquireMutex(0xc000a1b2c4?, 0x0?, 0x1?)\n\t/usr/local/go/src/runtime/sema.go:77 +0x25\nsync.(*Mutex).Lock(...)\n\t/usr/local/go/src/sync/mutex.go:90\nk8s.io/kubernetes/pkg/kubelet.(*Kubelet).syncPod(0xc000a1b2c0, {0x4a1c2e0, 0xc001234560})\n\tpkg/kubelet/kubelet.go:1700 +0x1f\n...3 frames elided...\ncreated by k8s.io/kubernetes/pkg/kubelet.(*podWorkers).UpdatePod in goroutine 250\n\tpkg/kubelet/pod_workers.go:900 +0xa5\nI0912 08:00:05.000000    1299 kubelet.go:101] after\n' \
  >"$seeds/fuzz_goroutine_dump/handmade-panic.log"
printf 'Sep 12 08:05:00 node-1 containerd[812]: time="2023-09-12T08:05:00Z" level=info msg="=== BEGIN goroutine stack dump ===\\ngoroutine 9 [select, 3 minutes]:\\ngithub.com/containerd/ttrpc.(*Client).Call(0xc000123400, {0x1c4a360, 0xc000abc000})\\n\\t/go/pkg/mod/github.com/containerd/ttrpc/client.go:150 +0x2a5\\n\\n=== END goroutine stack dump ==="\n' \
  >"$seeds/fuzz_goroutine_dump/handmade-logrus.journal"
printf '{"notes":[{"ns":"1700000000000000000","lane":"node/n1","text":"kubelet restarted"}]}\n' >"$seeds/fuzz_session_file/session.json"
printf '{"format":"kubelane-notes","version":1,"bundle":["b.tar.gz"],"notes":[{"time":"2023-11-14T22:13:20.5+08:00","text":"paged"}]}\n' \
  >"$seeds/fuzz_session_file/shared-notes.json"
# Archives: the samples' own, when small, and small ones packed from sample files.
find samples -name '*.tar.gz' -size -256k -exec cp {} "$seeds/fuzz_archive_reader/" \;
sample_log="$(set +o pipefail; find samples -name 'kubelet*.log' -size -64k | head -1)"
if [[ -n "$sample_log" ]]; then
  gzip -c "$sample_log" >"$seeds/fuzz_archive_reader/kubelet.log.gz"
  tar -C "$(dirname "$sample_log")" -czf "$seeds/fuzz_archive_reader/one.tar.gz" "$(basename "$sample_log")"
fi

mkdir -p build-fuzz/crashes
status=0
printf '%-22s %10s %8s %s\n' target execs seconds result
for t in "${targets[@]}"; do
  mkdir -p "build-fuzz/corpus/$t" "$seeds/$t" # a new target may have no seeds yet
  log="build-fuzz/$t.log"
  # -rss_limit_mb: a parser must stay within 2 GiB on any input; -timeout: 10 s for one input.
  if "build-fuzz/fuzz/$t" -max_total_time="$seconds" -print_final_stats=1 -rss_limit_mb=2048 -timeout=10 \
       -max_len=65536 -artifact_prefix="build-fuzz/crashes/$t-" "build-fuzz/corpus/$t" "$seeds/$t" >"$log" 2>&1; then
    result=ok
  else
    result="CRASH (see $log, build-fuzz/crashes/$t-*)"
    status=1
  fi
  execs="$(grep -ao 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')"
  printf '%-22s %10s %8s %s\n' "$t" "$execs" "$seconds" "$result"
done
exit "$status"
