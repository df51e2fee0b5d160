/* warrules sweep: the exact odds of every matchup of a sweep definition file
   (units, the sides they take and the axes to vary; docs/scaling.md), as a
   CSV table or a heatmap of side a's win probability. The same study as
   warrules.sweep in the Python package, computed here in one C process. */
#include <stdlib.h>
#include <string.h>

#include "lex.h"
#include "tool.h"

#define SWEEP_MAX_UNITS 32
#define SWEEP_MAX_AXES 8
#define SWEEP_MAX_VALUES 64
#define SWEEP_VALUE_MAX 48
#define SWEEP_MAX_VARIANTS 4096
#define SWEEP_MAX_PROBLEMS 20

static const char cmd[] = "sweep";

typedef struct sweep_unit {
    char name[TOOL_NAME_MAX];
    size_t line;        /* of its [unit NAME] header */
    size_t open, close; /* byte offsets of the header's '[' and ']' */
    size_t end;         /* where its section ends: the next header or the end */
    int in_contact_set;
    tool_scenario *sc; /* the file read with this unit as [side a] */
} sweep_unit;

typedef struct sweep_axis {
    char key[TOOL_NAME_MAX];
    int sides; /* bit 0: side a varies it, bit 1: side b */
    size_t line;
    int n;
    char value[SWEEP_MAX_VALUES][SWEEP_VALUE_MAX];
} sweep_axis;

typedef struct sweep_def {
    const char *path;
    int n_units;
    sweep_unit unit[SWEEP_MAX_UNITS];
    int n_side[2], side[2][SWEEP_MAX_UNITS]; /* unit indices; n 0: every unit */
    int n_axes;
    sweep_axis axis[SWEEP_MAX_AXES];
    int rounds;
} sweep_def;

typedef struct variant {
    int side; /* 0: a, 1: b */
    int unit;
    int cell; /* index into the axes' product, first axis slowest */
    wr_profile *profile;
    wr_melee_unit *melee;
    wr_combatant_situation situation;
} variant;

typedef struct sweep_side {
    int n;
    variant *v;
} sweep_side;

static int is_header(const tool_line *ln, size_t first)
{
    return first < ln->n && ln->s[first] == '[' && ln->s[ln->n - 1] == ']';
}

static void blank(char *text, const tool_line *ln, const char *base)
{
    memset(text + (ln->s - base), ' ', ln->n);
}

/* 1-31 letters, digits, '-' or '_', as the scenario file's names. */
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

static int unit_index(const sweep_def *d, const tool_tok *t)
{
    for (int i = 0; i < d->n_units; i++)
        if (strlen(d->unit[i].name) == t->n && memcmp(d->unit[i].name, t->s, t->n) == 0)
            return i;
    return -1;
}

