/* The scenario reader: INI-like sections of KEY = VALUE lines. Every value
   is checked here against the library's documented ranges, so a message can
   name its line and column. */
#include "scenario.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "lex.h"
#include "mapfile.h"

enum sec {
    S_NONE,
    S_FIGURE,
    S_CAVALRY,
    S_CHARIOT,
    S_PROFILE,
    S_SIDE,
    S_MELEE,
    S_ROUTE,
    S_UNIT,
    S_FIGHT,
    S_CHARGE,
    S_COUNT
};
static const char *const sec_names[S_COUNT] = {"",        "figure", "cavalry", "chariot",
                                               "profile", "side",   "melee",   "route",
                                               "unit",    "fight",  "charge"};

static const char *const mover_names[WR_MOVER_COUNT] = {
    "infantry", "cavalry", "longship", "galley", "sailing-ship", "transport", "river-boat"};
static const char *const race_names[7] = {"other",    "human", "dwarf", "high-elf",
                                          "wood-elf", "orc",   "goblin"};
static const char *const reach_names[4] = {"other", "spear", "polearm", "pike"};
static const char *const mod_names[WR_MOD_COUNT] = {
    "charged",     "hated-foe",    "cavalry-vs-infantry",  "per-rank",
    "flank",       "rear",         "fighting-monster",     "character-present",
    "cover-light", "cover-medium", "cover-heavy",          "elite-veteran",
    "c-class",     "enemy-shield", "enemy-armoured-mount", "enemy-disordered"};
static const char *const morale_names[WR_MORALE_COUNT] = {
    "lost-round", "per-figure-lost",   "attacked-flank",  "attacked-rear",
    "disordered", "character-present", "fighting-monster"};
static const char *const mount_names[3] = {"none", "unarmoured", "armoured"};
static const char *const class_names[4] = {"regular", "elite", "veteran", "c-class"};
static const char *const facing_names[3] = {"front", "flank", "rear"};
static const char *const cover_names[4] = {"none", "light", "medium", "heavy"};
/* bit i is 1 << i: WR_UNIT_SHIELDS ... WR_UNIT_BLOOD_LUST */
static const char *const unit_flag_names[7] = {
    "shields", "disordered", "flying", "combat-height", "swarm", "giant", "blood-lust"};
static const char *const contact_names[4] = {"continuing", "charge", "pursuit", "pushback"};
static const char *const option_names[4] = {"unformed", "rafts-anywhere", "bridging-train",
                                            "plain-costs"};
static const char *const trait_names[2] = {"ellriendi", "lizard-men"};
static const char *const tide_names[4] = {"none", "flood", "ebb", "high"};
static const char *const sample_names[2] = {"dwarf-veterans", "orc-urucks"};

int tool_scenario_section(const char *type)
{
    for (int s = 1; s < S_COUNT; s++)
        if (strcmp(type, sec_names[s]) == 0)
            return 1;
    return 0;
}

const char *tool_mover_name(int mover)
{
    return (mover >= 0 && mover < WR_MOVER_COUNT) ? mover_names[mover] : "unknown";
}

const char *tool_race_name(int race)
{
    return (race >= 0 && race < 7) ? race_names[race] : "race";
}

const char *tool_facing_name(int facing)
{
    return (facing >= 0 && facing < 3) ? facing_names[facing] : "face";
}

const char *tool_contact_name(int contact)
{
    return (contact >= 0 && contact < 4) ? contact_names[contact] : "contact";
}

static int lookup(const tool_tok *t, const char *const *names, int count)
{
    for (int i = 0; i < count; i++)
        if (tool_tok_is(t, names[i]))
            return i;
    return -1;
}

void tool_scenario_init(tool_scenario *sc)
{
    memset(sc, 0, sizeof *sc);
    for (int i = 0; i < 2; i++)
        sc->side[i].def = wr_melee_unit_desc_default();
    tool_route_spec *r = &sc->route;
    r->mover = WR_MOVER_INFANTRY;
    r->figures = -1;
    r->wind = -2;
    r->bridging_days = -1;
    r->daily_points = -1;
    for (int i = 0; i < WR_HEX_TERRAIN_COUNT; i++)
        r->enter[i] = -1;
    r->road = r->track = r->upstream = r->downstream = r->sail_percent = -1;
}

static int name_eq(const char *name, const char *s, size_t n)
{
    return strlen(name) == n && memcmp(name, s, n) == 0;
}

int tool_scenario_figure(const tool_scenario *sc, const char *name)
{
    for (int i = 0; i < sc->n_figures; i++)
        if (strcmp(sc->figures[i].name, name) == 0)
            return i;
    return -1;
}

int tool_scenario_profile(const tool_scenario *sc, const char *name)
{
    for (int i = 0; i < sc->n_profiles; i++)
        if (strcmp(sc->profiles[i].name, name) == 0)
            return i;
    return -1;
}

int tool_scenario_unit(const tool_scenario *sc, const char *name)
{
    for (int i = 0; i < sc->n_units; i++)
        if (strcmp(sc->units[i].name, name) == 0)
            return i;
    return -1;
}

static int find_figure_n(const tool_scenario *sc, const char *s, size_t n)
{
    for (int i = 0; i < sc->n_figures; i++)
        if (name_eq(sc->figures[i].name, s, n))
            return i;
    return -1;
}

/* The message of a failed setting; which part was wrong. */
typedef struct problem {
    char msg[200];
    size_t col; /* column of the bad part within the value or key */
    int in_key;
} problem;

static int say(problem *p, const tool_tok *t, int in_key, const char *what)
{
    char shown[64];
    snprintf(p->msg, sizeof p->msg, "%s '%s'", what,
             tool_tok_show(t->s, t->n, shown, sizeof shown));
    p->col = t->col;
    p->in_key = in_key;
    return 2;
}

/* The value as one token. */
static int one_value(const tool_line *v, tool_tok *t, problem *p)
{
    size_t pos = 0;
    tool_tok extra;
    if (!tool_line_token(v, &pos, 0, t)) {
        snprintf(p->msg, sizeof p->msg, "missing value");
        p->col = 1;
        p->in_key = 0;
        return 2;
    }
    if (tool_line_token(v, &pos, 0, &extra))
        return say(p, &extra, 0, "one value expected, then");
    return 0;
}

