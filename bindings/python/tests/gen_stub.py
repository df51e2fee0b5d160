"""Prints warrules/_native.pyi: the struct mirrors as typed classes (ctypes
builds them at run time, so a type checker cannot see their fields)."""
import ctypes
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from warrules import _native  # noqa: E402

HEADER = '''"""Types of warrules._native for type checkers: the struct mirrors and their
fields (ctypes builds the classes at run time). Names not listed here (rows
and structs added since) type as Any. Regenerate with
`python3 bindings/python/tests/gen_stub.py > bindings/python/warrules/_native.pyi`
(tests/test_enums.py checks it lists every struct and field)."""
import ctypes
from typing import Any, Dict, List, Mapping, Sequence, Union

IntArray = Sequence[int]


class Struct(ctypes.Structure):
    _c_name_: str
    def __init__(self, *args: Any, **kwargs: Any) -> None: ...
    def set_fields(self, fields: Mapping[str, Any], caller: str) -> "Struct": ...
    def as_dict(self) -> Dict[str, Any]: ...


class _Library:
    path: str
    missing: List[str]
    module_of: Dict[str, str]
    def has(self, name: str) -> bool: ...
    def __getattr__(self, name: str) -> Any: ...


lib: _Library
FUNCTIONS: List[Any]
STRUCTS: List[type]
VERSION: str


def __getattr__(name: str) -> Any: ...
'''


def field_type(ctype):
    if isinstance(ctype, type) and issubclass(ctype, _native.Struct):
        return ctype.__name__
    if isinstance(ctype, type) and issubclass(ctype, ctypes.Array):
        inner = field_type(ctype._type_)
        return "IntArray" if inner == "int" else f"Sequence[{inner}]"
    if _native._is_int_type(ctype):
        return "int"
    return "Any"


def main():
    print(HEADER)
    for struct in _native.STRUCTS:
        print(f"\nclass {struct.__name__}(Struct):")
        for name, ctype in struct._fields_:
            print(f"    {name}: {field_type(ctype)}")
        extra = {"Hex": ["    def __iter__(self) -> Any: ...", "    def __len__(self) -> int: ...",
                         "    def __getitem__(self, i: int) -> int: ..."],
                 "March": ["    @staticmethod", "    def start(daily_points: int) -> March: ...",
                           "    def enter(self, cost: int, unformed: bool = ...) -> bool: ...",
                           "    def end_day(self, halt: bool = ...) -> None: ...",
                           "    def contact(self) -> bool: ...", "    def rally(self) -> None: ..."],
                 "ForceState": ["    @staticmethod", "    def start() -> ForceState: ...",
                                "    def check(self, daily_points: int) -> None: ...",
                                "    def move(self, daily_points: int, move: Any) -> bool: ...",
                                "    def end_day(self, daily_points: int, halt: bool = ..., "
                                "figures: int = ..., half_die: int = ...) -> int: ...",
                                "    def rally(self, daily_points: int) -> None: ...",
                                "    def contact(self, daily_points: int) -> bool: ..."],
                 "MeleeRound": ["    def event_list(self) -> List[MeleeEvent]: ...",
                                "    def explain(self) -> List[str]: ..."]}
        for line in extra.get(struct.__name__, []):
            print(line)
    print("\n\nHexLike = Union[Hex, Sequence[int]]")


CONSTANTS_HEADER = '''"""The constants and their IntEnum/IntFlag classes, for type checkers only
(the modules make them at run time; warrules/__init__.py imports this stub
under TYPE_CHECKING). Regenerate with
`python3 bindings/python/tests/gen_stub.py --constants > bindings/python/warrules/_constants.pyi`
(tests/test_enums.py checks it lists every constant)."""
import enum
'''


def constants():
    """The text of _constants.pyi."""
    import enum
    import warrules
    from warrules import _enums
    lines = [CONSTANTS_HEADER]
    for name, cls in _enums.CLASSES.items():
        base = "enum.IntFlag" if issubclass(cls, enum.IntFlag) else "enum.IntEnum"
        lines.append(f"\nclass {name}({base}):")
        lines += [f"    {member} = {int(value)}" for member, value in cls.__members__.items()]
    lines.append("")
    for name in warrules.__all__:
        value = getattr(warrules, name)
        if name.isupper() and isinstance(value, int) and not isinstance(value, warrules.Status):
            kind = type(value).__name__ if isinstance(value, enum.Enum) else "int"
            lines.append(f"{name}: {kind}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    if sys.argv[1:] == ["--constants"]:
        print(constants(), end="")
    else:
        main()
