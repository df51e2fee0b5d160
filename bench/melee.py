"""Melee rounds per second from Python: the library through ctypes (one call
for the whole batch, one call per round, and the Python binding's batch form
when it has one) against the same rules written plainly in Python.

    python3 bench/melee.py <libwarrules.so> <repeats> <rounds>

A round is troops against troops with the caller's dice, as documented for
wr_melee_rounds_batch() in include/warrules/melee.h: for each side the
figures that fight [Who fights], the Modified and Final Combat Percentage
[Casualties 2-3], the kills [Casualties 4], the losses (the enemy's kills
capped by the figures) and the loser. Every form is timed from Python lists
of inputs to Python lists of results, conversions included, except
the *_buffers forms: columns already in C int buffers (array.array), results
left in buffers, as for an engine that keeps its state in arrays. The
binding's form (warrules.melee_rounds_batch) is measured when the binding
has it; the ctypes forms call wr_melee_rounds_batch directly. Prints CASE and
EXTRA lines for bench/run.sh. Times are the thread's CPU time, or the wall
clock with BENCH_CLOCK=wall.
"""
import array
import ctypes
import json
import os
import random
import statistics
import sys
import time

SIDE_MOUNTED, SIDE_DISORDERED, SIDE_SWARM, SIDE_FLYING, SIDE_FLANKED = 1, 2, 4, 8, 16
REACH = {0: 1, 1: 2, 2: 2, 3: 3}  # other, spear, polearm, pike
FIELDS = ("figures", "files", "in_contact", "weapon", "flags", "bcp", "modifiers", "d100")
OUTS = ("fighting", "mcp", "fcp", "kills", "lost")


# ---- the rules, plainly in Python ----

def fighting_figures(figures, files, in_contact, weapon, self_flags, enemy_flags):
    if ((self_flags & SIDE_SWARM and enemy_flags & SIDE_FLYING)
            or (self_flags & SIDE_FLYING and enemy_flags & SIDE_SWARM)):
        return 0
    if (self_flags | enemy_flags) & SIDE_FLYING:
        return figures
    if self_flags & SIDE_SWARM:
        return figures
    if self_flags & SIDE_MOUNTED and enemy_flags & SIDE_MOUNTED:
        return figures
    if self_flags & SIDE_MOUNTED:
        return in_contact
    if self_flags & (SIDE_DISORDERED | SIDE_FLANKED):
        return in_contact
    total = 0
    for k in range(REACH[weapon]):
        in_rank = min(max(figures - k * files, 0), files)
        total += min(in_contact, in_rank)
    return total


def combat_percent(bcp, modifiers, fighting):
    mcp = max(0, bcp + modifiers)
    return mcp, mcp * fighting


def kills_from_percent(fcp, d100):
    kills, rest = divmod(fcp, 100)
    return kills + (1 if rest and d100 <= rest else 0)


def python_rounds(a, b, n):
    """a, b: dicts of input lists. Returns (out_a, out_b, loser) as lists."""
    out = ({k: [0] * n for k in OUTS}, {k: [0] * n for k in OUTS})
    loser = [0] * n
    sides = (a, b)
    for i in range(n):
        kills = [0, 0]
        for s in (0, 1):
            me, enemy, o = sides[s], sides[1 - s], out[s]
            fighting = fighting_figures(me["figures"][i], me["files"][i], me["in_contact"][i],
                                        me["weapon"][i], me["flags"][i], enemy["flags"][i])
            mcp, fcp = combat_percent(me["bcp"][i], me["modifiers"][i], fighting)
            kills[s] = kills_from_percent(fcp, me["d100"][i])
            o["fighting"][i], o["mcp"][i], o["fcp"][i], o["kills"][i] = fighting, mcp, fcp, kills[s]
        lost0 = min(kills[1], a["figures"][i])
        lost1 = min(kills[0], b["figures"][i])
        out[0]["lost"][i], out[1]["lost"][i] = lost0, lost1
        loser[i] = -1 if lost0 == lost1 else (0 if lost0 > lost1 else 1)
    return out[0], out[1], loser


# ---- the rules in NumPy, as a Python user doing this in bulk writes them ----

