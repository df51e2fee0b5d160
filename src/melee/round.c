/* One round of hand-to-hand combat: disorder and flank tests, each side's
   strike (BCP, modifiers, MCP, fighting figures, FCP, remainder roll),
   wounds on monsters and characters, loser, pushback and morale
   [Flank and rear], [Casualties 1-8], [Wounds]. */
#include <stddef.h>
#include <string.h>

#include "internal.h"

void wri_melee_event(const wri_events *ev, wr_melee_rule rule, int side, int value, int detail)
{
    if (ev == NULL)
        return;
    if (*ev->n >= WR_ROUND_MAX_EVENTS) {
        *ev->truncated = 1;
        return;
    }
    wr_melee_event *e = &ev->buf[(*ev->n)++];
    e->rule = rule;
    e->side = side;
    e->value = value;
    e->detail = detail;
}

void wri_melee_snapshot(const wr_engagement *e, wri_snapshot *s)
{
    for (int i = 0; i < 2; i++) {
        const wr_melee_unit *u = e->unit[i];
        wri_side *d = &s->side[i];
        d->unit = u;
        d->profile = u->profile;
        d->chart = u->chart;
        d->kind = (int)u->def.kind;
        d->figures = u->def.figures;
        d->disordered = (u->def.flags & WR_UNIT_DISORDERED) != 0 || wri_melee_blood_lust(u);
        d->wounds = u->wounds;
    }
    s->situation = e->situation;
    s->round = e->rounds + 1;
    s->arg = "engagement";
    for (int i = 0; i < 2; i++) {
        /* along a flank the contact is not capped at the files (since 1.2) */
        s->along_face[i] = e->situation.side[i].attacked_in == WR_FACING_FLANK;
        s->cap[i] = 0;
        s->elsewhere[i] = 0;
        s->no_bonus[i] = 0;
    }
}

int wri_melee_blood_lust(const wr_melee_unit *u)
{
    return (u->def.flags & WR_UNIT_BLOOD_LUST) != 0;
}

static const wr_melee_unit_desc *def_of(const wri_snapshot *s, int side)
{
    return &s->side[side].unit->def;
}

/* Whether this round's flank or rear attack disorders the side; reason as
   in WR_RULE_NOT_DISORDERED when it does not. */
int wri_melee_disorders(const wri_snapshot *s, int side, int *reason)
{
    wr_facing facing = s->situation.side[side].attacked_in;
    *reason = 0;
    if (facing == WR_FACING_FRONT)
        return 0;
    const wr_melee_unit_desc *attacker = def_of(s, 1 - side);
    int kind = s->side[side].kind;
    if (kind == WR_UNIT_CHARACTER) {
        *reason = 3;
        return 0;
    }
    if (kind == WR_UNIT_MONSTER && facing == WR_FACING_FLANK) {
        *reason = 2;
        return 0;
    }
    if (attacker->kind == WR_UNIT_CHARACTER && !(attacker->flags & WR_UNIT_GIANT)) {
        *reason = 1;
        return 0;
    }
    return 1;
}

static int disordered_now(const wri_snapshot *s, int side)
{
    int reason = 0;
    return s->side[side].disordered || wri_melee_disorders(s, side, &reason);
}

int wri_melee_flank_test_due(const wri_snapshot *s, int side)
{
    wr_facing facing = s->situation.side[side].attacked_in;
    if (s->round != 1 || facing == WR_FACING_FRONT || !s->situation.side[1 - side].charged)
        return 0;
    int kind = s->side[side].kind;
    return kind == WR_UNIT_TROOPS || (kind == WR_UNIT_MONSTER && facing == WR_FACING_REAR);
}

wr_morale_reason wri_melee_flank_reason(const wri_snapshot *s, int side)
{
    return s->situation.side[side].attacked_in == WR_FACING_REAR ? WR_MORALE_REASON_REAR
                                                                 : WR_MORALE_REASON_FLANK;
}

