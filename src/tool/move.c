/* warrules move: an AD&D Battlesystem unit's Movement Phase ([11.6]-[11.8]):
   its formation, the actions of the phase in the order given (changes of
   order and facing, wheels, a shield wall or set spears, the next phase)
   with what each costs, then the legs of the move through Table 14's
   terrain, what they cost, whether the move is legal and how far the unit
   gets; as text, JSON or a picture. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "lex.h"
#include "svg.h"
#include "tool.h"

#define MOVE_MAX_LEGS 64
#define MOVE_MAX_ACTIONS 64

static const char *const terrain_names[WR_TERRAIN_COUNT] = {"clear", "road",  "woods",
                                                            "rough", "swamp", "water"};
static const char *const type_names[3] = {"foot", "cavalry", "chariot"};
static const char *const trait_names[4] = {"woodland", "mountain", "swamp", "aquatic"};
static const char *const side_names[4] = {"front", "left", "right", "rear"};
static const char *const problem_texts[] = {
    "legal",
    "an all-round shield wall or set spears cannot move [11.6], [11.7]",
    "charges may not go uphill [11.8]",
    "charges may not cross obstacles [11.8]",
    "only single creatures or characters charge in or into woods [11.8]",
    "only all-aquatic or amphibious units enter water [11.8]",
    "no closed formation in woods, rough, swamp or water [11.8]",
    "it costs more than the movement left [11.8]"};
static const char *const declare_texts[] = {
    "",
    "the unit is not in command",
    "the unit is not in closed formation",
    "it lacks the equipment (large shields, or spears or pikes)",
    "the unit has moved",
    "the unit is already in a special formation",
    "no movement left to turn figures"};

static int usage(FILE *f)
{
    fprintf(f,
            "usage: warrules move [--mv N] [--figures N] [--frontage N] [--order open|closed]\n"
            "                     [--facing DEG] [--type foot|cavalry|chariot] [--shields]\n"
            "                     [--spears] [--traits LIST] [--standing TERRAIN]\n"
            "                     [--no-command] [--order-cost N/D] [--turn-cost N/D]\n"
            "                     [--figures-turn P] [ACTION]...\n"
            "                     [--leg TERRAIN:INCHES[:OBSTACLES[:RISES]]]...\n"
            "                     [--charge] [--on-road] [--json] [--svg FILE]\n\n"
            "An AD&D Battlesystem unit's Movement Phase (chapter 11): the phase begins with\n"
            "the unit's order and command recorded; the actions follow in the order given,\n"
            "each charged to the phase's movement; then the legs of the move through Table\n"
            "14's terrain [11.8], what they cost in move points (48 an inch of clear terrain\n"
            "per point of MV), whether the rules allow it and where the movement ends.\n\n"
            "  --mv N               movement rate, inches per Game Round, 0..1000 (default 12)\n"
            "  --figures N          figures, 1..100000 (default 20); --frontage N (default 5)\n"
            "  --order O            open or closed (default closed)\n"
            "  --facing DEG         degrees clockwise from the map's north, 0..359 (default 0)\n"
            "  --type T             foot (default), cavalry, chariot\n"
            "  --shields, --spears  large shields; spears or pikes\n"
            "  --traits LIST        woodland, mountain, swamp, aquatic (Table 14)\n"
            "  --standing TERRAIN   where the unit stands (default clear): no closed order in\n"
            "                       woods, rough, swamp or water [11.8]\n"
            "  --no-command         the unit is not in command\n"
            "  --order-cost N/D     a change of order costs N/D of the movement rate (1/2)\n"
            "  --turn-cost N/D      each change of facing up to 90 degrees: N/D (1/2)\n"
            "  --figures-turn P     move points for figures turning to face another side\n"
            "                       (default 1) [11.6], [11.7]\n"
            "ACTION, in the order given:\n"
            "  --shield-wall W      declare a shield wall: front or all-round [11.6]\n"
            "  --set-spears SIDES   declare set spears on front, left, right, rear [11.7]\n"
            "  --change-order O     change to open or closed order\n"
            "  --turn DEG           change facing, -180..180 degrees clockwise\n"
            "  --wheel DEG:IN[:T]   wheel DEG degrees, the outer flank going IN inches\n"
            "                       through terrain T (default clear)\n"
            "  --next-phase         the unit's next Movement Phase begins\n"
            "  -l, --leg T:IN[:O[:R]]  a leg: terrain (clear, road, woods, rough, swamp, water),\n"
            "                       inches (up to two decimals), obstacles, 10-foot rises\n"
            "  --charge, --on-road  the move is a charge; the whole unit stays on the road\n"
            "  -j, --json           JSON output\n"
            "  --svg FILE           draw the formation and the move ('-': standard output)\n");
    return TOOL_OK;
}

enum {
    M_MV,
    M_FIGURES,
    M_FRONTAGE,
    M_ORDER,
    M_FACING,
    M_TYPE,
    M_SHIELDS,
    M_SPEARS,
    M_TRAITS,
    M_SHIELD_WALL,
    M_SET_SPEARS,
    M_LEG,
    M_CHARGE,
    M_ON_ROAD,
    M_JSON,
    M_SVG,
    M_STANDING,
    M_NO_COMMAND,
    M_CHANGE_ORDER,
    M_TURN,
    M_WHEEL,
    M_NEXT_PHASE,
    M_ORDER_COST,
    M_TURN_COST,
    M_FIGURES_TURN
};
static const tool_optdef move_options[] = {
    {"mv", 0, 1},          {"figures", 0, 1},     {"frontage", 0, 1},     {"order", 0, 1},
    {"facing", 0, 1},      {"type", 0, 1},        {"shields", 0, 0},      {"spears", 0, 0},
    {"traits", 0, 1},      {"shield-wall", 0, 1}, {"set-spears", 0, 1},   {"leg", 'l', 1},
    {"charge", 0, 0},      {"on-road", 0, 0},     {"json", 'j', 0},       {"svg", 0, 1},
    {"standing", 0, 1},    {"no-command", 0, 0},  {"change-order", 0, 1}, {"turn", 0, 1},
    {"wheel", 0, 1},       {"next-phase", 0, 0},  {"order-cost", 0, 1},   {"turn-cost", 0, 1},
    {"figures-turn", 0, 1}};

/* A word of names[0..n-1]; -1 when none. */
static int word(const char *s, size_t len, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        if (strlen(names[i]) == len && strncmp(s, names[i], len) == 0)
            return i;
    return -1;
}

