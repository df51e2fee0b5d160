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


class CheckpointMismatch(ValueError):
    """The partial result file belongs to another study."""


class Checkpoint:
    """An append-only result file: done() tells what it holds, append()
    writes one chunk's results and flushes them to the disk."""

    def __init__(self, path, fingerprint, matchups):
        self.path = path
        self.results = {}
        header = {"warrules_sweep": 1, "study": fingerprint, "matchups": matchups}
        if os.path.exists(path) and os.path.getsize(path) > 0:
            self._load(header)
            self.file = open(path, "a", encoding="utf-8")
        else:
            self.file = open(path, "w", encoding="utf-8")
            self.file.write(json.dumps(header) + "\n")
            self._flush()

    def _load(self, header):
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
                item = json.loads(line)
                index = item["i"]
                if not (isinstance(index, int) and 0 <= index < header["matchups"]):
                    raise ValueError(index)
                ends = tuple(item["e"]) if "e" in item else None
                self.results[index] = (ends, None if ends is not None else str(item["error"]))
            except (ValueError, KeyError, TypeError):
                raise CheckpointMismatch(f"{self.path}:{number}: not a result of this sweep "
                                         f"({line[:80]!r})") from None
        if len(complete) != len(data):
            with open(self.path, "r+b") as f:
                f.truncate(len(complete))

    def append(self, chunk):
        """Writes the (index, ends, error) results of a chunk, in one write."""
        lines = []
        for index, ends, error in chunk:
            item = {"i": index, "e": list(ends)} if error is None else {"i": index, "error": error}
            lines.append(json.dumps(item))
            self.results[index] = (ends, error)
        self.file.write("\n".join(lines) + "\n")
        self._flush()

    def _flush(self):
        self.file.flush()
        os.fsync(self.file.fileno())

    def close(self):
        self.file.close()


def write_csv(columns, rows, path_or_file):
    """Writes a table (column names and rows of dicts) as CSV with a header
    line; None is written as an empty field."""
    if hasattr(path_or_file, "write"):
        _write(columns, rows, path_or_file)
    else:
        with open(path_or_file, "w", newline="", encoding="utf-8") as f:
            _write(columns, rows, f)


def _write(columns, rows, f):
    writer = csv.DictWriter(f, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow(row)
