/* wr_figure: statistics, damage dice and the one damage roll of [11.5]. */
#include <limits.h>

#include "battlesystem_internal.h"
#include "core/error.h"

int64_t wri_battlesystem_floor_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && a < 0) ? q - 1 : q;
}

int64_t wri_battlesystem_ceil_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && a > 0) ? q + 1 : q;
}

static wr_status figure_alloc(const wr_allocator *a, wr_figure **out)
{
    wr_figure *figure = wri_alloc_zero(a, 1, sizeof *figure);
    if (figure == NULL)
        return WRI_NOMEM();
    figure->alloc = *a;
    *out = figure;
    return WR_OK;
}

wr_status wr_figure_new_ex(const wr_allocator *alloc, wr_figure **out)
{
    if (out == NULL)
        return WRI_NULL(out);
    wr_allocator a;
    wr_status st = wri_allocator_init(&a, alloc);
    if (st != WR_OK)
        return WRI_PASS(st);
    return WRI_PASS(figure_alloc(&a, out));
}

wr_status wr_figure_new(wr_figure **out)
{
    return WRI_PASS(wr_figure_new_ex(NULL, out));
}

void wr_figure_free(wr_figure *figure)
{
    if (figure == NULL)
        return;
    wr_allocator a = figure->alloc;
    wri_free(&a, figure->groups, figure->cap_groups, sizeof *figure->groups);
    wri_free(&a, figure, 1, sizeof *figure);
}

wr_status wri_battlesystem_figure_copy(const wr_figure *figure, const wr_allocator *a,
                                       wr_figure **out)
{
    wr_figure *copy = NULL;
    wr_status st = figure_alloc(a, &copy);
    if (st != WR_OK)
        return st;
    wri_dice_group *groups = NULL;
    if (figure->n_groups > 0) {
        groups = wri_alloc_zero(a, figure->n_groups, sizeof *groups);
        if (groups == NULL) {
            wri_free(a, copy, 1, sizeof *copy);
            return WRI_NOMEM();
        }
        for (size_t i = 0; i < figure->n_groups; i++)
            groups[i] = figure->groups[i];
    }
    *copy = *figure;
    copy->alloc = *a;
    copy->groups = groups;
    copy->cap_groups = figure->n_groups;
    *out = copy;
    return WR_OK;
}

wr_status wr_figure_clone(const wr_figure *figure, wr_figure **out)
{
    if (figure == NULL)
        return WRI_NULL(figure);
    if (out == NULL)
        return WRI_NULL(out);
    return WRI_PASS(wri_battlesystem_figure_copy(figure, &figure->alloc, out));
}

wr_status wr_figure_set(wr_figure *figure, wr_stat stat, int value)
{
    if (figure == NULL)
        return WRI_NULL(figure);
    switch ((int)stat) {
    case WR_STAT_AR:
    case WR_STAT_AC:
        if (value < -100 || value > 100)
            return WRI_FAIL_VALUE(WR_ERR_RANGE, "value", value, "-100..100 for AR and AC");
        *((int)stat == WR_STAT_AR ? &figure->ar : &figure->ac) = value;
        return WR_OK;
    case WR_STAT_HD:
    case WR_STAT_MV:
        if (value < 0 || value > 1000)
            return WRI_FAIL_VALUE(WR_ERR_RANGE, "value", value, "0..1000 for HD and MV");
        *((int)stat == WR_STAT_HD ? &figure->hd : &figure->mv) = value;
        return WR_OK;
    case WR_STAT_SA:
        figure->sa = (uint32_t)value;
        return WR_OK;
    case WR_STAT_SD:
        figure->sd = (uint32_t)value;
        return WR_OK;
    default:
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "stat", stat, "a wr_stat (WR_STAT_AR..WR_STAT_SD)");
    }
}

/* The 32-bit pattern as an int, without implementation-defined conversion. */
static int bits_to_int(uint32_t bits)
{
    if (bits <= (uint32_t)INT_MAX)
        return (int)bits;
    return (int)(bits - (uint32_t)INT_MAX - 1u) + INT_MIN;
}

