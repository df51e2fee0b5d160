/* [11.2] cavalry and [11.3] chariot ratings. */
#include "internal.h"
#include "core/error.h"

wr_status wr_rate_cavalry_ex(const wr_figure *rider, const wr_figure *mount,
                             const wr_allocator *alloc, wr_figure **out)
{
    if (rider == NULL)
        return WRI_NULL(rider);
    if (mount == NULL)
        return WRI_NULL(mount);
    if (out == NULL)
        return WRI_NULL(out);
    wr_figure *rated = NULL;
    wr_status st = wr_figure_new_ex(alloc, &rated);
    if (st != WR_OK)
        return WRI_PASS(st);
    if ((st = wri_battlesystem_figure_merge_damage(rated, rider, 0)) != WR_OK ||
        (st = wri_battlesystem_figure_merge_damage(rated, mount, 1)) != WR_OK) {
        wr_figure_free(rated);
        /* the dice or bonus the mount's damage would bring past the limits */
        return st == WR_ERR_RANGE ? WRI_PASS_ARG(st, "mount") : WRI_PASS(st);
    }
    rated->ar = rider->ar;
    rated->hd = (int)wri_battlesystem_ceil_div((int64_t)rider->hd + mount->hd, 2);
    rated->ac = rider->ac > mount->ac ? rider->ac : mount->ac;
    rated->mv = mount->mv;
    rated->move_points = mount->move_points;
    rated->sa = rider->sa | mount->sa;
    rated->sd = rider->sd & mount->sd;
    *out = rated;
    return WR_OK;
}

wr_status wr_rate_cavalry(const wr_figure *rider, const wr_figure *mount, wr_figure **out)
{
    return WRI_PASS(wr_rate_cavalry_ex(rider, mount, NULL, out));
}

#define MAX_CHARIOT_CREW 64

/* "p[0]" to "p[63]": the details name the very member of the caller's array. */
#define CREW_TEN(p, t)                                                                        \
    p "[" #t "0]", p "[" #t "1]", p "[" #t "2]", p "[" #t "3]", p "[" #t "4]", p "[" #t "5]", \
        p "[" #t "6]", p "[" #t "7]", p "[" #t "8]", p "[" #t "9]"
#define CREW_NAMES(p)                                                                             \
    {                                                                                             \
        p "[0]", p "[1]", p "[2]", p "[3]", p "[4]", p "[5]", p "[6]", p "[7]", p "[8]", p "[9]", \
            CREW_TEN(p, 1), CREW_TEN(p, 2), CREW_TEN(p, 3), CREW_TEN(p, 4), CREW_TEN(p, 5),       \
            p "[60]", p "[61]", p "[62]", p "[63]"                                                \
    }
static const char *const passenger_names[MAX_CHARIOT_CREW] = CREW_NAMES("passengers");
static const char *const puller_names[MAX_CHARIOT_CREW] = CREW_NAMES("pullers");

/* n is at most MAX_CHARIOT_CREW; the value shown is the member's (NULL: 0). */
static wr_status check_crew(const wr_figure *const *crew, size_t n, const char *const *names)
{
    for (size_t i = 0; i < n; i++)
        if (crew[i] == NULL)
            return WRI_FAIL_VALUE(WR_ERR_NULL, names[i], 0, "a non-NULL figure for every member");
    return WR_OK;
}

wr_status wr_rate_chariot_ex(const wr_figure *const *passengers, size_t n_passengers,
                             const wr_figure *const *pullers, size_t n_pullers,
                             const wr_allocator *alloc, wr_figure **out)
{
    if (out == NULL)
        return WRI_NULL(out);
    if (passengers == NULL)
        return WRI_NULL(passengers);
    if (pullers == NULL)
        return WRI_NULL(pullers);
    if (n_passengers < 1 || n_passengers > MAX_CHARIOT_CREW)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "n_passengers", n_passengers, "1..64");
    if (n_pullers < 1 || n_pullers > MAX_CHARIOT_CREW)
        return WRI_FAIL_VALUE(WR_ERR_RANGE, "n_pullers", n_pullers, "1..64");
    wr_status st;
    if ((st = check_crew(passengers, n_passengers, passenger_names)) != WR_OK ||
        (st = check_crew(pullers, n_pullers, puller_names)) != WR_OK)
        return WRI_PASS(st);
    wr_figure *rated = NULL;
    if ((st = wr_figure_new_ex(alloc, &rated)) != WR_OK)
        return WRI_PASS(st);

    int64_t ar = 0, ac = 0, passenger_hd = 0, puller_hd = 0;
    int slowest = pullers[0]->move_points;
    uint32_t sa = 0, sd = UINT32_MAX;
    for (size_t i = 0; i < n_passengers + n_pullers; i++) {
        int is_puller = i >= n_passengers;
        const wr_figure *f = is_puller ? pullers[i - n_passengers] : passengers[i];
        if ((st = wri_battlesystem_figure_merge_damage(rated, f, is_puller)) != WR_OK) {
            wr_figure_free(rated);
            if (st != WR_ERR_RANGE)
                return WRI_PASS(st);
            /* the dice or bonus this member's damage would bring past the limits */
            return WRI_PASS_ARG(st,
                                is_puller ? puller_names[i - n_passengers] : passenger_names[i]);
        }
        ar += f->ar;
        ac += f->ac;
        *(is_puller ? &puller_hd : &passenger_hd) += f->hd;
        if (is_puller && f->move_points < slowest)
            slowest = f->move_points;
        sa |= f->sa;
        sd &= f->sd;
    }
    int64_t everyone = (int64_t)(n_passengers + n_pullers);
    int64_t rated_ac = wri_battlesystem_floor_div(ac, everyone) - 2;
    /* the sum of the two means, rounded up once: puller_hd / n_pullers +
       passenger_hd / n_passengers over the common denominator */
    int64_t rated_hd = wri_battlesystem_ceil_div(puller_hd * (int64_t)n_passengers +
                                                     passenger_hd * (int64_t)n_pullers,
                                                 (int64_t)n_pullers * (int64_t)n_passengers);
    /* a chariot among the crew could push a chariot past the documented
       limits (HD doubling with each nesting until it overflows an int) */
    if (rated_hd > 2000 || rated_ac < -102) {
        wr_figure_free(rated);
        return rated_hd > 2000
                   ? WRI_FAIL_VALUE(WR_ERR_RANGE, "passengers", rated_hd,
                                    "[11.3] a crew rated at an HD (the value) of at most 2000")
                   : WRI_FAIL_VALUE(WR_ERR_RANGE, "passengers", rated_ac,
                                    "[11.3] a crew rated at an AC (the value) of at least -102");
    }
    rated->ar = (int)wri_battlesystem_floor_div(ar, everyone);
    rated->ac = (int)rated_ac;
    rated->hd = (int)rated_hd;
    /* two thirds of the slowest puller's move points; a puller made by
       wr_figure_set has 48 * MV of them, so this is exact (32 * MV) */
    rated->move_points = puller_hd >= 3 * passenger_hd ? slowest : (int)(2 * (int64_t)slowest / 3);
    rated->mv = rated->move_points / WR_MOVE_PER_INCH;
    rated->sa = sa;
    rated->sd = sd;
    *out = rated;
    return WR_OK;
}

wr_status wr_rate_chariot(const wr_figure *const *passengers, size_t n_passengers,
                          const wr_figure *const *pullers, size_t n_pullers, wr_figure **out)
{
    return WRI_PASS(wr_rate_chariot_ex(passengers, n_passengers, pullers, n_pullers, NULL, out));
}
