/* SVG pictures in whole tenths of a pixel: hex maps with routes, odds bars. */
#include "svg.h"

#include <stdlib.h>
#include <string.h>

#include "mapfile.h"

/* Pointy-top hexes of radius 20 px: corner offsets in tenths of a pixel
   (173 = 100 sqrt 3, rounded), from the top corner clockwise. */
static const int corner_dx[6] = {0, 173, 173, 0, -173, -173};
static const int corner_dy[6] = {-200, -100, 100, 200, 100, -100};
/* The corners bounding the side in each axial direction 0..5. */
static const int side_a[6] = {1, 0, 5, 4, 3, 2};
static const int side_b[6] = {2, 1, 0, 5, 4, 3};
#define MARGIN 200
#define STEP_X 346
#define STEP_Y 300
#define TOP 500 /* room for the title */

static const char *const terrain_fill[WR_HEX_TERRAIN_COUNT] = {
    "#d9ecb0", "#3f8f3f", "#7fa38f", "#c8a86a", "#8c7a6b", "#4f86c6", "#e8d9a0", "#6fa8dc"};

/* A tenth-of-a-pixel number as text ("123.4", "-0.5"). */
static const char *t(int v, char *buf)
{
    int neg = v < 0;
    unsigned a = neg ? (unsigned)(-(v + 1)) + 1u : (unsigned)v;
    snprintf(buf, 16, "%s%u.%u", neg ? "-" : "", a / 10, a % 10);
    return buf;
}

static void xml_text(FILE *out, const char *s)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '<')
            fputs("&lt;", out);
        else if (c == '>')
            fputs("&gt;", out);
        else if (c == '&')
            fputs("&amp;", out);
        else if (c == '"')
            fputs("&quot;", out);
        else if (c < 0x20 || c >= 0x7f)
            fputc('?', out); /* keep the file plain ASCII and well formed */
        else
            fputc(c, out);
    }
}

/* The layout of a map picture, in tenths of a pixel. */
#define LEGEND_W 2000
#define ROW_H 240
#define BACKGROUND "#f5f0e6"
#define START_COLOUR "#00a651"
#define GOAL_COLOUR "#d01c8b"

static void center(wr_hex h, int *x, int *y)
{
    int col = 0, row = 0;
    (void)wr_hex_to_offset(h, &col, &row);
    *x = MARGIN + 173 + col * STEP_X + (row & 1) * 173;
    *y = TOP + 200 + row * STEP_Y;
}

static void line(FILE *out, const char *cls, int x1, int y1, int x2, int y2)
{
    char a[16], b[16], c[16], d[16];
    fprintf(out, "<line class=\"%s\" x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\"/>\n", cls, t(x1, a),
            t(y1, b), t(x2, c), t(y2, d));
}

static void circle(FILE *out, const char *cls, int x, int y, int r)
{
    char a[16], b[16], c[16];
    fprintf(out, "<circle class=\"%s\" cx=\"%s\" cy=\"%s\" r=\"%s\"/>\n", cls, t(x, a), t(y, b),
            t(r, c));
}

static void text(FILE *out, const char *cls, int x, int y, const char *s)
{
    char a[16], b[16];
    fprintf(out, "<text class=\"%s\" x=\"%s\" y=\"%s\">", cls, t(x, a), t(y, b));
    xml_text(out, s);
    fprintf(out, "</text>\n");
}

/* A hexagon of radius r tenths (r <= 200) around x, y. */
static void hexagon(FILE *out, const char *cls, const char *fill, int x, int y, int r)
{
    char a[16], b[16];
    fprintf(out, "<polygon class=\"%s\" fill=\"%s\" points=\"", cls, fill);
    for (int c = 0; c < 6; c++)
        fprintf(out, "%s%s,%s", c ? " " : "", t(x + corner_dx[c] * r / 200, a),
                t(y + corner_dy[c] * r / 200, b));
    fprintf(out, "\"");
}

/* Day d of 1..n on a scale from pale orchid through violet to deep purple,
   light to dark, as "#rrggbb". Every colour of the scale lies at least 90
   apart in RGB from every terrain fill (terrain_fill, tactical_fill) and
   from the start and goal rings, and laid over any terrain at the reach's
   opacity (0.85) at least 80 from every terrain fill: a day never reads as
   a terrain (the yellow to crimson scale before it had day 2 look like
   hills). */
static const char *day_colour(int d, int n, char *buf)
{
    static const int stop[4][3] = {{242, 175, 255}, {194, 93, 238}, {136, 45, 193}, {75, 5, 113}};
    int span = n > 1 ? n - 1 : 1, k = d < 1 ? 0 : (d > n ? n - 1 : d - 1);
    int pos = (int)((long long)k * 3000 / span); /* thousandths along the three segments */
    int seg = pos / 1000 < 2 ? pos / 1000 : 2, f = pos - seg * 1000;
    int c[3];
    for (int i = 0; i < 3; i++)
        c[i] = stop[seg][i] + (stop[seg + 1][i] - stop[seg][i]) * f / 1000;
    snprintf(buf, 8, "#%02x%02x%02x", (unsigned)c[0] & 0xffu, (unsigned)c[1] & 0xffu,
             (unsigned)c[2] & 0xffu);
    return buf;
}

/* A box in tenths of a pixel. */
typedef struct {
    int x0, y0, x1, y1;
} box;

#define COORD_Y 145   /* the baseline of a hex's coordinate below its centre */
#define LABEL_SIZE 80 /* the font of the wait labels, in tenths: bold 8px */

/* The width in tenths of a pixel of a wait label: the advances of DejaVu
   Sans Bold (thousandths of an em), wider than most bold sans-serif fonts
   a viewer may use instead. */
static int label_width(const char *s)
{
    static const short lower[26] = {675, 716, 593, 716,  678, 435, 716, 712, 343,
                                    343, 665, 343, 1042, 712, 687, 716, 716, 493,
                                    595, 478, 712, 652,  924, 645, 652, 582};
    long em = 0;
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        em += c >= 'a' && c <= 'z'   ? lower[c - 'a']
              : c >= '0' && c <= '9' ? 696
              : c == ' '             ? 348
              : c == ':'             ? 400
              : c == '-'             ? 415
                                     : 1000;
    }
    return (int)(em * LABEL_SIZE / 1000);
}

/* The box of a wait label written from x, baseline y: its white plate, a
   pixel and a half around the text. */
static box label_box(int x, int y, const char *label)
{
    return (box){x - 15, y - 72, x + label_width(label) + 15, y + 28};
}

/* Whether the segment x1,y1-x2,y2 meets box b, sampled every 2 px. */
static int segment_meets(box b, int x1, int y1, int x2, int y2)
{
    for (int k = 0; k <= 20; k++) {
        int px = x1 + (x2 - x1) * k / 20, py = y1 + (y2 - y1) * k / 20;
        if (px >= b.x0 && px <= b.x1 && py >= b.y0 && py <= b.y1)
            return 1;
    }
    return 0;
}

/* A wait label written from x, baseline y, on a white plate that hides
   what lies under it (coordinates, terrain edges). */
static void wait_label(FILE *out, int x, int y, const char *label)
{
    char a[16], b[16], c[16], d[16];
    box p = label_box(x, y, label);
    fprintf(out,
            "<rect class=\"label-plate\" x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\" "
            "rx=\"2\"/>\n",
            t(p.x0, a), t(p.y0, b), t(p.x1 - p.x0, c), t(p.y1 - p.y0, d));
    fprintf(out, "<text class=\"wait beside sym-wait\" x=\"%s\" y=\"%s\">", t(x, a), t(y, b));
    xml_text(out, label);
    fprintf(out, "</text>\n");
}

static const char style_map[] =
    "<style>\n"
    ".background{fill:" BACKGROUND "}\n"
    ".hex{stroke:#555;stroke-width:0.6}\n"
    ".coord{font:9px sans-serif;fill:#333;text-anchor:middle;stroke:#fff;stroke-width:2;"
    "stroke-linejoin:round;paint-order:stroke}\n"
    ".reach{stroke:#555;stroke-width:0.6;fill-opacity:0.85}\n"
    ".river{stroke:#1f5fbf;stroke-linecap:round}.river.minor{stroke-width:2.5}"
    ".river.major{stroke-width:5}\n"
    ".watercourse{stroke:#6fa8ee;stroke-width:1.5;stroke-dasharray:2 2}"
    ".cataract{stroke:#000;stroke-width:2}\n"
    ".road{stroke:#7a4a1a;stroke-width:2.5;stroke-linecap:round}"
    ".track{stroke:#7a4a1a;stroke-width:1.5;stroke-dasharray:3 2}\n"
    ".bridge{fill:#8b5a2b;stroke:#000;stroke-width:0.5}"
    ".ford{fill:#fff;stroke:#1f5fbf;stroke-width:1}.ferry{fill:#000}\n"
    ".port{fill:#fff;stroke:#000}.channel{fill:none;stroke:#00f;stroke-dasharray:1 1}"
    ".mudflat{fill:#7b6a3a}\n"
    ".route{fill:none;stroke:#3a1010;stroke-width:7;stroke-linejoin:round;stroke-linecap:round}\n"
    ".route-day{stroke-width:4.5;stroke-linecap:round}"
    ".route-day.unformed{stroke-dasharray:3 2;stroke-linecap:butt}\n"
    ".camp{fill:#fff;stroke:#000;stroke-width:0.8}"
    ".campday{font:bold 6px sans-serif;text-anchor:middle}\n"
    ".wait{font:bold 8px sans-serif;text-anchor:middle;fill:#600;stroke:#fff;stroke-width:2;"
    "stroke-linejoin:round;paint-order:stroke}.wait.beside{text-anchor:start}"
    ".leader{stroke:#600;stroke-width:0.8}"
    ".label-plate{fill:#fff;fill-opacity:0.85;stroke:#600;stroke-width:0.5}\n"
    ".start{fill:none;stroke:" START_COLOUR ";stroke-width:3}"
    ".goal{fill:none;stroke:" GOAL_COLOUR ";stroke-width:3}\n"
    ".title{font:bold 12px sans-serif}.subtitle{font:8px sans-serif;fill:#333}\n"
    ".legend-frame{fill:#fff;stroke:#888;stroke-width:0.6}"
    ".legend-head{font:bold 9px sans-serif}.legend-text{font:7px sans-serif}\n"
    ".scale-text{font:7px sans-serif;text-anchor:middle}.day-scale{stroke:#555;stroke-width:0.4}\n"
    "</style>\n";

/* The enemy's march and the contact (warrules intercept), only when drawn. */
static const char style_intercept[] =
    "<style>\n"
    ".enemy-route{fill:none;stroke:#b00000;stroke-width:3;stroke-dasharray:6 3;"
    "stroke-linejoin:round}.enemy-step{fill:#b00000}\n"
    ".contact{fill:none;stroke:#000;stroke-width:3.5;stroke-dasharray:4 2}\n"
    "</style>\n";

