/* The map text reader: terrain rows, then sections of hexside and hex data.
   Every problem is reported with its line and column; nothing is trusted. */
#include "mapfile.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lex.h"

static const char terrain_letters[WR_HEX_TERRAIN_COUNT] = {'.', 'f', 's', 'h', 'm', '~', 'c', 'l'};
static const char *const terrain_names[WR_HEX_TERRAIN_COUNT] = {
    "clear", "forest", "swamp", "hills", "mountains", "sea", "coast", "lake"};
static const char *const direction_names[6] = {"E", "NE", "NW", "W", "SW", "SE"};

char tool_terrain_letter(wr_hex_terrain terrain)
{
    int t = (int)terrain;
    return (t >= 0 && t < WR_HEX_TERRAIN_COUNT) ? terrain_letters[t] : '?';
}

const char *tool_terrain_name(wr_hex_terrain terrain)
{
    int t = (int)terrain;
    return (t >= 0 && t < WR_HEX_TERRAIN_COUNT) ? terrain_names[t] : "unknown";
}

const char *tool_direction_name(int direction)
{
    return (direction >= 0 && direction < 6) ? direction_names[direction] : "?";
}

int tool_direction_parse(const char *s, size_t n)
{
    tool_tok t = {s, n, 0};
    for (int d = 0; d < 6; d++)
        if (tool_tok_is(&t, direction_names[d]))
            return d;
    if (n == 1 && s[0] >= '0' && s[0] <= '5')
        return s[0] - '0';
    return -1;
}

static int terrain_of_letter(char c)
{
    for (int t = 0; t < WR_HEX_TERRAIN_COUNT; t++)
        if (terrain_letters[t] == c)
            return t;
    return -1;
}

enum section {
    SEC_NONE,
    SEC_TERRAIN,
    SEC_RIVERS,
    SEC_CROSSINGS,
    SEC_ROADS,
    SEC_TRACKS,
    SEC_FEATURES,
    SEC_REGIONS,
    SEC_WATERCOURSES,
    SEC_COUNT
};
static const char *const section_names[SEC_COUNT] = {
    "", "terrain", "rivers", "crossings", "roads", "tracks", "features", "regions", "watercourses"};

typedef struct reader {
    char *err;
    size_t errcap;
    size_t line; /* the line being read */
    wr_map *map;
    int width, height;
    unsigned char *cells; /* terrain rows until the map is made */
    size_t n_cells;
} reader;

static int bad(reader *rd, size_t col, const char *msg)
{
    tool_errf(rd->err, rd->errcap, rd->line, col, "%s", msg);
    return 2;
}

static int bad_tok(reader *rd, const tool_tok *t, const char *msg)
{
    char shown[64];
    tool_errf(rd->err, rd->errcap, rd->line, t->col, "%s '%s'", msg,
              tool_tok_show(t->s, t->n, shown, sizeof shown));
    return 2;
}

static int bad_status(reader *rd, const tool_tok *t, wr_status st, const char *what)
{
    if (st == WR_ERR_NOMEM) {
        tool_errf(rd->err, rd->errcap, rd->line, t->col, "out of memory");
        return 1;
    }
    tool_errf(rd->err, rd->errcap, rd->line, t->col, "%s (%s)", what, wr_status_name(st));
    return 2;
}

/* A terrain row: every non-blank byte is a hex. */
static int terrain_row(reader *rd, const tool_line *ln)
{
    int count = 0;
    for (size_t i = 0; i < ln->n; i++) {
        char c = ln->s[i];
        if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v')
            continue;
        int t = terrain_of_letter(c);
        if (t < 0) {
            tool_tok tk = {ln->s + i, 1, i + 1};
            return bad_tok(rd, &tk, "unknown terrain");
        }
        if (count >= WR_MAP_MAX_EXTENT)
            return bad(rd, i + 1, "row longer than the largest map width");
        rd->cells[rd->n_cells++] = (unsigned char)t;
        count++;
    }
    if (rd->height == 0) {
        rd->width = count;
    } else if (count != rd->width) {
        tool_errf(rd->err, rd->errcap, rd->line, ln->n + 1,
                  "row %d has %d hexes, the first row has %d", rd->height + 1, count, rd->width);
        return 2;
    }
    if (rd->height >= WR_MAP_MAX_EXTENT ||
        (int64_t)(rd->height + 1) * rd->width > (int64_t)WR_MAP_MAX_HEXES)
        return bad(rd, 1, "too many rows for a map");
    rd->height++;
    return 0;
}

