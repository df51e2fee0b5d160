"""The names the public grammar replaced: each old name still works,
gives what its replacement gives, and raises DeprecationWarning at the
caller's line naming the replacement (warrules/_deprecated.py); the
headers' deprecated C names all have their Python counterparts; and the
package itself uses none of the old names."""
import unittest
import warnings

import warrules as wr
from warrules import _deprecated

from . import headers
from .support import module_built, skip_unless_module

PACKAGE = _deprecated.RENAMED[None]
CAMPAIGN = ("Side", "MAP_MAX_SIDE", "RIVERS_SIDE_ON_COURSE", "half_die_roll", "getting_lost_roll",
            "moves_from")


def camel(c_name):
    return "".join(part.capitalize() for part in c_name[3:].split("_"))


class Old(unittest.TestCase):
    """assertOld(new, "Owner.old", lambda: ...): the old name's use warns once,
    here, naming the new one; returns what it gave."""

    def assertOld(self, replacement, what, use):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            value = use()
        deprecations = [w for w in caught if issubclass(w.category, DeprecationWarning)]
        self.assertEqual(len(deprecations), 1, f"{what}: {[str(w.message) for w in caught]}")
        w = deprecations[0]
        self.assertEqual(str(w.message), f"{what} is deprecated: use {replacement}")
        self.assertEqual(w.filename, __file__, f"{what}: the warning must name the caller's line")
        return value


class ModuleNames(Old):
    def test_every_old_name_is_its_replacement(self):
        for old, new in PACKAGE.items():
            if old in CAMPAIGN and not module_built("campaign"):
                continue
            with self.subTest(old):
                value = self.assertOld(f"warrules.{new}", f"warrules.{old}", lambda: getattr(wr, old))
                self.assertIs(value, getattr(wr, new))
                self.assertNotIn(old, wr.__all__)
                self.assertIn(new, wr.__all__)
                self.assertNotIn(new, PACKAGE)

    def test_the_statement_forms(self):
        value = self.assertOld("warrules.BattleUnit", "warrules.Unit", lambda: wr.Unit)
        self.assertIs(value, wr.BattleUnit)
        namespace = {}
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            exec(compile("from warrules import UnitDef", __file__, "exec"), namespace)
        self.assertIs(namespace["UnitDef"], wr.MeleeUnitDesc)
        self.assertTrue(caught)  # the import system looks the name up too: one warning or two
        for w in caught:
            self.assertEqual(str(w.message), "warrules.UnitDef is deprecated: use warrules.MeleeUnitDesc")
            self.assertEqual((w.category, w.filename), (DeprecationWarning, __file__))
        with self.assertRaises(AttributeError):
            wr.not_a_name
        self.assertFalse(hasattr(wr, "Situations"))

    def test_old_enum_classes_and_constants(self):
        self.assertIs(self.assertOld("warrules.CombatantFlag", "warrules.SideFlag", lambda: wr.SideFlag),
                      wr.CombatantFlag)
        self.assertIs(self.assertOld("warrules.COMBATANT_FLANKED", "warrules.SIDE_FLANKED",
                                     lambda: wr.SIDE_FLANKED), wr.COMBATANT_FLANKED)
        self.assertIs(wr.COMBATANT_FLANKED, wr.CombatantFlag.FLANKED)
        self.assertEqual(wr.COMBATANT_MOUNTED | wr.COMBATANT_FLANKED, 0x11)
        unit_type = self.assertOld("warrules.BattleUnitType", "warrules.UnitType", lambda: wr.UnitType)
        self.assertIs(unit_type.CAVALRY, wr.UNIT_TYPE_CAVALRY)
        unit_kind = self.assertOld("warrules.MeleeUnitKind", "warrules.UnitKind", lambda: wr.UnitKind)
        self.assertIs(unit_kind.MONSTER, wr.UNIT_MONSTER)
        self.assertEqual(repr(wr.melee_unit_desc_default()).split(", ")[0],
                         "MeleeUnitDesc(kind=MeleeUnitKind.TROOPS")
        self.assertEqual(wr.complete_ranks(20, 5, self.assertOld(
            "warrules.COMBATANT_FLANKED", "warrules.SIDE_FLANKED", lambda: wr.SIDE_FLANKED)), 1)

    def test_old_functions_give_the_same_results(self):
        same = [
            ("unit_def_default", ()), ("unit_desc_default", ()), ("movement_costs_default", ()),
            ("side_situation", (5, True)), ("woods_missile_allowed", (wr.WOODS_EDGE, wr.WOODS_OUT)),
            ("forest_fire", (wr.FIRE_WIND_STRONG, 2)),
            ("forest_fire_reaches", (wr.FIRE_WIND_CALM, 1, (0, 0, 0, 0), 9, 0)),
        ]
        for old, args in same:
            with self.subTest(old):
                fn = self.assertOld(f"warrules.{PACKAGE[old]}", f"warrules.{old}", lambda: getattr(wr, old))
                self.assertEqual(fn(*args), getattr(wr, PACKAGE[old])(*args))
        unit = wr.MeleeUnit(wr.Profile(wr.RACE_HUMAN), figures=5, files=5)
        old = self.assertOld("warrules.phase_combatant", "warrules.phase_side", lambda: wr.phase_side)
        self.assertEqual(old(unit, in_contact=3), wr.phase_combatant(unit, in_contact=3))

    @skip_unless_module("campaign")
    def test_old_campaign_functions_give_the_same_results(self):
        for old in ("half_die_roll", "getting_lost_roll"):
            new = PACKAGE[old]
            args = (True, False, 50) if old == "getting_lost_roll" else ()
            fn = self.assertOld(f"warrules.{new}", f"warrules.{old}", lambda: getattr(wr, old))
            self.assertEqual([fn(*args, wr.Rng(s)) for s in range(8)],
                             [getattr(wr, new)(*args, wr.Rng(s)) for s in range(8)])
        params = wr.plan_params_default(wr.MOVER_INFANTRY)
        here = wr.HexDesc(on_map=1, terrain=wr.HEX_CLEAR)
        sides = [wr.Hexside()] * 6
        sides[0] = wr.Hexside(road=1)
        moves_from = self.assertOld("warrules.hex_desc_moves", "warrules.moves_from", lambda: wr.moves_from)
        got = moves_from(params, here, [here] * 6, sides, list(range(1, 7)))
        self.assertEqual(got, wr.hex_desc_moves(params, here, [here] * 6, sides, list(range(1, 7))))
        self.assertEqual(len(got), 6)