static unsigned side_flags(const wri_snapshot *s, int side)
{
    const wr_melee_unit_desc *d = def_of(s, side);
    unsigned f = 0;
    if (d->mount != WR_MOUNT_NONE)
        f |= WR_COMBATANT_MOUNTED;
    if (disordered_now(s, side))
        f |= WR_COMBATANT_DISORDERED;
    if (d->flags & WR_UNIT_SWARM)
        f |= WR_COMBATANT_SWARM;
    if (d->flags & WR_UNIT_FLYING)
        f |= WR_COMBATANT_FLYING;
    if (s->situation.side[side].attacked_in != WR_FACING_FRONT)
        f |= WR_COMBATANT_FLANKED;
    return f;
}

static void use_modifier(wr_strike *st, unsigned *applies, wr_modifier m, int value)
{
    st->mod[m] = value;
    *applies |= 1u << m;
}

wr_status wri_melee_strike(const wri_snapshot *s, int side, wr_strike *st, const wri_events *ev)
{
    const int enemy = 1 - side;
    const wri_side *me = &s->side[side], *them = &s->side[enemy];
    const wr_melee_unit_desc *d = &me->unit->def, *e = &them->unit->def;
    const wr_profile *p = me->profile;
    const wr_combatant_situation *sit = &s->situation.side[side], *esit = &s->situation.side[enemy];
    unsigned fs = side_flags(s, side), fe = side_flags(s, enemy);
    unsigned applies = 0;

    memset(st, 0, sizeof *st);
    st->bcp = p->bcp[d->weapon_type][e->armour];
    wri_melee_event(ev, WR_RULE_BCP, side, st->bcp, d->weapon_type * 8 + e->armour);

    if (s->round == 1 && sit->charged)
        use_modifier(st, &applies, WR_MOD_CHARGED,
                     p->mod[WR_MOD_CHARGED] * (d->mount != WR_MOUNT_NONE ? 2 : 1));
    else if (s->no_bonus[side])
        wri_melee_event(ev, WR_RULE_NO_CHARGE_BONUS, side, 0, s->no_bonus[side] - 1);
    if ((p->hated >> them->profile->race) & 1u)
        use_modifier(st, &applies, WR_MOD_HATED_FOE, p->mod[WR_MOD_HATED_FOE]);
    if (d->mount != WR_MOUNT_NONE && e->mount == WR_MOUNT_NONE && e->kind != WR_UNIT_MONSTER &&
        !(e->flags & WR_UNIT_FLYING))
        use_modifier(st, &applies, WR_MOD_CAVALRY_VS_INFANTRY, p->mod[WR_MOD_CAVALRY_VS_INFANTRY]);
    if (me->kind == WR_UNIT_TROOPS) {
        int ranks = me->figures / d->files;
        if ((fs & WR_COMBATANT_FLANKED) && ranks > 1) {
            wri_melee_event(ev, WR_RULE_ONE_RANK, side, ranks, 1);
            ranks = 1;
        }
        st->ranks = ranks;
        if (ranks > 0)
            use_modifier(st, &applies, WR_MOD_PER_RANK, ranks * p->mod[WR_MOD_PER_RANK]);
    }
    if (esit->attacked_in == WR_FACING_FLANK)
        use_modifier(st, &applies, WR_MOD_FLANK, p->mod[WR_MOD_FLANK]);
    if (esit->attacked_in == WR_FACING_REAR)
        use_modifier(st, &applies, WR_MOD_REAR, p->mod[WR_MOD_REAR]);
    if (e->kind == WR_UNIT_MONSTER)
        use_modifier(st, &applies, WR_MOD_FIGHTING_MONSTER, p->mod[WR_MOD_FIGHTING_MONSTER]);
    if (sit->character_present)
        use_modifier(st, &applies, WR_MOD_CHARACTER_PRESENT, p->mod[WR_MOD_CHARACTER_PRESENT]);
    if (esit->cover != WR_COVER_NONE) {
        wr_modifier m = (wr_modifier)(WR_MOD_COVER_LIGHT + (int)esit->cover - 1);
        use_modifier(st, &applies, m, p->mod[m]);
    }
    if (d->troop_class == WR_TROOP_ELITE || d->troop_class == WR_TROOP_VETERAN)
        use_modifier(st, &applies, WR_MOD_ELITE_VETERAN, p->mod[WR_MOD_ELITE_VETERAN]);
    if (d->troop_class == WR_TROOP_C_CLASS)
        use_modifier(st, &applies, WR_MOD_C_CLASS, p->mod[WR_MOD_C_CLASS]);
    if (e->flags & WR_UNIT_SHIELDS)
        use_modifier(st, &applies, WR_MOD_ENEMY_SHIELD, p->mod[WR_MOD_ENEMY_SHIELD]);
    if (e->mount == WR_MOUNT_ARMOURED)
        use_modifier(st, &applies, WR_MOD_ENEMY_ARMOURED_MOUNT,
                     p->mod[WR_MOD_ENEMY_ARMOURED_MOUNT]);
    if (fe & WR_COMBATANT_DISORDERED)
        use_modifier(st, &applies, WR_MOD_ENEMY_DISORDERED, p->mod[WR_MOD_ENEMY_DISORDERED]);

    long long total = 0;
    for (int m = 0; m < WR_MOD_COUNT; m++) {
        total += st->mod[m];
        if (applies & (1u << m))
            wri_melee_event(ev, WR_RULE_MODIFIER, side, st->mod[m], m);
    }
    long long mcp = st->bcp + total;
    if (mcp < 0)
        mcp = 0;
    int in_contact = sit->in_contact;
    if (in_contact > d->files && !s->along_face[side])
        in_contact = d->files;
    if (in_contact > me->figures)
        in_contact = me->figures;
    wr_weapon reach = (wr_weapon)p->reach[d->weapon_type];
    int fighting =
        wri_melee_fighting(me->figures, d->files, in_contact, reach, fs, fe, &st->fighting_case);
    if (s->cap[side] > 0 && fighting > s->cap[side] - 1) {
        wri_melee_event(ev, WR_RULE_ONCE_PER_TURN, side, s->cap[side] - 1, fighting);
        fighting = s->cap[side] - 1;
    }
    long long fcp = mcp * fighting;
    if (total > 200000000 || mcp > 200000000 || fcp > 200000000)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, s->arg, fcp,
                              "a Final Combat Percentage of at most 200000000");
    st->modifiers = (int)total;
    st->mcp = (int)mcp;
    st->fighting = fighting;
    st->fcp = (int)fcp;
    st->hits = st->fcp / 100;
    st->kills = them->kind == WR_UNIT_TROOPS && st->hits > them->figures ? them->figures : st->hits;
    wri_melee_event(ev, WR_RULE_MCP, side, st->mcp, 0);
    wri_melee_event(ev, WR_RULE_FIGHTING, side, st->fighting, st->fighting_case);
    wri_melee_event(ev, WR_RULE_FCP, side, st->fcp, 0);
    wri_melee_event(ev, WR_RULE_CERTAIN_KILLS, side, st->hits, 0);
    return WR_OK;
}

