/* A short tour of libwarrules: the README shows this file, and ctest runs it. */
#include <stdio.h>

#include <warrules/warrules.h>

static int check(wr_status st, const char *what)
{
    if (st != WR_OK)
        fprintf(stderr, "%s: %s (%s)\n", what, wr_status_name(st), wr_status_str(st));
    return st == WR_OK;
}

int main(void)
{
    /* Battlesystem [11.8]: how fast dwarves cross rough terrain. */
    int num = 0, den = 0;
    if (!check(wr_terrain_speed(WR_TERRAIN_ROUGH, WR_TRAIT_MOUNTAIN, &num, &den), "terrain"))
        return 1;
    printf("dwarves in rough terrain move at %d/%d of their rate\n", num, den);

    /* Fantasy Warlord: ten dwarf spearmen in two ranks strike with BCP 14
       and +28 in modifiers, and roll 34 on the d100 for the remainder. */
    int fighting = 0, mcp = 0, fcp = 0, kills = 0;
    if (!check(wr_fighting_figures(10, 5, 5, WR_WEAPON_SPEAR, 0, 0, &fighting), "fighting") ||
        !check(wr_combat_percent(14, 28, fighting, &mcp, &fcp), "percent") ||
        !check(wr_kills_from_percent(fcp, 34, &kills), "kills"))
        return 1;
    printf("%d dwarfs fight at %d%%: FCP %d%%, %d orcs slain\n", fighting, mcp, fcp, kills);

    /* Campaign: infantry marches two hexes east and fords a minor river. */
    wr_map *map = NULL;
    wr_planner *planner = NULL;
    wr_plan_params params;
    wr_route route;
    wr_hex from = {0, 0}, to = {2, 0};
    wr_hexside ford = {WR_RIVER_MINOR, WR_CROSS_FORD, 0, 0};
    int ok = check(wr_map_new(3, 1, &map), "map") &&
             check(wr_map_set_hexside(map, (wr_hex){1, 0}, 0, &ford), "ford") &&
             check(wr_planner_new(&planner), "planner") &&
             check(wr_plan_params_default(WR_MOVER_INFANTRY, &params), "params") &&
             check(wr_planner_route(planner, map, &params, from, to, &route), "route");
    if (ok) {
        for (size_t i = 0; i < route.step_count; i++) {
            const wr_step *s = &route.steps[i];
            printf("  day %d: hex (%d,%d), %d points left%s\n", s->day, s->hex.q, s->hex.r,
                   s->points_left, (s->flags & WR_STEP_FORD) ? ", forded the river" : "");
        }
        printf("arrives on day %d\n", route.arrival_day);
    }
    wr_planner_free(planner);
    wr_map_free(map);
    return ok ? 0 : 1;
}
