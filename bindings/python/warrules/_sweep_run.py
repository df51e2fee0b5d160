"""Running the chunks of a sweep: on local processes (concurrent.futures)
or on a Dask cluster (a distributed.Client), with a progress bar on a
terminal. The runners only schedule: every chunk is computed by
_sweep_study.compute_chunk, so the results do not depend on who runs them."""
import concurrent.futures
import os
import signal
import sys
import time
import traceback
import uuid
from typing import Any, Callable, List, Optional, Sequence, Tuple, Type

from . import _sweep_study


class DaskMissingError(ImportError):
    """A Dask client was given but dask.distributed cannot be imported."""


class WorkerLost(RuntimeError):
    """A chunk's worker died more often than the retries allow."""


def default_workers() -> int:
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def make_chunks(indices: Sequence[int], chunk_size: int) -> List[Sequence[int]]:
    """Consecutive runs of chunk_size matchup indices (the last may be shorter)."""
    return [indices[i:i + chunk_size] for i in range(0, len(indices), chunk_size)]


def guided_chunks(indices: Sequence[int], slots: int, least: int = 32,
                  most: int = 2048) -> List[Sequence[int]]:
    """Chunks sized to the work left: each about the matchups left over
    three per worker slot (least..most), so they shrink as the sweep goes
    and the workers finish together (the cost of a matchup varies along
    the grid, and the last chunks are the few to wait for)."""
    out: List[Sequence[int]] = []
    i, n = 0, len(indices)
    while i < n:
        size = max(least, min(most, (n - i) // (3 * max(1, slots))))
        out.append(indices[i:i + size])
        i += size
    return out


def auto_chunk_size(todo: int, slots: int) -> int:
    """About 8 chunks per worker slot, each of 32..2048 matchups: a chunk of
    32 exact odds takes some milliseconds, far above the cost of a task."""
    if todo == 0:
        return 1
    return max(32, min(2048, -(-todo // (8 * max(1, slots)))))


class Progress:
    """A one-line progress bar on stderr, drawn only when stderr is a terminal
    (or when forced on), at most ten times a second."""

    def __init__(self, total: int, done: int, enabled: Optional[bool] = None, stream: Any = None) -> None:
        self.stream = stream or sys.stderr
        if enabled is None:
            enabled = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.enabled, self.total, self.done, self.start_done = enabled, total, done, done
        self.start = time.monotonic()
        self.last = 0.0
        self.draw(force=True)

    def add(self, n: int) -> None:
        self.done += n
        self.draw()

    def draw(self, force: bool = False) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if not force and now - self.last < 0.1 and self.done < self.total:
            return
        self.last = now
        width = 30
        filled = width * self.done // self.total if self.total else width
        rate = (self.done - self.start_done) / max(now - self.start, 1e-9)
        eta = f" ETA {int((self.total - self.done) / rate)}s" if rate > 0 and self.done < self.total else ""
        self.stream.write(f"\rsweep [{'#' * filled}{'.' * (width - filled)}] "
                          f"{self.done}/{self.total} matchups, {rate:.0f}/s{eta}  ")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.draw(force=True)
            self.stream.write("\n")
            self.stream.flush()


_WORKER_STUDY: Any = None  # the study, in a worker process (set once by _init_worker)


def _init_worker(study: Any) -> None:
    """Runs once in each worker process: the study arrives with the process,
    so a task carries only its matchup ranges (a few bytes). A task that
    carried the study (hundreds of KB for a large grid) could fill the call
    queue's pipe: when a worker was then killed, concurrent.futures'
    feeder thread stayed blocked writing it, and the interpreter hung at exit
    joining that thread."""
    global _WORKER_STUDY
    _WORKER_STUDY = study


def _compute_ranges(ranges: Sequence[Tuple[int, ...]]
                    ) -> List[Tuple[int, Optional[Tuple[int, ...]], Optional[str]]]:
    """A chunk's results in a worker process: ranges are (start, stop) pairs."""
    return _sweep_study.compute_chunk(_WORKER_STUDY, [i for a, b in ranges for i in range(a, b)])


def as_ranges(indices: Sequence[int]) -> List[Tuple[int, ...]]:
    """Sorted indices as (start, stop) pairs of consecutive runs."""
    out: List[List[int]] = []
    for i in indices:
        if out and out[-1][1] == i:
            out[-1][1] = i + 1
        else:
            out.append([i, i + 1])
    return [tuple(r) for r in out]


def describe_indices(chunks: Sequence[Sequence[int]], limit: int = 4) -> str:
    """The matchup indices of some chunks, as "0..29, 60..89 and 2 more"."""
    ranges = as_ranges(sorted(i for c in chunks for i in c))
    parts = [f"{a}..{b - 1}" if b - a > 1 else str(a) for a, b in ranges[:limit]]
    more = f" and {len(ranges) - limit} more ranges" if len(ranges) > limit else ""
    return ", ".join(parts) + more


def _dead_workers(processes: Sequence[Any]) -> List[str]:
    """How a broken pool's worker processes (multiprocessing.Process, joined)
    ended: "process 123 killed by SIGKILL". The workers the pool itself
    terminated (SIGTERM) once it saw one die are left out, unless every
    death is one."""
    out: List[Tuple[bool, str]] = []
    for proc in processes:
        code = getattr(proc, "exitcode", None)
        if not code:
            continue
        if code < 0:
            try:
                how = f"killed by {signal.Signals(-code).name}"
            except ValueError:
                how = f"killed by signal {-code}"
        else:
            how = f"exited with status {code}"
        out.append((code == -signal.SIGTERM, f"process {proc.pid} {how}"))
    if any(not by_pool for by_pool, _ in out):
        out = [item for item in out if not item[0]]
    return [text for _, text in out]


def run_local(study: Any, chunks: Sequence[Sequence[int]], workers: int, retries: int,
              on_chunk: Callable[[Any], None]) -> None:
    """Runs the chunks on `workers` processes (in this process when 1).
    A process that dies breaks the pool: the chunks finished so far are
    kept, a new pool is started, and the unfinished chunks are sent again,
    at most `retries` times; then WorkerLost names the dead processes and the
    matchups left undone."""
    if workers <= 1:
        try:
            for chunk in chunks:
                on_chunk(_sweep_study.compute_chunk(study, chunk))
        finally:
            _sweep_study.release_chunk_state()
        return
    pending = list(chunks)
    failures = 0
    deaths = []
    while pending:
        pool = concurrent.futures.ProcessPoolExecutor(max_workers=workers, initializer=_init_worker,
                                                      initargs=(study,))
        futures = {}
        finished = set()
        broken = None
        processes: List[Any] = []
        try:
            try:
                for i, c in enumerate(pending):
                    futures[pool.submit(_compute_ranges, as_ranges(c))] = i
                    if not processes:  # the pool starts its processes at the first submit
                        processes = list((getattr(pool, "_processes", None) or {}).values())
            except concurrent.futures.process.BrokenProcessPool as exc:
                broken = exc  # a worker died while the chunks were being sent
            for future in concurrent.futures.as_completed(futures):
                try:
                    result = future.result()
                except concurrent.futures.process.BrokenProcessPool as exc:
                    broken = exc
                    break
                finished.add(futures[future])
                on_chunk(result)
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        pool.shutdown(wait=True, cancel_futures=True)
        if broken is not None:
            deaths.extend(_dead_workers(processes))
        pending = [c for i, c in enumerate(pending) if i not in finished]
        if broken is not None:
            failures += 1
            if failures > retries:
                undone = sum(len(c) for c in pending)
                raise WorkerLost(
                    f"warrules.sweep: a worker process died {failures} times"
                    f" ({'; '.join(deaths) if deaths else 'how is unknown'}); {undone} matchups in "
                    f"{len(pending)} chunks were left undone (indices {describe_indices(pending)}); "
                    f"the results computed are kept in the checkpoint file, when one was given: "
                    f"run again with it to compute only the rest") from broken


def import_distributed() -> Any:
    try:
        import distributed
    except ImportError as exc:
        raise DaskMissingError(
            "warrules.sweep: a Dask client was given but Dask is not installed "
            "(dask.distributed cannot be imported: " + str(exc) + "); install python3-distributed "
            "and python3-dask (Debian) or the 'distributed' package, or run without client= "
            "to use local processes") from exc
    return distributed


def connect(distributed: Any, address: str, timeout: int = 30) -> Any:
    """A distributed.Client connected to the scheduler at address; OSError
    naming the address when none answers within timeout seconds."""
    try:
        return distributed.Client(address, timeout=timeout)
    except (OSError, TimeoutError) as exc:
        raise OSError(f"warrules.sweep: no Dask scheduler answered at {address!r} "
                      f"within {timeout} s ({type(exc).__name__}: {exc})") from exc


def _lost_errors(distributed: Any) -> Tuple[Type[BaseException], ...]:
    """The exceptions a Dask future raises when its task was lost with its
    worker (not when the task itself raised): cancelled (the study scattered
    to the workers is gone with them) or KilledWorker (the scheduler saw the
    task's worker die more often than its allowed-failures)."""
    import asyncio
    kinds: List[Any] = [concurrent.futures.CancelledError, asyncio.CancelledError]
    for name in ("KilledWorker", "FutureCancelledError"):
        kind = getattr(distributed, name, None) or getattr(getattr(distributed, "client", None), name, None)
        if isinstance(kind, type):
            kinds.append(kind)
    return tuple(kinds)


def _dask_lost_its_result(exc: TypeError) -> bool:
    """True when Future.result() failed inside distributed itself because
    the future holds no exception to raise (seen when every worker dies at
    once under load): the chunk is lost, not refused."""
    if str(exc) != "exceptions must derive from BaseException":
        return False
    frames = traceback.extract_tb(exc.__traceback__)
    return bool(frames) and os.sep + "distributed" + os.sep in frames[-1].filename


def _workers_alive(client: Any) -> Optional[int]:
    try:
        return len(client.scheduler_info().get("workers", {}))
    except Exception:  # the scheduler is gone too
        return None


def run_dask(study: Any, chunks: Sequence[Sequence[int]], client: Any, retries: int,
             on_chunk: Callable[[Any], None]) -> None:
    """Submits one task per chunk to a distributed.Client and takes the
    results as they complete. Dask moves a task whose worker dies to another
    worker (the scheduler's allowed-failures); `retries` is for a task
    that raises. Chunks lost with their workers (every worker dead, or one
    chunk's workers dying too often) do not stop the others: once every
    chunk has ended, WorkerLost names the lost ones."""
    distributed = import_distributed()
    lost_errors: Tuple[Type[BaseException], ...] = (TypeError, *_lost_errors(distributed))
    tag = uuid.uuid4().hex[:8]
    shared = client.scatter(study, broadcast=True, hash=False)
    futures = [client.submit(_sweep_study.compute_chunk, shared, chunk, pure=False, retries=retries,
                             key=f"warrules-sweep-{tag}-{n}")
               for n, chunk in enumerate(chunks)]
    chunk_of = {future.key: chunk for future, chunk in zip(futures, chunks)}
    lost, causes = [], []
    try:
        for future in distributed.as_completed(futures):
            try:
                result = future.result()
            except lost_errors as exc:
                if isinstance(exc, TypeError) and not _dask_lost_its_result(exc):
                    raise
                lost.append(chunk_of[future.key])
                if "CancelledError" in type(exc).__name__:
                    cause = "cancelled: the workers holding the study died"
                elif isinstance(exc, TypeError):
                    cause = f"the task's result was lost with its worker (status {future.status})"
                else:
                    cause = f"{type(exc).__name__}: {exc}"
                if cause not in causes:
                    causes.append(cause)
                continue
            on_chunk(result)
            future.release()
    except BaseException:
        client.cancel(futures)
        raise
    finally:
        client.cancel([shared])
    if lost:
        alive = _workers_alive(client)
        workers = ("no worker is left in the cluster" if alive == 0 else
                   f"{alive} workers are left in the cluster" if alive is not None else
                   "the scheduler cannot be reached")
        raise WorkerLost(
            f"warrules.sweep: the Dask cluster lost {len(lost)} of {len(chunks)} chunks with their "
            f"workers ({sum(len(c) for c in lost)} matchups, indices {describe_indices(lost)}; "
            f"{workers}; {'; '.join(causes[:3])}); the other chunks' results are kept in the "
            f"checkpoint file, when one was given: run again with it to compute only the rest")
