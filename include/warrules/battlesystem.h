/**
 * @file battlesystem.h
 * @brief AD\&D Battlesystem, chapter 11 "Special movement": cavalry and chariot
 *        ratings, charges, shield walls, set spears, terrain.
 *
 * Sections [11.1] to [11.9] of the Intermediate Game and the rulings on them.
 * docs/rules/battlesystem.md maps every rule to its function and writes down
 * each reading of an ambiguous phrase.
 *
 * Units of measure (all exact integers):
 * - leg lengths and sight ranges are in twelfths of an inch
 *   (::WR_LEN_PER_INCH per inch);
 * - movement amounts (rates, costs, what is left) are in move points, forty-
 *   eighths of an inch of clear terrain (::WR_MOVE_PER_INCH per inch), fine
 *   enough that every cost of Table 14 is a whole number;
 * - a figure's MV is in inches per Game Round, so a unit has 48 * MV move
 *   points a round (a chariot at two thirds of its pullers' MV keeps the
 *   exact 32 * MV: wr_figure_move_points());
 * - forest fires are measured in quarter inches (::WR_FIRE_PER_INCH).
 *
 * Modifiers are always numbers to add: lower AR and lower AC are better, so a
 * charge gives -2 to AR and a shield wall gives -4 or -2 to AC.
 */
#ifndef WARRULES_BATTLESYSTEM_H
#define WARRULES_BATTLESYSTEM_H

#include "warrules/core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Figures and ratings ([11.1]-[11.5])                                       */
/* ------------------------------------------------------------------------ */

/**
 * @brief One Battlesystem figure: AR, HD, AC, MV, SA, SD and damage dice.
 *
 * Made by wr_figure_new(), wr_figure_new_ex(), wr_figure_clone(),
 * wr_rate_cavalry() or wr_rate_chariot(); released by wr_figure_free().
 */
typedef struct wr_figure wr_figure;

/** @brief The statistics of a figure. */
typedef enum wr_stat {
    WR_STAT_AR = 0, /**< Attack rating, -100..100 (lower is better). */
    WR_STAT_HD = 1, /**< Hit dice, 0..1000. */
    WR_STAT_AC = 2, /**< Armour class, -100..100 (lower is better). */
    WR_STAT_MV = 3, /**< Movement rate in inches per Game Round, 0..1000. */
    WR_STAT_SA = 4, /**< Special attacks: 32 bits that the game assigns. */
    WR_STAT_SD = 5  /**< Special defences: 32 bits that the game assigns. */
} wr_stat;

/** @brief Most damage dice a figure may hold, all groups together. */
#define WR_FIGURE_MAX_DICE 100000
/** @brief Largest total damage bonus (in absolute value) a figure may hold. */
#define WR_FIGURE_MAX_BONUS 100000

/**
 * @brief Makes a figure with every statistic 0 and no damage dice.
 * @param[out] out The new figure; release it with wr_figure_free().
 * @return ::WR_OK; ::WR_ERR_NULL when out is NULL; ::WR_ERR_NOMEM.
 */
WR_API wr_status wr_figure_new(wr_figure **out);

/**
 * @brief Makes a figure whose memory comes from the caller's allocator.
 * @param alloc The allocator, or NULL for the C library's.
 * @param[out] out The new figure; release it with wr_figure_free().
 * @return ::WR_OK; ::WR_ERR_NULL when out is NULL; ::WR_ERR_INVALID when
 *         alloc has no function; ::WR_ERR_NOMEM.
 */
WR_API wr_status wr_figure_new_ex(const wr_allocator *alloc, wr_figure **out);

/**
 * @brief Copies a figure, damage dice included, with the same allocator.
 * @param figure The figure to copy.
 * @param[out] out The copy; release it with wr_figure_free().
 * @return ::WR_OK; ::WR_ERR_NULL when figure or out is NULL; ::WR_ERR_NOMEM.
 */
WR_API wr_status wr_figure_clone(const wr_figure *figure, wr_figure **out);

/**
 * @brief Releases a figure.
 * @param figure The figure, or NULL (nothing happens).
 */
WR_API void wr_figure_free(wr_figure *figure);

/**
 * @brief Sets one statistic.
 * @param figure The figure.
 * @param stat Which statistic.
 * @param value AR -100..100, HD 0..1000, AC -100..100, MV 0..1000; SA and SD
 *              take any value, kept as its 32-bit pattern.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for an unknown stat;
 *         ::WR_ERR_RANGE when value is outside the stat's range.
 */
WR_API wr_status wr_figure_set(wr_figure *figure, wr_stat stat, int value);

/**
 * @brief Reads one statistic.
 *
 * A rated chariot may hold values beyond the ranges of wr_figure_set():
 * HD up to 2000 and AC down to -102 ([11.3]).
 *
 * @param figure The figure.
 * @param stat Which statistic.
 * @param[out] value The value; SA and SD give their 32-bit pattern as an int.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for an unknown stat.
 */
WR_API wr_status wr_figure_get(const wr_figure *figure, wr_stat stat, int *value);

/**
 * @brief Adds damage dice: `dice`d`sides` + `bonus`.
 *
 * Groups with the same sides merge (1d8 + 1d8 = 2d8); bonuses add.
 *
 * @param figure The figure.
 * @param dice Number of dice, 1..1000.
 * @param sides Sides of each die, 1..1000.
 * @param bonus Added to the total, -1000..1000.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE when an argument is out of
 *         range or the figure would hold more than ::WR_FIGURE_MAX_DICE dice
 *         or a total bonus beyond ±::WR_FIGURE_MAX_BONUS (the figure is then
 *         unchanged); ::WR_ERR_NOMEM.
 */
WR_API wr_status wr_figure_add_damage(wr_figure *figure, int dice, int sides, int bonus);

/**
 * @brief The least and the most damage the figure can do.
 * @param figure The figure.
 * @param[out] min max(0, total dice + total bonus).
 * @param[out] max max(0, sum of dice * sides + total bonus).
 * @return ::WR_OK; ::WR_ERR_NULL.
 */
WR_API wr_status wr_figure_damage_range(const wr_figure *figure, int *min, int *max);

/**
 * @brief How many groups of damage dice the figure has (one per number of sides).
 * @param figure The figure.
 * @param[out] groups The number of groups, 0..1000.
 * @return ::WR_OK; ::WR_ERR_NULL.
 */
WR_API wr_status wr_figure_damage_groups(const wr_figure *figure, size_t *groups);

/**
 * @brief One group of damage dice; groups are in order of increasing sides.
 * @param figure The figure.
 * @param index 0..groups-1 (see wr_figure_damage_groups()).
 * @param[out] dice The number of dice in the group.
 * @param[out] sides Their sides.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE when index is too large.
 */
WR_API wr_status wr_figure_damage_group(const wr_figure *figure, size_t index, int *dice,
                                        int *sides);

/**
 * @brief The total damage bonus and the total number of damage dice.
 * @param figure The figure.
 * @param[out] dice All dice of all groups, 0..::WR_FIGURE_MAX_DICE.
 * @param[out] bonus The total bonus.
 * @return ::WR_OK; ::WR_ERR_NULL.
 */
WR_API wr_status wr_figure_damage_totals(const wr_figure *figure, int *dice, int *bonus);

/**
 * @brief [11.5] The one damage roll of a figure, from the caller's dice.
 *
 * A cavalry or chariot figure makes one attack roll and one damage roll:
 * all its dice (riders' and mounts' merged) are rolled together and added.
 *
 * @param figure The figure.
 * @param rolls One roll per die, group by group in order of increasing
 *              sides (the order of wr_figure_damage_group()); each 1..sides.
 * @param n_rolls The number of rolls: exactly the figure's total dice.
 * @param[out] damage max(0, sum of rolls + total bonus).
 * @return ::WR_OK; ::WR_ERR_NULL (rolls may be NULL only when n_rolls is 0);
 *         ::WR_ERR_INVALID when n_rolls is not the number of dice;
 *         ::WR_ERR_RANGE when a roll is outside 1..sides.
 */
WR_API wr_status wr_figure_damage_rolls(const wr_figure *figure, const int *rolls, size_t n_rolls,
                                        int *damage);

/**
 * @brief [11.5] The one damage roll of a figure, rolled with a ::wr_rng.
 *
 * Rolls the dice in the order wr_figure_damage_rolls() takes them; a
 * one-sided die gives 1 without using the roller.
 *
 * @param figure The figure.
 * @param rng The dice roller.
 * @param[out] damage max(0, sum of rolls + total bonus).
 * @return ::WR_OK; ::WR_ERR_NULL.
 */
WR_API wr_status wr_figure_damage_rng(const wr_figure *figure, wr_rng *rng, int *damage);

/**
 * @brief The figure's movement rate in move points (forty-eighths of an
 *        inch), exact where its MV in whole inches is rounded down.
 *
 * 48 * MV for a figure whose MV was set with wr_figure_set(); a rated
 * chariot moving at two thirds of its pullers' rate ([11.3]) keeps the
 * fraction: pullers of MV 10 give 320 (6 2/3"), where WR_STAT_MV gives 6.
 * A unit's movement in a Movement Phase is this rate.
 *
 * @param figure The figure.
 * @param[out] move_points 0..48000.
 * @return ::WR_OK; ::WR_ERR_NULL.
 */
WR_API wr_status wr_figure_move_points(const wr_figure *figure, int *move_points);

