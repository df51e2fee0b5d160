/* wr_figure: statistics, damage dice and the one damage roll of [11.5]. */
#include <limits.h>

#include "internal.h"
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
    wri_free(&a, figure->steed_groups, figure->cap_steed_groups, sizeof *figure->steed_groups);
    wri_free(&a, figure, 1, sizeof *figure);
}

wr_status wri_battlesystem_figure_copy(const wr_figure *figure, const wr_allocator *a,
                                       wr_figure **out)
{
    wr_figure *copy = NULL;
    wr_status st = figure_alloc(a, &copy);
    if (st != WR_OK)
        return st;
    wri_dice_group *groups = NULL, *steed = NULL;
    if (figure->n_groups > 0) {
        groups = wri_alloc_zero(a, figure->n_groups, sizeof *groups);
        steed = figure->n_steed_groups > 0
                    ? wri_alloc_zero(a, figure->n_steed_groups, sizeof *steed)
                    : NULL;
        if (groups == NULL || (steed == NULL && figure->n_steed_groups > 0)) {
            wri_free(a, groups, figure->n_groups, sizeof *groups);
            wri_free(a, steed, figure->n_steed_groups, sizeof *steed);
            wri_free(a, copy, 1, sizeof *copy);
            return WRI_NOMEM();
        }
        for (size_t i = 0; i < figure->n_groups; i++)
            groups[i] = figure->groups[i];
        for (size_t i = 0; i < figure->n_steed_groups; i++)
            steed[i] = figure->steed_groups[i];
    }
    *copy = *figure;
    copy->alloc = *a;
    copy->groups = groups;
    copy->cap_groups = figure->n_groups;
    copy->steed_groups = steed;
    copy->cap_steed_groups = figure->n_steed_groups;
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
        if ((int)stat == WR_STAT_MV)
            figure->move_points = WR_MOVE_PER_INCH * value;
        return WR_OK;
    case WR_STAT_SA: figure->sa = (uint32_t)value; return WR_OK;
    case WR_STAT_SD: figure->sd = (uint32_t)value; return WR_OK;
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
    default:
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "stat", stat, "a wr_stat (WR_STAT_AR..WR_STAT_SD)");
    }
}

/* The union of two arrays of groups sorted by sides, in a new block of
   nx + ny groups (its size for the allocator); NULL when that is 0 or on
   failure (*failed tells). */
static wri_dice_group *merged_groups(const wr_allocator *a, const wri_dice_group *x, size_t nx,
                                     const wri_dice_group *y, size_t ny, size_t *n_out, int *failed)
{
    *n_out = 0;
    *failed = 0;
    if (nx + ny == 0)
        return NULL;
    wri_dice_group *merged = wri_alloc_zero(a, nx + ny, sizeof *merged);
    if (merged == NULL) {
        *failed = 1;
        return NULL;
    }
    size_t i = 0, j = 0, m = 0;
    while (i < nx || j < ny) {
        if (j == ny || (i < nx && x[i].sides < y[j].sides)) {
            merged[m++] = x[i++];
        } else if (i == nx || y[j].sides < x[i].sides) {
            merged[m++] = y[j++];
        } else {
            merged[m] = x[i++];
            merged[m++].dice += y[j++].dice;
        }
    }
    *n_out = m;
    return merged;
}

/* Merges groups (sorted by sides) and bonus into figure, and steed (a part
   of those groups) into its steed part: all or nothing. */
static wr_status merge_groups(wr_figure *figure, const wri_dice_group *groups, size_t n,
                              const wri_dice_group *steed, size_t n_steed, int64_t bonus)
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
    const wr_allocator *a = &figure->alloc;
    size_t m = 0, m_steed = figure->n_steed_groups;
    int failed = 0, failed_steed = 0;
    wri_dice_group *merged =
        merged_groups(a, figure->groups, figure->n_groups, groups, n, &m, &failed);
    wri_dice_group *merged_steed = figure->steed_groups;
    size_t cap_steed = figure->cap_steed_groups;
    if (n_steed > 0) {
        cap_steed = figure->n_steed_groups + n_steed;
        merged_steed = merged_groups(a, figure->steed_groups, figure->n_steed_groups, steed,
                                     n_steed, &m_steed, &failed_steed);
    }
    if (failed || failed_steed) {
        wri_free(a, merged, figure->n_groups + n, sizeof *merged);
        if (n_steed > 0)
            wri_free(a, merged_steed, cap_steed, sizeof *merged_steed);
        return WRI_NOMEM();
    }
    wri_free(a, figure->groups, figure->cap_groups, sizeof *figure->groups);
    if (n_steed > 0)
        wri_free(a, figure->steed_groups, figure->cap_steed_groups, sizeof *figure->steed_groups);
    figure->cap_groups = figure->n_groups + n;
    figure->groups = merged;
    figure->n_groups = m;
    figure->steed_groups = merged_steed;
    figure->n_steed_groups = m_steed;
    figure->cap_steed_groups = cap_steed;
    figure->total_dice = (int)dice;
    figure->bonus = (int)new_bonus;
    return WR_OK;
}

