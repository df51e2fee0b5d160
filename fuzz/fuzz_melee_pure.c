/* Melee pure functions on arbitrary integers: the pinned ones checked against
   the formulas of API.md, the others against their documented ranges; every
   error leaves the outputs untouched. */
#include "fuzz_input.h"
#include "warrules/melee.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define SENT (-0x5A5A5A5)

static const unsigned side_all = WR_COMBATANT_MOUNTED | WR_COMBATANT_DISORDERED | WR_COMBATANT_SWARM |
                                 WR_COMBATANT_FLYING | WR_COMBATANT_FLANKED;

static int in(int v, int lo, int hi)
{
    return v >= lo && v <= hi;
}

static int min_int(int a, int b)
{
    return a < b ? a : b;
}

static int ref_reach(int weapon, int disordered)
{
    static const int reach[4] = {1, 2, 2, 3};
    return disordered ? 1 : reach[weapon];
}

/* API.md, wr_fighting_figures: the first matching case wins. */
static int ref_fighting(int figures, int files, int contact, int weapon, unsigned self,
                        unsigned enemy)
{
    if (((self & WR_COMBATANT_SWARM) && (enemy & WR_COMBATANT_FLYING)) ||
        ((self & WR_COMBATANT_FLYING) && (enemy & WR_COMBATANT_SWARM)))
        return 0;
    if ((self | enemy) & WR_COMBATANT_FLYING)
        return figures;
    if (self & WR_COMBATANT_SWARM)
        return figures;
    if ((self & WR_COMBATANT_MOUNTED) && (enemy & WR_COMBATANT_MOUNTED))
        return figures;
    if (self & (WR_COMBATANT_MOUNTED | WR_COMBATANT_DISORDERED | WR_COMBATANT_FLANKED))
        return contact;
    int total = 0;
    for (int k = 0; k < ref_reach(weapon, 0); k++) {
        int64_t rank = (int64_t)figures - (int64_t)k * files;
        if (rank < 0)
            rank = 0;
        if (rank > files)
            rank = files;
        total += min_int(contact, (int)rank);
    }
    return total;
}

