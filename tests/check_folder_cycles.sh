#!/usr/bin/env bash
# The folders of core/ depend one way (docs/ARCHITECTURE-rules.md lists the order): this reads
# every #include "../FOLDER/..." and #include "core/FOLDER/..." edge between them and fails,
# naming the cycle and the files that make it, when the folders do not form a DAG.
set -uo pipefail
root="${1:?usage: check_folder_cycles.sh SOURCE_DIR}"
cd "$root/core" || exit 2

# "from to file" per edge between two different folders.
edges=$(grep -rnoE --include='*.h' --include='*.cpp' '^\s*#\s*include\s+"(\.\./|core/)[a-z_]+/' . \
        | sed -E 's#^\./([a-z_]+)/([^:]+):[0-9]+:.*"(\.\./|core/)([a-z_]+)/#\1 \4 \1/\2#' \
        | awk '$1 != $2' | sort -u)

# Depth-first search over the folder graph; prints the first cycle found as a -> b -> a.
cycle=$(awk '
    { if (!(($1 SUBSEP $2) in seen)) { adj[$1] = adj[$1] " " $2; seen[$1, $2] = 1 }; why[$1, $2] = $3; nodes[$1] = 1; nodes[$2] = 1 }
    function visit(n,    list, i, m, k, path) {
        state[n] = 1; stack[++depth] = n
        split(adj[n], list, " ")
        for (i in list) {
            m = list[i]
            if (m == "") continue
            if (state[m] == 1) {
                for (k = 1; k <= depth && stack[k] != m; ++k) {}
                path = ""
                for (; k <= depth; ++k) path = path stack[k] " -> "
                print path m
                for (k = 1; k <= depth; ++k) if (stack[k] == m) break
                for (; k < depth; ++k) print "  " stack[k] " -> " stack[k + 1] ": " why[stack[k], stack[k + 1]]
                print "  " n " -> " m ": " why[n, m]
                found = 1; exit
            }
            if (state[m] == 0) visit(m)
            if (found) return
        }
        state[n] = 2; --depth
    }
    END { for (n in nodes) if (!found && state[n] == 0) visit(n) }
' <<<"$edges")

if [[ -n "$cycle" ]]; then
    echo "include cycle between core folders: $cycle"
    exit 1
fi
echo "core folders include one way: $(awk '{print $1}' <<<"$edges" | sort -u | wc -l) folders, $(awk '{print $1, $2}' <<<"$edges" | sort -u | wc -l) folder edges, no cycle"