static int int_value(const tool_line *v, long long lo, long long hi, int *out, problem *p)
{
    tool_tok t;
    long long x = 0;
    if (one_value(v, &t, p))
        return 2;
    if (!tool_tok_int(t.s, t.n, lo, hi, &x)) {
        char what[80];
        snprintf(what, sizeof what, "expected a whole number %lld..%lld, got", lo, hi);
        return say(p, &t, 0, what);
    }
    *out = (int)x;
    return 0;
}

static int u32_value(const tool_line *v, uint32_t *out, problem *p)
{
    tool_tok t;
    if (one_value(v, &t, p))
        return 2;
    unsigned long long x = 0;
    size_t i = 0;
    int base = 10;
    if (t.n > 2 && t.s[0] == '0' && (t.s[1] == 'x' || t.s[1] == 'X')) {
        base = 16;
        i = 2;
    }
    for (; i < t.n; i++) {
        char c = t.s[i];
        int d = (c >= '0' && c <= '9')   ? c - '0'
                : (c >= 'a' && c <= 'f') ? c - 'a' + 10
                : (c >= 'A' && c <= 'F') ? c - 'A' + 10
                                         : 99;
        if (d >= base)
            return say(p, &t, 0, "expected a 32-bit number, got");
        x = x * (unsigned)base + (unsigned)d;
        if (x > 0xFFFFFFFFull)
            return say(p, &t, 0, "more than 32 bits:");
    }
    *out = (uint32_t)x;
    return 0;
}

static int enum_value(const tool_line *v, const char *const *names, int count, int *out, problem *p,
                      const char *what)
{
    tool_tok t;
    if (one_value(v, &t, p))
        return 2;
    int i = lookup(&t, names, count);
    if (i < 0)
        return say(p, &t, 0, what);
    *out = i;
    return 0;
}

static int bool_value(const tool_line *v, int *out, problem *p)
{
    static const char *const names[8] = {"no", "yes", "false", "true", "0", "1", "off", "on"};
    int i = 0;
    if (enum_value(v, names, 8, &i, p, "expected yes or no, got"))
        return 2;
    *out = i & 1;
    return 0;
}

/* A list of names into bits. */
static int flags_value(const tool_line *v, const char *const *names, int count, unsigned *out,
                       problem *p, const char *what)
{
    size_t pos = 0;
    tool_tok t;
    unsigned bits = 0;
    while (tool_line_token(v, &pos, ',', &t)) {
        if (tool_tok_is(&t, "none"))
            continue;
        int i = lookup(&t, names, count);
        if (i < 0)
            return say(p, &t, 0, what);
        bits |= 1u << i;
    }
    *out = bits;
    return 0;
}

static int hex_value(const tool_line *v, int out[2], problem *p)
{
    tool_tok t;
    long long c = 0, r = 0;
    if (one_value(v, &t, p))
        return 2;
    if (!tool_tok_pair(t.s, t.n, &c, &r) || c >= WR_MAP_MAX_EXTENT || r >= WR_MAP_MAX_EXTENT)
        return say(p, &t, 0, "expected a hex as COLUMN,ROW, got");
    out[0] = (int)c;
    out[1] = (int)r;
    return 0;
}

/* "XdY", "XdY+Z", "XdY-Z". */
static int damage_token(const tool_tok *t, int out[3])
{
    size_t d = 0;
    while (d < t->n && t->s[d] != 'd' && t->s[d] != 'D')
        d++;
    if (d == t->n)
        return 0;
    size_t sign = d + 1;
    while (sign < t->n && t->s[sign] != '+' && t->s[sign] != '-')
        sign++;
    long long dice = 0, sides = 0, bonus = 0;
    /* the sides stop at the first sign, so they carry none of their own */
    if (!tool_tok_int(t->s, d, 1, 1000, &dice) || t->s[0] == '+' ||
        !tool_tok_int(t->s + d + 1, sign - d - 1, 1, 1000, &sides))
        return 0;
    if (sign < t->n && !tool_tok_int(t->s + sign, t->n - sign, -1000, 1000, &bonus))
        return 0;
    out[0] = (int)dice;
    out[1] = (int)sides;
    out[2] = (int)bonus;
    return 1;
}

static int names_list(tool_scenario *sc, const tool_line *v, int *out, int *n, problem *p)
{
    size_t pos = 0;
    tool_tok t;
    int count = 0;
    while (tool_line_token(v, &pos, ',', &t)) {
        int i = find_figure_n(sc, t.s, t.n);
        if (i < 0)
            return say(p, &t, 0, "no [figure] of that name:");
        if (count >= TOOL_MAX_MEMBERS)
            return say(p, &t, 0, "too many figures (at most 64):");
        out[count++] = i;
    }
    if (count == 0) {
        snprintf(p->msg, sizeof p->msg, "missing value");
        p->col = 1;
        p->in_key = 0;
        return 2;
    }
    *n = count;
    return 0;
}

/* Key parts split at '.'. */
typedef struct keyparts {
    tool_tok part[4];
    int n;
} keyparts;

static void split_key(const tool_tok *key, keyparts *kp)
{
    kp->n = 0;
    size_t start = 0;
    for (size_t i = 0; i <= key->n && kp->n < 4; i++) {
        if (i == key->n || key->s[i] == '.') {
            tool_tok t = {key->s + start, i - start, key->col + start};
            kp->part[kp->n++] = t;
            start = i + 1;
        }
    }
}

static int key_figure(tool_scenario *sc, int idx, const tool_tok *key, const tool_line *v,
                      problem *p)
{
    tool_figure_spec *f = &sc->figures[idx];
    static const char *const stats[4] = {"ar", "hd", "ac", "mv"};
    static const int lo[4] = {-100, 0, -100, 0}, hi[4] = {100, 1000, 100, 1000};
    int s = lookup(key, stats, 4);
    if (s >= 0)
        return int_value(v, lo[s], hi[s], &f->stat[s], p);
    if (tool_tok_is(key, "sa"))
        return u32_value(v, &f->sa, p);
    if (tool_tok_is(key, "sd"))
        return u32_value(v, &f->sd, p);
    if (tool_tok_is(key, "damage")) {
        size_t pos = 0;
        tool_tok t;
        int n = 0, dmg[TOOL_MAX_DAMAGE][3];
        while (tool_line_token(v, &pos, ',', &t)) {
            if (n >= TOOL_MAX_DAMAGE)
                return say(p, &t, 0, "too many damage groups (at most 8):");
            if (!damage_token(&t, dmg[n]))
                return say(p, &t, 0,
                           "expected damage as XdY, XdY+Z or XdY-Z (1-1000 dice and sides), got");
            n++;
        }
        memcpy(f->damage, dmg, sizeof dmg);
        f->n_damage = n;
        return 0;
    }
    return say(p, key, 1, "unknown key for a [figure]:");
}