/* A list of words separated by commas into bits; 0 when a word is unknown. */
static int word_bits(const char *s, const char *const *names, int n, unsigned *bits)
{
    *bits = 0;
    while (*s) {
        size_t len = strcspn(s, ",");
        int w = word(s, len, names, n);
        if (w < 0)
            return 0;
        *bits |= 1u << w;
        s += len;
        if (*s == ',')
            s++;
    }
    return *bits != 0;
}

/* Inches with up to two decimals, as twelfths of an inch (rounded down). */
static int inches(const char *s, size_t len, int *twelfths)
{
    long long whole = 0, hundredths = 0;
    size_t dot = 0;
    while (dot < len && s[dot] != '.')
        dot++;
    if (dot == 0 || dot > 6)
        return 0;
    for (size_t i = 0; i < dot; i++) {
        if (s[i] < '0' || s[i] > '9')
            return 0;
        whole = whole * 10 + (s[i] - '0');
    }
    if (dot < len) {
        size_t digits = len - dot - 1;
        if (digits < 1 || digits > 2)
            return 0;
        for (size_t i = dot + 1; i < len; i++) {
            if (s[i] < '0' || s[i] > '9')
                return 0;
            hundredths = hundredths * 10 + (s[i] - '0');
        }
        if (digits == 1)
            hundredths *= 10;
    }
    long long t = whole * WR_LEN_PER_INCH + hundredths * WR_LEN_PER_INCH / 100;
    if (t > 120000)
        return 0;
    *twelfths = (int)t;
    return 1;
}

/* TERRAIN:INCHES[:OBSTACLES[:RISES]]; an empty part is 0. */
static int parse_leg(const char *s, wr_tactical_leg *leg)
{
    const char *part[4] = {NULL, NULL, NULL, NULL};
    size_t len[4] = {0, 0, 0, 0};
    int n = 0;
    for (const char *p = s; n < 4; n++) {
        part[n] = p;
        len[n] = strcspn(p, ":");
        p += len[n];
        if (*p != ':') {
            n++;
            break;
        }
        p++;
        if (n == 3)
            return 0; /* a fifth part */
    }
    if (n < 2)
        return 0;
    int t = word(part[0], len[0], terrain_names, WR_TERRAIN_COUNT);
    long long o = 0, r = 0;
    memset(leg, 0, sizeof *leg);
    if (t < 0 || !inches(part[1], len[1], &leg->length))
        return 0;
    if (n > 2 && len[2] > 0 && !tool_tok_int(part[2], len[2], 0, 100, &o))
        return 0;
    if (n > 3 && len[3] > 0 && !tool_tok_int(part[3], len[3], 0, 100, &r))
        return 0;
    leg->terrain = (wr_terrain)t;
    leg->obstacles = (int)o;
    leg->rises = (int)r;
    return 1;
}

/* DEG:INCHES[:TERRAIN] of --wheel. */
static int parse_wheel(const char *s, int *degrees, int *arc, int *terrain)
{
    size_t len = strcspn(s, ":");
    char deg[8];
    if (len == 0 || len >= sizeof deg || s[len] != ':')
        return 0;
    memcpy(deg, s, len);
    deg[len] = '\0';
    if (!tool_parse_int(deg, -180, 180, degrees))
        return 0;
    const char *rest = s + len + 1;
    size_t il = strcspn(rest, ":");
    if (!inches(rest, il, arc))
        return 0;
    *terrain = WR_TERRAIN_CLEAR;
    if (rest[il] == ':') {
        const char *t = rest + il + 1;
        *terrain = word(t, strlen(t), terrain_names, WR_TERRAIN_COUNT);
    }
    return *terrain >= 0;
}