wr_status wri_melee_roll(wri_dice *dice, int sides, int *out)
{
    if (dice->rng != NULL)
        return wr_rng_roll(dice->rng, sides, out);
    if (dice->used >= dice->n)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "n_rolls", dice->n, "enough rolls for the round");
    int v = dice->rolls[dice->used];
    if (v < 1 || v > sides)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "rolls", v,
                              sides == 100 ? "1..100 (a d100)" : "1..4 (a d4)");
    dice->used++;
    *out = v;
    return WR_OK;
}

void wri_melee_morale_test(const wri_snapshot *s, int side, wr_morale_reason reason, int lost,
                           int enemy_lost, wr_morale_test *t)
{
    t->reason = reason;
    t->side = side;
    t->round = s->round;
    t->figures = s->side[side].figures - lost;
    t->lost = lost;
    t->enemy_lost = enemy_lost;
    t->disordered = disordered_now(s, side);
    t->character_present = s->situation.side[side].character_present != 0;
    t->enemy_monster = s->side[1 - side].kind == WR_UNIT_MONSTER;
    t->unit = s->side[side].unit;
    t->enemy = s->side[1 - side].unit;
}

wr_status wri_melee_morale_odds(wr_morale_fn fn, void *user, const wr_morale_test *t,
                                wr_morale_odds *o, const char *arg)
{
    wr_morale_odds odds = {0, 0, 0};
    wr_status st = (fn != NULL ? fn : wr_morale_sample)(user, t, &odds);
    if (st != WR_OK)
        return st;
    if (odds.pass < 0 || odds.pass > 100 || odds.retire < 0 || odds.retire > 100 || odds.rout < 0 ||
        odds.rout > 100 || odds.pass + odds.retire + odds.rout != 100)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, arg, (long long)odds.pass + odds.retire + odds.rout,
                              "a morale model giving odds 0..100 that sum to 100 (the value)");
    *o = odds;
    return WR_OK;
}