/**
 * @brief [11.4] Which dice of one group are the rider's (or passengers')
 *        and which the mount's (or pulling creatures').
 *
 * A figure made with wr_figure_new() has only rider dice: its own weapons.
 * wr_rate_cavalry() and wr_rate_chariot() keep the parts apart. In the rolls
 * of a group (wr_figure_damage_rolls()), the rider's dice come first.
 *
 * @param figure The figure.
 * @param index 0..groups-1 (see wr_figure_damage_groups()).
 * @param[out] rider_dice The rider's or passengers' dice of the group.
 * @param[out] steed_dice The mount's or pulling creatures' dice of the group.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE when index is too large.
 */
WR_API wr_status wr_figure_damage_group_parts(const wr_figure *figure, size_t index,
                                              int *rider_dice, int *steed_dice);

/**
 * @brief [11.4] and [11.5] The one damage roll of a charging figure: the
 *        rider's (or passengers') weapon dice times multiplier, the
 *        mount's (or pulling creatures') dice once.
 *
 * "Weapons that do double damage in a charge also do double damage in a
 * cavalry or chariot charge": the weapons are the riders'; a horse's hooves
 * are not doubled. The bonus is added once.
 *
 * @param figure The figure.
 * @param multiplier 1 or 2, as wr_charge_damage_multiplier() gives it.
 * @param rolls As wr_figure_damage_rolls() (the rider's dice first in
 *              each group, see wr_figure_damage_group_parts()).
 * @param n_rolls The figure's total dice.
 * @param[out] damage max(0, rider rolls * multiplier + steed rolls + bonus).
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE for multiplier or a roll
 *         outside 1..sides; ::WR_ERR_INVALID when n_rolls is not the number
 *         of dice.
 */
WR_API wr_status wr_figure_charge_damage_rolls(const wr_figure *figure, int multiplier,
                                               const int *rolls, size_t n_rolls, int *damage);

/**
 * @brief wr_figure_charge_damage_rolls() with the dice rolled by a
 *        ::wr_rng, in the order wr_figure_damage_rng() rolls them.
 * @param figure The figure.
 * @param multiplier 1 or 2.
 * @param rng The dice roller.
 * @param[out] damage max(0, rider rolls * multiplier + steed rolls + bonus).
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE for multiplier.
 */
WR_API wr_status wr_figure_charge_damage_rng(const wr_figure *figure, int multiplier, wr_rng *rng,
                                             int *damage);

/**
 * @brief [11.2] Rates a cavalry figure from its rider and its mount.
 *
 * AR = rider's; HD = ceil((rider HD + mount HD) / 2); AC = the poorer
 * (larger); MV = mount's; damage = both figures' dice, the mount's kept as
 * the steed part (wr_figure_damage_group_parts()); SA = rider | mount;
 * SD = rider & mount.
 *
 * @param rider The rider.
 * @param mount The mount.
 * @param[out] out A new figure the caller releases with wr_figure_free().
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE when the combined dice or
 *         bonus exceed the figure limits; ::WR_ERR_NOMEM.
 */
WR_API wr_status wr_rate_cavalry(const wr_figure *rider, const wr_figure *mount, wr_figure **out);

/**
 * @brief wr_rate_cavalry() with the caller's allocator for the new figure.
 * @param rider The rider.
 * @param mount The mount.
 * @param alloc The allocator, or NULL for the C library's.
 * @param[out] out A new figure the caller releases with wr_figure_free().
 * @return As wr_rate_cavalry(); ::WR_ERR_INVALID when alloc has no function.
 */
WR_API wr_status wr_rate_cavalry_ex(const wr_figure *rider, const wr_figure *mount,
                                    const wr_allocator *alloc, wr_figure **out);

/**
 * @brief [11.3] Rates a chariot from its passengers and the creatures pulling it.
 *
 * AR = floor(mean AR of everyone) (in favour of the chariot);
 * HD = ceil(mean puller HD + mean passenger HD), rounded once (pullers 2
 * and 3 with passengers 1 and 2 give 4);
 * AC = floor(mean AC of everyone) - 2;
 * MV = the slowest puller's MV when the pullers' total HD is at least 3 times
 * the passengers' total HD, else floor(2 * slowest puller MV / 3) (the exact
 * rate, fractions of an inch included, is wr_figure_move_points());
 * damage = everyone's dice, the pullers' kept as the steed part;
 * SA = OR of all; SD = AND of all. floor(-1.5) = -2.
 *
 * @param passengers The passengers.
 * @param n_passengers 1..64.
 * @param pullers The creatures pulling the chariot.
 * @param n_pullers 1..64.
 * @param[out] out A new figure the caller releases with wr_figure_free().
 * @return ::WR_OK; ::WR_ERR_NULL (also for a NULL element); ::WR_ERR_RANGE
 *         for a count outside 1..64, combined dice or bonus beyond the
 *         figure limits, or a rated HD above 2000 or AC below -102 (a crew
 *         of rated chariots); ::WR_ERR_NOMEM.
 */
WR_API wr_status wr_rate_chariot(const wr_figure *const *passengers, size_t n_passengers,
                                 const wr_figure *const *pullers, size_t n_pullers,
                                 wr_figure **out);

/**
 * @brief wr_rate_chariot() with the caller's allocator for the new figure.
 * @param passengers The passengers.
 * @param n_passengers 1..64.
 * @param pullers The creatures pulling the chariot.
 * @param n_pullers 1..64.
 * @param alloc The allocator, or NULL for the C library's.
 * @param[out] out A new figure the caller releases with wr_figure_free().
 * @return As wr_rate_chariot(); ::WR_ERR_INVALID when alloc has no function.
 */
WR_API wr_status wr_rate_chariot_ex(const wr_figure *const *passengers, size_t n_passengers,
                                    const wr_figure *const *pullers, size_t n_pullers,
                                    const wr_allocator *alloc, wr_figure **out);

/** @brief The rider or passengers of a combined figure ([11.1]). */
#define WR_PART_RIDER 0x01u
/** @brief The mount, or the creatures pulling a chariot ([11.1]). */
#define WR_PART_STEED 0x02u

/**
 * @brief [11.1] Whether a cavalry or chariot figure is removed.
 *
 * The figure fights as a whole: when either its rider or its steed is
 * killed it cannot fight and is removed, whoever survives.
 *
 * @param killed_parts WR_PART_RIDER, WR_PART_STEED, both or 0.
 * @param[out] removed 1 when the figure is removed, else 0.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for unknown bits.
 */
WR_API wr_status wr_mounted_removed(unsigned killed_parts, int *removed);

/* ------------------------------------------------------------------------ */
/* Units                                                                     */
/* ------------------------------------------------------------------------ */

/**
 * @brief A Battlesystem unit: a number of figures of one rated figure, with
 *        what it carries and what it is. How it stands is a ::wr_formation.
 *        (Fantasy Warlord's units are ::wr_melee_unit.)
 */
typedef struct wr_battle_unit wr_battle_unit;

/** @brief What kind of figures a unit has. */
typedef enum wr_battle_unit_type {
    WR_UNIT_TYPE_FOOT = 0,    /**< Infantry, monsters, anything neither cavalry nor chariot. */
    WR_UNIT_TYPE_CAVALRY = 1, /**< Riders on mounts, flying mounts included ([11.1]). */
    WR_UNIT_TYPE_CHARIOT = 2  /**< Chariots ([11.1]). */
} wr_battle_unit_type;

/** @brief Equipment: large shields ([11.6]). */
#define WR_EQUIP_LARGE_SHIELDS 0x01u
/** @brief Equipment: spears or pikes ([11.7]). */
#define WR_EQUIP_SPEARS 0x02u
/** @brief Equipment: weapons that do double damage in a charge ([11.4]). */
#define WR_EQUIP_CHARGE_WEAPONS 0x04u

/** @brief Trait: woodland creatures (elves, halflings, treants, sylphs), Table 14. */
#define WR_TRAIT_WOODLAND 0x01u
/** @brief Trait: dwarves, hill giants and other mountain-bred creatures, Table 14. */
#define WR_TRAIT_MOUNTAIN 0x02u
/** @brief Trait: lizard men, sahuagin, lacedons and other swamp dwellers, Table 14. */
#define WR_TRAIT_SWAMP 0x04u
/** @brief Trait: aquatic or amphibious; on a unit, every creature of it is, Table 14. */
#define WR_TRAIT_AQUATIC 0x08u

/**
 * @brief What a unit is; see wr_battle_unit_desc_default() for the defaults.
 */
typedef struct wr_battle_unit_desc {
    wr_battle_unit_type type; /**< Foot, cavalry or chariots; default ::WR_UNIT_TYPE_FOOT. */
    int figures;              /**< Figures in the unit, 0..100000; default 1. */
    unsigned equipment;       /**< WR_EQUIP_* bits; default 0. */
    unsigned traits;          /**< WR_TRAIT_* bits shared by the whole unit; default 0. */
    int single_creature; /**< 1 when each figure is a single creature or character; default 0. */
    int in_command;      /**< 1 when the unit is in command; default 1. */
} wr_battle_unit_desc;

/**
 * @brief The default unit description: one figure on foot, nothing carried,
 *        no traits, not a single creature, in command.
 * @return The description.
 */
WR_API wr_battle_unit_desc wr_battle_unit_desc_default(void);

/**
 * @brief Makes a unit of figures that all have the given rating.
 * @param figure The rated figure; the unit keeps its own copy.
 * @param desc What the unit is.
 * @param[out] out The new unit; release it with wr_battle_unit_free().
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for an unknown type,
 *         unknown equipment or trait bits, or a flag other than 0 or 1;
 *         ::WR_ERR_RANGE for figures outside 0..100000; ::WR_ERR_NOMEM.
 */
WR_API wr_status wr_battle_unit_new(const wr_figure *figure, const wr_battle_unit_desc *desc,
                                    wr_battle_unit **out);

