"""check_png.py SVG CHECK...: renders SVG to PNG with rsvg-convert and looks
at the pixels: what a player must see is there. Exit 77 (skipped) when
rsvg-convert is missing.

Checks:
  background      the corner pixel is the background colour (not transparent)
  legend          every symbol drawn (class sym-NAME) has a legend item
                  legend-NAME, and each legend item shows something beside
                  its text
  start=C,R       the start ring is drawn around hex C,R
  goal=C,R        the goal ring is drawn around hex C,R
  camps           every camp marker is visible (white disc) at its hex
  under           the route runs under the roads and fords it uses: where a
                  road or a ford lies on the route, its colour shows
  reach>=N        at least N hexes are coloured by day, as many as the SVG's
                  reach hexes, and the start hex has the colour of day 1
  days=N          the scale of days has N cells, in N different colours
  label=TEXT      a label reading TEXT ('_' for a blank) is drawn, visible
  axes            every axis line of the odds chart is drawn dark
  bars            every bar of the odds chart shows its colour and a percentage
  coords          hex coordinates are at least 9 px, drawn under every marker
                  and line (before them in the file), and readable on every
                  terrain: dark text on a light halo in at least 4 of 5 hexes
                  of each terrain drawn
  days-apart[=D]  every colour of the scale of days, and every reached hex as
                  drawn, is at least D (default 60) apart in RGB from every
                  terrain fill (the map's and the move's) and from the start
                  and goal colours
  heatmap-mid     in the sweep's heatmap, every cell near 50 % (near the
                  scale's middle colour) and the legend's 50 % are set apart
                  by an outline or frame at least 60 apart in RGB from them
  move-marks      in the move picture, the obstacle bars and the line where
                  the movement ends differ in colour (at least 60 apart) and
                  in dash, both are drawn in their colours, and each has its
                  own legend item showing it
  labels-clear    no label's plate meets a camp, start or goal marker or
                  another label, and the label's text stays on its plate
"""
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
import zlib

NS = "{http://www.w3.org/2000/svg}"
BACKGROUND = (0xF5, 0xF0, 0xE6)
START = (0x00, 0xA6, 0x51)
GOAL = (0xD0, 0x1C, 0x8B)
# tactical_fill[] of src/tool/svg.c: the move picture's terrain colours
TACTICAL = ("#d9ecb0", "#c9a66b", "#3f8f3f", "#a08c6e", "#7fa38f", "#4f86c6")


def read_png(path):
    """(width, height, rows of RGB tuples) of an 8-bit RGB or RGBA PNG."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            width, height, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or ctype not in (2, 6) or interlace:
                raise ValueError("unsupported PNG")
            bpp = 4 if ctype == 6 else 3
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 255
        rows.append(line)
        prev = line
    return width, height, bpp, rows


class Picture:
    def __init__(self, svg_path, png_path):
        self.root = ET.parse(svg_path).getroot()
        self.w, self.h, self.bpp, self.rows = read_png(png_path)

    def pixel(self, x, y):
        x, y = int(round(x)), int(round(y))
        x = min(max(x, 0), self.w - 1)
        y = min(max(y, 0), self.h - 1)
        p = self.rows[y][x * self.bpp:x * self.bpp + 3]
        if self.bpp == 4 and self.rows[y][x * 4 + 3] < 250:
            return None  # transparent
        return tuple(p)


def near(p, want, tol=40):
    return p is not None and all(abs(a - b) <= tol for a, b in zip(p, want))


def distance(p, q):
    """The distance of two colours in RGB."""
    return sum((a - b) ** 2 for a, b in zip(p, q)) ** 0.5


def css(root):
    """{selector: {property: value}} of the picture's <style> rules."""
    rules = {}
    text = "".join(el.text or "" for el in root.iter(NS + "style"))
    for selector, body in re.findall(r"([^{}]+)\{([^}]*)\}", text):
        props = dict(p.split(":", 1) for p in body.split(";") if ":" in p)
        rules[selector.strip()] = {k.strip(): v.strip() for k, v in props.items()}
    return rules


def font_px(rule):
    m = re.search(r"(\d+(?:\.\d+)?)px", rule.get("font", rule.get("font-size", "")))
    return float(m.group(1)) if m else 0.0


