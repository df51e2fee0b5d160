"""warrules.sweep against a plain loop over the binding: the same study
(every matchup of an army list over its axes, exact odds) computed by a
loop in one process, by sweep.run on 2 local processes, and by sweep.run on
a 2-worker Dask LocalCluster (when Dask is installed), each writing its
results to a checkpoint file; the tables must be identical.

    python3 bench/sweep.py <libwarrules.so> <figures step> [--no-dask]

The study's size is set by the figures axis: sizes 10, 10 + step, ... up to
70 (a step of 3 gives about 14 s of plain-loop work on a 2-vCPU VM; the
smoke run uses a coarse step). The cluster is started before the timing,
as a user's would be.

The clock. On a shared machine the wall clock of a run on 2 processes says
more about the other processes than about the sweep, so by default (as the
other benchmarks: CPU time) a run is timed by the CPU time it used, as the
wall time it would take on 2 cores of its own: the larger of the busiest
worker's CPU time and all the CPU time used (the workers', and this
process's: the runner, the checkpoint, the table and, for Dask, the
scheduler) over 2. Local workers' CPU time is read when the pool has
reaped them (their total: the busiest is taken as half of it); Dask
workers' is read on each worker before and after. The plain loop is timed
by its thread's CPU time, run before the sweeps and again after them (the
baseline is the mean of the two: the machine's load moves CPU times too). With BENCH_CLOCK=wall every run is timed by the
wall clock; both are printed. Prints CASE and EXTRA lines for
bench/run.sh."""
import json
import os
import resource
import sys
import tempfile
import time

WORKERS = 2


def study_args(step):
    import warrules as wr
    units = [
        {"name": "dwarfs", "profile": "dwarf-veterans", "files": 5, "weapon_type": wr.WEAPON_SPEAR,
         "armour": wr.SAMPLE_ARMOUR_CHAINMAIL, "flags": wr.UNIT_SHIELDS,
         "troop_class": wr.TROOP_VETERAN},
        {"name": "urucks", "profile": "orc-urucks", "files": 5, "weapon_type": wr.WEAPON_POLEARM,
         "armour": wr.SAMPLE_ARMOUR_CHAINMAIL, "troop_class": wr.TROOP_ELITE},
        {"name": "militia", "files": 4, "morale": 40, "armour": 1,
         "profile": {"race": wr.RACE_HUMAN, "weapons": {0: wr.WEAPON_OTHER},
                     "bcp": {(0, 1): 20, (0, 2): 16}, "modifiers": {wr.MOD_CHARGED: 10},
                     "retire_band": 20}},
    ]
    axes = {"figures": list(range(10, 71, step)), "charged": [False, True]}
    return units, axes