/**
 * @brief wr_battle_unit_new() with the caller's allocator.
 * @param figure The rated figure; the unit keeps its own copy.
 * @param desc What the unit is.
 * @param alloc The allocator, or NULL for the C library's.
 * @param[out] out The new unit; release it with wr_battle_unit_free().
 * @return As wr_battle_unit_new(); ::WR_ERR_INVALID also when alloc has no function.
 */
WR_API wr_status wr_battle_unit_new_ex(const wr_figure *figure, const wr_battle_unit_desc *desc,
                                       const wr_allocator *alloc, wr_battle_unit **out);

/**
 * @brief Releases a unit (its copy of the figure with it).
 * @param unit The unit, or NULL (nothing happens).
 */
WR_API void wr_battle_unit_free(wr_battle_unit *unit);

/**
 * @brief Reads what a unit is.
 * @param unit The unit.
 * @param[out] desc Its description.
 * @return ::WR_OK; ::WR_ERR_NULL.
 */
WR_API wr_status wr_battle_unit_get(const wr_battle_unit *unit, wr_battle_unit_desc *desc);

/**
 * @brief Changes what a unit is (figures lost, command lost or regained...).
 * @param unit The unit.
 * @param desc The new description, checked as by wr_battle_unit_new().
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID; ::WR_ERR_RANGE.
 */
WR_API wr_status wr_battle_unit_set(wr_battle_unit *unit, const wr_battle_unit_desc *desc);

/**
 * @brief The unit's rated figure.
 * @param unit The unit.
 * @param[out] figure The unit's own copy, valid while the unit lives.
 * @return ::WR_OK; ::WR_ERR_NULL.
 */
WR_API wr_status wr_battle_unit_figure(const wr_battle_unit *unit, const wr_figure **figure);

/**
 * @brief [11.1] Kills a part (riders or steeds) of some figures of a unit and
 *        removes the figures that can no longer fight.
 *
 * In a cavalry or chariot unit a figure whose rider or steed dies is
 * removed (the drow riding nightmares whose steeds die are removed). On foot
 * there are no steeds, and a figure whose creatures die is removed.
 *
 * @param unit The unit.
 * @param killed_parts WR_PART_RIDER and/or WR_PART_STEED (0: nobody died).
 * @param figures_hit Figures in which those parts died, 0..the unit's figures.
 * @param[out] removed Figures removed from the unit.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for unknown bits or
 *         WR_PART_STEED in a foot unit; ::WR_ERR_RANGE for figures_hit.
 */
WR_API wr_status wr_battle_unit_kill_parts(wr_battle_unit *unit, unsigned killed_parts,
                                           int figures_hit, int *removed);

/* ------------------------------------------------------------------------ */
/* Formations ([11.6], [11.7])                                               */
/* ------------------------------------------------------------------------ */

/**
 * @brief How a unit stands: order, frontage, facing, special formation and
 *        what it has spent in the current Movement Phase.
 */
typedef struct wr_formation wr_formation;

/** @brief Open or closed formation. */
typedef enum wr_formation_order {
    WR_ORDER_OPEN = 0,  /**< Open formation. */
    WR_ORDER_CLOSED = 1 /**< Closed formation. */
} wr_formation_order;

/** @brief The special formations of [11.6] and [11.7]. */
typedef enum wr_formation_special {
    WR_SPECIAL_NONE = 0,        /**< No special formation. */
    WR_SPECIAL_SHIELD_WALL = 1, /**< Shield wall ([11.6]). */
    WR_SPECIAL_SET_SPEARS = 2   /**< Set spears or pikes ([11.7]). */
} wr_formation_special;

/** @brief Side of a unit: its front. */
#define WR_FACE_FRONT 0x01u
/** @brief Side of a unit: its left flank. */
#define WR_FACE_LEFT 0x02u
/** @brief Side of a unit: its right flank. */
#define WR_FACE_RIGHT 0x04u
/** @brief Side of a unit: its rear. */
#define WR_FACE_REAR 0x08u
/** @brief All four sides (a 4-sided formation). */
#define WR_FACE_ALL 0x0Fu

/** @brief Where an attack comes from, relative to the unit attacked. */
typedef enum wr_attack_from {
    WR_FROM_FRONT = 0, /**< Its front. */
    WR_FROM_LEFT = 1,  /**< Its left flank. */
    WR_FROM_RIGHT = 2, /**< Its right flank. */
    WR_FROM_REAR = 3,  /**< Its rear. */
    WR_FROM_ABOVE = 4  /**< Above (fliers, missiles dropped or lobbed from above). */
} wr_attack_from;

/** @brief What kind of attack ([11.6]). */
typedef enum wr_attack_kind {
    WR_ATTACK_MELEE = 0,     /**< Melee. */
    WR_ATTACK_MISSILE = 1,   /**< Normal missile fire (bows, slings, thrown weapons). */
    WR_ATTACK_ARTILLERY = 2, /**< Artillery. */
    WR_ATTACK_OTHER = 3      /**< Anything else (spells, breath): no shield wall bonus. */
} wr_attack_kind;

/** @brief What a formation is, as wr_formation_get() reports it. */
typedef struct wr_formation_info {
    wr_formation_order order; /**< Open or closed. */
    int frontage;             /**< Figures in the front rank when the unit is full, 1..100000. */
    int facing;               /**< Degrees clockwise from the map's north, 0..359. */
    wr_formation_special special; /**< The special formation. */
    unsigned sides; /**< WR_FACE_* sides the special formation protects (0 for none). */
    int spent; /**< Move points spent in this Movement Phase, at the formation's rate: a front-only shield wall's halved rate while it holds; when it ends, what it spent counts as the same share of the normal rate (doubled, rounded up for an odd rate) ([11.6]). */
    int turned; /**< Degrees turned in this Movement Phase (absolute sum). */
} wr_formation_info;

/**
 * @brief Makes a formation with no special formation and nothing spent.
 * @param order Open or closed.
 * @param frontage Figures in the front rank, 1..100000.
 * @param facing Degrees clockwise from north, 0..359.
 * @param[out] out The new formation; release it with wr_formation_free().
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for an unknown order;
 *         ::WR_ERR_RANGE; ::WR_ERR_NOMEM.
 */
WR_API wr_status wr_formation_new(wr_formation_order order, int frontage, int facing,
                                  wr_formation **out);

/**
 * @brief wr_formation_new() with the caller's allocator.
 * @param order Open or closed.
 * @param frontage Figures in the front rank, 1..100000.
 * @param facing Degrees clockwise from north, 0..359.
 * @param alloc The allocator, or NULL for the C library's.
 * @param[out] out The new formation; release it with wr_formation_free().
 * @return As wr_formation_new(); ::WR_ERR_INVALID also when alloc has no function.
 */
WR_API wr_status wr_formation_new_ex(wr_formation_order order, int frontage, int facing,
                                     const wr_allocator *alloc, wr_formation **out);

/**
 * @brief Releases a formation.
 * @param formation The formation, or NULL (nothing happens).
 */
WR_API void wr_formation_free(wr_formation *formation);

/**
 * @brief Reads a formation.
 * @param formation The formation.
 * @param[out] info What it is.
 * @return ::WR_OK; ::WR_ERR_NULL.
 */
WR_API wr_status wr_formation_get(const wr_formation *formation, wr_formation_info *info);

/**
 * @brief Changes the order. Going to open order ends a shield wall or set
 *        spears, which need closed order.
 *
 * What a front-only shield wall spent then counts as the same share of the
 * normal rate of the unit that declared it (`spent` doubles) ([11.6]).
 *
 * @param formation The formation.
 * @param order Open or closed.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for an unknown order.
 */
WR_API wr_status wr_formation_set_order(wr_formation *formation, wr_formation_order order);

/**
 * @brief Changes the frontage (figures in the front rank).
 * @param formation The formation.
 * @param frontage 1..100000.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE.
 */
WR_API wr_status wr_formation_set_frontage(wr_formation *formation, int frontage);

/**
 * @brief Ranks and front rank of a unit standing in a formation.
 * @param formation The formation.
 * @param unit The unit.
 * @param[out] ranks ceil(figures / frontage), 0 for no figures.
 * @param[out] front Figures in the front rank: min(frontage, figures).
 * @return ::WR_OK; ::WR_ERR_NULL.
 */
WR_API wr_status wr_formation_ranks(const wr_formation *formation, const wr_battle_unit *unit,
                                    int *ranks, int *front);

/**
 * @brief Starts the unit's Movement Phase: nothing spent, nothing turned;
 *        records the order at this moment for the declarations of [11.6]
 *        and [11.7]. A special formation stays.
 * @param formation The formation.
 * @return ::WR_OK; ::WR_ERR_NULL.
 */
WR_API wr_status wr_formation_begin_phase(wr_formation *formation);

/**
 * @brief Ends a shield wall or set spears (the order stays).
 *
 * What a front-only shield wall spent then counts as the same share of the
 * normal rate of the unit that declared it (`spent` doubles), so the unit
 * has what is left of its phase at the normal rate ([11.6]); what set
 * spears or an all-round wall spent stays spent.
 *
 * @param formation The formation.
 * @return ::WR_OK; ::WR_ERR_NULL.
 */
WR_API wr_status wr_formation_break(wr_formation *formation);

/**
 * @brief The move points a unit may still spend in this phase, by its
 *        formation: its figure's move points (wr_figure_move_points(), 48 * MV)
 *        normally, half of them in a front-only shield wall
 *        ([11.6]), none in an all-round shield wall, less what is spent
 *        (wr_formation_info.spent, at that rate).
 * @param formation The formation.
 * @param unit The unit.
 * @param[out] available Move points left (never below 0).
 * @return ::WR_OK; ::WR_ERR_NULL.
 */