def hexcolour(s):
    if len(s) == 4:  # #rgb
        return tuple(17 * int(c, 16) for c in s[1:])
    return tuple(int(s[i:i + 2], 16) for i in (1, 3, 5))


def classes(el):
    return (el.get("class") or "").split()


def walk(el, in_legend=False):
    """(element, inside the legend) for every element."""
    inside = in_legend or "legend" in classes(el)
    yield el, inside
    for child in el:
        yield from walk(child, inside)


def hex_centres(root):
    """{'C,R': (x, y, fill)} from the terrain polygons."""
    out = {}
    for el, legend in walk(root):
        if legend or el.tag != NS + "polygon" or "hex" not in classes(el):
            continue
        title = el.find(NS + "title")
        pts = [tuple(map(float, p.split(","))) for p in el.get("points").split()]
        x = sum(p[0] for p in pts) / len(pts)
        y = sum(p[1] for p in pts) / len(pts)
        out[title.text.split()[0]] = (x, y, hexcolour(el.get("fill")))
    return out


def fail(msg):
    print(msg)
    sys.exit(1)


def check_background(pic, _):
    if not near(pic.pixel(2, 2), BACKGROUND, 4):
        fail(f"background: corner pixel is {pic.pixel(2, 2)}")


def check_legend(pic, _):
    drawn, items = set(), {}
    for el, legend in walk(pic.root):
        for c in classes(el):
            if c.startswith("sym-") and not legend:
                drawn.add(c[4:])
        if el.tag == NS + "g" and "legend-item" in classes(el):
            items[el.get("id")[len("legend-"):]] = el
    missing = sorted(drawn - set(items))
    if missing:
        fail(f"legend: no legend item for {missing}")
    if not items:
        fail("legend: no legend")
    for name, g in items.items():
        label = [t for t in g.iter(NS + "text") if "legend-text" in classes(t) or "value" in classes(t)]
        if not label or not (label[-1].text or "").strip():
            fail(f"legend: item {name} has no text")
        tx, ty = float(label[-1].get("x")), float(label[-1].get("y"))
        # something drawn left of the text, on its row
        seen = any(not near(pic.pixel(x, y), (255, 255, 255), 12)
                   for x in range(int(tx) - 45, int(tx) - 8)
                   for y in range(int(ty) - 9, int(ty) + 3))
        if not seen:
            fail(f"legend: item {name} shows no symbol")


def ring_at(pic, where, colour, name):
    centres = hex_centres(pic.root)
    if where not in centres:
        fail(f"{name}: no hex {where}")
    x, y, _ = centres[where]
    hits = sum(near(pic.pixel(x + dx, y + dy), colour)
               for dx, dy in ((12, 0), (-12, 0), (0, 12), (0, -12)))
    if hits < 3:
        fail(f"{name}: no {name} ring around hex {where} ({hits} of 4 points)")


def check_start(pic, where):
    ring_at(pic, where, START, "start")


def check_goal(pic, where):
    ring_at(pic, where, GOAL, "goal")


def check_camps(pic, _):
    n = 0
    for el, legend in walk(pic.root):
        if legend or el.tag != NS + "circle" or "camp" not in classes(el):
            continue
        x, y, r = (float(el.get(k)) for k in ("cx", "cy", "r"))
        if not near(pic.pixel(x - 0.75 * r, y), (255, 255, 255), 30):
            fail(f"camps: the camp at {x},{y} is hidden")
        n += 1
    if n == 0:
        fail("camps: none drawn")


def on_segment(px, py, x1, y1, x2, y2):
    dx, dy = x2 - x1, y2 - y1
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return False
    k = ((px - x1) * dx + (py - y1) * dy) / length2
    if k < 0 or k > 1:
        return False
    return abs((px - x1) * dy - (py - y1) * dx) / length2 ** 0.5 < 1.0


