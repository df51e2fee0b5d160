/* SVG pictures in whole tenths of a pixel: hex maps with routes, odds bars. */
#include "svg.h"

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
#define TOP 400 /* room for the title */

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

static void center(wr_hex h, int *x, int *y)
{
    int col = 0, row = 0;
    (void)wr_hex_to_offset(h, &col, &row);
    *x = MARGIN + 173 + col * STEP_X + (row & 1) * 173;
    *y = MARGIN + TOP + 200 + row * STEP_Y;
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

void tool_svg_map(FILE *out, const wr_map *map, const wr_step *steps, size_t n_steps,
                  const char *title)
{
    int w = 0, h = 0;
    char a[16], b[16];
    (void)wr_map_size(map, &w, &h);
    int width = 2 * MARGIN + w * STEP_X + 173;
    int height = 2 * MARGIN + TOP + 400 + (h - 1) * STEP_Y;
    fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%s\" height=\"%s\" ",
            t(width, a), t(height, b));
    fprintf(out, "viewBox=\"0 0 %s %s\">\n", t(width, a), t(height, b));
    fprintf(out,
            "<style>\n"
            ".hex{stroke:#555;stroke-width:0.6}\n"
            ".coord{font:6px sans-serif;fill:#333;text-anchor:middle}\n"
            ".river{stroke:#1f5fbf;stroke-linecap:round}.river.minor{stroke-width:2.5}"
            ".river.major{stroke-width:5}\n"
            ".watercourse{stroke:#9cc3ee;stroke-width:1.5;stroke-dasharray:2 2}"
            ".cataract{stroke:#000;stroke-width:2}\n"
            ".road{stroke:#7a4a1a;stroke-width:2.5}.track{stroke:#7a4a1a;stroke-width:1.5;"
            "stroke-dasharray:3 2}\n"
            ".bridge{fill:#8b5a2b;stroke:#000;stroke-width:0.5}.ford{fill:#fff;stroke:#1f5fbf}"
            ".ferry{fill:#000}\n"
            ".port{fill:#fff;stroke:#000}.channel{fill:none;stroke:#00f;stroke-dasharray:1 1}"
            ".mudflat{fill:#7b6a3a}\n"
            ".route{fill:none;stroke:#d01010;stroke-width:2.5;stroke-linejoin:round}\n"
            ".camp{fill:#ffd700;stroke:#000;stroke-width:0.8}.campday{font:bold 7px sans-serif;"
            "text-anchor:middle}\n"
            ".title{font:bold 12px sans-serif}\n"
            "</style>\n");
    fprintf(out, "<title>");
    xml_text(out, title ? title : "warrules map");
    fprintf(out, "</title>\n<text class=\"title\" x=\"%s\" y=\"%s\">", t(MARGIN, a),
            t(MARGIN + 200, b));
    xml_text(out, title ? title : "warrules map");
    fprintf(out, "</text>\n<g class=\"terrain\">\n");
    for (int row = 0; row < h; row++)
        for (int col = 0; col < w; col++) {
            wr_hex hx;
            wr_hex_terrain ter = WR_HEX_CLEAR;
            int x, y;
            (void)wr_hex_from_offset(col, row, &hx);
            (void)wr_map_terrain(map, hx, &ter);
            center(hx, &x, &y);
            fprintf(out, "<polygon class=\"hex %s\" fill=\"%s\" points=\"", tool_terrain_name(ter),
                    terrain_fill[(int)ter >= 0 && (int)ter < WR_HEX_TERRAIN_COUNT ? (int)ter : 0]);
            for (int c = 0; c < 6; c++)
                fprintf(out, "%s%s,%s", c ? " " : "", t(x + corner_dx[c], a), t(y + corner_dy[c], b));
            fprintf(out, "\"><title>%d,%d %s</title></polygon>\n", col, row, tool_terrain_name(ter));
            if (w <= 60 && h <= 60)
                fprintf(out, "<text class=\"coord\" x=\"%s\" y=\"%s\">%d,%d</text>\n", t(x, a),
                        t(y + 140, b), col, row);
        }
    fprintf(out, "</g>\n<g class=\"links\">\n");
    /* water courses, roads and tracks from centre to centre */
    for (int row = 0; row < h; row++)
        for (int col = 0; col < w; col++) {
            wr_hex hx, nb;
            int x, y, nx, ny, down = WR_NO_WATERCOURSE;
            unsigned flags = 0;
            (void)wr_hex_from_offset(col, row, &hx);
            center(hx, &x, &y);
            if (wr_map_watercourse(map, hx, &down, &flags) == WR_OK && down >= 0 &&
                wr_hex_neighbor(hx, down, &nb) == WR_OK) {
                center(nb, &nx, &ny);
                line(out, "watercourse", x, y, nx, ny);
                if (flags & WR_WATER_CATARACT) {
                    /* crossing bars: a short bar across the link's middle */
                    int mx = (x + nx) / 2, my = (y + ny) / 2, dx = (ny - y) / 4, dy = (x - nx) / 4;
                    line(out, "cataract", mx - dx, my - dy, mx + dx, my + dy);
                }
            }
            for (int d = 0; d < 3; d++) {
                wr_side side;
                if (wr_map_side(map, hx, d, &side) != WR_OK || wr_hex_neighbor(hx, d, &nb) != WR_OK)
                    continue;
                center(nb, &nx, &ny);
                if (side.road)
                    line(out, "road", x, y, nx, ny);
                else if (side.track)
                    line(out, "track", x, y, nx, ny);
            }
        }
    fprintf(out, "</g>\n<g class=\"rivers\">\n");
    for (int row = 0; row < h; row++)
        for (int col = 0; col < w; col++) {
            wr_hex hx;
            int x, y;
            (void)wr_hex_from_offset(col, row, &hx);
            center(hx, &x, &y);
            for (int d = 0; d < 3; d++) {
                wr_side side;
                if (wr_map_side(map, hx, d, &side) != WR_OK || side.river == WR_NO_RIVER)
                    continue;
                int x1 = x + corner_dx[side_a[d]], y1 = y + corner_dy[side_a[d]];
                int x2 = x + corner_dx[side_b[d]], y2 = y + corner_dy[side_b[d]];
                line(out, side.river == WR_RIVER_MAJOR ? "river major" : "river minor", x1, y1, x2,
                     y2);
                int mx = (x1 + x2) / 2, my = (y1 + y2) / 2;
                if (side.crossing == WR_CROSS_BRIDGE) {
                    char c1[16], c2[16];
                    fprintf(out, "<rect class=\"crossing bridge\" x=\"%s\" y=\"%s\" width=\"6\" height=\"6\"/>\n",
                            t(mx - 30, c1), t(my - 30, c2));
                } else if (side.crossing == WR_CROSS_FORD) {
                    circle(out, "crossing ford", mx, my, 30);
                } else if (side.crossing == WR_CROSS_FERRY) {
                    circle(out, "crossing ferry", (mx * 3 + x) / 4, (my * 3 + y) / 4, 20);
                    wr_hex nb;
                    int nx, ny;
                    if (wr_hex_neighbor(hx, d, &nb) == WR_OK) {
                        center(nb, &nx, &ny);
                        circle(out, "crossing ferry", (mx * 3 + nx) / 4, (my * 3 + ny) / 4, 20);
                    }
                }
            }
            unsigned features = 0;
            if (wr_map_features(map, hx, &features) == WR_OK && features) {
                if (features & WR_FEATURE_PORT)
                    circle(out, "port", x - 80, y - 60, 35);
                if (features & WR_FEATURE_CHANNEL)
                    circle(out, "channel", x, y, 120);
                if (features & WR_FEATURE_MUD_FLAT)
                    circle(out, "mudflat", x + 80, y - 60, 30);
            }
        }
    fprintf(out, "</g>\n");
    if (steps && n_steps > 0) {
        fprintf(out, "<g class=\"march\">\n<polyline class=\"route\" points=\"");
        for (size_t i = 0; i < n_steps; i++) {
            int x, y;
            center(steps[i].hex, &x, &y);
            fprintf(out, "%s%s,%s", i ? " " : "", t(x, a), t(y, b));
        }
        fprintf(out, "\"/>\n");
        for (size_t i = 0; i < n_steps; i++) {
            if (!(steps[i].flags & WR_STEP_NIGHT))
                continue;
            int x, y;
            center(steps[i].hex, &x, &y);
            fprintf(out, "<circle class=\"camp\" cx=\"%s\" cy=\"%s\" r=\"6\"><title>night of day %d",
                    t(x, a), t(y, b), steps[i].day);
            if (steps[i].nights > 1)
                fprintf(out, " (%d nights)", steps[i].nights);
            fprintf(out, "</title></circle>\n<text class=\"campday\" x=\"%s\" y=\"%s\">%d</text>\n",
                    t(x, a), t(y + 25, b), steps[i].day);
        }
        fprintf(out, "</g>\n");
    }
    fprintf(out, "</svg>\n");
}

