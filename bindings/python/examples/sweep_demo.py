"""A balance study of 10,816 matchups, run three ways with identical results:
on one core, on every local core, and on a Dask LocalCluster; then
interrupted (the process killed) and resumed from its partial result file;
then drawn as a heatmap. Prints the throughput of each run: matchups per
second of wall-clock time, and per CPU-second the run used (which does not
depend on what else the machine runs); then the cost of a task, from the same
small study cut into chunks of 1 and of the default size. docs/scaling.md
records the figures.

    WARRULES_LIBRARY=build/ci/libwarrules.so PYTHONPATH=bindings/python \\
        python3 bindings/python/examples/sweep_demo.py [OUTDIR]

Without dask.distributed the LocalCluster run is skipped, saying so."""
import csv
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time

import warrules as wr
from warrules import sweep

UNITS = [
    {"name": "dwarfs", "profile": "dwarf-veterans", "files": 5, "weapon_type": wr.WEAPON_SPEAR,
     "armour": wr.SAMPLE_ARMOUR_CHAINMAIL, "flags": wr.UNIT_SHIELDS,
     "troop_class": wr.TROOP_VETERAN},
    {"name": "urucks", "profile": "orc-urucks", "files": 5, "weapon_type": wr.WEAPON_POLEARM,
     "armour": wr.SAMPLE_ARMOUR_CHAINMAIL, "troop_class": wr.TROOP_ELITE},
    {"name": "militia", "files": 6, "morale": 40, "armour": 1,
     "profile": {"race": wr.RACE_HUMAN, "weapons": {0: wr.WEAPON_OTHER, 1: wr.WEAPON_SPEAR},
                 "bcp": {(0, 1): 20, (0, 2): 16}, "modifiers": {wr.MOD_CHARGED: 10},
                 "retire_band": 20}},
    {"name": "goblins", "files": 8, "morale": 35, "armour": 0, "flags": wr.UNIT_SHIELDS,
     "profile": {"race": wr.RACE_GOBLIN, "bcp": {(0, 0): 18, (0, 1): 14, (0, 2): 10},
                 "modifiers": {wr.MOD_CHARGED: 5, wr.MOD_PER_RANK: 2}, "retire_band": 10}},
]
AXES = {"figures": list(range(4, 30, 2)), "charged": [False, True]}   # 13 x 2 per unit

RESUME_SCRIPT = """
import sys
sys.path.insert(0, sys.argv[2])
from sweep_demo import UNITS, AXES
from warrules import sweep
sweep.run(UNITS, AXES, workers=1, chunk_size=256, checkpoint=sys.argv[1], progress=False)
"""


def cpu_here():
    """CPU-seconds of this process and of its children that have ended."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def cpu_workers(client):
    """CPU-seconds of the Dask workers' processes."""
    def used():
        r = resource.getrusage(resource.RUSAGE_SELF)
        return r.ru_utime + r.ru_stime
    return sum(client.run(used).values())


def timed(label, fn, cpu=cpu_here):
    cpu0, start = cpu(), time.perf_counter()
    result = fn()
    seconds, cpu_s = time.perf_counter() - start, cpu() - cpu0
    print(f"  {label:<42} {len(result):6d} matchups {seconds:7.2f} s {len(result) / seconds:7.0f}/s"
          f"  {cpu_s:7.2f} CPU-s {len(result) / cpu_s:6.0f}/CPU-s  (load {os.getloadavg()[0]:.1f})",
          flush=True)
    return result, len(result) / seconds


def task_cost(client=None):
    """Seconds per matchup with one matchup per task against the default
    chunks, on a study of cheap matchups (small units, 5 rounds)."""
    small = sweep.plan(UNITS[:2], {"figures": list(range(2, 12))}, rounds=5)
    times = []
    for chunk in (1, None):
        start = time.perf_counter()
        r = sweep.run(small, client=client, chunk_size=chunk, progress=False)
        times.append((time.perf_counter() - start, r.chunks))
    (t1, n1), (tc, nc) = times
    where = "Dask LocalCluster" if client else "local processes"
    print(f"  {where}: {len(small)} cheap matchups in {n1} tasks {t1:.2f} s, "
          f"in {nc} tasks {tc:.2f} s: about {max(0.0, (t1 - tc) / (n1 - nc)) * 1e3:.2f} ms a task")