def numpy_rounds(np, a, b):
    """a, b: dicts of NumPy int32 columns (flags uint32). Returns (out_a,
    out_b, loser) as dicts of NumPy arrays and an array."""
    reach = np.array([REACH[w] for w in range(4)], dtype=np.int32)

    def side(me, enemy):
        sf, ef = me["flags"], enemy["flags"]
        figures, files, contact = me["figures"], me["files"], me["in_contact"]
        ranks = reach[me["weapon"]]
        ranked = np.zeros_like(figures)
        for k in range(3):
            in_rank = np.clip(figures - k * files, 0, files)
            ranked += np.where(ranks > k, np.minimum(contact, in_rank), 0)
        fighting = np.select(
            [((sf & SIDE_SWARM) != 0) & ((ef & SIDE_FLYING) != 0)
             | ((sf & SIDE_FLYING) != 0) & ((ef & SIDE_SWARM) != 0),
             ((sf | ef) & SIDE_FLYING) != 0,
             (sf & SIDE_SWARM) != 0,
             ((sf & SIDE_MOUNTED) != 0) & ((ef & SIDE_MOUNTED) != 0),
             (sf & SIDE_MOUNTED) != 0,
             (sf & (SIDE_DISORDERED | SIDE_FLANKED)) != 0],
            [0, figures, figures, figures, contact, contact], ranked)
        mcp = np.maximum(me["bcp"] + me["modifiers"], 0)
        fcp = mcp * fighting
        whole, rest = np.divmod(fcp, 100)
        kills = whole + ((rest > 0) & (me["d100"] <= rest))
        return {"fighting": fighting, "mcp": mcp, "fcp": fcp, "kills": kills}

    oa, ob = side(a, b), side(b, a)
    oa["lost"] = np.minimum(ob["kills"], a["figures"])
    ob["lost"] = np.minimum(oa["kills"], b["figures"])
    loser = np.where(oa["lost"] == ob["lost"], -1, np.where(oa["lost"] > ob["lost"], 0, 1))
    return oa, ob, loser


# ---- the rules in NumPy as tight as NumPy allows ----
#
# Each side's fighting figures come from a case table over both sides' flags
# (fancy indexing: 0 none, 1 all its figures, 2 those in contact, 3 the
# ranks), the three ranks clipped (in contact is at most files and figures,
# so the first rank is in_contact, the second and third the figures beyond
# one and two files clipped to 0..in_contact), the ranks a weapon reaches
# by table, np.choose for the case; every operation writes into buffers
# (out=), so a call allocates nothing but its outputs when it is given
# none, and nothing at all with preallocated ones.

def _case_table(np):
    t = np.empty(32 * 32, dtype=np.intp)
    for sf in range(32):
        for ef in range(32):
            if (sf & SIDE_SWARM and ef & SIDE_FLYING) or (sf & SIDE_FLYING and ef & SIDE_SWARM):
                case = 0
            elif (sf | ef) & SIDE_FLYING or sf & SIDE_SWARM or (sf & SIDE_MOUNTED and ef & SIDE_MOUNTED):
                case = 1
            elif sf & (SIDE_MOUNTED | SIDE_DISORDERED | SIDE_FLANKED):
                case = 2
            else:
                case = 3
            t[sf * 32 + ef] = case
    return t


