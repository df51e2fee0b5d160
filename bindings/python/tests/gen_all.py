"""Rewrites every table the binding generates from the headers and from
itself: what bindings/gen/gen_bindings.py writes (_generated.py, the
_header_*.py constants, _reads.py, _params.py and Lua's constant rows), the
SPEC of _enums.py, _native.pyi and _constants.pyi. Run it after adding C
functions, structs or constants:

    WARRULES_LIBRARY=build/ci/libwarrules.so python3 bindings/python/tests/gen_all.py
"""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.join(os.path.dirname(HERE), "warrules")


def run(script, *args):
    env = dict(os.environ, PYTHONPATH=os.path.dirname(HERE), PYTHONDONTWRITEBYTECODE="1")
    return subprocess.run([sys.executable, os.path.join(HERE, script), *args], capture_output=True,
                          text=True, check=True, env=env).stdout


def write(name, text):
    with open(os.path.join(PACKAGE, name), "w", encoding="utf-8") as f:
        f.write(text)
    print("wrote", name)


def main():
    subprocess.run([sys.executable, os.path.join(os.path.dirname(os.path.dirname(HERE)), "gen",
                                                 "gen_bindings.py"), "--write"], check=True)
    path = os.path.join(PACKAGE, "_enums.py")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    start = text.index("SPEC = [\n") + len("SPEC = [\n")
    end = text.index("]\n\n# struct fields")
    write("_enums.py", text[:start] + run("gen_enums.py") + text[end:])
    write("_native.pyi", run("gen_stub.py"))  # after _enums.py: the stubs read the package
    write("_constants.pyi", run("gen_stub.py", "--constants"))


if __name__ == "__main__":
    main()
