/* Battlesystem handles: figures, units and formations made, changed, rated,
   moved and freed in any order decoded from the input, with an allocator
   that fails when the input says so. Checks: a failed call changes neither
   its outputs nor the handle; results stay in their documented ranges; every
   block is freed at the end. */
#include "fuzz_alloc.h"
#include "fuzz_input.h"
#include "warrules/battlesystem.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define SENT (-0x5A5A5A5)
#define NF 4
#define NU 3
#define NM 3

typedef struct figure_state {
    int stat[6];
    int lo, hi, dice, bonus;
    size_t groups;
} figure_state;

static void snapshot(const wr_figure *f, figure_state *s)
{
    memset(s, 0, sizeof *s);
    for (int i = 0; i < 6; i++)
        REQUIRE(wr_figure_get(f, (wr_stat)i, &s->stat[i]) == WR_OK);
    REQUIRE(wr_figure_damage_range(f, &s->lo, &s->hi) == WR_OK);
    REQUIRE(wr_figure_damage_totals(f, &s->dice, &s->bonus) == WR_OK);
    REQUIRE(wr_figure_damage_groups(f, &s->groups) == WR_OK);
    REQUIRE(s->lo >= 0 && s->lo <= s->hi && s->dice >= 0 && s->dice <= WR_FIGURE_MAX_DICE);
    REQUIRE(s->bonus >= -WR_FIGURE_MAX_BONUS && s->bonus <= WR_FIGURE_MAX_BONUS);
    REQUIRE(s->groups <= 1000 && (s->groups == 0) == (s->dice == 0));
    REQUIRE(s->stat[WR_STAT_AR] >= -100 && s->stat[WR_STAT_AR] <= 100);
    REQUIRE(s->stat[WR_STAT_HD] >= 0 && s->stat[WR_STAT_HD] <= 2000);
    REQUIRE(s->stat[WR_STAT_AC] >= -102 && s->stat[WR_STAT_AC] <= 100);
    REQUIRE(s->stat[WR_STAT_MV] >= 0 && s->stat[WR_STAT_MV] <= 1000);
    int prev = 0, dice_sum = 0;
    for (size_t g = 0; g < s->groups; g++) {
        int d = SENT, sides = SENT;
        REQUIRE(wr_figure_damage_group(f, g, &d, &sides) == WR_OK);
        REQUIRE(sides > prev && sides <= 1000 && d >= 1);
        prev = sides;
        dice_sum += d;
    }
    REQUIRE(dice_sum == s->dice);
    int d = SENT, sides = SENT;
    REQUIRE(wr_figure_damage_group(f, s->groups, &d, &sides) == WR_ERR_RANGE && d == SENT &&
            sides == SENT);
}

static void same(const wr_figure *f, const figure_state *before)
{
    figure_state now;
    snapshot(f, &now);
    REQUIRE(memcmp(&now, before, sizeof now) == 0);
}

static void formation_same(const wr_formation *m, const wr_formation_info *before)
{
    wr_formation_info now;
    REQUIRE(wr_formation_get(m, &now) == WR_OK);
    REQUIRE(memcmp(&now, before, sizeof now) == 0);
}

static void check_formation(const wr_formation *m)
{
    wr_formation_info i;
    REQUIRE(wr_formation_get(m, &i) == WR_OK);
    REQUIRE((i.order == WR_ORDER_OPEN || i.order == WR_ORDER_CLOSED) && i.frontage >= 1 &&
            i.frontage <= 100000 && i.facing >= 0 && i.facing <= 359 && i.spent >= 0 &&
            i.turned >= 0 && (int)i.special >= 0 && (int)i.special <= 2 && !(i.sides & ~WR_FACE_ALL));
}

static int any_value(fuzz_input *in, int lim)
{
    return fuzz_small(in, 4) == 0 ? fuzz_int(in) : fuzz_small(in, lim);
}

typedef struct pools {
    wr_figure *f[NF];
    wr_battle_unit *u[NU];
    wr_formation *m[NM];
    wr_rng *rng;
} pools;