static int key_rating(tool_scenario *sc, int idx, int chariot, const tool_tok *key,
                      const tool_line *v, problem *p)
{
    tool_rating_spec *r = &sc->ratings[idx];
    int list[TOOL_MAX_MEMBERS], n = 0;
    int first;
    if (!chariot && (tool_tok_is(key, "rider") || tool_tok_is(key, "mount")))
        first = tool_tok_is(key, "rider");
    else if (chariot && (tool_tok_is(key, "passengers") || tool_tok_is(key, "pullers")))
        first = tool_tok_is(key, "passengers");
    else
        return say(p, key, 1,
                   chariot ? "unknown key for a [chariot]:" : "unknown key for a [cavalry]:");
    if (names_list(sc, v, list, &n, p))
        return 2;
    if (!chariot && n != 1) {
        snprintf(p->msg, sizeof p->msg, "a cavalry figure has one rider and one mount");
        p->col = 1;
        p->in_key = 0;
        return 2;
    }
    if (first) {
        memcpy(r->first, list, sizeof(int) * (size_t)n);
        r->n_first = n;
    } else {
        memcpy(r->second, list, sizeof(int) * (size_t)n);
        r->n_second = n;
    }
    return 0;
}

static int race_value(const tool_tok *t, int *race)
{
    int i = lookup(t, race_names, 7);
    long long x = 0;
    if (i < 0 && tool_tok_int(t->s, t->n, 0, WR_RACE_MAX, &x))
        i = (int)x;
    if (i < 0)
        return 0;
    *race = i;
    return 1;
}

static int key_profile(tool_scenario *sc, int idx, const tool_tok *key, const tool_line *v,
                       problem *p)
{
    tool_profile_spec *pr = &sc->profiles[idx];
    keyparts kp;
    split_key(key, &kp);
    tool_tok t;
    if (kp.n == 1 && tool_tok_is(key, "sample")) {
        int s = 0;
        if (pr->race >= 0) {
            snprintf(p->msg, sizeof p->msg,
                     "a sample profile has its own race: give race or sample");
            p->col = key->col;
            p->in_key = 1;
            return 2;
        }
        if (enum_value(v, sample_names, 2, &s, p, "expected dwarf-veterans or orc-urucks, got"))
            return 2;
        pr->sample = s;
        return 0;
    }
    if (kp.n == 1 && tool_tok_is(key, "race")) {
        if (pr->sample >= 0) {
            snprintf(p->msg, sizeof p->msg,
                     "a sample profile has its own race: give race or sample");
            p->col = key->col;
            p->in_key = 1;
            return 2;
        }
        if (one_value(v, &t, p))
            return 2;
        if (!race_value(&t, &pr->race))
            return say(p, &t, 0,
                       "expected a race (human, dwarf, high-elf, wood-elf, orc, goblin, other or "
                       "0-63), got");
        return 0;
    }
    if (kp.n == 1 && tool_tok_is(key, "hates")) {
        size_t pos = 0;
        while (tool_line_token(v, &pos, ',', &t)) {
            int race = 0;
            if (!race_value(&t, &race))
                return say(p, &t, 0, "expected a race, got");
            pr->hated[race] = 1;
        }
        return 0;
    }
    if (kp.n == 1 && tool_tok_is(key, "retire-band"))
        return int_value(v, 0, 100, &pr->retire_band, p);
    if (kp.n == 2 && tool_tok_is(&kp.part[0], "weapon")) {
        long long row = 0;
        if (!tool_tok_int(kp.part[1].s, kp.part[1].n, 0, WR_PROFILE_WEAPONS - 1, &row))
            return say(p, &kp.part[1], 1, "expected a weapon row 0-15, got");
        size_t pos = 0;
        int reach = -1, allowed = 1;
        while (tool_line_token(v, &pos, ',', &t)) {
            int r = lookup(&t, reach_names, 4);
            if (r >= 0)
                reach = r;
            else if (tool_tok_is(&t, "forbidden"))
                allowed = 0;
            else if (tool_tok_is(&t, "allowed"))
                allowed = 1;
            else
                return say(
                    p, &t, 0,
                    "expected other, spear, polearm or pike (and allowed or forbidden), got");
        }
        if (reach < 0) {
            snprintf(p->msg, sizeof p->msg, "missing reach (other, spear, polearm or pike)");
            p->col = 1;
            p->in_key = 0;
            return 2;
        }
        pr->weapon_set[row] = 1;
        pr->weapon_reach[row] = reach;
        pr->weapon_allowed[row] = allowed;
        return 0;
    }
    if (kp.n == 3 && tool_tok_is(&kp.part[0], "bcp")) {
        long long w = 0, a = 0;
        if (!tool_tok_int(kp.part[1].s, kp.part[1].n, 0, WR_PROFILE_WEAPONS - 1, &w))
            return say(p, &kp.part[1], 1, "expected a weapon row 0-15, got");
        if (!tool_tok_int(kp.part[2].s, kp.part[2].n, 0, WR_PROFILE_ARMOURS - 1, &a))
            return say(p, &kp.part[2], 1, "expected an armour column 0-7, got");
        return int_value(v, 0, 1000, &pr->bcp[w][a], p);
    }
    if (kp.n == 2 && tool_tok_is(&kp.part[0], "mod")) {
        int m = lookup(&kp.part[1], mod_names, WR_MOD_COUNT);
        if (m < 0)
            return say(p, &kp.part[1], 1, "unknown modifier");
        if (int_value(v, -1000, 1000, &pr->mod[m], p))
            return 2;
        pr->mod_set[m] = 1;
        return 0;
    }
    if (kp.n == 2 && tool_tok_is(&kp.part[0], "morale")) {
        int m = lookup(&kp.part[1], morale_names, WR_MORALE_COUNT);
        if (m < 0)
            return say(p, &kp.part[1], 1, "unknown morale modifier");
        if (int_value(v, -1000, 1000, &pr->morale[m], p))
            return 2;
        pr->morale_set[m] = 1;
        return 0;
    }
    return say(p, key, 1, "unknown key for a [profile]:");
}