class Methods(Old):
    def test_every_old_method_is_its_replacement(self):
        for owner, names in _deprecated.RENAMED.items():
            if owner is None or (owner == "Map" and not module_built("campaign")):
                continue
            cls = getattr(wr, owner)
            for old, new in names.items():
                with self.subTest(f"{owner}.{old}"):
                    target = new.rstrip("()")
                    got = self.assertOld(f"{owner}.{new}", f"{owner}.{old}", lambda: getattr(cls, old))
                    self.assertIs(got, getattr(cls, target))
                    self.assertFalse(target in names or target in PACKAGE)

    def test_figure(self):
        rider = wr.Figure(ar=12, hd=1, ac=5, mv=12, damage=[(1, 8, 0)])
        mount = wr.Figure(ar=14, hd=2, ac=7, mv=24, damage=[(1, 8, 1)])
        with wr.rate_cavalry(rider, mount) as cav:
            self.assertEqual(self.assertOld("Figure.damage_rolls", "Figure.damage_from_rolls",
                                            lambda: cav.damage_from_rolls([5, 3])), cav.damage_rolls([5, 3]))
            self.assertEqual(self.assertOld("Figure.damage_rng", "Figure.damage_roll",
                                            lambda: cav.damage_roll(wr.Rng(4))), cav.damage_rng(wr.Rng(4)))
            self.assertEqual(self.assertOld("Figure.charge_damage_rolls", "Figure.charge_damage_from_rolls",
                                            lambda: cav.charge_damage_from_rolls([5, 3], 1)),
                             cav.charge_damage_rolls([5, 3], 1))
            self.assertEqual(self.assertOld("Figure.charge_damage_rng", "Figure.charge_damage_roll",
                                            lambda: cav.charge_damage_roll(wr.Rng(4))),
                             cav.charge_damage_rng(wr.Rng(4)))

    def test_formation_and_the_movement_phase(self):
        def pair():
            unit = wr.BattleUnit(wr.Figure(mv=24), figures=20,
                                 equipment=wr.EQUIP_LARGE_SHIELDS | wr.EQUIP_SPEARS)
            return unit, wr.Formation(wr.ORDER_CLOSED, 10)

        (u, old), (v, new) = pair(), pair()
        self.assertIsInstance(u, self.assertOld("warrules.BattleUnit", "warrules.Unit", lambda: wr.Unit))
        steps = [("movement_begin", ()), ("set_spears_check", ()), ("wheel", (30, 12)),
                 ("movement_turn", (45,)), ("spend", (48,)), ("movement_set_spears", ()),
                 ("change_order", (wr.ORDER_OPEN,)), ("movement_shield_wall", ())]  # the last two refused
        for name, args in steps:
            with self.subTest(name):
                target = _deprecated.RENAMED["Formation"][name]
                try:
                    expected, failure = getattr(new, target)(v, *args), None
                except wr.WarrulesError as exc:
                    expected, failure = None, type(exc)
                if failure is None:
                    got = self.assertOld(f"Formation.{target}", f"Formation.{name}",
                                         lambda: getattr(old, name)(u, *args))
                    self.assertEqual(got, expected)
                else:
                    with self.assertRaises(failure):
                        self.assertOld(f"Formation.{target}", f"Formation.{name}",
                                       lambda: getattr(old, name)(u, *args))
                self.assertEqual(old.info, new.info)
                self.assertEqual(old.movement_phase, new.movement_phase)
        (u, old), (v, new) = pair(), pair()
        self.assertOld("Formation.spears_declare", "Formation.set_spears_declare",
                       lambda: old.set_spears_declare(u))
        new.spears_declare(v)
        self.assertEqual(old.info, new.info)
        self.assertEqual(self.assertOld("Formation.spears_multiplier", "Formation.set_spears_multiplier",
                                        lambda: old.set_spears_multiplier(wr.FROM_FRONT)),
                         new.spears_multiplier(wr.FROM_FRONT))

    def test_melee_handles(self):
        profile = wr.Profile.sample(wr.SAMPLE_DWARF_VETERANS)
        profile.set_hated(wr.RACE_ORC)
        hated = self.assertOld("Profile.hated", "Profile.hates", lambda: profile.hates(wr.RACE_ORC))
        self.assertIs(hated, True)
        chart = wr.HitChart([(1, 100, 0, (wr.WOUND_NICKED,) * 4)])
        complete = self.assertOld("HitChart.is_complete()", "HitChart.complete", lambda: chart.complete)
        self.assertIs(complete, True)
        self.assertIs(wr.HitChart().is_complete(), False)
        unit = wr.MeleeUnit(profile, figures=8, files=4)
        self.assertEqual(self.assertOld("MeleeUnit.desc", "MeleeUnit.definition", lambda: unit.definition),
                         unit.desc)
        with warnings.catch_warnings(record=True) as caught, self.assertRaises(AttributeError):
            warnings.simplefilter("always")
            unit.definition = None  # read-only, as it was
        self.assertIn("MeleeUnit.definition is deprecated", str(caught[0].message))
        twin = self.assertOld("MeleeUnit(desc=...)", "MeleeUnit(definition=...)",
                              lambda: wr.MeleeUnit(profile, definition=unit.desc, figures=6))
        self.assertEqual((twin.desc.figures, twin.desc.files), (6, 4))
        with self.assertRaises(TypeError):
            wr.MeleeUnit(profile, unit.desc, definition=unit.desc)

        def engagement():
            a, b = wr.MeleeUnit(profile, figures=10, files=5), wr.MeleeUnit(profile, figures=9, files=5)
            return wr.Engagement(a, b, [dict(in_contact=5), dict(in_contact=5)])

        old, new = engagement(), engagement()
        fought = self.assertOld("Engagement.fight_rng", "Engagement.fight", lambda: old.fight(wr.Rng(9)))
        self.assertEqual(fought, new.fight_rng(wr.Rng(9)))
        self.assertEqual(self.assertOld("Engagement.simulate_rng", "Engagement.simulate",
                                        lambda: old.simulate(3, wr.Rng(2), 50)),
                         new.simulate_rng(3, wr.Rng(2), 50))
        rounds = []
        for resolve in ("resolve", "resolve_rng"):
            a, b = wr.MeleeUnit(profile, figures=10, files=5), wr.MeleeUnit(profile, figures=9, files=5)
            phase = wr.MeleePhase()
            fight = phase.add(wr.phase_combatant(a, in_contact=5), wr.phase_combatant(b, in_contact=5))
            if resolve == "resolve":
                self.assertOld("MeleePhase.resolve_rng", "MeleePhase.resolve",
                               lambda: phase.resolve(wr.Rng(5)))
            else:
                phase.resolve_rng(wr.Rng(5))
            rounds.append(phase.round(fight))
        self.assertEqual(rounds[0], rounds[1])

    @skip_unless_module("campaign")
    def test_map(self):
        old, new = wr.Map(6, 6), wr.Map(6, 6)
        road = dict(road=True)
        self.assertOld("Map.set_hexside", "Map.set_side", lambda: old.set_side((1, 1), 0, road))
        new.set_hexside((1, 1), 0, road)
        for name, args in (("contains", ((5, 5),)), ("contains", ((6, 0),)), ("side", ((1, 1), 0)),
                           ("side_index", ((1, 1), 0)), ("sight", ((0, 0), (2, 4))),
                           ("on_route", ((1, 1), 0)), ("on_route", ((1, 1), 1))):
            with self.subTest(name):
                target = _deprecated.RENAMED["Map"][name]
                got = self.assertOld(f"Map.{target}", f"Map.{name}", lambda: getattr(old, name)(*args))
                self.assertEqual(got, getattr(new, target)(*args))
        self.assertEqual(new.hexside((1, 1), 0), wr.Hexside(road=1))