wr_status wr_figure_get(const wr_figure *figure, wr_stat stat, int *value)
{
    if (figure == NULL)
        return WRI_NULL(figure);
    if (value == NULL)
        return WRI_NULL(value);
    switch ((int)stat) {
    case WR_STAT_AR: *value = figure->ar; return WR_OK;
    case WR_STAT_HD: *value = figure->hd; return WR_OK;
    case WR_STAT_AC: *value = figure->ac; return WR_OK;
    case WR_STAT_MV: *value = figure->mv; return WR_OK;
    case WR_STAT_SA: *value = bits_to_int(figure->sa); return WR_OK;
    case WR_STAT_SD: *value = bits_to_int(figure->sd); return WR_OK;
    default: return WRI_FAIL_VALUE(WR_ERR_INVALID, "stat", stat, "a wr_stat (WR_STAT_AR..WR_STAT_SD)");
    }
}

/* Merges groups (sorted by sides) and bonus into figure: all or nothing. */
static wr_status merge_groups(wr_figure *figure, const wri_dice_group *groups, size_t n,
                              int64_t bonus)
{
    int64_t dice = figure->total_dice;
    for (size_t i = 0; i < n; i++)
        dice += groups[i].dice;
    int64_t new_bonus = (int64_t)figure->bonus + bonus;
    if (dice > WR_FIGURE_MAX_DICE || new_bonus > WR_FIGURE_MAX_BONUS ||
        new_bonus < -WR_FIGURE_MAX_BONUS)
        return dice > WR_FIGURE_MAX_DICE
                   ? WRI_FAIL_VALUE(WR_ERR_RANGE, "dice", dice, "at most 100000 dice on a figure")
                   : WRI_FAIL_VALUE(WR_ERR_RANGE, "bonus", new_bonus,
                                    "a total bonus within -100000..100000");
    size_t cap = figure->n_groups + n;
    wri_dice_group *merged = NULL;
    size_t m = 0;
    if (cap > 0) {
        merged = wri_alloc_zero(&figure->alloc, cap, sizeof *merged);
        if (merged == NULL)
            return WRI_NOMEM();
        size_t i = 0, j = 0;
        while (i < figure->n_groups || j < n) {
            if (j == n || (i < figure->n_groups && figure->groups[i].sides < groups[j].sides)) {
                merged[m++] = figure->groups[i++];
            } else if (i == figure->n_groups || groups[j].sides < figure->groups[i].sides) {
                merged[m++] = groups[j++];
            } else {
                merged[m] = figure->groups[i++];
                merged[m++].dice += groups[j++].dice;
            }
        }
    }
    wri_free(&figure->alloc, figure->groups, figure->cap_groups, sizeof *figure->groups);
    figure->groups = merged;
    figure->n_groups = m;
    figure->cap_groups = cap;
    figure->total_dice = (int)dice;
    figure->bonus = (int)new_bonus;
    return WR_OK;
}

wr_status wri_battlesystem_figure_merge_damage(wr_figure *dst, const wr_figure *src)
{
    return merge_groups(dst, src->groups, src->n_groups, src->bonus);
}

wr_status wr_figure_add_damage(wr_figure *figure, int dice, int sides, int bonus)
{
    if (figure == NULL)
        return WRI_NULL(figure);
    if (dice < 1 || dice > 1000)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "dice", dice, "1..1000");
    if (sides < 1 || sides > 1000)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "sides", sides, "1..1000");
    if (bonus < -1000 || bonus > 1000)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "bonus", bonus, "-1000..1000");
    wri_dice_group group = {sides, dice};
    return WRI_PASS(merge_groups(figure, &group, 1, bonus));
}