/* A [sweep] key: a, b, rounds or vary.KEY. */
static int sweep_key(sweep_def *d, const tool_line *ln, size_t first, size_t eq)
{
    size_t kend = eq;
    while (kend > first && (ln->s[kend - 1] == ' ' || ln->s[kend - 1] == '\t'))
        kend--;
    tool_tok key = {ln->s + first, kend - first, first + 1};
    tool_line value = {ln->s + eq + 1, ln->n - eq - 1, ln->number};
    char shown[64];
    if (tool_tok_is(&key, "a") || tool_tok_is(&key, "b")) {
        int s = tool_tok_is(&key, "b");
        size_t pos = 0;
        tool_tok t;
        d->n_side[s] = 0;
        while (tool_line_token(&value, &pos, ',', &t)) {
            int u = unit_index(d, &t);
            if (u < 0)
                return tool_fail(cmd, TOOL_USAGE, "%s:%zu:%zu: no [unit %s] above this line",
                                 d->path, ln->number, eq + 1 + t.col,
                                 tool_tok_show(t.s, t.n, shown, sizeof shown));
            d->side[s][d->n_side[s]++] = u;
        }
        if (d->n_side[s] == 0)
            return tool_fail(cmd, TOOL_USAGE, "%s:%zu:%zu: side %c needs unit names", d->path,
                             ln->number, eq + 2, 'a' + s);
        return TOOL_OK;
    }
    if (tool_tok_is(&key, "rounds")) {
        size_t pos = 0;
        tool_tok t;
        long long r = 0;
        if (!tool_line_token(&value, &pos, 0, &t) ||
            !tool_tok_int(t.s, t.n, 1, WR_ODDS_MAX_ROUNDS, &r))
            return tool_fail(cmd, TOOL_USAGE, "%s:%zu:%zu: rounds is 1..%d", d->path, ln->number,
                             eq + 2, WR_ODDS_MAX_ROUNDS);
        d->rounds = (int)r;
        return TOOL_OK;
    }
    if (key.n > 5 && tool_tok_is(&(tool_tok){key.s, 5, 0}, "vary.") && key.n - 5 < TOOL_NAME_MAX) {
        if (d->n_axes >= SWEEP_MAX_AXES)
            return tool_fail(cmd, TOOL_USAGE, "%s:%zu:1: at most %d axes", d->path, ln->number,
                             SWEEP_MAX_AXES);
        sweep_axis *ax = &d->axis[d->n_axes++];
        size_t skip = 5;
        ax->sides = 3;
        if (key.n > 7 && key.s[7 - 1] == '.' && (key.s[5] == 'a' || key.s[5] == 'b')) {
            ax->sides = key.s[5] == 'a' ? 1 : 2; /* vary.a.KEY, vary.b.KEY */
            skip = 7;
        }
        memcpy(ax->key, key.s + skip, key.n - skip);
        ax->key[key.n - skip] = '\0';
        ax->line = ln->number;
        ax->n = 0;
        size_t start = 0;
        while (start <= value.n) {
            size_t end = start;
            while (end < value.n && value.s[end] != ',')
                end++;
            size_t a = start, b = end;
            while (a < b && (value.s[a] == ' ' || value.s[a] == '\t'))
                a++;
            while (b > a && (value.s[b - 1] == ' ' || value.s[b - 1] == '\t'))
                b--;
            if (b == a || b - a >= SWEEP_VALUE_MAX || ax->n >= SWEEP_MAX_VALUES)
                return tool_fail(cmd, TOOL_USAGE,
                                 "%s:%zu:%zu: an axis takes 1..%d values of 1..%d characters, "
                                 "separated by commas",
                                 d->path, ln->number, eq + 2 + a, SWEEP_MAX_VALUES,
                                 SWEEP_VALUE_MAX - 1);
            memcpy(ax->value[ax->n], value.s + a, b - a);
            ax->value[ax->n++][b - a] = '\0';
            start = end + 1;
        }
        return TOOL_OK;
    }
    return tool_fail(cmd, TOOL_USAGE,
                     "%s:%zu:%zu: unknown [sweep] key '%s' (a, b, rounds, vary.KEY)", d->path,
                     ln->number, first + 1, tool_tok_show(key.s, key.n, shown, sizeof shown));
}

/* First pass: the [unit] headers and the [sweep] section; `base` gets the
   text with both blanked (the scenario reader reads the rest). */
static int read_def(sweep_def *d, const char *text, size_t len, char *base)
{
    tool_lex lx;
    tool_line ln;
    enum { OTHER, UNIT, SWEEP } sec = OTHER;
    tool_lex_init(&lx, text, len);
    while (tool_lex_line(&lx, &ln)) {
        size_t first = tool_line_skip_blanks(&ln, 0);
        if (first >= ln.n)
            continue;
        if (is_header(&ln, first)) {
            if (sec == UNIT)
                d->unit[d->n_units - 1].end = (size_t)(ln.s - text);
            tool_line inner = {ln.s + first + 1, ln.n - first - 2, ln.number};
            size_t pos = 0;
            tool_tok type, name, extra;
            sec = OTHER;
            if (!tool_line_token(&inner, &pos, 0, &type))
                continue;
            int named = tool_line_token(&inner, &pos, 0, &name);
            int more = named && tool_line_token(&inner, &pos, 0, &extra);
            if (tool_tok_is(&type, "sweep")) {
                if (named)
                    return tool_fail(cmd, TOOL_USAGE, "%s:%zu:%zu: [sweep] takes no name", d->path,
                                     ln.number, first + 1);
                sec = SWEEP;
            } else if (tool_tok_is(&type, "unit")) {
                char shown[64];
                if (!named || more || !valid_name(&name) || unit_index(d, &name) >= 0)
                    return tool_fail(cmd, TOOL_USAGE,
                                     "%s:%zu:%zu: a unit needs a new name of 1-31 "
                                     "letters, digits, '-' or '_'",
                                     d->path, ln.number, first + 1);
                if (d->n_units >= SWEEP_MAX_UNITS)
                    return tool_fail(cmd, TOOL_USAGE, "%s:%zu:%zu: at most %d units ('%s')",
                                     d->path, ln.number, first + 1, SWEEP_MAX_UNITS,
                                     tool_tok_show(name.s, name.n, shown, sizeof shown));
                sweep_unit *u = &d->unit[d->n_units++];
                memcpy(u->name, name.s, name.n);
                u->name[name.n] = '\0';
                u->line = ln.number;
                u->open = (size_t)(ln.s - text) + first;
                u->close = (size_t)(ln.s - text) + ln.n - 1;
                sec = UNIT;
            }
            if (sec != OTHER)
                blank(base, &ln, text);
            continue;
        }
        if (sec == OTHER)
            continue;
        blank(base, &ln, text);
        size_t eq = first;
        while (eq < ln.n && ln.s[eq] != '=')
            eq++;
        if (sec == UNIT) {
            size_t kend = eq;
            while (kend > first && (ln.s[kend - 1] == ' ' || ln.s[kend - 1] == '\t'))
                kend--;
            tool_tok key = {ln.s + first, kend - first, 0};
            if (tool_tok_is(&key, "in-contact"))
                d->unit[d->n_units - 1].in_contact_set = 1;
            continue;
        }
        if (eq == ln.n)
            return tool_fail(cmd, TOOL_USAGE, "%s:%zu:%zu: expected KEY = VALUE", d->path,
                             ln.number, first + 1);
        int rc = sweep_key(d, &ln, first, eq);
        if (rc != TOOL_OK)
            return rc;
    }
    if (sec == UNIT)
        d->unit[d->n_units - 1].end = len;
    if (d->n_units == 0)
        return tool_fail(cmd, TOOL_USAGE, "%s: no [unit NAME] section", d->path);
    return TOOL_OK;
}