class AgainstTheHeaders(Old):
    """Every deprecated C name has its Python counterpart."""

    def modules(self):
        return [m for m in headers.MODULES if m != "campaign" or module_built("campaign")]

    def test_constants(self):
        for module in self.modules():
            for old, new in headers.renamed_constants(module).items():
                with self.subTest(old):
                    self.assertEqual(PACKAGE.get(old), new)
                    got = self.assertOld(f"warrules.{new}", f"warrules.{old}", lambda: getattr(wr, old))
                    self.assertIs(got, getattr(wr, new))

    def test_types(self):
        for module in self.modules():
            for old, new in headers.renamed_types(module).items():
                if camel(new) not in wr.__all__:
                    continue  # a type the package does not export (wr_melee_batch_combatant)
                with self.subTest(old):
                    self.assertEqual(PACKAGE.get(camel(old)), camel(new))
                    self.assertEqual(getattr(getattr(wr, camel(new)), "_c_name_", new), new)

    def test_functions(self):
        for module in self.modules():
            for old, new in headers.renamed_functions(module).items():
                if new[3:] in wr.__all__:  # a module-level function: the old one is its alias
                    with self.subTest(old):
                        self.assertEqual(PACKAGE.get(old[3:]), new[3:])
                self.assertTrue(wr.has_function(new), new)


