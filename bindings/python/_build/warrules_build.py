"""The PEP 517 build backend of the warrules package, standard library only,
so pip builds it offline (no setuptools download).

The version comes from its one source, the WR_VERSION_* macros of
include/warrules/core.h; the wheel's warrules/_version.py carries it.

A wheel also carries the shared library: when the package sits in the
libwarrules source tree (bindings/python) and CMake and a C compiler are
present, the backend builds libwarrules.so.1 from that tree (library only:
no tests, docs, tool or Lua module) and puts it next to the package, so the
install imports with no environment variable. Without them (or with the
config setting / environment variable WARRULES_BUNDLE_LIBRARY=0) the wheel
is pure Python and finds an installed libwarrules at run time.
"""
import base64
import glob
import hashlib
import io
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
import zipfile

NAME = "warrules"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPO = os.path.dirname(os.path.dirname(ROOT))
SDIST_HEADER = os.path.join(ROOT, "core.h")  # where an sdist keeps the header
LIBRARY = "libwarrules.so.1"


def _header():
    for path in (os.path.join(REPO, "include", "warrules", "core.h"), SDIST_HEADER):
        if os.path.exists(path):
            return path
    raise RuntimeError("warrules_build: include/warrules/core.h not found (the version's source)")


def version():
    """"MAJOR.MINOR.PATCH" from WR_VERSION_MAJOR/MINOR/PATCH in core.h."""
    with open(_header(), encoding="utf-8") as f:
        text = f.read()
    parts = [re.search(rf"#define WR_VERSION_{p}\s+(\d+)", text) for p in ("MAJOR", "MINOR", "PATCH")]
    if not all(parts):
        raise RuntimeError("warrules_build: core.h lacks a WR_VERSION_* macro")
    return ".".join(m.group(1) for m in parts)


def _log(text):
    print(f"warrules_build: {text}", file=sys.stderr, flush=True)


def _package_files(ver):
    base = os.path.join(ROOT, NAME)
    for entry in sorted(os.listdir(base)):
        if entry.endswith((".py", ".pyi")) or entry == "py.typed":
            with open(os.path.join(base, entry), "rb") as f:
                data = f.read()
            if entry == "_version.py":
                data = re.sub(rb"^VERSION = None.*$", f'VERSION = "{ver}"'.encode(), data, count=1,
                              flags=re.M)
            yield NAME + "/" + entry, data


def _wanted(config_settings):
    value = (config_settings or {}).get("WARRULES_BUNDLE_LIBRARY",
                                        os.environ.get("WARRULES_BUNDLE_LIBRARY", "1"))
    return str(value) not in ("0", "no", "off", "false")


def _build_library(tmp):
    """Builds libwarrules.so.1 from the source tree with CMake; its path or None."""
    if not os.path.exists(os.path.join(REPO, "CMakeLists.txt")):
        _log("not inside the libwarrules source tree: the wheel will use an installed library")
        return None
    cmake = shutil.which("cmake")
    if cmake is None:
        _log("cmake not found: the wheel will use an installed libwarrules")
        return None
    build = os.path.join(tmp, "build")
    configure = [cmake, "-S", REPO, "-B", build, "-DCMAKE_BUILD_TYPE=Release", "-DBUILD_TESTING=OFF",
                 "-DWARRULES_BUILD_DOCS=OFF", "-DWARRULES_BUILD_TOOL=OFF", "-DWARRULES_BUILD_LUA=OFF"]
    steps = [configure, [cmake, "--build", build, "--target", "warrules", "-j2"]]
    for step in steps:
        _log(" ".join(step))
        proc = subprocess.run(step, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if proc.returncode != 0:
            _log(proc.stdout[-4000:])
            raise RuntimeError("warrules_build: building libwarrules with CMake failed (set "
                               "WARRULES_BUNDLE_LIBRARY=0 to make a pure wheel that uses an "
                               "installed library)")
    found = glob.glob(os.path.join(build, "**", LIBRARY), recursive=True)
    if not found:
        raise RuntimeError(f"warrules_build: CMake built no {LIBRARY}")
    return os.path.realpath(found[0])


def _metadata(ver):
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    return (
        "Metadata-Version: 2.1\n"
        f"Name: {NAME}\nVersion: {ver}\n"
        "Summary: Python bindings (ctypes) for libwarrules\n"
        "License: MIT\nRequires-Python: >=3.8\n"
        "Description-Content-Type: text/markdown\n\n" + readme
    )


def _record_line(path, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def _platform_tag():
    return "py3-none-" + re.sub(r"[-.]", "_", sysconfig.get_platform())


def _write_wheel(directory, config_settings=None, editable=False):
    ver = version()
    dist_info = f"{NAME}-{ver}.dist-info"
    files = []
    tag = "py3-none-any"
    if editable:
        files.append((f"{NAME}.pth", (ROOT + "\n").encode()))
    else:
        files.extend(_package_files(ver))
        if _wanted(config_settings):
            with tempfile.TemporaryDirectory(prefix="warrules-build-") as tmp:
                built = _build_library(tmp)
                if built:
                    with open(built, "rb") as f:
                        files.append((f"{NAME}/{LIBRARY}", f.read()))
                    tag = _platform_tag()
    purelib = "true" if tag == "py3-none-any" else "false"
    wheel_name = f"{NAME}-{ver}-{tag}.whl"
    files.append((f"{dist_info}/METADATA", _metadata(ver).encode()))
    files.append((f"{dist_info}/WHEEL",
                  f"Wheel-Version: 1.0\nGenerator: warrules_build\nRoot-Is-Purelib: {purelib}\n"
                  f"Tag: {tag}\n".encode()))
    record = [_record_line(p, d) for p, d in files] + [f"{dist_info}/RECORD,,"]
    files.append((f"{dist_info}/RECORD", ("\n".join(record) + "\n").encode()))
    with zipfile.ZipFile(os.path.join(directory, wheel_name), "w", zipfile.ZIP_DEFLATED) as z:
        for path, data in files:
            info = zipfile.ZipInfo(path, date_time=(2020, 1, 1, 0, 0, 0))
            info.external_attr = (0o755 if path.endswith(LIBRARY) else 0o644) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    return wheel_name


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    dist_info = f"{NAME}-{version()}.dist-info"
    os.makedirs(os.path.join(metadata_directory, dist_info), exist_ok=True)
    with open(os.path.join(metadata_directory, dist_info, "METADATA"), "w", encoding="utf-8") as f:
        f.write(_metadata(version()))
    return dist_info


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    return _write_wheel(wheel_directory, config_settings)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    return _write_wheel(wheel_directory, config_settings, editable=True)


def build_sdist(sdist_directory, config_settings=None):
    """A source distribution of the Python package (pure: it carries core.h
    for the version, not the C sources)."""
    ver = version()
    name = f"{NAME}-{ver}"
    path = os.path.join(sdist_directory, name + ".tar.gz")

    def add(arcname, data):
        info = tarfile.TarInfo(f"{name}/{arcname}")
        info.size = len(data)
        tar.addfile(info, io.BytesIO(data))

    with tarfile.open(path, "w:gz") as tar:
        for rel in ["pyproject.toml", "README.md", "_build/warrules_build.py"]:
            with open(os.path.join(ROOT, rel), "rb") as f:
                add(rel, f.read())
        with open(_header(), "rb") as f:
            add("core.h", f.read())
        for arc, data in _package_files(ver):
            add(arc, data)
        add("PKG-INFO", _metadata(ver).encode())
    return name + ".tar.gz"
