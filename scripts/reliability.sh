#!/usr/bin/env bash
# scripts/reliability.sh [--quick]: the reliability checks of docs/reliability.md.
#   1. the ctest suite under AddressSanitizer + UBSan (build/rel-asan), then
#      the Python binding's hostile-input suite against that library with the
#      ASan runtime preloaded into python3;
#   2. ctest's C test programs (every test whose program is a target) under
#      valgrind memcheck through CMAKE_CROSSCOMPILING_EMULATOR, zero errors
#      and zero definite or indirect leaks (non-sanitized Debug, build/valgrind;
#      --quick leaves out the .shared twins of the CMocka programs, which run
#      the same code as their .static twins);
#   3. the determinism hashes with gcc and clang at -O0 and -O2, and -m32
#      (i386), each a direct cc command line over the library sources and
#      tests/test_determinism.c, plus the "dice" and "pinned" hashes through
#      the Python binding: all must equal the golden values in the test;
#   4. tests/test_threads.c under ThreadSanitizer (clang);
#   5. fuzz/run.sh: every libFuzzer target, 15 s each (10 s with --quick);
#   6. ctest on the ci build (build/ci, built when missing) but for the .static
#      twins, with the caller's library paths (LD_LIBRARY_PATH,
#      PKG_CONFIG_PATH, WARRULES_LIBRARY, LUA_CPATH, ...) pointing at a
#      scratch install of that build whose shared library, Lua modules and
#      tool are decoys that stop any process reaching them: a test that
#      leaks the caller's environment fails.
# Runs every step, prints a summary and exits non-zero when any step failed.
# Environment: WARRULES_RELIABILITY_MODULES (rule modules, default all three),
# WARRULES_FUZZ_SECONDS (overrides the fuzzing time per target).
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD

quick=0
case "${1:-}" in
    --quick) quick=1 ;;
    "") ;;
    *) echo "usage: scripts/reliability.sh [--quick]" >&2; exit 2 ;;
esac
modules=${WARRULES_RELIABILITY_MODULES:-battlesystem;melee;campaign}
fuzz_seconds=${WARRULES_FUZZ_SECONDS:-$([ $quick = 1 ] && echo 10 || echo 15)}
jobs=$(nproc 2>/dev/null || echo 2)
out=build/rel-out
mkdir -p "$out"
failed=()
passed=()

step() { echo; echo "== [$(date -u +%H:%M:%S), ${SECONDS}s] $*"; }
ok() { passed+=("$1"); echo "-- ok: $1"; }
fail() { failed+=("$1"); echo "!! FAILED: $1"; }

