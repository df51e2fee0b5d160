/* The pinned counting rules: reach by rank, who fights, complete ranks,
   combat percentages and kills [Reach], [Who fights], [Casualties 2-4]. */
#include "internal.h"

#define SIDE_ALL_FLAGS                                                                           \
    (WR_COMBATANT_MOUNTED | WR_COMBATANT_DISORDERED | WR_COMBATANT_SWARM | WR_COMBATANT_FLYING | \
     WR_COMBATANT_FLANKED)

static int reach_of(wr_weapon weapon, int disordered)
{
    if (disordered)
        return 1;
    switch (weapon) {
    case WR_WEAPON_SPEAR:
    case WR_WEAPON_POLEARM: return 2;
    case WR_WEAPON_PIKE: return 3;
    default: return 1;
    }
}

static int weapon_valid(wr_weapon weapon)
{
    int w = (int)weapon;
    return w >= WR_WEAPON_OTHER && w <= WR_WEAPON_PIKE;
}

wr_status wr_reach_ranks(wr_weapon weapon, int disordered, int *ranks)
{
    if (ranks == NULL)
        return WRI_NULL(ranks);
    if (!weapon_valid(weapon))
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "weapon", weapon, "a wr_weapon value");
    *ranks = reach_of(weapon, disordered);
    return WR_OK;
}

int wri_melee_fighting(int figures, int files, int in_contact, wr_weapon weapon, unsigned self,
                       unsigned enemy, int *which_case)
{
    if (((self & WR_COMBATANT_SWARM) && (enemy & WR_COMBATANT_FLYING)) ||
        ((self & WR_COMBATANT_FLYING) && (enemy & WR_COMBATANT_SWARM))) {
        *which_case = 1;
        return 0;
    }
    if ((self | enemy) & WR_COMBATANT_FLYING) {
        *which_case = 2;
        return figures;
    }
    if (self & WR_COMBATANT_SWARM) {
        *which_case = 3;
        return figures;
    }
    if ((self & WR_COMBATANT_MOUNTED) && (enemy & WR_COMBATANT_MOUNTED)) {
        *which_case = 4;
        return figures;
    }
    if (self & WR_COMBATANT_MOUNTED) {
        *which_case = 5;
        return in_contact;
    }
    if (self & (WR_COMBATANT_DISORDERED | WR_COMBATANT_FLANKED)) {
        *which_case = 6;
        return in_contact;
    }
    *which_case = 7;
    int reach = reach_of(weapon, 0);
    int total = 0;
    for (int k = 0; k < reach; k++) {
        long long in_rank = (long long)figures - (long long)k * files;
        if (in_rank <= 0)
            break;
        if (in_rank > files)
            in_rank = files;
        total += in_rank < in_contact ? (int)in_rank : in_contact;
    }
    return total;
}

wr_status wr_fighting_figures(int figures, int files, int in_contact, wr_weapon weapon,
                              unsigned self_flags, unsigned enemy_flags, int *fighting)
{
    if (fighting == NULL)
        return WRI_NULL(fighting);
    if (figures < 0 || figures > WRI_MAX_FIGURES)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "figures", figures, "0..100000");
    if (files < 1 || files > WRI_MAX_FIGURES)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "files", files, "1..100000");
    int most = files < figures ? files : figures;
    if (in_contact < 0 || in_contact > most)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "in_contact", in_contact, "0..min(files, figures)");
    if (!weapon_valid(weapon))
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "weapon", weapon, "a wr_weapon value");
    if (self_flags & ~SIDE_ALL_FLAGS)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "self_flags", self_flags, "WR_COMBATANT_* flags");
    if (enemy_flags & ~SIDE_ALL_FLAGS)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "enemy_flags", enemy_flags, "WR_COMBATANT_* flags");
    int which = 0;
    *fighting =
        wri_melee_fighting(figures, files, in_contact, weapon, self_flags, enemy_flags, &which);
    return WR_OK;
}

wr_status wr_complete_ranks(int figures, int files, unsigned self_flags, int *ranks)
{
    if (ranks == NULL)
        return WRI_NULL(ranks);
    if (figures < 0 || figures > WRI_MAX_FIGURES)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "figures", figures, "0..100000");
    if (files < 1 || files > WRI_MAX_FIGURES)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "files", files, "1..100000");
    if (self_flags & ~SIDE_ALL_FLAGS)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "self_flags", self_flags, "WR_COMBATANT_* flags");
    int r = figures / files;
    if ((self_flags & WR_COMBATANT_FLANKED) && r > 1)
        r = 1;
    *ranks = r;
    return WR_OK;
}

wr_status wr_combat_percent(int bcp, int modifiers, int fighting, int *mcp, int *fcp)
{
    if (mcp == NULL)
        return WRI_NULL(mcp);
    if (fcp == NULL)
        return WRI_NULL(fcp);
    if (bcp < 0 || bcp > 1000)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "bcp", bcp, "0..1000");
    if (modifiers < -1000 || modifiers > 1000)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "modifiers", modifiers, "-1000..1000");
    if (fighting < 0 || fighting > WRI_MAX_FIGURES)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "fighting", fighting, "0..100000");
    int m = bcp + modifiers;
    if (m < 0)
        m = 0;
    *mcp = m;
    *fcp = m * fighting; /* at most 2000 * 100000 */
    return WR_OK;
}

wr_status wr_kills_from_percent(int fcp, int d100, int *kills)
{
    if (kills == NULL)
        return WRI_NULL(kills);
    if (fcp < 0 || fcp > 200000000)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "fcp", fcp, "0..200000000");
    if (d100 < 1 || d100 > 100)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "d100", d100, "1..100");
    int rem = fcp % 100;
    *kills = fcp / 100 + (rem > 0 && d100 <= rem ? 1 : 0);
    return WR_OK;
}
