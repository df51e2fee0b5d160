/* Units, monsters and characters; who may start or leave a melee; units
   that advance into each other [Starting], [Continuing]. */
#include "internal.h"

wr_melee_unit_desc wr_melee_unit_desc_default(void)
{
    wr_melee_unit_desc d;
    d.kind = WR_UNIT_TROOPS;
    d.figures = 1;
    d.files = 1;
    d.weapon_type = 0;
    d.armour = 0;
    d.mount = WR_MOUNT_NONE;
    d.troop_class = WR_TROOP_REGULAR;
    d.flags = 0;
    d.morale = 50;
    d.legs = 4;
    d.base_width_mm = 20;
    d.base_depth_mm = 20;
    return d;
}

static wr_status check_def(const wr_profile *p, const wr_melee_unit_desc *d)
{
    int kind = (int)d->kind, mount = (int)d->mount, cls = (int)d->troop_class;
    if (kind < WR_UNIT_TROOPS || kind > WR_UNIT_CHARACTER)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "def->kind", kind, "a wr_melee_unit_kind value");
    if (mount < WR_MOUNT_NONE || mount > WR_MOUNT_ARMOURED)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "def->mount", mount, "a wr_mount value");
    if (cls < WR_TROOP_REGULAR || cls > WR_TROOP_C_CLASS)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "def->troop_class", cls, "a wr_troop_class value");
    if (d->flags & ~WR_UNIT_ALL_FLAGS)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "def->flags", d->flags, "WR_UNIT_* flags");
    if (d->figures < 0 || d->figures > WRI_MAX_FIGURES)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "def->figures", d->figures, "0..100000");
    if (d->files < 1 || d->files > WRI_MAX_FIGURES)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "def->files", d->files, "1..100000");
    if (d->weapon_type < 0 || d->weapon_type >= WR_PROFILE_WEAPONS)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "def->weapon_type", d->weapon_type, "0..15");
    if (d->armour < 0 || d->armour >= WR_PROFILE_ARMOURS)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "def->armour", d->armour, "0..7");
    if (d->morale < 0 || d->morale > 100)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "def->morale", d->morale, "0..100");
    if (d->legs < 0 || d->legs > 100)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "def->legs", d->legs, "0..100");
    if (d->base_width_mm < 1 || d->base_width_mm > 10000)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "def->base_width_mm", d->base_width_mm, "1..10000");
    if (d->base_depth_mm < 1 || d->base_depth_mm > 10000)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "def->base_depth_mm", d->base_depth_mm, "1..10000");
    if (kind != WR_UNIT_TROOPS && (d->figures != 1 || d->files != 1))
        return WRI_FAIL(WR_ERR_INVALID, "def->figures",
                        "1 figure in 1 file for a monster or character");
    if ((d->flags & WR_UNIT_COMBAT_HEIGHT) && !(d->flags & WR_UNIT_FLYING))
        return WRI_FAIL(WR_ERR_INVALID, "def->flags",
                        "WR_UNIT_COMBAT_HEIGHT only with WR_UNIT_FLYING");
    if ((d->flags & WR_UNIT_SWARM) && (d->flags & WR_UNIT_FLYING))
        return WRI_FAIL(WR_ERR_INVALID, "def->flags", "a ground swarm does not fly");
    if (kind == WR_UNIT_CHARACTER && (d->flags & WR_UNIT_DISORDERED) &&
        !(d->flags & WR_UNIT_BLOOD_LUST))
        return WRI_FAIL(WR_ERR_FORBIDDEN, "def->flags",
                        "[Flank and rear] characters cannot become disordered");
    if (!p->allowed[d->weapon_type])
        return WRI_FAIL_VALUE(WR_ERR_FORBIDDEN, "def->weapon_type", d->weapon_type,
                              "[Weapons by race] a weapon the race's profile lists");
    return WR_OK;
}

wr_status wr_melee_unit_new_ex(const wr_profile *profile, const wr_melee_unit_desc *def,
                               const wr_allocator *alloc, wr_melee_unit **out)
{
    if (profile == NULL)
        return WRI_NULL(profile);
    if (def == NULL)
        return WRI_NULL(def);
    if (out == NULL)
        return WRI_NULL(out);
    wr_status st = check_def(profile, def);
    if (st != WR_OK)
        return WRI_PASS(st);
    wr_allocator a;
    st = wri_allocator_init(&a, alloc);
    if (st != WR_OK)
        return WRI_PASS(st);
    wr_melee_unit *u = wri_alloc_zero(&a, 1, sizeof *u);
    if (u == NULL)
        return WRI_NOMEM();
    u->alloc = a;
    u->profile = profile;
    u->def = *def;
    *out = u;
    return WR_OK;
}

wr_status wr_melee_unit_new(const wr_profile *profile, const wr_melee_unit_desc *def,
                            wr_melee_unit **out)
{
    return WRI_PASS(wr_melee_unit_new_ex(profile, def, NULL, out));
}

void wr_melee_unit_free(wr_melee_unit *unit)
{
    wri_free_handle(unit, sizeof *unit, offsetof(wr_melee_unit, alloc));
}

wr_status wr_melee_unit_get(const wr_melee_unit *unit, wr_melee_unit_desc *def)
{
    wr_status st = WRI_NULLS(unit, def);
    if (st != WR_OK)
        return st;
    *def = unit->def;
    return WR_OK;
}