void tool_svg_odds(FILE *out, const tool_odds_data *d)
{
    char a[16], b[16], c[16], e[16];
    int rows = WR_END_COUNT;
    int chart_h = 1200; /* each figures chart, tenths */
    int width = 6400;
    int height = 600 + rows * 220 + 2 * (chart_h + 700) + 200;
    fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%s\" height=\"%s\" ",
            t(width, a), t(height, b));
    fprintf(out, "viewBox=\"0 0 %s %s\">\n", t(width, a), t(height, b));
    fprintf(out, "<style>\n.bar{fill:#3b6fb6}.bar.end{fill:#b63b3b}\n"
                 "text{font:10px sans-serif}.title{font:bold 12px sans-serif}\n"
                 ".axis{stroke:#000;stroke-width:0.5}\n</style>\n");
    fprintf(out, "<title>melee odds</title>\n<text class=\"title\" x=\"20\" y=\"25\">");
    xml_text(out, d->name[0]);
    fprintf(out, " (a) against ");
    xml_text(out, d->name[1]);
    fprintf(out, " (b): exact odds, up to %d rounds</text>\n", d->rounds);
    int y = 600;
    for (int k = 0; k < rows; k++) {
        char pct[32];
        /* bar length: the probability of 4000 tenths, in whole tenths */
        int len = (int)((d->end[k] / UINT64_C(10000000000000)) * 4000 / 100000);
        uint64_t units = (d->end[k] + UINT64_C(50000000000000)) / UINT64_C(100000000000000);
        snprintf(pct, sizeof pct, "%u.%02u%%", (unsigned)(units / 100), (unsigned)(units % 100));
        fprintf(out, "<text x=\"20\" y=\"%s\">", t(y + 130, a));
        xml_text(out, d->end_label[k]);
        fprintf(out, "</text>\n<rect class=\"bar end\" x=\"200\" y=\"%s\" width=\"%s\" height=\"16\">"
                     "<title>%s</title></rect>\n",
                t(y, a), t(len, b), pct);
        fprintf(out, "<text x=\"%s\" y=\"%s\">%s</text>\n", t(2000 + len + 50, c), t(y + 130, e), pct);
        y += 220;
    }
    for (int s = 0; s < 2; s++) {
        y += 400;
        fprintf(out, "<text class=\"title\" x=\"20\" y=\"%s\">figures left to side %c (", t(y, a),
                'a' + s);
        xml_text(out, d->name[s]);
        fprintf(out, ")</text>\n");
        y += 100;
        int n = d->start[s] < 0 ? 0 : (d->start[s] > WR_ODDS_MAX_FIGURES ? WR_ODDS_MAX_FIGURES : d->start[s]);
        int slot = 5800 / (n + 1);
        int base = y + chart_h;
        line(out, "axis", 300, base, 300 + slot * (n + 1), base);
        for (int f = 0; f <= n; f++) {
            int hgt = (int)((d->figures[s][f] / UINT64_C(10000000000000)) * (uint64_t)chart_h / 100000);
            int x = 300 + f * slot;
            uint64_t units = (d->figures[s][f] + UINT64_C(50000000000000)) / UINT64_C(100000000000000);
            fprintf(out, "<rect class=\"bar\" x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\">"
                         "<title>%d figures: %u.%02u%%</title></rect>\n",
                    t(x + slot / 10, a), t(base - hgt, b), t(slot - slot / 5 > 1 ? slot - slot / 5 : 1, c),
                    t(hgt, e), f, (unsigned)(units / 100), (unsigned)(units % 100));
            if (n <= 40 || f % 10 == 0)
                fprintf(out, "<text x=\"%s\" y=\"%s\" text-anchor=\"middle\">%d</text>\n",
                        t(x + slot / 2, a), t(base + 120, b), f);
        }
        y = base + 200;
    }
    fprintf(out, "</svg>\n");
}

/* The mark of a hexside in the text map: crossings first, then rivers, then
   roads and tracks; `road` is the road mark of this side's direction. */
static char side_mark(const wr_map *map, wr_hex hx, int direction, char minor, char major,
                      char road)
{
    wr_side side;
    if (wr_map_side(map, hx, direction, &side) != WR_OK)
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
        char between[2 * WR_MAP_MAX_SIDE + 4];
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
    fprintf(out, "\nterrain: . clear  f forest  s swamp  h hills  m mountains  ~ sea  c coast  l lake\n"
                 "hexsides (between hexes and between rows): | _ minor river  ! # major river\n"
                 "  = bridge  : ford  %% ferry  - / \\ road  + track\n");
    if (steps && n_steps)
        fprintf(out, "route: A start  B end  * on the way  0-9 a night's camp (last digit of the day)\n");
}