/* N/D of --order-cost and --turn-cost: 0 <= N <= D, 1 <= D <= 1000. */
static int parse_fraction(const char *s, int *num, int *den)
{
    char part[8];
    size_t len = strcspn(s, "/");
    if (len == 0 || len >= sizeof part || s[len] != '/')
        return 0;
    memcpy(part, s, len);
    part[len] = '\0';
    return tool_parse_int(part, 0, 1000, num) && tool_parse_int(s + len + 1, 1, 1000, den) &&
           *num <= *den;
}

/* One action of the Movement Phase, in command-line order. */
typedef struct move_action {
    int opt;          /* its option row: M_CHANGE_ORDER, M_TURN, M_WHEEL, ... */
    int value;        /* the order, degrees, all-round (0/1) or the sides */
    int arc, terrain; /* of a wheel */
    int position;     /* its argument's position */
    char text[48];    /* its value as given (shortened) */
    int cost;         /* move points it cost, once done */
    int phase;        /* the Movement Phase it was taken in, from 1 */
} move_action;

/* Everything the command reads from its options. */
typedef struct move_spec {
    int mv, figures, frontage, order, facing;
    int type; /* desc.type, read as a whole number */
    wr_battle_unit_desc desc;
    int shield_wall; /* -1 none, 0 front, 1 all-round */
    unsigned spear_sides;
    int standing; /* a wr_terrain */
    wr_movement_phase_costs costs;
    move_action actions[MOVE_MAX_ACTIONS];
    int n_actions, phases;
    wr_tactical_leg legs[MOVE_MAX_LEGS];
    int n_legs;
    unsigned flags;
} move_spec;

static int bad_value(const char *cmd, const tool_optuse *u, const char *expected)
{
    return tool_fail(cmd, TOOL_USAGE, "argument %d: --%s %s: expected %s", u->position,
                     move_options[u->opt].name, u->value, expected);
}

/* How an option's value is read. */
typedef enum {
    V_NONE,     /* no value (--json, --svg: read elsewhere), or a value read by read_special() */
    V_INT,      /* a whole number lo..hi */
    V_WORD,     /* one of names[0..n-1], as its index */
    V_BITS,     /* a list of names[0..n-1], as bits */
    V_FRACTION, /* N/D into field and field2 */
    V_FLAG      /* no value: bit set in the unsigned field */
} value_kind;

#define NO_FIELD ((size_t)-1)
#define SPEC(f) offsetof(move_spec, f)

/* One option's row: how its value is read, where it goes (an int or
   unsigned of move_spec, or NO_FIELD), its range (for V_FLAG, lo is the
   bit), whether it is an action of the phase (its value is the action's),
   and what a bad value is told. */
typedef struct option_reader {
    value_kind kind;
    size_t field, field2;
    int lo, hi;
    const char *const *names;
    int n_names;
    int is_action;
    const char *expected;
} option_reader;

static const char *const orders[2] = {"open", "closed"};
static const char *const walls[2] = {"front", "all-round"};
#define FRACTION "N/D of the movement rate, 0 <= N <= D, D 1..1000"

static const option_reader readers[] = {
    [M_MV] = {V_INT, SPEC(mv), 0, 0, 1000, NULL, 0, 0, "a whole number 0..1000"},
    [M_FIGURES] = {V_INT, SPEC(figures), 0, 1, 100000, NULL, 0, 0, "a whole number 1..100000"},
    [M_FRONTAGE] = {V_INT, SPEC(frontage), 0, 1, 100000, NULL, 0, 0, "a whole number 1..100000"},
    [M_FACING] = {V_INT, SPEC(facing), 0, 0, 359, NULL, 0, 0, "degrees 0..359"},
    [M_ORDER] = {V_WORD, SPEC(order), 0, 0, 0, orders, 2, 0, "open or closed"},
    [M_TYPE] = {V_WORD, SPEC(type), 0, 0, 0, type_names, 3, 0, "foot, cavalry or chariot"},
    [M_SHIELDS] = {V_FLAG, SPEC(desc.equipment), 0, WR_EQUIP_LARGE_SHIELDS, 0, NULL, 0, 0, NULL},
    [M_SPEARS] = {V_FLAG, SPEC(desc.equipment), 0, WR_EQUIP_SPEARS, 0, NULL, 0, 0, NULL},
    [M_TRAITS] = {V_BITS, SPEC(desc.traits), 0, 0, 0, trait_names, 4, 0,
                  "a list of woodland, mountain, swamp, aquatic"},
    [M_SHIELD_WALL] = {V_WORD, SPEC(shield_wall), 0, 0, 0, walls, 2, 1, "front or all-round"},
    [M_SET_SPEARS] = {V_BITS, SPEC(spear_sides), 0, 0, 0, side_names, 4, 1,
                      "a list of front, left, right, rear"},
    [M_LEG] = {V_NONE, NO_FIELD, 0, 0, 0, NULL, 0, 0,
               "TERRAIN:INCHES[:OBSTACLES[:RISES]] with a terrain of clear, road, woods, rough, "
               "swamp, water, inches 0..10000 (two decimals), obstacles and rises 0..100"},
    [M_CHARGE] = {V_FLAG, SPEC(flags), 0, WR_TACTICAL_FLAG_CHARGE, 0, NULL, 0, 0, NULL},
    [M_ON_ROAD] = {V_FLAG, SPEC(flags), 0, WR_TACTICAL_FLAG_ON_ROAD, 0, NULL, 0, 0, NULL},
    [M_JSON] = {V_NONE, NO_FIELD, 0, 0, 0, NULL, 0, 0, NULL},
    [M_SVG] = {V_NONE, NO_FIELD, 0, 0, 0, NULL, 0, 0, NULL},
    [M_STANDING] = {V_WORD, SPEC(standing), 0, 0, 0, terrain_names, WR_TERRAIN_COUNT, 0,
                    "clear, road, woods, rough, swamp or water"},
    [M_NO_COMMAND] = {V_NONE, NO_FIELD, 0, 0, 0, NULL, 0, 0, NULL},
    [M_CHANGE_ORDER] = {V_WORD, NO_FIELD, 0, 0, 0, orders, 2, 1, "open or closed"},
    [M_TURN] = {V_INT, NO_FIELD, 0, -180, 180, NULL, 0, 1,
                "degrees -180..180 (clockwise positive)"},
    [M_WHEEL] = {V_NONE, NO_FIELD, 0, 0, 0, NULL, 0, 1,
                 "DEGREES:INCHES[:TERRAIN]: degrees -180..180, the outer flank's inches (two "
                 "decimals), a terrain of clear, road, woods, rough, swamp, water"},
    [M_NEXT_PHASE] = {V_NONE, NO_FIELD, 0, 0, 0, NULL, 0, 1, NULL},
    [M_ORDER_COST] = {V_FRACTION, SPEC(costs.order_num), SPEC(costs.order_den), 0, 0, NULL, 0, 0,
                      FRACTION},
    [M_TURN_COST] = {V_FRACTION, SPEC(costs.turn_num), SPEC(costs.turn_den), 0, 0, NULL, 0, 0,
                     FRACTION},
    [M_FIGURES_TURN] = {V_INT, SPEC(costs.figures_turn), 0, 0, 48000, NULL, 0, 0,
                        "move points 0..48000"},
};

