#!/usr/bin/env python3
"""ctest binding_coverage: every exported wr_ function is reachable from
Python and from Lua, or stands in bindings/gen/omissions.txt with its reason.

    check_coverage.py [LIBRARY]
    (WARRULES_HEADERS=DIR reads DIR/*.h instead: the generator's self-test)

The functions are those the headers declare (bindings/gen/cheaders.py);
with LIBRARY, the shared library's dynamic symbols (nm -D) are read too, and
an exported wr_ symbol no header declares fails. Reachable from Python: the
package calls it (`lib.wr_x` in bindings/python/warrules/*.py); from Lua: the
module calls it (`wr_x(` in bindings/lua/*.c, table rows included, or a
row's generated call `WRL_CALL_X`). A
deprecated function that only renames another (same signature) is reached
through its replacement: Python's old names and Lua's (names.c) call the new one.

It also counts the Lua module's hand-written wrappers (`static int f(lua_State
*L)` in bindings/lua/*.c) and fails above LUA_HAND_WRAPPERS_MAX: a function
whose arguments and results the table rows describe (README.md there) is a
row, not a wrapper (issue #24 aims at 40; lower the limit as rows replace
wrappers, never raise it).
"""
import glob
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True
import cheaders  # noqa: E402

REPO = cheaders.REPO
sys.path.insert(0, os.path.join(REPO, "bindings", "python", "tests"))
import headers  # noqa: E402


LUA_HAND_WRAPPERS_MAX = 39


def lua_hand_wrappers():
    """[file:line name] of each hand-written Lua wrapper."""
    out = []
    for path in sorted(glob.glob(os.path.join(REPO, "bindings", "lua", "*.c"))):
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                m = re.match(r"^static\s+int\s+(\w+)\s*\(\s*lua_State\s*\*\s*\w+\s*\)", line)
                if m:
                    out.append(f"{os.path.basename(path)}:{number} {m.group(1)}")
    return out


def omissions():
    """{name: (bindings, reason)} of omissions.txt: `wr_name python|lua|both: reason`."""
    out = {}
    with open(os.path.join(HERE, "omissions.txt"), encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            m = re.match(r"^(wr_\w+)\s+(python|lua|both):\s*(\S.*)$", line)
            if not m:
                sys.exit(f"bindings/gen/omissions.txt:{number}: not `wr_name python|lua|both: reason`")
            out[m.group(1)] = ({"both": ("python", "lua")}.get(m.group(2), (m.group(2),)), m.group(3))
    return out


def used(pattern, files):
    names = set()
    for path in files:
        with open(path, encoding="utf-8") as f:
            names.update(re.findall(pattern, f.read()))
    return names


def main():
    h = cheaders.Headers(os.environ.get("WARRULES_HEADERS") or cheaders.INCLUDE)
    declared = {f.name for f in h.functions}
    problems = []
    if len(sys.argv) > 1:
        nm = shutil.which("nm")
        if nm:
            out = subprocess.run([nm, "-D", "--defined-only", sys.argv[1]], capture_output=True, text=True,
                                 check=True).stdout
            exported = set(re.findall(r"\s[TW]\s+(wr_\w+)(?:@\S*)?$", out, re.M))
            problems += [f"{n}: exported by the library but declared in no header" for n in sorted(exported - declared)]
            problems += [f"{n}: declared but not exported" for n in sorted(declared - exported)]
    renamed = {}
    for m in cheaders.MODULES:
        renamed.update(headers.renamed_functions(m))
    reach = {
        "python": used(r"\b(?:lib|cdll)\.(wr_\w+)", glob.glob(os.path.join(REPO, "bindings", "python", "warrules", "*.py"))),
        "lua": used(r"\b(wr_\w+)\s*\(", glob.glob(os.path.join(REPO, "bindings", "lua", "*.c"))) |
        {"wr_" + n.lower() for n in used(r"\bWRL_CALL_(\w+)\b", glob.glob(os.path.join(REPO, "bindings", "lua", "*.c")))},
    }
    omitted = omissions()
    for name in sorted(omitted):
        if name not in declared:
            problems.append(f"{name}: in omissions.txt but no header declares it")
    for f in h.functions:
        for binding in ("python", "lua"):
            target = renamed.get(f.name, f.name)
            ok = target in reach[binding]
            if f.name in omitted and binding in omitted[f.name][0]:
                if ok and f.name in reach[binding]:
                    problems.append(f"{f.name}: bound in {binding}, yet listed in omissions.txt")
                continue
            if not ok:
                problems.append(f"{f.name} ({f.module}.h:{f.line}): not reachable from {binding}; bind it "
                                f"or list it in bindings/gen/omissions.txt with the reason")
    wrappers = lua_hand_wrappers()
    if len(wrappers) > LUA_HAND_WRAPPERS_MAX:
        problems.append(f"bindings/lua: {len(wrappers)} hand-written wrappers (static int f(lua_State *L)), at "
                        f"most {LUA_HAND_WRAPPERS_MAX}: make the new function a table row (bindings/lua/README.md)")
    for p in problems:
        print(p)
    print(f"binding_coverage: {len(h.functions)} functions, {len(omitted)} omissions, "
          f"{len(wrappers)} hand-written Lua wrappers (at most {LUA_HAND_WRAPPERS_MAX}), {len(problems)} problems")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
