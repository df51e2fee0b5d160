"""Small helpers shared by the wrappers: out parameters and array buffers."""
import array
import ctypes
import operator
import struct
import sys
import weakref

from ._errors import RangeError, WarrulesError

_INT_BYTES = ctypes.sizeof(ctypes.c_int)


def int_out(fn, *args):
    """Calls fn(*args, &out) for one int out parameter and returns out."""
    out = ctypes.c_int()
    fn(*args, ctypes.byref(out))
    return out.value


def ints_out(fn, count, *args):
    """Calls fn(*args, &o1, ..., &on) for `count` int out parameters."""
    outs = [ctypes.c_int() for _ in range(count)]
    fn(*args, *[ctypes.byref(o) for o in outs])
    return tuple(o.value for o in outs)


def flag(value):
    """A truth value as the C int 0 or 1 (an int other than 0 or 1 passes as is,
    so the C function can refuse it)."""
    if isinstance(value, bool) or value is None:
        return 1 if value else 0
    return value


def bad_batch(status_name, function, message, index=None):
    """The error of a batch's input; index: the offending item's (the
    message then ends "at item INDEX")."""
    status = {"WR_ERR_NULL": 1, "WR_ERR_RANGE": 2, "WR_ERR_INVALID": 3}[status_name]
    return WarrulesError(status, status_name, function, index, message=f"{function}: {message}")


_INT_FORMATS = set("bBhHiIlLqQnN?")


def _fits_all(view, code):
    """Whether every item of a C-contiguous 4-byte int buffer fits the other
    signedness: no item has its top bit set (a negative int, or an unsigned
    one from 2**31). Checked in C passes over bytes: all bytes below 0x80
    (small ints, such as flags) at once, or else each item's top byte."""
    raw = view.tobytes()
    return raw.isascii() or raw[3 if sys.byteorder == "little" else 0::_INT_BYTES].isascii()


def _index_or_none(value):
    """The int of an integer of any type (operator.index), else None."""
    try:
        return operator.index(value)
    except TypeError:
        return None


def _scalar(value):
    """The int of a single integer of any type (an int, a NumPy integer or
    0-d array, an object with __index__), else None (a column)."""
    if isinstance(value, int):
        return value
    if isinstance(value, (list, tuple, array.array, bytes, bytearray, memoryview, str)) \
            or getattr(value, "ndim", 0) != 0 or not hasattr(type(value), "__index__"):
        return None
    return _index_or_none(value)


def _bytes_or_none(values):
    """The items as bytes when every one is an int in 0..255, else None (the
    general path then converts them, or names what is wrong)."""
    try:
        return bytes(values)
    except (TypeError, ValueError):
        return None


class _LentColumns:
    """C int arrays for the list columns of a batch, kept from call to call:
    a fresh array of n ints costs its page faults (the C allocator gives
    large freed blocks back to the system, and a call's columns are all
    alive at once), more than the conversion itself. take() pops one
    (atomically: another thread never gets the same one), give() puts those
    a call is done with back; the caller never sees them."""

    def __init__(self, keep_bytes=64 << 20):
        self._free = []
        self._keep_bytes = keep_bytes

    def take(self, n):
        try:
            arr = self._free.pop()
        except IndexError:
            arr = None
        if arr is None or len(arr) != n:
            arr = array.array("i", [0]) * n
        return arr

    def give(self, taken):
        for arr in taken:
            if (len(self._free) + 1) * len(arr) * _INT_BYTES <= self._keep_bytes:
                self._free.append(arr)


_LENT = _LentColumns()
# bytes as code points, and code points as 4-byte native ints: UTF-32 widens
# a byte string to C ints in one C loop (a strided copy is several times slower)
_UTF32 = "utf-32-le" if sys.byteorder == "little" else "utf-32-be"


def give_back(taken):
    """Returns the arrays int_columns(..., taken=) lent to a call, once the
    C call is done with them."""
    _LENT.give(taken)
    taken.clear()


def _lent_copy(raw, n, taken):
    """The n C ints of the bytes raw in an array lent from _LENT (listed in
    taken)."""
    arr = _LENT.take(n)
    taken.append(arr)
    memoryview(arr).cast("B")[:] = raw
    return arr


