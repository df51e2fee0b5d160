/* The deprecated names of warrules/melee.h: each calls its replacement. */
#define WR_ALLOW_DEPRECATED
#include "warrules/warrules.h"

wr_status wr_profile_hates(const wr_profile *profile, wr_race enemy, int *hated)
{
    return wr_profile_hated(profile, enemy, hated);
}

wr_status wr_hit_chart_complete(const wr_hit_chart *chart, int *complete)
{
    return wr_hit_chart_is_complete(chart, complete);
}

wr_melee_unit_desc wr_unit_def_default(void)
{
    return wr_melee_unit_desc_default();
}

wr_status wr_melee_unit_def(const wr_melee_unit *unit, wr_melee_unit_desc *def)
{
    return wr_melee_unit_get(unit, def);
}

wr_status wr_engagement_fight(const wr_engagement *engagement, wr_rng *rng, wr_melee_round *round)
{
    return wr_engagement_fight_rng(engagement, rng, round);
}

wr_status wr_melee_odds_new_ws(const wr_engagement *engagement, int max_rounds,
                               wr_odds_workspace *workspace, wr_melee_odds **out)
{
    return wr_melee_odds_new_in_workspace(engagement, max_rounds, workspace, out);
}

wr_status wr_melee_simulate(const wr_engagement *engagement, int max_rounds, wr_rng *rng,
                            int trials, uint64_t counts[WR_END_COUNT])
{
    return wr_engagement_simulate_rng(engagement, max_rounds, rng, trials, counts);
}

wr_status wr_melee_phase_resolve(wr_melee_phase *phase, wr_rng *rng)
{
    return wr_melee_phase_resolve_rng(phase, rng);
}