wr_status wr_figure_damage_range(const wr_figure *figure, int *min, int *max)
{
    if (figure == NULL)
        return WRI_NULL(figure);
    if (min == NULL)
        return WRI_NULL(min);
    if (max == NULL)
        return WRI_NULL(max);
    int64_t high = figure->bonus;
    for (size_t i = 0; i < figure->n_groups; i++)
        high += (int64_t)figure->groups[i].dice * figure->groups[i].sides;
    int64_t low = (int64_t)figure->total_dice + figure->bonus;
    *min = low > 0 ? (int)low : 0;
    *max = high > 0 ? (int)high : 0;
    return WR_OK;
}

wr_status wr_figure_damage_groups(const wr_figure *figure, size_t *groups)
{
    if (figure == NULL)
        return WRI_NULL(figure);
    if (groups == NULL)
        return WRI_NULL(groups);
    *groups = figure->n_groups;
    return WR_OK;
}

wr_status wr_figure_damage_group(const wr_figure *figure, size_t index, int *dice, int *sides)
{
    if (figure == NULL)
        return WRI_NULL(figure);
    if (dice == NULL)
        return WRI_NULL(dice);
    if (sides == NULL)
        return WRI_NULL(sides);
    if (index >= figure->n_groups)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "index", index, "below the figure's number of groups");
    *dice = figure->groups[index].dice;
    *sides = figure->groups[index].sides;
    return WR_OK;
}

wr_status wr_figure_damage_totals(const wr_figure *figure, int *dice, int *bonus)
{
    if (figure == NULL)
        return WRI_NULL(figure);
    if (dice == NULL)
        return WRI_NULL(dice);
    if (bonus == NULL)
        return WRI_NULL(bonus);
    *dice = figure->total_dice;
    *bonus = figure->bonus;
    return WR_OK;
}

static int clamp_damage(int64_t total)
{
    return total > 0 ? (int)total : 0;
}

wr_status wr_figure_damage_from_rolls(const wr_figure *figure, const int *rolls, size_t n_rolls,
                                      int *damage)
{
    if (figure == NULL)
        return WRI_NULL(figure);
    if (damage == NULL)
        return WRI_NULL(damage);
    if (rolls == NULL && n_rolls > 0)
        return WRI_NULL(rolls);
    if (n_rolls != (size_t)figure->total_dice)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "n_rolls", n_rolls, "the figure's total dice");
    int64_t total = figure->bonus;
    size_t k = 0;
    for (size_t g = 0; g < figure->n_groups; g++) {
        for (int d = 0; d < figure->groups[g].dice; d++, k++) {
            if (rolls[k] < 1 || rolls[k] > figure->groups[g].sides)
                return WRI_FAIL_VALUE(WR_ERR_RANGE, "rolls[k]", rolls[k], "1..sides of its die");
            total += rolls[k];
        }
    }
    *damage = clamp_damage(total);
    return WR_OK;
}

wr_status wr_figure_damage_roll(const wr_figure *figure, wr_rng *rng, int *damage)
{
    if (figure == NULL)
        return WRI_NULL(figure);
    if (rng == NULL)
        return WRI_NULL(rng);
    if (damage == NULL)
        return WRI_NULL(damage);
    int64_t total = figure->bonus;
    for (size_t g = 0; g < figure->n_groups; g++) {
        int sides = figure->groups[g].sides;
        for (int d = 0; d < figure->groups[g].dice; d++) {
            int roll = 1;
            if (sides > 1) {
                wr_status st = wr_rng_roll(rng, sides, &roll);
                if (st != WR_OK)
                    return WRI_PASS(st);
            }
            total += roll;
        }
    }
    *damage = clamp_damage(total);
    return WR_OK;
}

wr_status wr_mounted_removed(unsigned killed_parts, int *removed)
{
    if (removed == NULL)
        return WRI_NULL(removed);
    if ((killed_parts & ~(WR_PART_RIDER | WR_PART_STEED)) != 0)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "killed_parts", killed_parts,
                              "WR_PART_RIDER and/or WR_PART_STEED");
    *removed = killed_parts != 0;
    return WR_OK;
}