/* The keys that say what a unit is, shared by [side] and [unit]: 1 when
   the key is not one of them (nothing said). */
static int key_def(char profile[TOOL_NAME_MAX], wr_melee_unit_desc *d, const tool_tok *key,
                   const tool_line *v, problem *p, int *rc)
{
    tool_tok t;
    int x = 0;
    *rc = 0;
    if (tool_tok_is(key, "profile")) {
        if ((*rc = one_value(v, &t, p)) != 0)
            return 0;
        if (t.n >= TOOL_NAME_MAX) {
            *rc = say(p, &t, 0, "name too long:");
            return 0;
        }
        memcpy(profile, t.s, t.n);
        profile[t.n] = '\0';
    } else if (tool_tok_is(key, "figures")) {
        *rc = int_value(v, 0, 100000, &d->figures, p);
    } else if (tool_tok_is(key, "files")) {
        *rc = int_value(v, 1, 100000, &d->files, p);
    } else if (tool_tok_is(key, "weapon")) {
        if ((*rc = one_value(v, &t, p)) != 0)
            return 0;
        long long row = 0;
        int r = lookup(&t, reach_names, 4);
        if (r >= 0)
            row = r;
        else if (!tool_tok_int(t.s, t.n, 0, WR_PROFILE_WEAPONS - 1, &row)) {
            *rc = say(p, &t, 0, "expected a weapon row 0-15 (or other, spear, polearm, pike), got");
            return 0;
        }
        d->weapon_type = (int)row;
    } else if (tool_tok_is(key, "armour") || tool_tok_is(key, "armor")) {
        *rc = int_value(v, 0, WR_PROFILE_ARMOURS - 1, &d->armour, p);
    } else if (tool_tok_is(key, "mount")) {
        if ((*rc = enum_value(v, mount_names, 3, &x, p,
                              "expected none, unarmoured or armoured, got")) == 0)
            d->mount = (wr_mount)x;
    } else if (tool_tok_is(key, "class")) {
        if ((*rc = enum_value(v, class_names, 4, &x, p,
                              "expected regular, elite, veteran or c-class, got")) == 0)
            d->troop_class = (wr_troop_class)x;
    } else if (tool_tok_is(key, "flags")) {
        *rc = flags_value(v, unit_flag_names, 7, &d->flags, p, "unknown unit flag");
    } else if (tool_tok_is(key, "morale")) {
        *rc = int_value(v, 0, 100, &d->morale, p);
    } else {
        return 1;
    }
    return 0;
}

static int key_side(tool_scenario *sc, int idx, const tool_tok *key, const tool_line *v, problem *p)
{
    tool_side_spec *s = &sc->side[idx];
    wr_combatant_situation *sit = &s->situation;
    int x = 0, rc = 0;
    s->defined = 1;
    if (!key_def(s->profile, &s->def, key, v, p, &rc))
        return rc;
    if (tool_tok_is(key, "in-contact"))
        return int_value(v, 0, 100000, &sit->in_contact, p);
    if (tool_tok_is(key, "charged"))
        return bool_value(v, &sit->charged, p);
    if (tool_tok_is(key, "character"))
        return bool_value(v, &sit->character_present, p);
    if (tool_tok_is(key, "attacked-in")) {
        if (enum_value(v, facing_names, 3, &x, p, "expected front, flank or rear, got"))
            return 2;
        sit->attacked_in = (wr_facing)x;
        return 0;
    }
    if (tool_tok_is(key, "cover")) {
        if (enum_value(v, cover_names, 4, &x, p, "expected none, light, medium or heavy, got"))
            return 2;
        sit->cover = (wr_cover)x;
        return 0;
    }
    return say(p, key, 1, "unknown key for a [side]:");
}

static int key_unit(tool_scenario *sc, int idx, const tool_tok *key, const tool_line *v, problem *p)
{
    tool_unit_spec *u = &sc->units[idx];
    int rc = 0;
    if (!key_def(u->profile, &u->def, key, v, p, &rc))
        return rc;
    return say(p, key, 1,
               "unknown key for a [unit] (profile, figures, files, weapon, armour, mount, class, "
               "flags, morale):");
}

/* a = UNIT, a.face, a.in-contact, a.corner, a.corner-fights, a.contact,
   a.charged, a.cover, a.character; the same for b. */
static int key_fight(tool_scenario *sc, int idx, const tool_tok *key, const tool_line *v,
                     problem *p)
{
    keyparts kp;
    split_key(key, &kp);
    static const char *const sides[2] = {"a", "b"};
    int s = lookup(&kp.part[0], sides, 2);
    if (s < 0 || kp.n > 2)
        return say(p, key, 1, "unknown key for a [fight] (a, b, a.face, a.in-contact, ...):");
    tool_fight_side_spec *f = &sc->fights[idx].side[s];
    tool_tok t;
    int x = 0;
    if (kp.n == 1) {
        if (one_value(v, &t, p))
            return 2;
        char nm[TOOL_NAME_MAX];
        if (t.n >= TOOL_NAME_MAX)
            return say(p, &t, 0, "no [unit] of that name:");
        memcpy(nm, t.s, t.n);
        nm[t.n] = '\0';
        int u = tool_scenario_unit(sc, nm);
        if (u < 0)
            return say(p, &t, 0, "no [unit] of that name (define it above the fight):");
        f->unit = u;
        return 0;
    }
    const tool_tok *k = &kp.part[1];
    if (tool_tok_is(k, "face")) {
        if (enum_value(v, facing_names, 3, &f->face, p, "expected front, flank or rear, got"))
            return 2;
        return 0;
    }
    if (tool_tok_is(k, "in-contact"))
        return int_value(v, 0, 100000, &f->in_contact, p);
    if (tool_tok_is(k, "corner"))
        return int_value(v, 0, 100000, &f->corner, p);
    if (tool_tok_is(k, "corner-fights")) {
        if (one_value(v, &t, p))
            return 2;
        if (tool_tok_is(&t, "default")) {
            f->corner_fights = WR_PHASE_DEFAULT;
            return 0;
        }
        return int_value(v, 0, 100000, &f->corner_fights, p);
    }
    if (tool_tok_is(k, "contact"))
        return enum_value(v, contact_names, 4, &f->contact, p,
                          "expected continuing, charge, pursuit or pushback, got");
    if (tool_tok_is(k, "charged")) {
        if (bool_value(v, &x, p))
            return 2;
        f->contact = x ? WR_CONTACT_CHARGE : WR_CONTACT_CONTINUING;
        return 0;
    }
    if (tool_tok_is(k, "cover"))
        return enum_value(v, cover_names, 4, &f->cover, p,
                          "expected none, light, medium or heavy, got");
    if (tool_tok_is(k, "character"))
        return bool_value(v, &f->character, p);
    return say(p, k, 1,
               "unknown key for a side of a [fight] (face, in-contact, corner, corner-fights, "
               "contact, charged, cover, character):");
}