/* What the map and the picture use, for the legend. */
enum {
    U_RIVER_MINOR = 1 << 0,
    U_RIVER_MAJOR = 1 << 1,
    U_FORD = 1 << 2,
    U_BRIDGE = 1 << 3,
    U_FERRY = 1 << 4,
    U_ROAD = 1 << 5,
    U_TRACK = 1 << 6,
    U_WATERCOURSE = 1 << 7,
    U_CATARACT = 1 << 8,
    U_PORT = 1 << 9,
    U_CHANNEL = 1 << 10,
    U_MUDFLAT = 1 << 11,
    U_ROUTE = 1 << 12,
    U_START = 1 << 13,
    U_GOAL = 1 << 14,
    U_CAMP = 1 << 15,
    U_WAIT = 1 << 16,
    U_REACH = 1 << 17,
    U_UNFORMED = 1 << 18,
    U_ENEMY = 1 << 19,
    U_CONTACT = 1 << 20
};

static unsigned map_uses(const wr_map *map, int w, int h, unsigned *terrains)
{
    unsigned used = 0;
    *terrains = 0;
    for (int row = 0; row < h; row++)
        for (int col = 0; col < w; col++) {
            wr_hex hx;
            wr_hex_terrain ter = WR_HEX_CLEAR;
            int down = WR_NO_WATERCOURSE;
            unsigned flags = 0, features = 0;
            (void)wr_hex_from_offset(col, row, &hx);
            (void)wr_map_terrain(map, hx, &ter);
            if ((int)ter >= 0 && (int)ter < WR_HEX_TERRAIN_COUNT)
                *terrains |= 1u << (int)ter;
            (void)wr_map_watercourse(map, hx, &down, &flags);
            if (down >= 0) {
                used |= U_WATERCOURSE;
                if (flags & WR_WATER_CATARACT)
                    used |= U_CATARACT;
            }
            (void)wr_map_features(map, hx, &features);
            {
                used |= (features & WR_FEATURE_PORT) ? U_PORT : 0;
                used |= (features & WR_FEATURE_CHANNEL) ? U_CHANNEL : 0;
                used |= (features & WR_FEATURE_MUD_FLAT) ? U_MUDFLAT : 0;
            }
            for (int d = 0; d < 3; d++) {
                wr_hexside side;
                if (wr_map_hexside(map, hx, d, &side) != WR_OK)
                    continue;
                used |= side.river == WR_RIVER_MINOR ? U_RIVER_MINOR : 0;
                used |= side.river == WR_RIVER_MAJOR ? U_RIVER_MAJOR : 0;
                if (side.river != WR_NO_RIVER) {
                    used |= side.crossing == WR_CROSS_FORD ? U_FORD : 0;
                    used |= side.crossing == WR_CROSS_BRIDGE ? U_BRIDGE : 0;
                    used |= side.crossing == WR_CROSS_FERRY ? U_FERRY : 0;
                }
                used |= side.road ? U_ROAD : (side.track ? U_TRACK : 0);
            }
        }
    return used;
}

#define WHOLE_DAYS (WR_STEP_FERRY | WR_STEP_RAFTS | WR_STEP_BRIDGING | WR_STEP_RALLY)

static unsigned route_uses(const tool_picture *pic)
{
    unsigned used = 0;
    if (pic->steps && pic->n_steps > 0)
        used |= U_ROUTE;
    for (size_t i = 0; pic->steps && i < pic->n_steps; i++) {
        used |= (pic->steps[i].flags & WR_STEP_NIGHT) ? U_CAMP : 0;
        used |= (i > 0 && (pic->steps[i].flags & WR_STEP_UNFORMED)) ? U_UNFORMED : 0;
        if ((pic->steps[i].flags & WHOLE_DAYS) || pic->steps[i].nights > 1)
            used |= U_WAIT;
    }
    used |= pic->have_start ? U_START : 0;
    used |= pic->have_goal ? U_GOAL : 0;
    used |= pic->field ? U_REACH : 0;
    used |= pic->enemy_steps && pic->n_enemy_steps > 0 ? U_ENEMY : 0;
    used |= pic->have_contact ? U_CONTACT : 0;
    return used;
}