def tool_run(expected):
    """`warrules sweep sweep_demo.sweep` (C, one process), when the tool is
    $WARRULES_TOOL or src/tool/warrules beside the library: timed, and its
    table compared with the package's."""
    lib = os.environ.get("WARRULES_LIBRARY", "")
    tool = os.environ.get("WARRULES_TOOL") or os.path.join(os.path.dirname(lib), "src", "tool",
                                                           "warrules")
    if not os.access(tool, os.X_OK):
        print("  warrules sweep (C): skipped, no tool found (set WARRULES_TOOL)")
        return True
    here = os.path.dirname(os.path.abspath(__file__))

    class Table(list):
        pass

    def run():
        out = subprocess.run([tool, "sweep", os.path.join(here, "sweep_demo.sweep")],
                             check=True, capture_output=True, text=True).stdout
        return Table(csv.DictReader(out.splitlines()))

    rows, _ = timed("warrules sweep (C, one process)", run)
    same = all(int(t[n]) == e[n] for t, e in zip(rows, expected.rows) for n in sweep.END_NAMES)
    same = same and len(rows) == len(expected.rows)
    print(f"  the tool's table is {'identical' if same else 'DIFFERENT'}")
    return same


def dask_worker_dies(study, client, expected):
    """A Dask worker process killed while the sweep runs: the scheduler sends
    its tasks to the other worker (and the nanny starts a new one)."""
    import threading
    victim = sorted(client.scheduler_info()["workers"])[0]

    async def die():   # client.run(wait=False) takes a coroutine function
        os._exit(1)

    def kill():
        time.sleep(2.0)
        client.run(die, workers=[victim], wait=False)

    killer = threading.Thread(target=kill)
    killer.start()
    result = sweep.run(study, client=client, progress=False)
    killer.join()
    gone = victim not in client.scheduler_info()["workers"]
    same = result.rows == expected.rows
    print(f"  Dask worker {victim} killed during a run: {'gone' if gone else 'STILL THERE'}; "
          f"table {'identical' if same else 'DIFFERENT'}")
    return same


def interrupted_and_resumed(study, out, expected):
    """Kills a sweep writing its partial result file part way, then resumes it."""
    path = os.path.join(out, "partial.jsonl")
    if os.path.exists(path):
        os.remove(path)
    here = os.path.dirname(os.path.abspath(__file__))
    proc = subprocess.Popen([sys.executable, "-c", RESUME_SCRIPT, path, here])
    while proc.poll() is None:
        if os.path.exists(path):
            with open(path) as f:
                if f.read().count("\n") > len(study) // 3:
                    break
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    with open(path) as f:
        done = f.read().count("\n") - 1
    resumed = sweep.run(study, checkpoint=path, progress=False)
    same = resumed.rows == expected.rows
    print(f"  killed after {done} matchups; the resumed run computed {resumed.computed}; "
          f"table {'identical' if same else 'DIFFERENT'}")
    return same and resumed.computed == len(study) - done


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp(prefix="sweep-demo-")
    os.makedirs(out, exist_ok=True)
    study = sweep.plan(UNITS, AXES)
    cores = sweep.default_workers()
    print(f"{len(study.a)} x {len(study.b)} = {len(study)} matchups, up to {study.rounds} rounds; "
          f"{cores} local cores; output in {out}")
    one, r1 = timed("one core (workers=1)", lambda: sweep.run(study, workers=1))
    local, rn = timed(f"local processes (workers={cores})", lambda: sweep.run(study))
    ok = local.rows == one.rows
    try:
        import distributed
    except ImportError as exc:
        print(f"  LocalCluster: skipped, Dask is not installed ({exc})")
    else:
        with distributed.LocalCluster(n_workers=cores, threads_per_worker=1, processes=True,
                                      dashboard_address=None) as cluster, \
                distributed.Client(cluster) as client:
            client.run(lambda: None)   # workers are up before the clock starts
            dask, _ = timed(f"Dask LocalCluster ({cores} worker processes)",
                            lambda: sweep.run(study, client=client),
                            cpu=lambda: cpu_workers(client) + cpu_here())
            task_cost(client)
            ok = dask_worker_dies(study, client, one) and ok
        ok = ok and dask.rows == one.rows
    task_cost()
    print(f"  results identical across runners: {ok}")
    ok = tool_run(one) and ok
    ok = interrupted_and_resumed(study, out, one) and ok
    one.write_csv(os.path.join(out, "sweep.csv"))
    one.write_svg(os.path.join(out, "sweep.svg"))
    print(f"  wrote {out}/sweep.csv and {out}/sweep.svg; one core {r1:.0f}/s, "
          f"{cores} cores {rn:.0f}/s")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
