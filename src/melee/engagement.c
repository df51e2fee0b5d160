/* Engagements: two units and their situation; fighting a round, applying
   it after the phase, and the kill distribution of a strike
   [Casualties], [Continuing]. */
#include <string.h>

#include "internal.h"
#include "core/rng.h"

/* The most figures of a side in contact: its files (and figures); along a
   flank, since 1.2, one figure per rank when that is more, as in a melee
   phase [Flank and rear: "only count its figures in base-to-base contact"]. */
static int contact_most(const wr_melee_unit *u, wr_facing attacked_in)
{
    int figures = u->def.figures, files = u->def.files;
    int most = files < figures ? files : figures;
    if (attacked_in == WR_FACING_FLANK) {
        int ranks = figures / files + (figures % files > 0);
        int along = ranks < figures ? ranks : figures;
        most = along > most ? along : most;
    }
    return most;
}

static wr_status check_situation(wr_melee_unit *const u[2], const wr_situation *s)
{
    for (int i = 0; i < 2; i++) {
        const wr_combatant_situation *d = &s->side[i];
        int facing = (int)d->attacked_in, cover = (int)d->cover;
        if (facing < WR_FACING_FRONT || facing > WR_FACING_REAR)
            return WRI_FAIL_VALUE(WR_ERR_INVALID,
                                  i ? "situation->side[1].attacked_in"
                                    : "situation->side[0].attacked_in",
                                  facing, "a wr_facing value");
        if (cover < WR_COVER_NONE || cover > WR_COVER_HEAVY)
            return WRI_FAIL_VALUE(WR_ERR_INVALID,
                                  i ? "situation->side[1].cover" : "situation->side[0].cover",
                                  cover, "a wr_cover value");
        if (d->in_contact < 0 || d->in_contact > contact_most(u[i], d->attacked_in))
            return WRI_FAIL_VALUE(
                WR_ERR_RANGE, i ? "situation->side[1].in_contact" : "situation->side[0].in_contact",
                d->in_contact,
                "0..min(files, figures) of the side's unit; along a flank "
                "0..min(ranks, figures) too");
    }
    if (s->side[0].attacked_in != WR_FACING_FRONT && s->side[1].attacked_in != WR_FACING_FRONT)
        return WRI_FAIL(WR_ERR_INVALID, "situation->side[1].attacked_in",
                        "WR_FACING_FRONT when side 0 is attacked in flank or rear");
    unsigned f0 = u[0]->def.flags, f1 = u[1]->def.flags;
    if (((f0 & WR_UNIT_SWARM) && (f1 & WR_UNIT_FLYING)) ||
        ((f0 & WR_UNIT_FLYING) && (f1 & WR_UNIT_SWARM)))
        return WRI_FAIL(WR_ERR_INVALID, "b",
                        "[Who fights] swarms and fliers fight only with missile weapons");
    return WR_OK;
}

wr_status wr_engagement_new_ex(wr_melee_unit *a, wr_melee_unit *b, const wr_situation *situation,
                               const wr_allocator *alloc, wr_engagement **out)
{
    if (a == NULL)
        return WRI_NULL(a);
    if (b == NULL)
        return WRI_NULL(b);
    if (situation == NULL)
        return WRI_NULL(situation);
    if (out == NULL)
        return WRI_NULL(out);
    if (a == b)
        return WRI_FAIL(WR_ERR_INVALID, "b", "a unit other than a");
    wr_melee_unit *const u[2] = {a, b};
    wr_status st = check_situation(u, situation);
    if (st != WR_OK)
        return WRI_PASS(st);
    wr_allocator al;
    wr_engagement *e = wri_new_object(alloc, sizeof *e, &al, &st);
    if (e == NULL)
        return WRI_PASS(st);
    e->alloc = al;
    e->unit[0] = a;
    e->unit[1] = b;
    e->situation = *situation;
    e->end = WR_END_ONGOING;
    *out = e;
    return WR_OK;
}

wr_status wr_engagement_new(wr_melee_unit *a, wr_melee_unit *b, const wr_situation *situation,
                            wr_engagement **out)
{
    return WRI_PASS(wr_engagement_new_ex(a, b, situation, NULL, out));
}

