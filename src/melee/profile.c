/* Profile sheets: weapons a race may use, the BCP table, combat and morale
   modifiers [Weapons by race], [Casualties 1-2], [Modifiers]. */
#include "internal.h"

static int pikes_allowed(int race)
{
    return race == WR_RACE_DWARF || race == WR_RACE_HIGH_ELF || race == WR_RACE_HUMAN;
}

wr_status wr_profile_new_ex(wr_race race, const wr_allocator *alloc, wr_profile **out)
{
    if (out == NULL)
        return WRI_NULL(out);
    int r = (int)race;
    if (r < 0 || r > WR_RACE_MAX)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "race", r, "0..63");
    wr_allocator a;
    wr_status st;
    wr_profile *p = wri_new_object(alloc, sizeof *p, &a, &st);
    if (p == NULL)
        return WRI_PASS(st);
    p->alloc = a;
    p->race = r;
    for (int w = 0; w < WR_PROFILE_WEAPONS; w++) {
        p->reach[w] = (unsigned char)(w <= WR_WEAPON_PIKE ? w : WR_WEAPON_OTHER);
        p->allowed[w] = (unsigned char)(p->reach[w] != WR_WEAPON_PIKE || pikes_allowed(r));
    }
    *out = p;
    return WR_OK;
}

wr_status wr_profile_new(wr_race race, wr_profile **out)
{
    return WRI_PASS(wr_profile_new_ex(race, NULL, out));
}

wr_status wr_profile_new_sample(wr_sample_profile which, wr_profile **out)
{
    if (out == NULL)
        return WRI_NULL(out);
    int w = (int)which;
    if (w != WR_SAMPLE_DWARF_VETERANS && w != WR_SAMPLE_ORC_URUCKS)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "which", w, "a wr_sample_profile value");
    wr_profile *p = NULL;
    int dwarf = w == WR_SAMPLE_DWARF_VETERANS;
    wr_status st = wr_profile_new(dwarf ? WR_RACE_DWARF : WR_RACE_ORC, &p);
    if (st != WR_OK)
        return WRI_PASS(st);
    /* Only numbers from the worked example [Casualties, example]. */
    if (dwarf) {
        p->bcp[WR_WEAPON_SPEAR][WR_SAMPLE_ARMOUR_CHAINMAIL] = 14;
        p->mod[WR_MOD_CHARGED] = 10;
        p->mod[WR_MOD_HATED_FOE] = 8;
        p->mod[WR_MOD_PER_RANK] = 2;
        p->mod[WR_MOD_ELITE_VETERAN] = 6;
        p->hated = UINT64_C(1) << WR_RACE_ORC;
    } else {
        p->bcp[WR_WEAPON_POLEARM][WR_SAMPLE_ARMOUR_CHAINMAIL] = 25;
        p->mod[WR_MOD_HATED_FOE] = 6;
        p->mod[WR_MOD_PER_RANK] = 2;
        p->mod[WR_MOD_ELITE_VETERAN] = 6;
        p->mod[WR_MOD_ENEMY_SHIELD] = -2;
        p->hated = UINT64_C(1) << WR_RACE_DWARF;
    }
    *out = p;
    return WR_OK;
}

void wr_profile_free(wr_profile *profile)
{
    wri_free_handle(profile, sizeof *profile, offsetof(wr_profile, alloc));
}

wr_status wr_profile_race(const wr_profile *profile, wr_race *race)
{
    wr_status st = WRI_NULLS(profile, race);
    if (st != WR_OK)
        return st;
    *race = (wr_race)profile->race;
    return WR_OK;
}

wr_status wr_profile_set_weapon(wr_profile *profile, int weapon_type, wr_weapon reach, int allowed)
{
    if (profile == NULL)
        return WRI_NULL(profile);
    if (weapon_type < 0 || weapon_type >= WR_PROFILE_WEAPONS)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "weapon_type", weapon_type, "0..15");
    int r = (int)reach;
    if (r < WR_WEAPON_OTHER || r > WR_WEAPON_PIKE)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "reach", r, "a wr_weapon value");
    profile->reach[weapon_type] = (unsigned char)r;
    profile->allowed[weapon_type] = (unsigned char)(allowed != 0);
    return WR_OK;
}

wr_status wr_profile_weapon(const wr_profile *profile, int weapon_type, wr_weapon *reach,
                            int *allowed)
{
    if (profile == NULL)
        return WRI_NULL(profile);
    if (reach == NULL)
        return WRI_NULL(reach);
    if (allowed == NULL)
        return WRI_NULL(allowed);
    if (weapon_type < 0 || weapon_type >= WR_PROFILE_WEAPONS)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "weapon_type", weapon_type, "0..15");
    *reach = (wr_weapon)profile->reach[weapon_type];
    *allowed = profile->allowed[weapon_type];
    return WR_OK;
}

