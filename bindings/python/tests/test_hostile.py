"""Hostile input for the binding: no script may crash the interpreter.

The six reproducers of issue 15, and their kind for every handle class:
wrong types, out-of-range values (arguments, tuples, struct fields),
closed handles, callbacks that raise, return the wrong type or re-enter,
handles used from other threads; and those of issue 25 (hardening): copied
handles, units whose __eq__ or __hash__ raise, integers of every Python type
wider than their C type, os.fork() while other threads are in the library,
and a melee phase of thousands of fights. tests/run_asan.sh runs this file
with the AddressSanitizer runtime preloaded against a sanitized library."""
import array
import copy
import ctypes
import faulthandler
import gc
import os
import pickle
import signal
import threading
import time
import unittest

import warrules as wr
from warrules import _guard, _native

from .support import REPO, module_built

BIG = 2**32 + 2


def melee_pair(rng_seed=3):
    profile = wr.Profile.sample(wr.SAMPLE_DWARF_VETERANS)
    a = wr.MeleeUnit(profile, figures=10, files=5)
    b = wr.MeleeUnit(profile, figures=10, files=5)
    return profile, a, b, wr.Engagement(a, b, [dict(in_contact=5), dict(in_contact=5)])


def every_handle():
    """One open handle of each class, by name (closed by the caller)."""
    profile, a, b, engagement = melee_pair()
    figure = wr.Figure(ar=12, hd=1, ac=5, mv=12, damage=[(1, 8, 0)])
    unit = wr.BattleUnit(figure, figures=20)
    handles = {
        "Rng": wr.Rng(1), "Figure": figure, "Unit": unit, "Formation": wr.Formation(wr.ORDER_OPEN, 10),
        "Profile": profile, "HitChart": wr.HitChart(), "MeleeUnit": a, "Engagement": engagement,
        "MeleeOdds": engagement.odds(1), "Map": wr.Map(4, 4), "Planner": wr.Planner(), "_b": b,
        "_map": wr.Map(4, 4),
    }
    return handles


def one_use(name, h, others):
    """A call of each class's C functions on handle h."""
    return {
        "Rng": lambda: h.roll(6),
        "Figure": lambda: h.hd,
        "Unit": lambda: h.desc,
        "Formation": lambda: h.info,
        "Profile": lambda: h.race,
        "HitChart": lambda: h.is_complete(),
        "MeleeUnit": lambda: h.desc,
        "Engagement": lambda: h.status,
        "MeleeOdds": lambda: h.exponent,
        "Map": lambda: h.size,
        "Planner": lambda: h.route(others["_map"], wr.plan_params_default(wr.MOVER_INFANTRY), (0, 0), (1, 0)),
    }[name]


class HoldInThread:
    """Holds a handle, as a C call in progress on another thread does,
    until the block ends (through the guard every C call goes through)."""

    def __init__(self, handle, function="wr_test_hold", reads=frozenset()):
        self.handle, self.function, self.reads = handle, function, reads
        self.ready, self.done = threading.Event(), threading.Event()
        self.thread = threading.Thread(target=self._run)

    def _run(self):
        ptr = self.handle._handle()
        frame, held = _guard.enter(self.function, self.reads, (ptr,))
        self.ready.set()
        self.done.wait(10)
        _guard.leave(frame, held)

    def __enter__(self):
        self.thread.start()
        self.ready.wait(10)
        return self

    def __exit__(self, *exc):
        self.done.set()
        self.thread.join()