/* The value of an option read by its row into *value; 0 when it is bad. */
static int read_value(const option_reader *r, const char *v, move_spec *m, int *value)
{
    unsigned bits = 0;
    char *base = (char *)m;
    switch (r->kind) {
    case V_INT: return tool_parse_int(v, r->lo, r->hi, value);
    case V_WORD: return (*value = word(v, strlen(v), r->names, r->n_names)) >= 0;
    case V_BITS:
        if (!word_bits(v, r->names, r->n_names, &bits))
            return 0;
        *value = (int)bits;
        return 1;
    case V_FRACTION: return parse_fraction(v, (int *)(base + r->field), (int *)(base + r->field2));
    case V_FLAG: *(unsigned *)(base + r->field) |= (unsigned)r->lo; return 1;
    case V_NONE: break;
    }
    return 1;
}

/* The options whose values no row describes: the legs, the wheels, the
   next phase, --no-command. */
static int read_special(const tool_optuse *u, move_spec *m, move_action *act)
{
    switch (u->opt) {
    case M_WHEEL: return parse_wheel(u->value, &act->value, &act->arc, &act->terrain);
    case M_NEXT_PHASE: m->phases++; return 1;
    case M_NO_COMMAND: m->desc.in_command = 0; return 1;
    case M_LEG:
        if (!parse_leg(u->value, &m->legs[m->n_legs]))
            return 0;
        m->n_legs++;
        return 1;
    default: return 1;
    }
}

static void spec_defaults(move_spec *m)
{
    memset(m, 0, sizeof *m);
    m->mv = 12;
    m->figures = 20;
    m->frontage = 5;
    m->order = WR_ORDER_CLOSED;
    m->desc = wr_battle_unit_desc_default();
    m->type = (int)m->desc.type;
    m->shield_wall = -1;
    m->standing = WR_TERRAIN_CLEAR;
    m->costs = wr_movement_phase_costs_default();
    m->phases = 1;
}

static int read_options(const char *cmd, const tool_args *a, move_spec *m)
{
    spec_defaults(m);
    for (size_t i = 0; i < a->n_uses; i++) {
        const tool_optuse *u = &a->uses[i];
        const option_reader *r = &readers[u->opt];
        move_action *act = &m->actions[m->n_actions];
        if (r->is_action) {
            if (m->n_actions >= MOVE_MAX_ACTIONS)
                return bad_value(cmd, u, "at most 64 actions");
            memset(act, 0, sizeof *act);
            act->opt = u->opt;
            act->position = u->position;
            snprintf(act->text, sizeof act->text, "%s", u->value ? u->value : "");
        }
        if (u->opt == M_LEG && m->n_legs >= MOVE_MAX_LEGS)
            return bad_value(cmd, u, "at most 64 legs");
        int value = 0;
        if (!read_value(r, u->value, m, &value) || !read_special(u, m, act))
            return bad_value(cmd, u, r->expected);
        if (r->field != NO_FIELD && (r->kind == V_INT || r->kind == V_WORD))
            *(int *)((char *)m + r->field) = value;
        else if (r->field != NO_FIELD && r->kind == V_BITS)
            *(unsigned *)((char *)m + r->field) = (unsigned)value;
        if (r->is_action && r->kind != V_NONE)
            act->value = value;
        if (r->is_action)
            m->n_actions++;
    }
    m->desc.type = (wr_battle_unit_type)m->type;
    m->desc.figures = m->figures;
    if (m->shield_wall >= 0 && m->spear_sides && m->phases == 1)
        return tool_fail(cmd, TOOL_USAGE,
                         "--shield-wall and --set-spears cannot be combined: a unit is in one "
                         "special formation at a time [11.6], [11.7]");
    return TOOL_OK;
}