static int count_bits(unsigned v)
{
    int n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

static int legend_height(unsigned used, unsigned terrains)
{
    return 300 + (count_bits(used) + count_bits(terrains)) * ROW_H;
}

/* A polyline from x1 to x2 at height y. */
static void legend_polyline(FILE *out, const char *cls, int x1, int x2, int y)
{
    char a[16], b[16], c[16], d[16];
    fprintf(out, "<polyline class=\"%s\" points=\"%s,%s %s,%s\"/>\n", cls, t(x1, a), t(y, b),
            t(x2, c), t(y, d));
}

/* A route-day line coloured as day d of n, from x1 to x2 at height y. */
static void legend_day_line(FILE *out, const char *cls, int d, int n, int x1, int x2, int y)
{
    char a[16], b[16], c[16], e[16], col[8];
    fprintf(out, "<line class=\"%s\" stroke=\"%s\" ", cls, day_colour(d, n, col));
    fprintf(out, "x1=\"%s\" y1=\"%s\" ", t(x1, a), t(y, b));
    fprintf(out, "x2=\"%s\" y2=\"%s\"/>\n", t(x2, c), t(y, e));
}

/* The symbol of legend item `bit` (id its name) centred at sx, y. */
static void legend_symbol(FILE *out, unsigned bit, const char *id, int sx, int y)
{
    char a[16], b[16], cls[64];
    if (bit == U_RIVER_MINOR || bit == U_RIVER_MAJOR) {
        snprintf(cls, sizeof cls, "river %s sym-%s", bit == U_RIVER_MINOR ? "minor" : "major", id);
        line(out, cls, sx - 200, y, sx + 200, y);
    } else if (bit == U_FORD || bit == U_FERRY || bit == U_BRIDGE) {
        line(out, "river minor", sx - 200, y, sx + 200, y);
        if (bit == U_FORD)
            circle(out, "ford sym-ford", sx, y, 30);
        else if (bit == U_FERRY) {
            circle(out, "ferry sym-ferry", sx, y - 50, 20);
            circle(out, "ferry sym-ferry", sx, y + 50, 20);
        } else
            fprintf(out,
                    "<rect class=\"bridge sym-bridge\" x=\"%s\" y=\"%s\" width=\"6\" "
                    "height=\"6\"/>\n",
                    t(sx - 30, a), t(y - 30, b));
    } else if (bit == U_ROAD || bit == U_TRACK || bit == U_WATERCOURSE) {
        snprintf(cls, sizeof cls, "%s sym-%s", id, id);
        line(out, cls, sx - 200, y, sx + 200, y);
    } else if (bit == U_CATARACT) {
        line(out, "watercourse", sx - 200, y, sx + 200, y);
        line(out, "cataract sym-cataract", sx, y - 70, sx, y + 70);
    } else if (bit == U_PORT || bit == U_MUDFLAT || bit == U_START || bit == U_GOAL) {
        snprintf(cls, sizeof cls, "%s sym-%s", id, id);
        circle(out, cls, sx, y, bit == U_START || bit == U_GOAL ? 90 : 35);
    } else if (bit == U_CHANNEL) {
        circle(out, "channel sym-channel", sx, y, 100);
    } else if (bit == U_ROUTE) {
        legend_polyline(out, "route sym-route", sx - 200, sx + 200, y);
        for (int k = 0; k < 2; k++)
            legend_day_line(out, "route-day", k ? 2 : 1, 2, sx - 200 + k * 200, sx + k * 200, y);
    } else if (bit == U_UNFORMED) {
        legend_polyline(out, "route", sx - 200, sx + 200, y);
        legend_day_line(out, "route-day unformed sym-unformed", 1, 1, sx - 200, sx + 200, y);
    } else if (bit == U_CAMP) {
        circle(out, "camp sym-camp", sx, y, 70);
        text(out, "campday", sx, y + 22, "3");
    } else if (bit == U_WAIT) {
        wait_label(out, sx - label_width("days 4-5") / 2, y + 25, "days 4-5");
    } else if (bit == U_ENEMY) {
        legend_polyline(out, "enemy-route sym-enemy", sx - 200, sx + 200, y);
        circle(out, "enemy-step", sx, y, 35);
    } else if (bit == U_CONTACT) {
        circle(out, "contact sym-contact", sx, y, 90);
    }
}

/* The legend, one row per symbol used; returns its height. */
static int legend(FILE *out, int x0, int y0, unsigned used, unsigned terrains, int days,
                  const char *field_what)
{
    int height = legend_height(used, terrains);
    char a[16], b[16], c[16], d[16], col[8];
    fprintf(out,
            "<g class=\"legend\">\n<rect class=\"legend-frame\" x=\"%s\" y=\"%s\" "
            "width=\"%s\" height=\"%s\"/>\n",
            t(x0, a), t(y0, b), t(LEGEND_W, c), t(height, d));
    text(out, "legend-head", x0 + 100, y0 + 150, "Legend");
    int y = y0 + 300, sx = x0 + 300, tx = x0 + 600;
    for (int ter = 0; ter < WR_HEX_TERRAIN_COUNT; ter++) {
        if (!(terrains & (1u << ter)))
            continue;
        const char *name = tool_terrain_name((wr_hex_terrain)ter);
        fprintf(out, "<g class=\"legend-item\" id=\"legend-%s\">", name);
        char cls[48];
        snprintf(cls, sizeof cls, "hex sym-%s", name);
        hexagon(out, cls, terrain_fill[ter], sx, y, 100);
        fprintf(out, "/>\n");
        text(out, "legend-text", tx, y + 25, name);
        fprintf(out, "</g>\n");
        y += ROW_H;
    }
    static const struct {
        unsigned bit;
        const char *id, *label;
    } items[] = {
        {U_RIVER_MINOR, "river-minor", "minor river (on hexsides)"},
        {U_RIVER_MAJOR, "river-major", "major river"},
        {U_FORD, "ford", "ford"},
        {U_BRIDGE, "bridge", "bridge"},
        {U_FERRY, "ferry", "ferry (whole days)"},
        {U_ROAD, "road", "road"},
        {U_TRACK, "track", "track"},
        {U_WATERCOURSE, "watercourse", "water course (flows on)"},
        {U_CATARACT, "cataract", "cataract: no boats"},
        {U_PORT, "port", "port"},
        {U_CHANNEL, "channel", "channel through mud flats"},
        {U_MUDFLAT, "mudflat", "mud flat"},
        {U_ROUTE, "route", "route, coloured by day"},
        {U_UNFORMED, "unformed", "moving unformed"},
        {U_START, "start", "start"},
        {U_GOAL, "goal", "goal"},
        {U_CAMP, "camp", "night's camp: its day(s)"},
        {U_WAIT, "wait", "whole days waiting or crossing"},
        {U_ENEMY, "enemy", "the enemy's march"},
        {U_CONTACT, "contact", "contact: where the forces meet"},
    };
    for (size_t k = 0; k < sizeof items / sizeof items[0]; k++) {
        if (!(used & items[k].bit))
            continue;
        fprintf(out, "<g class=\"legend-item\" id=\"legend-%s\">\n", items[k].id);
        legend_symbol(out, items[k].bit, items[k].id, sx, y);
        text(out, "legend-text", tx, y + 25, items[k].label);
        fprintf(out, "</g>\n");
        y += ROW_H;
    }
    if (used & U_REACH) {
        fprintf(out, "<g class=\"legend-item\" id=\"legend-reach\">");
        hexagon(out, "reach sym-reach", day_colour(1, days, col), sx, y, 100);
        fprintf(out, "/>\n");
        text(out, "legend-text", tx, y + 25,
             field_what ? field_what : "reached: day on the scale below");
        fprintf(out, "</g>\n");
    }
    fprintf(out, "</g>\n");
    return height;
}

/* The scale of days 1..n at x0, y0 (below the map). */
static void day_scale(FILE *out, int x0, int y0, int n, const char *what)
{
    char a[16], b[16], c[16], col[8];
    int cell = n <= 20 ? 300 : (n <= 200 ? 6000 / n : 30);
    int shown = n <= 200 ? n : 200;
    int every = n <= 20 ? 1 : (n + 9) / 10;
    fprintf(out, "<g class=\"scale\" id=\"day-scale\">\n");
    text(out, "legend-text", x0, y0 + 100, what);
    for (int d = 1; d <= shown; d++) {
        int x = x0 + (d - 1) * cell;
        fprintf(out,
                "<rect class=\"day-scale\" fill=\"%s\" x=\"%s\" y=\"%s\" width=\"%s\" "
                "height=\"12\"><title>day %d</title></rect>\n",
                day_colour(d, n, col), t(x, a), t(y0 + 200, b), t(cell, c), d);
        if (d == 1 || d == shown || d % every == 0) {
            char num[16];
            snprintf(num, sizeof num, "%d", d);
            text(out, "scale-text", x + cell / 2, y0 + 420, num);
        }
    }
    fprintf(out, "</g>\n");
}

/* ---- labels placed clear of the markers --------------------------------- */

typedef struct {
    box *keep; /* markers and labels already placed */
    size_t n, cap;
    box area; /* the map: labels stay inside it */
    const tool_picture *pic;
    const wr_map *map;
} label_room;

static void keep_box(label_room *room, int x0, int y0, int x1, int y1)
{
    if (room->n < room->cap)
        room->keep[room->n++] = (box){x0, y0, x1, y1};
}

static int boxes_meet(box a, box b)
{
    return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

/* What a label in box b would cover: each step of the route (the box grown
   by the route's half width and a pixel), each river hexside (with its
   crossing), port and mud flat count 12 (more than a step further off),
   each hex coordinate 1. */
static int covered(const label_room *room, box b)
{
    int n = 0;
    box wide = {b.x0 - 45, b.y0 - 45, b.x1 + 45, b.y1 + 45};
    const tool_picture *pic = room->pic;
    for (size_t i = 1; pic->steps && i < pic->n_steps; i++) {
        int x1, y1, x2, y2;
        center(pic->steps[i - 1].hex, &x1, &y1);
        center(pic->steps[i].hex, &x2, &y2);
        n += 12 * segment_meets(wide, x1, y1, x2, y2);
    }
    int w = 0, h = 0;
    (void)wr_map_size(room->map, &w, &h);
    /* only the hexes whose centre lies within 40 px of the box */
    int r0 = (b.y0 - TOP - 200 - 400) / STEP_Y, r1 = (b.y1 - TOP - 200 + 400) / STEP_Y + 1;
    int c0 = (b.x0 - MARGIN - 346 - 400) / STEP_X, c1 = (b.x1 - MARGIN - 173 + 400) / STEP_X + 1;
    r0 = r0 < 0 ? 0 : r0, c0 = c0 < 0 ? 0 : c0;
    r1 = r1 < h ? r1 : h - 1, c1 = c1 < w ? c1 : w - 1;
    for (int row = r0; row <= r1; row++)
        for (int c = c0; c <= c1; c++) {
            wr_hex hx;
            int x, y;
            (void)wr_hex_from_offset(c, row, &hx);
            center(hx, &x, &y);
            if (x + 400 < b.x0 || x - 400 > b.x1 || y + 400 < b.y0 || y - 400 > b.y1)
                continue;
            for (int d = 0; d < 3; d++) {
                wr_hexside side;
                if (wr_map_hexside(room->map, hx, d, &side) != WR_OK || side.river == WR_NO_RIVER)
                    continue;
                n += 12 * segment_meets(b, x + corner_dx[side_a[d]], y + corner_dy[side_a[d]],
                                        x + corner_dx[side_b[d]], y + corner_dy[side_b[d]]);
            }
            /* ports and mud flats count as a river hexside */
            unsigned features = 0;
            (void)wr_map_features(room->map, hx, &features);
            box port = {x - 115, y - 95, x - 45, y - 25}, mud = {x + 50, y - 90, x + 110, y - 30};
            n += (features & WR_FEATURE_PORT) && boxes_meet(b, port) ? 12 : 0;
            n += (features & WR_FEATURE_MUD_FLAT) && boxes_meet(b, mud) ? 12 : 0;
            /* the hex's coordinate counts 1 */
            if (w <= 60 && h <= 60)
                n += boxes_meet(b, (box){x - 110, y + COORD_Y - 70, x + 110, y + COORD_Y + 10});
        }
    return n;
}

/* Places the label beside the point ax, ay (a marker of radius ar there):
   the nearest of eight directions and four distances whose box meets no
   marker and no label placed before and stays on the map, covering as
   little of the route and the rivers as it can; a leader line joins a
   label set further off to its point. The label's box is kept for the next
   ones. */
static void place_label(FILE *out, label_room *room, int ax, int ay, int ar, const char *label)
{
    static const int dir[8][2] = {{1, 0},  {-1, 0},  {0, -1}, {0, 1},
                                  {1, -1}, {-1, -1}, {1, 1},  {-1, 1}};
    box probe = label_box(0, 0, label);
    int w = probe.x1 - probe.x0, h = probe.y1 - probe.y0;
    int best_score = -1, bx = ax + ar + 40, by = ay + 25, best_level = 0;
    for (int level = 0; level < 4; level++)
        for (int d = 0; d < 8; d++) {
            int gap = ar + 40 + level * 120;
            int dx = dir[d][0], dy = dir[d][1];
            if (dx && dy)
                gap = gap * 7 / 10; /* diagonals: the corner stays as near */
            /* the box's left and top edges */
            int left = dx > 0 ? ax + gap : (dx < 0 ? ax - gap - w : ax - w / 2);
            int top = dy > 0 ? ay + gap : (dy < 0 ? ay - gap - h : ay - h / 2);
            box b = {left, top, left + w, top + h};
            if (b.x0 < room->area.x0 || b.x1 > room->area.x1 || b.y0 < room->area.y0 ||
                b.y1 > room->area.y1)
                continue;
            int clear = 1;
            for (size_t k = 0; k < room->n && clear; k++)
                clear = !boxes_meet(b, room->keep[k]);
            if (!clear)
                continue;
            int score = level * 1000 + covered(room, b) * 100 + d;
            if (best_score < 0 || score < best_score) {
                best_score = score;
                bx = left - probe.x0;
                by = top - probe.y0;
                best_level = level;
            }
        }
    box b = label_box(bx, by, label);
    if (best_score >= 0 && best_level > 0) {
        /* the leader: from the marker's edge to the nearest point of the box */
        int nx = ax < b.x0 ? b.x0 : (ax > b.x1 ? b.x1 : ax);
        int ny = ay < b.y0 ? b.y0 : (ay > b.y1 ? b.y1 : ay);
        int ddx = nx - ax, ddy = ny - ay, dist = 0;
        for (int r = 1; r * r <= ddx * ddx + ddy * ddy; r++)
            dist = r;
        if (dist > ar)
            line(out, "leader", ax + ddx * ar / dist, ay + ddy * ar / dist, nx, ny);
    }
    wait_label(out, bx, by, label);
    keep_box(room, b.x0, b.y0, b.x1, b.y1);
}

/* Camps (merged when the force stays), whole-day labels placed beside
   them, clear of every camp, start and goal marker and of each other. */
static void march_marks(FILE *out, const wr_map *map, const tool_picture *pic, box area)
{
    const wr_step *st = pic->steps;
    size_t n = pic->n_steps;
    label_room room;
    room.n = 0;
    room.cap = 2 * n + 2; /* each step: a camp and a label at most; start, goal */
    room.keep = malloc(room.cap * sizeof *room.keep);
    if (!room.keep)
        room.cap = 0; /* labels then go beside their points, unchecked */
    room.area = area;
    room.pic = pic;
    room.map = map;
    int x, y;
    /* the markers first: the labels keep clear of all of them */
    if (pic->have_start) {
        center(pic->start, &x, &y);
        keep_box(&room, x - 135, y - 135, x + 135, y + 135);
    }
    if (pic->have_goal) {
        center(pic->goal, &x, &y);
        keep_box(&room, x - 135, y - 135, x + 135, y + 135);
    }
    for (size_t i = 0; i < n; i++)
        if (st[i].flags & WR_STEP_NIGHT) {
            center(st[i].hex, &x, &y);
            keep_box(&room, x - 100, y - 100, x + 100, y + 100);
        }
    for (size_t i = 0; i < n; i++) {
        if (!(st[i].flags & WR_STEP_NIGHT))
            continue;
        int first = st[i].day, last = st[i].day + (st[i].nights > 1 ? st[i].nights - 1 : 0);
        size_t j = i;
        while (j + 1 < n && (st[j + 1].flags & WR_STEP_NIGHT) && st[j + 1].hex.q == st[i].hex.q &&
               st[j + 1].hex.r == st[i].hex.r) {
            j++;
            last = st[j].day + (st[j].nights > 1 ? st[j].nights - 1 : 0);
        }
        char label[48];
        center(st[i].hex, &x, &y);
        if (first == last)
            snprintf(label, sizeof label, "%d", first);
        else
            snprintf(label, sizeof label, "%d-%d", first, last);
        fprintf(out, "<g class=\"camp-mark\"><title>camp: night%s of day %s</title>\n",
                first == last ? "" : "s", label);
        circle(out, "camp sym-camp", x, y, first == last ? 70 : 95);
        text(out, "campday", x, y + 22, label);
        fprintf(out, "</g>\n");
        i = j;
    }
    /* the labels: nights at a camp, then whole days at a crossing or rally */
    for (size_t i = 0; i < n; i++) {
        if (!(st[i].flags & WR_STEP_NIGHT))
            continue;
        int first = st[i].day, last = st[i].day + (st[i].nights > 1 ? st[i].nights - 1 : 0);
        size_t j = i;
        while (j + 1 < n && (st[j + 1].flags & WR_STEP_NIGHT) && st[j + 1].hex.q == st[i].hex.q &&
               st[j + 1].hex.r == st[i].hex.r) {
            j++;
            last = st[j].day + (st[j].nights > 1 ? st[j].nights - 1 : 0);
        }
        if (last > first) {
            char nights[48];
            snprintf(nights, sizeof nights, "%d nights", last - first + 1);
            center(st[i].hex, &x, &y);
            place_label(out, &room, x, y, 95, nights);
        }
        i = j;
    }
    for (size_t i = 1; i < n; i++) {
        unsigned f = st[i].flags;
        if (!(f & WHOLE_DAYS))
            continue;
        const char *what = (f & WR_STEP_FERRY)      ? "ferry"
                           : (f & WR_STEP_RAFTS)    ? "rafts"
                           : (f & WR_STEP_BRIDGING) ? "bridging"
                                                    : "rally";
        /* a rally is its own day; a crossing's whole days end the day before
           the far hex is entered ([Crossing]) */
        int a = st[i - 1].day + 1, b = (f & WR_STEP_RALLY) ? st[i].day : st[i].day - 1;
        char label[64];
        if (a >= b)
            snprintf(label, sizeof label, "%s: day %d", what, b);
        else
            snprintf(label, sizeof label, "%s: days %d-%d", what, a, b);
        center(st[i].hex, &x, &y);
        if (f & WR_STEP_RALLY) {
            place_label(out, &room, x, y, (st[i].flags & WR_STEP_NIGHT) ? 95 : 0, label);
            continue;
        }
        /* beside the crossing: the middle of the step over the hexside */
        int px, py;
        center(st[i - 1].hex, &px, &py);
        place_label(out, &room, (x + px) / 2, (y + py) / 2, 0, label);
    }
    free(room.keep);
}

/* One hex of the map being drawn: its offset coordinates and its centre. */
typedef struct {
    wr_hex hex;
    int col, row, x, y;
} hex_at;

typedef void (*hex_fn)(FILE *out, const wr_map *map, const tool_picture *pic, const hex_at *at);

/* A layer drawn hex by hex, row by row, as <g class="cls">. */
static void hex_layer(FILE *out, const wr_map *map, const tool_picture *pic, const char *cls,
                      hex_fn draw)
{
    int w = 0, h = 0;
    (void)wr_map_size(map, &w, &h);
    fprintf(out, "<g class=\"%s\">\n", cls);
    for (int row = 0; row < h; row++)
        for (int col = 0; col < w; col++) {
            hex_at at = {.col = col, .row = row};
            (void)wr_hex_from_offset(col, row, &at.hex);
            center(at.hex, &at.x, &at.y);
            draw(out, map, pic, &at);
        }
    fprintf(out, "</g>\n");
}

static void terrain_hex(FILE *out, const wr_map *map, const tool_picture *pic, const hex_at *at)
{
    (void)pic;
    wr_hex_terrain ter = WR_HEX_CLEAR;
    (void)wr_map_terrain(map, at->hex, &ter);
    int ti = (int)ter >= 0 && (int)ter < WR_HEX_TERRAIN_COUNT ? (int)ter : 0;
    char cls[48];
    snprintf(cls, sizeof cls, "hex %s sym-%s", tool_terrain_name(ter), tool_terrain_name(ter));
    hexagon(out, cls, terrain_fill[ti], at->x, at->y, 200);
    fprintf(out, "><title>%d,%d %s</title></polygon>\n", at->col, at->row, tool_terrain_name(ter));
}

/* The day each hex is reached (a field of reach), coloured on the scale. */
static void reach_hex(FILE *out, const wr_map *map, const tool_picture *pic, const hex_at *at)
{
    int32_t index = 0;
    (void)wr_map_index(map, at->hex, &index);
    int day = pic->field[index].day;
    if (day < 0 || day > pic->days)
        return;
    char cls[48], col[8];
    snprintf(cls, sizeof cls, "reach sym-reach day-%d", day);
    hexagon(out, cls, day_colour(day, pic->days, col), at->x, at->y, 200);
    fprintf(out, "><title>%d,%d reached on day %d</title></polygon>\n", at->col, at->row, day);
}

static void coord_hex(FILE *out, const wr_map *map, const tool_picture *pic, const hex_at *at)
{
    (void)map;
    (void)pic;
    char label[24];
    snprintf(label, sizeof label, "%d,%d", at->col, at->row);
    text(out, "coord", at->x, at->y + COORD_Y, label);
}

static void watercourse_hex(FILE *out, const wr_map *map, const tool_picture *pic, const hex_at *at)
{
    (void)pic;
    wr_hex nb;
    int nx, ny, down = WR_NO_WATERCOURSE;
    unsigned flags = 0;
    (void)wr_map_watercourse(map, at->hex, &down, &flags);
    if (down < 0)
        return;
    (void)wr_hex_neighbor(at->hex, down, &nb);
    center(nb, &nx, &ny);
    line(out, "watercourse sym-watercourse", at->x, at->y, nx, ny);
    if (flags & WR_WATER_CATARACT) {
        int mx = (at->x + nx) / 2, my = (at->y + ny) / 2;
        int dx = (ny - at->y) / 4, dy = (at->x - nx) / 4;
        line(out, "cataract sym-cataract", mx - dx, my - dy, mx + dx, my + dy);
    }
}

/* Roads and tracks, drawn from each hex to its neighbours in directions
   0..2 (each hexside once). */
static void road_hex(FILE *out, const wr_map *map, const tool_picture *pic, const hex_at *at)
{
    (void)pic;
    for (int d = 0; d < 3; d++) {
        wr_hexside side;
        wr_hex nb;
        int nx, ny;
        if (wr_map_hexside(map, at->hex, d, &side) != WR_OK) /* the map's edge */
            continue;
        (void)wr_hex_neighbor(at->hex, d, &nb);
        center(nb, &nx, &ny);
        if (side.road)
            line(out, "road sym-road", at->x, at->y, nx, ny);
        else if (side.track)
            line(out, "track sym-track", at->x, at->y, nx, ny);
    }
}

static void river_hex(FILE *out, const wr_map *map, const tool_picture *pic, const hex_at *at)
{
    (void)pic;
    for (int d = 0; d < 3; d++) {
        wr_hexside side;
        if (wr_map_hexside(map, at->hex, d, &side) != WR_OK || side.river == WR_NO_RIVER)
            continue;
        int x1 = at->x + corner_dx[side_a[d]], y1 = at->y + corner_dy[side_a[d]];
        int x2 = at->x + corner_dx[side_b[d]], y2 = at->y + corner_dy[side_b[d]];
        line(out,
             side.river == WR_RIVER_MAJOR ? "river major sym-river-major"
                                          : "river minor sym-river-minor",
             x1, y1, x2, y2);
    }
}

/* The crossing of a river on hexside d, drawn at the side's middle mx, my. */
static void crossing(FILE *out, const hex_at *at, int d, int kind, int mx, int my)
{
    char a[16], b[16];
    if (kind == WR_CROSS_BRIDGE) {
        fprintf(out,
                "<rect class=\"crossing bridge sym-bridge\" x=\"%s\" y=\"%s\" "
                "width=\"6\" height=\"6\"/>\n",
                t(mx - 30, a), t(my - 30, b));
    } else if (kind == WR_CROSS_FORD) {
        circle(out, "crossing ford sym-ford", mx, my, 30);
    } else if (kind == WR_CROSS_FERRY) {
        wr_hex nb;
        int nx, ny;
        circle(out, "crossing ferry sym-ferry", (mx * 3 + at->x) / 4, (my * 3 + at->y) / 4, 20);
        (void)wr_hex_neighbor(at->hex, d, &nb);
        center(nb, &nx, &ny);
        circle(out, "crossing ferry sym-ferry", (mx * 3 + nx) / 4, (my * 3 + ny) / 4, 20);
    }
}

/* The crossings on the hex's rivers, then its features (port, channel,
   mud flat). */
static void crossing_hex(FILE *out, const wr_map *map, const tool_picture *pic, const hex_at *at)
{
    (void)pic;
    for (int d = 0; d < 3; d++) {
        wr_hexside side;
        if (wr_map_hexside(map, at->hex, d, &side) != WR_OK || side.river == WR_NO_RIVER)
            continue;
        int mx = at->x + (corner_dx[side_a[d]] + corner_dx[side_b[d]]) / 2;
        int my = at->y + (corner_dy[side_a[d]] + corner_dy[side_b[d]]) / 2;
        crossing(out, at, d, side.crossing, mx, my);
    }
    unsigned features = 0;
    (void)wr_map_features(map, at->hex, &features);
    if (features & WR_FEATURE_CHANNEL)
        circle(out, "channel sym-channel", at->x, at->y, 120);
    if (features & WR_FEATURE_PORT)
        circle(out, "port sym-port", at->x - 80, at->y - 60, 35);
    if (features & WR_FEATURE_MUD_FLAT)
        circle(out, "mudflat sym-mudflat", at->x + 80, at->y - 60, 30);
}

/* The polyline through the centres of n steps' hexes. */
static void polyline(FILE *out, const char *cls, const wr_step *steps, size_t n)
{
    char a[16], b[16];
    fprintf(out, "<polyline class=\"%s\" points=\"", cls);
    for (size_t i = 0; i < n; i++) {
        int x, y;
        center(steps[i].hex, &x, &y);
        fprintf(out, "%s%s,%s", i ? " " : "", t(x, a), t(y, b));
    }
    fprintf(out, "\"/>\n");
}

/* The route, each step coloured by its day on a scale of `days` days. */
static void draw_march(FILE *out, const tool_picture *pic, int days)
{
    if (!pic->steps || pic->n_steps == 0)
        return;
    fprintf(out, "<g class=\"march\">\n");
    polyline(out, "route sym-route", pic->steps, pic->n_steps);
    for (size_t i = 1; i < pic->n_steps; i++) {
        int x1, y1, x2, y2;
        center(pic->steps[i - 1].hex, &x1, &y1);
        center(pic->steps[i].hex, &x2, &y2);
        if (x1 == x2 && y1 == y2)
            continue;
        char p1[16], p2[16], p3[16], p4[16], col[8];
        fprintf(out,
                "<line class=\"route-day day-%d%s\" stroke=\"%s\" x1=\"%s\" y1=\"%s\" "
                "x2=\"%s\" y2=\"%s\"/>\n",
                pic->steps[i].day,
                (pic->steps[i].flags & WR_STEP_UNFORMED) ? " unformed sym-unformed" : "",
                day_colour(pic->steps[i].day, days, col), t(x1, p1), t(y1, p2), t(x2, p3),
                t(y2, p4));
    }
    fprintf(out, "</g>\n");
}

/* The enemy's march (warrules intercept): its line and a dot a step. */
static void draw_enemy(FILE *out, const tool_picture *pic)
{
    if (!pic->enemy_steps || pic->n_enemy_steps == 0)
        return;
    fprintf(out, "<g class=\"enemy\">\n");
    polyline(out, "enemy-route sym-enemy", pic->enemy_steps, pic->n_enemy_steps);
    for (size_t i = 0; i < pic->n_enemy_steps; i++) {
        int x, y;
        center(pic->enemy_steps[i].hex, &x, &y);
        fprintf(out, "<g><title>enemy: day %d</title>\n", pic->enemy_steps[i].day);
        circle(out, "enemy-step sym-enemy", x, y, 35);
        fprintf(out, "</g>\n");
    }
    fprintf(out, "</g>\n");
}

static void marker(FILE *out, const char *what, wr_hex hex, int r)
{
    int x, y;
    char cls[32];
    center(hex, &x, &y);
    snprintf(cls, sizeof cls, "%s sym-%s", what, what);
    fprintf(out, "<g class=\"marker\"><title>%s</title>\n", what);
    circle(out, cls, x, y, r);
    fprintf(out, "</g>\n");
}

/* The labels over everything: camps and waits on the route, the start,
   the goal and the contact. */
static void draw_marks(FILE *out, const wr_map *map, const tool_picture *pic, box area)
{
    fprintf(out, "<g class=\"marks\">\n");
    if (pic->steps && pic->n_steps > 0)
        march_marks(out, map, pic, area);
    if (pic->have_start)
        marker(out, "start", pic->start, 120);
    if (pic->have_goal)
        marker(out, "goal", pic->goal, 120);
    if (pic->have_contact)
        marker(out, "contact", pic->contact, 160);
    fprintf(out, "</g>\n");
}

/* The file's head: the XML prolog, the styles, the background, the title. */
static void map_head(FILE *out, const tool_picture *pic, unsigned used, int width, int height)
{
    char a[16], b[16];
    const char *title = pic->title ? pic->title : "warrules map";
    fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%s\" height=\"%s\" ",
            t(width, a), t(height, b));
    fprintf(out, "viewBox=\"0 0 %s %s\">\n%s", t(width, a), t(height, b), style_map);
    if (used & (U_ENEMY | U_CONTACT))
        fputs(style_intercept, out);
    fprintf(out, "<title>");
    xml_text(out, title);
    fprintf(out,
            "</title>\n<rect class=\"background\" x=\"0\" y=\"0\" width=\"%s\" height=\"%s\"/>\n",
            t(width, a), t(height, b));
    text(out, "title", MARGIN, 250, title);
    text(out, "subtitle", MARGIN, 400,
         pic->subtitle ? pic->subtitle
         : pic->field  ? "coloured hexes: reached, formed, by the day on the scale"
         : pic->steps ? "the route runs under the roads and crossings it uses; camps show their day"
                      : "hexes are COLUMN,ROW; the legend explains every symbol");
}

/* Layers from the bottom up: terrain, the days reached, coordinates,
   water courses, the route and the enemy's, roads, rivers and their
   crossings, the labels; the legend and the scale of days beside. */
void tool_svg_map(FILE *out, const wr_map *map, const tool_picture *pic)
{
    int w = 0, h = 0;
    (void)wr_map_size(map, &w, &h);
    unsigned terrains = 0;
    unsigned used = map_uses(map, w, h, &terrains) | route_uses(pic);
    int arrival = 0;
    for (size_t i = 0; pic->steps && i < pic->n_steps; i++)
        if (pic->steps[i].day > arrival)
            arrival = pic->steps[i].day;
    int scale_days = pic->field ? pic->days : arrival;
    int map_w = w * STEP_X + 173, map_h = (h - 1) * STEP_Y + 400;
    int legend_x = MARGIN + map_w + 200;
    int legend_h = legend_height(used, terrains);
    int scale_h = scale_days > 0 ? 700 : 0;
    int body = map_h + scale_h > legend_h ? map_h + scale_h : legend_h;
    map_head(out, pic, used, legend_x + LEGEND_W + MARGIN, TOP + body + MARGIN);
    hex_layer(out, map, pic, "terrain", terrain_hex);
    if (pic->field)
        hex_layer(out, map, pic, "reach-days", reach_hex);
    if (w <= 60 && h <= 60)
        hex_layer(out, map, pic, "coords", coord_hex);
    hex_layer(out, map, pic, "watercourses", watercourse_hex);
    /* the route under the roads, rivers and crossings it uses */
    draw_march(out, pic, scale_days);
    draw_enemy(out, pic);
    hex_layer(out, map, pic, "links", road_hex);
    hex_layer(out, map, pic, "rivers", river_hex);
    hex_layer(out, map, pic, "crossings", crossing_hex);
    draw_marks(out, map, pic, (box){MARGIN, TOP, MARGIN + map_w, TOP + map_h});
    (void)legend(out, legend_x, TOP, used, terrains, scale_days, pic->field_what);
    if (scale_days > 0)
        day_scale(out, MARGIN, TOP + map_h + 100, scale_days,
                  pic->field_what ? pic->field_what
                  : pic->field    ? "day reached"
                                  : "day of the march");
    fprintf(out, "</svg>\n");
}

/* A probability in units of 10^-18 as hundredths of a percent, rounded. */
static int hundredths(uint64_t p_e18)
{
    uint64_t units = (p_e18 + UINT64_C(50000000000000)) / UINT64_C(100000000000000);
    return units > 10000 ? 10000 : (int)units;
}

static void percent_text(int h, char *buf, size_t cap)
{
    snprintf(buf, cap, "%d.%02d%%", h / 100, h % 100);
}

static const char style_odds[] =
    "<style>\n"
    ".background{fill:" BACKGROUND "}\n"
    "text{font:8px sans-serif}.title{font:bold 12px sans-serif}.head{font:bold 10px sans-serif}\n"
    ".bar.end{fill:#b63b3b}.bar.figures{fill:#3b6fb6}\n"
    ".axis{stroke:#000;stroke-width:1;shape-rendering:crispEdges}.grid{stroke:#bbb;stroke-width:0."
    "4}\n"
    ".tick{font:7px sans-serif;text-anchor:middle}.ytick{font:7px sans-serif;text-anchor:end}\n"
    ".label{text-anchor:end}.value{font:7px sans-serif}.vvalue{font:6px sans-serif;"
    "text-anchor:middle}\n"
    ".axis-title{font:italic 8px sans-serif;text-anchor:middle}\n"
    ".legend-frame{fill:#fff;stroke:#888;stroke-width:0.6}\n"
    "</style>\n";

#define ODDS_W 7000
#define END_X0 2700
#define END_X1 6300
#define END_ROW 260
#define FIG_X0 900
#define FIG_X1 6700
#define FIG_H 1500

static void rect(FILE *out, const char *cls, int x, int y, int w, int h, const char *tip)
{
    char a[16], b[16], c[16], d[16];
    fprintf(out, "<rect class=\"%s\" x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\">", cls, t(x, a),
            t(y, b), t(w, c), t(h, d));
    if (tip) {
        fprintf(out, "<title>");
        xml_text(out, tip);
        fprintf(out, "</title>");
    }
    fprintf(out, "</rect>\n");
}

/* The ends as horizontal bars on a 0-100 % axis; returns the y below. */
static int odds_ends(FILE *out, const tool_odds_data *d, int y)
{
    char head[96], pct[24], tip[160];
    snprintf(head, sizeof head, "How the melee ends (within %d rounds)", d->rounds);
    text(out, "head", 200, y, head);
    y += 200;
    int top = y;
    for (int k = 0; k <= 4; k++) {
        int x = END_X0 + (END_X1 - END_X0) * k / 4;
        line(out, "grid", x, top - 50, x, top + WR_END_COUNT * END_ROW);
    }
    for (int e = 0; e < WR_END_COUNT; e++) {
        int h = hundredths(d->end[e]);
        int len = (END_X1 - END_X0) * h / 10000;
        percent_text(h, pct, sizeof pct);
        snprintf(tip, sizeof tip, "%s: %s", d->end_label[e], pct);
        text(out, "label", END_X0 - 100, y + 120, d->end_label[e]);
        rect(out, "bar end", END_X0, y, len > 0 ? len : 0, 160, tip);
        text(out, "value", END_X0 + len + 60, y + 120, pct);
        y += END_ROW;
    }
    line(out, "axis", END_X0, top - 50, END_X0, y);
    line(out, "axis", END_X0, y, END_X1, y);
    for (int k = 0; k <= 4; k++) {
        int x = END_X0 + (END_X1 - END_X0) * k / 4;
        char num[16];
        line(out, "axis", x, y, x, y + 60);
        snprintf(num, sizeof num, "%d%%", 25 * k);
        text(out, "tick", x, y + 160, num);
    }
    text(out, "axis-title", (END_X0 + END_X1) / 2, y + 300, "share of all melees");
    return y + 500;
}

/* The figures left to side s as vertical bars; returns the y below. */
static int odds_figures(FILE *out, const tool_odds_data *d, int s, int y)
{
    char head[96], num[24], pct[24], tip[96];
    snprintf(head, sizeof head, "Figures left to side %c (%s) at the end", 'a' + s, d->name[s]);
    text(out, "head", 200, y, head);
    y += 250;
    int n = d->start[s] < 0
                ? 0
                : (d->start[s] > WR_ODDS_MAX_FIGURES ? WR_ODDS_MAX_FIGURES : d->start[s]);
    int max = 0;
    for (int f = 0; f <= n; f++)
        if (hundredths(d->figures[s][f]) > max)
            max = hundredths(d->figures[s][f]);
    /* the top of the axis: the next multiple of 20 % (at most 100), so that
       quarters are whole */
    int top_pct = (max + 1999) / 2000 * 20;
    if (top_pct < 20)
        top_pct = 20;
    int base = y + FIG_H;
    for (int k = 0; k <= 4; k++) {
        int gy = base - FIG_H * k / 4;
        line(out, k ? "grid" : "axis", FIG_X0, gy, FIG_X1, gy);
        snprintf(num, sizeof num, "%d%%", top_pct * k / 4);
        text(out, "ytick", FIG_X0 - 80, gy + 25, num);
    }
    line(out, "axis", FIG_X0, y - 100, FIG_X0, base);
    char a[16], b[16];
    fprintf(out,
            "<text class=\"axis-title\" transform=\"rotate(-90 %s %s)\" x=\"%s\" y=\"%s\">"
            "probability</text>\n",
            t(350, a), t(y + FIG_H / 2, b), t(350, a), t(y + FIG_H / 2, b));
    int slot = (FIG_X1 - FIG_X0) / (n + 1);
    int every = n <= 20 ? 1 : (n + 19) / 20;
    for (int f = 0; f <= n; f++) {
        int h = hundredths(d->figures[s][f]);
        int hgt = FIG_H * h / (top_pct * 100);
        int x = FIG_X0 + f * slot;
        int bw = slot - slot / 5 > 1 ? slot - slot / 5 : 1;
        percent_text(h, pct, sizeof pct);
        snprintf(tip, sizeof tip, "%d figures: %s", f, pct);
        rect(out, "bar figures", x + slot / 10, base - hgt, bw, hgt, tip);
        if (n <= 20 && h >= 50)
            text(out, "vvalue", x + slot / 2, base - hgt - 40, pct);
        if (f % every == 0 || f == n) {
            snprintf(num, sizeof num, "%d", f);
            line(out, "axis", x + slot / 2, base, x + slot / 2, base + 50);
            text(out, "tick", x + slot / 2, base + 150, num);
        }
    }
    text(out, "axis-title", (FIG_X0 + FIG_X1) / 2, base + 300, "figures left");
    return base + 600;
}

void tool_svg_odds(FILE *out, const tool_odds_data *d)
{
    char a[16], b[16], title[200];
    int height = 1000 + (250 + WR_END_COUNT * END_ROW + 500) + 2 * (250 + FIG_H + 600) + 200;
    fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%s\" height=\"%s\" ",
            t(ODDS_W, a), t(height, b));
    fprintf(out, "viewBox=\"0 0 %s %s\">\n%s", t(ODDS_W, a), t(height, b), style_odds);
    snprintf(title, sizeof title, "%s (a) against %s (b): exact odds, up to %d rounds", d->name[0],
             d->name[1], d->rounds);
    fprintf(out, "<title>");
    xml_text(out, title);
    fprintf(out,
            "</title>\n<rect class=\"background\" x=\"0\" y=\"0\" width=\"%s\" height=\"%s\"/>\n",
            t(ODDS_W, a), t(height, b));
    text(out, "title", 200, 300, title);
    fprintf(out, "<g class=\"legend\">\n");
    rect(out, "legend-frame", 200, 450, 6600, 350, NULL);
    fprintf(out, "<g class=\"legend-item\" id=\"legend-end\">\n");
    rect(out, "bar end", 350, 560, 200, 140, NULL);
    text(out, "value", 650, 680, "how the melee ends: share of all melees");
    fprintf(out, "</g>\n<g class=\"legend-item\" id=\"legend-figures\">\n");
    rect(out, "bar figures", 3700, 560, 200, 140, NULL);
    text(out, "value", 4000, 680, "figures left: share of all melees");
    fprintf(out, "</g>\n</g>\n");
    int y = odds_ends(out, d, 1100);
    y = odds_figures(out, d, 0, y);
    (void)odds_figures(out, d, 1, y);
    fprintf(out, "</svg>\n");
}