class TightNumpy:
    """Tables, scratch buffers and (when preallocated) output arrays."""

    def __init__(self, np, n):
        self.np = np
        self.case_of = _case_table(np)
        self.second = np.array([1 if REACH[w] >= 2 else 0 for w in range(4)], dtype=np.int32)
        self.third = np.array([1 if REACH[w] >= 3 else 0 for w in range(4)], dtype=np.int32)
        i32 = lambda: np.empty(n, dtype=np.int32)
        self.r1, self.r2, self.t, self.zero = i32(), i32(), i32(), np.zeros(n, dtype=np.int32)
        self.code = np.empty(n, dtype=np.uint32)
        self.case = np.empty(n, dtype=np.intp)
        self.m1, self.m2 = np.empty(n, dtype=bool), np.empty(n, dtype=bool)
        self.n = n
        # the input columns from lists (numpy_tight_lists), kept from call to call
        self.inputs = [{k: np.empty(n, dtype=np.uint32 if k == "flags" else np.int32)
                        for k in FIELDS} for _ in (0, 1)]

    def outputs(self):
        np, n = self.np, self.n
        return ({k: np.empty(n, dtype=np.int32) for k in OUTS},
                {k: np.empty(n, dtype=np.int32) for k in OUTS}, np.empty(n, dtype=np.int32))

    def _side(self, me, enemy, o):
        np = self.np
        figures, files, contact = me["figures"], me["files"], me["in_contact"]
        r1, r2, t = self.r1, self.r2, self.t
        np.subtract(figures, files, out=r1)
        np.subtract(r1, files, out=r2)
        np.clip(r1, 0, contact, out=r1)
        np.clip(r2, 0, contact, out=r2)
        np.take(self.second, me["weapon"], out=t)
        np.multiply(r1, t, out=r1)
        np.take(self.third, me["weapon"], out=t)
        np.multiply(r2, t, out=r2)
        np.add(r1, r2, out=r1)
        np.add(r1, contact, out=r1)  # the ranks
        np.left_shift(me["flags"], 5, out=self.code)
        np.bitwise_or(self.code, enemy["flags"], out=self.code)
        np.take(self.case_of, self.code, out=self.case)
        np.choose(self.case, (self.zero, figures, contact, r1), out=o["fighting"])
        np.add(me["bcp"], me["modifiers"], out=o["mcp"])
        np.maximum(o["mcp"], 0, out=o["mcp"])
        np.multiply(o["mcp"], o["fighting"], out=o["fcp"])
        np.divmod(o["fcp"], 100, out=(o["kills"], t))
        np.less_equal(me["d100"], t, out=self.m1)
        np.add(o["kills"], self.m1, out=o["kills"])

    def rounds(self, a, b, out=None):
        """a, b: dicts of NumPy columns; out: outputs() to write into, or
        None for new ones. Returns (out_a, out_b, loser)."""
        np = self.np
        oa, ob, loser = out if out is not None else self.outputs()
        self._side(a, b, oa)
        self._side(b, a, ob)
        np.minimum(ob["kills"], a["figures"], out=oa["lost"])
        np.minimum(oa["kills"], b["figures"], out=ob["lost"])
        np.less(oa["lost"], ob["lost"], out=self.m1)
        np.equal(oa["lost"], ob["lost"], out=self.m2)
        np.copyto(loser, self.m1)
        np.subtract(loser, self.m2, out=loser)
        return oa, ob, loser


def numpy_column_from_list(np, values, into):
    """A list of ints into the int32 (uint32) array `into`, NumPy's fastest
    way: items that fit a byte read by bytes() (or array('b') for signed
    ones) in one C loop and widened by np.copyto into a buffer kept from
    call to call (no page faults of fresh memory); any other list through
    array.array. The same route the binding takes for lists."""
    try:
        small = np.frombuffer(bytes(values), dtype=np.uint8)
    except (TypeError, ValueError):
        try:
            small = np.frombuffer(array.array("b", values), dtype=np.int8)
        except (OverflowError, TypeError, ValueError):
            small = np.frombuffer(array.array("I" if into.dtype == np.uint32 else "i", values),
                                  dtype=into.dtype)
    np.copyto(into, small, casting="unsafe")
    return into


def numpy_tight_lists(np, tight, a, b):
    """From Python lists to Python lists: in as numpy_column_from_list()
    (into the TightNumpy's input buffers), out with tolist()."""
    def cols(d, side):
        return {k: numpy_column_from_list(np, d[k], tight.inputs[side][k]) for k in FIELDS}
    oa, ob, loser = tight.rounds(cols(a, 0), cols(b, 1))
    return ({k: oa[k].tolist() for k in OUTS}, {k: ob[k].tolist() for k in OUTS}, loser.tolist())


def numpy_columns(np, d):
    return {k: np.array(d[k], dtype=np.uint32 if k == "flags" else np.int32) for k in FIELDS}


def numpy_lists(np, a, b):
    """From Python lists to Python lists, conversions included."""
    oa, ob, loser = numpy_rounds(np, numpy_columns(np, a), numpy_columns(np, b))
    return ({k: oa[k].tolist() for k in OUTS}, {k: ob[k].tolist() for k in OUTS}, loser.tolist())


