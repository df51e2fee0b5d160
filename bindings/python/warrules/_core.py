"""Core: status codes, version, dice."""
import ctypes

from ._native import RNG, lib

OK = 0
ERR_NULL = 1
ERR_RANGE = 2
ERR_INVALID = 3
ERR_NOMEM = 4
ERR_FORBIDDEN = 5
ERR_STATE = 6


def status_name(status):
    """The name of a status code ("WR_ERR_RANGE"; "WR_UNKNOWN" for others)."""
    return lib.wr_status_name(int(status)).decode()


def status_str(status):
    """One English sentence explaining a status code."""
    return lib.wr_status_str(int(status)).decode()


def version():
    """The library's version, "MAJOR.MINOR.PATCH"."""
    return lib.wr_version().decode()


def version_number():
    """The library's version as MAJOR*10000 + MINOR*100 + PATCH."""
    return lib.wr_version_number()


class Handle:
    """Base of the handle classes: close() releases the C handle, also on
    `with` exit and in __del__; closing twice is harmless."""

    _free = None

    def __init__(self, ptr):
        self._ptr = ptr

    def close(self):
        ptr, self._ptr = getattr(self, "_ptr", None), None
        if ptr:
            type(self)._free(ptr)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:  # interpreter shutdown: the library may be gone
            pass

    @property
    def closed(self):
        return not self._ptr

    def _handle(self):
        if not self._ptr:
            raise ValueError(f"{type(self).__name__} is closed")
        return self._ptr


class Rng(Handle):
    """The pinned deterministic dice roller (wr_rng)."""

    _free = staticmethod(lambda p: lib.wr_rng_free(p))

    def __init__(self, seed=0):
        ptr = RNG()
        lib.wr_rng_new(ctypes.c_uint64(seed & 0xFFFFFFFFFFFFFFFF), ctypes.byref(ptr))
        super().__init__(ptr)

    def roll(self, sides):
        """One die of `sides` faces (2..1000000): an int in 1..sides."""
        out = ctypes.c_int()
        lib.wr_rng_roll(self._handle(), sides, ctypes.byref(out))
        return out.value

    def clone(self):
        """A copy that goes on to roll the same sequence."""
        ptr = RNG()
        lib.wr_rng_clone(self._handle(), ctypes.byref(ptr))
        copy = Rng.__new__(Rng)
        Handle.__init__(copy, ptr)
        return copy
