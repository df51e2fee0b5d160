"""warrules: Python bindings for libwarrules, through ctypes.

AD&D Battlesystem ratings, units, formations and terrain; Fantasy Warlord
hand-to-hand combat; the Valormr campaign's strategic movement on hex maps.

The library is the one named by the environment variable WARRULES_LIBRARY,
else the one the wheel carries next to this package, else an installed one
(ctypes.util.find_library, pkg-config); its version must have the package's
major and at least its minor number. Each C function is a Python function
of the same name without `wr_` or a method of the handle it takes;
constants drop `WR_` and are IntEnum/IntFlag members (plain ints to C);
handles are classes with close() and context-manager use; structs are
range-checked ctypes Structures; a status other than WR_OK raises the
WarrulesError subclass of that status (NullError, RangeError, InvalidError,
NoMemoryError, ForbiddenError, StateError) with the library's detail. The
batch functions (melee_rounds_batch, terrain_speed_batch,
tactical_check_batch) take array buffers (NumPy arrays of any integer type
too) and resolve many items in one C call. The names these replaced (the C
names' older forms) still work and raise DeprecationWarning naming the new
one: see _deprecated.py.
"""
from typing import TYPE_CHECKING, Any

# `X as X`: explicit re-exports, which a type checker in strict mode needs
# (the __all__ below is computed, so it cannot read it).
from ._errors import (ClosedHandleError as ClosedHandleError, ForbiddenError as ForbiddenError,
                      HandleInUseError as HandleInUseError, InvalidError as InvalidError,
                      NoMemoryError as NoMemoryError, NullError as NullError,
                      RangeError as RangeError, StateError as StateError,
                      WarrulesError as WarrulesError, WarrulesLibraryError as WarrulesLibraryError)
from ._core import (OK as OK, ERR_NULL as ERR_NULL, ERR_RANGE as ERR_RANGE,
                    ERR_INVALID as ERR_INVALID, ERR_NOMEM as ERR_NOMEM,
                    ERR_FORBIDDEN as ERR_FORBIDDEN, ERR_STATE as ERR_STATE, Status as Status,
                    Handle as Handle, Rng as Rng, Allocator as Allocator,
                    CountingAllocator as CountingAllocator, last_error as last_error,
                    status_name as status_name, status_str as status_str, version as version,
                    version_number as version_number)
from . import _melee, _battlesystem, _campaign, _advisor, _intercept
from ._melee import *  # noqa: F401,F403
from ._advisor import *  # noqa: F401,F403
from ._battlesystem import *  # noqa: F401,F403
from ._campaign import *  # noqa: F401,F403
from ._intercept import *  # noqa: F401,F403
from ._native import lib as _lib
from . import _deprecated
from ._version import VERSION as __version__

if TYPE_CHECKING:  # the constants, which a type checker cannot see through the computed __all__
    from ._constants import *  # noqa: F401,F403


def has_function(name: str) -> bool:
    """Whether the loaded library exports the C function `name` (a library
    built without a module lacks that module's functions)."""
    return _lib.has(name)


__all__ = [
    "WarrulesError", "NullError", "RangeError", "InvalidError", "NoMemoryError", "ForbiddenError",
    "StateError", "ClosedHandleError", "HandleInUseError", "WarrulesLibraryError",
    "OK", "ERR_NULL", "ERR_RANGE", "ERR_INVALID", "ERR_NOMEM", "ERR_FORBIDDEN", "ERR_STATE",
    "Status", "Handle", "Rng", "Allocator", "CountingAllocator", "last_error", "status_name",
    "status_str", "version", "version_number", "has_function", "sweep",
] + _melee.__all__ + _advisor.__all__ + _battlesystem.__all__ + _campaign.__all__ + _intercept.__all__

_deprecated.install(globals())


def __getattr__(name: str) -> Any:
    """An older name (_deprecated.RENAMED): its replacement, with a DeprecationWarning."""
    return _deprecated.module_attribute(globals(), name)


from . import sweep  # noqa: E402,F401  (balance studies: warrules.sweep.run)
