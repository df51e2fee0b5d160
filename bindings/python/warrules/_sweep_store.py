"""The partial result file of a sweep (JSON Lines, append-only, flushed per
chunk) and the CSV writer of its table.

The file's first line names the study: {"warrules_sweep": 1, "study":
FINGERPRINT, "matchups": N}. Every later line is one matchup:
{"i": INDEX, "e": [END_COUNT ints in units of 10**-18]} or {"i": INDEX,
"error": TEXT}. A line cut short by an interruption is dropped when the file
is opened again, and the matchups it held are computed again."""
import csv
import json
import os
import time
from typing import IO, Any, Dict, Iterable, Mapping, Optional, Sequence, Tuple

from ._melee import END_COUNT


class CheckpointMismatch(ValueError):
    """The partial result file belongs to another study."""


E18 = 10**18


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def _result(line: str, matchups: int
            ) -> Tuple[int, Tuple[Optional[Tuple[int, ...]], Optional[str]]]:
    """(index, (ends, error)) of one result line, or ValueError saying what
    does not fit the study's shape: an object of exactly "i" (an int index
    of the study) and either "e" (END_COUNT ints of 0..10**18, in units of
    10**-18, together at most 10**18) or "error" (a text)."""
    try:
        item = json.loads(line, parse_constant=_refuse_constant)
    except ValueError as exc:
        raise ValueError(f"not JSON ({exc})") from None
    if not isinstance(item, dict):
        raise ValueError("not a JSON object")
    index: Any = item.get("i")
    if not _is_int(index) or not 0 <= index < matchups:
        raise ValueError(f'"i" must be a matchup index 0..{matchups - 1}, not {index!r}')
    keys = set(item) - {"i"}
    if keys == {"e"}:
        ends = item["e"]
        if not isinstance(ends, list) or len(ends) != END_COUNT:
            raise ValueError(f'"e" must be a list of {END_COUNT} ends')
        for value in ends:
            if not _is_int(value) or not 0 <= value <= E18:
                raise ValueError(f'"e" holds {value!r}, not an int of 0..10**18')
        if sum(ends) > E18:
            raise ValueError(f'the ends of "e" add up to {sum(ends)}, more than 10**18')
        return index, (tuple(ends), None)
    if keys == {"error"}:
        if not isinstance(item["error"], str) or not item["error"]:
            raise ValueError(f'"error" must be a text, not {item["error"]!r}')
        return index, (None, item["error"])
    raise ValueError('a result holds "i" and either "e" or "error", '
                     f'not {", ".join(sorted(map(repr, item)))}')


class Checkpoint:
    """An append-only result file: done() tells what it holds, append()
    writes one chunk's results and flushes them to the system (they survive
    the process), and to the disk (fsync: they survive the system) at most
    once every SYNC_SECONDS and when the file is closed: a sync costs some
    milliseconds, and chunks come faster than that on a fast disk's cache."""

    SYNC_SECONDS = 1.0

    def __init__(self, path: str, fingerprint: str, matchups: int) -> None:
        self.path = path
        self.results: Dict[int, Tuple[Optional[Tuple[int, ...]], Optional[str]]] = {}
        self._synced = 0.0
        header = {"warrules_sweep": 1, "study": fingerprint, "matchups": matchups}
        if os.path.exists(path) and os.path.getsize(path) > 0:
            self._load(header)
            self.file = open(path, "a", encoding="utf-8")
        else:
            self.file = open(path, "w", encoding="utf-8")
            self.file.write(json.dumps(header) + "\n")
            self._flush()

    def _load(self, header: Dict[str, Any]) -> None:
        with open(self.path, "rb") as f:
            data = f.read()
        complete = data[:data.rfind(b"\n") + 1]
        lines = complete.decode("utf-8").splitlines()
        try:
            found = json.loads(lines[0]) if lines else None
        except ValueError:
            found = None
        if found != header:
            raise CheckpointMismatch(
                f"{self.path} is not a partial result of this sweep (its first line is "
                f"{lines[0][:120] if lines else 'cut short'!r}, this sweep's is {json.dumps(header)})")
        for number, line in enumerate(lines[1:], start=2):
            try:
                index, result = _result(line, header["matchups"])
            except ValueError as exc:
                raise CheckpointMismatch(f"{self.path}:{number}: not a result of this sweep: {exc} "
                                         f"({line[:80]!r})") from None
            if self.results.get(index, result) != result:
                raise CheckpointMismatch(f"{self.path}:{number}: matchup {index} again, with another "
                                         f"result ({line[:80]!r})")
            self.results[index] = result
        if len(complete) != len(data):
            with open(self.path, "r+b") as f:
                f.truncate(len(complete))

    def append(self, chunk: Iterable[Tuple[int, Any, Optional[str]]]) -> None:
        """Writes the (index, ends, error) results of a chunk, in one write."""
        lines = []
        for index, ends, error in chunk:
            item: Dict[str, Any] = {"i": index, "e": list(ends)} if error is None else {"i": index, "error": error}
            lines.append(json.dumps(item))
            self.results[index] = (ends, error)
        self.file.write("\n".join(lines) + "\n")
        self._flush(sync=time.monotonic() - self._synced >= self.SYNC_SECONDS)

    def _flush(self, sync: bool = True) -> None:
        self.file.flush()
        if sync:
            os.fsync(self.file.fileno())
            self._synced = time.monotonic()

    def close(self) -> None:
        try:
            self._flush()
        finally:
            self.file.close()


def write_csv(columns: Sequence[str], rows: Iterable[Mapping[str, Any]],
              path_or_file: Any) -> None:
    """Writes a table (column names and rows of dicts) as CSV with a header
    line; None is written as an empty field."""
    if hasattr(path_or_file, "write"):
        _write(columns, rows, path_or_file)
    else:
        with open(path_or_file, "w", newline="", encoding="utf-8") as f:
            _write(columns, rows, f)


def _write(columns: Sequence[str], rows: Iterable[Mapping[str, Any]], f: IO[str]) -> None:
    writer = csv.DictWriter(f, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow(row)