/* Why a declaration is refused, with the rule ([11.6] or [11.7]) that says so. */
static void declare_reason(const wr_formation *form, wr_declare_problem problem, const char *rule,
                           char *buf, size_t cap)
{
    wr_movement_phase ph;
    wr_formation_info info;
    memset(&ph, 0, sizeof ph);
    (void)wr_movement_phase_get(form, &ph);
    (void)wr_formation_get(form, &info);
    if (problem == WR_DECLARE_NOT_CLOSED && info.order == WR_ORDER_CLOSED && ph.begun &&
        ph.start_order == WR_ORDER_OPEN)
        snprintf(buf, cap,
                 "the unit was in open order at the beginning of its Movement Phase (%s: \"in "
                 "closed formation at the beginning of the unit's Movement Phase\"; closing during "
                 "the phase is too late)",
                 rule);
    else if (problem == WR_DECLARE_NOT_IN_COMMAND)
        snprintf(buf, cap,
                 "the unit is not in command (%s: in command at the beginning of its "
                 "Movement Phase)",
                 rule);
    else
        snprintf(buf, cap, "%s", declare_texts[(int)problem < 7 ? (int)problem : 0]);
}

/* One action of the phase; TOOL_OK, or a message naming its argument. */
static int act(const char *cmd, const move_spec *m, move_action *a, const wr_battle_unit *unit,
               wr_formation *form, int *phase, char *declared, size_t cap)
{
    wr_status st = WR_OK;
    wr_declare_problem problem = WR_DECLARE_OK;
    const char *rule = a->opt == M_SHIELD_WALL ? "[11.6]" : "[11.7]";
    wr_formation_info before;
    (void)wr_formation_get(form, &before);
    wr_last_error_clear();
    switch (a->opt) {
    case M_SHIELD_WALL:
        (void)wr_shield_wall_check(unit, form, a->value, m->costs.figures_turn, &problem);
        if (problem == WR_DECLARE_OK)
            st = wr_movement_phase_declare_shield_wall(unit, form, &m->costs, a->value);
        break;
    case M_SET_SPEARS:
        (void)wr_spears_check(unit, form, (unsigned)a->value, m->costs.figures_turn, &problem);
        if (problem == WR_DECLARE_OK)
            st = wr_movement_phase_declare_spears(unit, form, &m->costs, (unsigned)a->value);
        break;
    case M_CHANGE_ORDER:
        st = wr_movement_phase_set_order(unit, form, &m->costs, (wr_formation_order)a->value,
                                         (wr_terrain)m->standing, &a->cost);
        break;
    case M_TURN: st = wr_movement_phase_turn(unit, form, &m->costs, a->value, &a->cost); break;
    case M_WHEEL:
        st =
            wr_movement_phase_wheel(unit, form, a->value, a->arc, (wr_terrain)a->terrain, &a->cost);
        break;
    case M_NEXT_PHASE:
        st = wr_movement_phase_begin(unit, form);
        a->value = (int)before.order;
        ++*phase;
        break;
    default: break;
    }
    a->phase = *phase;
    if (problem != WR_DECLARE_OK) {
        char reason[320];
        declare_reason(form, problem, rule, reason, sizeof reason);
        return tool_fail(cmd, TOOL_USAGE, "argument %d: --%s %s: the %s %s may not be declared: %s",
                         a->position, move_options[a->opt].name, a->text,
                         a->opt == M_SHIELD_WALL
                             ? (a->value ? "all-round shield wall" : "front shield wall")
                             : "set spears",
                         rule, reason);
    }
    if (st != WR_OK)
        return tool_fail(cmd, st == WR_ERR_NOMEM ? TOOL_FAILED : TOOL_USAGE,
                         "argument %d: --%s%s%s is refused in Movement Phase %d: %s", a->position,
                         move_options[a->opt].name, a->text[0] ? " " : "", a->text, *phase,
                         tool_lib_detail(st));
    if (a->opt == M_SHIELD_WALL || a->opt == M_SET_SPEARS) {
        wr_formation_info after;
        (void)wr_formation_get(form, &after);
        a->cost = after.spent - before.spent;
        if (a->opt == M_SHIELD_WALL)
            snprintf(declared, cap, "%s shield wall [11.6]", a->value ? "all-round" : "front");
        else
            snprintf(declared, cap, "set spears [11.7]");
    }
    return TOOL_OK;
}

/* The unit and its formation, its Movement Phase begun and every action
   taken in order; the last special formation declared. */
