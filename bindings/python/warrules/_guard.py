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
- A container (a MeleePhase and its units) may hold thousands of handles:
  a call on it does not walk them. Each handle records the containers that
  cover it (Handle._containers: id -> [container, exclusive paths, shared
  paths], kept up to date by Handle._pin), and a call on such a handle
  checks those containers and leaves an intent on them (_ix: a call writing
  a covered handle, _icov: a call reading one the container covers
  exclusively) that a call on the container checks in turn. Every call is
  so O(its own handles), however many handles a container covers.
- Everything is keyed by identity (id()), never by a handle's __eq__ or
  __hash__, which a subclass may define.
- A callback (allocator, morale model, route graph) that raises, returns the
  wrong type or re-enters records its exception in the frame of the C call
  running it (callback_failed) and returns a failing status to C; the wrapper
  raises that exception once C has returned.
- os.fork() is made with the guard's lock held (no other thread is then
  halfway through a change), and the child's guard is reset
  (reset_after_fork): the lock is new, holds of threads that do not exist
  in the child are dropped, and a handle another thread was writing at the
  fork is marked torn (its C state may be half-written): in the child it can
  only be closed, which forgets it without freeing it.
"""
import ctypes
import os
import threading
from typing import Any, Dict, List, Optional, Tuple

from ._errors import ClosedHandleError, HandleInUseError, StateError

_lock = threading.RLock()  # also guards the pins between handles (Handle._pin)
_local = threading.local()
_busy: Dict[int, Any] = {}  # id -> handle: every handle held, or with an intent on it (for fork)


class _Frame:
    __slots__ = ("function", "errors")

    def __init__(self, function: str):
        self.function = function
        self.errors: List[BaseException] = []


class _Held:
    """What one call holds: records (kind, handle) with kind "x" or "s"
    (the handle held exclusively or shared), "ix" or "icov" (an intent on a
    container); the ids of the handles it holds, and its own intents by
    container id ([writes, covered reads])."""
    __slots__ = ("records", "ids", "intents", "me")

    def __init__(self, me: int):
        self.records: List[Tuple[str, Any]] = []
        self.ids: set = set()
        self.intents: Dict[int, List[int]] = {}
        self.me = me

    def __bool__(self):
        return bool(self.records)


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


def _refuse(handle, me: int, function: str, this_thread: bool, via=None) -> HandleInUseError:
    if this_thread:
        how = "by a call in progress on this thread (a callback may not re-enter it)"
    else:
        how = "by a call on another thread"
    where = f" (it belongs to {_describe(via)}, which is in use)" if via is not None else ""
    return HandleInUseError(6, "WR_ERR_STATE", function, message=(
        f"{function}: {_describe(handle)} is in use {how}{where}; a handle serves one call at a "
        f"time (const uses may share it across threads)"))


def _others(counts: Dict[int, int], own: int) -> int:
    """The number of entries of a thread -> count table beyond `own`."""
    return sum(counts.values()) - own if counts else 0


def _only_me(counts: Dict[int, int], me: int) -> bool:
    return all(t == me for t in counts)


def _take(handle, exclusive: bool, held: _Held, function: str) -> None:
    """Holds one handle, checks and marks the containers that cover it, and
    holds, transitively, the handles it depends on (under _lock)."""
    me = held.me
    d = handle.__dict__
    if d.get("_torn"):
        raise _torn_error(handle, function)
    own = held.intents.get(id(handle), (0, 0))
    ix, icov = d.get("_ix"), d.get("_icov")
    excl = d.get("_excl")
    if excl is not None or (exclusive and d.get("_readers")) \
            or _others(ix, own[0]) or (exclusive and _others(icov, own[1])):
        this = (excl == me if excl is not None else
                _only_me(d.get("_readers") or {}, me) and _only_me(ix or {}, me)
                and _only_me(icov or {}, me))
        raise _refuse(handle, me, function, this)
    _busy[id(handle)] = handle  # first: every handle marked is in _busy
    if exclusive:
        handle._excl = me
        held.records.append(("x", handle))
    else:
        handle._readers[me] = handle._readers.get(me, 0) + 1
        held.records.append(("s", handle))
    held.ids.add(id(handle))
    for cid, (container, n_excl, _n_shared) in list(d.get("_containers", {}).items()):
        if cid in held.ids:
            continue  # this call holds the container, which covers the handle
        covered_exclusively = n_excl > 0
        cd = container.__dict__
        c_excl = cd.get("_excl")
        if (c_excl is not None and (exclusive or covered_exclusively)) \
                or (exclusive and cd.get("_readers")):
            this = c_excl == me if c_excl is not None else _only_me(cd.get("_readers") or {}, me)
            raise _refuse(handle, me, function, this, via=container)
        if exclusive or covered_exclusively:
            _busy[cid] = container
            kind = "ix" if exclusive else "icov"
            table = cd.get("_" + kind)
            if table is None:
                table = cd["_" + kind] = {}
            table[me] = table.get(me, 0) + 1
            held.records.append((kind, container))
            mine = held.intents.setdefault(cid, [0, 0])
            mine[0 if exclusive else 1] += 1
    for dep, _count, n_excl, walked in list(d.get("_pinned", {}).values()):
        if not walked or id(dep) in held.ids:
            continue
        _take(dep, exclusive and n_excl > 0, held, function)


def _idle(handle) -> bool:
    d = handle.__dict__
    return d.get("_excl") is None and not d.get("_readers") and not d.get("_ix") and not d.get("_icov")


def _give_back(held: _Held) -> None:
    me = held.me
    for kind, handle in reversed(held.records):
        d = handle.__dict__
        if kind == "x":
            if d.get("_excl") == me:
                handle._excl = None
        else:
            table = d.get("_readers" if kind == "s" else "_" + kind)
            if table and me in table:
                n = table[me] - 1
                if n:
                    table[me] = n
                else:
                    del table[me]
        if _idle(handle):
            _busy.pop(id(handle), None)
    held.records.clear()


def enter(function: str, reads: frozenset, args: Tuple[Any, ...]):
    """Holds the handles named for this call; returns (frame, held)."""
    pending, frames = _thread()
    held = None
    if pending:
        named = pending[:]
        del pending[:]
        held = _Held(threading.get_ident())
        with _lock:
            try:
                seen = set()
                for handle, ptr in named:
                    if id(handle) in seen or not _passed(ptr, args):
                        continue  # named but not passed (an argument failed first)
                    seen.add(id(handle))
                    if id(handle) in held.ids:
                        continue  # already held as a handle another argument depends on
                    if handle.__dict__.get("_ptr") is not ptr:
                        raise ClosedHandleError(1, "WR_ERR_NULL", function, message=(
                            f"{function}: {_describe(handle)} was closed"))
                    _take(handle, _c_type(ptr) not in reads, held, function)
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
    d = handle.__dict__
    if d.get("_excl") is not None or d.get("_readers"):
        me = threading.get_ident()
        this = d["_excl"] == me if d.get("_excl") is not None else _only_me(d["_readers"], me)
        raise _refuse(handle, me, f"{type(handle).__name__}.close", this)


def _torn_error(handle, function):
    return StateError(6, "WR_ERR_STATE", function, message=(
        f"{function}: {_describe(handle)} was being changed by another thread when this process "
        f"forked; its C state may be half-written, so in the child it can only be closed"))


# ---- the pins between handles, and what containers cover ----------------------------

def cover(container, handle, n_excl: int, n_shared: int) -> None:
    """Adds (negative counts: removes) paths by which `container` covers
    `handle` and, through its pins, what it depends on (under _lock)."""
    if not n_excl and not n_shared:
        return
    table = handle.__dict__.get("_containers")
    if table is None:
        table = handle._containers = {}
    entry = table.get(id(container))
    if entry is None:
        entry = table[id(container)] = [container, 0, 0]
    entry[1] += n_excl
    entry[2] += n_shared
    if entry[1] <= 0 and entry[2] <= 0:
        del table[id(container)]
    for dep, _count, dep_excl, walked in list(handle.__dict__.get("_pinned", {}).values()):
        if walked:
            cover(container, dep, n_excl if dep_excl else 0, n_shared + (0 if dep_excl else n_excl))


def _pin_paths(user, dep, exclusive: bool, walked: bool, sign: int) -> None:
    """Adds (sign 1) or removes (sign -1) what `user` covering `dep` gives
    the containers: `dep` as a member of the container `user` (not walked),
    and `dep` under every container that covers `user` (walked)."""
    if not walked:
        cover(user, dep, sign if exclusive else 0, 0 if exclusive else sign)
        return
    for container, n_excl, n_shared in list(user.__dict__.get("_containers", {}).values()):
        cover(container, dep, sign * (n_excl if exclusive else 0),
              sign * (n_shared + (0 if exclusive else n_excl)))


def pin(user, dep, exclusive: bool, walked: bool) -> None:
    """Records that `user` depends on `dep` (under _lock): a pin counted by
    identity, exclusive when any of its pins is."""
    pins = user._pinned
    entry = pins.get(id(dep))
    if entry is None:
        pins[id(dep)] = [dep, 1, 1 if exclusive else 0, walked]
        _pin_paths(user, dep, exclusive, walked, 1)
        return
    was = entry[2] > 0
    entry[1] += 1
    entry[2] += 1 if exclusive else 0
    if (entry[2] > 0) != was:  # now exclusive: its paths change kind
        _pin_paths(user, dep, was, entry[3], -1)
        _pin_paths(user, dep, True, entry[3], 1)


def unpin(user, dep, every: bool) -> int:
    """Drops one pin of `dep` by `user` (all of them when `every`); returns
    how many were dropped (under _lock)."""
    pins = user.__dict__.get("_pinned", {})
    entry = pins.get(id(dep))
    if entry is None or entry[0] is not dep:
        return 0
    dropped = entry[1] if every else 1
    entry[1] -= dropped
    if entry[1] <= 0:
        del pins[id(dep)]
        _pin_paths(user, dep, entry[2] > 0, entry[3], -1)
    return dropped


def pinned(user) -> List[Any]:
    """The handles `user` depends on."""
    return [entry[0] for entry in list(user.__dict__.get("_pinned", {}).values())]


# ---- fork --------------------------------------------------------------------------

def _covered_by(container) -> List[Any]:
    """The handles a container covers exclusively (its exclusive members and
    what they depend on exclusively)."""
    out, stack = [], [(dep, n_excl > 0) for dep, _c, n_excl, walked in
                      container.__dict__.get("_pinned", {}).values() if not walked]
    seen = set()
    while stack:
        handle, exclusive = stack.pop()
        if not exclusive or id(handle) in seen:
            continue
        seen.add(id(handle))
        out.append(handle)
        stack.extend((dep, n_excl > 0) for dep, _c, n_excl, walked in
                     handle.__dict__.get("_pinned", {}).values() if walked)
    return out


def reset_after_fork() -> None:
    """In a child process: a new lock, no holds of threads that do not exist
    here, and the handles another thread was writing marked torn."""
    global _lock, lock
    _lock = lock = threading.RLock()
    me = threading.get_ident()
    torn = []
    for handle in list(_busy.values()):
        d = handle.__dict__
        if d.get("_excl") is not None and d["_excl"] != me:
            torn.append(handle)
            handle._excl = None
        for name in ("_readers", "_ix", "_icov"):
            table = d.get(name)
            if table:
                for thread in [t for t in table if t != me]:
                    del table[thread]
    for handle in list(torn):
        torn.extend(_covered_by(handle))
    for handle in torn:
        handle._torn = True
    for key in [k for k, h in _busy.items() if _idle(h)]:
        del _busy[key]


_forking = []  # the lock the forking thread holds across os.fork()


def _before_fork() -> None:
    """Holds the guard's lock across os.fork(), so that no other thread is
    halfway through changing holds or pins when the child is made."""
    held = _lock
    held.acquire()
    _forking.append(held)


def _after_fork_in_parent() -> None:
    if _forking:
        _forking.pop().release()


def _after_fork_in_child() -> None:
    del _forking[:]
    reset_after_fork()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(before=_before_fork, after_in_parent=_after_fork_in_parent,
                        after_in_child=_after_fork_in_child)

lock = _lock
