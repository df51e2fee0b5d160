"""Running the chunks of a sweep: on local processes (concurrent.futures)
or on a Dask cluster (a distributed.Client), with a progress bar on a
terminal. The runners only schedule: every chunk is computed by
_sweep_study.compute_chunk, so the results do not depend on who runs them."""
import concurrent.futures
import os
import sys
import time
import uuid

from . import _sweep_study


class DaskMissingError(ImportError):
    """A Dask client was given but dask.distributed cannot be imported."""


class WorkerLost(RuntimeError):
    """A chunk's worker died more often than the retries allow."""


def default_workers():
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def make_chunks(indices, chunk_size):
    """Consecutive runs of chunk_size matchup indices (the last may be shorter)."""
    return [indices[i:i + chunk_size] for i in range(0, len(indices), chunk_size)]


def auto_chunk_size(todo, slots):
    """About 8 chunks per worker slot, each of 32..2048 matchups: a chunk of
    32 exact odds takes some milliseconds, far above the cost of a task."""
    if todo == 0:
        return 1
    return max(32, min(2048, -(-todo // (8 * max(1, slots)))))


class Progress:
    """A one-line progress bar on stderr, drawn only when stderr is a terminal
    (or when forced on), at most ten times a second."""

    def __init__(self, total, done, enabled=None, stream=None):
        self.stream = stream or sys.stderr
        if enabled is None:
            enabled = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.enabled, self.total, self.done, self.start_done = enabled, total, done, done
        self.start = time.monotonic()
        self.last = 0.0
        self.draw(force=True)

    def add(self, n):
        self.done += n
        self.draw()

    def draw(self, force=False):
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

    def close(self):
        if self.enabled:
            self.draw(force=True)
            self.stream.write("\n")
            self.stream.flush()


def run_local(study, chunks, workers, retries, on_chunk):
    """Runs the chunks on `workers` processes (in this process when 1).
    A process that dies breaks the pool: the chunks finished so far are
    kept, a new pool is started, and the unfinished chunks are sent again,
    at most `retries` times."""
    if workers <= 1:
        for chunk in chunks:
            on_chunk(_sweep_study.compute_chunk(study, chunk))
        return
    pending = list(chunks)
    failures = 0
    while pending:
        pool = concurrent.futures.ProcessPoolExecutor(max_workers=workers)
        futures = {pool.submit(_sweep_study.compute_chunk, study, c): i for i, c in enumerate(pending)}
        finished = set()
        broken = None
        try:
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
        pool.shutdown(wait=broken is None, cancel_futures=True)
        pending = [c for i, c in enumerate(pending) if i not in finished]
        if broken is not None:
            failures += 1
            if failures > retries:
                raise WorkerLost(f"a worker process died {failures} times; {len(pending)} chunks "
                                 f"left undone (the partial result file keeps the rest)") from broken


def import_distributed():
    try:
        import distributed
    except ImportError as exc:
        raise DaskMissingError(
            "warrules.sweep: a Dask client was given but Dask is not installed "
            "(dask.distributed cannot be imported: " + str(exc) + "); install python3-distributed "
            "and python3-dask (Debian) or the 'distributed' package, or run without client= "
            "to use local processes") from exc
    return distributed


def run_dask(study, chunks, client, retries, on_chunk):
    """Submits one task per chunk to a distributed.Client and takes the
    results as they complete. Dask moves a task whose worker dies to another
    worker (the scheduler's allowed-failures); `retries` is for a task
    that raises."""
    distributed = import_distributed()
    tag = uuid.uuid4().hex[:8]
    shared = client.scatter(study, broadcast=True, hash=False)
    futures = [client.submit(_sweep_study.compute_chunk, shared, chunk, pure=False, retries=retries,
                             key=f"warrules-sweep-{tag}-{n}")
               for n, chunk in enumerate(chunks)]
    try:
        for future in distributed.as_completed(futures):
            on_chunk(future.result())
            future.release()
    except BaseException:
        client.cancel(futures)
        raise
    finally:
        client.cancel([shared])