static int build(const char *cmd, move_spec *m, wr_figure **fig, wr_battle_unit **unit,
                 wr_formation **form, char *declared, size_t cap)
{
    declared[0] = '\0';
    wr_last_error_clear();
    wr_status st = wr_figure_new(fig);
    if (st == WR_OK)
        st = wr_figure_set(*fig, WR_STAT_MV, m->mv);
    if (st == WR_OK)
        st = wr_battle_unit_new(*fig, &m->desc, unit);
    if (st == WR_OK)
        st = wr_formation_new((wr_formation_order)m->order, m->frontage, m->facing, form);
    if (st != WR_OK)
        return tool_fail(cmd, st == WR_ERR_NOMEM ? TOOL_FAILED : TOOL_USAGE,
                         "the unit is refused by the library: %s", tool_lib_detail(st));
    if (m->order == WR_ORDER_CLOSED && m->standing != WR_TERRAIN_CLEAR &&
        m->standing != WR_TERRAIN_ROAD)
        return tool_fail(cmd, TOOL_USAGE,
                         "a closed formation cannot stand in %s [11.8] (\"no closed formation in "
                         "woods, rough terrain, swamps or water\"): give --order open",
                         terrain_names[m->standing]);
    wr_last_error_clear();
    if ((st = wr_movement_phase_begin(*unit, *form)) != WR_OK)
        return tool_fail(cmd, TOOL_FAILED, "the Movement Phase is refused by the library: %s",
                         tool_lib_detail(st));
    int phase = 1;
    for (int i = 0; i < m->n_actions; i++) {
        int rc = act(cmd, m, &m->actions[i], *unit, *form, &phase, declared, cap);
        if (rc != TOOL_OK)
            return rc;
    }
    return TOOL_OK;
}

/* The actions of the phase, one line each with its cost. */
static void print_actions(FILE *out, const move_spec *m, const wr_battle_unit *unit)
{
    int full = 0;
    const wr_figure *fig = NULL;
    if (wr_battle_unit_figure(unit, &fig) == WR_OK)
        (void)wr_figure_move_points(fig, &full);
    if (m->n_actions > 0)
        fprintf(out, "  Movement Phase 1 begins: %s order, %sin command, %d move points [11.6]\n",
                orders[m->order], m->desc.in_command ? "" : "not ", full);
    for (int i = 0; i < m->n_actions; i++) {
        const move_action *a = &m->actions[i];
        switch (a->opt) {
        case M_SHIELD_WALL:
            fprintf(out, "  declares a %s shield wall [11.6]", a->value ? "all-round" : "front");
            break;
        case M_SET_SPEARS: fprintf(out, "  declares set spears on %s [11.7]", a->text); break;
        case M_CHANGE_ORDER:
            fprintf(out, "  changes to %s order, standing in %s", orders[a->value],
                    terrain_names[m->standing]);
            break;
        case M_TURN: fprintf(out, "  turns %d degrees", a->value); break;
        case M_WHEEL:
            fprintf(out, "  wheels %d degrees, the outer flank %d.%02d\" through %s [11.8]",
                    a->value, a->arc / 12, a->arc % 12 * 100 / 12, terrain_names[a->terrain]);
            break;
        case M_NEXT_PHASE:
            fprintf(out, "  Movement Phase %d begins: %s order, nothing spent [11.6]\n", a->phase,
                    orders[a->value & 1]);
            continue;
        default: break;
        }
        fprintf(out, ": %d points\n", a->cost);
    }
}

/* [11.6] Points a front shield wall spent as the same share of the unit's
   normal rate, rounded up, as the library counts them once the wall ends
   (beyond the wall's rate they stay as far beyond the normal one). */
static long long wall_share(long long points, int normal)
{
    int wall = normal / 2;
    if (points > wall)
        return normal + points - wall;
    return wall > 0 ? (points * normal + wall - 1) / wall : points;
}

/* The cost of the first legs of a move that ends a front shield wall at a
   later obstacle, in the measure of the whole move: the normal rate's. */
static int cost_at_normal_rate(const wr_battle_unit *unit, const wr_formation *form, int wall_cost)
{
    wr_formation_info info;
    const wr_figure *fig = NULL;
    int normal = 0;
    (void)wr_formation_get(form, &info);
    if (wr_battle_unit_figure(unit, &fig) == WR_OK)
        (void)wr_figure_move_points(fig, &normal);
    return (int)(wall_share((long long)info.spent + wall_cost, normal) -
                 wall_share(info.spent, normal));
}

/* How far along the legs (twelfths of an inch) the unit's movement reaches:
   the longest start of the move the library finds within the points left. */