static void figure_ops(fuzz_input *in, pools *p, fuzz_alloc *fa, int op)
{
    int i = fuzz_small(in, NF) & (NF - 1), j = fuzz_small(in, NF) & (NF - 1);
    wr_figure *f = p->f[i];
    figure_state before;
    wr_allocator a;
    switch (op) {
    case 0: { /* new */
        if (f != NULL)
            return;
        wr_figure *out = (wr_figure *)&before; /* a sentinel pointer */
        wr_status st = wr_figure_new_ex(fuzz_pick_alloc(in, fa, &a), &out);
        if (st == WR_OK) {
            p->f[i] = out;
            snapshot(out, &before);
            for (int s = 0; s < 6; s++)
                REQUIRE(before.stat[s] == 0);
        } else {
            REQUIRE(st == WR_ERR_NOMEM && out == (wr_figure *)&before);
        }
        return;
    }
    case 1:
        wr_figure_free(f);
        p->f[i] = NULL;
        return;
    }
    if (f == NULL)
        return;
    snapshot(f, &before);
    switch (op) {
    case 2: { /* set and get back */
        int stat = fuzz_small(in, 6), v = fuzz_shift(any_value(in, 1100), fuzz_small(in, 2) ? -100 : 0);
        wr_status st = wr_figure_set(f, (wr_stat)stat, v);
        if (st == WR_OK) {
            int got = SENT;
            REQUIRE(wr_figure_get(f, (wr_stat)stat, &got) == WR_OK && got == v);
            return;
        } else {
            same(f, &before);
        }
        break;
    }
    case 3: { /* add damage */
        int dice = any_value(in, 20), sides = any_value(in, 20), bonus = fuzz_shift(any_value(in, 40), -20);
        wr_status st = wr_figure_add_damage(f, dice, sides, bonus);
        if (getenv("FUZZ_TRACE") != NULL)
            fprintf(stderr, "add_damage(%d, %d, %d) = %s; before: dice %d bonus %d groups %zu lo %d hi %d\n",
                    dice, sides, bonus, wr_status_name(st), before.dice, before.bonus, before.groups,
                    before.lo, before.hi);
        if (st == WR_OK) {
            figure_state now;
            snapshot(f, &now);
            REQUIRE(now.dice == before.dice + dice && now.bonus == before.bonus + bonus);
            return;
        } else {
            REQUIRE(st == WR_ERR_RANGE || st == WR_ERR_NOMEM);
            same(f, &before);
        }
        break;
    }
    case 4: { /* damage from the caller's rolls */
        int rolls[64];
        size_t n = (size_t)(fuzz_small(in, 64) & 63);
        if (fuzz_small(in, 2) == 0 && before.dice <= 64)
            n = (size_t)before.dice;
        for (size_t k = 0; k < n; k++)
            rolls[k] = fuzz_small(in, 12);
        int dmg = SENT;
        wr_status st = wr_figure_damage_rolls(f, n ? rolls : NULL, n, &dmg);
        if (st == WR_OK)
            REQUIRE(dmg >= before.lo && dmg <= before.hi);
        else
            REQUIRE(dmg == SENT && (st == WR_ERR_INVALID || st == WR_ERR_RANGE));
        break;
    }
    case 5: { /* damage rolled */
        int dmg = SENT;
        if (before.dice > 2000)
            break;
        REQUIRE(wr_figure_damage_rng(f, p->rng, &dmg) == WR_OK);
        REQUIRE(dmg >= before.lo && dmg <= before.hi);
        break;
    }
    case 6: { /* cavalry */
        wr_figure *g = p->f[j], *out = (wr_figure *)&before;
        if (g == NULL)
            break;
        wr_status st = wr_rate_cavalry_ex(f, g, fuzz_pick_alloc(in, fa, &a), &out);
        if (st != WR_OK) {
            REQUIRE(out == (wr_figure *)&before && (st == WR_ERR_RANGE || st == WR_ERR_NOMEM));
            break;
        }
        figure_state r, m;
        snapshot(out, &r);
        snapshot(g, &m);
        REQUIRE(r.stat[WR_STAT_AR] == before.stat[WR_STAT_AR]);
        REQUIRE(r.stat[WR_STAT_HD] == (before.stat[WR_STAT_HD] + m.stat[WR_STAT_HD] + 1) / 2);
        REQUIRE(r.stat[WR_STAT_MV] == m.stat[WR_STAT_MV]);
        REQUIRE(r.dice == before.dice + m.dice && r.bonus == before.bonus + m.bonus);
        wr_figure_free(p->f[(i + 1) % NF]);
        p->f[(i + 1) % NF] = out;
        return;
    }
    case 7: { /* chariot from the pool, any counts */
        const wr_figure *pa[NF], *pu[NF];
        size_t np = 0, nq = 0;
        for (int k = 0; k < NF; k++) {
            if (p->f[k] != NULL && (fuzz_small(in, 2) & 1))
                pa[np++] = p->f[k];
            if (p->f[k] != NULL && (fuzz_small(in, 2) & 1))
                pu[nq++] = p->f[k];
        }
        wr_figure *out = (wr_figure *)&before;
        wr_status st = wr_rate_chariot_ex(pa, np, pu, nq, fuzz_pick_alloc(in, fa, &a), &out);
        if (st != WR_OK) {
            REQUIRE(out == (wr_figure *)&before);
            REQUIRE(st == WR_ERR_RANGE || st == WR_ERR_NOMEM || st == WR_ERR_NULL);
            break;
        }
        figure_state r;
        snapshot(out, &r);
        wr_figure_free(p->f[(i + 2) % NF]);
        p->f[(i + 2) % NF] = out;
        return;
    }
    case 8: { /* clone */
        wr_figure *out = (wr_figure *)&before;
        wr_status st = wr_figure_clone(f, &out);
        if (st == WR_OK) {
            same(out, &before);
            wr_figure_free(p->f[j]);
            p->f[j] = out;
            if (j == i)
                return;
        } else {
            REQUIRE(st == WR_ERR_NOMEM && out == (wr_figure *)&before);
        }
        break;
    }
    default:
        break;
    }
    same(f, &before);
}