/* ---- warrules move ------------------------------------------------------ */

static const char *const tactical_fill[WR_TERRAIN_COUNT] = {"#d9ecb0", "#c9a66b", "#3f8f3f",
                                                            "#a08c6e", "#7fa38f", "#4f86c6"};

static const char style_move[] =
    "<style>\n"
    ".background{fill:" BACKGROUND "}\n"
    "text{font:8px sans-serif}.title{font:bold 12px sans-serif}.head{font:bold 10px sans-serif}\n"
    ".subtitle{font:9px sans-serif}.illegal{fill:#b00000;font-weight:bold}.legal{fill:#006400}\n"
    ".figure{fill:#6b7fa8;stroke:#223;stroke-width:0.4}\n"
    ".facing{stroke:#000;stroke-width:1.5;fill:none}.facing-head{fill:#000}\n"
    ".shieldwall{stroke:#8b5a2b;stroke-width:3;stroke-linecap:round}\n"
    ".spears{stroke:#444;stroke-width:1}\n"
    ".leg{stroke:#333;stroke-width:0.5}"
    ".obstacle{stroke:#1a1a1a;stroke-width:3;stroke-dasharray:3 2}"
    ".rise{fill:#7a4a1a}\n"
    ".ends{stroke:#d00000;stroke-width:2.5}.arrives{stroke:#006400;stroke-width:2.5}"
    ".ends-head{fill:#d00000}.arrives-head{fill:#006400}\n"
    ".beyond{fill:#888;fill-opacity:0.6}\n"
    ".tick{font:7px sans-serif;text-anchor:middle}.axis{stroke:#000;stroke-width:1;"
    "shape-rendering:crispEdges}\n"
    ".leglabel{font:7px sans-serif;text-anchor:middle}\n"
    ".compass{font:bold 8px sans-serif;text-anchor:middle}\n"
    ".legend-frame{fill:#fff;stroke:#888;stroke-width:0.6}"
    ".legend-head{font:bold 9px sans-serif}.legend-text{font:7px sans-serif}\n"
    "</style>\n";

