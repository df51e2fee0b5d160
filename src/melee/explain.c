/* Explanations: names and text sources of the rules, and one sentence per
   event for a player. */
#include <stdio.h>

#include "internal.h"

static const char *const rule_names[WR_RULE_LIMIT] = {
    "Basic Combat Percentage",
    "Combat modifier",
    "Modified Combat Percentage",
    "Figures eligible to fight",
    "Final Combat Percentage",
    "Kills for every 100%",
    "Remainder roll hit",
    "Remainder roll missed",
    "Kills capped by the figures present",
    "Wound",
    "Slain",
    "Disordered by a flank or rear attack",
    "Not disordered by a flank or rear attack",
    "Morale test for a flank or rear attack",
    "Only one rank counts",
    "Lost the round",
    "Round drawn",
    "Pushed back",
    "Morale test for losing the round",
    "Morale test passed",
    "Retires",
    "Routs",
    "Pursuit",
    "Destroyed",
    NULL, /* WR_RULE_COUNT */
    "No figure fights more than once in a turn",
    "Disordered by an attack in another fight",
    "Disordered by Blood Lust",
    "Leaves the fight",
    "No charge bonus",
};

static const char *const rule_sources[WR_RULE_LIMIT] = {
    "[Casualties 1] \"cross references the weapon type his unit is using, with the defender's "
    "armour type, to find his Basic Combat Percentage\"",
    "[Casualties 2] \"checks the Combat Modifiers List adding or subtracting all relevant "
    "modifiers\"; [Modifiers]",
    "[Casualties 2] \"The result will be his Modified Combat Percentage (MCP)\"",
    "[Who fights] \"Only those figures in base-to-base contact or within reach ... may fight\"",
    "[Casualties 3] \"Multiply the MCP by the number of attacking figures eligible\"",
    "[Casualties 4] \"For every 100% scored one enemy figure is killed or character or monster "
    "wounded\"",
    "[Casualties 4] \"rolls one D100 and if he scores under or equal to the remaining "
    "percentage a further enemy figure is killed\"",
    "[Casualties 4] \"if he scores under or equal to the remaining percentage\"",
    "[Casualties 5-6] no more figures can be slain than the unit has",
    "[Wounds] \"A D100 is rolled for the location of the wound and a D4 for the wound's "
    "severity\"",
    "[Wounds] \"A monster is killed if ... / A character is killed if ...\"",
    "[Flank and rear] \"A unit attacked in the flank or rear, immediately becomes disordered\"",
    "[Flank and rear] \"the character will not disorder the unit unless he is a giant\"; "
    "\"Monsters can become disordered but only if attacked in the rear\"; \"Characters cannot "
    "become disordered\"",
    "[Flank and rear] \"must take a Morale Test, allowing for the special Morale Modifiers such "
    "an attack inflicts\"",
    "[Flank and rear] \"the defender can only count one rank regardless of how many his unit "
    "really has\"",
    "[Casualties 8] \"The unit which has lost the highest number of figures is deemed to have "
    "lost the combat for that round\"",
    "[Casualties 8] \"If both sides have equal losses the combat for that game turn is "
    "considered drawn\"",
    "[Casualties 8] \"is pushed back and must take a Morale Test\"",
    "[Casualties 8] \"must take a Morale Test\"",
    "[Casualties 8] \"If it passes its Morale Test the combat continues next turn\"",
    "[Casualties 8] \"If it retires the combat will be at an end\"",
    "[Casualties 8] \"If the unit fails its Morale Test, then it will Retire or Rout\"",
    "[Casualties 8] \"If it routs, the victor will be entitled to conduct Pursuit Movement\"",
    "[Continuing] the side has no figures left to fight",
    NULL, /* WR_RULE_COUNT */
    "[Starting] \"No figure may fight more than once in a turn\"",
    "[Flank and rear] \"A unit attacked in the flank or rear, immediately becomes disordered\"; "
    "[Reach] \"this rank advantage is lost immediately a unit becomes disordered\"",
    "[Flank and rear] \"Characters cannot become disordered (except as a result of Blood "
    "Lust)\"",
    "[Casualties 8] \"If the unit fails its Morale Test, then it will Retire or Rout\"; "
    "[Flank and rear] \"If the defender passes the Moral Test the combat proceeds\"",
    "[Modifiers] \"This modifier can only be received by a unit that charged (or pursued) into "
    "combat\"",
};

static const char *const modifier_names[WR_MOD_COUNT] = {
    "Unit charged into combat",
    "Fighting a hated foe",
    "Cavalry against infantry",
    "Each complete rank of own formation",
    "Attacking in the flank",
    "Attacking in the rear",
    "Fighting a monster",
    "Character present",
    "Enemy behind light cover",
    "Enemy behind medium cover",
    "Enemy behind heavy cover",
    "Elite or veteran troops",
    "C class troops",
    "Attacking troops with shields",
    "Attacking troops on armoured mounts",
    "Enemy disordered",
};

const char *wr_melee_rule_name(wr_melee_rule rule)
{
    int r = (int)rule;
    return r >= 0 && r < WR_RULE_LIMIT && rule_names[r] != NULL ? rule_names[r] : "unknown rule";
}

const char *wr_melee_rule_source(wr_melee_rule rule)
{
    int r = (int)rule;
    return r >= 0 && r < WR_RULE_LIMIT && rule_sources[r] != NULL ? rule_sources[r] : "";
}

