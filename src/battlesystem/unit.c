/* wr_battle_unit: figures of one rated figure, their equipment and traits; [11.1] removal. */
#include "internal.h"
#include "core/error.h"

#define ALL_EQUIPMENT (WR_EQUIP_LARGE_SHIELDS | WR_EQUIP_SPEARS | WR_EQUIP_CHARGE_WEAPONS)

wr_battle_unit_desc wr_battle_unit_desc_default(void)
{
    wr_battle_unit_desc desc = {WR_UNIT_TYPE_FOOT, 1, 0u, 0u, 0, 1};
    return desc;
}

static wr_status check_desc(const wr_battle_unit_desc *desc)
{
    int kind = (int)desc->type;
    if (kind < WR_UNIT_TYPE_FOOT || kind > WR_UNIT_TYPE_CHARIOT)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "desc->type", kind, "a wr_battle_unit_type");
    if (desc->equipment & ~ALL_EQUIPMENT)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "desc->equipment", desc->equipment,
                              "WR_EQUIP_* bits");
    if (desc->traits & ~WRI_BATTLESYSTEM_ALL_TRAITS)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "desc->traits", desc->traits, "WR_TRAIT_* bits");
    if (desc->single_creature != 0 && desc->single_creature != 1)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "desc->single_creature", desc->single_creature,
                              "0 or 1");
    if (desc->in_command != 0 && desc->in_command != 1)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "desc->in_command", desc->in_command, "0 or 1");
    if (desc->figures < 0 || desc->figures > WRI_BATTLESYSTEM_MAX_FIGURES)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "desc->figures", desc->figures, "0..100000");
    return WR_OK;
}

wr_status wr_battle_unit_new_ex(const wr_figure *figure, const wr_battle_unit_desc *desc,
                                const wr_allocator *alloc, wr_battle_unit **out)
{
    wr_status st = WRI_NULLS(figure, desc, out);
    if (st != WR_OK)
        return st;
    st = check_desc(desc);
    if (st != WR_OK)
        return WRI_PASS(st);
    wr_allocator a;
    wr_battle_unit *unit = wri_new_object(alloc, sizeof *unit, &a, &st);
    if (unit == NULL)
        return WRI_PASS(st);
    if ((st = wri_battlesystem_figure_copy(figure, &a, &unit->figure)) != WR_OK) {
        wri_free(&a, unit, 1, sizeof *unit);
        return WRI_PASS(st);
    }
    unit->alloc = a;
    unit->desc = *desc;
    *out = unit;
    return WR_OK;
}

wr_status wr_battle_unit_new(const wr_figure *figure, const wr_battle_unit_desc *desc,
                             wr_battle_unit **out)
{
    return WRI_PASS(wr_battle_unit_new_ex(figure, desc, NULL, out));
}

void wr_battle_unit_free(wr_battle_unit *unit)
{
    if (unit == NULL)
        return;
    wr_allocator a = unit->alloc;
    wr_figure_free(unit->figure);
    wri_free(&a, unit, 1, sizeof *unit);
}

wr_status wr_battle_unit_get(const wr_battle_unit *unit, wr_battle_unit_desc *desc)
{
    if (unit == NULL)
        return WRI_NULL(unit);
    if (desc == NULL)
        return WRI_NULL(desc);
    *desc = unit->desc;
    return WR_OK;
}

wr_status wr_battle_unit_set(wr_battle_unit *unit, const wr_battle_unit_desc *desc)
{
    if (unit == NULL)
        return WRI_NULL(unit);
    if (desc == NULL)
        return WRI_NULL(desc);
    wr_status st = check_desc(desc);
    if (st != WR_OK)
        return WRI_PASS(st);
    unit->desc = *desc;
    return WR_OK;
}

wr_status wr_battle_unit_figure(const wr_battle_unit *unit, const wr_figure **figure)
{
    if (unit == NULL)
        return WRI_NULL(unit);
    if (figure == NULL)
        return WRI_NULL(figure);
    *figure = unit->figure;
    return WR_OK;
}

wr_status wr_battle_unit_kill_parts(wr_battle_unit *unit, unsigned killed_parts, int figures_hit,
                                    int *removed)
{
    if (unit == NULL)
        return WRI_NULL(unit);
    if (removed == NULL)
        return WRI_NULL(removed);
    if ((killed_parts & ~(WR_PART_RIDER | WR_PART_STEED)) != 0)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "killed_parts", killed_parts,
                              "WR_PART_RIDER and/or WR_PART_STEED");
    if (unit->desc.type == WR_UNIT_TYPE_FOOT && (killed_parts & WR_PART_STEED))
        return WRI_FAIL(WR_ERR_INVALID, "killed_parts",
                        "[11.1] no WR_PART_STEED in a foot unit (it has no steeds)");
    if (figures_hit < 0 || figures_hit > unit->desc.figures)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "figures_hit", figures_hit, "0..the unit's figures");
    int n = killed_parts != 0 ? figures_hit : 0;
    unit->desc.figures -= n;
    *removed = n;
    return WR_OK;
}