WR_API wr_status wr_formation_available(const wr_formation *formation, const wr_battle_unit *unit,
                                        int *available);

/**
 * @brief Turns a unit ([11.6] for shield walls).
 *
 * A front-only shield wall turns at most 90 degrees a Game Round and the
 * turn costs its entire movement, so it must not have moved; an all-round
 * shield wall cannot turn. Other formations turn freely here (the cost of
 * ordinary facing changes is outside chapter 11).
 *
 * @param formation The formation.
 * @param unit The unit.
 * @param degrees -180..180, clockwise positive.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE; ::WR_ERR_FORBIDDEN when the
 *         rules forbid the turn (nothing changes).
 */
WR_API wr_status wr_formation_turn(wr_formation *formation, const wr_battle_unit *unit,
                                   int degrees);

/** @brief Why a special formation may not be declared. */
typedef enum wr_declare_problem {
    WR_DECLARE_OK = 0,             /**< It may be declared. */
    WR_DECLARE_NOT_IN_COMMAND = 1, /**< The unit is not in command. */
    WR_DECLARE_NOT_CLOSED = 2,     /**< The unit is not in closed formation. */
    WR_DECLARE_NO_EQUIPMENT =
        3,                /**< No large shields (shield wall) or no spears or pikes (set spears). */
    WR_DECLARE_MOVED = 4, /**< The unit has spent movement in this phase. */
    WR_DECLARE_ALREADY =
        5, /**< The unit is already in a special formation (a shield wall and set spears are not held together). */
    WR_DECLARE_NO_TURN = 6 /**< Not enough movement left to turn figures to other sides. */
} wr_declare_problem;

/** @brief A default cost, in move points, of turning figures to face another
 *  side: chapter 11 gives none, so any movement left is enough. A default,
 *  not the game's number; pass your game's cost. */
#define WR_TURN_COST_DEFAULT 1

/**
 * @brief [11.6] Whether a unit may declare a shield wall now.
 *
 * The unit must be in command and in closed formation at the beginning of
 * its Movement Phase (as recorded by wr_formation_begin_phase() or
 * wr_movement_phase_begin(); without a begun phase, its present order and
 * command), still closed, carry large shields and not have moved in this
 * phase (declared before moving). An all-round
 * (4-sided) shield wall also needs turn_cost move points for the figures
 * that turn to face the flanks and rear.
 *
 * @param unit The unit.
 * @param formation Its formation.
 * @param all_round 1 for a circular or square shield wall, 0 for front only.
 * @param turn_cost Move points to turn figures, 0..48000 (::WR_TURN_COST_DEFAULT).
 * @param[out] problem ::WR_DECLARE_OK or the first reason it may not.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID when all_round is not 0
 *         or 1; ::WR_ERR_RANGE for turn_cost.
 */
WR_API wr_status wr_shield_wall_check(const wr_battle_unit *unit, const wr_formation *formation,
                                      int all_round, int turn_cost, wr_declare_problem *problem);

/**
 * @brief [11.6] Declares a shield wall.
 *
 * Front-only: protects the front and halves the movement rate. All-round:
 * protects every side, spends the whole movement (it cannot move).
 *
 * @param unit The unit.
 * @param formation Its formation, changed on success.
 * @param all_round 1 for a circular or square shield wall, 0 for front only.
 * @param turn_cost Move points to turn figures, 0..48000.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID; ::WR_ERR_RANGE;
 *         ::WR_ERR_FORBIDDEN when wr_shield_wall_check() gives a problem.
 */
WR_API wr_status wr_shield_wall_declare(const wr_battle_unit *unit, wr_formation *formation,
                                        int all_round, int turn_cost);

/**
 * @brief [11.6] The AC modifier a formation's shield wall gives against an attack.
 * @param formation The defender's formation.
 * @param kind The kind of attack.
 * @param from Where it comes from.
 * @param[out] modifier -4 against normal missiles and -2 against melee on a
 *             protected side; 0 from above, against artillery or other
 *             attacks, on an unprotected side, or without a shield wall.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for an unknown enum value.
 */
WR_API wr_status wr_shield_wall_ac_modifier(const wr_formation *formation, wr_attack_kind kind,
                                            wr_attack_from from, int *modifier);

/**
 * @brief [11.7] Whether a unit may declare set spears or pikes now.
 *
 * In command and closed formation at the beginning of the Movement Phase
 * (as for wr_shield_wall_check()), still closed, spears or pikes, not moved
 * in this phase.
 * Protecting any side but the front needs turn_cost move points left after
 * the half movement rate that entering costs.
 *
 * @param unit The unit.
 * @param formation Its formation.
 * @param sides WR_FACE_* sides to protect, not 0.
 * @param turn_cost Move points to turn figures, 0..48000 (::WR_TURN_COST_DEFAULT).
 * @param[out] problem ::WR_DECLARE_OK or the first reason it may not.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for sides 0 or unknown
 *         bits; ::WR_ERR_RANGE for turn_cost.
 */
WR_API wr_status wr_spears_check(const wr_battle_unit *unit, const wr_formation *formation,
                                 unsigned sides, int turn_cost, wr_declare_problem *problem);

/**
 * @brief [11.7] Declares set spears or pikes: spends half the movement rate
 *        (half the figure's move points, 24 * MV), plus turn_cost when a side other than the
 *        front is protected. The unit then stays where it is.
 * @param unit The unit.
 * @param formation Its formation, changed on success.
 * @param sides WR_FACE_* sides to protect, not 0.
 * @param turn_cost Move points to turn figures, 0..48000.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID; ::WR_ERR_RANGE;
 *         ::WR_ERR_FORBIDDEN when wr_spears_check() gives a problem.
 */
WR_API wr_status wr_spears_declare(const wr_battle_unit *unit, wr_formation *formation,
                                   unsigned sides, int turn_cost);

/**
 * @brief [11.7] Damage multiplier of a set spears formation against a charger.
 * @param defender The formation charged.
 * @param charge_from Where the charge comes from.
 * @param[out] multiplier 2 when the formation is in set spears and protects
 *             that side, else 1 (never from above).
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for an unknown side.
 */
WR_API wr_status wr_spears_multiplier(const wr_formation *defender, wr_attack_from charge_from,
                                      int *multiplier);

/**
 * @brief [11.7] How many figures of a unit that charged set spears still
 *        strike back.
 *
 * Its losses are removed before its return attack: in open formation the
 * figures lost come from those in contact; in closed formation the rear
 * ranks first fill the front rank.
 *
 * @param charger The charging unit, before its losses are taken off.
 * @param formation Its formation.
 * @param in_contact Its figures in contact, 0..min(frontage, figures).
 * @param losses Figures it lost to the set spears, 0..figures.
 * @param[out] strikers Open: max(0, in_contact - losses). Closed:
 *             min(in_contact, figures - losses).
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE.
 */
WR_API wr_status wr_charger_strikers(const wr_battle_unit *charger, const wr_formation *formation,
                                     int in_contact, int losses, int *strikers);

/* ------------------------------------------------------------------------ */
/* Charges ([11.4], [11.8])                                                  */
/* ------------------------------------------------------------------------ */

/**
 * @brief [11.4] AR modifier of a charging unit, break-through attacks included.
 * @param charger The charging unit.
 * @param defender The defender's formation.
 * @param charge_from The defender's side that is charged.
 * @param[out] modifier -2 for cavalry and chariots unless the defender is in
 *             set spears protecting that side; 0 for foot.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for an unknown side.
 */
WR_API wr_status wr_charge_ar_modifier(const wr_battle_unit *charger, const wr_formation *defender,
                                       wr_attack_from charge_from, int *modifier);

/**
 * @brief [11.4] Damage multiplier of a charger's weapons: weapons that double
 *        damage in a charge do so in a cavalry or chariot charge too.
 * @param charger The charging unit.
 * @param[out] multiplier 2 with ::WR_EQUIP_CHARGE_WEAPONS, else 1.
 * @return ::WR_OK; ::WR_ERR_NULL.
 */
WR_API wr_status wr_charge_damage_multiplier(const wr_battle_unit *charger, int *multiplier);

/* ------------------------------------------------------------------------ */
/* Terrain and movement ([11.8])                                             */
/* ------------------------------------------------------------------------ */

/** @brief Terrain of Table 14. */
typedef enum wr_terrain {
    WR_TERRAIN_CLEAR = 0, /**< Clear terrain. */
    WR_TERRAIN_ROAD = 1,  /**< Road. */
    WR_TERRAIN_WOODS = 2, /**< Woods. */
    WR_TERRAIN_ROUGH = 3, /**< Rough terrain. */
    WR_TERRAIN_SWAMP = 4, /**< Swamp. */
    WR_TERRAIN_WATER = 5  /**< Rivers, ponds, lakes. */
} wr_terrain;

/** @brief The number of ::wr_terrain values. */
#define WR_TERRAIN_COUNT 6

/** @brief Twelfths of an inch: the unit of lengths and sight ranges. */
#define WR_LEN_PER_INCH 12
/** @brief Move points per inch of clear terrain. */
#define WR_MOVE_PER_INCH 48

/**
 * @brief Table 14: the fraction of normal movement in a terrain, reduced.
 *
 * CLEAR 1/1, ROAD 4/3, WOODS 2/3, ROUGH 1/2, SWAMP 1/2; WATER is forbidden.
 * WOODLAND ignores the woods penalty, MOUNTAIN the rough one, SWAMP the swamp
 * one, and AQUATIC may enter WATER at 1/1.
 *
 * @param terrain The terrain.
 * @param traits WR_TRAIT_* bits of the unit.
 * @param[out] num Numerator.
 * @param[out] den Denominator.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for an unknown terrain or
 *         trait bits; ::WR_ERR_FORBIDDEN for WATER without AQUATIC.
 */