def _packed(values, name, function, code, taken=None):
    """A list or tuple of ints as C ints (an array.array); RangeError naming
    the first item that does not fit. With a list `taken`, the ints go into
    an array lent from _LENT (listed in taken, for give_back() after the
    call), the conversion's own array freed at once (it is then used again
    by the next column, without page faults)."""
    n = len(values)
    # items that each fit a byte (counts, dice, flags: most columns) are read
    # by bytes() in one C loop, several times faster than array('i')'s, and
    # widened to 4-byte ints by UTF-32
    small = _bytes_or_none(values) if _INT_BYTES == 4 else None
    if small is not None:
        wide = small.decode("latin-1").encode(_UTF32)
        if taken is not None:
            return _lent_copy(wide, n, taken), n
        arr = array.array(code)
        arr.frombytes(wide)
        return arr, n
    # array.array converts a list of ints in one C loop into one new block;
    # anything it refuses goes the struct way, which names what is wrong
    try:
        arr = array.array(code, values)
    except (OverflowError, TypeError, ValueError):
        pass
    else:
        if taken is not None:
            return _lent_copy(memoryview(arr).cast("B"), n, taken), n
        return arr, n
    try:
        packed = struct.pack(f"{len(values)}{code}", *values)
    except struct.error as exc:
        if "range" in str(exc) or "format requires" in str(exc):
            lo, hi = (0, 2**32 - 1) if code == "I" else (-2**31, 2**31 - 1)
            bad = next((i for i, v in enumerate(values) if isinstance(_index_or_none(v), int)
                        and not lo <= _index_or_none(v) <= hi), None)
            where = f"{name}[{bad}] = {values[bad]}" if bad is not None else name
            raise bad_batch("WR_ERR_RANGE", function, f"{where} does not fit a C int ({lo}..{hi})",
                            bad) from None
        raise TypeError(f"{function}: {name}: {exc}") from None
    arr = array.array(code)
    arr.frombytes(packed)
    return arr, len(values)


def _numpy_ints(value, code):
    """A one-dimensional NumPy integer array of any type, byte order or
    stride as a C-contiguous one of C ints, converted in NumPy's C loops
    (the array itself when it is one already); None for anything else, or
    when an item does not fit (the general path then names it)."""
    np = sys.modules.get("numpy")
    if np is None or not isinstance(value, np.ndarray) or value.ndim != 1 \
            or value.dtype.kind not in "iu":
        return None
    target = np.dtype(np.uintc if code == "I" else np.intc)
    packed = np.ascontiguousarray(value)  # a strided column gathered once
    if not np.can_cast(packed.dtype, target) and packed.size:
        lo, hi = (0, 2**32 - 1) if code == "I" else (-2**31, 2**31 - 1)
        if int(packed.min()) < lo or int(packed.max()) > hi:
            return None
    if packed.dtype.itemsize == target.itemsize and packed.dtype.isnative:
        return packed.view(target)  # the same bits, every item in range
    return packed.astype(target)


def _as_ints(value, name, function, code, taken=None):
    """A buffer of C ints for one column, and its number of items (taken:
    see _packed)."""
    converted = _numpy_ints(value, code)
    if converted is not None:
        value = converted
    if isinstance(value, array.array) and value.itemsize == _INT_BYTES and value.typecode in "iI" \
            and (value.typecode == code or _fits_all(memoryview(value), code)):
        return value, len(value)
    try:
        view = memoryview(value)
    except TypeError:
        view = None
    if view is not None:
        raw = isinstance(value, (bytes, bytearray, memoryview))  # bytes are native ints, as documented
        if raw and view.format in ("B", "b", "c") and view.c_contiguous:
            if view.nbytes % _INT_BYTES:
                raise bad_batch("WR_ERR_INVALID", function,
                                f"{name}: {view.nbytes} bytes is not a whole number of C ints")
            view = view.cast("B").cast(code)
        fmt = view.format.lstrip("@=")
        native = fmt in ("i", "I") or (fmt in ("<i", "<I") and sys.byteorder == "little")
        if view.itemsize == _INT_BYTES and native and view.ndim == 1:
            if not view.c_contiguous or view.readonly:
                # a strided or read-only column of C ints: copied once, in C
                arr = array.array(fmt[-1])
                arr.frombytes(view.tobytes())
                return _as_ints(arr, name, function, code)
            if fmt[-1] == code or _fits_all(view, code):
                return view, view.nbytes // _INT_BYTES
        if fmt.lstrip("<>!") not in _INT_FORMATS or view.ndim != 1:
            raise bad_batch("WR_ERR_INVALID", function,
                            f"{name}: a one-dimensional array of integers is needed "
                            f"(format {view.format!r}, {view.ndim} dimensions)")
        # another integer type or stride (a NumPy int64, int16 or sliced array): converted once
        try:
            items = view.tolist()
        except NotImplementedError:  # a byte order memoryview cannot read: read item by item
            items = [int(v) for v in value]
        return _packed(items, name, function, code)
    if isinstance(value, (list, tuple)):
        return _packed(value, name, function, code, taken)
    try:
        items = list(value)  # any other iterable, read once; a bad item is named by its index
    except TypeError as exc:
        raise TypeError(f"{function}: {name}: {exc}") from None
    return _packed(items, name, function, code)