static void pinned(fuzz_input *fi)
{
    int weapon = fuzz_small(fi, 4), dis = fuzz_small(fi, 2);
    int r = SENT;
    wr_status st = wr_reach_ranks((wr_weapon)weapon, dis, &r);
    if (in(weapon, 0, 3)) {
        REQUIRE(st == WR_OK && r == ref_reach(weapon, dis));
    } else {
        REQUIRE(st == WR_ERR_INVALID && r == SENT);
    }
    REQUIRE(wr_reach_ranks((wr_weapon)weapon, dis, NULL) == WR_ERR_NULL);

    int figures = fuzz_small(fi, 40), files = fuzz_small(fi, 12), contact = fuzz_small(fi, 12);
    unsigned self = fuzz_u32(fi) & 0x3fu, enemy = fuzz_u32(fi) & 0x3fu;
    if (fuzz_small(fi, 4) == 0) {
        self = fuzz_u32(fi);
        figures = fuzz_int(fi);
    }
    int f = SENT;
    st = wr_fighting_figures(figures, files, contact, (wr_weapon)weapon, self, enemy, &f);
    int ranges = in(figures, 0, 100000) && in(files, 1, 100000) &&
                 in(contact, 0, min_int(files, figures));
    int valid = in(weapon, 0, 3) && !(self & ~side_all) && !(enemy & ~side_all);
    if (ranges && valid) {
        REQUIRE(st == WR_OK && f == ref_fighting(figures, files, contact, weapon, self, enemy));
        REQUIRE(in(f, 0, figures));
    } else {
        REQUIRE((st == WR_ERR_RANGE || st == WR_ERR_INVALID) && f == SENT);
        REQUIRE(st == (ranges ? WR_ERR_INVALID : WR_ERR_RANGE) || (!ranges && !valid));
    }

    int ranks = SENT;
    st = wr_complete_ranks(figures, files, self, &ranks);
    if (in(figures, 0, 100000) && in(files, 1, 100000) && !(self & ~side_all)) {
        int want = figures / files;
        if ((self & WR_COMBATANT_FLANKED) && want > 1)
            want = 1;
        REQUIRE(st == WR_OK && ranks == want);
    } else {
        REQUIRE(st != WR_OK && ranks == SENT);
    }

    int bcp = fuzz_small(fi, 1000), mod = fuzz_shift(fuzz_small(fi, 2000), -1000);
    int fighting = fuzz_small(fi, 200);
    if (fuzz_small(fi, 8) == 0)
        fighting = fuzz_shift(fuzz_small(fi, 0), 100000);
    int mcp = SENT, fcp = SENT;
    st = wr_combat_percent(bcp, mod, fighting, &mcp, &fcp);
    if (in(bcp, 0, 1000) && in(mod, -1000, 1000) && in(fighting, 0, 100000)) {
        int want = bcp + mod > 0 ? bcp + mod : 0;
        REQUIRE(st == WR_OK && mcp == want && (int64_t)fcp == (int64_t)want * fighting);
    } else {
        REQUIRE(st == WR_ERR_RANGE && mcp == SENT && fcp == SENT);
    }

    int fcp2 = (fuzz_small(fi, 4) == 0) ? fuzz_int(fi) : fuzz_shift((int)((int64_t)fuzz_small(fi, 240) * 7 % 1000000000), -56);
    if (fuzz_small(fi, 8) == 0)
        fcp2 = fuzz_shift(fuzz_small(fi, 0), 200000000);
    int d100 = fuzz_small(fi, 100);
    int kills = SENT;
    st = wr_kills_from_percent(fcp2, d100, &kills);
    if (in(fcp2, 0, 200000000) && in(d100, 1, 100)) {
        int want = fcp2 / 100 + ((fcp2 % 100 > 0 && d100 <= fcp2 % 100) ? 1 : 0);
        REQUIRE(st == WR_OK && kills == want);
    } else {
        REQUIRE(st == WR_ERR_RANGE && kills == SENT);
    }
}

