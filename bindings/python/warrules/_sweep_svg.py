"""The heatmap of a sweep as SVG, in pure Python: one rect of class "cell"
per matchup (rows: side a's variants, columns: side b's), filled by side a's
win probability from blue (0%) through white (50%) to red (100%), each
with a <title>. A melee still going at the round cap counts as no win. Coordinates and colours are integers, so the same results
give the same bytes. `warrules sweep FILE --svg` (src/tool/sweep.c) draws
the same picture."""
from typing import Optional, Sequence, Tuple
from xml.sax.saxutils import escape

BLUE = (33, 102, 172)
WHITE = (247, 247, 247)
RED = (178, 24, 43)
ERROR_GREY = (150, 150, 150)
E18 = 10**18


def colour(permille: Optional[int]) -> str:
    """The fill of a win probability in per mille (0..1000)."""
    rgb: Tuple[int, ...]
    if permille is None:
        rgb = ERROR_GREY
    elif permille <= 500:
        rgb = tuple(b + (w - b) * permille // 500 for b, w in zip(BLUE, WHITE))
    else:
        rgb = tuple(w + (r - w) * (permille - 500) // 500 for w, r in zip(WHITE, RED))
    return "#%02x%02x%02x" % rgb


def percent(e18: int) -> str:
    """A probability in units of 10**-18 as a percent with two decimals,
    rounded down, in integers: "12.34"."""
    hundredths = e18 // 10**14
    return f"{hundredths // 100}.{hundredths % 100:02d}"


def heatmap(row_labels: Sequence[str], col_labels: Sequence[str],
            wins: Sequence[Sequence[Optional[int]]], title: str) -> str:
    """The SVG text. wins[r][c] is side a's win probability in units of
    10**-18, or None for a matchup the rules refuse."""
    nr, nc = len(row_labels), len(col_labels)
    cell = max(2, min(16, 960 // max(1, nr, nc)))
    labels = cell >= 8
    font = min(11, cell)
    left = 8 + (font * 6 // 10 * max((len(s) for s in row_labels), default=0) if labels else 0)
    top = 40 + (font * 6 // 10 * max((len(s) for s in col_labels), default=0) if labels else 0)
    width = max(left + nc * cell + 20, left + 440)
    height = top + nr * cell + 70
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">',
           f'<title>{escape(title)}</title>',
           # the cells on a dark frame, outlined when they are 8 px or more:
           # a cell near 50 % (near white) is set apart from the page
           '<style>.background{fill:#f5f0e6}.frame{fill:#404040}.cell{stroke:%s}'
           '.label{fill:#222}</style>' % ("#404040;stroke-width:1" if cell >= 8 else "none"),
           f'<rect class="background" x="0" y="0" width="{width}" height="{height}"/>',
           f'<text x="8" y="18" font-size="14">{escape(title)}</text>']
    if labels:
        for r, text in enumerate(row_labels):
            y = top + r * cell + cell * 3 // 4
            out.append(f'<text class="label row" x="{left - 4}" y="{y}" font-size="{font}" text-anchor="end">'
                       f'{escape(text)}</text>')
        for c, text in enumerate(col_labels):
            x = left + c * cell + cell * 3 // 4
            out.append(f'<text class="label col" x="{x}" y="{top - 4}" font-size="{font}" '
                       f'transform="rotate(-90 {x} {top - 4})">{escape(text)}</text>')
    out.append(f'<rect class="frame" x="{left - 2}" y="{top - 2}" width="{nc * cell + 4}" '
               f'height="{nr * cell + 4}"/>')
    for r in range(nr):
        for c in range(nc):
            p = wins[r][c]
            fill = colour(None if p is None else p // 10**15)
            tip = (f"{row_labels[r]} against {col_labels[c]}: "
                   + ("refused by the rules" if p is None else f"side a wins {percent(p)}%"))
            out.append(f'<rect class="cell" x="{left + c * cell}" y="{top + r * cell}" '
                       f'width="{cell}" height="{cell}" fill="{fill}"><title>{escape(tip)}</title></rect>')
    y = top + nr * cell + 20
    out.append(f'<rect class="frame" x="{left - 2}" y="{y - 2}" width="214" height="16"/>')
    for k in range(0, 101, 5):
        out.append(f'<rect class="legend" x="{left + k * 2}" y="{y}" width="10" height="12" '
                   f'fill="{colour(k * 10)}"/>')
    out.append(f'<text x="{left}" y="{y + 28}">0%</text>'
               f'<text x="{left + 100}" y="{y + 28}" text-anchor="middle">50%</text>'
               f'<text x="{left + 210}" y="{y + 28}" text-anchor="end">100%</text>'
               f'<text x="{left + 220}" y="{y + 10}">side a (rows) wins; columns: side b</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