# The library's sources for the modules, from their sources.cmake files.
sources=()
for m in core ${modules//;/ }; do
    while read -r f; do sources+=("$f"); done < <(grep -oE 'src/[A-Za-z0-9_/]+\.c' "src/$m/sources.cmake")
done
defines=()
for m in ${modules//;/ }; do defines+=("-DWR_HAVE_${m^^}"); done

configure() { # dir, extra cmake arguments...
    local dir=$1; shift
    cmake -S . -B "$dir" -DWARRULES_BUILD_DOCS=OFF \
        "-DWARRULES_MODULES=$modules" "$@" >"$dir.configure.log" 2>&1 &&
        cmake --build "$dir" -j"$jobs" >"$dir.build.log" 2>&1
}

# 1. ASan + UBSan ------------------------------------------------------------
step "ctest under AddressSanitizer and UBSan (build/rel-asan)"
mkdir -p build
if configure build/rel-asan -DCMAKE_BUILD_TYPE=Debug -DWARRULES_SANITIZE=ON -DWARRULES_WERROR=ON; then
    if ctest --test-dir build/rel-asan -j"$jobs" --output-on-failure >"$out/asan.log" 2>&1; then
        ok "asan+ubsan: $(grep -E 'tests passed' "$out/asan.log")"
    else
        tail -n 40 "$out/asan.log"; fail "asan+ubsan ctest"
    fi
else
    tail -n 30 build/rel-asan.build.log; fail "asan+ubsan build"
fi

# 1b. the Python binding's hostile-input suite under ASan and UBSan, the
# sanitizer runtime preloaded into python3 over the library of step 1
step "Python hostile-input suite under ASan and UBSan (build/rel-asan)"
if [ -e build/rel-asan/libwarrules.so ] &&
    PYTHON=/usr/bin/python3 bindings/python/tests/run_asan.sh build/rel-asan >"$out/python-asan.log" 2>&1; then
    ok "python hostile suite under asan+ubsan: $(grep -E '^Ran ' "$out/python-asan.log")"
else
    tail -n 40 "$out/python-asan.log" 2>/dev/null; fail "python hostile suite under asan+ubsan"
fi

# 2. valgrind ----------------------------------------------------------------
# ctest runs every test whose program is a target of the build through
# CMAKE_CROSSCOMPILING_EMULATOR, here valgrind; the others (shell, Python,
# Lua, ABI, install) are not run in this step.
step "ctest's C test programs under valgrind memcheck (build/valgrind)"
valgrind_cmd="valgrind;--error-exitcode=1;--leak-check=full;--errors-for-leak-kinds=definite,indirect;--show-leak-kinds=definite,indirect;--quiet"
if configure build/valgrind -DCMAKE_BUILD_TYPE=Debug -DWARRULES_SANITIZE=OFF -DWARRULES_WERROR=ON \
    "-DCMAKE_CROSSCOMPILING_EMULATOR=$valgrind_cmd"; then
    mapfile -t programs < <(ctest --test-dir build/valgrind --show-only=json-v1 | python3 -c '
import json, sys
for t in json.load(sys.stdin)["tests"]:
    cmd = t.get("command") or []
    if cmd and cmd[0].endswith("valgrind"):
        print(t["name"])
')
    if [ $quick = 1 ]; then # the .shared twins run the same code: static only
        mapfile -t programs < <(printf '%s\n' "${programs[@]}" | grep -v '[.]shared$')
    fi
    if [ ${#programs[@]} -eq 0 ]; then
        fail "valgrind: no test programs found"
    else
        regex="^($(printf '%s|' "${programs[@]}" | sed 's/[.]/[.]/g; s/|$//'))\$"
        if ctest --test-dir build/valgrind -j"$jobs" -R "$regex" --output-on-failure \
            >"$out/valgrind.log" 2>&1; then
            grep -E 'Test +#' "$out/valgrind.log" | sed 's/^/  /'
            ok "valgrind: ${#programs[@]} test programs, 0 errors, 0 definite or indirect leaks"
        else
            grep -E 'Test +#|Failed|ERROR SUMMARY|definitely|indirectly' "$out/valgrind.log" | head -n 60
            fail "valgrind"
        fi
    fi
else
    tail -n 30 build/valgrind.build.log; fail "valgrind build"
fi

# 3. determinism matrix ------------------------------------------------------
step "determinism: gcc and clang, -O0 and -O2, x86-64 and i386, Python"
det_fail=0
det_run() { # label, compiler, flags...
    local label=$1 cc=$2; shift 2
    local exe="$out/determinism-$label"
    if ! "$cc" "$@" -std=c11 -Iinclude -Isrc "${defines[@]}" "${sources[@]}" \
        tests/test_determinism.c -o "$exe" >"$exe.log" 2>&1; then
        echo "   $label: does not build"; tail -n 20 "$exe.log"; det_fail=1; return
    fi
    if "$exe" >>"$exe.log" 2>&1; then
        echo "   $label: golden"
    else
        echo "   $label: MISMATCH"; cat "$exe.log"; det_fail=1
    fi
}
for cc in gcc clang; do
    for o in -O0 -O2; do det_run "$cc$o" "$cc" "$o"; done
done
if echo 'int main(void){return 0;}' | gcc -m32 -x c - -o "$out/m32-probe" 2>/dev/null; then
    det_run gcc-m32-O0 gcc -m32 -O0
    det_run gcc-m32-O2 gcc -m32 -O2
else
    echo "   i386: gcc -m32 cannot link (Debian: apt-get install gcc-multilib)"; det_fail=1
fi
if [ -e build/valgrind/libwarrules.so.1 ]; then
    if PYTHONPATH=bindings/python WARRULES_LIBRARY="$root/build/valgrind/libwarrules.so.1" \
        python3 - >"$out/determinism-python.log" 2>&1 <<'EOF'
# The "dice" and "pinned" hashes of tests/test_determinism.c through the Python
# binding; the golden values are read from the C test.
import re, sys
import warrules as wr

MASK = (1 << 64) - 1
source = open("tests/test_determinism.c").read()
golden = {name: int(value, 16) for name, value in
          re.findall(r'\{"(\w+)", \w+, UINT64_C\((0x[0-9a-f]+)\)\}', source)}


class H:
    def __init__(self):
        self.h = 0xcbf29ce484222325

    def fold(self, v):
        u = v & MASK
        for i in range(8):
            self.h ^= (u >> (8 * i)) & 0xff
            self.h = (self.h * 0x100000001b3) & MASK


def dice():
    x = H()
    sides = [2, 3, 4, 6, 7, 8, 10, 12, 20, 100, 1000, 999983, 1000000]
    for seed in [0, 1, 42, 0xdeadbeefcafef00d, MASK]:
        rng = wr.Rng(seed)
        x.fold(0)  # WR_OK of wr_rng_new
        for i in range(400):
            x.fold(0)
            x.fold(rng.roll(sides[i % len(sides)]))
        rng.close()
    return x.h


def pinned():
    x = H()
    for weapon in range(4):
        for dis in range(2):
            x.fold(0)
            x.fold(wr.reach_ranks(weapon, bool(dis)))
    for figures in range(14):
        for files in range(1, 6):
            for flags in range(32):
                contact = min(figures, files)
                for weapon in range(4):
                    x.fold(0)
                    x.fold(wr.fighting_figures(figures, files, contact, weapon, flags,
                                               (flags * 7) & 31))
                x.fold(0)
                x.fold(wr.complete_ranks(figures, files, flags))
    for bcp in range(0, 1001, 37):
        for mod in range(-1000, 1001, 111):
            mcp, fcp = wr.combat_percent(bcp, mod, 13)
            x.fold(0)
            x.fold(mcp)
            x.fold(fcp)
    for fcp in range(0, 1001, 7):
        for d100 in range(1, 101, 9):
            x.fold(0)
            x.fold(wr.kills_from_percent(fcp, d100))
    for t in range(6):
        for traits in range(16):
            try:
                f = wr.terrain_speed(t, traits)
                st, num, den = 0, f.numerator, f.denominator
            except wr.WarrulesError as e:
                st, num, den = e.status, 0, 0
            x.fold(st)
            x.fold(num)
            x.fold(den)
    # a melee by hand with the pinned functions and wr_rng (seed 2026)
    rng = wr.Rng(2026)
    x.fold(0)
    fig, files, bcp, mods = [20, 24], [5, 4], [14, 25], [12, 4]
    weapon = [wr.WEAPON_SPEAR, wr.WEAPON_POLEARM]
    rnd = 0
    while rnd < 100 and fig[0] > 0 and fig[1] > 0:
        kills = [0, 0]
        for side in range(2):
            contact = min(fig[side], files[side])
            fighting = wr.fighting_figures(fig[side], files[side], contact, weapon[side])
            mcp, fcp = wr.combat_percent(bcp[side], mods[side], fighting)
            d100 = rng.roll(100)
            k = wr.kills_from_percent(fcp, d100)
            for _ in range(4):
                x.fold(0)
            kills[side] = k
            for v in (fighting, fcp, d100, k):
                x.fold(v)
        fig[0] = max(0, fig[0] - kills[1])
        fig[1] = max(0, fig[1] - kills[0])
        rnd += 1
    x.fold(fig[0])
    x.fold(fig[1])
    return x.h


def campaign_pinned():
    x = H()
    for arm in range(2):
        for river in (1, 2):
            for crossing in range(4):
                for daily in range(1, 1001, 37):
                    try:
                        st, vals = 0, wr.river_crossing(arm, river, crossing, daily)
                    except wr.WarrulesError as e:
                        st, vals = e.status, (0, 0, 0)
                    x.fold(st)
                    for v in vals:
                        x.fold(int(v))
    for d6 in range(1, 7):
        x.fold(0)
        x.fold(wr.half_die(d6))
        for forest in (False, True):
            x.fold(0)
            x.fold(int(wr.raft_timber(d6, forest)))
    for figures in range(0, 1000001, 9973):
        for half in range(1, 4):
            x.fold(0)
            x.fold(wr.stragglers(figures, half))
    return x.h


sections = [("dice", dice), ("pinned", pinned)]
if "campaign_pinned" in golden and hasattr(wr, "river_crossing"):
    sections.append(("campaign_pinned", campaign_pinned))
bad = 0
for name, fn in sections:
    got = fn()
    good = got == golden[name]
    print(f"python {name}: 0x{got:016x} {'golden' if good else 'MISMATCH, golden 0x%016x' % golden[name]}")
    bad += not good
sys.exit(1 if bad else 0)
EOF
    then
        echo "   python: golden"; sed 's/^/     /' "$out/determinism-python.log"
    else
        echo "   python: MISMATCH"; cat "$out/determinism-python.log"; det_fail=1
    fi
else
    echo "   python: no non-sanitized library (build/valgrind failed)"; det_fail=1
fi
if [ $det_fail = 0 ]; then ok "determinism matrix"; else fail "determinism matrix"; fi

# 4. ThreadSanitizer -----------------------------------------------------------
step "threads under ThreadSanitizer (clang)"
tsan="$out/threads-tsan"
if clang -fsanitize=thread -g -O1 -std=c11 -Iinclude -Isrc "${defines[@]}" "${sources[@]}" \
    tests/test_threads.c -lpthread -o "$tsan" >"$tsan.log" 2>&1; then
    if TSAN_OPTIONS=halt_on_error=1:exitcode=66 "$tsan" >>"$tsan.log" 2>&1; then
        ok "threadsanitizer: $(tail -n 1 "$tsan.log")"
    else
        tail -n 40 "$tsan.log"; fail "threadsanitizer"
    fi
else
    tail -n 20 "$tsan.log"; fail "threadsanitizer build"
fi

# 5. fuzzing -------------------------------------------------------------------
step "fuzzing: fuzz/run.sh $fuzz_seconds"
if WARRULES_FUZZ_MODULES="$modules" fuzz/run.sh "$fuzz_seconds" >"$out/fuzz.log" 2>&1; then
    grep -E '^== |number_of_executed_units' "$out/fuzz.log" | paste - - | awk '{print "   " $2 ": " $NF " runs"}'
    ok "fuzzing: every target ${fuzz_seconds}s, no crash, leak or sanitizer report"
else
    tail -n 60 "$out/fuzz.log"; fail "fuzzing"
fi

# 6. the caller's environment -------------------------------------------------
# A developer with libwarrules installed in a prefix of their own runs ctest
# with LD_LIBRARY_PATH, PKG_CONFIG_PATH, WARRULES_LIBRARY and LUA_CPATH
# pointing there; no test may reach that copy (cmake/WarrulesTestEnvironment.cmake).
# Here the copy is the ci build installed into a scratch prefix, its shared
# library and Lua modules replaced by tests/decoy/decoy.c, its tool and a
# Python package by scripts, each of which exits 97 saying so: a test that
# loads the library, the module, the package or the tool through the
# caller's environment fails, and so does a consumer linking against it. The
# .static twins are left out: they link the static library and start no
# other process.
step "ctest with the caller's library paths at a decoy install (build/ci)"
env_prefix=$root/$out/env-prefix
lib=$env_prefix/lib
decoy_install() {
    rm -rf "$env_prefix"
    cmake --install build/ci --prefix "$env_prefix" || return 1
    cc -shared -fPIC -Wl,-soname,libwarrules.so.1 tests/decoy/decoy.c -o "$out/decoy.so" || return 1
    find "$env_prefix" -type f \( -name 'libwarrules.so.*' -o -path '*/lua/*/warrules.so' \) \
        -exec cp "$out/decoy.so" {} \; || return 1
    cat >"$env_prefix/bin/warrules" <<'EOF'
#!/bin/sh
echo "decoy warrules tool $0 run: found through the caller's PATH or WARRULES_TOOL" >&2
exit 97
EOF
    mkdir -p "$env_prefix/python/warrules"
    cat >"$env_prefix/python/warrules/__init__.py" <<'EOF'
import os, sys
sys.stderr.write("decoy warrules package imported: found through the caller's PYTHONPATH\n")
os._exit(97)
EOF
    # The decoy bites: the build's own program, given the caller's path, stops.
    local status=0
    LD_LIBRARY_PATH=$lib build/ci/tests/test_core_shared >/dev/null 2>&1 || status=$?
    [ $status = 97 ] || { echo "the decoy did not stop test_core_shared (exit $status)"; return 1; }
}
if { [ -e build/ci/CTestTestfile.cmake ] || cmake --preset ci >"$out/env-ci.configure.log" 2>&1; } &&
    cmake --build --preset ci >"$out/env-ci.build.log" 2>&1; then
    if decoy_install >"$out/env-install.log" 2>&1; then
        if env LD_LIBRARY_PATH="$lib" PKG_CONFIG_PATH="$lib/pkgconfig" PKG_CONFIG_LIBDIR="$lib/pkgconfig" \
            WARRULES_LIBRARY="$lib/libwarrules.so.1" WARRULES_TOOL="$env_prefix/bin/warrules" \
            PATH="$env_prefix/bin:$PATH" PYTHONPATH="$env_prefix/python" CMAKE_PREFIX_PATH="$env_prefix" \
            LUA_CPATH="$lib/lua/5.4/?.so" LUA_CPATH_5_2="$lib/lua/5.2/?.so" \
            LUA_CPATH_5_3="$lib/lua/5.3/?.so" LUA_CPATH_5_4="$lib/lua/5.4/?.so" \
            LUA_PATH="$env_prefix/share/lua/?.lua" \
            LUA_INIT="io.stderr:write(\"the caller's LUA_INIT ran\\n\") os.exit(97)" \
            ctest --test-dir build/ci -j"$jobs" -E '[.]static$' --output-on-failure >"$out/env.log" 2>&1; then
            ok "caller's environment: $(grep -E 'tests passed' "$out/env.log"), none reached the decoy install"
        else
            grep -E 'decoy|LUA_INIT ran' "$out/env.log" | sort | uniq -c
            sed -n '/tests passed/,$p' "$out/env.log" | head -n 60
            fail "caller's environment: a test reached the library through the caller's environment"
        fi
    else
        tail -n 20 "$out/env-install.log"; fail "caller's environment: install of the decoy"
    fi
else
    tail -n 30 "$out"/env-ci.*.log; fail "caller's environment: ci build"
fi

echo
echo "== summary"
for p in "${passed[@]}"; do echo "ok     $p"; done
for f in "${failed[@]}"; do echo "FAILED $f"; done
[ ${#failed[@]} -eq 0 ]
