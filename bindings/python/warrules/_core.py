"""Core: status codes, version, the Handle base class, dice and allocators."""
import ctypes
import enum
from typing import Any, Dict, Optional

from . import _guard, _header_core
from ._errors import ClosedHandleError, HandleInUseError, InvalidError, RangeError
from ._native import ALLOC_FN, RNG, lib
from ._native import Allocator as AllocatorStruct


class Status(enum.IntEnum):
    """The wr_status codes (plain ints to C)."""
    OK = _header_core.OK
    ERR_NULL = _header_core.ERR_NULL
    ERR_RANGE = _header_core.ERR_RANGE
    ERR_INVALID = _header_core.ERR_INVALID
    ERR_NOMEM = _header_core.ERR_NOMEM
    ERR_FORBIDDEN = _header_core.ERR_FORBIDDEN
    ERR_STATE = _header_core.ERR_STATE


OK = Status.OK
ERR_NULL = Status.ERR_NULL
ERR_RANGE = Status.ERR_RANGE
ERR_INVALID = Status.ERR_INVALID
ERR_NOMEM = Status.ERR_NOMEM
ERR_FORBIDDEN = Status.ERR_FORBIDDEN
ERR_STATE = Status.ERR_STATE


def status_name(status: int) -> str:
    """The name of a status code ("WR_ERR_RANGE"; "WR_UNKNOWN" for others)."""
    return lib.wr_status_name(int(status)).decode()


def status_str(status: int) -> str:
    """One English sentence explaining a status code."""
    return lib.wr_status_str(int(status)).decode()


def version() -> str:
    """The library's version, "MAJOR.MINOR.PATCH"."""
    return lib.wr_version().decode()


def version_number() -> int:
    """The library's version as MAJOR*10000 + MINOR*100 + PATCH."""
    return lib.wr_version_number()


def last_error() -> str:
    """The library's sentence for the last failing call on this thread ("" when none)."""
    return lib.wr_last_error().decode("utf-8", "replace")


