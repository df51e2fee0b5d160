"""Balance studies: the exact odds of every matchup of an army list, over the
axes you vary, on local processes or a Dask cluster.

    import warrules
    from warrules import sweep

    units = [
        {"name": "dwarfs", "profile": "dwarf-veterans", "files": 5,
         "weapon_type": warrules.WEAPON_SPEAR, "armour": warrules.SAMPLE_ARMOUR_CHAINMAIL,
         "flags": warrules.UNIT_SHIELDS, "troop_class": warrules.TROOP_VETERAN},
        {"name": "urucks", "profile": "orc-urucks", "files": 5,
         "weapon_type": warrules.WEAPON_POLEARM, "armour": warrules.SAMPLE_ARMOUR_CHAINMAIL,
         "troop_class": warrules.TROOP_ELITE},
    ]
    result = sweep.run(units, {"figures": [5, 10, 15, 20], "charged": [False, True]})
    result.write_csv("odds.csv"); result.write_svg("odds.svg")

A unit definition is a dict: "name"; "profile" (a sample's name
"dwarf-veterans" / "orc-urucks", or a dict of "sample", "race", "weapons"
{row: reach or (reach, allowed)}, "bcp" {(row, armour): bcp}, "modifiers"
{MOD_*: value}, "hated" [races], "morale_modifiers" {MORALE_*: value},
"retire_band"); the MeleeUnitDesc fields of MeleeUnit (figures, files,
weapon_type, armour, mount, troop_class, flags, morale, ...); the
combatant_situation() fields (in_contact, charged, attacked_in, cover,
character_present; in_contact unset means the full frontage, min(files,
figures)); and optionally "row", the label that errors name (default
"unit N"). An axis is a dotted key into that dict ("figures",
"profile.modifiers.0") with its values; each side takes every combination
of every axis, independently (axes_a= and axes_b= vary one side only). See
docs/scaling.md.
"""
from typing import Any, Dict, List, Mapping, Optional, Sequence

from ._sweep_run import DaskMissingError, WorkerLost, auto_chunk_size, default_workers
from ._sweep_store import Checkpoint, CheckpointMismatch, write_csv
from ._sweep_army import ArmyListError, read_army_csv
from ._sweep_study import A_WINS, B_WINS, END_NAMES, Study, SweepInputError
from . import _sweep_run, _sweep_svg

__all__ = ["run", "plan", "Study", "END_NAMES", "default_workers", "SweepResult", "SweepInputError", "DaskMissingError",
           "CheckpointMismatch", "WorkerLost", "write_csv", "read_army_csv", "ArmyListError"]

E18 = 10**18


def plan(units: Sequence[Any], axes: Any = None, *, a: Any = None, b: Any = None, rounds: int = 30,
         axes_a: Any = None, axes_b: Any = None) -> Study:
    """The Study (the matchup grid) of a sweep, every variant checked with
    the library first: raises SweepInputError naming each refused unit row.
    a and b: the unit names of each side (default: every unit on both).
    axes vary both sides; axes_a and axes_b only one (after the shared ones)."""
    return Study(units, axes, a, b, rounds, axes_a, axes_b)


def run(units: Any, axes: Any = None, *, a: Any = None, b: Any = None, rounds: int = 30,
        axes_a: Any = None, axes_b: Any = None, client: Any = None, workers: Optional[int] = None,
        chunk_size: Optional[int] = None, checkpoint: Optional[str] = None,
        progress: Optional[bool] = None, retries: int = 3) -> "SweepResult":
    """Computes the exact odds of every matchup and returns a SweepResult.

    units, axes, a, b, rounds, axes_a, axes_b: as plan() (or pass a Study as units).
    client: a dask distributed.Client: the chunks run on its cluster; or
        the address of a Dask scheduler ("tcp://host:port"): a Client is
        connected to it for this run and closed afterwards; None: local
        processes (concurrent.futures). Anything else raises TypeError;
        without dask.distributed any client raises DaskMissingError.
    workers: local processes (default every core; 1 computes in this process).
    chunk_size: matchups per task (default: sized to the work left, 32..2048,
        shrinking as the sweep goes so the workers finish together).
    checkpoint: a path: results are appended to it chunk by chunk (JSON
        Lines, flushed), and a sweep started again with the same file
        computes only what it lacks.
    progress: a progress bar on stderr; None: only when stderr is a terminal.
    retries: how often a chunk whose worker died (or raised) is sent again.

    The results do not depend on the runner, the workers or the chunk size:
    each matchup is computed alone, and the rows are in matchup order."""
    study = units if isinstance(units, Study) else plan(units, axes, a=a, b=b, rounds=rounds,
                                                        axes_a=axes_a, axes_b=axes_b)
    own_client: Any = None
    if client is not None:
        distributed = _sweep_run.import_distributed()  # without Dask no client= works: say so first
        if not isinstance(client, str) and not (hasattr(client, "scatter") and hasattr(client, "submit")):
            raise TypeError("warrules.sweep.run: client= takes a dask distributed.Client or the address "
                            "of a Dask scheduler as a string ('tcp://host:port'), not "
                            f"{type(client).__name__}")
        if isinstance(client, str):
            own_client = client = _sweep_run.connect(distributed, client)
    try:
        return _run(study, client, workers, chunk_size, checkpoint, progress, retries)
    finally:
        if own_client is not None:
            own_client.close()


