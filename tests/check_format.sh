#!/usr/bin/env bash
# The C++ of the tree is formatted by .clang-format with Debian 12's clang-format 14 (other
# versions format a few constructs differently). Fails naming each file that is not, with
# the command that formats it.
set -uo pipefail
root="${1:?usage: check_format.sh SOURCE_DIR CLANG_FORMAT}"
tool="${2:?usage: check_format.sh SOURCE_DIR CLANG_FORMAT}"
cd "$root" || exit 2
mapfile -t files < <(git ls-files 'core/*.cpp' 'core/*.h' 'ui/*.cpp' 'ui/*.h' 'app/*.cpp' 'app/*.h' 'tests/*.cpp' 'tests/*.h' 'fuzz/*.cpp' 'fuzz/*.h' 2>/dev/null)
[[ ${#files[@]} -gt 100 ]] || { echo "could not list the tree's C++ files (not a git checkout?)"; exit 2; }
status=0
for f in "${files[@]}"; do
    if ! "$tool" --dry-run --Werror "$f" >/dev/null 2>&1; then
        echo "$f: not formatted (run: $tool -i $f)"
        status=1
    fi
done
[[ $status == 0 ]] && echo "${#files[@]} files formatted by .clang-format"
exit $status