static wr_battle_unit_desc some_desc(fuzz_input *in)
{
    wr_battle_unit_desc d = wr_battle_unit_desc_default();
    d.type = (wr_battle_unit_type)fuzz_small(in, 3);
    d.figures = any_value(in, 40);
    d.equipment = (unsigned)fuzz_small(in, 8);
    d.traits = (unsigned)fuzz_small(in, 16);
    d.single_creature = fuzz_small(in, 2);
    d.in_command = fuzz_small(in, 2);
    return d;
}

static void unit_ops(fuzz_input *in, pools *p, fuzz_alloc *fa, int op)
{
    int i = fuzz_small(in, NU) & 3;
    if (i >= NU)
        i = 0;
    wr_battle_unit *u = p->u[i];
    wr_allocator a;
    switch (op) {
    case 0: {
        wr_figure *f = p->f[fuzz_small(in, NF) & (NF - 1)];
        if (u != NULL || f == NULL)
            return;
        wr_battle_unit_desc d = some_desc(in);
        wr_battle_unit *out = (wr_battle_unit *)&d;
        wr_status st = wr_battle_unit_new_ex(f, &d, fuzz_pick_alloc(in, fa, &a), &out);
        if (st == WR_OK) {
            wr_battle_unit_desc got;
            REQUIRE(wr_battle_unit_get(out, &got) == WR_OK && memcmp(&got, &d, sizeof d) == 0);
            const wr_figure *copy = NULL;
            REQUIRE(wr_battle_unit_figure(out, &copy) == WR_OK && copy != NULL && copy != f);
            p->u[i] = out;
        } else {
            REQUIRE(out == (wr_battle_unit *)&d);
        }
        return;
    }
    case 1:
        wr_battle_unit_free(u);
        p->u[i] = NULL;
        return;
    }
    if (u == NULL)
        return;
    wr_battle_unit_desc before;
    REQUIRE(wr_battle_unit_get(u, &before) == WR_OK);
    if (op == 2) {
        wr_battle_unit_desc d = some_desc(in);
        wr_status st = wr_battle_unit_set(u, &d);
        wr_battle_unit_desc now;
        REQUIRE(wr_battle_unit_get(u, &now) == WR_OK);
        REQUIRE(memcmp(&now, st == WR_OK ? &d : &before, sizeof now) == 0);
    } else {
        unsigned parts = (unsigned)fuzz_small(in, 4);
        int hit = any_value(in, 40), removed = SENT;
        wr_status st = wr_battle_unit_kill_parts(u, parts, hit, &removed);
        wr_battle_unit_desc now;
        REQUIRE(wr_battle_unit_get(u, &now) == WR_OK);
        if (st == WR_OK)
            REQUIRE(removed >= 0 && removed <= hit && now.figures == before.figures - removed);
        else
            REQUIRE(removed == SENT && memcmp(&now, &before, sizeof now) == 0);
    }
}