static wr_status check_cell(int weapon_type, int armour)
{
    if (weapon_type < 0 || weapon_type >= WR_PROFILE_WEAPONS)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "weapon_type", weapon_type, "0..15");
    if (armour < 0 || armour >= WR_PROFILE_ARMOURS)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "armour", armour, "0..7");
    return WR_OK;
}

wr_status wr_profile_set_bcp(wr_profile *profile, int weapon_type, int armour, int bcp)
{
    if (profile == NULL)
        return WRI_NULL(profile);
    wr_status st = check_cell(weapon_type, armour);
    if (st != WR_OK)
        return WRI_PASS(st);
    if (bcp < 0 || bcp > 1000)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "bcp", bcp, "0..1000");
    profile->bcp[weapon_type][armour] = bcp;
    return WR_OK;
}

wr_status wr_profile_bcp(const wr_profile *profile, int weapon_type, int armour, int *bcp)
{
    if (profile == NULL)
        return WRI_NULL(profile);
    if (bcp == NULL)
        return WRI_NULL(bcp);
    wr_status st = check_cell(weapon_type, armour);
    if (st != WR_OK)
        return WRI_PASS(st);
    *bcp = profile->bcp[weapon_type][armour];
    return WR_OK;
}

wr_status wr_profile_set_modifier(wr_profile *profile, wr_modifier modifier, int value)
{
    if (profile == NULL)
        return WRI_NULL(profile);
    int m = (int)modifier;
    if (m < 0 || m >= WR_MOD_COUNT)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "modifier", m, "a wr_modifier value");
    if (value < -1000 || value > 1000)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "value", value, "-1000..1000");
    profile->mod[m] = value;
    return WR_OK;
}

wr_status wr_profile_modifier(const wr_profile *profile, wr_modifier modifier, int *value)
{
    if (profile == NULL)
        return WRI_NULL(profile);
    if (value == NULL)
        return WRI_NULL(value);
    int m = (int)modifier;
    if (m < 0 || m >= WR_MOD_COUNT)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "modifier", m, "a wr_modifier value");
    *value = profile->mod[m];
    return WR_OK;
}

wr_status wr_profile_set_hated(wr_profile *profile, wr_race enemy, int hated)
{
    if (profile == NULL)
        return WRI_NULL(profile);
    int r = (int)enemy;
    if (r < 0 || r > WR_RACE_MAX)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "enemy", r, "0..63");
    uint64_t bit = UINT64_C(1) << r;
    profile->hated = hated ? (profile->hated | bit) : (profile->hated & ~bit);
    return WR_OK;
}

wr_status wr_profile_hated(const wr_profile *profile, wr_race enemy, int *hated)
{
    if (profile == NULL)
        return WRI_NULL(profile);
    if (hated == NULL)
        return WRI_NULL(hated);
    int r = (int)enemy;
    if (r < 0 || r > WR_RACE_MAX)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "enemy", r, "0..63");
    *hated = (int)((profile->hated >> r) & 1u);
    return WR_OK;
}

wr_status wr_profile_set_morale_modifier(wr_profile *profile, wr_morale_modifier modifier,
                                         int value)
{
    if (profile == NULL)
        return WRI_NULL(profile);
    int m = (int)modifier;
    if (m < 0 || m >= WR_MORALE_COUNT)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "modifier", m, "a wr_morale_modifier value");
    if (value < -1000 || value > 1000)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "value", value, "-1000..1000");
    profile->morale_mod[m] = value;
    return WR_OK;
}

wr_status wr_profile_morale_modifier(const wr_profile *profile, wr_morale_modifier modifier,
                                     int *value)
{
    if (profile == NULL)
        return WRI_NULL(profile);
    if (value == NULL)
        return WRI_NULL(value);
    int m = (int)modifier;
    if (m < 0 || m >= WR_MORALE_COUNT)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "modifier", m, "a wr_morale_modifier value");
    *value = profile->morale_mod[m];
    return WR_OK;
}

wr_status wr_profile_set_retire_band(wr_profile *profile, int band)
{
    if (profile == NULL)
        return WRI_NULL(profile);
    if (band < 0 || band > 100)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "band", band, "0..100");
    profile->retire_band = band;
    return WR_OK;
}

wr_status wr_profile_retire_band(const wr_profile *profile, int *band)
{
    if (profile == NULL)
        return WRI_NULL(profile);
    if (band == NULL)
        return WRI_NULL(band);
    *band = profile->retire_band;
    return WR_OK;
}