WR_API wr_status wr_terrain_speed(wr_terrain terrain, unsigned traits, int *num, int *den);

/**
 * @brief One leg of a tactical move: first cross `obstacles` obstacles and
 *        climb `rises` 10-foot rises, then go `length` through `terrain`.
 *
 * A leg of length 0 only crosses obstacles and climbs; its terrain is then
 * not entered. Zero-initialisation is a valid empty leg.
 */
typedef struct wr_tactical_leg {
    wr_terrain terrain; /**< The terrain the leg runs through. */
    int length;         /**< Twelfths of an inch, 0..120000. */
    int obstacles;      /**< Obstacles (streams, walls, fences, gulleys) crossed, 0..100. */
    int rises;          /**< 10-foot rises of elevation climbed, 0..100 (going down is free). */
} wr_tactical_leg;

/** @brief Move flag: the move is a charge. */
#define WR_TACTICAL_FLAG_CHARGE 0x01u
/** @brief Move flag: the entire unit is on the road and stays there for the whole move. */
#define WR_TACTICAL_FLAG_ON_ROAD 0x02u

/** @brief Why a move is not legal (the first reason found). */
typedef enum wr_tactical_problem {
    WR_TACTICAL_OK = 0,              /**< Legal. */
    WR_TACTICAL_IMMOBILE = 1,        /**< An all-round shield wall or set spears cannot move. */
    WR_TACTICAL_CHARGE_UPHILL = 2,   /**< Charges may not go uphill. */
    WR_TACTICAL_CHARGE_OBSTACLE = 3, /**< Charges may not cross obstacles. */
    WR_TACTICAL_CHARGE_WOODS =
        4,                 /**< Only single creatures or characters charge in or into woods. */
    WR_TACTICAL_WATER = 5, /**< Only all-aquatic or amphibious units enter water. */
    WR_TACTICAL_CLOSED_ORDER = 6, /**< No closed formation in woods, rough, swamp or water. */
    WR_TACTICAL_TOO_FAR = 7       /**< It costs more than the movement left. */
} wr_tactical_problem;

/** @brief What a tactical move costs and whether it is legal. */
typedef struct wr_tactical_result {
    int legal;                   /**< 1 when the rules allow the move. */
    wr_tactical_problem problem; /**< ::WR_TACTICAL_OK or the first reason it is not legal. */
    int cost;      /**< Move points the whole move costs, in the measure of `available`. */
    int available; /**< Move points the unit had before the move, at the rate it ends the move with: the normal rate when the move ends a front-only shield wall ([11.6]). */
    int left; /**< available - cost (negative when too far); after wr_tactical_apply(), what wr_formation_available() gives. */
    wr_formation_order order; /**< The order after the move (obstacles turn closed to open). */
    int road;                 /**< 1 when the road bonus was used. */
    int breaks_formation;     /**< 1 when going to open order ends a shield wall. */
} wr_tactical_result;

/**
 * @brief [11.8] The cost and legality of a whole tactical move.
 *
 * Each twelfth of an inch of a leg costs 4 * den / num move points by wr_terrain_speed();
 * road legs get the road rate only with ::WR_TACTICAL_FLAG_ON_ROAD and when every leg
 * is a road, and cost as clear otherwise. Each obstacle and each 10-foot rise
 * costs a third of the movement rate, rounded up (16 * MV move points, 8 * MV in a
 * front-only shield wall); a formation that cannot move pays a third of the
 * normal rate, so an all-round shield wall crosses and climbs nothing.
 * Crossing an obstacle turns closed order to open. A front-only shield wall
 * crosses its first obstacle at its own rate and ends there ([11.6]): what it
 * has spent, in the phase and in the move, counts as the same share of the
 * normal rate (doubled), and the rest of the move is charged at the normal
 * rate, so a move costs the same whole or split into several, and never
 * takes a wall farther than the same unit in open order.
 *
 * @param unit The unit.
 * @param formation Its formation (what it has spent this phase counts).
 * @param legs The legs, in order.
 * @param n_legs 0..256 (legs may be NULL when 0).
 * @param flags WR_TACTICAL_FLAG_* bits.
 * @param[out] result The cost and legality.
 * @return ::WR_OK (also for an illegal move: see result); ::WR_ERR_NULL;
 *         ::WR_ERR_INVALID for an unknown terrain or flag; ::WR_ERR_RANGE
 *         for a leg number or n_legs out of range.
 */
WR_API wr_status wr_tactical_check(const wr_battle_unit *unit, const wr_formation *formation,
                                   const wr_tactical_leg *legs, size_t n_legs, unsigned flags,
                                   wr_tactical_result *result);

/**
 * @brief [11.8] Makes a legal move: spends its cost, goes to open order after
 *        an obstacle (ending a shield wall; `spent` is then at the normal
 *        rate, as wr_tactical_check() counts it).
 * @param unit The unit.
 * @param formation Its formation, changed on success.
 * @param legs The legs, in order.
 * @param n_legs 0..256 (legs may be NULL when 0).
 * @param flags WR_TACTICAL_FLAG_* bits.
 * @param[out] result As wr_tactical_check().
 * @return As wr_tactical_check(); ::WR_ERR_FORBIDDEN when the move is not legal
 *         (nothing changes; wr_tactical_check() tells why).
 */
WR_API wr_status wr_tactical_apply(const wr_battle_unit *unit, wr_formation *formation,
                                   const wr_tactical_leg *legs, size_t n_legs, unsigned flags,
                                   wr_tactical_result *result);

/**
 * @brief [11.8] Whether a charge along these legs is allowed: never uphill,
 *        never across obstacles, never in or into woods except for single
 *        creatures or characters.
 * @param unit The charging unit.
 * @param legs The legs of the charge.
 * @param n_legs 0..256 (legs may be NULL when 0).
 * @param[out] problem ::WR_TACTICAL_OK or the charge problem.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID; ::WR_ERR_RANGE.
 */
WR_API wr_status wr_charge_check(const wr_battle_unit *unit, const wr_tactical_leg *legs,
                                 size_t n_legs, wr_tactical_problem *problem);

/* ------------------------------------------------------------------------ */
/* The Movement Phase ([11.6]-[11.8])                                        */
/* ------------------------------------------------------------------------ */

/**
 * @brief What the Movement Phase of a formation recorded when it began.
 */
typedef struct wr_movement_phase {
    int begun;                      /**< 1 once a phase has begun, else 0. */
    wr_formation_order start_order; /**< The order at the beginning of the phase. */
    int start_in_command; /**< 1 or 0; -1 when not recorded (wr_formation_begin_phase()). */
} wr_movement_phase;

/**
 * @brief What the actions of a Movement Phase that are not legs of movement
 *        cost; see wr_movement_phase_costs_default().
 *
 * Chapter 11 prices two changes of a unit: entering set spears costs half
 * the movement rate ([11.7]) and a shield wall's change of facing costs its
 * entire (halved) movement, half the normal rate ([11.6]). The defaults
 * take those prices for a change of order and for a change of facing; they
 * are defaults, not numbers the text gives for those actions.
 */
typedef struct wr_movement_phase_costs {
    int order_num; /**< A change between open and closed order costs order_num/order_den of the normal rate, rounded up; 0..order_den; default 1. */
    int order_den; /**< 1..1000; default 2. */
    int turn_num; /**< Each change of facing of up to 90 degrees costs turn_num/turn_den of the normal rate, rounded up; 0..turn_den; default 1. */
    int turn_den; /**< 1..1000; default 2. */
    int figures_turn; /**< Move points for figures to turn to face another side ([11.6], [11.7]), 0..48000; default ::WR_TURN_COST_DEFAULT. */
} wr_movement_phase_costs;

/**
 * @brief The default costs: half the normal rate for a change of order and
 *        for each change of facing of up to 90 degrees, ::WR_TURN_COST_DEFAULT
 *        for figures turning.
 * @return The costs.
 */
WR_API wr_movement_phase_costs wr_movement_phase_costs_default(void);

/**
 * @brief Begins the unit's Movement Phase: nothing spent, nothing turned,
 *        and the formation's order and the unit's command recorded for the
 *        declarations of [11.6] and [11.7]. A special formation stays.
 * @param unit The unit.
 * @param formation Its formation.
 * @return ::WR_OK; ::WR_ERR_NULL.
 */
WR_API wr_status wr_movement_phase_begin(const wr_battle_unit *unit, wr_formation *formation);

/**
 * @brief What the formation's Movement Phase recorded when it began.
 * @param formation The formation.
 * @param[out] phase The record (begun 0 before any phase began).
 * @return ::WR_OK; ::WR_ERR_NULL.
 */
WR_API wr_status wr_movement_phase_get(const wr_formation *formation, wr_movement_phase *phase);

/**
 * @brief Charges move points the engine prices itself to the phase.
 * @param unit The unit.
 * @param formation Its formation; `spent` grows by points on success.
 * @param points 0..48000 move points.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE for points;
 *         ::WR_ERR_STATE when no Movement Phase has begun;
 *         ::WR_ERR_FORBIDDEN for more than the movement left (nothing changes).
 */
WR_API wr_status wr_movement_phase_spend(const wr_battle_unit *unit, wr_formation *formation,
                                         int points);

