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
    """Base of the handle classes.

    close() releases the C handle; so do leaving a `with` block and __del__;
    closing twice is harmless. A handle that others depend on (a profile
    used by units, units in an engagement, a chart set on a monster) is kept
    alive by them: closing it only marks it closed for Python, and the C
    object is released when the last handle using it is closed, so no C
    function ever sees a released pointer.
    """

    _free = None

    def __init__(self, ptr):
        self._ptr = ptr
        self._users = 0        # open handles that depend on this one
        self._pinned = []      # handles this one depends on
        self._close_wanted = False

    def _pin(self, other):
        """Keeps `other` alive (in C too) until this handle is closed."""
        other._handle()
        other._users += 1
        self._pinned.append(other)

    def _unpin(self, other):
        self._pinned.remove(other)
        other._users -= 1
        if other._close_wanted and other._users == 0:
            other._release()

    def _release(self):
        ptr, self._ptr = self.__dict__.get("_ptr"), None
        if ptr and type(self)._free is not None:
            type(self)._free(ptr)
        for other in list(self.__dict__.get("_pinned", ())):
            self._unpin(other)

    def close(self):
        """Releases the handle (later, when handles using it are still open)."""
        if self.__dict__.get("_users", 0) > 0:
            self._close_wanted = True
            return
        self._release()

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
        return not self.__dict__.get("_ptr") or self.__dict__.get("_close_wanted", False)

    def _handle(self):
        if self.closed:
            raise ValueError(f"{type(self).__name__} is closed")
        return self._ptr

    @classmethod
    def _adopt(cls, ptr):
        """Wraps a new C handle made by another function."""
        obj = cls.__new__(cls)
        Handle.__init__(obj, ptr)
        return obj


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
        return Rng._adopt(ptr)