def load_numpy():
    try:
        import numpy
    except ImportError as exc:
        print(f"bench_melee.py: no NumPy ({exc}); run bench/run.sh, which installs it",
              file=sys.stderr)
        return None
    return numpy


# ---- the library through ctypes ----

IntP = ctypes.POINTER(ctypes.c_int)
UIntP = ctypes.POINTER(ctypes.c_uint)


class BatchSide(ctypes.Structure):
    _fields_ = [("figures", IntP), ("files", IntP), ("in_contact", IntP), ("weapon", IntP),
                ("flags", UIntP), ("bcp", IntP), ("modifiers", IntP), ("d100", IntP)]


class BatchOut(ctypes.Structure):
    _fields_ = [(k, IntP) for k in OUTS]


def load(path):
    lib = ctypes.CDLL(path)
    fn = lib.wr_melee_rounds_batch
    fn.restype = ctypes.c_int
    fn.argtypes = [ctypes.c_size_t, ctypes.POINTER(BatchSide), ctypes.POINTER(BatchSide),
                   ctypes.POINTER(BatchOut), ctypes.POINTER(BatchOut), IntP,
                   ctypes.POINTER(ctypes.c_size_t)]
    return fn


class Columns:
    """A batch's columns in C int buffers (array.array), the outputs too."""

    def __init__(self, a, b, n):
        self.n = n
        self.ins = [{k: array.array("I" if k == "flags" else "i", d[k]) for k in FIELDS}
                    for d in (a, b)]
        self.outs = [{k: array.array("i", bytes(4 * n)) for k in OUTS} for _ in (0, 1)]
        self.loser = array.array("i", bytes(4 * n))
        self.sides = [BatchSide(*[ptr(cols[k], UIntP if k == "flags" else IntP) for k in FIELDS])
                      for cols in self.ins]
        self.out_structs = [BatchOut(*[ptr(cols[k], IntP) for k in OUTS]) for cols in self.outs]
        self.loser_p = ptr(self.loser, IntP)

    def call(self, fn):
        bad = ctypes.c_size_t(0)
        st = fn(self.n, ctypes.byref(self.sides[0]), ctypes.byref(self.sides[1]),
                ctypes.byref(self.out_structs[0]), ctypes.byref(self.out_structs[1]),
                self.loser_p, ctypes.byref(bad))
        if st != 0:
            raise RuntimeError(f"wr_melee_rounds_batch: status {st} at item {bad.value}")

    def results(self):
        return ({k: self.outs[0][k].tolist() for k in OUTS},
                {k: self.outs[1][k].tolist() for k in OUTS}, self.loser.tolist())


def ptr(buf, kind):
    """A ctypes pointer into an array.array (which must outlive it)."""
    addr, _ = buf.buffer_info()
    return ctypes.cast(ctypes.c_void_p(addr), kind)


def ctypes_batch(fn, a, b, n):
    """One call for all n rounds, from Python lists to Python lists."""
    cols = Columns(a, b, n)
    cols.call(fn)
    return cols.results()


def ctypes_per_item(fn, a, b, n):
    """One call per round (wr_melee_rounds_batch with n = 1)."""
    cells = {}

    def side(d, tag):
        arrays = {}
        for k in FIELDS:
            arrays[k] = (ctypes.c_uint if k == "flags" else ctypes.c_int)()
            cells[(tag, k)] = arrays[k]
        return BatchSide(*[ctypes.cast(ctypes.pointer(arrays[k]), UIntP if k == "flags" else IntP)
                           for k in FIELDS])

    def outs(tag):
        for k in OUTS:
            cells[(tag, k)] = ctypes.c_int()
        return BatchOut(*[ctypes.pointer(cells[(tag, k)]) for k in OUTS])

    sa, sb = side(a, "a"), side(b, "b")
    oa, ob = outs("oa"), outs("ob")
    loser_cell = ctypes.c_int()
    bad = ctypes.c_size_t(0)
    pa, pb, poa, pob = ctypes.byref(sa), ctypes.byref(sb), ctypes.byref(oa), ctypes.byref(ob)
    ploser, pbad = ctypes.pointer(loser_cell), ctypes.byref(bad)
    res_a = {k: [0] * n for k in OUTS}
    res_b = {k: [0] * n for k in OUTS}
    loser = [0] * n
    in_a = [(cells[("a", k)], a[k]) for k in FIELDS]
    in_b = [(cells[("b", k)], b[k]) for k in FIELDS]
    out_a = [(cells[("oa", k)], res_a[k]) for k in OUTS]
    out_b = [(cells[("ob", k)], res_b[k]) for k in OUTS]
    for i in range(n):
        for cell, values in in_a:
            cell.value = values[i]
        for cell, values in in_b:
            cell.value = values[i]
        st = fn(1, pa, pb, poa, pob, ploser, pbad)
        if st != 0:
            raise RuntimeError(f"wr_melee_rounds_batch: status {st} at item {i}")
        for cell, values in out_a:
            values[i] = cell.value
        for cell, values in out_b:
            values[i] = cell.value
        loser[i] = loser_cell.value
    return res_a, res_b, loser