class Handle:
    """Base of the handle classes.

    close() releases the C handle; so do leaving a `with` block and __del__;
    closing twice is harmless, and using a closed handle raises
    ClosedHandleError. A handle that others depend on (a profile used by
    units, units in an engagement, a chart set on a monster) is kept alive by
    them: closing it only marks it closed for Python, and the C object is
    released when the last handle using it is closed.

    While a C call uses a handle (a call in progress on another thread, or
    the call whose callback is running), close() and any conflicting use
    raise HandleInUseError: no C function ever sees a released pointer or a
    handle another thread is changing (see _guard.py).

    A handle is the one owner of its C object: copy.copy() and copy.deepcopy()
    make an independent copy through the C clone function where the class has
    one (_clone: Rng, Figure) and raise TypeError otherwise; pickle refuses.
    """

    _free: Any = None  # a staticmethod releasing the C pointer
    _clone: Any = None  # the name of a method making an independent copy, where C has one

    def __init__(self, ptr) -> None:
        self._ptr = ptr
        self._users = 0        # pins of this handle by open handles that depend on it
        # id -> [handle, pins, exclusive pins, walked]: the handles this one depends on
        # (walked: a call holding this one holds them; not walked: the members of a
        # container, which cover them, see _guard)
        self._pinned: Dict[int, list] = {}
        self._containers: Dict[int, list] = {}  # id -> [container, exclusive, shared paths]
        self._close_wanted = False
        self._excl: Optional[int] = None  # the thread holding it exclusively in a C call
        self._readers: Dict[int, int] = {}  # thread -> number of C calls reading it

    def _pin(self, other, exclusive=False, member=False):
        """Keeps `other` alive (in C too) until this handle is closed or
        unpins it; a call holding this handle holds `other` too
        (exclusively, when `exclusive` and the call holds this one
        exclusively: the C object may write it). A `member` of a container
        (a unit of a MeleePhase) is not held handle by handle: the container
        covers it (see _guard). Pins are counted by identity."""
        with _guard.lock:
            other._handle()
            _guard.forget(other)
            other._users += 1
            _guard.pin(self, other, exclusive, not member)

    def _unpin(self, other, every=False):
        """Drops one pin of `other` (every pin when `every`), releasing it
        when it was closed meanwhile and nothing else holds it."""
        with _guard.lock:
            dropped = _guard.unpin(self, other, every)
            other._users -= dropped
            release = dropped and other._close_wanted and other._users == 0
        if release:
            try:
                other._release()
            except HandleInUseError:
                pass  # a call holds it: it is released when closed again, or collected

    def _unpin_all(self):
        for other in _guard.pinned(self):
            self._unpin(other, every=True)

    def _release(self):
        with _guard.lock:
            _guard.check_closable(self)
            if self.__dict__.get("_users", 0) > 0:  # another thread pinned it meanwhile
                self._close_wanted = True
                return
            ptr, self._ptr = self.__dict__.get("_ptr"), None
            torn = self.__dict__.get("_torn", False)
        _guard.forget(self)
        try:
            if ptr and type(self)._free is not None and not torn:
                with _guard.aside():
                    type(self)._free(ptr)
        finally:
            self._unpin_all()

    def close(self) -> None:
        """Releases the handle (later, when handles using it are still open).
        Raises HandleInUseError while a C call uses it."""
        with _guard.lock:
            if self.__dict__.get("_users", 0) > 0:
                _guard.check_closable(self)
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

    # A handle owns its C object: a copy sharing the pointer would free it
    # twice. copy.copy() and copy.deepcopy() make an independent copy through
    # the C clone function where there is one, and refuse otherwise; pickle
    # always refuses (a C pointer means nothing in another process).
    def _copy(self, how):
        if type(self)._clone is None:
            raise TypeError(
                f"{how}: a {type(self).__name__} owns a C object and the library has no function "
                f"to copy it; make a new {type(self).__name__} (or share this one)")
        return getattr(self, type(self)._clone)()

    def __copy__(self):
        return self._copy("copy.copy()")

    def __deepcopy__(self, memo):
        return self._copy("copy.deepcopy()")

    def __reduce_ex__(self, protocol):
        raise TypeError(
            f"cannot pickle a {type(self).__name__}: it owns a C object, which means nothing in "
            f"another process; pickle the values that make it instead")

    def __reduce__(self):
        return self.__reduce_ex__(2)

    def __getstate__(self):
        return self.__reduce_ex__(2)

    @property
    def closed(self) -> bool:
        return not self.__dict__.get("_ptr") or self.__dict__.get("_close_wanted", False)

    def _handle(self):
        """The C pointer, for the next C call on this thread (which holds it
        while C runs); ClosedHandleError when the handle is closed."""
        ptr = self.__dict__.get("_ptr")
        if not ptr or self.__dict__.get("_close_wanted", False):
            raise ClosedHandleError(1, "WR_ERR_NULL", message=(
                f"{type(self).__name__} at {id(self):#x} is closed (value {self!r}); "
                f"open a new one"))
        if self.__dict__.get("_torn"):
            raise _guard._torn_error(self, type(self).__name__)
        _guard.name_for_call(self, ptr)
        return ptr

    @classmethod
    def _adopt(cls, ptr):
        """Wraps a new C handle made by another function."""
        obj = cls.__new__(cls)
        Handle.__init__(obj, ptr)
        return obj


class Rng(Handle):
    """The pinned deterministic dice roller (wr_rng)."""

    _free = staticmethod(lambda p: lib.wr_rng_free(p))
    _clone = "clone"

    def __init__(self, seed: int = 0, *, allocator: Optional["Allocator"] = None) -> None:
        ptr = make_handle(lib.wr_rng_new, lib.wr_rng_new_ex, RNG, allocator, seed)
        super().__init__(ptr)
        keep_allocator(self, allocator)

    def roll(self, sides: int) -> int:
        """One die of `sides` faces (2..1000000): an int in 1..sides."""
        out = ctypes.c_int()
        lib.wr_rng_roll(self._handle(), sides, ctypes.byref(out))
        return int(out.value)

    def clone(self) -> "Rng":
        """A copy that goes on to roll the same sequence."""
        ptr = RNG()
        lib.wr_rng_clone(self._handle(), ctypes.byref(ptr))
        copy: Rng = keep_allocator(Rng._adopt(ptr), self.__dict__.get("_allocator"))
        return copy


