#!/usr/bin/env bash
# The C sources follow .clang-format: clang-format --dry-run -Werror over
# every tracked .c and .h of src/ and include/ (clang-format 14, Debian's
# package). Prints each line it would change; exits 1 when there is one.
# To format them: git ls-files 'src/*.[ch]' 'include/*.h' | xargs clang-format -i
set -euo pipefail
cd "$(dirname "$0")/.."
command -v clang-format >/dev/null 2>&1 || {
    echo "check-format: clang-format is missing (scripts/install-deps.sh installs it)" >&2
    exit 1
}
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git ls-files -z 'src/*.[ch]' 'include/*.h'
else
    find src include -name '*.[ch]' -print0
fi | xargs -0 clang-format --dry-run -Werror
echo "check-format: src/ and include/ follow .clang-format"
