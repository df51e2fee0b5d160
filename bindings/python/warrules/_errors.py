"""The exceptions of the warrules package."""


class WarrulesError(ValueError):
    """A libwarrules function returned a status other than WR_OK.

    .status is the status code (an int), .name its name ("WR_ERR_RANGE"),
    .function the C function that returned it, and .index, for a batch
    function, the index of the first bad item (else None).
    """

    def __init__(self, status, name, function="", index=None):
        self.status = status
        self.name = name
        self.function = function
        self.index = index
        text = name + (f" from {function}" if function else "")
        if index is not None:
            text += f" at item {index}"
        super().__init__(text)


class WarrulesLibraryError(OSError):
    """libwarrules could not be loaded, or lacks a symbol the binding needs."""