wr_status wr_melee_unit_set_figures(wr_melee_unit *unit, int figures)
{
    if (unit == NULL)
        return WRI_NULL(unit);
    int most = unit->def.kind == WR_UNIT_TROOPS ? WRI_MAX_FIGURES : 1;
    if (figures < 0 || figures > most)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "figures", figures,
                              most == 1 ? "0..1 for a monster or character" : "0..100000");
    if (figures > 0 && unit->def.kind != WR_UNIT_TROOPS && unit->wounds.dead)
        return WRI_FAIL(WR_ERR_FORBIDDEN, "figures",
                        "[Wounds] 0 for a dead monster or character (its wounds say dead; "
                        "wr_melee_unit_set_wounds restores a record)");
    unit->def.figures = figures;
    return WR_OK;
}

wr_status wr_melee_unit_set_disordered(wr_melee_unit *unit, int disordered)
{
    if (unit == NULL)
        return WRI_NULL(unit);
    if (disordered && unit->def.kind == WR_UNIT_CHARACTER && !wri_melee_blood_lust(unit))
        return WRI_FAIL(WR_ERR_FORBIDDEN, "disordered",
                        "[Flank and rear] characters cannot become disordered");
    if (disordered)
        unit->def.flags |= WR_UNIT_DISORDERED;
    else
        unit->def.flags &= ~WR_UNIT_DISORDERED;
    return WR_OK;
}

wr_status wr_melee_unit_set_hit_chart(wr_melee_unit *unit, const wr_hit_chart *chart)
{
    if (unit == NULL)
        return WRI_NULL(unit);
    unit->chart = chart;
    return WR_OK;
}

wr_status wr_melee_unit_wounds(const wr_melee_unit *unit, wr_wounds *wounds)
{
    if (unit == NULL)
        return WRI_NULL(unit);
    if (wounds == NULL)
        return WRI_NULL(wounds);
    *wounds = unit->wounds;
    return WR_OK;
}

int wri_melee_wounds_sane(const wr_wounds *w)
{
    const int most = 1000000;
    return w->hits >= 0 && w->hits <= most && w->counted >= 0 && w->counted <= w->hits &&
           w->serious >= 0 && w->critical >= 0 && w->serious <= w->counted - w->critical &&
           (w->unconscious == 0 || w->unconscious == 1) && (w->dead == 0 || w->dead == 1);
}

wr_status wr_melee_unit_set_wounds(wr_melee_unit *unit, const wr_wounds *wounds)
{
    if (unit == NULL)
        return WRI_NULL(unit);
    if (wounds == NULL)
        return WRI_NULL(wounds);
    if (unit->def.kind == WR_UNIT_TROOPS)
        return WRI_FAIL(WR_ERR_INVALID, "unit", "a monster or character (troops take no wounds)");
    if (!wri_melee_wounds_sane(wounds))
        return WRI_FAIL(
            WR_ERR_RANGE, "wounds",
            "counts 0..1000000, counted <= hits, serious + critical <= counted, flags 0 or 1");
    unit->wounds = *wounds;
    unit->def.figures = wounds->dead ? 0 : 1;
    return WR_OK;
}

wr_status wr_melee_unit_may_leave(const wr_melee_unit *unit, int *may)
{
    if (unit == NULL)
        return WRI_NULL(unit);
    if (may == NULL)
        return WRI_NULL(may);
    unsigned need = WR_UNIT_FLYING | WR_UNIT_COMBAT_HEIGHT;
    *may = (unit->def.flags & need) == need;
    return WR_OK;
}

wr_status wr_melee_may_start(wr_contact_move move, int *starts)
{
    if (starts == NULL)
        return WRI_NULL(starts);
    int m = (int)move;
    if (m < WR_MOVE_CHARGE || m > WR_MOVE_OTHER)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "move", m, "a wr_contact_move value");
    *starts = m == WR_MOVE_CHARGE || m == WR_MOVE_PUSHBACK || m == WR_MOVE_PURSUIT;
    return WR_OK;
}

wr_status wr_advance_stop(int gap_mm, int move_a_mm, int move_b_mm, int *a_mm, int *b_mm)
{
    if (a_mm == NULL)
        return WRI_NULL(a_mm);
    if (b_mm == NULL)
        return WRI_NULL(b_mm);
    const int most = 10000000;
    if (gap_mm < 0 || gap_mm > most)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "gap_mm", gap_mm, "0..10000000");
    if (move_a_mm < 0 || move_a_mm > most)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "move_a_mm", move_a_mm, "0..10000000");
    if (move_b_mm < 0 || move_b_mm > most)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "move_b_mm", move_b_mm, "0..10000000");
    int a = move_a_mm, b = move_b_mm;
    if ((long long)a + b < gap_mm) {
        /* the orders do not bring them into contact: the rule does not apply */
    } else if (gap_mm <= WR_ADVANCE_STOP_MM) {
        a = 0;
        b = 0;
    } else {
        long long close = gap_mm - WR_ADVANCE_STOP_MM;
        a = (int)(close * move_a_mm / ((long long)move_a_mm + move_b_mm));
        b = (int)(close - a);
    }
    *a_mm = a;
    *b_mm = b;
    return WR_OK;
}