#define MOVE_W 8400
#define STRIP_X0 3400
#define STRIP_X1 7900
#define STRIP_Y 1500

/* The formation, centred at cx, cy and turned to its facing. */
static void move_formation(FILE *out, const tool_move_picture *p, int cx, int cy)
{
    char a[16], b[16], c[16], d[16];
    int across = p->frontage > 0 ? p->frontage : 1, deep = p->ranks > 0 ? p->ranks : 1;
    int longest = across > deep ? across : deep;
    int size = 1600 / longest > 160 ? 160 : 1600 / longest;
    if (size < 4)
        size = 4;
    int gap = p->closed ? size / 8 : size * 2 / 3;
    int step = size + gap;
    int w = across * step - gap, h = deep * step - gap;
    int x0 = cx - w / 2, y0 = cy - h / 2;
    fprintf(out, "<g class=\"formation\" transform=\"rotate(%d %s %s)\">\n", p->facing, t(cx, a),
            t(cy, b));
    /* figures rank by rank from the front; the last rank may be short */
    int drawn = 0;
    for (int r = 0; r < deep && drawn < p->figures; r++)
        for (int f = 0; f < across && drawn < p->figures; f++, drawn++)
            fprintf(out,
                    "<rect class=\"figure sym-figure\" x=\"%s\" y=\"%s\" width=\"%s\" "
                    "height=\"%s\"/>\n",
                    t(x0 + f * step, a), t(y0 + r * step, b), t(size, c), t(size, d));
    /* the facing: an arrow out of the front */
    line(out, "facing sym-facing", cx, y0 - 60, cx, y0 - 400);
    fprintf(out, "<polygon class=\"facing-head sym-facing\" points=\"%s,%s %s,%s %s,%s\"/>\n",
            t(cx, a), t(y0 - 480, b), t(cx - 80, c), t(y0 - 360, d), t(cx + 80, a + 8),
            t(y0 - 360, b + 8));
    /* the sides the special formation protects: front, left, right, rear */
    int sx[4][4] = {{x0, y0 - 40, x0 + w, y0 - 40},
                    {x0 - 40, y0, x0 - 40, y0 + h},
                    {x0 + w + 40, y0, x0 + w + 40, y0 + h},
                    {x0, y0 + h + 40, x0 + w, y0 + h + 40}};
    for (int s = 0; s < 4; s++) {
        if (!(p->sides & (1u << s)))
            continue;
        if (p->special == WR_SPECIAL_SHIELD_WALL) {
            line(out, "shieldwall sym-shieldwall", sx[s][0], sx[s][1], sx[s][2], sx[s][3]);
            continue;
        }
        /* set spears: spikes out of the side */
        int horizontal = sx[s][1] == sx[s][3];
        int length = horizontal ? sx[s][2] - sx[s][0] : sx[s][3] - sx[s][1];
        int out_x = s == 1 ? -1 : (s == 2 ? 1 : 0), out_y = s == 0 ? -1 : (s == 3 ? 1 : 0);
        for (int k = 0; k <= length; k += step > 60 ? step : 60) {
            int bx = horizontal ? sx[s][0] + k : sx[s][0];
            int by = horizontal ? sx[s][1] : sx[s][1] + k;
            line(out, "spears sym-spears", bx, by, bx + out_x * 180, by + out_y * 180);
        }
    }
    fprintf(out, "</g>\n");
}