def check_under(pic, _):
    route = []
    roads, fords = [], []
    for el, legend in walk(pic.root):
        if legend:
            continue
        c = classes(el)
        if el.tag == NS + "line" and "route-day" in c:
            route.append(tuple(float(el.get(k)) for k in ("x1", "y1", "x2", "y2")))
        elif el.tag == NS + "line" and "road" in c:
            roads.append(tuple(float(el.get(k)) for k in ("x1", "y1", "x2", "y2")))
        elif el.tag == NS + "circle" and "ford" in c:
            fords.append((float(el.get("cx")), float(el.get("cy"))))
    checked = 0
    for x1, y1, x2, y2 in roads:
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        if any(on_segment(mx, my, *seg) for seg in route):
            # a quarter of the way, clear of the camp markers at the centres
            qx, qy = (3 * x1 + x2) / 4, (3 * y1 + y2) / 4
            if not near(pic.pixel(qx, qy), (0x7A, 0x4A, 0x1A), 45):
                fail(f"under: the road at {qx:.1f},{qy:.1f} is hidden by the route: {pic.pixel(qx, qy)}")
            checked += 1
    for fx, fy in fords:
        if any(on_segment(fx, fy, *seg) for seg in route):
            if not near(pic.pixel(fx, fy), (255, 255, 255), 30):
                fail(f"under: the ford at {fx},{fy} is hidden by the route: {pic.pixel(fx, fy)}")
            checked += 1
    if checked == 0:
        fail("under: the route uses no road or ford here")


def check_reach(pic, want):
    centres = hex_centres(pic.root)
    overlays = {}
    for el, legend in walk(pic.root):
        if not legend and el.tag == NS + "polygon" and "reach" in classes(el):
            title = el.find(NS + "title").text
            overlays[title.split()[0]] = (hexcolour(el.get("fill")), int(title.split()[-1]))
    coloured = []
    for where, (x, y, fill) in centres.items():
        p = pic.pixel(x, y - 8)
        if not near(p, fill, 20):
            coloured.append(where)
            if where not in overlays:
                fail(f"reach: hex {where} is coloured without being reached: {p}")
            colour, _day = overlays[where]
            alpha = float(css(pic.root).get(".reach", {}).get("fill-opacity", "1"))
            blend = tuple(round(alpha * a + (1 - alpha) * b) for a, b in zip(colour, fill))
            if not near(p, blend, 20):
                fail(f"reach: hex {where} is {p}, not its day's colour {blend}")
    if len(coloured) != len(overlays) or len(coloured) < int(want):
        fail(f"reach: {len(coloured)} hexes coloured, {len(overlays)} reached, want >= {want}")
    day1 = [w for w, (_, d) in overlays.items() if d == 1]
    if not day1:
        fail("reach: no hex reached on day 1 (the start)")


def check_days(pic, want):
    cells = []
    for el, legend in walk(pic.root):
        if el.tag == NS + "rect" and "day-scale" in classes(el):
            x, y, w, h = (float(el.get(k)) for k in ("x", "y", "width", "height"))
            cells.append(pic.pixel(x + w / 2, y + h / 2))
    if len(cells) != int(want):
        fail(f"days: {len(cells)} cells in the scale of days, want {want}")
    if len(set(cells)) != len(cells) or None in cells:
        fail(f"days: the cells do not show {want} different colours: {cells}")


