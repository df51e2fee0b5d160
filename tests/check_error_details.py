#!/usr/bin/env python3
"""Static check of the library's error details (src/core/error.h).

A failure's detail names an argument of the public function the caller
called (wr_last_error_detail: function, argument, value). For each public
function (WR_API in include/warrules/*.h) defined in src/ (src/tool is no part
of the library), this finds every detail argument written as a string literal
(WRI_FAIL, WRI_FAIL_VALUE, WRI_NULL, WRI_FAIL_HEX, wri_fail) in its body and
in every function it calls, directly or not, and checks that the argument is
one of the public function's parameters or a path from one (query->start->day,
passengers[3]). Names chosen at run time from a table (the force state's and
the move costs' field names) are not literals at the failing line: their
tables are checked by the CMocka tests (tests/invalid.h).

A helper shared by several public functions may fail only for some of them;
such a pair is listed in ALLOWED with the reason it cannot happen.
Exit status 0 when every detail is right, 1 with the list otherwise.

usage: check_error_details.py [SOURCE_DIR]
"""
import os
import re
import sys

# Failures of a helper that cannot reach a public function that calls it,
# by (helper, argument): the reason, checked in allowed().
HELPERS = {
    ("wri_allocator_init", "alloc->fn"):
        "a public function without an alloc parameter passes NULL, the default allocator",
    ("wr_rng_roll", "sides"):
        "the library rolls d4, d6, d8, d100 and a figure's dice of 2..1000 sides, all in range",
    ("wr_half_die", "d6"): "wr_half_die_rng passes its own d6 roll, 1..6",
    ("wr_getting_lost", "d100"): "wr_getting_lost_rng passes its own d100 roll, 1..100",
    ("dead_monster", "d8"): "wr_dead_monster_rng passes its own d8 roll, 1..8",
    ("wr_hit_chart_lookup", "d100"):
        "the fights look up rolled (or checked) d100 and d4 results; a chart's hole is renamed",
    ("wr_hit_chart_lookup", "d4"): "as d100",
    ("wr_wounds_add", "wound"): "the fights add a wound read from a hit chart, a valid one",
    ("wr_wounds_add", "wounds"): "renamed to the fight's handle by the round (WRI_PASS_ARG)",
    ("wri_melee_roll", "rolls"): "the rng forms (their wri_dice holds a wr_rng) never read rolls",
    ("wri_melee_roll", "n_rolls"): "as rolls",
    ("shield_wall_problem", "turn_cost"):
        "wr_movement_phase_declare_shield_wall passes costs->figures_turn, checked 0..48000 by check_costs first",
    ("set_spears_problem", "turn_cost"): "as shield_wall_problem",
    ("wr_profile_new_ex", "race"): "wr_profile_new_sample passes one of its sample races",
    ("merge_groups", "dice"):
        "wr_figure_add_damage's own; the ratings rename it to the crew member (WRI_PASS_ARG)",
    ("merge_groups", "bonus"): "as dice",
    ("unit_value_sum", "fate"):
        "the phase odds' figures answers pass by_fate 0, which checks figures, not a fate",
    ("unit_value_sum", "figures"): "the fate answers pass by_fate 1, which checks the fate",
}

# (public function, argument): why the failure never reaches it.
DANGER_RENAMED = "each force's failure is renamed forces[].params, forces[].query or forces[].from (pass_renamed)"
ALLOWED = {
    ("wr_planner_danger", "from"): DANGER_RENAMED,
    ("wr_planner_danger", "params->bridging_days"): DANGER_RENAMED,
    ("wr_planner_danger", "params->figures"): DANGER_RENAMED,
    ("wr_planner_danger", "params->mover"): DANGER_RENAMED,
    ("wr_planner_danger", "params->options"): DANGER_RENAMED,
    ("wr_planner_danger", "params->tide"): DANGER_RENAMED,
    ("wr_planner_danger", "params->traits"): DANGER_RENAMED,
    ("wr_planner_danger", "params->wind"): DANGER_RENAMED,
    ("wr_planner_danger", "query->blocked_hexes_size"): DANGER_RENAMED,
    ("wr_planner_danger", "query->blocked_sides_size"): DANGER_RENAMED,
    ("wr_planner_danger", "query->objective"): DANGER_RENAMED,
    ("wr_planner_danger", "query->start"): DANGER_RENAMED,
    ("wr_planner_prepare_landmarks", "from"):
        "its fields start from hexes it picks where the mover can be (next_hex())",
    ("wr_planner_intercept", "count"):
        "its field is always the map's width x height",
    ("wr_planner_intercept", "figures"):
        "the nights it waits and its rally day end with 0 figures and the half-die 2",
    ("wr_planner_intercept", "half_die"): "as figures",
    ("wr_planner_intercept", "force->day"):
        "the rally day of an unformed start: renamed query->start (pass_renamed)",
    ("wr_planner_intercept", "force->crossing_days"):
        "a start state in the middle of a crossing is refused before its rally",
    ("wr_planner_intercept", "force->points_spent"):
        "a start state that moved today ends its day before its rally",
    ("wr_planner_intercept", "to"):
        "the planned enemy's target is renamed enemy->to (pass_renamed); the force's target is a hex of its field",
}