/* The [unit] named by the value, defined above the section; -1 after a message. */
static int unit_value(const tool_scenario *sc, const tool_line *v, problem *p, const char *where)
{
    tool_tok t;
    if (one_value(v, &t, p))
        return -1;
    char nm[TOOL_NAME_MAX];
    int u = -1;
    if (t.n < TOOL_NAME_MAX) {
        memcpy(nm, t.s, t.n);
        nm[t.n] = '\0';
        u = tool_scenario_unit(sc, nm);
    }
    if (u < 0) {
        char msg[96];
        snprintf(msg, sizeof msg, "no [unit] of that name (define it above the %s):", where);
        say(p, &t, 0, msg);
    }
    return u;
}

/* attacker = UNIT, enemy = UNIT, face, in-contact, enemy-in-contact, contact */
static int key_charge(tool_scenario *sc, int idx, const tool_tok *key, const tool_line *v,
                      problem *p)
{
    tool_charge_spec *c = &sc->charges[idx];
    if (tool_tok_is(key, "attacker") || tool_tok_is(key, "enemy")) {
        int u = unit_value(sc, v, p, "charge");
        if (u < 0)
            return 2;
        *(tool_tok_is(key, "attacker") ? &c->attacker : &c->enemy) = u;
        return 0;
    }
    if (tool_tok_is(key, "face"))
        return enum_value(v, facing_names, 3, &c->face, p, "expected front, flank or rear, got");
    if (tool_tok_is(key, "in-contact"))
        return int_value(v, 0, 100000, &c->in_contact, p);
    if (tool_tok_is(key, "enemy-in-contact"))
        return int_value(v, 0, 100000, &c->enemy_in_contact, p);
    if (tool_tok_is(key, "contact")) {
        int x = 0;
        if (enum_value(v, contact_names, 4, &x, p, "expected charge, pursuit or pushback, got"))
            return 2;
        if (x == WR_CONTACT_CONTINUING) {
            tool_tok t;
            (void)one_value(v, &t, p);
            return say(p, &t, 0,
                       "a charge comes in this turn: expected charge, pursuit or pushback, got");
        }
        c->contact = x;
        return 0;
    }
    return say(p, key, 1,
               "unknown key for a [charge] (attacker, enemy, face, in-contact, enemy-in-contact, "
               "contact):");
}

static int key_melee(tool_scenario *sc, const tool_tok *key, const tool_line *v, problem *p)
{
    if (tool_tok_is(key, "rounds"))
        return int_value(v, 1, 1000, &sc->rounds, p);
    if (tool_tok_is(key, "seed")) {
        tool_tok t;
        if (one_value(v, &t, p))
            return 2;
        unsigned long long x = 0;
        if (t.n > 20)
            return say(p, &t, 0, "expected a seed 0-18446744073709551615, got");
        for (size_t i = 0; i < t.n; i++) {
            if (t.s[i] < '0' || t.s[i] > '9')
                return say(p, &t, 0, "expected a seed 0-18446744073709551615, got");
            unsigned d = (unsigned)(t.s[i] - '0');
            if (x > (UINT64_MAX - d) / 10)
                return say(p, &t, 0, "seed too large:");
            x = x * 10 + d;
        }
        sc->seed = x;
        sc->have_seed = 1;
        return 0;
    }
    return say(p, key, 1, "unknown key for [melee]:");
}

static int key_route(tool_scenario *sc, const tool_tok *key, const tool_line *v, problem *p)
{
    tool_route_spec *r = &sc->route;
    keyparts kp;
    split_key(key, &kp);
    tool_tok t;
    unsigned bits = 0;
    if (tool_tok_is(key, "map")) {
        size_t start = tool_line_skip_blanks(v, 0);
        if (start >= v->n) {
            snprintf(p->msg, sizeof p->msg, "missing value");
            p->col = 1;
            p->in_key = 0;
            return 2;
        }
        if (v->n - start >= TOOL_PATH_MAX) {
            tool_tok all = {v->s + start, v->n - start, start + 1};
            return say(p, &all, 0, "path too long:");
        }
        for (size_t i = start; i < v->n; i++)
            if (v->s[i] == '\0') {
                tool_tok all = {v->s + start, v->n - start, start + 1};
                return say(p, &all, 0, "bad path:");
            }
        memcpy(r->map, v->s + start, v->n - start);
        r->map[v->n - start] = '\0';
        return 0;
    }
    if (tool_tok_is(key, "mover"))
        return enum_value(v, mover_names, WR_MOVER_COUNT, &r->mover, p,
                          "expected infantry, cavalry, longship, galley, sailing-ship, transport "
                          "or river-boat, got");
    if (tool_tok_is(key, "from")) {
        r->have_from = 1;
        return hex_value(v, r->from, p);
    }
    if (tool_tok_is(key, "to")) {
        r->have_to = 1;
        return hex_value(v, r->to, p);
    }
    if (tool_tok_is(key, "options")) {
        if (flags_value(v, option_names, 4, &bits, p, "unknown option"))
            return 2;
        r->options = bits;
        return 0;
    }
    if (tool_tok_is(key, "traits")) {
        if (flags_value(v, trait_names, 2, &bits, p, "unknown trait"))
            return 2;
        r->traits = bits;
        return 0;
    }
    if (tool_tok_is(key, "home-regions")) {
        size_t pos = 0;
        uint32_t tags = 0;
        while (tool_line_token(v, &pos, ',', &t)) {
            long long b = 0;
            if (!tool_tok_int(t.s, t.n, 0, 31, &b))
                return say(p, &t, 0, "expected a region number 0-31, got");
            tags |= UINT32_C(1) << b;
        }
        r->home_regions = tags;
        return 0;
    }
    if (tool_tok_is(key, "figures"))
        return int_value(v, 0, 1000000, &r->figures, p);
    if (tool_tok_is(key, "days"))
        return int_value(v, 0, 1000, &r->days, p);
    if (tool_tok_is(key, "tide"))
        return enum_value(v, tide_names, 4, &r->tide, p, "expected none, flood, ebb or high, got");
    if (tool_tok_is(key, "wind")) {
        if (one_value(v, &t, p))
            return 2;
        if (tool_tok_is(&t, "none")) {
            r->wind = WR_WIND_NONE;
            return 0;
        }
        int d = tool_direction_parse(t.s, t.n);
        if (d < 0)
            return say(p, &t, 0, "expected none or a direction E, NE, NW, W, SW, SE, got");
        r->wind = d;
        return 0;
    }
    if (tool_tok_is(key, "bridging-days"))
        return int_value(v, 1, 30, &r->bridging_days, p);
    if (tool_tok_is(key, "daily-points"))
        return int_value(v, 1, 1000, &r->daily_points, p);
    if (tool_tok_is(key, "sail-percent"))
        return int_value(v, 0, 100, &r->sail_percent, p);
    if (kp.n == 2 && tool_tok_is(&kp.part[0], "cost")) {
        static const char *const extra[4] = {"road", "track", "upstream", "downstream"};
        int *slots[4] = {&r->road, &r->track, &r->upstream, &r->downstream};
        int i = lookup(&kp.part[1], extra, 4);
        if (i >= 0)
            return int_value(v, 0, 1000, slots[i], p);
        for (int ter = 0; ter < WR_HEX_TERRAIN_COUNT; ter++)
            if (tool_tok_is(&kp.part[1], tool_terrain_name((wr_hex_terrain)ter)))
                return int_value(v, 0, 1000, &r->enter[ter], p);
        return say(p, &kp.part[1], 1, "unknown cost");
    }
    return say(p, key, 1, "unknown key for [route]:");
}