static int total_length(const tool_move_picture *p)
{
    int total = 0;
    for (int i = 0; i < p->n_legs; i++)
        total += p->legs[i].length;
    return total;
}

/* Where the movement ends (cls "ends") or the whole move (cls "arrives"):
   a solid line from top to bottom under a head pointing down at it, told
   apart from an obstacle's dashed dark bar by colour and shape. */
static void ends_mark(FILE *out, const char *cls, const char *sym, int x, int top, int bottom)
{
    char a[16], b[16], c[16], d[16], e[16], f[16], head[48], bar[48];
    snprintf(bar, sizeof bar, "%s%s", cls, sym);
    snprintf(head, sizeof head, "%s-head%s", cls, sym);
    line(out, bar, x, top + 60, x, bottom);
    fprintf(out, "<polygon class=\"%s\" points=\"%s,%s %s,%s %s,%s\"/>\n", head, t(x - 70, a),
            t(top, b), t(x + 70, c), t(top, d), t(x, e), t(top + 110, f));
}

/* The rows of the move's legend. */
static int move_legend_rows(const tool_move_picture *p, unsigned terrains)
{
    int items =
        2 + (p->special != WR_SPECIAL_NONE) + (p->n_legs > 0) + (p->reached < total_length(p));
    int obstacles = 0, rises = 0;
    for (int i = 0; i < p->n_legs; i++) {
        obstacles |= p->legs[i].obstacles > 0;
        rises |= p->legs[i].rises > 0;
    }
    for (int k = 0; k < WR_TERRAIN_COUNT; k++)
        items += (int)((terrains >> k) & 1u);
    return items + obstacles + rises;
}