/**
 * @brief Changes between open and closed order during the Movement Phase,
 *        charging its cost.
 *
 * Closed order is refused in woods, rough terrain, swamps and water ([11.8]
 * "No unit can ever be in closed formation in the woods", "Units cannot be
 * in closed formation in rough terrain / swamps / water"). Going to open
 * order ends a shield wall or set spears: what a front-only wall spent first
 * counts as the same share of the normal rate (doubled), and the change is
 * charged against the normal rate, as it would be after wr_formation_break()
 * ([11.6]). The order the formation already has costs nothing.
 *
 * @param unit The unit.
 * @param formation Its formation, changed on success.
 * @param costs The costs (wr_movement_phase_costs_default()).
 * @param order The new order.
 * @param standing The terrain the unit stands in.
 * @param[out] cost Move points charged; may be NULL.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for an unknown order or
 *         terrain; ::WR_ERR_RANGE for a cost out of range; ::WR_ERR_STATE
 *         when no Movement Phase has begun; ::WR_ERR_FORBIDDEN for closed
 *         order on forbidden terrain or a cost beyond the movement left
 *         (nothing changes).
 */
WR_API wr_status wr_movement_phase_set_order(const wr_battle_unit *unit, wr_formation *formation,
                                             const wr_movement_phase_costs *costs,
                                             wr_formation_order order, wr_terrain standing,
                                             int *cost);

/**
 * @brief Changes facing during the Movement Phase, charging its cost.
 *
 * An ordinary formation pays costs->turn_num/turn_den of the normal rate
 * for each 90 degrees or part. A front-only shield wall turns at most 90
 * degrees a Game Round, only before it moves, for its entire movement
 * ([11.6]); an all-round shield wall cannot turn. A set spears formation
 * turns its figures in place to face a charge: costs->figures_turn, which
 * must be left after entering the formation ([11.7] "enough remaining
 * movement to TURN").
 *
 * @param unit The unit.
 * @param formation Its formation, changed on success.
 * @param costs The costs.
 * @param degrees -180..180, clockwise positive.
 * @param[out] cost Move points charged; may be NULL.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE; ::WR_ERR_STATE when no
 *         Movement Phase has begun; ::WR_ERR_FORBIDDEN when the rules forbid
 *         the turn or it costs more than is left (nothing changes).
 */
WR_API wr_status wr_movement_phase_turn(const wr_battle_unit *unit, wr_formation *formation,
                                        const wr_movement_phase_costs *costs, int degrees,
                                        int *cost);

/**
 * @brief Wheels the unit during the Movement Phase: the outer flank moves
 *        along an arc, charged as movement through the terrain.
 *
 * Wheeling is not named in chapter 11; it is movement of the wheeling
 * flank, so it costs what a leg of that length costs in that terrain
 * (Table 14), and the facing changes by degrees. A front-only shield wall
 * wheels as it turns ([11.6]: at most 90 degrees, its entire movement), over
 * an arc that its halved movement covers; an all-round wall or set spears
 * does not move.
 *
 * @param unit The unit.
 * @param formation Its formation, changed on success.
 * @param degrees -180..180, clockwise positive.
 * @param arc Twelfths of an inch the outer flank travels, 0..120000.
 * @param terrain The terrain it wheels through.
 * @param[out] cost Move points charged; may be NULL.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE; ::WR_ERR_INVALID for an
 *         unknown terrain; ::WR_ERR_STATE when no Movement Phase has begun;
 *         ::WR_ERR_FORBIDDEN for a formation that cannot move, water, closed
 *         order where it is banned, more than is left, or a shield wall's
 *         arc beyond its movement (nothing changes).
 */
WR_API wr_status wr_movement_phase_wheel(const wr_battle_unit *unit, wr_formation *formation,
                                         int degrees, int arc, wr_terrain terrain, int *cost);

/**
 * @brief [11.6] Declares a shield wall in a begun Movement Phase
 *        (wr_shield_wall_declare() with costs->figures_turn).
 * @param unit The unit.
 * @param formation Its formation, changed on success.
 * @param costs The costs.
 * @param all_round 1 for a circular or square shield wall, 0 for front only.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID; ::WR_ERR_RANGE;
 *         ::WR_ERR_STATE when no Movement Phase has begun;
 *         ::WR_ERR_FORBIDDEN when wr_shield_wall_check() gives a problem.
 */
WR_API wr_status wr_movement_phase_declare_shield_wall(const wr_battle_unit *unit,
                                                       wr_formation *formation,
                                                       const wr_movement_phase_costs *costs,
                                                       int all_round);

/**
 * @brief [11.7] Declares set spears or pikes in a begun Movement Phase
 *        (wr_spears_declare() with costs->figures_turn).
 * @param unit The unit.
 * @param formation Its formation, changed on success.
 * @param costs The costs.
 * @param sides WR_FACE_* sides to protect, not 0.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID; ::WR_ERR_RANGE;
 *         ::WR_ERR_STATE when no Movement Phase has begun;
 *         ::WR_ERR_FORBIDDEN when wr_spears_check() gives a problem.
 */
WR_API wr_status wr_movement_phase_declare_spears(const wr_battle_unit *unit,
                                                  wr_formation *formation,
                                                  const wr_movement_phase_costs *costs,
                                                  unsigned sides);

/* ------------------------------------------------------------------------ */
/* Woods (rulings on [11.8] and [11.9])                                      */
/* ------------------------------------------------------------------------ */

/** @brief Where one figure is relative to a woods [Ruling 127.14]. */
typedef enum wr_woods_pos {
    WR_WOODS_OUT = 0,  /**< Completely out of the woods. */
    WR_WOODS_EDGE = 1, /**< Any part of the figure touches the edge. */
    WR_WOODS_IN = 2    /**< Completely in the woods. */
} wr_woods_pos;

/**
 * @brief Whether a figure may shoot missiles at another, by their places
 *        [11.9], [Ruling 127.67].
 *
 * A figure in the woods fires only from the edge shooting out; a figure at
 * the edge can be shot; a figure inside cannot be shot, nor shoot.
 *
 * @param shooter The shooting figure's place.
 * @param target The target figure's place.
 * @param[out] allowed 1 when fire is possible: neither is IN.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for an unknown place.
 */
WR_API wr_status wr_woods_may_shoot(wr_woods_pos shooter, wr_woods_pos target, int *allowed);

/**
 * @brief How many figures of a shooting unit may fire at a target, counting
 *        each figure's own place (a unit may be half in, half out).
 * @param out_figures Figures out of the woods, 0..100000.
 * @param edge_figures Figures at the edge, 0..100000.
 * @param in_figures Figures in the woods, 0..100000.
 * @param target The target's place.
 * @param[out] firing Figures that may fire.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE; ::WR_ERR_INVALID.
 */
WR_API wr_status wr_woods_firing_figures(int out_figures, int edge_figures, int in_figures,
                                         wr_woods_pos target, int *firing);

/**
 * @brief How far a creature sees and casts spells in woods, or when flying
 *        over woods (a radius centred below the figure) [11.9],
 *        [Ruling 127.67], [Ruling 132.34].
 * @param traits WR_TRAIT_* bits of the creature.
 * @param[out] range 72 (6") for woodland creatures, 12 (1") for others, in
 *             twelfths of an inch.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for unknown bits.
 */
WR_API wr_status wr_woods_sight_range(unsigned traits, int *range);

/**
 * @brief Woods do not change melee: the AR modifier for melee between figures
 *        in, at the edge of or out of woods [Ruling 127.67].
 * @param attacker The attacker's place.
 * @param defender The defender's place.
 * @param[out] modifier Always 0.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for an unknown place.
 */
WR_API wr_status wr_woods_melee_modifier(wr_woods_pos attacker, wr_woods_pos defender,
                                         int *modifier);

/** @brief Wind for a forest fire [Ruling 132.34]. */
typedef enum wr_fire_wind {
    WR_FIRE_WIND_CALM = 0,  /**< Calm: a circle. */
    WR_FIRE_WIND_LIGHT = 1, /**< Light wind: a rectangle spreading 1" downwind a turn. */
    WR_FIRE_WIND_STRONG = 2 /**< Strong wind: a rectangle spreading 2" downwind a turn. */
} wr_fire_wind;

/** @brief Shape of a burning area. */
typedef enum wr_fire_shape {
    WR_FIRE_CIRCLE = 0,   /**< A circle of diameter width (= length). */
    WR_FIRE_RECTANGLE = 1 /**< A rectangle aligned with the wind. */
} wr_fire_shape;

/** @brief Quarter inches: the unit of forest fire dimensions. */
#define WR_FIRE_PER_INCH 4

/**
 * @brief A burning area; the exact area is `area + area_pi * pi` square
 *        quarter inches.
 */
typedef struct wr_fire_area {
    wr_fire_shape shape; /**< Circle or rectangle. */
    int width;           /**< Quarter inches across the wind (a circle's diameter). */
    int length; /**< Quarter inches along the wind, from the start line downwind (a circle's diameter). */
    int area;    /**< Rectangle: square quarter inches; circle: 0. */
    int area_pi; /**< Circle: the area over pi, radius squared; rectangle: 0. */
} wr_fire_area;

/**
 * @brief The area a forest fire started by one figure burns after some
 *        turns [Ruling 132.34].
 *
 * Calm: a circle 1/2" across whose edge moves out 1/2" a turn (diameter
 * 2 + 4N quarter inches). Light wind: a rectangle 1/2" wide and 1" long growing 1"
 * downwind and 1/2" to either side a turn (2 + 4N by 4 + 4N). Strong wind:
 * the same growing 2" downwind (2 + 4N by 4 + 8N).
 *
 * @param wind The wind.
 * @param turns Turns since the fire started, 0..1000.
 * @param[out] area The burning area.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for an unknown wind;
 *         ::WR_ERR_RANGE for turns.
 */
