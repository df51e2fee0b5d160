/* Units, monsters and characters; who may start or leave a melee; units
   that advance into each other [Starting], [Continuing]. */
#include "internal.h"

wr_unit_def wr_unit_def_default(void)
{
    wr_unit_def d;
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

static wr_status check_def(const wr_profile *p, const wr_unit_def *d)
{
    int kind = (int)d->kind, mount = (int)d->mount, cls = (int)d->troop_class;
    if (kind < WR_UNIT_TROOPS || kind > WR_UNIT_CHARACTER || mount < WR_MOUNT_NONE ||
        mount > WR_MOUNT_ARMOURED || cls < WR_TROOP_REGULAR || cls > WR_TROOP_C_CLASS ||
        (d->flags & ~WR_UNIT_ALL_FLAGS))
        return WR_ERR_INVALID;
    if (d->figures < 0 || d->figures > WRI_MAX_FIGURES || d->files < 1 ||
        d->files > WRI_MAX_FIGURES || d->weapon_type < 0 || d->weapon_type >= WR_PROFILE_WEAPONS ||
        d->armour < 0 || d->armour >= WR_PROFILE_ARMOURS || d->morale < 0 || d->morale > 100 ||
        d->legs < 0 || d->legs > 100 || d->base_width_mm < 1 || d->base_width_mm > 10000 ||
        d->base_depth_mm < 1 || d->base_depth_mm > 10000)
        return WR_ERR_RANGE;
    if (kind != WR_UNIT_TROOPS && (d->figures != 1 || d->files != 1))
        return WR_ERR_INVALID;
    if ((d->flags & WR_UNIT_COMBAT_HEIGHT) && !(d->flags & WR_UNIT_FLYING))
        return WR_ERR_INVALID;
    if ((d->flags & WR_UNIT_SWARM) && (d->flags & WR_UNIT_FLYING))
        return WR_ERR_INVALID;
    if (kind == WR_UNIT_CHARACTER && (d->flags & WR_UNIT_DISORDERED))
        return WR_ERR_FORBIDDEN;
    if (!p->allowed[d->weapon_type])
        return WR_ERR_FORBIDDEN;
    return WR_OK;
}

wr_status wr_melee_unit_new_ex(const wr_profile *profile, const wr_unit_def *def,
                               const wr_allocator *alloc, wr_melee_unit **out)
{
    if (profile == NULL || def == NULL || out == NULL)
        return WR_ERR_NULL;
    wr_status st = check_def(profile, def);
    if (st != WR_OK)
        return st;
    wr_allocator a;
    st = wri_allocator_init(&a, alloc);
    if (st != WR_OK)
        return st;
    wr_melee_unit *u = wri_alloc_zero(&a, 1, sizeof *u);
    if (u == NULL)
        return WR_ERR_NOMEM;
    u->alloc = a;
    u->profile = profile;
    u->def = *def;
    *out = u;
    return WR_OK;
}

wr_status wr_melee_unit_new(const wr_profile *profile, const wr_unit_def *def, wr_melee_unit **out)
{
    return wr_melee_unit_new_ex(profile, def, NULL, out);
}

void wr_melee_unit_free(wr_melee_unit *unit)
{
    if (unit != NULL) {
        wr_allocator a = unit->alloc;
        wri_free(&a, unit, 1, sizeof *unit);
    }
}

wr_status wr_melee_unit_def(const wr_melee_unit *unit, wr_unit_def *def)
{
    if (unit == NULL || def == NULL)
        return WR_ERR_NULL;
    *def = unit->def;
    return WR_OK;
}

wr_status wr_melee_unit_set_figures(wr_melee_unit *unit, int figures)
{
    if (unit == NULL)
        return WR_ERR_NULL;
    int most = unit->def.kind == WR_UNIT_TROOPS ? WRI_MAX_FIGURES : 1;
    if (figures < 0 || figures > most)
        return WR_ERR_RANGE;
    unit->def.figures = figures;
    return WR_OK;
}

wr_status wr_melee_unit_set_disordered(wr_melee_unit *unit, int disordered)
{
    if (unit == NULL)
        return WR_ERR_NULL;
    if (disordered && unit->def.kind == WR_UNIT_CHARACTER)
        return WR_ERR_FORBIDDEN;
    if (disordered)
        unit->def.flags |= WR_UNIT_DISORDERED;
    else
        unit->def.flags &= ~WR_UNIT_DISORDERED;
    return WR_OK;
}

wr_status wr_melee_unit_set_hit_chart(wr_melee_unit *unit, const wr_hit_chart *chart)
{
    if (unit == NULL)
        return WR_ERR_NULL;
    unit->chart = chart;
    return WR_OK;
}

wr_status wr_melee_unit_wounds(const wr_melee_unit *unit, wr_wounds *wounds)
{
    if (unit == NULL || wounds == NULL)
        return WR_ERR_NULL;
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
    if (unit == NULL || wounds == NULL)
        return WR_ERR_NULL;
    if (unit->def.kind == WR_UNIT_TROOPS)
        return WR_ERR_INVALID;
    if (!wri_melee_wounds_sane(wounds))
        return WR_ERR_RANGE;
    unit->wounds = *wounds;
    unit->def.figures = wounds->dead ? 0 : 1;
    return WR_OK;
}

wr_status wr_melee_unit_may_leave(const wr_melee_unit *unit, int *may)
{
    if (unit == NULL || may == NULL)
        return WR_ERR_NULL;
    unsigned need = WR_UNIT_FLYING | WR_UNIT_COMBAT_HEIGHT;
    *may = (unit->def.flags & need) == need;
    return WR_OK;
}

wr_status wr_melee_may_start(wr_contact_move move, int *starts)
{
    if (starts == NULL)
        return WR_ERR_NULL;
    int m = (int)move;
    if (m < WR_MOVE_CHARGE || m > WR_MOVE_OTHER)
        return WR_ERR_INVALID;
    *starts = m == WR_MOVE_CHARGE || m == WR_MOVE_PUSHBACK || m == WR_MOVE_PURSUIT;
    return WR_OK;
}

wr_status wr_advance_stop(int gap_mm, int move_a_mm, int move_b_mm, int *a_mm, int *b_mm)
{
    if (a_mm == NULL || b_mm == NULL)
        return WR_ERR_NULL;
    const int most = 10000000;
    if (gap_mm < 0 || gap_mm > most || move_a_mm < 0 || move_a_mm > most || move_b_mm < 0 ||
        move_b_mm > most)
        return WR_ERR_RANGE;
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
