/* The library's objects from a scenario's sections: profiles and units
   for melee, odds, sweep and advise, and the fights of a melee phase. */
#include <string.h>

#include "tool.h"

wr_status tool_profile_build(const tool_profile_spec *spec, wr_profile **out)
{
    wr_profile *p = NULL;
    wr_status st = spec->sample >= 0
                       ? wr_profile_new_sample((wr_sample_profile)spec->sample, &p)
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

int tool_units_build(const char *cmd, const char *path, const tool_scenario *sc,
                     wr_profile **profiles, wr_melee_unit **units, const char *hint)
{
    char where[TOOL_PATH_MAX + 32];
    for (int i = 0; i < sc->n_units; i++) {
        const tool_unit_spec *u = &sc->units[i];
        tool_where(path, u->line, where, sizeof where);
        int pi = tool_scenario_profile(sc, u->profile);
        if (u->profile[0] == '\0' || pi < 0)
            return tool_fail(cmd, TOOL_USAGE, "%s[unit %s]: %s", where, u->name,
                             u->profile[0] ? "no [profile] of that name"
                                           : "no profile given (profile = NAME)");
        wr_last_error_clear();
        wr_status st = profiles[pi] ? WR_OK : tool_profile_build(&sc->profiles[pi], &profiles[pi]);
        if (st != WR_OK) {
            char pwhere[TOOL_PATH_MAX + 32];
            return tool_fail(cmd, st == WR_ERR_NOMEM ? TOOL_FAILED : TOOL_USAGE,
                             "%s[profile %s] is refused by the library: %s",
                             tool_where(path, sc->profiles[pi].line, pwhere, sizeof pwhere),
                             sc->profiles[pi].name, tool_lib_detail(st));
        }
        wr_last_error_clear();
        st = wr_melee_unit_new(profiles[pi], &u->def, &units[i]);
        if (st != WR_OK)
            return tool_fail(cmd, st == WR_ERR_NOMEM ? TOOL_FAILED : TOOL_USAGE,
                             "%s[unit %s] is refused by the library: %s%s", where, u->name,
                             tool_lib_detail(st), hint);
    }
    return TOOL_OK;
}

void tool_phase_fight(const tool_fight_spec *f, wr_melee_unit *const *units, wr_phase_fight *pf)
{
    memset(pf, 0, sizeof *pf);
    for (int s = 0; s < 2; s++) {
        const tool_fight_side_spec *fs = &f->side[s];
        wr_phase_combatant *ps = &pf->side[s];
        ps->unit = units[fs->unit];
        ps->face = (wr_facing)fs->face;
        ps->in_contact = fs->in_contact;
        ps->corner = fs->corner;
        ps->corner_fights = fs->corner_fights;
        ps->contact = (wr_phase_contact)fs->contact;
        ps->cover = (wr_cover)fs->cover;
        ps->character_present = fs->character;
    }
}
