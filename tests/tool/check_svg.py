"""check_svg.py FILE CHECK...: FILE is well-formed XML with an <svg> root;
each CHECK is TAG.CLASS=N (exactly N elements of that tag having that class
word) or TAG.CLASS>=N."""
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"


def count(root, tag, cls):
    n = 0
    for el in root.iter(NS + tag):
        if cls in (el.get("class") or "").split():
            n += 1
    return n


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