wr_morale_result wri_melee_morale_outcome(const wr_morale_odds *o, int d100)
{
    if (d100 <= o->pass)
        return WR_MORALE_PASS;
    return d100 <= o->pass + o->retire ? WR_MORALE_RETIRE : WR_MORALE_ROUT;
}

wr_melee_end wri_melee_end_of(int side, wr_morale_result res)
{
    if (res == WR_MORALE_ROUT)
        return side == 0 ? WR_END_A_ROUTS : WR_END_B_ROUTS;
    if (res == WR_MORALE_RETIRE)
        return side == 0 ? WR_END_A_RETIRES : WR_END_B_RETIRES;
    return WR_END_ONGOING;
}

void wri_melee_morale_events(const wri_events *ev, int side, wr_morale_result res)
{
    static const wr_melee_rule rule[] = {WR_RULE_MORALE_PASSED, WR_RULE_MORALE_PASSED,
                                         WR_RULE_RETIRES, WR_RULE_ROUTS};
    wri_melee_event(ev, rule[res], side, 0, 0);
    if (res == WR_MORALE_ROUT)
        wri_melee_event(ev, WR_RULE_PURSUIT, 1 - side, 0, 0);
}

/* The wounds side `side`'s hits inflict on a monster or character. */
static wr_status wound_target(const wri_snapshot *s, int side, wri_dice *dice, wr_melee_round *r,
                              const wri_events *ev)
{
    const int target = 1 - side;
    const wri_side *t = &s->side[target];
    wr_wounds w = t->wounds;
    int hits = r->strike[side].hits;
    for (int h = 0; h < hits && !w.dead; h++) {
        if (t->chart == NULL)
            return WRI_FAIL(WR_ERR_STATE, s->arg,
                            "[Wounds] a hit chart for every monster or character");
        int d100 = 0, d4 = 0, location = 0, dead = 0;
        wr_wound wound = WR_WOUND_NONE;
        wr_status st = wri_melee_roll(dice, 100, &d100);
        if (st == WR_OK)
            st = wri_melee_roll(dice, 4, &d4);
        if (st != WR_OK)
            return st;
        /* a chart with holes, or wound counts at their limit: the unit's */
        st = wr_hit_chart_lookup(t->chart, d100, d4, &location, &wound);
        if (st == WR_OK)
            st = wr_wounds_add(&w, wound, t->kind == WR_UNIT_CHARACTER, &dead);
        if (st != WR_OK)
            return WRI_PASS_ARG(st, s->arg);
        int n = r->n_wounds[target]++;
        if (n < WR_ROUND_MAX_WOUNDS) {
            r->wound[target][n] = wound;
            r->wound_location[target][n] = location;
        }
        wri_melee_event(ev, WR_RULE_WOUND, target, (int)wound, location);
        if (dead)
            wri_melee_event(ev, WR_RULE_SLAIN, target, w.hits, 0);
    }
    r->wounds_after[target] = w;
    r->strike[side].kills = w.dead && !t->wounds.dead ? 1 : 0;
    return WR_OK;
}