void wr_engagement_free(wr_engagement *engagement)
{
    if (engagement != NULL) {
        wr_allocator a = engagement->alloc;
        wri_free(&a, engagement, 1, sizeof *engagement);
    }
}

wr_status wr_engagement_set_morale(wr_engagement *engagement, wr_morale_fn fn, void *user)
{
    if (engagement == NULL)
        return WRI_NULL(engagement);
    engagement->morale = fn;
    engagement->morale_user = user;
    return WR_OK;
}

wr_status wri_melee_ready(const wr_engagement *e)
{
    if (e->end != WR_END_ONGOING)
        return WRI_FAIL_VALUE(WR_ERR_STATE, "engagement", e->end, "an engagement still going on");
    if (e->unit[0]->def.figures < 1 || e->unit[1]->def.figures < 1)
        return WRI_FAIL(WR_ERR_STATE, "engagement", "both sides with figures left");
    return WR_OK;
}

wr_status wr_engagement_strike(const wr_engagement *engagement, int side, wr_strike *strike)
{
    if (engagement == NULL)
        return WRI_NULL(engagement);
    if (strike == NULL)
        return WRI_NULL(strike);
    if (side < 0 || side > 1)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "side", side, "0 or 1");
    wr_status st = wri_melee_ready(engagement);
    if (st != WR_OK)
        return WRI_PASS(st);
    wri_snapshot s;
    wr_strike k;
    wri_melee_snapshot(engagement, &s);
    if ((st = wri_melee_strike(&s, side, &k, NULL)) != WR_OK)
        return WRI_PASS(st);
    *strike = k;
    return WR_OK;
}

static wr_status fight(const wr_engagement *e, wri_dice *dice, wr_melee_round *out)
{
    wr_status st = wri_melee_ready(e);
    if (st != WR_OK)
        return st;
    wri_snapshot s;
    wri_melee_snapshot(e, &s);
    wr_melee_round r;
    memset(&r, 0, sizeof r);
    wri_events ev = {r.events, &r.n_events, &r.events_truncated};
    if ((st = wri_melee_round(&s, dice, e->morale, e->morale_user, &r, &ev)) != WR_OK)
        return st;
    *out = r;
    return WR_OK;
}

wr_status wr_engagement_fight_rolls(const wr_engagement *engagement, const int *rolls,
                                    size_t n_rolls, size_t *used, wr_melee_round *round)
{
    if (engagement == NULL)
        return WRI_NULL(engagement);
    if (used == NULL)
        return WRI_NULL(used);
    if (round == NULL)
        return WRI_NULL(round);
    if (rolls == NULL && n_rolls > 0)
        return WRI_NULL(rolls);
    wri_dice dice = {NULL, rolls, n_rolls, 0};
    wr_status st = fight(engagement, &dice, round);
    if (st == WR_OK)
        *used = dice.used;
    return WRI_PASS(st);
}

wr_status wr_engagement_fight_rng(const wr_engagement *engagement, wr_rng *rng,
                                  wr_melee_round *round)
{
    if (engagement == NULL)
        return WRI_NULL(engagement);
    if (rng == NULL)
        return WRI_NULL(rng);
    if (round == NULL)
        return WRI_NULL(round);
    wr_rng work = *rng; /* written back only on success */
    wri_dice dice = {&work, NULL, 0, 0};
    wr_status st = fight(engagement, &dice, round);
    if (st == WR_OK)
        *rng = work;
    return WRI_PASS(st);
}

#define MAX_WOUND_COUNT 1000000

/* The record `now` plus what the round added to `before`, with the death
   rules on the sum. */
int wri_melee_merge_wounds(const wr_wounds *now, const wr_wounds *before, const wr_wounds *after,
                           int character, wr_wounds *out)
{
    wr_wounds m = *now;
    int dh = after->hits - before->hits, dc = after->counted - before->counted;
    int ds = after->serious - before->serious, dk = after->critical - before->critical;
    if (dh < 0 || dc < 0 || ds < 0 || dk < 0 || m.hits > MAX_WOUND_COUNT - dh)
        return 0;
    m.hits += dh;
    m.counted += dc;
    m.serious += ds;
    m.critical += dk;
    int was_unconscious = now->unconscious;
    m.unconscious = now->unconscious || after->unconscious;
    m.dead = now->dead || after->dead || (was_unconscious && dh > 0) ||
             (after->unconscious && !before->unconscious && now->hits > before->hits) ||
             wri_melee_counts_kill(&m, character);
    *out = m;
    return 1;
}

