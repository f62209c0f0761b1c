#!/usr/bin/env bash
# The fact and rule detectors (core/facts, core/rules) read event types and fields by id only:
# their names live in core/classify/codenames.cpp, resolved when the catalog loads. This fails,
# naming file and line, on any string literal there that is an event-type id of events.json,
# on a field read by a string key, and on a comparison with a type's name. Everything else that
# reads an event's fields after the parse (core/load, core/time, core/analysis, core/report,
# ui, app) is checked for fields read by a string key: the load keeps only the fields
# codenames.h names (SourceParser::storeFields), so a field read by a name not there reads empty.
set -uo pipefail
root="${1:?usage: check_code_names.sh SOURCE_DIR}"
cd "$root" || exit 2
dirs=(core/facts core/rules)

# Every type id events.json defines, plus the ones the catalog adds itself.
ids=$( { grep -oE '^\s*"id": "[^"]+"' resources/events.json | sed -E 's/.*"id": "([^"]+)"/\1/'; printf '%s\n' apiserver.audit go.goroutine; } | sort -u)
[[ $(wc -l <<<"$ids") -gt 50 ]] || { echo "could not read the type ids of resources/events.json"; exit 2; }

status=0
report() { echo "$1"; status=1; }

# The detectors' lines without their comments (a comment may quote a type), as FILE:LINE:TEXT.
code=$(grep -rnE --include='*.cpp' --include='*.h' '' "${dirs[@]}" | sed -E 's#//.*$##')

# A string literal that is a type id.
while IFS= read -r hit; do
    [[ -z "$hit" ]] && continue
    at=${hit%%\"*}
    literal=${hit#"$at"}
    literal=${literal//\"/}
    grep -qxF "$literal" <<<"$ids" && report "$at $literal: event type named as a string (read it from CodeTypes, core/classify/codenames.h)"
done < <(grep -oE '^[^:]+:[0-9]+:|"[a-z][a-z0-9-]*\.[a-z0-9.-]+"' <<<"$code" | awk '/:$/ {at=$0; next} {print at $0}')

# A field read by a string key, a type looked up by name, a type's name compared.
strict='field\([^;()]*, *"|(eventTypes|[cC]atalog|types)(->|\.)find\("|requireEventType|typeId\([^)]*\)[^;]*(==|!=|starts_with|ends_with|\.find)|typeName\([^)]*\)[^;]*(==|!=|starts_with|ends_with|\.find)'
while IFS= read -r hit; do
    [[ -n "$hit" ]] && report "$hit: field or type read by its name (use FieldKeys / CodeTypes, core/classify/codenames.h)"
done < <(grep -E "$strict" <<<"$code" || true)

readers=(core/load core/time core/analysis core/report ui app)
while IFS= read -r hit; do
    [[ -n "$hit" ]] && report "$hit: an event's field read by its name (use FieldKeys, core/classify/codenames.h)"
done < <(grep -rnE --include='*.cpp' --include='*.h' '' "${readers[@]}" | sed -E 's#//.*$##' | grep -E '(\.|->)field\([^;()]*, *"' || true)

[[ $status == 0 ]] && echo "no event type or field named as a string in ${dirs[*]}, no field read by its name in ${readers[*]}"
exit $status