def binding_batch(path):
    """The Python binding's batch form of the melee round, when it has one."""
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, os.path.join(here, "..", "bindings", "python"))
    os.environ.setdefault("WARRULES_LIBRARY", path)
    try:
        import warrules
    except Exception as exc:  # the binding may not load at all
        return None, f"the binding does not load ({exc})"
    fn = getattr(warrules, "melee_rounds_batch", None)
    if not callable(fn):
        return None, "the binding has no melee_rounds_batch"
    return fn, "warrules.melee_rounds_batch"


def binding_results(fn_or_batch, a=None, b=None):
    """The binding's MeleeBatch (or fn(a, b)) as our tuple of lists."""
    r = fn_or_batch(a, b) if a is not None else fn_or_batch
    return ({k: getattr(r.a, k).tolist() for k in OUTS}, {k: getattr(r.b, k).tolist() for k in OUTS},
            r.loser.tolist())


# ---- inputs ----

def make_inputs(n, seed):
    rng = random.Random(seed)

    def side():
        d = {k: [0] * n for k in FIELDS}
        for i in range(n):
            figures = rng.randint(1, 60)
            files = rng.randint(1, 10)
            d["figures"][i] = figures
            d["files"][i] = files
            d["in_contact"][i] = rng.randint(0, min(files, figures))
            d["weapon"][i] = rng.randint(0, 3)
            f = 0
            for bit, percent in ((SIDE_MOUNTED, 20), (SIDE_DISORDERED, 10), (SIDE_SWARM, 3),
                                 (SIDE_FLYING, 3)):
                if rng.randrange(100) < percent:
                    f |= bit
            d["flags"][i] = f
            d["bcp"][i] = rng.randint(5, 45)
            d["modifiers"][i] = rng.randint(-10, 20)
            d["d100"][i] = rng.randint(1, 100)
        return d

    a, b = side(), side()
    for i in range(n):  # at most one side attacked in flank or rear
        if rng.randrange(100) < 10:
            a["flags"][i] |= SIDE_FLANKED
    return a, b