wr_status wr_engagement_apply(wr_engagement *engagement, const wr_melee_round *round)
{
    if (engagement == NULL)
        return WRI_NULL(engagement);
    if (round == NULL)
        return WRI_NULL(round);
    wr_engagement *e = engagement;
    if (e->end != WR_END_ONGOING)
        return WRI_FAIL_VALUE(WR_ERR_STATE, "engagement", e->end, "an engagement still going on");
    if (round->round != e->rounds + 1)
        return WRI_FAIL_VALUE(WR_ERR_STATE, "round->round", round->round,
                              "the engagement's next round");
    if ((int)round->end < 0 || (int)round->end >= WR_END_COUNT)
        return WRI_FAIL_VALUE(WR_ERR_STATE, "round->end", round->end, "a wr_melee_end value");
    wr_wounds merged[2];
    for (int i = 0; i < 2; i++) {
        const wr_melee_unit *u = e->unit[i];
        if (round->figures_before[i] < 0 || round->figures_before[i] > WRI_MAX_FIGURES ||
            round->lost[i] < 0 || round->lost[i] > round->figures_before[i])
            return WRI_FAIL_VALUE(WR_ERR_STATE, i ? "round->lost[1]" : "round->lost[0]",
                                  round->lost[i], "0..the figures the side had");
        merged[i] = u->wounds;
        if (u->def.kind != WR_UNIT_TROOPS &&
            (!wri_melee_wounds_sane(&round->wounds_before[i]) ||
             !wri_melee_wounds_sane(&round->wounds_after[i]) ||
             !wri_melee_merge_wounds(&u->wounds, &round->wounds_before[i], &round->wounds_after[i],
                                     u->def.kind == WR_UNIT_CHARACTER, &merged[i])))
            return WRI_FAIL(WR_ERR_STATE, i ? "round->wounds_after[1]" : "round->wounds_after[0]",
                            "wound records a round of this engagement made");
    }
    for (int i = 0; i < 2; i++) {
        wr_melee_unit *u = e->unit[i];
        if (u->def.kind == WR_UNIT_TROOPS) {
            u->def.figures = u->def.figures > round->lost[i] ? u->def.figures - round->lost[i] : 0;
        } else {
            u->wounds = merged[i];
            if (u->wounds.dead)
                u->def.figures = 0;
        }
        if (round->disordered[i] && u->def.kind != WR_UNIT_CHARACTER)
            u->def.flags |= WR_UNIT_DISORDERED;
    }
    e->rounds++;
    e->end = round->end;
    return WR_OK;
}

wr_status wr_engagement_status(const wr_engagement *engagement, wr_melee_end *end, int *rounds)
{
    if (engagement == NULL)
        return WRI_NULL(engagement);
    if (end == NULL)
        return WRI_NULL(end);
    if (rounds == NULL)
        return WRI_NULL(rounds);
    *end = engagement->end;
    *rounds = engagement->rounds;
    return WR_OK;
}

wr_status wr_engagement_kill_odds(const wr_engagement *engagement, int side, wr_kill_odds *odds)
{
    wr_strike k;
    if (odds == NULL)
        return WRI_NULL(odds);
    wr_status st = wr_engagement_strike(engagement, side, &k);
    if (st != WR_OK)
        return WRI_PASS(st);
    int rem = k.fcp % 100;
    int figures = engagement->unit[1 - side]->def.figures;
    int troops = engagement->unit[1 - side]->def.kind == WR_UNIT_TROOPS;
    wr_kill_odds o;
    o.hits[0] = k.fcp / 100;
    o.hits[1] = o.hits[0] + (rem > 0 ? 1 : 0);
    o.percent[0] = 100 - rem;
    o.percent[1] = rem;
    for (int i = 0; i < 2; i++)
        o.kills[i] = troops && o.hits[i] > figures ? figures : o.hits[i];
    *odds = o;
    return WR_OK;
}
