/* wr_unit: figures of one rated figure, their equipment and traits; [11.1] removal. */
#include "battlesystem_internal.h"

#define ALL_EQUIPMENT (WR_EQUIP_LARGE_SHIELDS | WR_EQUIP_SPEARS | WR_EQUIP_CHARGE_WEAPONS)

wr_unit_desc wr_unit_desc_default(void)
{
    wr_unit_desc desc = {WR_UNIT_TYPE_FOOT, 1, 0u, 0u, 0, 1};
    return desc;
}

static wr_status check_desc(const wr_unit_desc *desc)
{
    int kind = (int)desc->type;
    if (kind < WR_UNIT_TYPE_FOOT || kind > WR_UNIT_TYPE_CHARIOT || (desc->equipment & ~ALL_EQUIPMENT) ||
        (desc->traits & ~WRI_BATTLESYSTEM_ALL_TRAITS) || (desc->single_creature != 0 && desc->single_creature != 1) ||
        (desc->in_command != 0 && desc->in_command != 1))
        return WR_ERR_INVALID;
    if (desc->figures < 0 || desc->figures > WRI_BATTLESYSTEM_MAX_FIGURES)
        return WR_ERR_RANGE;
    return WR_OK;
}

wr_status wr_unit_new_ex(const wr_figure *figure, const wr_unit_desc *desc,
                         const wr_allocator *alloc, wr_unit **out)
{
    if (figure == NULL || desc == NULL || out == NULL)
        return WR_ERR_NULL;
    wr_status st = check_desc(desc);
    if (st != WR_OK)
        return st;
    wr_allocator a;
    wr_unit *unit = wri_new_object(alloc, sizeof *unit, &a, &st);
    if (unit == NULL)
        return st;
    if ((st = wri_battlesystem_figure_copy(figure, &a, &unit->figure)) != WR_OK) {
        wri_free(&a, unit, 1, sizeof *unit);
        return st;
    }
    unit->alloc = a;
    unit->desc = *desc;
    *out = unit;
    return WR_OK;
}

wr_status wr_unit_new(const wr_figure *figure, const wr_unit_desc *desc, wr_unit **out)
{
    return wr_unit_new_ex(figure, desc, NULL, out);
}

void wr_unit_free(wr_unit *unit)
{
    if (unit == NULL)
        return;
    wr_allocator a = unit->alloc;
    wr_figure_free(unit->figure);
    wri_free(&a, unit, 1, sizeof *unit);
}

wr_status wr_unit_get_desc(const wr_unit *unit, wr_unit_desc *desc)
{
    if (unit == NULL || desc == NULL)
        return WR_ERR_NULL;
    *desc = unit->desc;
    return WR_OK;
}

wr_status wr_unit_set_desc(wr_unit *unit, const wr_unit_desc *desc)
{
    if (unit == NULL || desc == NULL)
        return WR_ERR_NULL;
    wr_status st = check_desc(desc);
    if (st != WR_OK)
        return st;
    unit->desc = *desc;
    return WR_OK;
}

wr_status wr_unit_figure(const wr_unit *unit, const wr_figure **figure)
{
    if (unit == NULL || figure == NULL)
        return WR_ERR_NULL;
    *figure = unit->figure;
    return WR_OK;
}

wr_status wr_unit_kill_parts(wr_unit *unit, unsigned killed_parts, int figures_hit, int *removed)
{
    if (unit == NULL || removed == NULL)
        return WR_ERR_NULL;
    if ((killed_parts & ~(WR_PART_RIDER | WR_PART_STEED)) != 0 ||
        (unit->desc.type == WR_UNIT_TYPE_FOOT && (killed_parts & WR_PART_STEED)))
        return WR_ERR_INVALID;
    if (figures_hit < 0 || figures_hit > unit->desc.figures)
        return WR_ERR_RANGE;
    int n = killed_parts != 0 ? figures_hit : 0;
    unit->desc.figures -= n;
    *removed = n;
    return WR_OK;
}