def plain_loop(study, checkpoint):
    """What a user writes without the sweep: each variant's unit built once,
    one odds workspace, every pair in turn, each result appended to a file."""
    import warrules as wr
    from warrules import _sweep_study
    maker = _sweep_study.UnitMaker()
    ends_of = {}
    try:
        with wr.OddsWorkspace() as ws, open(checkpoint, "w") as out:
            nb = len(study.b)
            for index in range(len(study)):
                a, sa = maker.unit(0, study.a[index // nb])
                b, sb = maker.unit(1, study.b[index % nb])
                try:
                    with wr.Engagement(a, b, [sa, sb]) as fight, \
                            fight.odds(study.rounds, workspace=ws) as odds:
                        ends = tuple(odds.end_e18(e) for e in range(wr.END_COUNT))
                except (KeyError, TypeError, ValueError):
                    ends = None
                ends_of[index] = ends
                out.write(json.dumps([index, ends]) + "\n")
    finally:
        maker.close()
    return ends_of


def _children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _worker_cpu():
    return time.process_time()


def sweep_ends(result):
    from warrules import sweep
    return {row["index"]: (None if row["error"] else tuple(row[n] for n in sweep.END_NAMES))
            for row in result.rows}


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    path, step = args[0], int(args[1])
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, os.path.join(here, "..", "bindings", "python"))
    os.environ["WARRULES_LIBRARY"] = path
    from warrules import sweep
    units, axes = study_args(step)
    study = sweep.plan(units, axes)
    tmp = tempfile.mkdtemp(prefix="warrules-bench-sweep-")
    try:
        wall = os.environ.get("BENCH_CLOCK") == "wall"

        def timed_loop():
            t0, c0 = time.perf_counter(), time.thread_time()
            ends = plain_loop(study, os.path.join(tmp, "loop.jsonl"))
            return ends, (time.perf_counter() - t0) * 1e3, (time.thread_time() - c0) * 1e3

        loop, t_loop_wall, t_loop_cpu = timed_loop()
        t_loop = t_loop_wall if wall else t_loop_cpu
        print(f"bench/sweep.py: {len(study)} matchups, plain loop {t_loop / 1e3:.2f} s",
              file=sys.stderr)
        print("EXTRA " + json.dumps({"name": "sweep_matchups", "value": len(study), "unit": "matchups"}))
        print("EXTRA " + json.dumps({"name": "sweep_plain_loop_s", "value": t_loop / 1e3, "unit": "s"}))
        runs = [("sweep_local_2", dict(workers=WORKERS))]
        client = cluster = None
        with_dask = "--no-dask" not in sys.argv
        if with_dask:
            try:
                from distributed import Client, LocalCluster
            except ImportError as exc:
                print(f"bench/sweep.py: no Dask ({exc}): the Dask case is left out", file=sys.stderr)
            else:
                runs.append(("sweep_dask_2", "client"))
        results = []
        try:
            for name, kw in runs:
                if kw == "client":  # started only now: its scheduler runs in this process
                    t1 = time.perf_counter()
                    cluster = LocalCluster(n_workers=WORKERS, threads_per_worker=1, processes=True,
                                           dashboard_address=":0")
                    client = Client(cluster)
                    print("EXTRA " + json.dumps({"name": "sweep_dask_cluster_start_s",
                                                 "value": time.perf_counter() - t1, "unit": "s"}))
                    kw = dict(client=client)
                checkpoint = os.path.join(tmp, name + ".jsonl")
                dask = "client" in kw
                before = kw["client"].run(_worker_cpu) if dask else None
                p0, k0, t0 = time.process_time(), _children_cpu(), time.perf_counter()
                result = sweep.run(study, checkpoint=checkpoint, progress=False, **kw)
                ms_wall = (time.perf_counter() - t0) * 1e3
                main_cpu = time.process_time() - p0
                if dask:
                    after = kw["client"].run(_worker_cpu)
                    used = [after[w] - before.get(w, 0.0) for w in after]
                    busiest, workers_cpu = max(used), sum(used)
                else:
                    workers_cpu = _children_cpu() - k0
                    busiest = workers_cpu / WORKERS
                ms_cpu = max(busiest, (workers_cpu + main_cpu) / WORKERS) * 1e3
                ms = ms_wall if wall else ms_cpu
                same = sweep_ends(result) == loop
                print(f"bench/sweep.py: {name} {ms_cpu / 1e3:.2f} s as CPU time on 2 cores "
                      f"(workers {workers_cpu:.2f} s, the busiest {busiest:.2f} s; this process "
                      f"{main_cpu:.2f} s), "
                      f"{ms_wall / 1e3:.2f} s wall (plain loop {t_loop_wall / 1e3:.2f} s wall), "
                      f"{result.chunks} chunks, table {'identical' if same else 'DIFFERENT'}",
                      file=sys.stderr)
                print("EXTRA " + json.dumps({"name": f"{name}_wall_ratio",
                                             "value": t_loop_wall / ms_wall, "unit": "x"}))
                results.append((name, ms, same))
            again, wall2, cpu2 = timed_loop()
            t_loop = (t_loop + (wall2 if wall else cpu2)) / 2
            print(f"bench/sweep.py: plain loop again {cpu2 / 1e3:.2f} s CPU, {wall2 / 1e3:.2f} s wall",
                  file=sys.stderr)
            for name, ms, same in results:
                same = same and again == loop
                print("CASE " + json.dumps({"name": name, "baseline": "plain_loop",
                                            "baseline_ms": t_loop, "warrules_ms": ms,
                                            "ratio": t_loop / ms, "match": same}), flush=True)
        finally:
            if client is not None:
                client.close()
                cluster.close()
    finally:
        for f in os.listdir(tmp):
            os.unlink(os.path.join(tmp, f))
        os.rmdir(tmp)
    return 0


if __name__ == "__main__":
    sys.exit(main())