static void formation_ops(fuzz_input *in, pools *p, fuzz_alloc *fa, int op)
{
    int i = fuzz_small(in, NM) & 3;
    if (i >= NM)
        i = 0;
    wr_formation *m = p->m[i];
    wr_battle_unit *u = p->u[(fuzz_small(in, NU) & 3) % NU];
    wr_allocator a;
    if (op == 0) {
        if (m != NULL)
            return;
        wr_formation *out = (wr_formation *)&a;
        int order = fuzz_small(in, 2), frontage = any_value(in, 12), facing = any_value(in, 400);
        wr_status st = wr_formation_new_ex((wr_formation_order)order, frontage, facing,
                                           fuzz_pick_alloc(in, fa, &a), &out);
        if (st == WR_OK) {
            check_formation(out);
            p->m[i] = out;
        } else {
            REQUIRE(out == (wr_formation *)&a);
        }
        return;
    }
    if (op == 1) {
        wr_formation_free(m);
        p->m[i] = NULL;
        return;
    }
    if (m == NULL)
        return;
    wr_formation_info before;
    REQUIRE(wr_formation_get(m, &before) == WR_OK);
    wr_status st = WR_OK;
    int v = SENT, w = SENT;
    switch (fuzz_small(in, 16) & 15) {
    case 0:
        st = wr_formation_set_order(m, (wr_formation_order)fuzz_small(in, 2));
        break;
    case 1:
        st = wr_formation_set_frontage(m, any_value(in, 12));
        break;
    case 2:
        st = wr_formation_begin_phase(m);
        break;
    case 3:
        st = wr_formation_break(m);
        break;
    case 4:
        if (u == NULL)
            return;
        st = wr_formation_turn(m, u, fuzz_shift(any_value(in, 400), -200));
        break;
    case 5:
        if (u == NULL)
            return;
        st = wr_shield_wall_declare(u, m, fuzz_small(in, 2), any_value(in, 100));
        break;
    case 6:
        if (u == NULL)
            return;
        st = wr_spears_declare(u, m, (unsigned)fuzz_small(in, 16), any_value(in, 100));
        break;
    case 7: {
        if (u == NULL)
            return;
        wr_tactical_leg legs[8];
        size_t n = (size_t)(fuzz_small(in, 8) & 7);
        for (size_t k = 0; k < n; k++) {
            legs[k].terrain = (wr_terrain)fuzz_small(in, 6);
            legs[k].length = any_value(in, 200);
            legs[k].obstacles = fuzz_small(in, 2);
            legs[k].rises = fuzz_small(in, 2);
        }
        unsigned flags = (unsigned)fuzz_small(in, 4);
        wr_tactical_result r1, r2;
        memset(&r1, 0x5A, sizeof r1);
        memset(&r2, 0x5A, sizeof r2);
        wr_tactical_result sent = r1;
        wr_status c = wr_tactical_check(u, m, n ? legs : NULL, n, flags, &r1);
        if (c != WR_OK) {
            REQUIRE(memcmp(&r1, &sent, sizeof r1) == 0);
            formation_same(m, &before);
        } else {
            REQUIRE((r1.legal == 0 || r1.legal == 1) && (r1.legal == (r1.problem == WR_TACTICAL_OK)));
            REQUIRE(r1.cost >= 0 && r1.available >= 0 && r1.left == r1.available - r1.cost);
            /* the batch form agrees with the single check */
            int count = (int)n;
            wr_tactical_result rb;
            size_t bad = 77;
            REQUIRE(wr_tactical_check_batch(u, m, n ? legs : NULL, n, &count, 1, flags, &rb,
                                            &bad) == WR_OK &&
                    memcmp(&rb, &r1, sizeof rb) == 0 && bad == 77);
        }
        wr_tactical_problem prob = (wr_tactical_problem)SENT;
        wr_status cc = wr_charge_check(u, n ? legs : NULL, n, &prob);
        if (cc != WR_OK)
            REQUIRE((int)prob == SENT);
        st = wr_tactical_apply(u, m, n ? legs : NULL, n, flags, &r2);
        if (c != WR_OK)
            REQUIRE(st == c);
        else
            REQUIRE(st == (r1.legal ? WR_OK : WR_ERR_FORBIDDEN));
        if (st != WR_OK)
            REQUIRE(memcmp(&r2, &sent, sizeof r2) == 0 || st == WR_ERR_FORBIDDEN);
        break;
    }
    case 8:
        if (u == NULL)
            return;
        if (wr_formation_ranks(m, u, &v, &w) == WR_OK)
            REQUIRE(v >= 0 && w >= 0 && w <= before.frontage);
        return;
    case 9:
        if (u == NULL)
            return;
        if (wr_formation_available(m, u, &v) == WR_OK)
            REQUIRE(v >= 0);
        return;
    case 10: {
        if (u == NULL)
            return;
        wr_declare_problem pr = (wr_declare_problem)SENT;
        if (wr_shield_wall_check(u, m, fuzz_small(in, 2), any_value(in, 100), &pr) != WR_OK)
            REQUIRE((int)pr == SENT);
        pr = (wr_declare_problem)SENT;
        if (wr_spears_check(u, m, (unsigned)fuzz_small(in, 16), any_value(in, 100), &pr) !=
            WR_OK)
            REQUIRE((int)pr == SENT);
        return;
    }
    case 11:
        st = wr_shield_wall_ac_modifier(m, (wr_attack_kind)fuzz_small(in, 4),
                                        (wr_attack_from)fuzz_small(in, 5), &v);
        if (st == WR_OK)
            REQUIRE(v == 0 || v == -2 || v == -4);
        else
            REQUIRE(v == SENT);
        return;
    case 12:
        st = wr_spears_multiplier(m, (wr_attack_from)fuzz_small(in, 5), &v);
        REQUIRE(st == WR_OK ? (v == 1 || v == 2) : v == SENT);
        return;
    case 13:
        if (u == NULL)
            return;
        st = wr_charger_strikers(u, m, any_value(in, 20), any_value(in, 20), &v);
        REQUIRE(st == WR_OK ? v >= 0 : v == SENT);
        return;
    case 14:
        if (u == NULL)
            return;
        st = wr_charge_ar_modifier(u, m, (wr_attack_from)fuzz_small(in, 5), &v);
        REQUIRE(st == WR_OK ? (v == 0 || v == -2) : v == SENT);
        st = wr_charge_damage_multiplier(u, &w);
        REQUIRE(st == WR_OK && (w == 1 || w == 2));
        return;
    default:
        return;
    }
    if (st != WR_OK)
        formation_same(m, &before);
    check_formation(m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = {data, size, 0};
    fuzz_alloc fa = {0, -1, 0};
    pools p;
    memset(&p, 0, sizeof p);
    if (wr_rng_new(fuzz_u64(&in), &p.rng) != WR_OK)
        return 0;
    for (int steps = 0; steps < 200 && fuzz_more(&in); steps++) {
        int op = fuzz_small(&in, 32) & 31;
        if (getenv("FUZZ_TRACE") != NULL)
            fprintf(stderr, "step %d: op %d\n", steps, op);
        if (op < 12)
            figure_ops(&in, &p, &fa, op);
        else if (op < 16)
            unit_ops(&in, &p, &fa, op - 12);
        else
            formation_ops(&in, &p, &fa, op < 18 ? op - 16 : 2);
    }
    for (int i = 0; i < NF; i++)
        wr_figure_free(p.f[i]);
    for (int i = 0; i < NU; i++)
        wr_battle_unit_free(p.u[i]);
    for (int i = 0; i < NM; i++)
        wr_formation_free(p.m[i]);
    wr_rng_free(p.rng);
    REQUIRE(fa.live == 0);
    return 0;
}