static void move_legend(FILE *out, const tool_move_picture *p, unsigned terrains, int x0, int y0)
{
    char a[16], b[16], c[16], d[16];
    int obstacles = 0, rises = 0;
    for (int i = 0; i < p->n_legs; i++) {
        obstacles |= p->legs[i].obstacles > 0;
        rises |= p->legs[i].rises > 0;
    }
    int height = 350 + move_legend_rows(p, terrains) * ROW_H;
    fprintf(out,
            "<g class=\"legend\">\n<rect class=\"legend-frame\" x=\"%s\" y=\"%s\" "
            "width=\"%s\" height=\"%s\"/>\n",
            t(x0, a), t(y0, b), t(MOVE_W - x0 - 200, c), t(height, d));
    text(out, "legend-head", x0 + 100, y0 + 150, "Legend");
    int y = y0 + 350, sx = x0 + 300, tx = x0 + 600;
#define ITEM_START(id) fprintf(out, "<g class=\"legend-item\" id=\"legend-%s\">\n", id)
#define ITEM_END(label)                              \
    do {                                             \
        text(out, "legend-text", tx, y + 25, label); \
        fprintf(out, "</g>\n");                      \
        y += ROW_H;                                  \
    } while (0)
    ITEM_START("figure");
    fprintf(out, "<rect class=\"figure\" x=\"%s\" y=\"%s\" width=\"8\" height=\"8\"/>\n",
            t(sx - 40, a), t(y - 40, b));
    ITEM_END("one figure (the front rank faces the arrow)");
    ITEM_START("facing");
    line(out, "facing", sx - 150, y, sx + 100, y);
    fprintf(out, "<polygon class=\"facing-head\" points=\"%s,%s %s,%s %s,%s\"/>\n", t(sx + 180, a),
            t(y, b), t(sx + 60, c), t(y - 80, d), t(sx + 60, a + 8), t(y + 80, b + 8));
    ITEM_END("facing");
    if (p->special == WR_SPECIAL_SHIELD_WALL) {
        ITEM_START("shieldwall");
        line(out, "shieldwall", sx - 150, y, sx + 150, y);
        ITEM_END("shield wall on the sides it protects [11.6]");
    } else if (p->special == WR_SPECIAL_SET_SPEARS) {
        ITEM_START("spears");
        for (int k = -150; k <= 150; k += 100)
            line(out, "spears", sx + k, y + 60, sx + k, y - 80);
        ITEM_END("set spears on the sides they protect [11.7]");
    }
    for (int k = 0; k < WR_TERRAIN_COUNT; k++) {
        if (!((terrains >> k) & 1))
            continue;
        char id[32];
        snprintf(id, sizeof id, "terrain-%s", p->terrain_names[k]);
        ITEM_START(id);
        fprintf(out,
                "<rect class=\"leg\" fill=\"%s\" x=\"%s\" y=\"%s\" width=\"30\" "
                "height=\"10\"/>\n",
                tactical_fill[k], t(sx - 150, a), t(y - 60, b));
        ITEM_END(p->terrain_names[k]);
    }
    if (obstacles) {
        ITEM_START("obstacle");
        line(out, "obstacle", sx, y - 80, sx, y + 60);
        ITEM_END("obstacle crossed (a third of the movement rate)");
    }
    if (rises) {
        ITEM_START("rise");
        fprintf(out, "<polygon class=\"rise\" points=\"%s,%s %s,%s %s,%s\"/>\n", t(sx - 70, a),
                t(y + 50, b), t(sx + 70, c), t(y + 50, d), t(sx, a + 8), t(y - 70, b + 8));
        ITEM_END("10-foot rise climbed (a third of the movement rate)");
    }
    if (p->n_legs > 0) {
        ITEM_START("ends");
        ends_mark(out, p->reached < total_length(p) ? "ends" : "arrives", "", sx, y - 110, y + 90);
        ITEM_END(p->reached < total_length(p) ? "the movement ends here"
                                              : "the move is made in full");
    }
    if (p->reached < total_length(p)) {
        ITEM_START("beyond");
        fprintf(out, "<rect class=\"beyond\" x=\"%s\" y=\"%s\" width=\"30\" height=\"10\"/>\n",
                t(sx - 150, a), t(y - 60, b));
        ITEM_END("beyond this Game Round's movement");
    }
#undef ITEM_START
#undef ITEM_END
    fprintf(out, "</g>\n");
}

/* A length in twelfths of an inch as inches with two decimals. */
static const char *inches_text(int twelfths, char *buf, size_t cap)
{
    snprintf(buf, cap, "%d.%02d\"", twelfths / 12, twelfths % 12 * 100 / 12);
    return buf;
}

/* The move as a strip of legs, with where the movement ends and a scale of
   inches (down to y 3500). */
static void move_strip(FILE *out, const tool_move_picture *p)
{
    char a[16], b[16], c[16], d[16], len[24], label[96];
    int total = total_length(p), span = STRIP_X1 - STRIP_X0;
    int den = total > 0 ? total : 1;
    text(out, "head", STRIP_X0, 900, "The move, leg by leg [11.8]");
    if (p->n_legs == 0) {
        snprintf(label, sizeof label, "no legs given (--leg TERRAIN:INCHES): %d move points left",
                 p->available - p->cost);
        text(out, "legend-text", STRIP_X0, 1300, label);
        return;
    }
    int pos = 0;
    for (int i = 0; i < p->n_legs; i++) {
        const wr_tactical_leg *l = &p->legs[i];
        int x1 = STRIP_X0 + pos * span / den, x2 = STRIP_X0 + (pos + l->length) * span / den;
        int ter = (int)l->terrain >= 0 && (int)l->terrain < WR_TERRAIN_COUNT ? (int)l->terrain : 0;
        snprintf(label, sizeof label, "leg %d: %s %s, %d points", i + 1, p->terrain_names[ter],
                 inches_text(l->length, len, sizeof len), p->costs[i]);
        fprintf(out,
                "<rect class=\"leg sym-terrain-%s\" fill=\"%s\" x=\"%s\" y=\"%s\" "
                "width=\"%s\" height=\"30\"><title>",
                p->terrain_names[ter], tactical_fill[ter], t(x1, a), t(STRIP_Y, b), t(x2 - x1, c));
        xml_text(out, label);
        fprintf(out, "</title></rect>\n");
        snprintf(label, sizeof label, "%s %s", p->terrain_names[ter],
                 inches_text(l->length, len, sizeof len));
        text(out, "leglabel", (x1 + x2) / 2, STRIP_Y + 450 + (i % 2) * 110, label);
        pos += l->length;
    }
    int xr = STRIP_X0 + p->reached * span / den;
    if (p->reached < total)
        fprintf(out,
                "<rect class=\"beyond sym-beyond\" x=\"%s\" y=\"%s\" width=\"%s\" "
                "height=\"30\"/>\n",
                t(xr, a), t(STRIP_Y, b), t(STRIP_X1 - xr, c));
    /* obstacles and rises over the grey of what lies beyond */
    pos = 0;
    for (int i = 0; i < p->n_legs; i++) {
        const wr_tactical_leg *l = &p->legs[i];
        int x1 = STRIP_X0 + pos * span / den;
        for (int k = 0; k < l->obstacles && k < 10; k++)
            line(out, "obstacle sym-obstacle", x1 + 80 + k * 50, STRIP_Y - 60, x1 + 80 + k * 50,
                 STRIP_Y + 360);
        for (int k = 0; k < l->rises && k < 10; k++)
            fprintf(out, "<polygon class=\"rise sym-rise\" points=\"%s,%s %s,%s %s,%s\"/>\n",
                    t(x1 + 40 + k * 160, a), t(STRIP_Y - 80, b), t(x1 + 180 + k * 160, c),
                    t(STRIP_Y - 80, d), t(x1 + 110 + k * 160, a + 8), t(STRIP_Y - 200, b + 8));
        pos += l->length;
    }
    if (p->reached < total) {
        ends_mark(out, "ends", " sym-ends", xr, STRIP_Y - 260, STRIP_Y + 350);
        snprintf(label, sizeof label, "movement ends after %s",
                 inches_text(p->reached, len, sizeof len));
    } else {
        ends_mark(out, "arrives", " sym-ends", xr, STRIP_Y - 260, STRIP_Y + 350);
        snprintf(label, sizeof label, "the whole move: %s", inches_text(total, len, sizeof len));
    }
    text(out, "leglabel", xr, STRIP_Y - 300, label);
    /* the scale of inches */
    int y = STRIP_Y + 750;
    line(out, "axis", STRIP_X0, y, STRIP_X1, y);
    int inch = total / 12 > 0 ? total / 12 : 1;
    static const int steps[] = {1, 2, 3, 6, 12, 24, 48, 96, 192, 480, 960, 1920, 4800, 10000};
    int every = 10000;
    for (size_t k = 0; k < sizeof steps / sizeof steps[0]; k++)
        if (inch / steps[k] <= 12) {
            every = steps[k];
            break;
        }
    for (int in = 0; in * 12 <= total; in += every) {
        int x = STRIP_X0 + in * 12 * span / den;
        char num[24];
        line(out, "axis", x, y, x, y + 60);
        snprintf(num, sizeof num, "%d\"", in);
        text(out, "tick", x, y + 170, num);
    }
    text(out, "leglabel", (STRIP_X0 + STRIP_X1) / 2, y + 320, "inches on the table");
}

void tool_svg_move(FILE *out, const tool_move_picture *p)
{
    char a[16], b[16], sub[300];
    unsigned terrains = 0;
    for (int i = 0; i < p->n_legs; i++)
        if ((int)p->legs[i].terrain >= 0 && (int)p->legs[i].terrain < WR_TERRAIN_COUNT)
            terrains |= 1u << (int)p->legs[i].terrain;
    int legend_y = 3700;
    int height = legend_y + 350 + move_legend_rows(p, terrains) * ROW_H + 200;
    fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%s\" height=\"%s\" ",
            t(MOVE_W, a), t(height, b));
    fprintf(out, "viewBox=\"0 0 %s %s\">\n%s<title>", t(MOVE_W, a), t(height, b), style_move);
    xml_text(out, p->title);
    fprintf(out,
            "</title>\n<rect class=\"background\" x=\"0\" y=\"0\" width=\"%s\" height=\"%s\"/>\n",
            t(MOVE_W, a), t(height, b));
    text(out, "title", 200, 300, p->title);
    snprintf(sub, sizeof sub, "costs %d of %d move points: %s", p->cost, p->available, p->problem);
    text(out, p->legal ? "subtitle legal" : "subtitle illegal", 200, 500, sub);
    text(out, "head", 200, 900, "The formation from above");
    text(out, "compass", 2900, 1000, "N");
    line(out, "facing", 2900, 1400, 2900, 1150);
    fprintf(out, "<polygon class=\"facing-head\" points=\"290,108 286,118 294,118\"/>\n");
    move_formation(out, p, 1600, 2600);
    move_strip(out, p);
    move_legend(out, p, terrains, STRIP_X0, legend_y);
    fprintf(out, "</svg>\n");
}

/* The mark of a hexside in the text map: crossings first, then rivers, then
   roads and tracks; `road` is the road mark of this side's direction. */
static char side_mark(const wr_map *map, wr_hex hx, int direction, char minor, char major,
                      char road)
{
    wr_hexside side;
    if (wr_map_hexside(map, hx, direction, &side) != WR_OK)
        return ' ';
    if (side.river != WR_NO_RIVER)
        return side.crossing == WR_CROSS_BRIDGE  ? '='
               : side.crossing == WR_CROSS_FORD  ? ':'
               : side.crossing == WR_CROSS_FERRY ? '%'
               : side.river == WR_RIVER_MAJOR    ? major
                                                 : minor;
    if (side.road)
        return road;
    if (side.track)
        return '+';
    return ' ';
}