wr_status wri_battlesystem_figure_merge_damage(wr_figure *dst, const wr_figure *src, int as_steed)
{
    return merge_groups(dst, src->groups, src->n_groups, as_steed ? src->groups : src->steed_groups,
                        as_steed ? src->n_groups : src->n_steed_groups, src->bonus);
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
    return WRI_PASS(merge_groups(figure, &group, 1, NULL, 0, bonus));
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

wr_status wr_figure_damage_rolls(const wr_figure *figure, const int *rolls, size_t n_rolls,
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

wr_status wr_figure_damage_rng(const wr_figure *figure, wr_rng *rng, int *damage)
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

wr_status wr_figure_move_points(const wr_figure *figure, int *move_points)
{
    if (figure == NULL)
        return WRI_NULL(figure);
    if (move_points == NULL)
        return WRI_NULL(move_points);
    *move_points = figure->move_points;
    return WR_OK;
}

/* The steed's dice among the dice of the figure's group g. */
static int steed_dice_of_group(const wr_figure *figure, size_t g)
{
    for (size_t i = 0; i < figure->n_steed_groups; i++)
        if (figure->steed_groups[i].sides == figure->groups[g].sides)
            return figure->steed_groups[i].dice;
    return 0;
}

wr_status wr_figure_damage_group_parts(const wr_figure *figure, size_t index, int *rider_dice,
                                       int *steed_dice)
{
    if (figure == NULL)
        return WRI_NULL(figure);
    if (rider_dice == NULL)
        return WRI_NULL(rider_dice);
    if (steed_dice == NULL)
        return WRI_NULL(steed_dice);
    if (index >= figure->n_groups)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "index", index, "below the figure's number of groups");
    int steed = steed_dice_of_group(figure, index);
    *rider_dice = figure->groups[index].dice - steed;
    *steed_dice = steed;
    return WR_OK;
}

static wr_status check_charge_multiplier(int multiplier)
{
    if (multiplier < 1 || multiplier > 2)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "multiplier", multiplier,
                              "1 or 2 (wr_charge_damage_multiplier)");
    return WR_OK;
}

wr_status wr_figure_charge_damage_rolls(const wr_figure *figure, int multiplier, const int *rolls,
                                        size_t n_rolls, int *damage)
{
    if (figure == NULL)
        return WRI_NULL(figure);
    if (damage == NULL)
        return WRI_NULL(damage);
    if (rolls == NULL && n_rolls > 0)
        return WRI_NULL(rolls);
    wr_status st = check_charge_multiplier(multiplier);
    if (st != WR_OK)
        return WRI_PASS(st);
    if (n_rolls != (size_t)figure->total_dice)
        return WRI_FAIL_VALUE(WR_ERR_INVALID, "n_rolls", n_rolls, "the figure's total dice");
    int64_t total = figure->bonus;
    size_t k = 0;
    for (size_t g = 0; g < figure->n_groups; g++) {
        int rider = figure->groups[g].dice - steed_dice_of_group(figure, g);
        for (int d = 0; d < figure->groups[g].dice; d++, k++) {
            if (rolls[k] < 1 || rolls[k] > figure->groups[g].sides)
                return WRI_FAIL_VALUE(WR_ERR_RANGE, "rolls[k]", rolls[k], "1..sides of its die");
            total += (int64_t)rolls[k] * (d < rider ? multiplier : 1);
        }
    }
    *damage = clamp_damage(total);
    return WR_OK;
}

wr_status wr_figure_charge_damage_rng(const wr_figure *figure, int multiplier, wr_rng *rng,
                                      int *damage)
{
    if (figure == NULL)
        return WRI_NULL(figure);
    if (rng == NULL)
        return WRI_NULL(rng);
    if (damage == NULL)
        return WRI_NULL(damage);
    wr_status st = check_charge_multiplier(multiplier);
    if (st != WR_OK)
        return WRI_PASS(st);
    int64_t total = figure->bonus;
    for (size_t g = 0; g < figure->n_groups; g++) {
        int sides = figure->groups[g].sides;
        int rider = figure->groups[g].dice - steed_dice_of_group(figure, g);
        for (int d = 0; d < figure->groups[g].dice; d++) {
            int roll = 1;
            if (sides > 1 && (st = wr_rng_roll(rng, sides, &roll)) != WR_OK)
                return WRI_PASS(st);
            total += (int64_t)roll * (d < rider ? multiplier : 1);
        }
    }
    *damage = clamp_damage(total);
    return WR_OK;
}
