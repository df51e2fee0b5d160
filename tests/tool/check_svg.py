"""check_svg.py FILE CHECK...: FILE is well-formed XML with an <svg> root;
each CHECK is TAG.CLASS=N (exactly N elements of that tag having that class
word, outside the legend) or TAG.CLASS>=N."""
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"


def count(el, tag, cls):
    if cls != "legend" and "legend" in (el.get("class") or "").split():
        return 0  # the symbols drawn in a legend are not part of the picture
    n = 1 if el.tag == NS + tag and cls in (el.get("class") or "").split() else 0
    return n + sum(count(child, tag, cls) for child in el)


def main():
    root = ET.parse(sys.argv[1]).getroot()
    if root.tag != NS + "svg":
        print("root is", root.tag)
        return 1
    for check in sys.argv[2:]:
        op = ">=" if ">=" in check else "="
        left, right = check.split(op)
        tag, cls = left.split(".", 1)
        got, want = count(root, tag, cls), int(right)
        if (op == "=" and got != want) or (op == ">=" and got < want):
            print(f"{check}: found {got}")
            return 1
    return 0


sys.exit(main())
