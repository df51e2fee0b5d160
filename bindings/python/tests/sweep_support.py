"""A small army list shared by the sweep tests, and the direct computation
of one matchup with the plain API, to compare the sweep against."""
import warrules as wr

UNITS = [
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
AXES = {"figures": [4, 8, 12], "charged": [False, True]}
SIZE = (3 * 6) ** 2   # 3 units x 3 sizes x 2 charge states on each side


def direct_ends(unit_a, unit_b, rounds=30):
    """The END_COUNT probabilities (units of 10**-18) of one matchup,
    computed alone with MeleeUnit, Engagement and odds()."""
    units, profiles = [], []
    try:
        for u in (unit_a, unit_b):
            prof = u["profile"]
            if isinstance(prof, str):
                p = wr.Profile.sample({"dwarf-veterans": wr.SAMPLE_DWARF_VETERANS,
                                       "orc-urucks": wr.SAMPLE_ORC_URUCKS}[prof])
            else:
                p = wr.Profile(prof["race"])
                for row, reach in prof.get("weapons", {}).items():
                    p.set_weapon(row, reach, True)
                for (row, armour), bcp in prof.get("bcp", {}).items():
                    p.set_bcp(row, armour, bcp)
                for mod, value in prof.get("modifiers", {}).items():
                    p.set_modifier(mod, value)
                if "retire_band" in prof:
                    p.retire_band = prof["retire_band"]
            profiles.append(p)
            fields = {k: u[k] for k in ("figures", "files", "weapon_type", "armour", "flags",
                                        "troop_class", "morale") if k in u}
            units.append(wr.MeleeUnit(p, **fields))
        sides = [dict(in_contact=min(u["files"], u["figures"]), charged=u.get("charged", False))
                 for u in (unit_a, unit_b)]
        with wr.Engagement(units[0], units[1], sides) as fight, fight.odds(rounds) as odds:
            return tuple(odds.end_e18(e) for e in range(wr.END_COUNT))
    finally:
        for h in units + profiles:
            h.close()