const char *wr_modifier_name(wr_modifier modifier)
{
    int m = (int)modifier;
    return m >= 0 && m < WR_MOD_COUNT ? modifier_names[m] : "unknown modifier";
}

static const char *wound_name(int w)
{
    static const char *const names[] = {"no wound",
                                        "nicked",
                                        "stunned",
                                        "blinded",
                                        "wounded",
                                        "seriously wounded",
                                        "critically wounded",
                                        "knocked unconscious",
                                        "killed"};
    return w >= 0 && w <= WR_WOUND_KILLED ? names[w] : "unknown wound";
}

wr_status wr_melee_event_text(const wr_melee_event *event, char *buf, size_t cap, size_t *len)
{
    if (event == NULL)
        return WRI_NULL(event);
    if (len == NULL)
        return WRI_NULL(len);
    if (buf == NULL && cap > 0)
        return WRI_NULL(buf);
    int r = (int)event->rule;
    if (r < 0 || r >= WR_RULE_LIMIT || rule_names[r] == NULL)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "event->rule", r, "a wr_melee_rule value");
    const wr_melee_event *e = event;
    char who[16];
    if (e->side == 0 || e->side == 1)
        snprintf(who, sizeof who, "Side %d", e->side);
    else
        snprintf(who, sizeof who, "Both sides");
    char tmp[256];
    int n = 0;
    switch (e->rule) {
    case WR_RULE_MODIFIER:
        n = snprintf(tmp, sizeof tmp, "%s: %s %+d.", who, wr_modifier_name((wr_modifier)e->detail),
                     e->value);
        break;
    case WR_RULE_FIGHTING:
        n = snprintf(tmp, sizeof tmp, "%s: %d figures may fight.", who, e->value);
        break;
    case WR_RULE_BCP:
    case WR_RULE_MCP:
    case WR_RULE_FCP:
        n = snprintf(tmp, sizeof tmp, "%s: %s %d%%.", who, rule_names[r], e->value);
        break;
    case WR_RULE_CERTAIN_KILLS:
        n = snprintf(tmp, sizeof tmp, "%s: %d kills or wounds for every 100%%.", who, e->value);
        break;
    case WR_RULE_REMAINDER_HIT:
    case WR_RULE_REMAINDER_MISS:
        n = snprintf(tmp, sizeof tmp, "%s: rolled %d against the remaining %d%%: %s.", who,
                     e->detail, e->value, r == WR_RULE_REMAINDER_HIT ? "one more" : "a miss");
        break;
    case WR_RULE_KILLS_CAPPED:
        n = snprintf(tmp, sizeof tmp, "%s: %d kills, but only %d figures to kill.", who, e->detail,
                     e->value);
        break;
    case WR_RULE_WOUND:
        n = snprintf(tmp, sizeof tmp, "%s: hit at location %d, %s.", who, e->detail,
                     wound_name(e->value));
        break;
    case WR_RULE_FLANK_TEST:
    case WR_RULE_MORALE_TEST:
        if (e->detail == 0) /* a test due, not yet rolled (a charge advisor's reason) */
            n = snprintf(tmp, sizeof tmp, "%s: %s due, %d%% to pass.", who, rule_names[r],
                         e->value);
        else
            n = snprintf(tmp, sizeof tmp, "%s: %s, %d%% to pass, rolled %d.", who, rule_names[r],
                         e->value, e->detail);
        break;
    case WR_RULE_ONE_RANK:
        n = snprintf(tmp, sizeof tmp, "%s: attacked in flank or rear, counts 1 of its %d ranks.",
                     who, e->value);
        break;
    case WR_RULE_LOST_ROUND:
        n = snprintf(tmp, sizeof tmp, "%s lost the round: %d figures lost against %d.", who,
                     e->value, e->detail);
        break;
    case WR_RULE_DRAWN:
        n = snprintf(tmp, sizeof tmp, "Round drawn: both sides lost %d figures.", e->value);
        break;
    case WR_RULE_ONCE_PER_TURN:
        n = snprintf(tmp, sizeof tmp,
                     "%s: %d figures fight here, not %d: the others fight elsewhere this turn.",
                     who, e->value, e->detail);
        break;
    case WR_RULE_DISORDERED_ELSEWHERE:
        n = snprintf(tmp, sizeof tmp, "%s: disordered by the attack in fight %d.", who, e->detail);
        break;
    case WR_RULE_LEFT_FIGHT:
        n = snprintf(tmp, sizeof tmp, "%s: failed its flank or rear test in fight %d and %s.", who,
                     e->detail, e->value == WR_MORALE_RETIRE ? "retires" : "routs");
        break;
    case WR_RULE_NO_CHARGE_BONUS:
        n = snprintf(tmp, sizeof tmp, "%s: came into contact by a %s: no charge bonus.", who,
                     e->detail == WR_CONTACT_PUSHBACK ? "pushback" : "move without a charge");
        break;
    default: n = snprintf(tmp, sizeof tmp, "%s: %s.", who, rule_names[r]); break;
    }
    if (n < 0)
        n = 0;
    if (cap > 0)
        snprintf(buf, cap, "%s", tmp);
    *len = (size_t)n;
    return WR_OK;
}