def _run(study: Study, client: Any, workers: Optional[int], chunk_size: Optional[int],
         checkpoint: Optional[str], progress: Optional[bool], retries: int) -> "SweepResult":
    store = Checkpoint(checkpoint, study.fingerprint(), len(study)) if checkpoint else None
    results: Dict[int, Any] = dict(store.results) if store else {}
    try:
        todo = [i for i in range(len(study)) if i not in results]
        slots = _dask_slots(client) if client is not None else (workers or default_workers())
        chunks = (_sweep_run.make_chunks(todo, chunk_size) if chunk_size
                  else _sweep_run.guided_chunks(todo, slots))
        bar = _sweep_run.Progress(len(study), len(study) - len(todo), progress)
        computed = [0]

        def on_chunk(chunk: Any) -> None:
            if store:
                store.append(chunk)
            for index, ends, error in chunk:
                results[index] = (ends, error)
            computed[0] += len(chunk)
            bar.add(len(chunk))

        try:
            if client is not None:
                _sweep_run.run_dask(study, chunks, client, retries, on_chunk)
            else:
                _sweep_run.run_local(study, chunks, slots, retries, on_chunk)
        finally:
            bar.close()
    finally:
        if store:
            store.close()
    return SweepResult(study, results, computed=computed[0], chunks=len(chunks))


def _dask_slots(client: Any) -> Any:  # int, from the client
    try:
        return max(1, sum(client.nthreads().values()))
    except Exception:  # a client without workers yet
        return 1


class SweepResult:
    """The table of a sweep, one row per matchup in matchup order.

    .columns: the column names; .rows: a list of dicts of plain values:
    "index", "a", "b" (unit names), "a.AXIS" and "b.AXIS" (each axis's
    value), "a_wins", "b_wins", "neither" (floats, from the integer columns),
    one int column per end (END_NAMES: the probability in units of 10**-18,
    rounded down), "a_wins_e18", "b_wins_e18", and "error" (None, or why the
    library refused the pair, e.g. both sides attacked in the flank).
    .computed: matchups computed by this call (the rest came from the
    partial result file); .chunks: tasks sent."""

    def __init__(self, study: Study, results: Mapping[int, Any], computed: int = 0,
                 chunks: int = 0) -> None:
        self.study = study
        self.computed, self.chunks = computed, chunks
        axes = [f"{side}.{path}" for side, names in zip("ab", study.axis_names) for path in names]
        self.columns = (["index", "a", "b"] + axes + ["a_wins", "b_wins", "neither"]
                        + list(END_NAMES) + ["a_wins_e18", "b_wins_e18", "error"])
        self.rows = [self._row(i, *results[i]) for i in range(len(study))]

    def _row(self, index: int, ends: Optional[Sequence[int]], error: Optional[str]) -> Dict[str, Any]:
        row = self.study.keys(index)
        if ends is None:
            row.update({name: None for name in self.columns[len(row):]})
            row["error"] = error
            return row
        by_name = dict(zip(END_NAMES, ends))
        a = sum(by_name[n] for n in A_WINS)
        b = sum(by_name[n] for n in B_WINS)
        row.update(a_wins=a / E18, b_wins=b / E18, neither=(E18 - a - b) / E18)
        row.update(by_name)
        row.update(a_wins_e18=a, b_wins_e18=b, error=None)
        return row

    def __len__(self) -> int:
        return len(self.rows)

    def write_csv(self, path_or_file: Any) -> None:
        """Writes the table as CSV (a header line, then one line per matchup)."""
        write_csv(self.columns, self.rows, path_or_file)

    def to_pandas(self) -> Any:
        """The table as a pandas DataFrame (needs pandas)."""
        try:
            import pandas
        except ImportError as exc:
            raise ImportError("SweepResult.to_pandas needs pandas; .rows and write_csv() "
                              "need nothing") from exc
        return pandas.DataFrame(self.rows, columns=self.columns)

    def grid(self) -> List[List[Optional[int]]]:
        """Side a's win probability (units of 10**-18, None when refused) as a
        list of rows: one per side a variant, one column per side b variant."""
        nb = len(self.study.b)
        cells = [r["a_wins_e18"] for r in self.rows]
        return [cells[i:i + nb] for i in range(0, len(cells), nb)]

    def heatmap_svg(self, title: Optional[str] = None) -> str:
        """The heatmap of side a's win probability over the grid, as SVG text."""
        title = title or (f"Side a wins: {len(self.study.a)} x {len(self.study.b)} matchups, "
                          f"up to {self.study.rounds} rounds")
        return _sweep_svg.heatmap([v.label() for v in self.study.a],
                                  [v.label() for v in self.study.b], self.grid(), title)

    def write_svg(self, path: str, title: Optional[str] = None) -> None:
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.heatmap_svg(title))