/* Second pass: each unit read by the scenario reader as [side a], in the
   file's text with the other units and [sweep] blanked (same lines and columns). */
static int read_units(sweep_def *d, const char *text, size_t len, const char *base)
{
    char *copy = malloc(len + 1);
    if (copy == NULL)
        return tool_fail(cmd, TOOL_FAILED, "out of memory");
    int rc = TOOL_OK;
    for (int i = 0; i < d->n_units && rc == TOOL_OK; i++) {
        sweep_unit *u = &d->unit[i];
        memcpy(copy, base, len);
        memcpy(copy + u->open, text + u->open, u->end - u->open);
        memset(copy + u->open, ' ', u->close - u->open + 1);
        memcpy(copy + u->open, "[side a]", 8);
        copy[len] = '\0';
        u->sc = malloc(sizeof *u->sc);
        if (u->sc == NULL) {
            rc = tool_fail(cmd, TOOL_FAILED, "out of memory");
            break;
        }
        tool_scenario_init(u->sc);
        char err[300];
        if (tool_scenario_read(copy, len, u->sc, err, sizeof err) != 0)
            rc = tool_fail(cmd, TOOL_USAGE, "%s:%s", d->path, err);
    }
    free(copy);
    return rc;
}

/* Whether side s (0: a, 1: b) varies axis a. */
static int varies(const sweep_def *d, int s, int a)
{
    return (d->axis[a].sides >> s) & 1;
}

/* The cells of a side's axes' product: at most 64^8 = 2^48, exact in a long
   long (so that a side with too many variants is told how many it has). */
static long long cells_of(const sweep_def *d, int s)
{
    long long n = 1;
    for (int a = 0; a < d->n_axes; a++)
        if (varies(d, s, a))
            n *= d->axis[a].n;
    return n;
}

/* The value of a side's axis in a cell, first axis slowest. */
static const char *axis_value(const sweep_def *d, const variant *v, int axis)
{
    int cell = v->cell;
    for (int a = d->n_axes - 1; a > axis; a--)
        if (varies(d, v->side, a))
            cell /= d->axis[a].n;
    return d->axis[axis].value[cell % d->axis[axis].n];
}

static void variant_label(const sweep_def *d, const variant *v, char *buf, size_t cap)
{
    size_t n = (size_t)snprintf(buf, cap, "%s", d->unit[v->unit].name);
    int shown = 0;
    for (int a = 0; a < d->n_axes && n < cap; a++)
        if (varies(d, v->side, a))
            n += (size_t)snprintf(buf + n, cap - n, "%s%s=%s", shown++ ? ", " : " (",
                                  d->axis[a].key, axis_value(d, v, a));
    if (shown && n < cap)
        snprintf(buf + n, cap - n, ")");
}