typedef struct cursor {
    int sec;
    int idx;
} cursor;

static int apply(tool_scenario *sc, const cursor *c, const tool_tok *key, const tool_line *v,
                 problem *p)
{
    switch (c->sec) {
    case S_FIGURE: return key_figure(sc, c->idx, key, v, p);
    case S_CAVALRY: return key_rating(sc, c->idx, 0, key, v, p);
    case S_CHARIOT: return key_rating(sc, c->idx, 1, key, v, p);
    case S_PROFILE: return key_profile(sc, c->idx, key, v, p);
    case S_SIDE: return key_side(sc, c->idx, key, v, p);
    case S_MELEE: return key_melee(sc, key, v, p);
    case S_ROUTE: return key_route(sc, key, v, p);
    case S_UNIT: return key_unit(sc, c->idx, key, v, p);
    case S_FIGHT: return key_fight(sc, c->idx, key, v, p);
    case S_CHARGE: return key_charge(sc, c->idx, key, v, p);
    default:
        snprintf(p->msg, sizeof p->msg, "a key before the first section");
        p->col = key->col;
        p->in_key = 1;
        return 2;
    }
}

static int valid_name(const tool_tok *t)
{
    if (t->n == 0 || t->n >= TOOL_NAME_MAX)
        return 0;
    for (size_t i = 0; i < t->n; i++) {
        char c = t->s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '-' || c == '_'))
            return 0;
    }
    return 1;
}

/* The named sections: a new one from its name nm, or the one of that
   name again (its keys are added to); the cursor set to it. */
static int open_figure(tool_scenario *sc, const char *nm, const tool_tok *name, cursor *c,
                       problem *p)
{
    int i = tool_scenario_figure(sc, nm);
    if (i < 0) {
        if (sc->n_figures >= TOOL_MAX_FIGURES)
            return say(p, name, 1, "too many figures (at most 32):");
        i = sc->n_figures++;
        memset(&sc->figures[i], 0, sizeof sc->figures[i]);
        memcpy(sc->figures[i].name, nm, TOOL_NAME_MAX);
    }
    c->idx = i;
    return 0;
}

static int open_unit(tool_scenario *sc, const char *nm, const tool_tok *name, cursor *c, problem *p)
{
    int i = tool_scenario_unit(sc, nm);
    if (i < 0) {
        if (sc->n_units >= TOOL_MAX_UNITS)
            return say(p, name, 1, "too many units (at most 16):");
        i = sc->n_units++;
        memset(&sc->units[i], 0, sizeof sc->units[i]);
        memcpy(sc->units[i].name, nm, TOOL_NAME_MAX);
        sc->units[i].def = wr_melee_unit_desc_default();
    }
    c->idx = i;
    return 0;
}

/* The index of the record named nm among the *n records of `size` bytes
   at `records` (their name at byte name_at), or of a new, zeroed record
   named nm, *added set, when there are fewer than `most`; -1 when full. */
static int find_or_add(void *records, size_t size, size_t name_at, int *n, int most, const char *nm,
                       int *added)
{
    char *first = records;
    int i = 0;
    while (i < *n && strcmp(first + (size_t)i * size + name_at, nm) != 0)
        i++;
    *added = i == *n;
    if (*added) {
        if (*n >= most)
            return -1;
        (*n)++;
        memset(first + (size_t)i * size, 0, size);
        memcpy(first + (size_t)i * size + name_at, nm, TOOL_NAME_MAX);
    }
    return i;
}

static int open_fight(tool_scenario *sc, const char *nm, const tool_tok *name, cursor *c,
                      problem *p)
{
    int added = 0;
    int i = find_or_add(sc->fights, sizeof sc->fights[0], offsetof(tool_fight_spec, name),
                        &sc->n_fights, TOOL_MAX_FIGHTS, nm, &added);
    if (i < 0)
        return say(p, name, 1, "too many fights (at most 16):");
    for (int k = 0; added && k < 2; k++) {
        sc->fights[i].side[k].unit = -1;
        sc->fights[i].side[k].in_contact = -1;
        sc->fights[i].side[k].corner_fights = WR_PHASE_DEFAULT;
    }
    c->idx = i;
    return 0;
}