def main():
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    path, repeats, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    fn = load(path)
    a, b = make_inputs(n, 2026)
    cols = Columns(a, b, n)
    forms = [("python", lambda: python_rounds(a, b, n)),
             ("ctypes_batch", lambda: ctypes_batch(fn, a, b, n)),
             ("ctypes_batch_buffers", lambda: (cols.call(fn), cols)[1]),
             ("ctypes_per_item", lambda: ctypes_per_item(fn, a, b, n))]
    np = load_numpy()
    if np is not None:
        np_a, np_b = numpy_columns(np, a), numpy_columns(np, b)
        forms.append(("numpy", lambda: numpy_rounds(np, np_a, np_b)))
        forms.append(("numpy_lists", lambda: numpy_lists(np, a, b)))
        tight = TightNumpy(np, n)
        tight_out = tight.outputs()
        forms.append(("numpy_tight", lambda: tight.rounds(np_a, np_b)))
        forms.append(("numpy_tight_out", lambda: tight.rounds(np_a, np_b, out=tight_out)))
        forms.append(("numpy_tight_lists", lambda: numpy_tight_lists(np, tight, a, b)))
    bfn, bname = binding_batch(path)
    if bfn is not None:
        bufs = [{k: array.array("I" if k == "flags" else "i", d[k]) for k in FIELDS}
                for d in (a, b)]
        forms.append(("binding_batch", lambda: binding_results(bfn, a, b)))
        forms.append(("binding_batch_buffers", lambda: bfn(bufs[0], bufs[1])))
        # the same writing again into the results of an earlier call (out=),
        # as an engine that resolves batch after batch does
        again = bfn(bufs[0], bufs[1])
        forms.append(("binding_batch_buffers_out", lambda: bfn(bufs[0], bufs[1], out=again)))
    print(f"bench_melee.py: binding batch: {bname}", file=sys.stderr)
    reference = forms[0][1]()
    match = {}
    for name, f in forms[1:]:
        try:
            got = f()
            if isinstance(got, Columns):
                got = got.results()
            elif name in ("numpy", "numpy_tight", "numpy_tight_out"):
                got = ({k: got[0][k].tolist() for k in OUTS}, {k: got[1][k].tolist() for k in OUTS},
                       got[2].tolist())
            elif not isinstance(got, tuple) or len(got) != 3 or not isinstance(got[0], dict):
                got = binding_results(got)
            match[name] = got == reference
        except Exception as exc:  # report, do not time, a form that fails
            print(f"bench_melee.py: {name} failed: {exc}", file=sys.stderr)
            match[name] = None
    forms = [(k, f) for k, f in forms if k == "python" or match[k] is not None]
    clock = time.perf_counter if os.environ.get("BENCH_CLOCK") == "wall" else time.thread_time
    times = {k: [] for k, _ in forms}
    for r in range(repeats):
        for j in range(len(forms)):
            name, f = forms[(j + r) % len(forms)]
            t0 = clock()
            f()
            times[name].append((clock() - t0) * 1e3)
    med = {k: statistics.median(v) for k, v in times.items()}
    cases = {"ctypes_batch": "melee_rounds_ctypes_batch",
             "ctypes_batch_buffers": "melee_rounds_ctypes_batch_buffers",
             "ctypes_per_item": "melee_rounds_ctypes_per_item",
             "binding_batch": "melee_rounds_binding_batch",
             "binding_batch_buffers": "melee_rounds_binding_batch_buffers",
             "binding_batch_buffers_out": "melee_rounds_binding_batch_buffers_out"}
    for k, ok in match.items():
        if ok is None:  # the form failed: a case that does not match, untimed
            case = {"name": cases[k], "baseline": "python", "baseline_ms": med["python"],
                    "warrules_ms": None, "ratio": None, "match": False}
            print("CASE " + json.dumps(case), flush=True)
    # the NumPy forms are baselines: the binding's buffers form against
    # NumPy on arrays, its list form against NumPy from lists to lists
    against = [("numpy", "binding_batch_buffers"), ("numpy", "binding_batch_buffers_out"),
               ("numpy_lists", "binding_batch"),
               # the targets: the tight NumPy, fresh outputs on both
               # sides, preallocated outputs on both sides, lists to lists
               ("numpy_tight", "binding_batch_buffers"), ("numpy_tight_out", "binding_batch_buffers_out"),
               ("numpy_tight_lists", "binding_batch")]
    for base, k in against:
        if base in med and k in med:
            case = {"name": cases[k], "baseline": base, "baseline_ms": med[base],
                    "warrules_ms": med[k], "ratio": med[base] / med[k],
                    "match": bool(match[k] and match[base])}
            print("CASE " + json.dumps(case), flush=True)
    for k in med:
        if k in ("python", "numpy", "numpy_lists", "numpy_tight", "numpy_tight_out",
                 "numpy_tight_lists"):
            continue
        case = {"name": cases[k], "baseline": "python", "baseline_ms": med["python"],
                "warrules_ms": med[k], "ratio": med["python"] / med[k], "match": match[k]}
        print("CASE " + json.dumps(case), flush=True)
    for k, ms in med.items():
        print("EXTRA " + json.dumps({"name": f"py_rounds_per_s_{k}", "value": n / (ms / 1e3),
                                     "unit": "rounds/s"}))
        print("EXTRA " + json.dumps({"name": f"py_ns_per_round_{k}", "value": ms * 1e6 / n,
                                     "unit": "ns"}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