/* Why the library refused: its detail when it records one, else the status. */
static const char *refusal(wr_status st)
{
    const char *detail = wr_last_error();
    return detail[0] ? detail : wr_status_str(st);
}

/* Builds a variant's profile, unit and situation; 0, or a message in err. */
static int make_variant(const sweep_def *d, variant *v, char *err, size_t cap)
{
    const sweep_unit *u = &d->unit[v->unit];
    tool_scenario *sc = u->sc;
    tool_side_spec saved = sc->side[0];
    int set_contact = u->in_contact_set, rc = 0;
    for (int a = 0; a < d->n_axes && rc == 0; a++) {
        char setting[TOOL_NAME_MAX + SWEEP_VALUE_MAX + 16], msg[200];
        if (!varies(d, v->side, a))
            continue;
        const char *value = axis_value(d, v, a);
        snprintf(setting, sizeof setting, "side.a.%s=%s", d->axis[a].key, value);
        if (tool_scenario_set(sc, setting, msg, sizeof msg) != 0) {
            snprintf(err, cap, "%s:%zu: vary.%s = %s: %s", d->path, d->axis[a].line, d->axis[a].key,
                     value, msg);
            rc = 2;
        }
        if (strcmp(d->axis[a].key, "in-contact") == 0)
            set_contact = 1;
    }
    tool_side_spec side = sc->side[0];
    sc->side[0] = saved;
    if (rc)
        return rc;
    char label[300];
    variant_label(d, v, label, sizeof label);
    int pi = tool_scenario_profile(sc, side.profile);
    if (side.profile[0] == '\0' || pi < 0) {
        snprintf(err, cap, "%s:%zu: %s: %s", d->path, u->line, label,
                 side.profile[0] ? "no [profile] of that name"
                                 : "no profile given (profile = NAME)");
        return 2;
    }
    wr_status st = tool_profile_build(&sc->profiles[pi], &v->profile);
    if (st == WR_OK)
        st = wr_melee_unit_new(v->profile, &side.def, &v->melee);
    if (st != WR_OK) {
        snprintf(err, cap, "%s:%zu: %s: the unit is refused (%s): %s", d->path, u->line, label,
                 wr_status_name(st), refusal(st));
        return st == WR_ERR_NOMEM ? 1 : 2;
    }
    if (side.def.figures > WR_ODDS_MAX_FIGURES) {
        snprintf(err, cap, "%s:%zu: %s: the exact odds take at most %d figures a side", d->path,
                 u->line, label, WR_ODDS_MAX_FIGURES);
        return 2;
    }
    v->situation = side.situation;
    if (!set_contact)
        v->situation.in_contact =
            side.def.files < side.def.figures ? side.def.files : side.def.figures;
    /* the situation checked against a twin in front contact */
    wr_melee_unit *twin = NULL;
    wr_engagement *e = NULL;
    wr_situation sit;
    memset(&sit, 0, sizeof sit);
    sit.side[0] = v->situation;
    st = wr_melee_unit_new(v->profile, &side.def, &twin);
    if (st == WR_OK)
        st = wr_engagement_new(v->melee, twin, &sit, &e);
    if (st != WR_OK)
        snprintf(err, cap, "%s:%zu: %s: the situation is refused (%s): %s", d->path, u->line, label,
                 wr_status_name(st), refusal(st));
    wr_engagement_free(e);
    wr_melee_unit_free(twin);
    return st == WR_OK ? 0 : st == WR_ERR_NOMEM ? 1 : 2;
}

static void side_free(sweep_side *s)
{
    for (int i = 0; s->v && i < s->n; i++) {
        wr_melee_unit_free(s->v[i].melee);
        wr_profile_free(s->v[i].profile);
    }
    free(s->v);
}

/* FNV-1a: a refusal's message, to count each refused variant once. */
static uint64_t message_hash(const char *s)
{
    uint64_t h = UINT64_C(14695981039346656037);
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * UINT64_C(1099511628211);
    return h;
}

/* Every variant of both sides, each checked; every refusal is reported
   (at most SWEEP_MAX_PROBLEMS lines, then how many in all) before any odds
   are computed. A variant on both sides (the same unit and axis values) is
   one refusal, told and counted once: its message is the same, and the
   messages already seen are kept as 64-bit hashes. */