static int open_charge(tool_scenario *sc, const char *nm, const tool_tok *name, cursor *c,
                       problem *p)
{
    int added = 0;
    int i = find_or_add(sc->charges, sizeof sc->charges[0], offsetof(tool_charge_spec, name),
                        &sc->n_charges, TOOL_MAX_CHARGES, nm, &added);
    if (i < 0)
        return say(p, name, 1, "too many charges (at most 64):");
    if (added) {
        tool_charge_spec *ch = &sc->charges[i];
        ch->attacker = ch->enemy = -1;
        ch->in_contact = ch->enemy_in_contact = -1;
        ch->contact = WR_CONTACT_CHARGE;
    }
    c->idx = i;
    return 0;
}

static int open_profile(tool_scenario *sc, const char *nm, const tool_tok *name, cursor *c,
                        problem *p)
{
    int i = tool_scenario_profile(sc, nm);
    if (i < 0) {
        if (sc->n_profiles >= TOOL_MAX_PROFILES)
            return say(p, name, 1, "too many profiles (at most 8):");
        i = sc->n_profiles++;
        tool_profile_spec *pr = &sc->profiles[i];
        memset(pr, 0, sizeof *pr);
        memcpy(pr->name, nm, TOOL_NAME_MAX);
        pr->race = -1;
        pr->sample = -1;
        pr->retire_band = -1;
        for (int w = 0; w < WR_PROFILE_WEAPONS; w++)
            for (int a = 0; a < WR_PROFILE_ARMOURS; a++)
                pr->bcp[w][a] = -1;
        for (int r = 0; r <= WR_RACE_MAX; r++)
            pr->hated[r] = -1;
    }
    c->idx = i;
    return 0;
}

/* A [cavalry] or [chariot] section (chariot 1): a rating. */
static int open_rating(tool_scenario *sc, const char *nm, int chariot, const tool_tok *name,
                       cursor *c, problem *p)
{
    for (int i = 0; i < sc->n_ratings; i++)
        if (strcmp(sc->ratings[i].name, nm) == 0) {
            if (sc->ratings[i].chariot != chariot)
                return say(p, name, 1, "a cavalry figure and a chariot share the name");
            c->idx = i;
            return 0;
        }
    if (sc->n_ratings >= TOOL_MAX_RATINGS)
        return say(p, name, 1, "too many ratings (at most 16):");
    int i = sc->n_ratings++;
    memset(&sc->ratings[i], 0, sizeof sc->ratings[i]);
    memcpy(sc->ratings[i].name, nm, TOOL_NAME_MAX);
    sc->ratings[i].chariot = chariot;
    c->idx = i;
    return 0;
}

/* Opens a section from its type and name tokens. */
static int open_section(tool_scenario *sc, const tool_tok *type, const tool_tok *name, cursor *c,
                        problem *p)
{
    int s = lookup(type, sec_names + 1, S_COUNT - 1);
    if (s < 0)
        return say(p, type, 1, "unknown section");
    s++;
    int named = s == S_FIGURE || s == S_CAVALRY || s == S_CHARIOT || s == S_PROFILE ||
                s == S_SIDE || s == S_UNIT || s == S_FIGHT || s == S_CHARGE;
    if (!named) {
        if (name)
            return say(p, name, 1, "this section takes no name:");
        c->sec = s;
        c->idx = 0;
        return 0;
    }
    if (!name)
        return say(p, type, 1, "this section needs a name after");
    if (!valid_name(name))
        return say(p, name, 1, "a name is 1-31 letters, digits, '-' or '_', not");
    if (s == S_SIDE) {
        if (!(tool_tok_is(name, "a") || tool_tok_is(name, "b")))
            return say(p, name, 1, "a side is a or b, not");
        c->sec = s;
        c->idx = tool_tok_is(name, "b");
        sc->side[c->idx].defined = 1;
        return 0;
    }
    char nm[TOOL_NAME_MAX];
    memcpy(nm, name->s, name->n);
    nm[name->n] = '\0';
    c->sec = s;
    if (s == S_FIGURE)
        return open_figure(sc, nm, name, c, p);
    if (s == S_UNIT)
        return open_unit(sc, nm, name, c, p);
    if (s == S_FIGHT)
        return open_fight(sc, nm, name, c, p);
    if (s == S_CHARGE)
        return open_charge(sc, nm, name, c, p);
    if (s == S_PROFILE)
        return open_profile(sc, nm, name, c, p);
    return open_rating(sc, nm, s == S_CHARIOT, name, c, p);
}

/* The most sections of one kind (figures: TOOL_MAX_FIGURES; sides: 2). */
#define SECTIONS_OF_A_KIND TOOL_MAX_FIGURES
_Static_assert(TOOL_MAX_RATINGS <= SECTIONS_OF_A_KIND && TOOL_MAX_PROFILES <= SECTIONS_OF_A_KIND &&
                   TOOL_MAX_UNITS <= SECTIONS_OF_A_KIND && TOOL_MAX_FIGHTS <= SECTIONS_OF_A_KIND,
               "a kind of section with more sections than opened[] holds");

/* Where the line of the section's header is kept; NULL for [melee]. */
static int *section_line(tool_scenario *sc, const cursor *c)
{
    switch (c->sec) {
    case S_FIGURE: return &sc->figures[c->idx].line;
    case S_CAVALRY:
    case S_CHARIOT: return &sc->ratings[c->idx].line;
    case S_PROFILE: return &sc->profiles[c->idx].line;
    case S_SIDE: return &sc->side[c->idx].line;
    case S_ROUTE: return &sc->route.line;
    case S_UNIT: return &sc->units[c->idx].line;
    case S_FIGHT: return &sc->fights[c->idx].line;
    case S_CHARGE: return &sc->charges[c->idx].line;
    default: return NULL;
    }
}

/* How many sections of a kind the scenario holds (section_line()'s). */
static int section_count(const tool_scenario *sc, int sec)
{
    switch (sec) {
    case S_FIGURE: return sc->n_figures;
    case S_CAVALRY:
    case S_CHARIOT: return sc->n_ratings;
    case S_PROFILE: return sc->n_profiles;
    case S_SIDE: return 2;
    case S_ROUTE: return 1;
    case S_UNIT: return sc->n_units;
    case S_FIGHT: return sc->n_fights;
    case S_CHARGE: return sc->n_charges;
    default: return 0;
    }
}