static int make_map(reader *rd)
{
    if (rd->height == 0)
        return bad(rd, 1, "the map needs a [terrain] section with at least one row first");
    wr_map *map = NULL;
    wr_status st = wr_map_new(rd->width, rd->height, &map);
    if (st != WR_OK) {
        tool_errf(rd->err, rd->errcap, rd->line, 1, "%s a %d x %d map (%s)",
                  st == WR_ERR_NOMEM ? "out of memory making" : "cannot make", rd->width,
                  rd->height, wr_status_name(st));
        return st == WR_ERR_NOMEM ? 1 : 2;
    }
    for (int row = 0; row < rd->height; row++)
        for (int col = 0; col < rd->width; col++) {
            wr_hex h;
            (void)wr_hex_from_offset(col, row, &h);
            (void)wr_map_set_terrain(
                map, h, (wr_hex_terrain)rd->cells[(size_t)row * (size_t)rd->width + (size_t)col]);
        }
    rd->map = map;
    return 0;
}

/* "C,R" of a hex on the map. */
static int hex_tok(reader *rd, const tool_tok *t, wr_hex *out)
{
    long long c = 0, r = 0;
    if (!tool_tok_pair(t->s, t->n, &c, &r))
        return bad_tok(rd, t, "expected a hex as COLUMN,ROW, got");
    if (c >= rd->width || r >= rd->height) {
        char shown[64];
        tool_errf(rd->err, rd->errcap, rd->line, t->col, "hex %s is off the %d x %d map",
                  tool_tok_show(t->s, t->n, shown, sizeof shown), rd->width, rd->height);
        return 2;
    }
    (void)wr_hex_from_offset((int)c, (int)r, out);
    return 0;
}

static int dir_tok(reader *rd, const tool_tok *t, wr_hex from, int *dir, wr_hex *to)
{
    int d = tool_direction_parse(t->s, t->n);
    if (d < 0)
        return bad_tok(rd, t, "expected a direction (E, NE, NW, W, SW, SE or 0-5), got");
    wr_hex n = from;
    int inside = 0;
    (void)wr_hex_neighbor(from, d, &n);
    (void)wr_map_has_hex(rd->map, n, &inside);
    if (!inside)
        return bad_tok(rd, t, "no hex beyond this side: the map ends at direction");
    *dir = d;
    if (to)
        *to = n;
    return 0;
}

static int need_tok(reader *rd, const tool_line *ln, size_t *pos, tool_tok *t, const char *what)
{
    if (tool_line_token(ln, pos, 0, t))
        return 0;
    char msg[96];
    snprintf(msg, sizeof msg, "missing %s", what);
    return bad(rd, ln->n + 1, msg);
}

/* [rivers]  C,R minor|major DIR...  */
static int line_rivers(reader *rd, const tool_line *ln)
{
    size_t pos = 0;
    tool_tok t;
    wr_hex h;
    int rc;
    if ((rc = need_tok(rd, ln, &pos, &t, "hex")) || (rc = hex_tok(rd, &t, &h)))
        return rc;
    if ((rc = need_tok(rd, ln, &pos, &t, "river kind (minor or major)")))
        return rc;
    int kind;
    if (tool_tok_is(&t, "minor"))
        kind = WR_RIVER_MINOR;
    else if (tool_tok_is(&t, "major"))
        kind = WR_RIVER_MAJOR;
    else
        return bad_tok(rd, &t, "expected minor or major, got");
    if ((rc = need_tok(rd, ln, &pos, &t, "direction of a river side")))
        return rc;
    do {
        int d;
        if ((rc = dir_tok(rd, &t, h, &d, NULL)))
            return rc;
        wr_hexside side;
        (void)wr_map_hexside(rd->map, h, d, &side); /* a hex and direction checked above */
        side.river = kind;
        wr_status st = wr_map_set_hexside(rd->map, h, d, &side);
        if (st != WR_OK)
            return bad_status(rd, &t, st,
                              "this river does not fit the side (a ford on a major river?)");
    } while (tool_line_token(ln, &pos, 0, &t));
    return 0;
}

/* [crossings]  C,R DIR bridge|ferry|ford|open  */
static int line_crossings(reader *rd, const tool_line *ln)
{
    size_t pos = 0;
    tool_tok t, dt;
    wr_hex h;
    int rc, d;
    if ((rc = need_tok(rd, ln, &pos, &t, "hex")) || (rc = hex_tok(rd, &t, &h)))
        return rc;
    if ((rc = need_tok(rd, ln, &pos, &dt, "direction")) || (rc = dir_tok(rd, &dt, h, &d, NULL)))
        return rc;
    if ((rc = need_tok(rd, ln, &pos, &t, "crossing (bridge, ferry, ford or open)")))
        return rc;
    static const char *const names[4] = {"open", "bridge", "ferry", "ford"};
    int c = -1;
    for (int i = 0; i < 4; i++)
        if (tool_tok_is(&t, names[i]))
            c = i;
    if (c < 0)
        return bad_tok(rd, &t, "expected bridge, ferry, ford or open, got");
    wr_hexside side;
    (void)wr_map_hexside(rd->map, h, d, &side); /* a hex and direction checked above */
    if (side.river == WR_NO_RIVER && c != WR_CROSS_OPEN)
        return bad_tok(rd, &dt, "no river on this side (list it under [rivers] first):");
    if (side.river == WR_RIVER_MAJOR && c == WR_CROSS_FORD)
        return bad_tok(rd, &t, "major rivers have no fords:");
    side.crossing = c;
    wr_status st = wr_map_set_hexside(rd->map, h, d, &side);
    if (st != WR_OK)
        return bad_status(rd, &t, st, "the crossing does not fit the side");
    tool_tok extra;
    if (tool_line_token(ln, &pos, 0, &extra))
        return bad_tok(rd, &extra, "unexpected");
    return 0;
}