class Reproducers(unittest.TestCase):
    """The six reproducers of issue 15 raise; the interpreter lives."""

    def test_1_allocator_returning_a_wrong_type(self):
        with self.assertRaises(wr.InvalidError) as ctx:
            wr.Rng(1, allocator=wr.Allocator(lambda p, o, n: 'junk')).roll(6)
        self.assertIn("'junk'", str(ctx.exception))
        self.assertIsInstance(ctx.exception.__cause__, wr.NoMemoryError)

    def test_2_closing_or_reentering_the_planner_from_its_callback(self):
        planner = wr.Planner()
        params = wr.plan_params_default(wr.MOVER_INFANTRY)
        with self.assertRaises(wr.HandleInUseError):
            planner.route_graph(3, lambda n: (planner.close(), [])[1], params, 0, 2)
        with self.assertRaises(wr.HandleInUseError):
            planner.route_graph(3, lambda n: planner.route_graph(3, lambda m: [], params, 0, 2), params, 0, 2)
        self.assertFalse(planner.closed)
        line = planner.route_graph(3, lambda n: [(n + 1, 1, 0, 0)] if n < 2 else [], params, 0, 2)
        self.assertEqual(len(line.steps), 3)
        planner.close()

    def test_3_closing_the_rng_inside_a_morale_callback(self):
        _, a, b, engagement = melee_pair()
        rng = wr.Rng(3)

        def model(test):
            rng.close()
            return (50, 25, 25)

        engagement.set_morale(model)
        with self.assertRaises(wr.HandleInUseError):
            for _ in range(50):
                engagement.apply(engagement.fight_rng(rng))
        self.assertFalse(rng.closed)
        self.assertIn(rng.roll(6), range(1, 7))

    def test_4_threads_on_one_planner_and_closing_a_map_in_use(self):
        m = wr.Map(30, 30)
        planner = wr.Planner()
        params = wr.plan_params_default(wr.MOVER_INFANTRY)
        outcomes = []

        def plan():
            for _ in range(40):
                try:
                    outcomes.append(len(planner.route(m, params, (0, 0), (5, 20)).steps))
                except wr.HandleInUseError:
                    outcomes.append("busy")
                except wr.ClosedHandleError:
                    outcomes.append("closed")

        threads = [threading.Thread(target=plan) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertTrue(all(o == "busy" or isinstance(o, int) for o in outcomes), outcomes)
        self.assertTrue(any(isinstance(o, int) for o in outcomes))
        with HoldInThread(planner, "wr_planner_route"):
            with self.assertRaises(wr.HandleInUseError):
                planner.route(m, params, (0, 0), (1, 0))
            with self.assertRaises(wr.HandleInUseError):
                planner.close()
        # a map a planning thread reads cannot be closed meanwhile; others may read it
        block = threading.Event()
        release = threading.Event()

        def slow_alloc(ptr, old, new, state={"n": 0}):
            state["n"] += 1
            if state["n"] == 2:
                block.set()
                release.wait(10)
            return counting._alloc(ptr, old, new)

        counting = wr.CountingAllocator()
        slow = wr.Planner(allocator=wr.Allocator(slow_alloc))
        worker = threading.Thread(target=lambda: outcomes.append(slow.route(m, params, (0, 0), (5, 20))))
        worker.start()
        try:
            self.assertTrue(block.wait(10), "the planner never allocated")
            with self.assertRaises(wr.HandleInUseError):
                m.close()
            with self.assertRaises(wr.HandleInUseError):
                m.set_terrain((0, 0), wr.HEX_FOREST)  # a write while another thread reads
            self.assertEqual(m.size, (30, 30))  # reads share it
        finally:
            release.set()
            worker.join()
        m.close()
        self.assertTrue(m.closed)
        slow.close()
        planner.close()

    def test_5_integers_beyond_32_bits_in_tuples_and_fields(self):
        with self.assertRaises(wr.RangeError):
            wr.Map(4, 4).set_terrain((2**32 + 2, 0), 3)
        profile = wr.Profile.sample(wr.SAMPLE_DWARF_VETERANS)
        with self.assertRaises(wr.RangeError) as ctx:
            wr.MeleeUnit(profile, figures=2**32 + 7)
        self.assertIn("4294967303", str(ctx.exception))
        with self.assertRaises(wr.RangeError):
            wr.PlanParams(mover=2**32 + 12)
        with self.assertRaises(wr.RangeError):
            wr.MoveCosts(daily_points=2**32 + 12)
        with self.assertRaises(TypeError):
            wr.PlanParams(daily_points=12)  # a field of costs, not of PlanParams

    def test_6_unknown_keyword_arguments(self):
        profile = wr.Profile.sample(wr.SAMPLE_DWARF_VETERANS)
        with self.assertRaises(TypeError) as ctx:
            wr.MeleeUnit(profile, wepon_type=3)
        self.assertIn("wepon_type", str(ctx.exception))
        with self.assertRaises(TypeError):
            wr.BattleUnit(wr.Figure(), figgures=3)
        with self.assertRaises(TypeError):
            wr.MeleeUnitDesc(wepon_type=3)
        with self.assertRaises(AttributeError):
            wr.melee_unit_desc_default().wepon_type = 3


class ClosedHandles(unittest.TestCase):
    def test_every_class_refuses_use_after_close(self):
        handles = every_handle()
        for name, h in handles.items():
            if name.startswith("_"):
                continue
            with self.subTest(name):
                use = one_use(name, h, handles)
                use()
                h.close()
                h.close()  # twice is harmless
                with self.assertRaises(wr.ClosedHandleError) as ctx:
                    use()
                self.assertIsInstance(ctx.exception, ValueError)
                self.assertIn(name, str(ctx.exception))
        for h in handles.values():
            h.close()

    def test_closed_handle_as_an_argument(self):
        rng = wr.Rng(1)
        rng.close()
        with self.assertRaises(wr.ClosedHandleError):
            wr.half_die_rng(rng)
        m = wr.Map(4, 4)
        m.close()
        with self.assertRaises(wr.ClosedHandleError):
            wr.Planner().route(m, wr.plan_params_default(0), (0, 0), (1, 0))


class WrongTypesAndRanges(unittest.TestCase):
    def test_wrong_types_raise_type_error(self):
        handles = every_handle()
        cases = [
            lambda: handles["Rng"].roll("6"), lambda: handles["Rng"].roll(6.0),
            lambda: handles["Figure"].add_damage("1", 8), lambda: setattr(handles["Figure"], "hd", 1.5),
            lambda: handles["Formation"].turn(handles["Unit"], None),
            lambda: handles["Profile"].set_bcp(0, 0, "x"), lambda: handles["HitChart"].lookup([], 1),
            lambda: setattr(handles["MeleeUnit"], "figures", "7"),
            lambda: handles["Engagement"].strike("a"), lambda: handles["MeleeOdds"].end_e18(1.0),
            lambda: handles["Map"].set_terrain("ab", 1), lambda: handles["Map"].set_terrain((0, 0), "1"),
            lambda: handles["Planner"].route(handles["Map"], "params", (0, 0), (1, 0)),
            lambda: wr.BattleUnit("figure"), lambda: wr.Engagement(handles["MeleeUnit"], 5),
            lambda: wr.hex_distance((0, "0"), (0, 0)), lambda: wr.combat_percent(14, None, 10),
            lambda: wr.Engagement(handles["Rng"], handles["Rng"]),  # a handle of the wrong class
            lambda: handles["Formation"].ranks(handles["Figure"]),
            lambda: handles["Planner"].route(handles["_map"], wr.MoveCosts(), (0, 0), (1, 0)),
            lambda: wr.half_die_rng(handles["Map"]),
        ]
        for i, case in enumerate(cases):
            with self.subTest(i):
                with self.assertRaises((TypeError, AttributeError)):
                    case()
        for h in handles.values():
            h.close()

    def test_out_of_range_values_raise_range_error_naming_the_value(self):
        handles = every_handle()
        cases = [
            lambda: handles["Rng"].roll(BIG), lambda: wr.Rng(-1), lambda: wr.Rng(2**64),
            lambda: setattr(handles["Figure"], "hd", BIG), lambda: setattr(handles["Figure"], "sa", 2**32),
            lambda: handles["Figure"].add_damage(1, BIG),
            lambda: handles["Formation"].turn(handles["Unit"], BIG),
            lambda: handles["Profile"].set_bcp(0, 0, -BIG), lambda: handles["HitChart"].lookup(BIG, 1),
            lambda: setattr(handles["MeleeUnit"], "figures", BIG),
            lambda: handles["Engagement"].strike(BIG), lambda: handles["MeleeOdds"].end_e18(BIG),
            lambda: handles["Map"].terrain((0, BIG)), lambda: handles["Map"].set_regions((0, 0), -1),
            lambda: handles["Map"].hex(BIG),
            lambda: handles["Planner"].route_graph(BIG, lambda n: [], wr.plan_params_default(0), 0, 1),
            lambda: wr.BattleUnit(handles["Figure"], figures=BIG),
            lambda: wr.BattleUnit(handles["Figure"], equipment=-1),
            lambda: wr.TacticalLeg(BIG, 0, 0, 0), lambda: wr.Hexside(river=BIG),
            lambda: wr.Situation(((BIG, 0, 0, 0, 0), (0, 0, 0, 0, 0))),
            lambda: handles["Formation"].tactical_check(handles["Unit"], [(0, BIG, 0, 0)]),
            lambda: wr.missile_terrain_modifier([0, 0, BIG, 0, 0, 0], 0),
            lambda: wr.terrain_speed_batch([0, BIG]), lambda: wr.combat_percent(BIG, 0, 1),
        ]
        for i, case in enumerate(cases):
            with self.subTest(i):
                with self.assertRaises(wr.RangeError) as ctx:
                    case()
                self.assertIsInstance(ctx.exception, ValueError)
        with self.assertRaises(wr.RangeError):
            wr.plan_params_default(0).costs.enter[2] = BIG
        with self.assertRaises(wr.RangeError):
            wr.MeleeRound().lost[1] = BIG
        for h in handles.values():
            h.close()

    def test_every_struct_field_is_range_checked(self):
        for struct in _native.STRUCTS:
            for name, ftype in struct._fields_:
                if not _native._is_int_type(ftype):
                    continue
                lo, hi = _native._range_of(ftype)
                with self.subTest(f"{struct.__name__}.{name}"):
                    s = struct()
                    setattr(s, name, hi)
                    self.assertEqual(getattr(s, name), hi)
                    for bad in (hi + 1, lo - 1):
                        with self.assertRaises(wr.RangeError):
                            setattr(s, name, bad)
                        with self.assertRaises(wr.RangeError):
                            struct(**{name: bad})
                    self.assertEqual(getattr(s, name), hi)
                    with self.assertRaises(TypeError):
                        struct(**{name + "_typo": 0})


class Errors(unittest.TestCase):
    def test_one_subclass_per_status_with_the_detail(self):
        expected = {1: wr.NullError, 2: wr.RangeError, 3: wr.InvalidError, 4: wr.NoMemoryError,
                    5: wr.ForbiddenError, 6: wr.StateError}
        for status, cls in expected.items():
            e = wr.WarrulesError(status, wr.status_name(status), "wr_x")
            self.assertIs(type(e), cls)
            self.assertIsInstance(e, ValueError)
            self.assertEqual((e.status, e.name), (status, wr.status_name(status)))
        self.assertIsInstance(wr.NoMemoryError(4), MemoryError)
        with self.assertRaises(wr.RangeError) as ctx:
            wr.Rng(1).roll(1)
        e = ctx.exception
        self.assertEqual((e.function, e.argument, e.value, e.expected), ("wr_rng_roll", "sides", 1, "2..1000000"))
        self.assertIn("sides = 1", str(e))
        self.assertEqual(wr.last_error(), str(e))
        import pickle
        copy = pickle.loads(pickle.dumps(e))
        self.assertIs(type(copy), wr.RangeError)
        self.assertEqual((copy.status, copy.name, copy.function, copy.argument, copy.value, str(copy)),
                         (e.status, e.name, e.function, e.argument, e.value, str(e)))

    def test_the_detail_is_read_on_the_failing_thread(self):
        messages = {}

        def fail(sides):
            try:
                wr.Rng(1).roll(sides)
            except wr.RangeError as exc:
                messages[sides] = str(exc)

        threads = [threading.Thread(target=fail, args=(s,)) for s in (1, 0, -5, 1000001)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        for sides, text in messages.items():
            self.assertIn(f"sides = {sides}", text)

    def test_argument_errors_name_the_argument_and_value(self):
        with self.assertRaises(wr.RangeError) as ctx:
            wr.combat_percent(BIG, 0, 1)
        self.assertIn(f"wr_combat_percent: bcp = {BIG}", str(ctx.exception))
        self.assertEqual((ctx.exception.argument, ctx.exception.value), ("bcp", BIG))
        with self.assertRaises(TypeError) as ctx:
            wr.combat_percent(14, "x", 1)
        self.assertIn("modifiers = 'x'", str(ctx.exception))
        with self.assertRaises(wr.RangeError) as ctx:
            wr.Map(4, 4).set_terrain((0, 0), BIG)
        self.assertIn(f"terrain = {BIG}", str(ctx.exception))
        with self.assertRaises(wr.RangeError) as ctx:
            wr.Map(4, 4).set_terrain((BIG, 0), 1)
        self.assertIn(f"Hex.q = {BIG}", str(ctx.exception))
        with self.assertRaises(wr.ClosedHandleError) as ctx:
            m = wr.Map(4, 4)
            m.close()
            m.size
        self.assertIn("Map", str(ctx.exception))

    def test_library_version_check(self):
        class Fake:
            def __init__(self, number):
                self.wr_version_number = lambda: number

        major, minor = (int(x) for x in wr.__version__.split(".")[:2])
        _native._check_version(Fake(major * 10000 + minor * 100 + 7), "fake")
        _native._check_version(Fake(major * 10000 + (minor + 1) * 100), "fake")
        for number in ((major + 1) * 10000, major * 10000 + (minor - 1) * 100 if minor else 0):
            with self.assertRaises(wr.WarrulesLibraryError):
                _native._check_version(Fake(number), "fake")


class Callbacks(unittest.TestCase):
    def test_allocators_that_raise_or_return_junk_for_every_constructor(self):
        profile = wr.Profile.sample(wr.SAMPLE_DWARF_VETERANS)
        figure = wr.Figure(hd=1)
        ctors = {
            "Rng": lambda al: wr.Rng(1, allocator=al), "Figure": lambda al: wr.Figure(allocator=al),
            "Unit": lambda al: wr.BattleUnit(figure, allocator=al),
            "Formation": lambda al: wr.Formation(allocator=al),
            "Profile": lambda al: wr.Profile(allocator=al), "HitChart": lambda al: wr.HitChart(allocator=al),
            "MeleeUnit": lambda al: wr.MeleeUnit(profile, allocator=al),
            "Map": lambda al: wr.Map(4, 4, allocator=al), "Planner": lambda al: wr.Planner(allocator=al),
            "rate_cavalry": lambda al: wr.rate_cavalry(figure, figure, allocator=al),
        }
        bad = {"raises": (lambda p, o, n: 1 / 0, ZeroDivisionError),
               "a string": (lambda p, o, n: "junk", wr.InvalidError),
               "a float": (lambda p, o, n: 1.5, wr.InvalidError),
               "a negative int": (lambda p, o, n: -8, wr.RangeError),
               "True": (lambda p, o, n: True, wr.InvalidError)}
        for name, ctor in ctors.items():
            for label, (fn, exc) in bad.items():
                with self.subTest(f"{name}, allocator returning {label}"):
                    with self.assertRaises(exc):
                        ctor(wr.Allocator(fn))

    def test_allocator_reentering_the_library(self):
        counting = wr.CountingAllocator()

        def reenter(p, o, n):
            wr.Rng(5).roll(6)  # another handle: allowed
            return counting._alloc(p, o, n)

        with wr.Rng(1, allocator=wr.Allocator(reenter)) as rng:
            self.assertIn(rng.roll(6), range(1, 7))

    def test_morale_models_that_raise_return_junk_or_reenter(self):
        _, a, b, engagement = melee_pair()
        rng = wr.Rng(7)
        cases = {
            "raises": (lambda t: 1 / 0, ZeroDivisionError),
            "None": (lambda t: None, TypeError),
            "a string": (lambda t: "abc", TypeError),
            "too many": (lambda t: (1, 2, 3, 4), TypeError),
            "out of range": (lambda t: (BIG, 0, 0), wr.RangeError),
            "re-enters its engagement": (lambda t: engagement.apply(wr.MeleeRound()), wr.HandleInUseError),
            "closes its engagement": (lambda t: engagement.close(), wr.HandleInUseError),
            "changes a unit": (lambda t: setattr(a, "figures", 3), wr.HandleInUseError),
            "closes a unit": (lambda t: a.close(), wr.HandleInUseError),
        }
        for label, (model, exc) in cases.items():
            with self.subTest(label):
                engagement.set_morale(model)
                with self.assertRaises(exc):
                    for _ in range(60):
                        r = engagement.fight_rng(rng)
                        engagement.apply(r)
                        if engagement.status[0] != wr.END_ONGOING:
                            break
                    else:
                        self.fail("no morale test was taken")
                self.assertFalse(engagement.closed)
                self.assertFalse(a.closed)
                engagement.close()
                _, a, b, engagement = melee_pair()
        # a model that only reads the test is fine, and so is a read of another handle
        other = wr.Rng(1)
        engagement.set_morale(lambda t: (other.roll(100), 0, 0) and (50, 25, 25))
        self.assertEqual(len(engagement.simulate_rng(3, rng, 5)), wr.END_COUNT)

    def test_route_graph_callbacks_that_return_junk(self):
        planner = wr.Planner()
        params = wr.plan_params_default(wr.MOVER_INFANTRY)
        cases = [(lambda n: None, TypeError), (lambda n: ["ab"], TypeError),
                 (lambda n: [(1, BIG, 0, 0)], wr.RangeError), (lambda n: 5, TypeError),
                 (lambda n: [(1, 1, 0, 0)] * 40, wr.InvalidError), (lambda n: 1 / 0, ZeroDivisionError),
                 (lambda n: planner.route_graph(2, lambda m: [], params, 0, 1), wr.HandleInUseError)]
        for i, (moves, exc) in enumerate(cases):
            with self.subTest(i):
                with self.assertRaises(exc):
                    planner.route_graph(3, moves, params, 0, 2)
        self.assertEqual(len(planner.route_graph(2, lambda n: [(1, 1, 0, 0)] if n == 0 else [],
                                                 params, 0, 1).steps), 2)


class Threads(unittest.TestCase):
    def test_every_class_refuses_close_and_writes_while_another_thread_holds_it(self):
        handles = every_handle()
        for name, h in handles.items():
            if name.startswith("_"):
                continue
            with self.subTest(name):
                with HoldInThread(h):
                    with self.assertRaises(wr.HandleInUseError):
                        h.close()
                    with self.assertRaises(wr.HandleInUseError):
                        one_use(name, h, handles)()
                self.assertFalse(h.closed)
                one_use(name, h, handles)()
        for h in handles.values():
            h.close()

    def test_dependencies_are_held_with_their_user(self):
        profile, a, b, engagement = melee_pair()
        with HoldInThread(engagement, "wr_engagement_apply"):
            with self.assertRaises(wr.HandleInUseError):
                a.figures = 3  # the engagement may be writing its units
            with self.assertRaises(wr.HandleInUseError):
                profile.set_bcp(0, 0, 10)  # the units read their profile
            self.assertEqual(profile.race, wr.RACE_DWARF)  # reading it is fine
        a.figures = 3

    def test_shared_reads_from_many_threads(self):
        m = wr.Map(20, 20)
        params = wr.plan_params_default(wr.MOVER_CAVALRY)
        results, errors = [], []

        def plan():
            try:
                with wr.Planner() as planner:  # one planner per thread, one map for all
                    for _ in range(20):
                        results.append(planner.route(m, params, (0, 0), (3, 15)).arrival_day)
            except BaseException as exc:  # noqa: BLE001 - reported below
                errors.append(exc)

        threads = [threading.Thread(target=plan) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(errors, [])
        self.assertEqual(len(set(results)), 1)
        self.assertEqual(len(results), 80)

    def test_hammering_one_handle_of_each_class(self):
        handles = every_handle()
        failures = []
        allowed = (wr.HandleInUseError, wr.ClosedHandleError)

        def hammer(name, h):
            for _ in range(50):
                try:
                    one_use(name, h, handles)()
                except allowed:
                    pass
                except BaseException as exc:  # noqa: BLE001 - reported below
                    failures.append((name, exc))

        threads = [threading.Thread(target=hammer, args=(n, h))
                   for n, h in handles.items() if not n.startswith("_") for _ in range(3)]
        closers = [threading.Thread(target=lambda h=h: [self._try_close(h) for _ in range(5)])
                   for n, h in handles.items() if n in ("Rng", "Formation", "HitChart", "Map")]
        for t in threads + closers:
            t.start()
        for t in threads + closers:
            t.join()
        self.assertEqual(failures, [])
        for h in handles.values():
            h.close()

    def test_batch_results_resized_by_another_thread(self):
        """A thread that reaches the batch's kept result columns (private,
        but reachable) and resizes or empties them while other threads call
        melee_rounds_batch: C only ever writes a column it holds exported at
        its full length, so a resize is refused (BufferError) or the call
        allocates; nothing crashes."""
        from warrules import _melee
        n = 2000
        side = dict(figures=10, files=5, in_contact=5, weapon=wr.WEAPON_SPEAR, bcp=14, modifiers=28,
                    d100=array.array("i", [34] * n))
        failures, stop = [], threading.Event()

        def call():
            try:
                for _ in range(200):
                    wr.melee_rounds_batch(side, side)  # results dropped: their columns kept
            except BaseException as exc:  # noqa: BLE001 - reported below
                failures.append(exc)

        def meddle():
            while not stop.is_set():
                for col in list(_melee._RESULTS._kept):
                    try:
                        col.extend(col[:5]) if len(col) % 2 else col.pop()
                    except (BufferError, IndexError):
                        pass

        callers = [threading.Thread(target=call) for _ in range(3)]
        meddler = threading.Thread(target=meddle)
        meddler.start()
        for t in callers:
            t.start()
        for t in callers:
            t.join()
        stop.set()
        meddler.join()
        self.assertEqual(failures, [])

    @staticmethod
    def _try_close(h):
        try:
            h.close()
        except wr.HandleInUseError:
            pass


class ReadsTable(unittest.TestCase):
    @unittest.skipUnless(os.path.exists(os.path.join(REPO, "include", "warrules", "core.h")), "no headers")
    def test_reads_rows_match_the_headers(self):
        from . import gen_reads
        from warrules._reads import READS
        table = {}
        for module in ("core", "melee", "battlesystem", "campaign"):
            table.update(gen_reads.reads(module))
        for name, types in READS.items():
            with self.subTest(name):
                self.assertIn(name, table, "not a function taking const handles")
                self.assertEqual(sorted(types), table[name])


@unittest.skipUnless(module_built("campaign"), "the library was built without campaign")
class ParamsTable(unittest.TestCase):
    @unittest.skipUnless(os.path.exists(os.path.join(REPO, "include", "warrules", "core.h")), "no headers")
    def test_params_rows_match_the_headers(self):
        from . import gen_params
        from warrules._params import PARAMS
        table = {}
        for module in ("core", "melee", "battlesystem", "campaign"):
            table.update(gen_params.params(module))
        for name, names in PARAMS.items():
            with self.subTest(name):
                self.assertEqual(names, table.get(name))


class RoutesAndSteps(unittest.TestCase):
    def test_hex_pairs_reach_c_checked(self):
        m = wr.Map(4, 4)
        for bad in ((BIG, 0), (0, -BIG), (2**63, 0)):
            with self.assertRaises(wr.RangeError):
                m.set_terrain(bad, 3)
        self.assertEqual(m.terrain((2, 0)), wr.HEX_CLEAR)
        ctypes.sizeof(wr.Hex)  # the layout is untouched


def every_handle_class():
    """Every Handle subclass the package defines."""
    out, stack = [], [wr.Handle]
    while stack:
        cls = stack.pop()
        for sub in cls.__subclasses__():
            if sub.__module__.startswith("warrules"):
                out.append(sub)
            stack.append(sub)
    return out


def all_handles():
    """every_handle() plus the handle classes it lacks (a phase, a workspace)."""
    handles = every_handle()
    handles["MeleePhase"] = wr.MeleePhase()
    handles["OddsWorkspace"] = wr.OddsWorkspace()
    handles["ChargeAdvisor"] = wr.ChargeAdvisor()
    phase = wr.MeleePhase()
    phase.add(wr.phase_combatant(handles["MeleeUnit"], in_contact=1, contact=wr.CONTACT_CHARGE),
              wr.phase_combatant(handles["_b"], in_contact=1))
    handles["MeleePhaseOdds"] = phase.odds(1)
    handles["_phase"] = phase
    handles["_borrowed"] = handles["Unit"].figure
    return handles


class Copies(unittest.TestCase):
    """Issue 25, item 1: a copy never makes two owners of one C handle."""

    def test_the_reproducers(self):
        r = wr.Rng(1)
        c = copy.copy(r)
        self.assertIsNot(c._ptr, r._ptr)
        expected = wr.Rng(1)
        r.close()
        self.assertEqual([c.roll(6) for _ in range(20)], [expected.roll(6) for _ in range(20)])
        c.close()
        m = wr.Map(4, 4)
        with self.assertRaises(TypeError) as ctx:
            copy.copy(m)
        self.assertIn("Map", str(ctx.exception))
        del m
        gc.collect()

    def test_every_handle_class_is_copied_for_real_or_refused(self):
        handles = all_handles()
        covered = {type(h) for h in handles.values()}
        self.assertEqual(set(every_handle_class()) - covered, set(), "a handle class is not tested")
        for name, h in handles.items():
            for how in (copy.copy, copy.deepcopy):
                with self.subTest(f"{how.__name__} of {name}"):
                    if type(h)._clone is None:
                        with self.assertRaises(TypeError):
                            how(h)
                        continue
                    c = how(h)
                    self.assertIs(type(c), type(h))
                    self.assertNotEqual(ctypes.cast(c._ptr, ctypes.c_void_p).value,
                                        ctypes.cast(h._ptr, ctypes.c_void_p).value)
                    self.assertEqual(c.__dict__.get("_users"), 0)
                    c.close()
            with self.subTest(f"pickle of {name}"):
                with self.assertRaises(TypeError):
                    pickle.dumps(h)
        for h in handles.values():
            h.close()

    def test_the_copies_are_independent(self):
        rng = wr.Rng(9)
        rng.roll(6)
        twin = copy.deepcopy(rng)
        self.assertEqual([twin.roll(100) for _ in range(10)], [rng.roll(100) for _ in range(10)])
        rng.close()
        twin.roll(6)
        unit = wr.Unit(wr.Figure(hd=3, damage=[(1, 6, 0)]), figures=4)
        borrowed = unit.figure
        own = copy.copy(borrowed)
        own.hd = 5  # a figure of its own, not the unit's read-only one
        unit.close()
        del borrowed
        gc.collect()
        self.assertEqual((own.hd, own.damage_groups), (5, [(1, 6)]))
        # a deep copy of a structure copies each handle once
        a = wr.Figure(hd=1)
        pair = copy.deepcopy([a, a])
        self.assertIs(pair[0], pair[1])
        self.assertIsNot(pair[0], a)

    def test_deleting_copies_in_any_order(self):
        for order in ((0, 1), (1, 0)):
            m = wr.Rng(2)
            m2 = copy.copy(m)
            handles = [m, m2]
            del m, m2
            for i in order:
                handles[i] = None
            gc.collect()


class UnfriendlyUnits(unittest.TestCase):
    """Issue 25, item 2: pinning never depends on a unit's __eq__ or __hash__."""

    class Touchy(wr.MeleeUnit):
        def __eq__(self, other):
            raise RuntimeError("no comparisons")

        def __hash__(self):
            raise RuntimeError("no hashing")

    def test_a_unit_whose_comparisons_raise_is_pinned(self):
        profile = wr.Profile.sample(wr.SAMPLE_DWARF_VETERANS)
        a = self.Touchy(profile, figures=10, files=5)
        b = self.Touchy(profile, figures=10, files=5)
        c = self.Touchy(profile, figures=4, files=2)
        phase = wr.MeleePhase()
        phase.add(wr.phase_side(a, in_contact=5), wr.phase_side(b, in_contact=5))
        phase.add(wr.phase_side(c, in_contact=1), wr.phase_side(b, wr.FACING_FLANK, in_contact=1))
        self.assertEqual((a._users, b._users, c._users), (1, 2, 1))
        a.close()  # the phase keeps it: closing it only marks it closed
        b.close()
        self.assertFalse(a.__dict__["_ptr"] is None)
        del a, b
        gc.collect()
        phase.resolve(wr.Rng(4))
        self.assertEqual(phase.unit(c).fights, 1)
        engagement = wr.Engagement(c, self.Touchy(profile, figures=3, files=3))
        engagement.close()
        phase.close()
        c.close()
        self.assertTrue(c.closed)

    def test_a_unit_closed_before_the_call_never_reaches_c(self):
        profile = wr.Profile.sample(wr.SAMPLE_DWARF_VETERANS)
        a = self.Touchy(profile, figures=10, files=5)
        b = self.Touchy(profile, figures=10, files=5)
        phase = wr.MeleePhase()
        b.close()
        with self.assertRaises(wr.ClosedHandleError):
            phase.add(wr.phase_side(a, in_contact=5), wr.phase_side(b, in_contact=5))
        self.assertEqual((len(phase), a._users), (0, 0))
        with self.assertRaises(wr.InvalidError):  # refused by C: nothing stays pinned
            phase.add(wr.phase_side(a, in_contact=6), wr.phase_side(a, in_contact=5))
        self.assertEqual((len(phase), a._users), (0, 0))
        with self.assertRaises(TypeError):
            phase.add(wr.phase_side(a, in_contact=5), (profile, wr.PhaseSide()))
        self.assertEqual(a._users, 0)
        phase.close()
        a.close()
        self.assertTrue(a.closed)


class WideIntegers(unittest.TestCase):
    """Issue 25, item 3: an integer of any Python type that its C type
    cannot hold is refused, naming the argument; never cut to its low bits."""

    class Index:
        def __init__(self, value):
            self.value = value

        def __index__(self):
            return self.value

    def check_refused(self, case, *names):
        with self.assertRaises(wr.RangeError) as ctx:
            case()
        for name in names:
            self.assertIn(name, str(ctx.exception))

    def test_index_objects(self):
        idx = self.Index
        rng = wr.Rng(1)
        self.check_refused(lambda: rng.roll(idx(2**32 + 6)), "sides", "4294967302")
        self.assertIn(rng.roll(idx(6)), range(1, 7))
        self.check_refused(lambda: wr.combat_percent(idx(2**32 + 14), 28, 10), "bcp")
        self.check_refused(lambda: wr.Map(idx(2**32 + 3), 2), "width")
        profile = wr.Profile.sample(wr.SAMPLE_DWARF_VETERANS)
        unit = wr.MeleeUnit(profile, figures=10, files=5)
        self.check_refused(lambda: setattr(unit, "figures", idx(2**32 + 4)), "figures")
        self.assertEqual(unit.figures, 10)
        unit.figures = idx(4)
        self.assertEqual(unit.figures, 4)
        fig = wr.Figure(hd=1, damage=[(2, 6, 0)])
        self.check_refused(lambda: setattr(fig, "sa", idx(2**32 + 1)), "sa")
        self.check_refused(lambda: wr.Hex(idx(2**32), 0), "Hex.q")
        leg = wr.TacticalLeg()
        self.check_refused(lambda: setattr(leg, "length", idx(-2**31 - 1)), "length")
        table = wr.missile_table_default()
        self.check_refused(lambda: table.modifier.__setitem__(0, idx(2**31)), "modifier")
        self.check_refused(lambda: table.modifier.__setitem__(slice(0, 2), [0, idx(2**31)]), "modifier")

    def test_arrays_built_for_c(self):
        idx = self.Index
        fig = wr.Figure(hd=1, damage=[(2, 6, 0)])
        self.assertEqual(fig.charge_damage_from_rolls([3, 4], 1), 7)
        self.check_refused(lambda: fig.charge_damage_from_rolls([2**32 + 50] * 2, 1), "rolls[0]")
        self.check_refused(lambda: fig.damage_from_rolls([1, idx(2**32 + 1)]), "rolls[1]")
        profile = wr.Profile.sample(wr.SAMPLE_DWARF_VETERANS)
        a = wr.MeleeUnit(profile, figures=10, files=5)
        b = wr.MeleeUnit(profile, figures=10, files=5)
        phase = wr.MeleePhase()
        phase.add(wr.phase_side(a, in_contact=5), wr.phase_side(b, in_contact=5))
        n = phase.dice_needed()
        self.check_refused(lambda: phase.resolve_rolls([2**32 + 50] * n), "rolls[0]")
        self.check_refused(lambda: phase.resolve_rolls([50] * (n - 1) + [idx(-2**31 - 1)]), f"rolls[{n - 1}]")
        self.assertEqual(a.figures, 10)  # nothing resolved
        self.assertLessEqual(phase.resolve_rolls([50] * n), n)
        with self.assertRaises(TypeError):
            fig.damage_from_rolls([1.5, 2])
        engagement = wr.Engagement(a, b, [dict(in_contact=5), dict(in_contact=5)])
        self.check_refused(lambda: engagement.fight_rolls([idx(2**32 + 50)] * 40), "rolls[0]")
        self.check_refused(lambda: wr.terrain_speed_batch(idx(2**32 + 1)), "terrain")
        self.check_refused(lambda: wr.terrain_speed_batch([0, idx(2**32 + 1)]), "terrain[1]")

    def test_numpy_integers(self):
        try:
            import numpy as np
        except ImportError:
            self.skipTest("NumPy is not installed")
        self.check_refused(lambda: wr.combat_percent(np.int64(2**32 + 14), 28, 10), "bcp", "4294967310")
        self.assertEqual(wr.combat_percent(np.int64(14), np.int16(28), np.uint8(10)), (42, 420))
        self.check_refused(lambda: wr.Map(np.int64(2**32 + 3), 2), "width")
        self.check_refused(lambda: wr.Map(np.uint64(2**64 - 1), 2), "width")
        profile = wr.Profile.sample(wr.SAMPLE_DWARF_VETERANS)
        unit = wr.MeleeUnit(profile, figures=10, files=5)
        self.check_refused(lambda: setattr(unit, "figures", np.int64(2**32 + 4)), "figures")
        self.assertEqual(unit.figures, 10)
        self.check_refused(lambda: wr.MeleeUnit(profile, figures=np.int64(2**32 + 4)), "figures")
        self.check_refused(lambda: wr.Rng(1).roll(np.array(2**32 + 6)), "sides")
        fig = wr.Figure(hd=1, damage=[(2, 6, 0)])
        self.check_refused(lambda: fig.charge_damage_from_rolls(np.array([2**32 + 50] * 2), 1), "rolls[0]")
        self.check_refused(lambda: setattr(fig, "sd", np.int64(2**32)), "sd")
        self.check_refused(lambda: wr.Map(4, 4).terrain((np.int64(2**32), 0)), "Hex.q")
        self.check_refused(lambda: wr.terrain_speed_batch(np.int64(2**32 + 1)), "terrain")
        self.check_refused(lambda: wr.terrain_speed_batch(np.array([0, 2**32 + 1])), "terrain[1]")
        self.check_refused(lambda: wr.terrain_speed_batch([0, np.int64(2**32 + 1)]), "terrain[1]")
        speed = wr.terrain_speed_batch(np.int64(wr.TERRAIN_ROAD))
        self.assertEqual(list(speed[0]), [4])


@unittest.skipIf(os.environ.get("WARRULES_UNDER_ASAN"),
                 "under ASan a forked child can deadlock in the sanitizer's own allocator "
                 "(a lock another thread held at the fork), before any library code runs")
class Forks(unittest.TestCase):
    """Issue 25, item 6: os.fork() while other threads are in the library."""

    def fork_and_check(self, check, timeout=30):
        """Forks; the child runs check() (an alarm kills a deadlocked one) and
        exits 0 when it returns; the parent returns the child's exit status."""
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:
            code = 1
            try:
                os.close(read)
                signal.alarm(timeout)
                # a child that hangs says where, before the alarm ends it
                faulthandler.dump_traceback_later(timeout - 5, exit=True,
                                                  file=os.fdopen(os.dup(write), "w"))
                check()
                code = 0
            except BaseException as exc:  # noqa: BLE001 - reported to the parent
                os.write(write, f"{type(exc).__name__}: {exc}".encode()[:2000])
            finally:
                os._exit(code)
        os.close(write)
        # a child stuck before its alarm is set (in the fork's own after-fork
        # code) is killed by the parent, never waited for without end
        deadline = time.monotonic() + timeout + 15
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            if time.monotonic() > deadline:
                os.kill(pid, signal.SIGKILL)
                _, status = os.waitpid(pid, 0)
                break
            time.sleep(0.05)
        with os.fdopen(read, "rb") as f:
            message = f.read().decode()
        return status, message

    def assert_child_ok(self, check):
        status, message = self.fork_and_check(check)
        self.assertTrue(os.WIFEXITED(status), f"the child was killed (signal "
                        f"{os.WTERMSIG(status) if os.WIFSIGNALED(status) else '?'}): {message}")
        self.assertEqual(os.WEXITSTATUS(status), 0, message)

    @unittest.skipUnless(hasattr(os, "fork"), "no os.fork")
    def test_the_guard_lock_held_by_another_thread(self):
        rng = wr.Rng(1)
        taken, done = threading.Event(), threading.Event()

        def hold_lock():
            with _guard.lock:
                taken.set()
                done.wait(10)

        t = threading.Thread(target=hold_lock)
        t.start()
        taken.wait(10)
        try:
            self.assert_child_ok(lambda: (rng.roll(6), rng.close()))
        finally:
            done.set()
            t.join()
        rng.close()

    @unittest.skipUnless(hasattr(os, "fork"), "no os.fork")
    def test_handles_another_thread_holds(self):
        m = wr.Map(4, 4)
        rng = wr.Rng(1)
        profile, a, b, engagement = melee_pair()

        def child():
            self.assertEqual(m.size, (4, 4))  # it was only read: usable
            m.set_terrain((0, 0), wr.HEX_FOREST)
            m.close()
            with self.assertRaises(wr.StateError) as ctx:
                rng.roll(6)  # it was being written: it may be half-written
            self.assertIn("forked", str(ctx.exception))
            with self.assertRaises(wr.StateError):
                a.figures  # held with the engagement that writes it
            self.assertEqual(profile.race, wr.RACE_DWARF)  # only read
            for h in (rng, engagement, a, b, profile):
                h.close()
                self.assertTrue(h.closed)
            wr.Rng(2).roll(6)

        with HoldInThread(m, "wr_map_size", reads=frozenset({"wr_map"})), HoldInThread(rng), \
                HoldInThread(engagement, "wr_engagement_apply"):
            self.assert_child_ok(child)
        self.assertEqual(m.size, (4, 4))  # the parent is untouched
        rng.roll(6)
        m.close()

    @unittest.skipUnless(hasattr(os, "fork"), "no os.fork")
    def test_forty_forks_while_threads_call_the_library(self):
        stop = threading.Event()
        m = wr.Map(30, 30)
        params = wr.plan_params_default(wr.MOVER_INFANTRY)
        rngs = [wr.Rng(i) for i in range(3)]
        profile, a, b, engagement = melee_pair()
        errors = []

        def work(i):
            try:
                with wr.Planner() as planner:
                    while not stop.is_set():
                        planner.route(m, params, (0, 0), (5, 20))
                        rngs[i].roll(6)
                        try:
                            engagement.simulate(3, rngs[i], 20)
                        except wr.HandleInUseError:
                            pass
            except BaseException as exc:  # noqa: BLE001 - reported below
                errors.append(exc)

        def child():
            for h in [m, engagement, a, b, profile] + rngs:
                try:
                    h.closed or (h.size if h is m else None)
                except wr.StateError:
                    pass
                h.close()
            wr.Planner().route(wr.Map(5, 5), params, (0, 0), (1, 1))

        threads = [threading.Thread(target=work, args=(i,)) for i in range(3)]
        for t in threads:
            t.start()
        try:
            for _ in range(40):
                self.assert_child_ok(child)
        finally:
            stop.set()
            for t in threads:
                t.join()
        self.assertEqual(errors, [])


class LargePhase(unittest.TestCase):
    """Issue 25, item 7: a MeleePhase call costs O(1) in Python, however
    many fights the phase holds."""

    def test_two_thousand_fights_in_seconds(self):
        start = time.perf_counter()
        profile = wr.Profile.sample(wr.SAMPLE_DWARF_VETERANS)
        phase = wr.MeleePhase()
        for _ in range(2000):
            a = wr.MeleeUnit(profile, figures=10, files=5)
            b = wr.MeleeUnit(profile, figures=10, files=5)
            phase.add(wr.phase_side(a, in_contact=5), wr.phase_side(b, in_contact=5))
        self.assertEqual(len(phase), 2000)
        phase.resolve(wr.Rng(5))
        self.assertEqual(phase.unit(a).fights, 1)
        phase.close()
        elapsed = time.perf_counter() - start
        self.assertLess(elapsed, 20.0, f"2,000 fights took {elapsed:.1f} s")

    def test_the_units_of_a_phase_stay_guarded(self):
        profile = wr.Profile.sample(wr.SAMPLE_DWARF_VETERANS)
        units = [wr.MeleeUnit(profile, figures=10, files=5) for _ in range(4)]
        phase = wr.MeleePhase()
        phase.add(wr.phase_side(units[0], in_contact=5), wr.phase_side(units[1], in_contact=5))
        phase.add(wr.phase_side(units[2], in_contact=5), wr.phase_side(units[3], in_contact=5))
        with HoldInThread(phase, "wr_melee_phase_resolve_rng"):
            with self.assertRaises(wr.HandleInUseError):
                units[3].figures = 3  # the phase may be writing it
            with self.assertRaises(wr.HandleInUseError):
                units[2].definition  # nor read while the phase writes it
            with self.assertRaises(wr.HandleInUseError):
                profile.set_bcp(0, 0, 10)  # its units read their profile
            self.assertEqual(profile.race, wr.RACE_DWARF)
        with HoldInThread(units[1], "wr_melee_unit_set_figures"):
            with self.assertRaises(wr.HandleInUseError):
                phase.resolve(wr.Rng(1))  # a unit of it is being written
            self.assertEqual(units[0].figures, 10)  # another unit is free
        with HoldInThread(profile, "wr_profile_set_bcp"):
            with self.assertRaises(wr.HandleInUseError):
                len(phase)
        with HoldInThread(units[1], "wr_melee_unit_get", reads=frozenset({"wr_melee_unit"})):
            self.assertEqual(len(phase), 2)  # reads of the phase and of a unit share
            self.assertEqual(phase.strike(0, 0).fighting, 5)
            with self.assertRaises(wr.HandleInUseError):
                phase.resolve(wr.Rng(1))  # a unit it would write is being read
        chart = wr.HitChart()
        units[0].hit_chart = chart  # pinned after joining the phase: covered too
        with HoldInThread(phase, "wr_melee_phase_resolve_rng"):
            with self.assertRaises(wr.HandleInUseError):
                chart.add(1, 100, 0, [1, 1, 1, 1])
        units[0].hit_chart = None
        with HoldInThread(phase, "wr_melee_phase_resolve_rng"):
            chart.add(1, 100, 0, [1, 1, 1, 1])  # no longer the phase's
        phase.resolve(wr.Rng(2))
        phase.close()


if __name__ == "__main__":
    unittest.main()