class Allocator:
    """A caller's allocator (wr_allocator) for the `allocator=` argument of
    the constructors, which then call the C `_ex` forms.

    fn(ptr, old_size, new_size) is called as the C wr_alloc_fn is (without its
    user pointer): allocate when ptr is None, resize, or free when new_size
    is 0; it returns the block's address (an int) or None when it cannot
    allocate (the C function then fails with WR_ERR_NOMEM). An exception it
    raises, or a result that is neither None nor an int address, counts as a
    failed allocation for C, and the exception (InvalidError for a wrong
    result) is raised by the call once C returns. Every handle made with it
    keeps it alive."""

    def __init__(self, fn):
        def trampoline(user, ptr, old_size, new_size):
            try:
                block = fn(ptr, old_size, new_size)
                if block is None or new_size == 0:
                    return None
                if isinstance(block, bool) or not isinstance(block, int):
                    raise InvalidError(3, "WR_ERR_INVALID", message=(
                        f"the allocator returned {block!r} ({type(block).__name__}); "
                        f"it must return an address (int) or None"))
                if not 0 < block < 2**64:
                    raise RangeError(2, "WR_ERR_RANGE", message=(
                        f"the allocator returned {block}, not an address (1..2**64-1) or None"))
                return block
            except BaseException as exc:  # never let an exception cross C: a failed allocation
                _guard.callback_failed(exc)
                return None

        self._callback = ALLOC_FN(trampoline)
        self._struct = AllocatorStruct(self._callback, None)

    def _ref(self):
        return ctypes.byref(self._struct)


class CountingAllocator(Allocator):
    """An Allocator over the C library's malloc, realloc and free that counts
    what it hands out (.live_blocks, .live_bytes, .allocations) and, with
    fail_after=n, fails every allocation after the first n (for tests)."""

    def __init__(self, fail_after=None):
        libc = ctypes.CDLL(None)
        self._malloc, self._realloc, self._freefn = libc.malloc, libc.realloc, libc.free
        self._malloc.restype = self._realloc.restype = ctypes.c_void_p
        self._malloc.argtypes = [ctypes.c_size_t]
        self._realloc.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
        self._freefn.argtypes = [ctypes.c_void_p]
        self.fail_after = fail_after
        self.allocations = 0
        self.live_blocks = 0
        self.live_bytes = 0
        super().__init__(self._alloc)

    def _alloc(self, ptr, old_size, new_size):
        if new_size == 0:
            if ptr:
                self._freefn(ptr)
                self.live_blocks -= 1
                self.live_bytes -= old_size
            return None
        if self.fail_after is not None and self.allocations >= self.fail_after:
            return None
        self.allocations += 1
        block = self._realloc(ptr, new_size) if ptr else self._malloc(new_size)
        if block:
            if not ptr:
                self.live_blocks += 1
            self.live_bytes += new_size - (old_size if ptr else 0)
        return block


def make_handle(fn, fn_ex, handle_type, allocator, *args):
    """Calls fn(*args, &out), or fn_ex(*args, allocator, &out) when an
    allocator is given; returns the new C handle."""
    ptr = handle_type()
    if allocator is None:
        fn(*args, ctypes.byref(ptr))
    else:
        fn_ex(*args, allocator._ref(), ctypes.byref(ptr))
    return ptr


def keep_allocator(handle, allocator):
    """Keeps the allocator (its callback) alive as long as the handle."""
    handle._allocator = allocator
    return handle