void wri_melee_round_start(const wri_snapshot *s, wr_melee_round *r, const wri_events *ev)
{
    memset(r, 0, offsetof(wr_melee_round, events));
    r->round = s->round;
    r->loser = -1;
    r->pursuit = -1;
    r->end = WR_END_ONGOING;
    for (int i = 0; i < 2; i++) {
        r->figures_before[i] = s->side[i].figures;
        r->wounds_before[i] = s->side[i].wounds;
        r->wounds_after[i] = s->side[i].wounds;
        int reason = 0;
        int by_attack = wri_melee_disorders(s, i, &reason);
        r->disordered[i] = s->side[i].disordered || by_attack;
        if (wri_melee_blood_lust(s->side[i].unit))
            wri_melee_event(ev, WR_RULE_BLOOD_LUST, i, 1, 0);
        if (s->elsewhere[i] > 0)
            wri_melee_event(ev, WR_RULE_DISORDERED_ELSEWHERE, i, 1, s->elsewhere[i] - 1);
        if (by_attack)
            wri_melee_event(ev, WR_RULE_DISORDERED, i, 1,
                            s->situation.side[i].attacked_in == WR_FACING_REAR ? WR_MOD_REAR
                                                                               : WR_MOD_FLANK);
        else if (reason != 0)
            wri_melee_event(ev, WR_RULE_NOT_DISORDERED, i, 0, reason);
    }
}

wr_status wri_melee_round(const wri_snapshot *s, wri_dice *dice, wr_morale_fn fn, void *user,
                          wr_melee_round *r, const wri_events *ev)
{
    wr_status st;
    wri_melee_round_start(s, r, ev);
    for (int i = 0; i < 2; i++) {
        if (!wri_melee_flank_test_due(s, i))
            continue;
        wr_morale_test t;
        wr_morale_odds o;
        wri_melee_morale_test(s, i, wri_melee_flank_reason(s, i), 0, 0, &t);
        if ((st = wri_melee_morale_odds(fn, user, &t, &o, s->arg)) != WR_OK)
            return st;
        if ((st = wri_melee_roll(dice, 100, &r->flank_roll[i])) != WR_OK)
            return st;
        r->flank_test[i] = wri_melee_morale_outcome(&o, r->flank_roll[i]);
        wri_melee_event(ev, WR_RULE_FLANK_TEST, i, o.pass, r->flank_roll[i]);
        wri_melee_morale_events(ev, i, r->flank_test[i]);
        if (r->flank_test[i] != WR_MORALE_PASS) {
            r->end = wri_melee_end_of(i, r->flank_test[i]);
            r->pursuit = r->flank_test[i] == WR_MORALE_ROUT ? 1 - i : -1;
            return WR_OK;
        }
    }
    if ((st = wri_melee_round_strikes(s, dice, r, ev)) != WR_OK)
        return st;
    return wri_melee_round_result(s, dice, fn, user, r, ev, NULL);
}

wr_status wri_melee_round_strikes(const wri_snapshot *s, wri_dice *dice, wr_melee_round *r,
                                  const wri_events *ev)
{
    wr_status st;
    r->fought = 1;
    for (int i = 0; i < 2; i++) {
        wr_strike *k = &r->strike[i];
        if ((st = wri_melee_strike(s, i, k, ev)) != WR_OK)
            return st;
        int rem = k->fcp % 100;
        if (rem > 0) {
            if ((st = wri_melee_roll(dice, 100, &k->roll)) != WR_OK)
                return st;
            int hit = k->roll <= rem;
            k->hits += hit;
            wri_melee_event(ev, hit ? WR_RULE_REMAINDER_HIT : WR_RULE_REMAINDER_MISS, i, rem,
                            k->roll);
        }
        const wri_side *t = &s->side[1 - i];
        if (t->kind == WR_UNIT_TROOPS) {
            k->kills = k->hits > t->figures ? t->figures : k->hits;
            if (k->hits > t->figures)
                wri_melee_event(ev, WR_RULE_KILLS_CAPPED, i, t->figures, k->hits);
        } else if ((st = wound_target(s, i, dice, r, ev)) != WR_OK) {
            return st;
        }
        r->lost[1 - i] = k->kills;
    }
    return WR_OK;
}