WR_API wr_status wr_forest_fire_area(wr_fire_wind wind, int turns, wr_fire_area *area);

/**
 * @brief Where a forest fire started and which way the wind blows.
 *
 * Positions are in twelfths of an inch (::WR_LEN_PER_INCH) on the caller's
 * map, x and y axes of its choosing. In calm the fire is a circle centred
 * at (x, y); with wind it is the rectangle of wr_forest_fire_area() whose upwind
 * edge is centred at (x, y) and whose length runs downwind.
 */
typedef struct wr_fire_origin {
    int x;      /**< Where the fire started, -1000000..1000000. */
    int y;      /**< Where the fire started, -1000000..1000000. */
    int wind_x; /**< The direction the wind blows towards, -100..100 (ignored in calm). */
    int wind_y; /**< With wind_x, not both 0 when there is wind (ignored in calm). */
} wr_fire_origin;

/**
 * @brief Whether a forest fire has reached a point after some turns.
 *
 * The area is that of wr_forest_fire_area(), placed by origin; a point on its
 * edge is reached. Ask for the corners and centre of a figure to learn
 * whether any part of it is in the fire.
 *
 * @param wind The wind.
 * @param turns Turns since the fire started, 0..1000.
 * @param origin Where it started and the wind's direction.
 * @param x The point, -1000000..1000000 twelfths of an inch.
 * @param y The point, -1000000..1000000 twelfths of an inch.
 * @param[out] reached 1 when the point is in the burning area, else 0.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for an unknown wind or
 *         a wind direction of (0, 0) with wind; ::WR_ERR_RANGE for turns, a
 *         coordinate or a wind component out of range.
 */
WR_API wr_status wr_forest_fire_has_reached(wr_fire_wind wind, int turns,
                                            const wr_fire_origin *origin, int x, int y,
                                            int *reached);

/* ------------------------------------------------------------------------ */
/* Terrain effects on combat ([11.9])                                        */
/* ------------------------------------------------------------------------ */

/** @brief Low ground an attacker may stand in ([11.9]). */
typedef enum wr_low_ground {
    WR_LOW_NONE = 0,  /**< Not in low ground. */
    WR_LOW_DITCH = 1, /**< In a ditch, gulley or trench. */
    WR_LOW_FORD = 2,  /**< Fording a stream. */
    WR_LOW_SWAMP = 3  /**< In a swamp. */
} wr_low_ground;

/**
 * @brief [11.9] AR modifier of a unit in low ground attacking a unit at its edge.
 * @param attacker_in Where the attacker stands.
 * @param target_at_edge 1 when the target is at the edge of that ditch,
 *                       gulley, trench, stream or swamp, else 0.
 * @param[out] modifier +4 when the attacker is in low ground and the target
 *             at its edge, else 0.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for an unknown place or
 *         a flag other than 0 or 1.
 */
WR_API wr_status wr_low_ground_ar_modifier(wr_low_ground attacker_in, int target_at_edge,
                                           int *modifier);

/**
 * @brief [11.9] "Table 14: Missile Fire Modifiers", which the text refers to
 *        but does not print, as the caller's data: an entry counts only once
 *        the caller has set it.
 *
 * Start from wr_missile_modifiers_unset() and set the game's entries with
 * wr_missile_modifiers_set(); reading an entry that was never set gives
 * ::WR_ERR_STATE, where ::wr_missile_table gives a placeholder 0.
 */
typedef struct wr_missile_modifiers {
    int modifier[WR_TERRAIN_COUNT]; /**< By ::wr_terrain, each -100..100. */
    unsigned set;                   /**< Bit (1 << terrain) for each entry the caller has set. */
} wr_missile_modifiers;

/**
 * @brief A missile modifier table with no entry set.
 * @return The table.
 */
WR_API wr_missile_modifiers wr_missile_modifiers_unset(void);

/**
 * @brief Sets one entry of a missile modifier table.
 * @param table The table.
 * @param terrain The target's terrain.
 * @param modifier The AR modifier, -100..100.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for an unknown terrain;
 *         ::WR_ERR_RANGE for modifier.
 */
WR_API wr_status wr_missile_modifiers_set(wr_missile_modifiers *table, wr_terrain terrain,
                                          int modifier);

/**
 * @brief [11.9] The AR modifier for missile fire at a target in a terrain.
 * @param table The caller's table.
 * @param target The target's terrain.
 * @param[out] modifier The entry.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for an unknown terrain or
 *         unknown bits in table->set; ::WR_ERR_STATE when the entry is not set;
 *         ::WR_ERR_RANGE when it is outside -100..100.
 */
WR_API wr_status wr_missile_modifiers_get(const wr_missile_modifiers *table, wr_terrain target,
                                          int *modifier);

/* ------------------------------------------------------------------------ */
/* Batch forms                                                              */
/* ------------------------------------------------------------------------ */

/**
 * @brief Table 14 for n (terrain, traits) pairs in one call: num[i]/den[i]
 *        is exactly wr_terrain_speed(terrain[i], traits[i]).
 *
 * Every item is checked before anything is written: on the first bad item
 * (an unknown terrain or trait bits, or WATER without ::WR_TRAIT_AQUATIC)
 * the function returns wr_terrain_speed()'s status for it, writes its index
 * to *bad_index and writes no output.
 *
 * @param n The number of items (0 does nothing and returns ::WR_OK).
 * @param terrain n ::wr_terrain values, as int; may be NULL only when n is 0.
 * @param traits n sets of WR_TRAIT_* bits; may be NULL only when n is 0.
 * @param[out] num n numerators; may be NULL (not written).
 * @param[out] den n denominators; may be NULL (not written).
 * @param[out] bad_index The index of the first bad item, written only when
 *        an item is refused; may be NULL.
 * @return ::WR_OK; ::WR_ERR_NULL when n > 0 and terrain or traits is NULL;
 *         ::WR_ERR_INVALID or ::WR_ERR_FORBIDDEN for the first bad item.
 */
WR_API wr_status wr_terrain_speed_batch(size_t n, const int *terrain, const unsigned *traits,
                                        int *num, int *den, size_t *bad_index);

/**
 * @brief [11.8] The cost and legality of n_moves tactical moves of one unit
 *        from the same formation, in one call: results[i] is exactly
 *        wr_tactical_check() of move i.
 *
 * The moves' legs lie one after another in `legs`: move i has leg_counts[i]
 * legs, starting after those of the moves before it, and the counts add up
 * to n_legs. Each move is checked from the formation as it is (the moves
 * are alternatives, not a sequence: nothing is spent).
 *
 * Every move is checked before anything is written: on the first bad move
 * the function returns its status, writes its index to *bad_index (n_moves
 * when the counts add up to less than n_legs) and writes no result.
 *
 * @param unit The unit.
 * @param formation Its formation.
 * @param legs n_legs legs; may be NULL only when n_legs is 0.
 * @param n_legs The number of legs of all moves together.
 * @param leg_counts n_moves counts, each 0..256; may be NULL only when n_moves is 0.
 * @param n_moves The number of moves (0 checks only the counts against n_legs).
 * @param flags WR_TACTICAL_FLAG_* bits, for every move.
 * @param[out] results n_moves results; may be NULL only when n_moves is 0.
 * @param[out] bad_index The index of the first bad move, written only when
 *        a move is refused; may be NULL.
 * @return ::WR_OK (also for illegal moves: see each result); ::WR_ERR_NULL
 *         for a NULL unit, formation, or array that must be given;
 *         ::WR_ERR_INVALID for unknown flag bits, or a move with an unknown
 *         terrain; ::WR_ERR_RANGE for a move whose count is outside 0..256 or
 *         runs past n_legs, a leg number out of range, or counts that add up
 *         to less than n_legs.
 */
WR_API wr_status wr_tactical_check_batch(const wr_battle_unit *unit, const wr_formation *formation,
                                         const wr_tactical_leg *legs, size_t n_legs,
                                         const int *leg_counts, size_t n_moves, unsigned flags,
                                         wr_tactical_result *results, size_t *bad_index);

/* ---- Deprecated names ---------------------------------------------- */

/**
 * @name Deprecated names
 * Older names, kept with the same ABI for all of 1.x. Each one warns where it
 * is used and names its replacement; defining ::WR_ALLOW_DEPRECATED before
 * including <warrules/warrules.h> silences the warnings. CHANGELOG.md lists
 * every old name beside its new one.
 * @{
 */
/** @brief The older name of ::wr_battle_unit, the same type.
 *  @deprecated Use ::wr_battle_unit. */
typedef WR_DEPRECATED("use wr_battle_unit") wr_battle_unit wr_unit;

/** @brief The older name of ::wr_battle_unit_desc, the same type.
 *  @deprecated Use ::wr_battle_unit_desc. */
typedef WR_DEPRECATED("use wr_battle_unit_desc") wr_battle_unit_desc wr_unit_desc;

/** @brief The older name of ::wr_battle_unit_type, the same type.
 *  @deprecated Use ::wr_battle_unit_type. */
typedef WR_DEPRECATED("use wr_battle_unit_type") wr_battle_unit_type wr_unit_type;

/** @brief The older name of ::wr_movement_phase_costs, the same type.
 *  @deprecated Use ::wr_movement_phase_costs. */
typedef WR_DEPRECATED("use wr_movement_phase_costs") wr_movement_phase_costs wr_movement_costs;

/** @copydoc wr_figure_damage_rolls
 *  @deprecated Use wr_figure_damage_rolls(), the same call. */
