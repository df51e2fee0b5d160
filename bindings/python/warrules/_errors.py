"""The exceptions of the warrules package."""


class WarrulesError(ValueError):
    """A libwarrules function returned a status other than WR_OK.

    .status is the status code (an int), .name its name ("WR_ERR_RANGE"),
    .function the C function that returned it.
    """

    def __init__(self, status, name, function=""):
        self.status = status
        self.name = name
        self.function = function
        super().__init__(f"{name}" + (f" from {function}" if function else ""))


class WarrulesLibraryError(OSError):
    """libwarrules could not be loaded, or lacks a symbol the binding needs."""