int tool_scenario_read(const char *text, size_t len, tool_scenario *sc, char *err, size_t errcap)
{
    if (err && errcap)
        err[0] = '\0';
    if (sc == NULL || (text == NULL && len > 0))
        return 1;
    tool_lex lx;
    tool_line ln;
    tool_lex_init(&lx, text, len);
    cursor c = {S_NONE, 0};
    problem p;
    /* the line of each section's header in this text, as a map file's
       sections: a section given twice is refused, not read twice */
    size_t opened[S_COUNT][SECTIONS_OF_A_KIND];
    memset(opened, 0, sizeof opened);
    while (tool_lex_line(&lx, &ln)) {
        size_t first = tool_line_skip_blanks(&ln, 0);
        if (first >= ln.n)
            continue;
        memset(&p, 0, sizeof p);
        if (ln.s[first] == '[') {
            if (ln.s[ln.n - 1] != ']') {
                tool_errf(err, errcap, ln.number, ln.n + 1, "a section header ends with ']'");
                return 2;
            }
            tool_line inner = {ln.s + first + 1, ln.n - first - 2, ln.number};
            size_t pos = 0;
            tool_tok type, name, extra;
            if (!tool_line_token(&inner, &pos, 0, &type)) {
                tool_errf(err, errcap, ln.number, first + 1, "empty section header");
                return 2;
            }
            int has_name = tool_line_token(&inner, &pos, 0, &name);
            if (has_name && tool_line_token(&inner, &pos, 0, &extra)) {
                extra.col += first + 1;
                char shown[64];
                tool_errf(err, errcap, ln.number, extra.col, "unexpected '%s' in the header",
                          tool_tok_show(extra.s, extra.n, shown, sizeof shown));
                return 2;
            }
            type.col += first + 1;
            name.col += first + 1;
            if (open_section(sc, &type, has_name ? &name : NULL, &c, &p)) {
                tool_errf(err, errcap, ln.number, p.col, "%s", p.msg);
                return 2;
            }
            size_t *before = &opened[c.sec][c.idx];
            if (*before) {
                char shown_type[32], shown_name[40];
                tool_tok_show(type.s, type.n, shown_type, sizeof shown_type);
                shown_name[0] = '\0';
                if (has_name) {
                    shown_name[0] = ' ';
                    tool_tok_show(name.s, name.n, shown_name + 1, sizeof shown_name - 1);
                }
                tool_errf(err, errcap, ln.number, first + 1,
                          "section [%s%s] appears twice (first at line %zu)", shown_type,
                          shown_name, *before);
                return 2;
            }
            *before = ln.number;
            int *line = section_line(sc, &c);
            if (line && *line == 0)
                *line = (int)ln.number; /* a file of at most 64 MiB */
            continue;
        }
        size_t eq = first;
        while (eq < ln.n && ln.s[eq] != '=')
            eq++;
        if (eq == ln.n) {
            tool_errf(err, errcap, ln.number, first + 1, "expected KEY = VALUE or [section]");
            return 2;
        }
        size_t kend = eq;
        while (kend > first && (ln.s[kend - 1] == ' ' || ln.s[kend - 1] == '\t'))
            kend--;
        tool_tok key = {ln.s + first, kend - first, first + 1};
        if (key.n == 0) {
            tool_errf(err, errcap, ln.number, first + 1, "missing key before '='");
            return 2;
        }
        tool_line value = {ln.s + eq + 1, ln.n - eq - 1, ln.number};
        if (apply(sc, &c, &key, &value, &p)) {
            /* a column inside the value counts from the byte after '=' */
            size_t col = p.in_key ? p.col : eq + 1 + p.col;
            tool_errf(err, errcap, ln.number, col, "%s", p.msg);
            return 2;
        }
    }
    return 0;
}

int tool_scenario_set(tool_scenario *sc, const char *setting, char *err, size_t errcap)
{
    if (err && errcap)
        err[0] = '\0';
    if (sc == NULL || setting == NULL)
        return 1;
    const char *eq = strchr(setting, '=');
    if (eq == NULL) {
        snprintf(err, errcap, "expected SECTION.KEY=VALUE");
        return 2;
    }
    size_t klen = (size_t)(eq - setting);
    /* the section type, its name when it takes one, then the key (which may hold dots) */
    size_t dot1 = 0;
    while (dot1 < klen && setting[dot1] != '.')
        dot1++;
    problem p;
    memset(&p, 0, sizeof p);
    cursor c = {S_NONE, 0};
    if (dot1 >= klen) {
        snprintf(err, errcap, "expected SECTION.KEY=VALUE");
        return 2;
    }
    tool_tok type = {setting, dot1, 1};
    int s = lookup(&type, sec_names + 1, S_COUNT - 1) + 1;
    int named = s == S_FIGURE || s == S_CAVALRY || s == S_CHARIOT || s == S_PROFILE ||
                s == S_SIDE || s == S_UNIT || s == S_FIGHT || s == S_CHARGE;
    size_t key_start = dot1 + 1;
    int rc;
    if (named) {
        size_t dot2 = key_start;
        while (dot2 < klen && setting[dot2] != '.')
            dot2++;
        if (dot2 >= klen) {
            snprintf(err, errcap, "expected SECTION.NAME.KEY=VALUE");
            return 2;
        }
        tool_tok name = {setting + key_start, dot2 - key_start, key_start + 1};
        rc = open_section(sc, &type, &name, &c, &p);
        key_start = dot2 + 1;
    } else {
        rc = open_section(sc, &type, NULL, &c, &p);
    }
    if (rc == 0) {
        tool_tok key = {setting + key_start, klen - key_start, key_start + 1};
        tool_line value = {eq + 1, strlen(eq + 1), 1};
        if (key.n == 0) {
            snprintf(err, errcap, "missing key");
            return 2;
        }
        rc = apply(sc, &c, &key, &value, &p);
    }
    if (rc) {
        snprintf(err, errcap, "%s", p.msg);
        return 2;
    }
    int *line = section_line(sc, &c);
    if (line != NULL && *line <= 0 && sc->set_position > 0)
        *line = -sc->set_position;
    return 0;
}

void tool_scenario_forget_lines(tool_scenario *sc)
{
    for (int sec = S_NONE; sec < S_COUNT; sec++)
        for (int i = 0; i < section_count(sc, sec); i++) {
            cursor c = {sec, i};
            int *line = section_line(sc, &c);
            if (line != NULL)
                *line = 0;
        }
}
