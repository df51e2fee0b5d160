"""The exceptions of the warrules package: one subclass of WarrulesError per
status, and the two conditions of a handle (closed, in use)."""
from typing import Any, Dict, Optional

from ._header_core import ERR_FORBIDDEN, ERR_INVALID, ERR_NOMEM, ERR_NULL, ERR_RANGE, ERR_STATE, OK

STATUS_NAMES = {ERR_NULL: "WR_ERR_NULL", ERR_RANGE: "WR_ERR_RANGE", ERR_INVALID: "WR_ERR_INVALID",
                ERR_NOMEM: "WR_ERR_NOMEM", ERR_FORBIDDEN: "WR_ERR_FORBIDDEN", ERR_STATE: "WR_ERR_STATE"}


class WarrulesError(ValueError):
    """A libwarrules function returned a status other than WR_OK, or the
    binding refused a value before it reached C.

    .status is the status code (an int), .name its name ("WR_ERR_RANGE"),
    .function the C function, .index, for a batch function, the index of the
    first bad item (else None), and .argument, .value, .expected the detail
    the library recorded (wr_last_error_detail; None when it gave none).
    str() is the library's sentence (wr_last_error) when it gave one.
    WarrulesError(status, ...) makes the subclass of that status.
    """

    status = OK

    def __new__(cls, status=None, *args, **kwargs):
        if cls is WarrulesError and status in _BY_STATUS:
            cls = _BY_STATUS[status]
        return super().__new__(cls)

    def __init__(self, status: int, name: Optional[str] = None, function: str = "",
                 index: Optional[int] = None, detail: Optional[Dict[str, Any]] = None,
                 message: Optional[str] = None):
        self.status = status
        self.name = name or STATUS_NAMES.get(status, "WR_UNKNOWN")
        self.function = function
        self.index = index
        self.detail = detail
        detail = detail or {}
        self.argument = detail.get("argument") or None
        self.value = detail.get("value")
        self.expected = detail.get("expected") or None
        if message is None:
            message = str(self.name) + (f" from {function}" if function else "")
        if index is not None:
            message += f" at item {index}"
        super().__init__(message)

    def __reduce__(self):
        """Pickles with every field (multiprocessing passes exceptions back)."""
        return (_rebuild, (type(self), self.status, self.name, self.function, self.index, self.detail,
                           str(self)))

    def at_index(self, function: str, index: Optional[int]) -> "WarrulesError":
        """The same error for item `index` of a batch function."""
        text = str(self)
        return type(self)(self.status, self.name, function, index, self.detail,
                          text if index is None else f"item {index}: {text}")


class NullError(WarrulesError):
    """WR_ERR_NULL: a required pointer (handle, out parameter) was missing."""
    status = ERR_NULL


class RangeError(WarrulesError):
    """WR_ERR_RANGE: a number is outside its documented range (in C, or
    refused by the binding because the C type cannot hold it)."""
    status = ERR_RANGE


class InvalidError(WarrulesError):
    """WR_ERR_INVALID: a value is not one of the allowed ones."""
    status = ERR_INVALID


class NoMemoryError(WarrulesError, MemoryError):
    """WR_ERR_NOMEM: an allocation failed (also a MemoryError)."""
    status = ERR_NOMEM


class ForbiddenError(WarrulesError):
    """WR_ERR_FORBIDDEN: the rules forbid the action; .expected names the rule."""
    status = ERR_FORBIDDEN


class StateError(WarrulesError):
    """WR_ERR_STATE: the call does not fit the object's current state."""
    status = ERR_STATE


class ClosedHandleError(NullError):
    """A handle was used after close() (WR_ERR_NULL: C never sees it)."""


class HandleInUseError(StateError, RuntimeError):
    """A handle is held by a C call in progress (on another thread, or on
    this one while a callback runs): it may not be closed or used by a
    second call until that call returns (WR_ERR_STATE)."""


_BY_STATUS = {c.status: c for c in (NullError, RangeError, InvalidError, NoMemoryError,
                                    ForbiddenError, StateError)}


def _rebuild(cls, status, name, function, index, detail, message):
    error = cls.__new__(cls, status)
    WarrulesError.__init__(error, status, name, function, None, detail, message)
    error.index = index
    return error


def error_class(status: int) -> type:
    """The exception class of a status."""
    return _BY_STATUS.get(status, WarrulesError)


class WarrulesLibraryError(OSError):
    """libwarrules could not be loaded, has the wrong version, or lacks a
    symbol the binding needs."""