def int_columns(columns, function, unsigned=(), taken=None):
    """The columns of a batch (a dict name -> value) as C int arrays of one
    length n, without per-item Python work: an array.array('i') or any
    C-contiguous buffer of 4-byte ints (a writable one is used in place, a
    read-only one copied once; bytes are read as native ints), a list or any
    iterable converted once by array.array, or a single int repeated n times
    (n is 1 when every column is a single int).
    Returns (n, {name: (keepalive, ctypes pointer or None when n is 0)}).
    taken: a list for the arrays lent to list columns whose items fit a
    byte; the caller gives them back with give_back() after its C call."""
    buffers, n = {}, None
    columns = {name: (value if _scalar(value) is None else _scalar(value))
               for name, value in columns.items()}
    for name, value in columns.items():
        if isinstance(value, int):
            continue
        code = "I" if name in unsigned else "i"
        buf, length = _as_ints(value, name, function, code, taken)
        if n is None:
            n = length
        elif length != n:
            raise bad_batch("WR_ERR_INVALID", function, f"{name} has {length} items, not {n}")
        buffers[name] = buf
    if n is None:
        n = 1
    out = {}
    for name, value in columns.items():
        code = "I" if name in unsigned else "i"
        if name not in buffers:
            try:
                buffers[name] = array.array(code, [value]) * n
            except OverflowError:
                raise bad_batch("WR_ERR_RANGE", function, f"{name} = {value} does not fit a C int") from None
        ctype = ctypes.c_uint if name in unsigned else ctypes.c_int
        buf = buffers[name]
        out[name] = (buf, (ctype * n).from_buffer(buf) if n else None)
    return n, out


def new_ints(n):
    """A zeroed array.array('i') of n items and a ctypes pointer into it."""
    arr = array.array("i", [0]) * n
    return arr, ((ctypes.c_int * n).from_buffer(arr) if n else None)


def _pop_counted(arrays):
    """The last array of a list, taken out of it (atomically: another thread
    never gets the same one), and its reference count once out."""
    arr = arrays.pop()
    return arr, sys.getrefcount(arr)


def _refs_alone():
    """The count _pop_counted() gives an array held by nothing else (the
    same code counts, so the references of the call itself are the same);
    None where reference counts cannot tell (not CPython, or CPython
    without the GIL)."""
    if sys.implementation.name != "cpython" or not getattr(sys, "_is_gil_enabled", lambda: True)():
        return None
    return _pop_counted([array.array("i")])[1]


_ALONE = _refs_alone()


class ResultColumns:
    """The array.array('i') result columns of a batch function, with the
    columns of its last result kept to be used again once the caller has
    let go of them.

    A batch of n rounds returns fresh columns of 4n bytes each; allocating
    them costs more than the C call itself when they are large (the C
    allocator gives freed memory back to the system, so new columns are
    page-faulted in again on every call). So the columns the last call
    returned stay referenced here, and the next call takes a column again
    only when nothing else refers to it (its reference count is that of a
    column held by one local variable, and it has no weak references): the
    caller has dropped it, so no one can see it change. A column the caller
    still holds, in any way (a reference, a memoryview, a NumPy view, a weak
    reference), is never taken; the call allocates a new one. The C call
    must write every item of a taken column (taken columns are not zeroed).
    At most `keep_bytes` of columns are kept; without reliable reference
    counts (not CPython, or a free-threaded build) none are."""

    __slots__ = ("_kept", "_keep_bytes")

    def __init__(self, keep_bytes=16 << 20):
        self._kept = []
        self._keep_bytes = keep_bytes

    def take(self, n, count):
        """`count` array.array('i') columns of n items, each held by nobody
        else: columns of the last result the caller dropped, then new zeroed
        ones."""
        columns = []
        kept = self._kept
        while len(columns) < count:
            try:
                arr, refs = _pop_counted(kept)
            except IndexError:
                break
            if refs == _ALONE and len(arr) == n and not weakref.getweakrefcount(arr):
                columns.append(arr)
        while len(columns) < count:
            columns.append(array.array("i", [0]) * n)
        return columns

    def keep(self, columns):
        """Keeps a returned result's columns for a later take()."""
        if _ALONE is not None and sum(len(c) for c in columns) * _INT_BYTES <= self._keep_bytes:
            self._kept = list(columns)
        else:
            self._kept = []


def int_array(values, name, ctype=ctypes.c_int, length=None):
    """A C array of `ctype` holding `values` (at least one item, or exactly
    `length`); an item the C type cannot hold raises RangeError naming it,
    one that is not an int TypeError (ctypes alone would cut 2**32 + 5 to 5)."""
    values = list(values)
    bits = 8 * ctypes.sizeof(ctype)
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if ctype(-1).value < 0 else (0, (1 << bits) - 1)
    for i, v in enumerate(values):
        if type(v) is not int:
            try:
                v = operator.index(v)  # a bool, a NumPy integer, an object with __index__
            except TypeError:
                raise TypeError(f"{name}[{i}] = {v!r} is not an int") from None
            values[i] = v
        if not lo <= v <= hi:
            raise RangeError(2, "WR_ERR_RANGE", message=f"{name}[{i}] = {v} does not fit a C {ctype.__name__} ({lo}..{hi})")
    if length is not None and len(values) != length:
        raise TypeError(f"{name} needs {length} ints, not {len(values)}")
    return (ctype * max(1, len(values)))(*values)