static int reach(const wr_battle_unit *unit, const wr_formation *form, const move_spec *m,
                 int total)
{
    int lo = 0, hi = total;
    wr_tactical_leg legs[MOVE_MAX_LEGS];
    while (lo < hi) {
        int mid = lo + (hi - lo + 1) / 2, left = mid, n = 0;
        for (int i = 0; i < m->n_legs && (left > 0 || i == 0 || m->legs[i].length == 0); i++) {
            legs[n] = m->legs[i];
            if (legs[n].length > left)
                legs[n].length = left;
            left -= legs[n].length;
            n++;
        }
        wr_tactical_result r;
        memset(&r, 0, sizeof r);
        (void)wr_tactical_check(unit, form, legs, (size_t)n, m->flags & WR_TACTICAL_FLAG_ON_ROAD,
                                &r);
        if (r.left >= 0)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* What the move comes to: the library's result, each leg's cost, how far
   the unit gets, its formation. */
typedef struct move_outcome {
    const wr_battle_unit *unit;
    const wr_formation *form;
    wr_tactical_result res;
    int costs[MOVE_MAX_LEGS];
    int reached, ranks, front, problem;
    char declared[64];
} move_outcome;

/* Checks the move leg by leg; TOOL_OK or a printed message. */
static int check_move(const char *cmd, const move_spec *m, move_outcome *o)
{
    int total = 0;
    wr_last_error_clear();
    wr_status st =
        wr_tactical_check(o->unit, o->form, m->legs, (size_t)m->n_legs, m->flags, &o->res);
    for (int i = 0; i < m->n_legs && st == WR_OK; i++) {
        wr_tactical_result part;
        memset(&part, 0, sizeof part);
        st = wr_tactical_check(o->unit, o->form, m->legs, (size_t)i + 1,
                               m->flags & WR_TACTICAL_FLAG_ON_ROAD, &part);
        o->costs[i] = part.cost;
        if (o->res.breaks_formation && !part.breaks_formation && part.available != o->res.available)
            o->costs[i] = cost_at_normal_rate(o->unit, o->form, part.cost);
        total += m->legs[i].length;
    }
    if (st != WR_OK)
        return tool_fail(cmd, TOOL_USAGE, "the move is refused by the library: %s",
                         tool_lib_detail(st));
    (void)wr_formation_ranks(o->form, o->unit, &o->ranks, &o->front);
    o->reached = o->res.problem == WR_TACTICAL_IMMOBILE ? 0 : reach(o->unit, o->form, m, total);
    for (int i = m->n_legs - 1; i > 0; i--)
        o->costs[i] -= o->costs[i - 1];
    int problem = (int)o->res.problem;
    o->problem = problem >= 0 && problem < 8 ? problem : 0;
    return TOOL_OK;
}

static void draw_move(FILE *f, const move_spec *m, const move_outcome *o)
{
    tool_move_picture p;
    memset(&p, 0, sizeof p);
    wr_formation_info info;
    (void)wr_formation_get(o->form, &info);
    p.figures = m->figures;
    p.frontage = o->front;
    p.ranks = o->ranks;
    p.closed = info.order == WR_ORDER_CLOSED;
    p.facing = info.facing;
    p.special = (int)info.special;
    p.sides = info.sides;
    p.legs = m->legs;
    p.n_legs = m->n_legs;
    p.costs = o->costs;
    p.reached = o->reached;
    p.available = o->res.available;
    p.cost = o->res.cost;
    p.legal = o->res.legal;
    p.problem = problem_texts[o->problem];
    p.terrain_names = terrain_names;
    snprintf(p.title, sizeof p.title, "%d figures (%s, MV %d), %s order, %s", m->figures,
             type_names[m->desc.type], m->mv, p.closed ? "closed" : "open",
             o->declared[0] ? o->declared : "no special formation");
    tool_svg_move(f, &p);
}

static void print_move_json(FILE *out, const move_spec *m, const move_outcome *o)
{
    const wr_tactical_result *res = &o->res;
    fprintf(out,
            "{\"figures\": %d, \"mv\": %d, \"type\": \"%s\", \"frontage\": %d, "
            "\"ranks\": %d, \"facing\": %d, \"special\": ",
            m->figures, m->mv, type_names[m->desc.type], o->front, o->ranks, m->facing);
    tool_json_str(out, o->declared);
    fprintf(out,
            ", \"available\": %d, \"cost\": %d, \"left\": %d, \"legal\": %s, "
            "\"problem\": ",
            res->available, res->cost, res->left, res->legal ? "true" : "false");
    tool_json_str(out, problem_texts[o->problem]);
    fprintf(out,
            ", \"order_after\": \"%s\", \"road\": %s, \"breaks_formation\": %s, "
            "\"reach_twelfths\": %d, ",
            res->order == WR_ORDER_CLOSED ? "closed" : "open", res->road ? "true" : "false",
            res->breaks_formation ? "true" : "false", o->reached);
    wr_formation_info info;
    (void)wr_formation_get(o->form, &info);
    fprintf(out,
            "\"start_order\": \"%s\", \"in_command\": %s, \"standing\": \"%s\", "
            "\"phases\": %d, \"facing_after\": %d, \"actions\": [",
            m->order == WR_ORDER_CLOSED ? "closed" : "open", m->desc.in_command ? "true" : "false",
            terrain_names[m->standing], m->phases, info.facing);
    for (int i = 0; i < m->n_actions; i++) {
        const move_action *a = &m->actions[i];
        fprintf(out, "%s{\"action\": \"%s\", \"argument\": %d, \"value\": ", i ? ", " : "",
                move_options[a->opt].name, a->position);
        tool_json_str(out, a->text);
        fprintf(out, ", \"phase\": %d, \"cost\": %d}", a->phase, a->cost);
    }
    fprintf(out, "], \"legs\": [");
    for (int i = 0; i < m->n_legs; i++)
        fprintf(out,
                "%s{\"terrain\": \"%s\", \"twelfths\": %d, \"obstacles\": %d, "
                "\"rises\": %d, \"cost\": %d}",
                i ? ", " : "", terrain_names[m->legs[i].terrain], m->legs[i].length,
                m->legs[i].obstacles, m->legs[i].rises, o->costs[i]);
    fprintf(out, "]}\n");
}

static void print_move_text(FILE *out, const move_spec *m, const move_outcome *o)
{
    const wr_tactical_result *res = &o->res;
    fprintf(out, "move: %d figures (%s, MV %d), %s order, %d abreast in %d rank(s), facing %d\n",
            m->figures, type_names[m->desc.type], m->mv,
            m->order == WR_ORDER_CLOSED ? "closed" : "open", o->front, o->ranks, m->facing);
    print_actions(out, m, o->unit);
    fprintf(out, "  movement: %d move points (48 an inch of clear per MV point) [11.8]\n",
            res->available);
    wr_formation_info before;
    (void)wr_formation_get(o->form, &before);
    if (res->breaks_formation && before.special == WR_SPECIAL_SHIELD_WALL &&
        before.sides == WR_FACE_FRONT)
        fprintf(out, "  the move ends the shield wall at its first obstacle: the wall's points "
                     "count as their share of the normal rate [11.6]\n");
    for (int i = 0; i < m->n_legs; i++) {
        const wr_tactical_leg *l = &m->legs[i];
        fprintf(out, "  leg %d: %d.%02d\" of %s", i + 1, l->length / 12, l->length % 12 * 100 / 12,
                terrain_names[l->terrain]);
        if (l->obstacles)
            fprintf(out, ", %d obstacle(s)", l->obstacles);
        if (l->rises)
            fprintf(out, ", %d rise(s) of 10 feet", l->rises);
        fprintf(out, ": %d points\n", o->costs[i]);
    }
    fprintf(out, "  costs %d of %d points, %d left: %s\n", res->cost, res->available, res->left,
            problem_texts[o->problem]);
    wr_formation_info info;
    (void)wr_formation_get(o->form, &info);
    fprintf(out, "  gets %d.%02d\" along the move; ends in %s order%s%s, facing %d\n",
            o->reached / 12, o->reached % 12 * 100 / 12,
            res->order == WR_ORDER_CLOSED ? "closed" : "open", res->road ? ", on the road" : "",
            res->breaks_formation ? ", the shield wall broken" : "", info.facing);
}

/* The command line read into m; TOOL_OK or a printed message. */
static int read_command(const char *cmd, const tool_args *args, const char *svg, int json,
                        move_spec *m)
{
    int rc = read_options(cmd, args, m);
    if (rc == TOOL_OK && args->n_operands)
        rc = tool_fail(cmd, TOOL_USAGE,
                       "argument %d '%s': move takes options only (a leg is --leg %s)",
                       args->operand_position[0], args->operands[0], args->operands[0]);
    if (rc == TOOL_OK && svg && strcmp(svg, "-") == 0 && json)
        rc = tool_fail(cmd, TOOL_USAGE,
                       "--json and --svg - cannot be combined: both write "
                       "standard output (give --svg FILE)");
    return rc;
}

int tool_move(int argc, char **argv, FILE *out)
{
    static const char cmd[] = "move";
    tool_args args;
    int go;
    int rc =
        tool_command_start(cmd, TOOL_OPTIONS(move_options), argc, argv, out, usage, &args, &go);
    if (!go)
        return rc;
    const char *svg = tool_args_value(&args, M_SVG);
    int json = tool_args_has(&args, M_JSON);
    move_spec *m = malloc(sizeof *m);
    move_outcome *o = calloc(1, sizeof *o);
    rc = m && o ? read_command(cmd, &args, svg, json, m)
                : tool_fail(cmd, TOOL_FAILED, "out of memory");
    tool_args_free(&args);
    wr_figure *fig = NULL;
    wr_battle_unit *unit = NULL;
    wr_formation *form = NULL;
    if (rc == TOOL_OK)
        rc = build(cmd, m, &fig, &unit, &form, o->declared, sizeof o->declared);
    if (rc == TOOL_OK) {
        o->unit = unit;
        o->form = form;
        rc = check_move(cmd, m, o);
    }
    tool_out picture;
    memset(&picture, 0, sizeof picture);
    if (rc == TOOL_OK && svg && (rc = tool_out_open(cmd, svg, &picture)) == TOOL_OK)
        draw_move(picture.f, m, o);
    int svg_stdout = svg && strcmp(svg, "-") == 0;
    if (rc == TOOL_OK && !svg_stdout && json)
        print_move_json(out, m, o);
    else if (rc == TOOL_OK && !svg_stdout)
        print_move_text(out, m, o);
    rc = tool_out_finish(cmd, &picture, rc);
    wr_formation_free(form);
    wr_battle_unit_free(unit);
    wr_figure_free(fig);
    free(o);
    free(m);
    return rc;
}