wr_status wri_melee_round_result(const wri_snapshot *s, wri_dice *dice, wr_morale_fn fn, void *user,
                                 wr_melee_round *r, const wri_events *ev,
                                 const wri_phase_after *phase)
{
    wr_status st;
    int after0 = s->side[0].figures - r->lost[0], after1 = s->side[1].figures - r->lost[1];
    if (phase != NULL) {
        after0 = phase->figures[0];
        after1 = phase->figures[1];
    }
    if (r->lost[0] != r->lost[1])
        r->loser = r->lost[0] > r->lost[1] ? 0 : 1;
    if (after0 == 0 || after1 == 0) {
        r->end = after0 == 0 ? (after1 == 0 ? WR_END_BOTH_DESTROYED : WR_END_A_DESTROYED)
                             : WR_END_B_DESTROYED;
        if (after0 == 0)
            wri_melee_event(ev, WR_RULE_DESTROYED, 0, 0, 0);
        if (after1 == 0)
            wri_melee_event(ev, WR_RULE_DESTROYED, 1, 0, 0);
        return WR_OK;
    }
    if (r->loser < 0) {
        wri_melee_event(ev, WR_RULE_DRAWN, -1, r->lost[0], r->lost[1]);
        return WR_OK;
    }
    int l = r->loser;
    wri_melee_event(ev, WR_RULE_LOST_ROUND, l, r->lost[l], r->lost[1 - l]);
    r->pushed_back = 1;
    wri_melee_event(ev, WR_RULE_PUSHED_BACK, l, 0, 0);
    wr_morale_test t;
    wri_melee_morale_test(s, l, WR_MORALE_REASON_LOST_ROUND, r->lost[l], r->lost[1 - l], &t);
    if (phase != NULL) {
        t.figures = phase->figures[l];
        t.lost = phase->lost[l];
    }
    if ((st = wri_melee_morale_odds(fn, user, &t, &r->morale_odds, s->arg)) != WR_OK)
        return st;
    if ((st = wri_melee_roll(dice, 100, &r->morale_roll)) != WR_OK)
        return st;
    r->morale = wri_melee_morale_outcome(&r->morale_odds, r->morale_roll);
    wri_melee_event(ev, WR_RULE_MORALE_TEST, l, r->morale_odds.pass, r->morale_roll);
    wri_melee_morale_events(ev, l, r->morale);
    r->end = wri_melee_end_of(l, r->morale);
    if (r->morale == WR_MORALE_ROUT)
        r->pursuit = 1 - l;
    return WR_OK;
}

wr_status wr_morale_sample(void *user, const wr_morale_test *test, wr_morale_odds *odds)
{
    (void)user;
    if (test == NULL)
        return WRI_NULL(test);
    if (odds == NULL)
        return WRI_NULL(odds);
    if (test->unit == NULL)
        return WRI_NULL(test->unit);
    const wr_profile *p = test->unit->profile;
    const int *m = p->morale_mod;
    long long target = test->unit->def.morale;
    switch (test->reason) {
    case WR_MORALE_REASON_LOST_ROUND:
        target += m[WR_MORALE_LOST_ROUND] + (long long)m[WR_MORALE_PER_FIGURE_LOST] * test->lost;
        break;
    case WR_MORALE_REASON_FLANK: target += m[WR_MORALE_ATTACKED_FLANK]; break;
    case WR_MORALE_REASON_REAR: target += m[WR_MORALE_ATTACKED_REAR]; break;
    default:
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "test->reason", test->reason,
                              "a wr_morale_reason value");
    }
    if (test->disordered)
        target += m[WR_MORALE_DISORDERED];
    if (test->character_present)
        target += m[WR_MORALE_CHARACTER_PRESENT];
    if (test->enemy_monster)
        target += m[WR_MORALE_FIGHTING_MONSTER];
    long long pass = target < 0 ? 0 : (target > 100 ? 100 : target);
    long long upto = target + p->retire_band;
    upto = upto < 0 ? 0 : (upto > 100 ? 100 : upto);
    odds->pass = (int)pass;
    odds->retire = (int)(upto - pass);
    odds->rout = 100 - (int)upto;
    return WR_OK;
}

void wri_melee_advance(wri_snapshot *s, const wr_melee_round *r)
{
    for (int i = 0; i < 2; i++) {
        wri_side *d = &s->side[i];
        if (d->kind == WR_UNIT_TROOPS) {
            d->figures -= r->lost[i];
        } else {
            d->wounds = r->wounds_after[i];
            if (d->wounds.dead)
                d->figures = 0;
        }
        if (r->disordered[i] && d->kind != WR_UNIT_CHARACTER)
            d->disordered = 1;
    }
    s->round++;
}