/* [roads], [tracks]  C,R DIR DIR ...: a path from the hex. */
static int line_links(reader *rd, const tool_line *ln, int track)
{
    size_t pos = 0;
    tool_tok t;
    wr_hex h;
    int rc;
    if ((rc = need_tok(rd, ln, &pos, &t, "hex")) || (rc = hex_tok(rd, &t, &h)))
        return rc;
    if ((rc = need_tok(rd, ln, &pos, &t, "direction")))
        return rc;
    do {
        int d;
        wr_hex next;
        if ((rc = dir_tok(rd, &t, h, &d, &next)))
            return rc;
        wr_hexside side;
        (void)wr_map_hexside(rd->map, h, d, &side); /* a hex and direction checked above */
        if (track)
            side.track = 1;
        else
            side.road = 1;
        wr_status st = wr_map_set_hexside(rd->map, h, d, &side);
        if (st != WR_OK)
            return bad_status(rd, &t, st, "cannot set the side");
        h = next;
    } while (tool_line_token(ln, &pos, 0, &t));
    return 0;
}

/* [features]  C,R port|channel|mud-flat ...  */
static int line_features(reader *rd, const tool_line *ln)
{
    size_t pos = 0;
    tool_tok t;
    wr_hex h;
    int rc;
    if ((rc = need_tok(rd, ln, &pos, &t, "hex")) || (rc = hex_tok(rd, &t, &h)))
        return rc;
    unsigned features = 0;
    (void)wr_map_features(rd->map, h, &features); /* a hex checked above */
    if ((rc = need_tok(rd, ln, &pos, &t, "feature (port, channel or mud-flat)")))
        return rc;
    do {
        if (tool_tok_is(&t, "port"))
            features |= WR_FEATURE_PORT;
        else if (tool_tok_is(&t, "channel"))
            features |= WR_FEATURE_CHANNEL;
        else if (tool_tok_is(&t, "mud-flat") || tool_tok_is(&t, "mudflat"))
            features |= WR_FEATURE_MUD_FLAT;
        else
            return bad_tok(rd, &t, "unknown feature");
    } while (tool_line_token(ln, &pos, 0, &t));
    (void)wr_map_set_features(rd->map, h, features);
    return 0;
}

/* [regions]  N C,R C,R ...: region tag bit N (0..31) on each hex. */
static int line_regions(reader *rd, const tool_line *ln)
{
    size_t pos = 0;
    tool_tok t;
    long long bit = 0;
    int rc;
    if ((rc = need_tok(rd, ln, &pos, &t, "region number")))
        return rc;
    if (!tool_tok_int(t.s, t.n, 0, 31, &bit))
        return bad_tok(rd, &t, "expected a region number 0-31, got");
    if ((rc = need_tok(rd, ln, &pos, &t, "hex")))
        return rc;
    do {
        wr_hex h;
        uint32_t tags = 0;
        if ((rc = hex_tok(rd, &t, &h)))
            return rc;
        (void)wr_map_regions(rd->map, h, &tags);
        (void)wr_map_set_regions(rd->map, h, tags | (UINT32_C(1) << bit));
    } while (tool_line_token(ln, &pos, 0, &t));
    return 0;
}

/* [watercourses]  C,R DIR [flag...] DIR [flag...] ...: the course flows from
   the hex in each direction in turn; a flag belongs to the hex just left. */
