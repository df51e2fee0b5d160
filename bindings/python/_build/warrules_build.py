"""A minimal PEP 517 build backend for the pure-Python warrules package.

It uses the standard library only, so pip can build the package without
fetching setuptools: a wheel is a zip of the package plus dist-info.
"""
import base64
import hashlib
import io
import os
import tarfile
import zipfile

NAME = "warrules"
VERSION = "1.1.0"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TAG = "py3-none-any"


def _package_files():
    base = os.path.join(ROOT, NAME)
    for entry in sorted(os.listdir(base)):
        if entry.endswith(".py"):
            yield os.path.join(base, entry), NAME + "/" + entry


def _metadata():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    return (
        "Metadata-Version: 2.1\n"
        f"Name: {NAME}\nVersion: {VERSION}\n"
        "Summary: Python bindings (ctypes) for libwarrules\n"
        "License: MIT\nRequires-Python: >=3.8\n"
        "Description-Content-Type: text/markdown\n\n" + readme
    )


def _record_line(path, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def _write_wheel(directory, editable=False):
    dist_info = f"{NAME}-{VERSION}.dist-info"
    wheel_name = f"{NAME}-{VERSION}-{TAG}.whl"
    files = []
    if editable:
        files.append((f"{NAME}.pth", (ROOT + "\n").encode()))
    else:
        for src, arc in _package_files():
            with open(src, "rb") as f:
                files.append((arc, f.read()))
    files.append((f"{dist_info}/METADATA", _metadata().encode()))
    files.append((f"{dist_info}/WHEEL",
                  f"Wheel-Version: 1.0\nGenerator: warrules_build\nRoot-Is-Purelib: true\nTag: {TAG}\n".encode()))
    record = [_record_line(p, d) for p, d in files] + [f"{dist_info}/RECORD,,"]
    files.append((f"{dist_info}/RECORD", ("\n".join(record) + "\n").encode()))
    with zipfile.ZipFile(os.path.join(directory, wheel_name), "w", zipfile.ZIP_DEFLATED) as z:
        for path, data in files:
            z.writestr(path, data)
    return wheel_name


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    return _write_wheel(wheel_directory)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    return _write_wheel(wheel_directory, editable=True)


def build_sdist(sdist_directory, config_settings=None):
    name = f"{NAME}-{VERSION}"
    path = os.path.join(sdist_directory, name + ".tar.gz")
    with tarfile.open(path, "w:gz") as tar:
        for rel in ["pyproject.toml", "README.md", "_build/warrules_build.py"]:
            tar.add(os.path.join(ROOT, rel), arcname=f"{name}/{rel}")
        for src, arc in _package_files():
            tar.add(src, arcname=f"{name}/{arc}")
        info = tarfile.TarInfo(f"{name}/PKG-INFO")
        data = _metadata().encode()
        info.size = len(data)
        tar.addfile(info, io.BytesIO(data))
    return name + ".tar.gz"
