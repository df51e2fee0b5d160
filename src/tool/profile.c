/* A library profile from a scenario's [profile] section: one builder for
   melee, odds, sweep and advise. */
#include "tool.h"

wr_status tool_profile_build(const tool_profile_spec *spec, wr_profile **out)
{
    wr_profile *p = NULL;
    wr_status st = spec->sample >= 0 ? wr_profile_new_sample((wr_sample_profile)spec->sample, &p)
                                     : wr_profile_new((wr_race)(spec->race >= 0 ? spec->race : 0), &p);
    for (int w = 0; w < WR_PROFILE_WEAPONS && st == WR_OK; w++) {
        if (spec->weapon_set[w])
            st = wr_profile_set_weapon(p, w, (wr_weapon)spec->weapon_reach[w],
                                       spec->weapon_allowed[w]);
        for (int a = 0; a < WR_PROFILE_ARMOURS && st == WR_OK; a++)
            if (spec->bcp[w][a] >= 0)
                st = wr_profile_set_bcp(p, w, a, spec->bcp[w][a]);
    }
    for (int m = 0; m < WR_MOD_COUNT && st == WR_OK; m++)
        if (spec->mod_set[m])
            st = wr_profile_set_modifier(p, (wr_modifier)m, spec->mod[m]);
    for (int m = 0; m < WR_MORALE_COUNT && st == WR_OK; m++)
        if (spec->morale_set[m])
            st = wr_profile_set_morale_modifier(p, (wr_morale_modifier)m, spec->morale[m]);
    for (int r = 0; r <= WR_RACE_MAX && st == WR_OK; r++)
        if (spec->hated[r] >= 0)
            st = wr_profile_set_hated(p, (wr_race)r, spec->hated[r]);
    if (st == WR_OK && spec->retire_band >= 0)
        st = wr_profile_set_retire_band(p, spec->retire_band);
    if (st != WR_OK) {
        wr_profile_free(p);
        return st;
    }
    *out = p;
    return WR_OK;
}