static int line_watercourses(reader *rd, const tool_line *ln)
{
    size_t pos = 0;
    tool_tok t;
    wr_hex h, last = {0, 0};
    int rc, have_last = 0, last_dir = 0;
    unsigned last_flags = 0;
    if ((rc = need_tok(rd, ln, &pos, &t, "hex")) || (rc = hex_tok(rd, &t, &h)))
        return rc;
    if ((rc = need_tok(rd, ln, &pos, &t, "downstream direction")))
        return rc;
    do {
        unsigned flag = 0;
        if (tool_tok_is(&t, "unnavigable"))
            flag = WR_WATER_UNNAVIGABLE;
        else if (tool_tok_is(&t, "cataract"))
            flag = WR_WATER_CATARACT;
        else if (tool_tok_is(&t, "tidal"))
            flag = WR_WATER_TIDAL;
        if (flag) {
            if (!have_last)
                return bad_tok(rd, &t, "a flag follows the direction it belongs to, not");
            last_flags |= flag;
            wr_status st = wr_map_set_watercourse(rd->map, last, last_dir, last_flags);
            if (st != WR_OK)
                return bad_status(rd, &t, st, "cannot set the water course");
            continue;
        }
        int d;
        wr_hex next;
        if ((rc = dir_tok(rd, &t, h, &d, &next)))
            return rc;
        wr_status st = wr_map_set_watercourse(rd->map, h, d, 0);
        if (st != WR_OK)
            return bad_status(rd, &t, st, "cannot set the water course");
        last = h;
        last_dir = d;
        last_flags = 0;
        have_last = 1;
        h = next;
    } while (tool_line_token(ln, &pos, 0, &t));
    return 0;
}

/* "[name]": the section, or -1 (with the message written). */
static int section_header(reader *rd, const tool_line *ln)
{
    size_t start = tool_line_skip_blanks(ln, 0);
    if (ln->n == 0 || ln->s[ln->n - 1] != ']')
        return bad(rd, ln->n + 1, "a section header ends with ']'"), -1;
    tool_tok t = {ln->s + start + 1, ln->n - start - 2, start + 2};
    for (int s = SEC_TERRAIN; s < SEC_COUNT; s++)
        if (tool_tok_is(&t, section_names[s]))
            return s;
    bad_tok(rd, &t, "unknown section");
    return -1;
}

int tool_map_read(const char *text, size_t len, wr_map **out, char *err, size_t errcap)
{
    if (err && errcap)
        err[0] = '\0';
    if (out == NULL)
        return 1;
    if (text == NULL && len > 0)
        return 1;
    reader rd;
    memset(&rd, 0, sizeof rd);
    rd.err = err;
    rd.errcap = errcap;
    rd.cells = malloc(len > 0 ? len : 1);
    if (rd.cells == NULL) {
        tool_errf(err, errcap, 1, 1, "out of memory");
        return 1;
    }
    tool_lex lx;
    tool_line ln;
    tool_lex_init(&lx, text, len);
    int section = SEC_NONE, rc = 0;
    unsigned seen = 0;
    while (rc == 0 && tool_lex_line(&lx, &ln)) {
        rd.line = ln.number;
        size_t first = tool_line_skip_blanks(&ln, 0);
        if (first >= ln.n)
            continue;
        if (ln.s[first] == '[') {
            int s = section_header(&rd, &ln);
            if (s < 0) {
                rc = 2;
                break;
            }
            if (seen & (1u << s)) {
                tool_errf(err, errcap, ln.number, first + 1, "section [%s] appears twice",
                          section_names[s]);
                rc = 2;
                break;
            }
            if (s != SEC_TERRAIN && rd.map == NULL) {
                if (!(seen & (1u << SEC_TERRAIN))) {
                    rc = bad(&rd, first + 1, "the [terrain] section comes first");
                    break;
                }
                if ((rc = make_map(&rd)) != 0)
                    break;
            }
            if (s == SEC_TERRAIN && section != SEC_NONE) {
                rc = bad(&rd, first + 1, "the [terrain] section comes first");
                break;
            }
            seen |= 1u << s;
            section = s;
            continue;
        }
        switch (section) {
        case SEC_NONE:
            rc = bad(&rd, first + 1, "text before the first section (start with [terrain])");
            break;
        case SEC_TERRAIN: rc = terrain_row(&rd, &ln); break;
        case SEC_RIVERS: rc = line_rivers(&rd, &ln); break;
        case SEC_CROSSINGS: rc = line_crossings(&rd, &ln); break;
        case SEC_ROADS: rc = line_links(&rd, &ln, 0); break;
        case SEC_TRACKS: rc = line_links(&rd, &ln, 1); break;
        case SEC_FEATURES: rc = line_features(&rd, &ln); break;
        case SEC_REGIONS: rc = line_regions(&rd, &ln); break;
        case SEC_WATERCOURSES: rc = line_watercourses(&rd, &ln); break;
        default: rc = 1; break;
        }
    }
    if (rc == 0 && rd.map == NULL) {
        rd.line = lx.line > 0 ? lx.line : 1;
        rc = make_map(&rd);
    }
    free(rd.cells);
    if (rc != 0) {
        wr_map_free(rd.map);
        return rc;
    }
    *out = rd.map;
    return 0;
}
