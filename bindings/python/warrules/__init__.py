"""warrules: Python bindings for libwarrules, through ctypes.

The library is found through the environment variable WARRULES_LIBRARY, then
next to this package, then the system loader. Each pinned C function is a
Python function of the same name without `wr_`; constants drop `WR_`; handles
are classes with close() and context-manager use; structs are ctypes
Structures; a status other than WR_OK raises WarrulesError. The batch
functions (melee_rounds_batch, terrain_speed_batch, tactical_check_batch)
take array buffers and resolve many items in one C call.
"""
from ._errors import WarrulesError, WarrulesLibraryError
from ._core import (OK, ERR_NULL, ERR_RANGE, ERR_INVALID, ERR_NOMEM, ERR_FORBIDDEN, ERR_STATE,
                    Handle, Rng, Allocator, CountingAllocator, status_name, status_str, version, version_number)
from ._melee import *  # noqa: F401,F403
from ._battlesystem import *  # noqa: F401,F403
from ._campaign import *  # noqa: F401,F403
from ._native import lib as _lib

__version__ = "1.1.0"


def has_function(name):
    """Whether the loaded library exports the C function `name` (a library
    built without a module lacks that module's functions)."""
    return _lib.has(name)
from . import sweep  # noqa: E402,F401  (balance studies: warrules.sweep.run)