static int make_sides(const sweep_def *d, sweep_side side[2])
{
    int problems = 0, nomem = 0, rc = TOOL_OK;
    uint64_t *seen = malloc(2 * SWEEP_MAX_VARIANTS * sizeof *seen);
    if (seen == NULL)
        return tool_fail(cmd, TOOL_FAILED, "out of memory");
    for (int s = 0; s < 2 && rc == TOOL_OK; s++) {
        long long all = cells_of(d, s) * (d->n_side[s] ? d->n_side[s] : d->n_units);
        if (all > SWEEP_MAX_VARIANTS) {
            rc = tool_fail(cmd, TOOL_USAGE, "%s: side %c has %lld variants (at most %d)", d->path,
                           'a' + s, all, SWEEP_MAX_VARIANTS);
            break;
        }
        int cells = (int)cells_of(d, s), units = (int)(all / cells);
        side[s].v = calloc((size_t)(units * cells), sizeof(variant));
        if (side[s].v == NULL) {
            rc = tool_fail(cmd, TOOL_FAILED, "out of memory");
            break;
        }
        side[s].n = units * cells;
        for (int i = 0; i < side[s].n; i++) {
            variant *v = &side[s].v[i];
            v->side = s;
            v->unit = d->n_side[s] ? d->side[s][i / cells] : i / cells;
            v->cell = i % cells;
            char err[600];
            int vrc = make_variant(d, v, err, sizeof err);
            if (vrc == 1) {
                nomem = 1;
                continue;
            }
            if (vrc == 0)
                continue;
            uint64_t h = message_hash(err);
            int told = 0;
            for (int k = 0; k < problems && !told; k++)
                told = seen[k] == h;
            if (told)
                continue;
            if (problems < SWEEP_MAX_PROBLEMS)
                tool_fail(cmd, TOOL_USAGE, "%s", err);
            seen[problems++] = h;
        }
    }
    free(seen);
    if (rc != TOOL_OK)
        return rc;
    if (nomem)
        return tool_fail(cmd, TOOL_FAILED, "out of memory");
    if (problems > SWEEP_MAX_PROBLEMS)
        tool_fail(cmd, TOOL_USAGE, "... %d refused variants in all", problems);
    return problems ? TOOL_USAGE : TOOL_OK;
}

/* One matchup: its END_COUNT probabilities in units of 10^-18; 0, or the
   status that refused it. */
static wr_status matchup(const variant *a, const variant *b, int rounds,
                         uint64_t ends[WR_END_COUNT])
{
    wr_situation sit;
    sit.side[0] = a->situation;
    sit.side[1] = b->situation;
    wr_engagement *e = NULL;
    wr_melee_odds *odds = NULL;
    wr_status st = wr_engagement_new(a->melee, b->melee, &sit, &e);
    if (st == WR_OK)
        st = wr_melee_odds_new(e, rounds, &odds);
    for (int k = 0; k < WR_END_COUNT && st == WR_OK; k++)
        st = wr_melee_odds_end(odds, (wr_melee_end)k, &ends[k]);
    wr_melee_odds_free(odds);
    wr_engagement_free(e);
    return st;
}