WR_DEPRECATED("use wr_figure_damage_rolls")
WR_API wr_status wr_figure_damage_from_rolls(const wr_figure *figure, const int *rolls,
                                             size_t n_rolls, int *damage);

/** @copydoc wr_figure_damage_rng
 *  @deprecated Use wr_figure_damage_rng(), the same call. */
WR_DEPRECATED("use wr_figure_damage_rng")
WR_API wr_status wr_figure_damage_roll(const wr_figure *figure, wr_rng *rng, int *damage);

/** @copydoc wr_figure_charge_damage_rolls
 *  @deprecated Use wr_figure_charge_damage_rolls(), the same call. */
WR_DEPRECATED("use wr_figure_charge_damage_rolls")
WR_API wr_status wr_figure_charge_damage_from_rolls(const wr_figure *figure, int multiplier,
                                                    const int *rolls, size_t n_rolls, int *damage);

/** @copydoc wr_figure_charge_damage_rng
 *  @deprecated Use wr_figure_charge_damage_rng(), the same call. */
WR_DEPRECATED("use wr_figure_charge_damage_rng")
WR_API wr_status wr_figure_charge_damage_roll(const wr_figure *figure, int multiplier, wr_rng *rng,
                                              int *damage);

/** @copydoc wr_battle_unit_desc_default
 *  @deprecated Use wr_battle_unit_desc_default(), the same call. */
WR_DEPRECATED("use wr_battle_unit_desc_default")
WR_API wr_battle_unit_desc wr_unit_desc_default(void);

/** @copydoc wr_battle_unit_new
 *  @deprecated Use wr_battle_unit_new(), the same call. */
WR_DEPRECATED("use wr_battle_unit_new")
WR_API wr_status wr_unit_new(const wr_figure *figure, const wr_battle_unit_desc *desc,
                             wr_battle_unit **out);

/** @copydoc wr_battle_unit_new_ex
 *  @deprecated Use wr_battle_unit_new_ex(), the same call. */
WR_DEPRECATED("use wr_battle_unit_new_ex")
WR_API wr_status wr_unit_new_ex(const wr_figure *figure, const wr_battle_unit_desc *desc,
                                const wr_allocator *alloc, wr_battle_unit **out);

/** @copydoc wr_battle_unit_free
 *  @deprecated Use wr_battle_unit_free(), the same call. */
WR_DEPRECATED("use wr_battle_unit_free") WR_API void wr_unit_free(wr_battle_unit *unit);

/** @copydoc wr_battle_unit_get
 *  @deprecated Use wr_battle_unit_get(), the same call. */
WR_DEPRECATED("use wr_battle_unit_get")
WR_API wr_status wr_unit_get_desc(const wr_battle_unit *unit, wr_battle_unit_desc *desc);

/** @copydoc wr_battle_unit_set
 *  @deprecated Use wr_battle_unit_set(), the same call. */
WR_DEPRECATED("use wr_battle_unit_set")
WR_API wr_status wr_unit_set_desc(wr_battle_unit *unit, const wr_battle_unit_desc *desc);

/** @copydoc wr_battle_unit_figure
 *  @deprecated Use wr_battle_unit_figure(), the same call. */
WR_DEPRECATED("use wr_battle_unit_figure")
WR_API wr_status wr_unit_figure(const wr_battle_unit *unit, const wr_figure **figure);

/** @copydoc wr_battle_unit_kill_parts
 *  @deprecated Use wr_battle_unit_kill_parts(), the same call. */
WR_DEPRECATED("use wr_battle_unit_kill_parts")
WR_API wr_status wr_unit_kill_parts(wr_battle_unit *unit, unsigned killed_parts, int figures_hit,
                                    int *removed);

/** @copydoc wr_spears_check
 *  @deprecated Use wr_spears_check(), the same call. */
WR_DEPRECATED("use wr_spears_check")
WR_API wr_status wr_set_spears_check(const wr_battle_unit *unit, const wr_formation *formation,
                                     unsigned sides, int turn_cost, wr_declare_problem *problem);

/** @copydoc wr_spears_declare
 *  @deprecated Use wr_spears_declare(), the same call. */
WR_DEPRECATED("use wr_spears_declare")
WR_API wr_status wr_set_spears_declare(const wr_battle_unit *unit, wr_formation *formation,
                                       unsigned sides, int turn_cost);

/** @copydoc wr_spears_multiplier
 *  @deprecated Use wr_spears_multiplier(), the same call. */
WR_DEPRECATED("use wr_spears_multiplier")
WR_API wr_status wr_set_spears_multiplier(const wr_formation *defender, wr_attack_from charge_from,
                                          int *multiplier);

/** @copydoc wr_movement_phase_costs_default
 *  @deprecated Use wr_movement_phase_costs_default(), the same call. */
WR_DEPRECATED("use wr_movement_phase_costs_default")
WR_API wr_movement_phase_costs wr_movement_costs_default(void);

/** @copydoc wr_movement_phase_spend
 *  @deprecated Use wr_movement_phase_spend(), the same call. */
WR_DEPRECATED("use wr_movement_phase_spend")
WR_API wr_status wr_movement_spend(const wr_battle_unit *unit, wr_formation *formation, int points);

/** @copydoc wr_movement_phase_set_order
 *  @deprecated Use wr_movement_phase_set_order(), the same call. */
WR_DEPRECATED("use wr_movement_phase_set_order")
WR_API wr_status wr_movement_set_order(const wr_battle_unit *unit, wr_formation *formation,
                                       const wr_movement_phase_costs *costs,
                                       wr_formation_order order, wr_terrain standing, int *cost);

/** @copydoc wr_movement_phase_turn
 *  @deprecated Use wr_movement_phase_turn(), the same call. */
WR_DEPRECATED("use wr_movement_phase_turn")
WR_API wr_status wr_movement_turn(const wr_battle_unit *unit, wr_formation *formation,
                                  const wr_movement_phase_costs *costs, int degrees, int *cost);

/** @copydoc wr_movement_phase_wheel
 *  @deprecated Use wr_movement_phase_wheel(), the same call. */
WR_DEPRECATED("use wr_movement_phase_wheel")
WR_API wr_status wr_movement_wheel(const wr_battle_unit *unit, wr_formation *formation, int degrees,
                                   int arc, wr_terrain terrain, int *cost);

/** @copydoc wr_movement_phase_declare_shield_wall
 *  @deprecated Use wr_movement_phase_declare_shield_wall(), the same call. */
WR_DEPRECATED("use wr_movement_phase_declare_shield_wall")
WR_API wr_status wr_movement_shield_wall(const wr_battle_unit *unit, wr_formation *formation,
                                         const wr_movement_phase_costs *costs, int all_round);

/** @copydoc wr_movement_phase_declare_spears
 *  @deprecated Use wr_movement_phase_declare_spears(), the same call. */
WR_DEPRECATED("use wr_movement_phase_declare_spears")
WR_API wr_status wr_movement_set_spears(const wr_battle_unit *unit, wr_formation *formation,
                                        const wr_movement_phase_costs *costs, unsigned sides);

/** @copydoc wr_woods_may_shoot
 *  @deprecated Use wr_woods_may_shoot(), the same call. */
WR_DEPRECATED("use wr_woods_may_shoot")
WR_API wr_status wr_woods_missile_allowed(wr_woods_pos shooter, wr_woods_pos target, int *allowed);

/** @copydoc wr_forest_fire_area
 *  @deprecated Use wr_forest_fire_area(), the same call. */
WR_DEPRECATED("use wr_forest_fire_area")
WR_API wr_status wr_forest_fire(wr_fire_wind wind, int turns, wr_fire_area *area);

/** @copydoc wr_forest_fire_has_reached
 *  @deprecated Use wr_forest_fire_has_reached(), the same call. */
WR_DEPRECATED("use wr_forest_fire_has_reached")
WR_API wr_status wr_forest_fire_reaches(wr_fire_wind wind, int turns, const wr_fire_origin *origin,
                                        int x, int y, int *reached);

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif
/**
 * @brief "Table 14: Missile Fire Modifiers", which the text refers to but
 *        does not contain: the caller's table of AR modifiers for missile
 *        fire at a target in each terrain.
 * @deprecated Use ::wr_missile_modifiers, which tells an entry not set from a 0.
 */
typedef struct WR_DEPRECATED("use wr_missile_modifiers") wr_missile_table {
    int modifier[WR_TERRAIN_COUNT]; /**< By ::wr_terrain, each -100..100. */
} wr_missile_table;

/**
 * @brief A default missile table: 0 for every terrain. A placeholder, not
 *        the game's numbers (the table is missing from the text); prefer
 *        ::wr_missile_modifiers, which tells an entry not set from a 0.
 * @return The table.
 * @deprecated Use wr_missile_modifiers_unset().
 */
WR_DEPRECATED("use wr_missile_modifiers_unset")
WR_API wr_missile_table wr_missile_table_default(void);

/**
 * @brief [11.9] The AR modifier for missile fire at a target in a terrain.
 * @param table The caller's table.
 * @param target The target's terrain.
 * @param[out] modifier The table's entry.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for an unknown terrain;
 *         ::WR_ERR_RANGE when the entry is outside -100..100.
 * @deprecated Use wr_missile_modifiers_get().
 */
WR_DEPRECATED("use wr_missile_modifiers_get")
WR_API wr_status wr_missile_terrain_modifier(const wr_missile_table *table, wr_terrain target,
                                             int *modifier);
#if defined(__GNUC__) || defined(__clang__)
#pragma GCC diagnostic pop
#endif
/** @} */

#ifdef __cplusplus
}
#endif

#endif /* WARRULES_BATTLESYSTEM_H */