def check_axes(pic, _):
    n = 0
    for el, legend in walk(pic.root):
        if el.tag == NS + "line" and "axis" in classes(el):
            x1, y1, x2, y2 = (float(el.get(k)) for k in ("x1", "y1", "x2", "y2"))
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            around = [pic.pixel(mx + dx, my + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
            p = min((q for q in around if q), key=sum, default=None)
            if p is None or max(p) > 90:
                fail(f"axes: the axis at {x1},{y1}-{x2},{y2} is not drawn: {p}")
            n += 1
    if n < 3:
        fail(f"axes: {n} axis lines")


def check_bars(pic, _):
    texts = [t.text or "" for t in pic.root.iter(NS + "text")]
    percents = [t for t in texts if re.fullmatch(r"\d+\.\d\d%", t)]
    bars = 0
    for el, legend in walk(pic.root):
        if legend or el.tag != NS + "rect" or "bar" not in classes(el):
            continue
        x, y, w, h = (float(el.get(k)) for k in ("x", "y", "width", "height"))
        want = (0xB6, 0x3B, 0x3B) if "end" in classes(el) else (0x3B, 0x6F, 0xB6)
        if w >= 3 and h >= 3:
            if not near(pic.pixel(x + w / 2, y + h / 2), want, 10):
                fail(f"bars: the bar at {x},{y} is not drawn")
            bars += 1
    ends = [el for el in pic.root.iter(NS + "rect") if "end" in classes(el)]
    if bars < 3 or len(percents) < len(ends) - 1:
        fail(f"bars: {bars} bars seen, {len(percents)} percentages")


def fonts_render(pic):
    """Whether rsvg-convert drew text at all (it draws none without fonts):
    the title must leave dark pixels."""
    for el in pic.root.iter(NS + "text"):
        if "title" in classes(el):
            x, y = float(el.get("x")), float(el.get("y"))
            return any(max(pic.pixel(px, py) or (255,)) < 100
                       for px in range(int(x), int(x) + 60) for py in range(int(y) - 9, int(y) + 1))
    return False


def check_label(pic, want):
    want = want.replace("_", " ")
    if not fonts_render(pic):
        print("note: no fonts for rsvg-convert, label pixels not checked")
        if not any((el.text or "") == want for el in pic.root.iter(NS + "text")):
            fail(f"label: no label '{want}'")
        return
    for el, legend in walk(pic.root):
        if legend or el.tag != NS + "text" or (el.text or "") != want:
            continue
        x, y = float(el.get("x")), float(el.get("y"))
        width = 4.4 * len(want)  # bold 8px
        left = x if "beside" in classes(el) else x - width / 2
        dark = sum(near(pic.pixel(px, py), (0x66, 0, 0), 70)
                   for px in range(int(left), int(left + width))
                   for py in range(int(y) - 6, int(y) + 1))
        if dark < 5:
            fail(f"label: '{want}' is not visible at {x},{y}")
        return
    fail(f"label: no label '{want}'")


def legend_free(root):
    """The elements outside the legend, in document order."""
    return [el for el, legend in walk(root) if not legend]


def check_coords(pic, _):
    rule = css(pic.root).get(".coord", {})
    if font_px(rule) < 9:
        fail(f"coords: the coordinates are {font_px(rule)} px, want 9 px or more")
    names = [el.get("class") or "" for el in legend_free(pic.root) if el.tag == NS + "g"]
    if "coords" not in names:
        fail("coords: no coordinates drawn")
    later = ("watercourses", "march", "links", "rivers", "crossings", "marks")
    if any(n in names and names.index(n) < names.index("coords") for n in later):
        fail(f"coords: the coordinates are drawn over markers or lines ({names})")
    if not fonts_render(pic):
        print("note: no fonts for rsvg-convert, coordinate pixels not checked")
        return
    centres = hex_centres(pic.root)
    seen, readable = {}, {}
    for el in legend_free(pic.root):
        if el.tag != NS + "text" or "coord" not in classes(el):
            continue
        where = el.text
        if where not in centres:
            fail(f"coords: a coordinate '{where}' names no hex")
        fill = centres[where][2]
        x, y = float(el.get("x")), float(el.get("y"))
        half = 0.3 * 9 * len(where)
        box = [pic.pixel(px, py) for px in range(int(x - half), int(x + half) + 1)
               for py in range(int(y) - 7, int(y) + 1)]
        dark = sum(1 for p in box if p and max(p) < 110)
        light = sum(1 for p in box if p and min(p) > 225)
        seen[fill] = seen.get(fill, 0) + 1
        readable[fill] = readable.get(fill, 0) + (dark >= 6 and light >= 6)
    for fill, n in seen.items():
        if readable[fill] * 5 < n * 4:
            fail(f"coords: {n - readable[fill]} of {n} coordinates on terrain {fill} "
                 "are not dark on a light halo")


def check_days_apart(pic, arg):
    least = float(arg or 60)
    days = []
    for el, legend in walk(pic.root):
        if el.tag == NS + "rect" and "day-scale" in classes(el):
            x, y, w, h = (float(el.get(k)) for k in ("x", "y", "width", "height"))
            days.append(pic.pixel(x + w / 2, y + h / 2))
    if not days or None in days:
        fail(f"days-apart: no scale of days drawn: {days}")
    fills = {hexcolour(el.get("fill")) for el in pic.root.iter(NS + "polygon")
             if "hex" in classes(el) and el.get("fill")}
    others = sorted(fills | {hexcolour(c) for c in TACTICAL} | {START, GOAL})
    for d, colour in enumerate(days, 1):
        for other in others:
            if distance(colour, other) < least:
                fail(f"days-apart: day {d} {colour} is {distance(colour, other):.0f} from "
                     f"{other}, want {least:.0f} or more")
    centres = hex_centres(pic.root)
    for el in legend_free(pic.root):
        if el.tag == NS + "polygon" and "reach" in classes(el):
            where = el.find(NS + "title").text.split()[0]
            x, y, _ = centres[where]
            p = pic.pixel(x, y - 8)
            for other in fills:
                if distance(p, other) < least:
                    fail(f"days-apart: hex {where} reached is drawn {p}, "
                         f"{distance(p, other):.0f} from the terrain {other}")


def check_heatmap_mid(pic, _):
    legend = [el for el in pic.root.iter(NS + "rect") if "legend" in classes(el)]
    cells = [el for el in pic.root.iter(NS + "rect") if "cell" in classes(el)]
    if len(legend) != 21 or not cells:
        fail(f"heatmap-mid: {len(legend)} legend cells, {len(cells)} cells")
    mid = hexcolour(legend[10].get("fill"))
    size = float(cells[0].get("width"))
    spots = {(float(c.get("x")), float(c.get("y"))) for c in cells}

    def apart(x, y, w, h, sides):
        """Each side of the cell x, y, w, h shows, at one of the pixels on its
        edge, a colour at least 60 from the cell's middle."""
        inside = pic.pixel(x + w / 2, y + h / 2)
        for name, (px, py) in sides:
            best = max(distance(inside, pic.pixel(px + ox, py + oy))
                       for ox, oy in ((0, 0), (-1, 0), (0, -1)))
            if best < 60:
                fail(f"heatmap-mid: the cell at {x},{y} ({inside}) is not set apart on its {name} "
                     f"side: {best:.0f} from what surrounds it")

    near_mid = 0
    for c in cells:
        if distance(hexcolour(c.get("fill")), mid) > 40:
            continue
        x, y, w, h = (float(c.get(k)) for k in ("x", "y", "width", "height"))
        sides = []
        for name, (dx, dy), edge in (("left", (-w, 0), (x, y + h / 2)),
                                     ("right", (w, 0), (x + w, y + h / 2)),
                                     ("top", (0, -h), (x + w / 2, y)),
                                     ("bottom", (0, h), (x + w / 2, y + h))):
            if (x + dx, y + dy) in spots and size < 8:
                continue  # small cells touch: the frame sets the grid apart
            sides.append((name, edge))
        apart(x, y, w, h, sides)
        near_mid += 1
    # the legend's 50 %: a stripe 2 px wide, the frame above and below it
    el = legend[10]
    x, y, h = float(el.get("x")), float(el.get("y")), float(el.get("height"))
    apart(x, y, 2, h, [("top", (x + 1, y)), ("bottom", (x + 1, y + h + 1))])
    if near_mid == 0:
        print("note: no cell near 50 %; only the legend checked")


def check_move_marks(pic, _):
    rules = css(pic.root)
    ob, ends = rules.get(".obstacle", {}), rules.get(".ends", {})
    if "stroke" not in ob or "stroke" not in ends:
        fail("move-marks: no style for .obstacle or .ends")
    co, ce = hexcolour(ob["stroke"]), hexcolour(ends["stroke"])
    if distance(co, ce) < 60:
        fail(f"move-marks: the obstacle {co} and the end {ce} are {distance(co, ce):.0f} apart")
    if ("stroke-dasharray" in ob) == ("stroke-dasharray" in ends):
        fail("move-marks: the obstacle and the end are both dashed or both solid")
    drawn = {"obstacle": 0, "ends": 0}
    for el in legend_free(pic.root):
        c = classes(el)
        kind = "obstacle" if "obstacle" in c else ("ends" if "ends" in c else None)
        if el.tag != NS + "line" or kind is None:
            continue
        x1, y1, x2, y2 = (float(el.get(k)) for k in ("x1", "y1", "x2", "y2"))
        want = co if kind == "obstacle" else ce
        hits = sum(near(pic.pixel(x1 + (x2 - x1) * k / 20, y1 + (y2 - y1) * k / 20), want, 35)
                   for k in range(21))
        if hits < 5:
            fail(f"move-marks: the {kind} line at {x1},{y1} is not drawn in {want}")
        drawn[kind] += 1
    if not all(drawn.values()):
        fail(f"move-marks: drawn {drawn}; the move needs an obstacle and an end of the movement")
    items = {el.get("id"): el for el in pic.root.iter(NS + "g") if "legend-item" in classes(el)}
    for kind in drawn:
        item = items.get("legend-" + kind)
        if item is None or not any(kind in classes(e) for e in item):
            fail(f"move-marks: no legend item showing the {kind}")


def check_labels_clear(pic, _):
    rules = css(pic.root)

    def stroke(el):
        for c in classes(el):
            w = rules.get("." + c, {}).get("stroke-width")
            if w:
                return float(w)
        return 1.0

    markers, plates, leaders = [], [], []
    for el in legend_free(pic.root):
        c = classes(el)
        if el.tag == NS + "circle" and ({"camp", "start", "goal"} & set(c)):
            x, y = float(el.get("cx")), float(el.get("cy"))
            r = float(el.get("r")) + stroke(el) / 2
            markers.append((c[0], (x - r, y - r, x + r, y + r)))
        elif el.tag == NS + "rect" and "label-plate" in c:
            x, y, w, h = (float(el.get(k)) for k in ("x", "y", "width", "height"))
            plates.append((x, y, x + w, y + h))
        elif el.tag == NS + "line" and "leader" in c:
            leaders.append(tuple(float(el.get(k)) for k in ("x1", "y1", "x2", "y2")))
    labels = [el for el in legend_free(pic.root) if el.tag == NS + "text" and "wait" in classes(el)]
    if not labels:
        fail("labels-clear: no labels")
    if len(plates) != len(labels):
        fail(f"labels-clear: {len(labels)} labels, {len(plates)} plates")

    def meet(a, b):
        return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]

    for i, (el, plate) in enumerate(zip(labels, plates)):
        for kind, box in markers:
            if meet(plate, box):
                fail(f"labels-clear: the label '{el.text}' covers a {kind} marker")
        for other in plates[i + 1:]:
            if meet(plate, other):
                fail(f"labels-clear: the label '{el.text}' meets another label")
        x, y = float(el.get("x")), float(el.get("y"))
        if not (plate[0] <= x and plate[1] <= y - 6 and y <= plate[3]):
            fail(f"labels-clear: the label '{el.text}' is not on its plate")
    if not fonts_render(pic):
        print("note: no fonts for rsvg-convert, label extents not checked")
        return
    for el, (x0, y0, x1, y1) in zip(labels, plates):
        # the text's own colour just beside the plate: the text runs off it
        for px in list(range(int(x1) + 2, int(x1) + 6)) + list(range(int(x0) - 5, int(x0) - 1)):
            for py in range(int(y0) + 1, int(y1)):
                if any(on_segment(px, py, *seg) or on_segment(px + 1, py, *seg) for seg in leaders):
                    continue
                if near(pic.pixel(px, py), (0x66, 0, 0), 40):
                    fail(f"labels-clear: the label '{el.text}' runs off its plate at {px},{py}")


CHECKS = {"label": check_label, "background": check_background, "legend": check_legend, "start": check_start,
          "goal": check_goal, "camps": check_camps, "under": check_under, "reach": check_reach,
          "days": check_days, "axes": check_axes, "bars": check_bars, "coords": check_coords,
          "days-apart": check_days_apart, "heatmap-mid": check_heatmap_mid,
          "move-marks": check_move_marks, "labels-clear": check_labels_clear}


def main():
    rsvg = os.environ.get("RSVG_CONVERT") or shutil.which("rsvg-convert")
    if not rsvg:
        print("skipped: rsvg-convert is missing (Debian: apt-get install librsvg2-bin)")
        return 77
    svg = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        png = os.path.join(tmp, "picture.png")
        subprocess.run([rsvg, "-b", "none", svg, "-o", png], check=True)
        pic = Picture(svg, png)
        for check in sys.argv[2:]:
            name, _, arg = check.replace(">=", "=").partition("=")
            CHECKS[name](pic, arg)
    return 0


sys.exit(main())