static void csv_field(FILE *out, const char *s)
{
    if (strpbrk(s, ",\"\n") == NULL) {
        fputs(s, out);
        return;
    }
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

static void xml_text(FILE *out, const char *s)
{
    for (; *s; s++) {
        if (*s == '<')
            fputs("&lt;", out);
        else if (*s == '>')
            fputs("&gt;", out);
        else if (*s == '&')
            fputs("&amp;", out);
        else if (*s == '"')
            fputs("&quot;", out);
        else
            fputc(*s, out);
    }
}

/* A probability in units of 10^-18 as a percent rounded down: "12.34". */
static const char *percent_down(uint64_t p, char buf[32])
{
    uint64_t hundredths = p / 100000000000000u;
    snprintf(buf, 32, "%llu.%02llu", (unsigned long long)(hundredths / 100),
             (unsigned long long)(hundredths % 100));
    return buf;
}

/* Side a's win probability from blue (0%) through white (50%) to red
   (100%), as the Python package's heatmap; grey for a refused matchup. */
static void colour(long permille, char buf[8])
{
    static const int blue[3] = {33, 102, 172}, white[3] = {247, 247, 247}, red[3] = {178, 24, 43};
    int rgb[3];
    for (int c = 0; c < 3; c++) {
        if (permille < 0)
            rgb[c] = 150;
        else if (permille <= 500)
            rgb[c] = blue[c] + (int)((white[c] - blue[c]) * permille / 500);
        else
            rgb[c] = white[c] + (int)((red[c] - white[c]) * (permille - 500) / 500);
    }
    snprintf(buf, 8, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
}

#define NO_ODDS UINT64_MAX

static void draw_svg(FILE *out, const sweep_def *d, const sweep_side side[2], const uint64_t *wins,
                     int rounds)
{
    int nr = side[0].n, nc = side[1].n, big = nr > nc ? nr : nc;
    int cell = 960 / (big > 0 ? big : 1);
    cell = cell > 16 ? 16 : cell < 2 ? 2 : cell;
    int labels = cell >= 8, font = cell < 11 ? cell : 11;
    char label[300], fill[8], pct[32];
    size_t longest[2] = {0, 0};
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < side[s].n; i++) {
            variant_label(d, &side[s].v[i], label, sizeof label);
            if (strlen(label) > longest[s])
                longest[s] = strlen(label);
        }
    int left = 8 + (labels ? font * 6 / 10 * (int)longest[0] : 0);
    int top = 40 + (labels ? font * 6 / 10 * (int)longest[1] : 0);
    int width = left + (nc * cell + 20 > 440 ? nc * cell + 20 : 440), height = top + nr * cell + 70;
    fprintf(out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"11\">\n",
            width, height, width, height);
    fprintf(out, "<title>Side a wins: %d x %d matchups, up to %d rounds</title>\n", nr, nc, rounds);
    /* the cells on a dark frame, outlined when they are 8 px or more: a
       cell near 50 % (near white) is set apart from the page */
    fprintf(out,
            "<style>.background{fill:#f5f0e6}.frame{fill:#404040}.cell{stroke:%s}"
            ".label{fill:#222}</style>\n",
            cell >= 8 ? "#404040;stroke-width:1" : "none");
    fprintf(out, "<rect class=\"background\" x=\"0\" y=\"0\" width=\"%d\" height=\"%d\"/>\n", width,
            height);
    fprintf(out,
            "<text x=\"8\" y=\"18\" font-size=\"14\">Side a wins: %d x %d matchups, up to %d "
            "rounds</text>\n",
            nr, nc, rounds);
    for (int r = 0; labels && r < nr; r++) {
        variant_label(d, &side[0].v[r], label, sizeof label);
        fprintf(out,
                "<text class=\"label row\" x=\"%d\" y=\"%d\" font-size=\"%d\" "
                "text-anchor=\"end\">",
                left - 4, top + r * cell + cell * 3 / 4, font);
        xml_text(out, label);
        fprintf(out, "</text>\n");
    }
    for (int c = 0; labels && c < nc; c++) {
        int x = left + c * cell + cell * 3 / 4;
        variant_label(d, &side[1].v[c], label, sizeof label);
        fprintf(out,
                "<text class=\"label col\" x=\"%d\" y=\"%d\" font-size=\"%d\" "
                "transform=\"rotate(-90 %d %d)\">",
                x, top - 4, font, x, top - 4);
        xml_text(out, label);
        fprintf(out, "</text>\n");
    }
    fprintf(out, "<rect class=\"frame\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>\n", left - 2,
            top - 2, nc * cell + 4, nr * cell + 4);
    for (int r = 0; r < nr; r++)
        for (int c = 0; c < nc; c++) {
            uint64_t p = wins[(size_t)r * (size_t)nc + (size_t)c];
            colour(p == NO_ODDS ? -1 : (long)(p / 1000000000000000u), fill);
            fprintf(out,
                    "<rect class=\"cell\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
                    "fill=\"%s\"><title>",
                    left + c * cell, top + r * cell, cell, cell, fill);
            variant_label(d, &side[0].v[r], label, sizeof label);
            xml_text(out, label);
            fprintf(out, " against ");
            variant_label(d, &side[1].v[c], label, sizeof label);
            xml_text(out, label);
            if (p == NO_ODDS)
                fprintf(out, ": refused by the rules</title></rect>\n");
            else
                fprintf(out, ": side a wins %s%%</title></rect>\n", percent_down(p, pct));
        }
    int y = top + nr * cell + 20;
    fprintf(out, "<rect class=\"frame\" x=\"%d\" y=\"%d\" width=\"214\" height=\"16\"/>\n",
            left - 2, y - 2);
    for (int k = 0; k <= 100; k += 5) {
        colour(k * 10, fill);
        fprintf(out,
                "<rect class=\"legend\" x=\"%d\" y=\"%d\" width=\"10\" height=\"12\" "
                "fill=\"%s\"/>\n",
                left + k * 2, y, fill);
    }
    fprintf(out,
            "<text x=\"%d\" y=\"%d\">0%%</text><text x=\"%d\" y=\"%d\" "
            "text-anchor=\"middle\">50%%</text><text x=\"%d\" y=\"%d\" "
            "text-anchor=\"end\">100%%</text><text x=\"%d\" y=\"%d\">side a (rows) wins; "
            "columns: side b</text>\n</svg>\n",
            left, y + 28, left + 100, y + 28, left + 210, y + 28, left + 220, y + 10);
}

static const char *const end_columns[WR_END_COUNT] = {"ongoing",     "a_routs",       "a_retires",
                                                      "b_routs",     "b_retires",     "a_destroyed",
                                                      "b_destroyed", "both_destroyed"};

static void csv_header(FILE *out, const sweep_def *d)
{
    fprintf(out, "index,a,b");
    for (int s = 0; s < 2; s++)
        for (int a = 0; a < d->n_axes; a++)
            if (varies(d, s, a))
                fprintf(out, ",%c.%s", 'a' + s, d->axis[a].key);
    for (int k = 0; k < WR_END_COUNT; k++)
        fprintf(out, ",%s", end_columns[k]);
    fprintf(out, ",a_wins_e18,b_wins_e18,error\n");
}

static void csv_row(FILE *out, const sweep_def *d, size_t index, const variant *v[2],
                    const uint64_t ends[WR_END_COUNT], wr_status st)
{
    fprintf(out, "%zu,%s,%s", index, d->unit[v[0]->unit].name, d->unit[v[1]->unit].name);
    for (int s = 0; s < 2; s++)
        for (int a = 0; a < d->n_axes; a++)
            if (varies(d, s, a)) {
                fputc(',', out);
                csv_field(out, axis_value(d, v[s], a));
            }
    if (st != WR_OK) {
        for (int k = 0; k < WR_END_COUNT + 2; k++)
            fputc(',', out);
        fprintf(out, ",%s\n", wr_status_name(st));
        return;
    }
    for (int k = 0; k < WR_END_COUNT; k++)
        fprintf(out, ",%llu", (unsigned long long)ends[k]);
    fprintf(out, ",%llu,%llu,\n",
            (unsigned long long)(ends[WR_END_B_ROUTS] + ends[WR_END_B_RETIRES] +
                                 ends[WR_END_B_DESTROYED]),
            (unsigned long long)(ends[WR_END_A_ROUTS] + ends[WR_END_A_RETIRES] +
                                 ends[WR_END_A_DESTROYED]));
}

static int usage(FILE *f)
{
    fprintf(f, "usage: warrules sweep FILE [--rounds N] [--svg OUT] [--csv OUT]\n\n"
               "The exact odds of every matchup of a balance study: each unit of side a against\n"
               "each unit of side b, at every combination of the axes, as a CSV table (one line\n"
               "per matchup, probabilities in units of 10^-18) and, with --svg, a heatmap of\n"
               "side a's win probability. FILE holds [profile NAME], [unit NAME] (the keys of\n"
               "[side a]) and [sweep] sections (docs/scaling.md).\n\n"
               "  --rounds N   round cap, 1..40 (default: [sweep] rounds, else 30)\n"
               "  --svg OUT    draw the heatmap ('-' for standard output, then no table)\n"
               "  --csv OUT    write the table to OUT instead of standard output\n");
    return TOOL_OK;
}

typedef struct sweep_opts {
    const char *file, *svg, *csv;
    int rounds;
} sweep_opts;

enum { OPT_ROUNDS, OPT_SVG, OPT_CSV };
static const tool_optdef sweep_options[] = {
    {"rounds", 'r', 1},
    {"svg", 0, 1},
    {"csv", 0, 1},
};

static int parse_args(const tool_args *args, sweep_opts *o)
{
    memset(o, 0, sizeof *o);
    const char *v = tool_args_value(args, OPT_ROUNDS);
    if (v != NULL && !tool_parse_int(v, 1, WR_ODDS_MAX_ROUNDS, &o->rounds))
        return tool_fail(cmd, TOOL_USAGE, "argument %d: --rounds takes 1..%d, not '%s'",
                         tool_args_position(args, OPT_ROUNDS), WR_ODDS_MAX_ROUNDS, v);
    o->svg = tool_args_value(args, OPT_SVG);
    o->csv = tool_args_value(args, OPT_CSV);
    if (o->svg && o->csv && strcmp(o->svg, "-") == 0)
        return tool_fail(cmd, TOOL_USAGE,
                         "--svg - writes only the heatmap to standard output; "
                         "it cannot go with --csv");
    if (o->svg && o->csv && strcmp(o->svg, o->csv) == 0)
        return tool_fail(cmd, TOOL_USAGE, "--svg and --csv name the same file '%s'", o->svg);
    int rc = tool_args_one_operand(cmd, args, "sweep file", &o->file);
    if (rc == TOOL_OK && o->file == NULL)
        rc = tool_fail(cmd, TOOL_USAGE, "a sweep file is needed (try --help)");
    return rc;
}

static int compute(const sweep_def *d, const sweep_side side[2], int rounds, const sweep_opts *o,
                   FILE *out)
{
    size_t n = (size_t)side[0].n * (size_t)side[1].n;
    uint64_t *wins = malloc(n * sizeof *wins);
    if (wins == NULL)
        return tool_fail(cmd, TOOL_FAILED, "out of memory");
    int table = !(o->svg && strcmp(o->svg, "-") == 0);
    tool_out csv_file, svg_file;
    memset(&csv_file, 0, sizeof csv_file);
    memset(&svg_file, 0, sizeof svg_file);
    int rc = TOOL_OK;
    FILE *csv = NULL;
    if (table && o->csv && (rc = tool_out_open(cmd, o->csv, &csv_file)) == TOOL_OK)
        csv = csv_file.f;
    else if (table && !o->csv)
        csv = out;
    if (rc == TOOL_OK && o->svg)
        rc = tool_out_open(cmd, o->svg, &svg_file);
    if (csv && rc == TOOL_OK)
        csv_header(csv, d);
    for (size_t i = 0; i < n && rc == TOOL_OK; i++) {
        const variant *v[2] = {&side[0].v[i / (size_t)side[1].n],
                               &side[1].v[i % (size_t)side[1].n]};
        uint64_t ends[WR_END_COUNT];
        wr_status st = matchup(v[0], v[1], rounds, ends);
        if (st == WR_ERR_NOMEM)
            rc = tool_fail(cmd, TOOL_FAILED, "out of memory");
        wins[i] = st == WR_OK
                      ? ends[WR_END_B_ROUTS] + ends[WR_END_B_RETIRES] + ends[WR_END_B_DESTROYED]
                      : NO_ODDS;
        if (csv)
            csv_row(csv, d, i, v, ends, st);
    }
    if (rc == TOOL_OK && o->svg)
        draw_svg(svg_file.f, d, side, wins, rounds);
    rc = tool_out_finish(cmd, &svg_file, rc);
    rc = tool_out_finish(cmd, &csv_file, rc);
    free(wins);
    return rc;
}

int tool_sweep(int argc, char **argv, FILE *out)
{
    tool_args args;
    int go;
    int rc =
        tool_command_start(cmd, TOOL_OPTIONS(sweep_options), argc, argv, out, usage, &args, &go);
    if (!go)
        return rc;
    sweep_opts o;
    rc = parse_args(&args, &o);
    if (rc != TOOL_OK) {
        tool_args_free(&args);
        return rc;
    }
    char *text = NULL, *base = NULL;
    size_t len = 0;
    sweep_def *d = calloc(1, sizeof *d);
    sweep_side side[2] = {{0, NULL}, {0, NULL}};
    if (d == NULL) {
        tool_args_free(&args);
        return tool_fail(cmd, TOOL_FAILED, "out of memory");
    }
    d->path = o.file;
    d->rounds = 30;
    rc = tool_read_file(cmd, o.file, &text, &len);
    if (rc == TOOL_OK && (base = malloc(len + 1)) == NULL)
        rc = tool_fail(cmd, TOOL_FAILED, "out of memory");
    if (rc == TOOL_OK) {
        memcpy(base, text, len + 1);
        rc = read_def(d, text, len, base);
    }
    if (rc == TOOL_OK)
        rc = read_units(d, text, len, base);
    if (rc == TOOL_OK)
        rc = make_sides(d, side);
    if (rc == TOOL_OK)
        rc = compute(d, side, o.rounds ? o.rounds : d->rounds, &o, out);
    side_free(&side[0]);
    side_free(&side[1]);
    for (int i = 0; i < d->n_units; i++)
        free(d->unit[i].sc);
    free(d);
    free(base);
    free(text);
    tool_args_free(&args);
    return rc;
}
