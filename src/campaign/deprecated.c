/* The deprecated names of warrules/campaign.h: each calls its replacement. */
#define WR_ALLOW_DEPRECATED
#include "warrules/warrules.h"

wr_status wr_map_contains(const wr_map *map, wr_hex hex, int *inside)
{
    return wr_map_has_hex(map, hex, inside);
}

wr_status wr_map_set_side(wr_map *map, wr_hex hex, int direction, const wr_hexside *side)
{
    return wr_map_set_hexside(map, hex, direction, side);
}

wr_status wr_map_side(const wr_map *map, wr_hex hex, int direction, wr_hexside *side)
{
    return wr_map_hexside(map, hex, direction, side);
}

wr_status wr_map_sight(const wr_map *map, wr_hex a, wr_hex b, int *visible)
{
    return wr_map_is_visible(map, a, b, visible);
}

wr_status wr_half_die_roll(wr_rng *rng, int *half)
{
    return wr_half_die_rng(rng, half);
}

wr_status wr_getting_lost_roll(int small_unit, int on_route, int chance_percent, wr_rng *rng,
                               int *lost)
{
    return wr_getting_lost_rng(small_unit, on_route, chance_percent, rng, lost);
}

wr_status wr_map_on_route(const wr_map *map, wr_hex hex, int direction, int *on_route)
{
    return wr_map_is_on_route(map, hex, direction, on_route);
}

wr_status wr_moves_from(const wr_plan_params *params, const wr_hex_desc *here,
                        const wr_hex_desc neighbors[6], const wr_hexside sides[6],
                        const int32_t nodes[6], wr_plan_edge *out, size_t capacity, size_t *count)
{
    return wr_hex_desc_moves(params, here, neighbors, sides, nodes, out, capacity, count);
}

wr_status wr_map_side_index(const wr_map *map, wr_hex hex, int direction, int32_t *index)
{
    return wr_map_hexside_index(map, hex, direction, index);
}