class NoOldNameInUse(unittest.TestCase):
    def test_the_package_uses_the_new_names(self):
        from warrules import sweep
        with warnings.catch_warnings():
            warnings.simplefilter("error", DeprecationWarning)
            study = sweep.plan([{"name": "men", "profile": "dwarf-veterans", "files": 5}],
                               {"figures": [5, 10], "charged": [False, True]}, rounds=2)
            self.assertEqual(len(study), 16)
            unit = wr.MeleeUnit(wr.Profile.sample(wr.SAMPLE_ORC_URUCKS), figures=4, files=2)
            self.assertIn("MeleeUnitDesc(kind=MeleeUnitKind.TROOPS", repr(unit))
            self.assertIn("BattleUnitDesc(type=BattleUnitType.FOOT", repr(wr.BattleUnit(wr.Figure())))
            if module_built("campaign"):
                m = wr.Map(4, 4)
                m.set_hexside((0, 0), 0, dict(road=True))
                self.assertIn((0, 0), m)
                with wr.Planner() as planner:
                    plan = planner.plan(m, wr.plan_params_default(wr.MOVER_INFANTRY), (0, 0), (2, 0),
                                        blocked_sides=[((1, 0), 3)])
                self.assertIsNotNone(plan)


if __name__ == "__main__":
    unittest.main()