static void others(fuzz_input *fi)
{
    int starts = SENT, move = fuzz_small(fi, 5);
    wr_status st = wr_melee_may_start((wr_contact_move)move, &starts);
    if (in(move, 0, 4))
        REQUIRE(st == WR_OK && starts == (move <= WR_MOVE_PURSUIT ? 1 : 0));
    else
        REQUIRE(st == WR_ERR_INVALID && starts == SENT);

    int gap = fuzz_int(fi), ma = fuzz_int(fi), mb = fuzz_int(fi);
    if (fuzz_small(fi, 2) == 0) {
        gap = fuzz_small(fi, 200);
        ma = fuzz_small(fi, 200);
        mb = fuzz_small(fi, 200);
    }
    int a = SENT, b = SENT;
    st = wr_advance_stop(gap, ma, mb, &a, &b);
    if (in(gap, 0, 10000000) && in(ma, 0, 10000000) && in(mb, 0, 10000000)) {
        REQUIRE(st == WR_OK && in(a, 0, ma) && in(b, 0, mb));
        if ((int64_t)ma + mb < gap) /* the orders do not bring them into contact */
            REQUIRE(a == ma && b == mb);
        else if (gap <= WR_ADVANCE_STOP_MM) /* already 5 cm or less apart: they stay put */
            REQUIRE(a == 0 && b == 0);
        else
            REQUIRE(a + b == gap - WR_ADVANCE_STOP_MM);
    } else {
        REQUIRE(st == WR_ERR_RANGE && a == SENT && b == SENT);
    }

    /* wound records, any counts */
    wr_wounds w;
    w.hits = fuzz_small(fi, 6);
    w.counted = fuzz_small(fi, 6);
    w.serious = fuzz_small(fi, 3);
    w.critical = fuzz_small(fi, 3);
    w.unconscious = fuzz_small(fi, 2);
    w.dead = fuzz_small(fi, 2);
    if (fuzz_small(fi, 8) == 0)
        w.hits = fuzz_shift(fuzz_small(fi, 0), 1000000);
    for (int i = 0; i < 8 && fuzz_more(fi); i++) {
        wr_wounds before = w;
        int wound = fuzz_small(fi, 9), character = fuzz_small(fi, 2), dead = SENT;
        st = wr_wounds_add(&w, (wr_wound)wound, character, &dead);
        if (st == WR_OK) {
            REQUIRE(in(wound, 1, 8) && (dead == 0 || dead == 1) && dead == (w.dead != 0));
            REQUIRE(w.hits == before.hits + 1 && w.counted >= before.counted);
            REQUIRE(!before.dead || w.dead);
        } else {
            REQUIRE(dead == SENT && memcmp(&w, &before, sizeof w) == 0);
            REQUIRE(st == WR_ERR_INVALID || st == WR_ERR_RANGE);
        }
    }

    /* names, sources and explanations of any value */
    int rule = fuzz_int(fi);
    REQUIRE(wr_melee_rule_name((wr_melee_rule)rule) != NULL);
    REQUIRE(wr_melee_rule_source((wr_melee_rule)rule) != NULL);
    REQUIRE(wr_modifier_name((wr_modifier)fuzz_int(fi)) != NULL);
    wr_melee_event ev = {(wr_melee_rule)fuzz_small(fi, WR_RULE_LIMIT), fuzz_small(fi, 2),
                         fuzz_int(fi), fuzz_int(fi)};
    char buf[64];
    size_t cap = (size_t)fuzz_small(fi, 64) & 63u, len = (size_t)-1;
    memset(buf, 'x', sizeof buf);
    st = wr_melee_event_text(&ev, cap ? buf : NULL, cap, &len);
    if (st == WR_OK) {
        REQUIRE(in((int)ev.rule, 0, WR_RULE_LIMIT - 1) && ev.rule != WR_RULE_COUNT);
        if (cap > 0)
            REQUIRE(memchr(buf, '\0', cap) != NULL && strlen(buf) == (len < cap ? len : cap - 1));
    } else {
        REQUIRE(len == (size_t)-1 && st == WR_ERR_INVALID);
    }

    /* the sample morale model on any test without units */
    wr_morale_test t;
    memset(&t, 0, sizeof t);
    t.reason = (wr_morale_reason)fuzz_small(fi, 3);
    t.side = fuzz_small(fi, 2);
    t.round = fuzz_int(fi);
    t.figures = fuzz_int(fi);
    t.lost = fuzz_int(fi);
    t.enemy_lost = fuzz_int(fi);
    t.disordered = fuzz_small(fi, 2);
    t.character_present = fuzz_small(fi, 2);
    t.enemy_monster = fuzz_small(fi, 2);
    wr_morale_odds o = {SENT, SENT, SENT};
    st = wr_morale_sample(NULL, &t, &o);
    if (st == WR_OK)
        REQUIRE(in(o.pass, 0, 100) && in(o.retire, 0, 100) && in(o.rout, 0, 100) &&
                o.pass + o.retire + o.rout == 100);
    else
        REQUIRE(o.pass == SENT && o.retire == SENT && o.rout == SENT);
}


