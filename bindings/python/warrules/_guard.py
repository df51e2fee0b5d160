"""The guard that keeps a C call from ever seeing a released or concurrently
used handle, and the frames that carry a callback's exception back to the
caller.

Every C call of the package goes through one wrapper (_native._guarded):
- Handle._handle() names the handle for the next call on this thread; the
  wrapper holds each handle passed to the call, and the handles it depends on
  (the profile of a unit, the units of an engagement), until C returns. A
  handle the C function only reads (a `const` parameter, see READS) is held
  shared: many threads may read it at once. Otherwise it is held exclusively.
  A handle that is held cannot be closed, and a use that conflicts with a
  holder raises HandleInUseError at once (never waits, so never deadlocks):
  another thread writing it, or a callback re-entering a handle its own call
  holds.
- A callback (allocator, morale model, route graph) that raises, returns the
  wrong type or re-enters records its exception in the frame of the C call
  running it (callback_failed) and returns a failing status to C; the wrapper
  raises that exception once C has returned.
"""
import ctypes
import threading
from typing import Any, List, Optional, Tuple

from ._errors import ClosedHandleError, HandleInUseError

_lock = threading.RLock()  # also guards the pins between handles (Handle._pin)
_local = threading.local()


class _Frame:
    __slots__ = ("function", "errors")

    def __init__(self, function: str):
        self.function = function
        self.errors: List[BaseException] = []


def _thread():
    st = getattr(_local, "st", None)
    if st is None:
        st = _local.st = ([], [])  # (pending (handle, ptr) pairs, frames)
    return st


def name_for_call(handle, ptr) -> None:
    """Called by Handle._handle(): `handle` (whose pointer is `ptr`) is
    about to be passed to a C call on this thread."""
    _thread()[0].append((handle, ptr))


def forget(handle) -> None:
    """Drops a handle from this thread's pending list (it is being closed)."""
    pending = _thread()[0]
    pending[:] = [p for p in pending if p[0] is not handle]


class aside:
    """Keeps this thread's pending handles out of a call made meanwhile (a
    handle released by __del__ between another call's _handle() and C)."""

    def __enter__(self):
        pending = _thread()[0]
        self.saved = pending[:]
        del pending[:]

    def __exit__(self, *exc):
        _thread()[0][:0] = self.saved


def callback_failed(exc: BaseException) -> None:
    """Records the exception of a callback for the C call running it; the
    call raises it once C returns."""
    frames = _thread()[1]
    if frames and not frames[-1].errors:
        frames[-1].errors.append(exc)


def in_callback() -> bool:
    """Whether a C call is in progress on this thread (a callback is running)."""
    return bool(_thread()[1])


def _address(ptr) -> int:
    return ctypes.cast(ptr, ctypes.c_void_p).value or 0


def _passed(ptr, args) -> bool:
    for a in args:
        if a is ptr:
            return True
    address = None
    for a in args:
        if isinstance(a, ctypes.Array) and issubclass(a._type_, ctypes._Pointer):
            if address is None:
                address = _address(ptr)
            if any(_address(e) == address for e in a):
                return True
    return False


def _c_type(ptr) -> str:
    return type(ptr)._type_.__name__


def _describe(handle) -> str:
    return f"{type(handle).__name__} at {id(handle):#x}"


def _refuse(handle, me: int, function: str, exclusive_holder: Optional[int]) -> HandleInUseError:
    if exclusive_holder == me or (exclusive_holder is None and set(handle._readers) == {me}):
        how = "by a call in progress on this thread (a callback may not re-enter it)"
    else:
        how = "by a call on another thread"
    return HandleInUseError(6, "WR_ERR_STATE", function, message=(
        f"{function}: {_describe(handle)} is in use {how}; a handle serves one call at a time "
        f"(const uses may share it across threads)"))


def _take(handle, exclusive: bool, me: int, function: str, taken: list) -> None:
    """Holds one handle and, transitively, those it depends on (under _lock)."""
    if handle._excl is not None or (exclusive and handle._readers):
        raise _refuse(handle, me, function, handle._excl)
    if exclusive:
        handle._excl = me
    else:
        handle._readers[me] = handle._readers.get(me, 0) + 1
    taken.append((handle, exclusive, me))
    for dep in handle._pinned:
        if any(t[0] is dep for t in taken):
            continue
        _take(dep, exclusive and id(dep) in handle._pinned_exclusive, me, function, taken)


def _give_back(taken: list) -> None:
    for handle, exclusive, me in taken:
        if exclusive:
            handle._excl = None
        else:
            n = handle._readers[me] - 1
            if n:
                handle._readers[me] = n
            else:
                del handle._readers[me]


def enter(function: str, reads: frozenset, args: Tuple[Any, ...]):
    """Holds the handles named for this call; returns (frame, held)."""
    pending, frames = _thread()
    held: list = []
    if pending:
        named = pending[:]
        del pending[:]
        me = threading.get_ident()
        with _lock:
            try:
                seen = set()
                for handle, ptr in named:
                    if id(handle) in seen or not _passed(ptr, args):
                        continue  # named but not passed (an argument failed first)
                    if any(t[0] is handle for t in held):
                        continue  # already held as a handle another argument depends on
                    seen.add(id(handle))
                    if handle.__dict__.get("_ptr") is not ptr:
                        raise ClosedHandleError(1, "WR_ERR_NULL", function, message=(
                            f"{function}: {_describe(handle)} was closed"))
                    _take(handle, _c_type(ptr) not in reads, me, function, held)
            except BaseException:
                _give_back(held)
                raise
    frame = _Frame(function)
    frames.append(frame)
    return frame, held


def leave(frame, held) -> None:
    frames = _thread()[1]
    if frames and frames[-1] is frame:
        frames.pop()
    if held:
        with _lock:
            _give_back(held)


def check_closable(handle) -> None:
    """Raises HandleInUseError when a call holds the handle (under _lock)."""
    if handle.__dict__.get("_excl") is not None or handle.__dict__.get("_readers"):
        me = threading.get_ident()
        raise _refuse(handle, me, f"{type(handle).__name__}.close", handle._excl)


lock = _lock