def allowed(fn, helper, arg, params):
    """The reason a detail name outside fn's parameters is right, or None."""
    if (fn, arg) in ALLOWED:
        return ALLOWED[(fn, arg)]
    if (helper, arg) == ("wri_allocator_init", "alloc->fn") and "alloc" in params:
        return None
    if (helper, arg) in HELPERS and helper != fn:
        return HELPERS[(helper, arg)]
    return None


MODULES = ("core", "battlesystem", "melee", "campaign")
IDENT = re.compile(r"[A-Za-z_]\w*")


def strip_comments(text):
    """Comments out, string and character literals kept."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("/*", i):
            j = text.index("*/", i + 2)
            out.append(" " * 0 + "\n" * text.count("\n", i, j))
            i = j + 2
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif c in "\"'":
            j = i + 1
            while text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def blank_strings(text):
    return re.sub(r'"(\\.|[^"\\])*"', lambda m: '"' + "x" * (len(m.group(0)) - 2) + '"', text)


def public_params(root):
    params = {}
    for name in sorted(os.listdir(os.path.join(root, "include", "warrules"))):
        text = strip_comments(open(os.path.join(root, "include", "warrules", name)).read())
        for m in re.finditer(r"WR_API[^;{}]*?\b(wr_\w+)\s*\(([^;{}]*)\)\s*;", text):
            names = []
            for p in re.sub(r"\[[^]]*\]", "", m.group(2)).split(","):
                p = p.strip()
                if p and p != "void":
                    names.append(IDENT.findall(p)[-1])
            params[m.group(1)] = names
    return params


def split_args(text, start):
    """The top-level comma-separated arguments of the call whose '(' is at start."""
    depth, args, cur, i = 0, [], [], start
    while True:
        c = text[i]
        if c == '"':
            j = i + 1
            while text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            cur.append(text[i:j + 1])
            i = j + 1
            continue
        if c in "([{":
            depth += 1
            if depth == 1:
                i += 1
                continue
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                args.append("".join(cur).strip())
                return args
        elif c == "," and depth == 1:
            args.append("".join(cur).strip())
            cur = []
            i += 1
            continue
        cur.append(c)
        i += 1


def literals(expr):
    """The string literals of an expression (a ternary has two), adjacent ones joined."""
    found = re.findall(r'"(?:\\.|[^"\\])*"(?:\s*"(?:\\.|[^"\\])*")*', expr)
    return [re.sub(r'"\s*"', "", m)[1:-1] for m in found]


# detail macro -> index of its argument-name argument (FAIL_HEX: name + ".q")
DETAIL_CALLS = {"WRI_FAIL": 1, "WRI_FAIL_VALUE": 1, "WRI_NULL": 0, "wri_fail": 2, "WRI_FAIL_HEX": 2}


def functions(root):
    """name (a static one's: (file, name)) -> [(file, body)] of every function
    defined in the library's sources."""
    found = {}
    for module in MODULES:
        folder = os.path.join(root, "src", module)
        for name in sorted(os.listdir(folder)):
            if not name.endswith((".c", ".h")):
                continue
            path = os.path.join(folder, name)
            text = strip_comments(open(path).read())
            # drop preprocessor lines (macro bodies are expanded below by name)
            code = re.sub(r"^\s*#(?:[^\n]*\\\n)*[^\n]*", "", text, flags=re.M)
            blank = blank_strings(code)
            depth, i = 0, 0
            head_start = 0
            while i < len(blank):
                c = blank[i]
                if c == "{":
                    if depth == 0:
                        head = blank[head_start:i]
                        m = re.search(r"\b(\w+)\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)\s*$", head)
                        body_start = i
                    depth += 1
                elif c == "}":
                    depth -= 1
                    if depth == 0:
                        if m and not re.search(r"=\s*$", head):
                            static = re.search(r"\bstatic\b", head[-200:].split(";")[-1]) is not None
                            key = (path, m.group(1)) if static else m.group(1)
                            found.setdefault(key, []).append((path, code[body_start:i + 1]))
                        head_start = i + 1
                        m = None
                elif c == ";" and depth == 0:
                    head_start = i + 1
                i += 1
    return found


def macro_details(root):
    """Detail names written inside macros of the sources, by macro name."""
    out = {}
    for module in MODULES:
        folder = os.path.join(root, "src", module)
        for name in os.listdir(folder):
            if not name.endswith((".c", ".h")):
                continue
            text = strip_comments(open(os.path.join(folder, name)).read())
            for m in re.finditer(r"^\s*#\s*define\s+(\w+)\(([^)]*)\)((?:[^\n]*\\\n)*[^\n]*)", text, re.M):
                out[m.group(1)] = (m.group(2), m.group(3))
    return out


def details_in(body, own):
    """Detail names in a body; WRI_NULL's and WRI_NULLS's only in the public
    function's own body (the helpers' NULL checks see the pointers their callers pass)."""
    found = []
    for m in re.finditer(r"\b(WRI_FAIL_VALUE|WRI_FAIL_HEX|WRI_FAIL|WRI_NULLS|WRI_NULL|wri_fail)\s*\(",
                         body):
        args = split_args(body, m.end() - 1)
        if m.group(1) == "WRI_NULLS":  # each argument is a pointer's name
            if own:
                found.extend(a.strip() for a in args)
            continue
        k = DETAIL_CALLS[m.group(1)]
        if k >= len(args):
            continue
        expr = args[k]
        if m.group(1) == "WRI_NULL":
            if own:
                found.append(expr)
        else:
            found.extend(literals(expr))
    return found


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    params = public_params(root)
    defs = functions(root)
    bodies = {key: "\n".join(b for _, b in v) for key, v in defs.items()}
    where = {key: v[0][0] for key, v in defs.items()}
    macros = macro_details(root)
    calls = {}
    for key, body in bodies.items():
        path = where[key]
        called = set(re.findall(r"\b(\w+)\s*\(", blank_strings(body)))
        # a call goes to the static function of the same file, else the global one
        calls[key] = {(path, c) if (path, c) in bodies else c for c in called}
        calls[key] = {c for c in calls[key] if c in bodies and c != key}
    problems = []
    checked = 0
    for fn in sorted(params):
        if fn not in bodies:
            continue
        seen, todo = set(), [fn]
        while todo:
            f = todo.pop()
            if f in seen:
                continue
            seen.add(f)
            todo.extend(calls[f])
        for f in sorted(seen, key=str):
            args = details_in(bodies[f], f == fn)
            for mac, (formal, expansion) in macros.items():
                if "#" not in expansion or "WRI_FAIL" not in expansion:
                    continue
                for m in re.finditer(r"\b%s\s*\(" % mac, bodies[f]):
                    actual = split_args(bodies[f], m.end() - 1)
                    args.extend(a.strip() for a in actual[:1] if IDENT.match(a.strip()))
            name = f[1] if isinstance(f, tuple) else f
            for arg in args:
                if not arg:
                    continue
                checked += 1
                root_name = IDENT.match(arg)
                ok = root_name is not None and root_name.group(0) in params[fn]
                if not ok and allowed(fn, name, arg, params[fn]) is None:
                    problems.append("%s: detail argument \"%s\" (in %s, %s) is none of its parameters (%s)"
                                    % (fn, arg, name, os.path.relpath(where[f], root), ", ".join(params[fn])))
    for p in problems:
        print(p)
    print("check_error_details: %d public functions, %d detail names checked, %d wrong"
          % (sum(1 for f in params if f in bodies), checked, len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