static char hex_mark(const wr_map *map, wr_hex hx, const wr_step *steps, size_t n_steps)
{
    wr_hex_terrain ter = WR_HEX_CLEAR;
    (void)wr_map_terrain(map, hx, &ter);
    char mark = tool_terrain_letter(ter);
    for (size_t i = 0; i < n_steps && steps; i++) {
        if (steps[i].hex.q != hx.q || steps[i].hex.r != hx.r)
            continue;
        if (i == 0)
            mark = 'A';
        else if (i + 1 == n_steps)
            mark = 'B';
        else if (steps[i].flags & WR_STEP_NIGHT)
            mark = (char)('0' + steps[i].day % 10);
        else if (mark != 'A' && !(mark >= '0' && mark <= '9'))
            mark = '*';
    }
    return mark;
}

void tool_ascii_map(FILE *out, const wr_map *map, const wr_step *steps, size_t n_steps)
{
    int w = 0, h = 0;
    (void)wr_map_size(map, &w, &h);
    fprintf(out, "     ");
    for (int col = 0; col < w; col++)
        fprintf(out, "%d ", col % 10);
    fprintf(out, "\n");
    for (int row = 0; row < h; row++) {
        fprintf(out, "%4d %s", row, (row & 1) ? " " : "");
        for (int col = 0; col < w; col++) {
            wr_hex hx;
            (void)wr_hex_from_offset(col, row, &hx);
            fputc(hex_mark(map, hx, steps, n_steps), out);
            fputc(col + 1 < w ? side_mark(map, hx, 0, '|', '!', '-') : '\n', out);
        }
        if (row + 1 == h)
            break;
        /* the sides between this row and the next: SW under the hex, SE after it */
        char between[2 * WR_MAP_MAX_EXTENT + 4];
        size_t n = 0;
        if (row & 1)
            between[n++] = ' ';
        for (int col = 0; col < w; col++) {
            wr_hex hx;
            (void)wr_hex_from_offset(col, row, &hx);
            between[n++] = side_mark(map, hx, 4, '_', '#', '/');
            between[n++] = side_mark(map, hx, 5, '_', '#', '\\');
        }
        while (n > 0 && between[n - 1] == ' ')
            n--;
        between[n] = '\0';
        fprintf(out, "%s%s\n", n ? "     " : "", between);
    }
    fprintf(out,
            "\nterrain: . clear  f forest  s swamp  h hills  m mountains  ~ sea  c coast  l lake\n"
            "hexsides (between hexes and between rows): | _ minor river  ! # major river\n"
            "  = bridge  : ford  %% ferry  - / \\ road  + track\n");
    if (steps && n_steps)
        fprintf(
            out,
            "route: A start  B end  * on the way  0-9 a night's camp (last digit of the day)\n");
}

/* ---- warrules advise ------------------------------------------------------ */

static const char style_advice[] =
    "<style>\n"
    ".background{fill:" BACKGROUND "}\n"
    "text{font:8px sans-serif}.title{font:bold 12px sans-serif}.head{font:bold 10px sans-serif}\n"
    ".subtitle{font:9px sans-serif}.choice{font:7px sans-serif;text-anchor:end}\n"
    ".rank{font:bold 8px sans-serif;text-anchor:end}\n"
    ".bar.break{fill:#8e44ad}.bar.inflicted{fill:#3b6fb6}.bar.lost{fill:#b63b3b}\n"
    ".axis{stroke:#000;stroke-width:1;shape-rendering:crispEdges}.grid{stroke:#bbb;stroke-width:0."
    "4}\n"
    ".tick{font:7px sans-serif;text-anchor:middle}.value{font:6px sans-serif}\n"
    ".axis-title{font:italic 8px sans-serif;text-anchor:middle}\n"
    ".legend-frame{fill:#fff;stroke:#888;stroke-width:0.6}.legend-text{font:8px sans-serif}\n"
    "</style>\n";

#define ADV_W 8400
#define ADV_LABEL_X 3000 /* right edge of the choices' labels */
#define ADV_ROW 460

/* Whole figures as text with two decimals, from units of 10^-9. */
static void figures_text(uint64_t e9, char *buf, size_t cap)
{
    uint64_t hundredths_of = (e9 + 5000000) / 10000000;
    snprintf(buf, cap, "%llu.%02llu", (unsigned long long)(hundredths_of / 100),
             (unsigned long long)(hundredths_of % 100));
}

/* One panel's axis under the rows: ticks at quarters of `top` (a percent
   panel when pct, else whole figures). */
static void advice_axis(FILE *out, int x0, int x1, int y_top, int y, int top, int pct,
                        const char *title)
{
    line(out, "axis", x0, y_top, x0, y);
    line(out, "axis", x0, y, x1, y);
    for (int k = 0; k <= 4; k++) {
        int x = x0 + (x1 - x0) * k / 4;
        char num[24];
        line(out, "grid", x, y_top, x, y);
        line(out, "axis", x, y, x, y + 60);
        if (pct)
            snprintf(num, sizeof num, "%d%%", 25 * k);
        else if (top % 4 == 0)
            snprintf(num, sizeof num, "%d", top * k / 4);
        else
            snprintf(num, sizeof num, "%d.%02d", top * k / 4, top * k * 25 % 100);
        text(out, "tick", x, y + 160, num);
    }
    text(out, "axis-title", (x0 + x1) / 2, y + 300, title);
}

void tool_svg_advice(FILE *out, const tool_advice_data *d)
{
    char a[16], b[16], num[48], tip[400];
    int has_target = d->target[0] != '\0';
    int fig_x0 = has_target ? 5500 : ADV_LABEL_X + 300, fig_x1 = ADV_W - 300;
    int brk_x0 = ADV_LABEL_X + 300, brk_x1 = 5100;
    /* the figures axis: a whole number of figures at least the largest value */
    uint64_t most = 0;
    for (int i = 0; i < d->n; i++) {
        most = d->rows[i].inflicted_e9 > most ? d->rows[i].inflicted_e9 : most;
        most = d->rows[i].lost_e9 > most ? d->rows[i].lost_e9 : most;
    }
    int top = (int)((most + UINT64_C(999999999)) / UINT64_C(1000000000));
    top = top < 1 ? 1 : (top % 4 ? top + 4 - top % 4 : top);
    int rows_y = 1250;
    int height = rows_y + d->n * ADV_ROW + 700;
    fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%s\" height=\"%s\" ",
            t(ADV_W, a), t(height, b));
    fprintf(out, "viewBox=\"0 0 %s %s\">\n%s", t(ADV_W, a), t(height, b), style_advice);
    fprintf(out, "<title>");
    xml_text(out, d->title);
    fprintf(out,
            "</title>\n<rect class=\"background\" x=\"0\" y=\"0\" width=\"%s\" height=\"%s\"/>\n",
            t(ADV_W, a), t(height, b));
    text(out, "title", 200, 300, d->title);
    fprintf(out, "<g class=\"legend\">\n");
    rect(out, "legend-frame", 200, 450, ADV_W - 400, 380, NULL);
    int lx = 350;
    if (has_target) {
        snprintf(tip, sizeof tip, "probability that %s", d->target);
        fprintf(out, "<g class=\"legend-item\" id=\"legend-break\">\n");
        rect(out, "bar break", lx, 570, 200, 140, NULL);
        text(out, "legend-text", lx + 300, 690, tip);
        fprintf(out, "</g>\n");
        lx += 3300;
    }
    fprintf(out, "<g class=\"legend-item\" id=\"legend-inflicted\">\n");
    rect(out, "bar inflicted", lx, 570, 200, 140, NULL);
    text(out, "legend-text", lx + 300, 690, "expected enemy figures lost");
    fprintf(out, "</g>\n<g class=\"legend-item\" id=\"legend-lost\">\n");
    lx += 2300;
    rect(out, "bar lost", lx, 570, 200, 140, NULL);
    text(out, "legend-text", lx + 300, 690, "expected own figures lost");
    fprintf(out, "</g>\n</g>\n");
    text(out, "head", 200, 1080, "choices, best first");
    if (has_target)
        text(out, "head", brk_x0, 1080, "the target's break");
    text(out, "head", fig_x0, 1080, "expected figures lost");
    int y = rows_y;
    for (int i = 0; i < d->n; i++) {
        const tool_advice_row *r = &d->rows[i];
        char shown[72];
        size_t len = strlen(r->label);
        snprintf(shown, sizeof shown, "%.*s%s", len > 60 ? 57 : (int)len, r->label,
                 len > 60 ? "..." : "");
        snprintf(num, sizeof num, "%d.", i + 1);
        text(out, "rank", 380, y + 250, num);
        fprintf(out, "<text class=\"choice\" x=\"%s\" y=\"%s\"><title>", t(ADV_LABEL_X, a),
                t(y + 250, b));
        xml_text(out, r->label);
        fprintf(out, "</title>");
        xml_text(out, shown);
        fprintf(out, "</text>\n");
        if (has_target) {
            int h = hundredths(r->break_e18);
            int w = (brk_x1 - brk_x0) * h / 10000;
            percent_text(h, num, sizeof num);
            snprintf(tip, sizeof tip, "%s: %s", r->label, num);
            rect(out, "bar break", brk_x0, y + 80, w, 280, tip);
            text(out, "value", brk_x0 + w + 50, y + 260, num);
        }
        const uint64_t v[2] = {r->inflicted_e9, r->lost_e9};
        static const char *const cls[2] = {"bar inflicted", "bar lost"};
        static const char *const what[2] = {"enemy figures lost", "own figures lost"};
        for (int k = 0; k < 2; k++) {
            uint64_t scaled = v[k] / (uint64_t)top; /* units of 10^-9 of the axis */
            int w = (int)((uint64_t)(fig_x1 - fig_x0) *
                          (scaled > UINT64_C(1000000000) ? UINT64_C(1000000000) : scaled) /
                          UINT64_C(1000000000));
            figures_text(v[k], num, sizeof num);
            snprintf(tip, sizeof tip, "%s: %s %s", r->label, num, what[k]);
            rect(out, cls[k], fig_x0, y + 40 + k * 190, w, 170, tip);
            text(out, "value", fig_x0 + w + 50, y + 170 + k * 190, num);
        }
        y += ADV_ROW;
    }
    if (has_target)
        advice_axis(out, brk_x0, brk_x1, rows_y - 50, y, 100, 1, "probability");
    advice_axis(out, fig_x0, fig_x1, rows_y - 50, y, top, 0, "figures (expected)");
    fprintf(out, "</svg>\n");
}