/* wr_melee_rounds_batch against the pinned functions item by item. */
#define NB 8
static void batch(fuzz_input *fi)
{
    int fig[2][NB], files[2][NB], contact[2][NB], weapon[2][NB], bcp[2][NB], mods[2][NB],
        d100[2][NB];
    unsigned flags[2][NB];
    size_t n = (size_t)(fuzz_small(fi, NB) & (NB - 1)) + 1;
    for (size_t i = 0; i < n; i++)
        for (int s = 0; s < 2; s++) {
            fig[s][i] = fuzz_small(fi, 30);
            files[s][i] = fuzz_small(fi, 8);
            contact[s][i] = fuzz_small(fi, 8);
            weapon[s][i] = fuzz_small(fi, 4);
            flags[s][i] = (unsigned)fuzz_small(fi, 32);
            bcp[s][i] = fuzz_small(fi, 100);
            mods[s][i] = fuzz_shift(fuzz_small(fi, 100), -50);
            d100[s][i] = fuzz_small(fi, 100);
        }
    wr_melee_batch_combatant side[2];
    int fighting[2][NB], mcp[2][NB], fcp[2][NB], kills[2][NB], lost[2][NB], loser[NB];
    wr_melee_batch_out out[2];
    for (int s = 0; s < 2; s++) {
        side[s] = (wr_melee_batch_combatant){fig[s], files[s], contact[s], weapon[s], flags[s],
                                        bcp[s], mods[s], d100[s]};
        out[s] = (wr_melee_batch_out){fighting[s], mcp[s], fcp[s], kills[s], lost[s]};
        for (size_t i = 0; i < NB; i++)
            fighting[s][i] = mcp[s][i] = fcp[s][i] = kills[s][i] = lost[s][i] = SENT;
    }
    for (size_t i = 0; i < NB; i++)
        loser[i] = SENT;
    size_t bad = 9999;
    wr_status st = wr_melee_rounds_batch(n, &side[0], &side[1], &out[0], &out[1], loser, &bad);
    /* item by item */
    size_t first_bad = n;
    wr_status want = WR_OK;
    for (size_t i = 0; i < n && first_bad == n; i++)
        for (int s = 0; s < 2 && first_bad == n; s++) {
            int f = 0, m = 0, c = 0, k = 0;
            wr_status e = wr_fighting_figures(fig[s][i], files[s][i], contact[s][i],
                                              (wr_weapon)weapon[s][i], flags[s][i],
                                              flags[1 - s][i], &f);
            if (e == WR_OK)
                e = wr_combat_percent(bcp[s][i], mods[s][i], f, &m, &c);
            if (e == WR_OK)
                e = wr_kills_from_percent(c, d100[s][i], &k);
            if (e != WR_OK) {
                first_bad = i;
                want = e;
            }
        }
    REQUIRE(st == want);
    if (st != WR_OK) {
        REQUIRE(bad == first_bad);
        for (int s = 0; s < 2; s++)
            for (size_t i = 0; i < NB; i++)
                REQUIRE(fighting[s][i] == SENT && mcp[s][i] == SENT && fcp[s][i] == SENT &&
                        kills[s][i] == SENT && lost[s][i] == SENT && loser[i] == SENT);
        return;
    }
    REQUIRE(bad == 9999);
    for (size_t i = 0; i < n; i++) {
        for (int s = 0; s < 2; s++) {
            int f = 0, m = 0, c = 0, k = 0;
            REQUIRE(wr_fighting_figures(fig[s][i], files[s][i], contact[s][i],
                                        (wr_weapon)weapon[s][i], flags[s][i], flags[1 - s][i],
                                        &f) == WR_OK);
            REQUIRE(wr_combat_percent(bcp[s][i], mods[s][i], f, &m, &c) == WR_OK);
            REQUIRE(wr_kills_from_percent(c, d100[s][i], &k) == WR_OK);
            REQUIRE(fighting[s][i] == f && mcp[s][i] == m && fcp[s][i] == c && kills[s][i] == k);
        }
        for (int s = 0; s < 2; s++)
            REQUIRE(lost[s][i] == min_int(kills[1 - s][i], fig[s][i]));
        REQUIRE(loser[i] == (lost[0][i] == lost[1][i] ? -1 : lost[0][i] > lost[1][i] ? 0 : 1));
    }
    for (size_t i = n; i < NB; i++)
        REQUIRE(loser[i] == SENT && fighting[0][i] == SENT);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input fi = {data, size, 0};
    while (fuzz_more(&fi)) {
        size_t before = fi.pos;
        int which = fuzz_small(&fi, 3) & 3;
        if (which == 0 || which == 3)
            pinned(&fi);
        else if (which == 1)
            others(&fi);
        else
            batch(&fi);
        if (fi.pos == before)
            break;
    }
    return 0;
}
