/**
 * @file melee.h
 * @brief Fantasy Warlord, hand-to-hand combat: reach by rank, who fights,
 *        flank and rear attacks, the casualty procedure, wounds on monsters
 *        and characters, the exact odds of a melee, and a melee phase (every
 *        fight of one turn resolved together).
 *
 * Section names in brackets, such as [Reach] or [Casualties 4], refer to the
 * parts of the text (Fantasy Warlord, hand-to-hand combat) listed in
 * docs/rules/melee.md.
 *
 * The profile sheets (Basic Combat Percentage tables, combat and morale
 * modifier values, hit charts) are not part of the text: the game fills them.
 * Every number this library ships besides the counting rules is a labelled
 * sample, and the only numbers taken from the text are those of its worked
 * example (see wr_profile_new_sample()).
 *
 * Sides: every engagement has side 0 and side 1; side 0 strikes first (by
 * convention the side that charged), which only fixes the order of the dice,
 * since the defender counts the figures slain this round [Casualties 6].
 */
#ifndef WARRULES_MELEE_H
#define WARRULES_MELEE_H

#include "warrules/core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/* Counting rules: reach, who fights, ranks, combat percentages, kills      */
/* ------------------------------------------------------------------------ */

/** @brief A weapon's reach class [Reach]. */
typedef enum wr_weapon {
    WR_WEAPON_OTHER = 0,   /**< Swords, axes, clubs and every weapon without reach: one rank. */
    WR_WEAPON_SPEAR = 1,   /**< Spears: two ranks. */
    WR_WEAPON_POLEARM = 2, /**< Polearms: two ranks. */
    WR_WEAPON_PIKE = 3     /**< Pikes: three ranks. */
} wr_weapon;

/**
 * @name Combatant flags
 * Each flag describes one combatant of a fight (the `self_flags` and
 * `enemy_flags` of wr_fighting_figures()).
 * @{
 */
/** @brief Combatant flag: cavalry, chariots, mounted figures. */
#define WR_COMBATANT_MOUNTED 0x01u
/** @brief Combatant flag: disordered, so it loses its reach [Reach]. */
#define WR_COMBATANT_DISORDERED 0x02u
/** @brief Combatant flag: a ground swarm. */
#define WR_COMBATANT_SWARM 0x04u
/** @brief Combatant flag: a flying unit. */
#define WR_COMBATANT_FLYING 0x08u
/** @brief Combatant flag: attacked in its flank or rear [Flank and rear]. */
#define WR_COMBATANT_FLANKED 0x10u
/** @} */

/**
 * @brief How many ranks a weapon lets fight [Reach].
 * @param weapon The reach class.
 * @param disordered Non-zero when the unit is disordered: the rank
 *        advantage is then lost and every weapon reaches one rank.
 * @param[out] ranks OTHER 1, SPEAR 2, POLEARM 2, PIKE 3; 1 when disordered.
 * @return ::WR_OK; ::WR_ERR_NULL when ranks is NULL; ::WR_ERR_INVALID for an
 *         unknown weapon.
 */
WR_API wr_status wr_reach_ranks(wr_weapon weapon, int disordered, int *ranks);

/**
 * @brief How many figures of a side may fight [Who fights].
 *
 * First matching case wins: (1) a swarm against fliers or fliers against a
 * swarm: 0; (2) either side flying: all figures; (3) a swarm: all figures;
 * (4) both mounted: all figures; (5) mounted: those in contact; (6)
 * disordered or flanked: those in contact; (7) otherwise the sum over the
 * first `reach` ranks of min(in_contact, figures in that rank), where rank k
 * holds clamp(figures - k*files, 0, files) figures.
 *
 * @param figures The side's figures, 0..100000.
 * @param files Figures per rank, 1..100000.
 * @param in_contact Figures in base-to-base contact, 0..min(files, figures).
 * @param weapon The side's reach class.
 * @param self_flags WR_COMBATANT_* flags of this side.
 * @param enemy_flags WR_COMBATANT_* flags of the enemy.
 * @param[out] fighting The number of figures that fight.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE for a number out of range;
 *         ::WR_ERR_INVALID for an unknown weapon or unknown flag bits.
 */
WR_API wr_status wr_fighting_figures(int figures, int files, int in_contact, wr_weapon weapon,
                                     unsigned self_flags, unsigned enemy_flags, int *fighting);

/**
 * @brief Complete ranks for the rank modifier [Modifiers] (each rank).
 * @param figures The side's figures, 0..100000.
 * @param files Figures per rank, 1..100000.
 * @param self_flags WR_COMBATANT_* flags; with ::WR_COMBATANT_FLANKED at most one rank counts.
 * @param[out] ranks figures / files, at most 1 when flanked.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE; ::WR_ERR_INVALID for unknown flag bits.
 */
WR_API wr_status wr_complete_ranks(int figures, int files, unsigned self_flags, int *ranks);

/**
 * @brief Modified and Final Combat Percentage [Casualties 2-3].
 * @param bcp Basic Combat Percentage, 0..1000.
 * @param modifiers Sum of the combat modifiers, -1000..1000.
 * @param fighting Figures that fight, 0..100000.
 * @param[out] mcp max(0, bcp + modifiers).
 * @param[out] fcp mcp * fighting.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE.
 */
WR_API wr_status wr_combat_percent(int bcp, int modifiers, int fighting, int *mcp, int *fcp);

/**
 * @brief Figures killed (or wounds inflicted) by a Final Combat Percentage [Casualties 4].
 * @param fcp Final Combat Percentage, 0..200000000.
 * @param d100 The remainder roll, 1..100 (read only when fcp % 100 > 0).
 * @param[out] kills fcp / 100, plus one when fcp % 100 > 0 and d100 <= fcp % 100.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE.
 */
WR_API wr_status wr_kills_from_percent(int fcp, int d100, int *kills);

/* ------------------------------------------------------------------------ */
/* Profiles                                                                 */
/* ------------------------------------------------------------------------ */

/**
 * @brief A race, as a profile sheet names it.
 *
 * The named values are the races the text mentions; a game may use any
 * other value up to ::WR_RACE_MAX for its own races.
 */
typedef enum wr_race {
    WR_RACE_OTHER = 0,    /**< A race the text does not name. */
    WR_RACE_HUMAN = 1,    /**< Humans: may use pikes. */
    WR_RACE_DWARF = 2,    /**< Dwarfs: may use pikes. */
    WR_RACE_HIGH_ELF = 3, /**< High elves: may use pikes. */
    WR_RACE_WOOD_ELF = 4, /**< Wood elves: no pikes. */
    WR_RACE_ORC = 5,      /**< Orcs: no pikes. */
    WR_RACE_GOBLIN = 6    /**< Goblins: no pikes. */
} wr_race;

/** @brief The largest race value (races are 0..63). */
#define WR_RACE_MAX 63
/** @brief Weapon types (rows of the BCP table) per profile: 0..15. */
#define WR_PROFILE_WEAPONS 16
/** @brief Armour types (columns of the BCP table) per profile: 0..7. */
#define WR_PROFILE_ARMOURS 8
/** @brief The armour column the sample profiles use for chainmail (a sample convention). */
#define WR_SAMPLE_ARMOUR_CHAINMAIL 2

/**
 * @brief The combat modifiers of a profile sheet's list [Modifiers].
 *
 * Each is a value the game sets from the sheet; wr_profile_new() leaves
 * them all 0 (no numbers are invented).
 */
typedef enum wr_modifier {
    WR_MOD_CHARGED = 0,   /**< Unit charged (or pursued) into combat; cavalry double it. */
    WR_MOD_HATED_FOE = 1, /**< Fighting a hated foe. */
    WR_MOD_CAVALRY_VS_INFANTRY = 2,   /**< Cavalry fighting infantry. */
    WR_MOD_PER_RANK = 3,              /**< Each complete rank of own formation. */
    WR_MOD_FLANK = 4,                 /**< Attacking the enemy in the flank. */
    WR_MOD_REAR = 5,                  /**< Attacking the enemy in the rear. */
    WR_MOD_FIGHTING_MONSTER = 6,      /**< Fighting a monster (a minus modifier). */
    WR_MOD_CHARACTER_PRESENT = 7,     /**< A character leads the unit. */
    WR_MOD_COVER_LIGHT = 8,           /**< The enemy is behind light cover. */
    WR_MOD_COVER_MEDIUM = 9,          /**< The enemy is behind medium cover. */
    WR_MOD_COVER_HEAVY = 10,          /**< The enemy is behind heavy cover. */
    WR_MOD_ELITE_VETERAN = 11,        /**< Elite or veteran troops. */
    WR_MOD_C_CLASS = 12,              /**< C class troops. */
    WR_MOD_ENEMY_SHIELD = 13,         /**< Attacking troops with shields. */
    WR_MOD_ENEMY_ARMOURED_MOUNT = 14, /**< Attacking troops on armoured mounts. */
    WR_MOD_ENEMY_DISORDERED = 15,     /**< Attacking a disordered enemy. */
    WR_MOD_COUNT = 16                 /**< The number of modifiers (not a modifier). */
} wr_modifier;

/**
 * @brief The morale modifiers of a profile sheet, as the sample morale
 *        model (wr_morale_sample()) reads them [Flank and rear].
 */
typedef enum wr_morale_modifier {
    WR_MORALE_LOST_ROUND = 0,        /**< The unit lost the round. */
    WR_MORALE_PER_FIGURE_LOST = 1,   /**< Per figure the unit lost this round. */
    WR_MORALE_ATTACKED_FLANK = 2,    /**< Attacked in the flank. */
    WR_MORALE_ATTACKED_REAR = 3,     /**< Attacked in the rear. */
    WR_MORALE_DISORDERED = 4,        /**< The unit is disordered. */
    WR_MORALE_CHARACTER_PRESENT = 5, /**< A character leads the unit. */
    WR_MORALE_FIGHTING_MONSTER = 6,  /**< The enemy is a monster. */
    WR_MORALE_COUNT = 7              /**< The number of morale modifiers (not one). */
} wr_morale_modifier;

/** @brief A race's profile sheet: weapons, BCP table, modifiers, morale. */
typedef struct wr_profile wr_profile;

/**
 * @brief Makes an empty profile for a race [Weapons by race].
 *
 * Weapon rows 0..3 have the reach of the ::wr_weapon of the same value,
 * rows 4..15 reach one rank. Every row is allowed except that pikes
 * (::WR_WEAPON_PIKE reach) are allowed only to dwarfs, high elves and humans,
 * as the text says. Every BCP, modifier and morale modifier is 0 and the
 * retire band is 0: the game fills them from its profile sheets.
 *
 * @param race 0..::WR_RACE_MAX.
 * @param[out] out The new profile; release it with wr_profile_free().
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE for a race out of range; ::WR_ERR_NOMEM.
 */
WR_API wr_status wr_profile_new(wr_race race, wr_profile **out);

/**
 * @brief wr_profile_new() with the caller's allocator.
 * @param race 0..::WR_RACE_MAX.
 * @param alloc The allocator, or NULL for the C library's.
 * @param[out] out The new profile.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE; ::WR_ERR_INVALID for an
 *         allocator without a function; ::WR_ERR_NOMEM.
 */
WR_API wr_status wr_profile_new_ex(wr_race race, const wr_allocator *alloc, wr_profile **out);

/** @brief The sample profiles (labelled samples, see wr_profile_new_sample()). */
typedef enum wr_sample_profile {
    WR_SAMPLE_DWARF_VETERANS = 0, /**< The dwarf spearmen of the worked example. */
    WR_SAMPLE_ORC_URUCKS = 1      /**< The orc uruck polearms of the worked example. */
} wr_sample_profile;

/**
 * @brief Makes a sample profile holding the numbers of the worked example
 *        [Casualties, example], and nothing else.
 *
 * Dwarfs (::WR_RACE_DWARF): BCP of weapon row ::WR_WEAPON_SPEAR against armour
 * ::WR_SAMPLE_ARMOUR_CHAINMAIL 14; charged +10; hated foe +8 (orcs); each
 * rank +2; elite or veteran +6. Orcs (::WR_RACE_ORC): BCP of row
 * ::WR_WEAPON_POLEARM against chainmail 25; hated foe +6 (dwarfs); each rank
 * +2; elite or veteran (urucks) +6; enemy shield -2. Everything else is 0,
 * retire band 0. These are numbers from the worked example, not full
 * profile sheets.
 *
 * @param which The sample.
 * @param[out] out The new profile; release it with wr_profile_free().
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for an unknown sample; ::WR_ERR_NOMEM.
 */
WR_API wr_status wr_profile_new_sample(wr_sample_profile which, wr_profile **out);

/**
 * @brief Releases a profile. Units made from it must be released first.
 * @param profile The profile, or NULL (nothing happens).
 */
WR_API void wr_profile_free(wr_profile *profile);

/**
 * @brief The race of a profile.
 * @param profile The profile.
 * @param[out] race Its race.
 * @return ::WR_OK; ::WR_ERR_NULL.
 */
WR_API wr_status wr_profile_race(const wr_profile *profile, wr_race *race);

/**
 * @brief Sets a weapon row: its reach and whether the race may use it
 *        [Weapons by race] ("if a race does not have a particular weapon
 *        listed ... it cannot use that weapon").
 * @param profile The profile.
 * @param weapon_type The row, 0..15.
 * @param reach The row's reach class.
 * @param allowed Non-zero when the race may use it.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE for the row; ::WR_ERR_INVALID for the reach.
 */
WR_API wr_status wr_profile_set_weapon(wr_profile *profile, int weapon_type, wr_weapon reach,
                                       int allowed);

/**
 * @brief Reads a weapon row.
 * @param profile The profile.
 * @param weapon_type The row, 0..15.
 * @param[out] reach The row's reach class.
 * @param[out] allowed 1 when the race may use it, else 0.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE.
 */
WR_API wr_status wr_profile_weapon(const wr_profile *profile, int weapon_type, wr_weapon *reach,
                                   int *allowed);

/**
 * @brief Sets one cell of the Basic Combat Percentage table [Casualties 1].
 * @param profile The profile.
 * @param weapon_type The attacker's weapon row, 0..15.
 * @param armour The defender's armour column, 0..7.
 * @param bcp The percentage, 0..1000.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE.
 */
WR_API wr_status wr_profile_set_bcp(wr_profile *profile, int weapon_type, int armour, int bcp);

/**
 * @brief Reads one cell of the BCP table.
 * @param profile The profile.
 * @param weapon_type The weapon row, 0..15.
 * @param armour The armour column, 0..7.
 * @param[out] bcp The percentage.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE.
 */
WR_API wr_status wr_profile_bcp(const wr_profile *profile, int weapon_type, int armour, int *bcp);

/**
 * @brief Sets a combat modifier's value [Modifiers].
 * @param profile The profile.
 * @param modifier Which modifier.
 * @param value -1000..1000 (for ::WR_MOD_PER_RANK -1000..1000 per rank).
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for an unknown modifier; ::WR_ERR_RANGE.
 */
WR_API wr_status wr_profile_set_modifier(wr_profile *profile, wr_modifier modifier, int value);

/**
 * @brief Reads a combat modifier's value.
 * @param profile The profile.
 * @param modifier Which modifier.
 * @param[out] value Its value.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID.
 */
WR_API wr_status wr_profile_modifier(const wr_profile *profile, wr_modifier modifier, int *value);

/**
 * @brief Marks a race as a hated foe of this one (or not) [Modifiers] (hated foe).
 * @param profile The profile.
 * @param enemy The enemy race, 0..::WR_RACE_MAX.
 * @param hated Non-zero when hated.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE.
 */
WR_API wr_status wr_profile_set_hated(wr_profile *profile, wr_race enemy, int hated);

/**
 * @brief Whether this race hates another.
 * @param profile The profile.
 * @param enemy The enemy race, 0..::WR_RACE_MAX.
 * @param[out] hated 1 or 0.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE.
 */
WR_API wr_status wr_profile_hated(const wr_profile *profile, wr_race enemy, int *hated);

/**
 * @brief Sets a morale modifier's value (read by the sample morale model).
 * @param profile The profile.
 * @param modifier Which morale modifier.
 * @param value -1000..1000.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID; ::WR_ERR_RANGE.
 */
WR_API wr_status wr_profile_set_morale_modifier(wr_profile *profile, wr_morale_modifier modifier,
                                                int value);

/**
 * @brief Reads a morale modifier's value.
 * @param profile The profile.
 * @param modifier Which morale modifier.
 * @param[out] value Its value.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID.
 */
WR_API wr_status wr_profile_morale_modifier(const wr_profile *profile, wr_morale_modifier modifier,
                                            int *value);

/**
 * @brief Sets the sample morale model's retire band: a failed test by at
 *        most this many points retires, a worse failure routs.
 * @param profile The profile.
 * @param band 0..100 (0, the default, makes every failure a rout).
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE.
 */
WR_API wr_status wr_profile_set_retire_band(wr_profile *profile, int band);

/**
 * @brief Reads the retire band.
 * @param profile The profile.
 * @param[out] band 0..100.
 * @return ::WR_OK; ::WR_ERR_NULL.
 */
WR_API wr_status wr_profile_retire_band(const wr_profile *profile, int *band);

/* ------------------------------------------------------------------------ */
/* Hit charts and wounds                                                    */
/* ------------------------------------------------------------------------ */

/** @brief The effect of one hit on a monster or character [Wounds]. */
typedef enum wr_wound {
    WR_WOUND_NONE = 0,        /**< No entry (only in empty hit chart cells). */
    WR_WOUND_NICKED = 1,      /**< Nicked: never counts towards death. */
    WR_WOUND_STUNNED = 2,     /**< Stunned: never counts towards death. */
    WR_WOUND_BLINDED = 3,     /**< Blinded: never counts towards death. */
    WR_WOUND_LIGHT = 4,       /**< Any other wound that is neither serious nor critical. */
    WR_WOUND_SERIOUS = 5,     /**< A serious wound. */
    WR_WOUND_CRITICAL = 6,    /**< A critical wound. */
    WR_WOUND_UNCONSCIOUS = 7, /**< Knocked unconscious: any later hit kills. */
    WR_WOUND_KILLED = 8       /**< Killed outright. */
} wr_wound;

/**
 * @brief A hit chart: d100 for the location, d4 for the severity [Wounds].
 *
 * A monster's chart comes from its profile sheet, a character's from the
 * Humanoid Character Hit table; the game supplies both.
 */
typedef struct wr_hit_chart wr_hit_chart;

/**
 * @brief Makes an empty hit chart (no d100 result covered).
 * @param[out] out The new chart; release it with wr_hit_chart_free().
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_NOMEM.
 */
WR_API wr_status wr_hit_chart_new(wr_hit_chart **out);

/**
 * @brief wr_hit_chart_new() with the caller's allocator.
 * @param alloc The allocator, or NULL for the C library's.
 * @param[out] out The new chart.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID; ::WR_ERR_NOMEM.
 */
WR_API wr_status wr_hit_chart_new_ex(const wr_allocator *alloc, wr_hit_chart **out);

/**
 * @brief Releases a hit chart.
 * @param chart The chart, or NULL (nothing happens).
 */
WR_API void wr_hit_chart_free(wr_hit_chart *chart);

/**
 * @brief Adds a location: d100 results lo..hi, with the wound for each d4 result.
 * @param chart The chart.
 * @param lo First d100 result, 1..100.
 * @param hi Last d100 result, lo..100.
 * @param location The game's number for the location, 0..1000000.
 * @param severity Four wounds, for d4 = 1..4; none may be ::WR_WOUND_NONE.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE; ::WR_ERR_INVALID for an
 *         unknown or NONE wound, or a range overlapping an earlier location
 *         (the chart is then unchanged).
 */
WR_API wr_status wr_hit_chart_add(wr_hit_chart *chart, int lo, int hi, int location,
                                  const wr_wound severity[4]);

/**
 * @brief Whether every d100 result has a location.
 * @param chart The chart.
 * @param[out] complete 1 or 0.
 * @return ::WR_OK; ::WR_ERR_NULL.
 */
WR_API wr_status wr_hit_chart_is_complete(const wr_hit_chart *chart, int *complete);

/**
 * @brief Looks up one hit [Wounds].
 * @param chart The chart.
 * @param d100 The location roll, 1..100.
 * @param d4 The severity roll, 1..4.
 * @param[out] location The location's number.
 * @param[out] wound The wound.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE; ::WR_ERR_STATE when the
 *         chart has no location for that d100 result.
 */
WR_API wr_status wr_hit_chart_lookup(const wr_hit_chart *chart, int d100, int d4, int *location,
                                     wr_wound *wound);

/**
 * @brief The wounds a monster or character has taken; they accumulate [Wounds].
 *
 * Start from all zeros. Only wr_wounds_add() should change it.
 */
typedef struct wr_wounds {
    int hits;        /**< Every hit taken, the ignored ones included. */
    int counted;     /**< Hits that count towards death (not nicked, stunned or blinded). */
    int serious;     /**< Serious wounds. */
    int critical;    /**< Critical wounds. */
    int unconscious; /**< 1 once knocked unconscious. */
    int dead;        /**< 1 once dead. */
} wr_wounds;

/**
 * @brief Adds one hit to a wound record and applies the death rules [Wounds].
 *
 * Both: a KILLED result kills; a hit on one who is unconscious kills (any
 * hit, even nicked). Nicked, stunned and blinded never count otherwise.
 * Monsters die of a critical wound together with any other serious or
 * critical wound. Characters die of a critical wound together with any
 * other counted wound, or of a serious wound together with any two other
 * counted wounds. An unconscious result counts as a wound for a character
 * and as neither serious nor critical (see docs/rules/melee.md).
 *
 * @param wounds The record; a dead one stays dead (the hit is still counted).
 * @param wound The hit, not ::WR_WOUND_NONE.
 * @param character Non-zero for a character, zero for a monster.
 * @param[out] dead 1 when the record is now dead, else 0.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for an unknown or NONE
 *         wound; ::WR_ERR_RANGE when a count of the record is negative or
 *         would pass 1000000 (the record is then unchanged).
 */
WR_API wr_status wr_wounds_add(wr_wounds *wounds, wr_wound wound, int character, int *dead);

/* ------------------------------------------------------------------------ */
/* Units                                                                    */
/* ------------------------------------------------------------------------ */

/** @brief What a unit is. */
typedef enum wr_melee_unit_kind {
    WR_UNIT_TROOPS = 0,   /**< A unit of ordinary figures. */
    WR_UNIT_MONSTER = 1,  /**< One monster: hits are wounds on its hit chart. */
    WR_UNIT_CHARACTER = 2 /**< One character: hits are wounds on the humanoid hit table. */
} wr_melee_unit_kind;

/** @brief A unit's mount. */
typedef enum wr_mount {
    WR_MOUNT_NONE = 0,       /**< On foot. */
    WR_MOUNT_UNARMOURED = 1, /**< Mounted (cavalry, chariots). */
    WR_MOUNT_ARMOURED = 2    /**< Mounted on armoured mounts. */
} wr_mount;

/** @brief A unit's troop class [Modifiers] (elite or veteran, C class). */
typedef enum wr_troop_class {
    WR_TROOP_REGULAR = 0, /**< No class modifier. */
    WR_TROOP_ELITE = 1,   /**< Elite: ::WR_MOD_ELITE_VETERAN. */
    WR_TROOP_VETERAN = 2, /**< Veteran: ::WR_MOD_ELITE_VETERAN. */
    WR_TROOP_C_CLASS = 3  /**< C class: ::WR_MOD_C_CLASS. */
} wr_troop_class;

/** @brief Unit flag: the unit carries shields. */
#define WR_UNIT_SHIELDS 0x01u
/** @brief Unit flag: the unit is disordered. */
#define WR_UNIT_DISORDERED 0x02u
/** @brief Unit flag: a flying unit (or flying monster). */
#define WR_UNIT_FLYING 0x04u
/** @brief Unit flag: flying at Combat Height (with ::WR_UNIT_FLYING). */
#define WR_UNIT_COMBAT_HEIGHT 0x08u
/** @brief Unit flag: a ground swarm. */
#define WR_UNIT_SWARM 0x10u
/** @brief Unit flag: a giant (a character who disorders a flank he attacks). */
#define WR_UNIT_GIANT 0x20u
/**
 * @brief Unit flag: the unit is in Blood Lust [Flank and rear]: it is
 *        disordered whatever its kind and wherever it is attacked. The one
 *        way a character becomes disordered ("except as a result of Blood
 *        Lust"), and for a monster the exception to "only if attacked in
 *        the rear" (see docs/rules/melee.md).
 */
#define WR_UNIT_BLOOD_LUST 0x40u
/** @brief Every unit flag (0x7F, ::WR_UNIT_BLOOD_LUST included). */
#define WR_UNIT_ALL_FLAGS 0x7Fu

/** @brief What a unit is made of; see wr_melee_unit_desc_default(). */
typedef struct wr_melee_unit_desc {
    wr_melee_unit_kind kind;    /**< Troops, monster or character. */
    int figures;                /**< 0..100000; exactly 1 for a monster or character. */
    int files;                  /**< Figures per rank, 1..100000; 1 for a monster or character. */
    int weapon_type;            /**< The profile's weapon row, 0..15; the row must be allowed. */
    int armour;                 /**< The armour column enemies strike at, 0..7. */
    wr_mount mount;             /**< On foot or mounted. */
    wr_troop_class troop_class; /**< Elite, veteran, regular or C class. */
    unsigned flags;             /**< WR_UNIT_* flags. */
    int morale;        /**< The sample morale model's rating, 0..100 (a sample, not the game's). */
    int legs;          /**< A monster's legs: 2 falls, 4 (or any other) collapses; 0..100. */
    int base_width_mm; /**< A monster's base width, 1..10000 mm. */
    int base_depth_mm; /**< A monster's base depth, 1..10000 mm. */
} wr_melee_unit_desc;

/**
 * @brief A unit definition with defaults: troops, 1 figure in 1 file,
 *        weapon row 0, armour 0, on foot, regular, no flags, sample morale
 *        50, 4 legs, a 20x20 mm base.
 * @return The definition.
 */
WR_API wr_melee_unit_desc wr_melee_unit_desc_default(void);

/** @brief A unit, monster or character in hand-to-hand combat. */
typedef struct wr_melee_unit wr_melee_unit;

/**
 * @brief Makes a unit.
 * @param profile Its race's profile; must outlive the unit.
 * @param def What the unit is made of.
 * @param[out] out The new unit; release it with wr_melee_unit_free().
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE for a number out of range;
 *         ::WR_ERR_INVALID for an unknown enum or flag, a monster or
 *         character that is not 1 figure in 1 file, ::WR_UNIT_COMBAT_HEIGHT
 *         without ::WR_UNIT_FLYING, or a swarm that flies;
 *         ::WR_ERR_FORBIDDEN when the race may not use the weapon; ::WR_ERR_NOMEM.
 */
WR_API wr_status wr_melee_unit_new(const wr_profile *profile, const wr_melee_unit_desc *def,
                                   wr_melee_unit **out);

/**
 * @brief wr_melee_unit_new() with the caller's allocator.
 * @param profile Its race's profile.
 * @param def What the unit is made of.
 * @param alloc The allocator, or NULL for the C library's.
 * @param[out] out The new unit.
 * @return As wr_melee_unit_new().
 */
WR_API wr_status wr_melee_unit_new_ex(const wr_profile *profile, const wr_melee_unit_desc *def,
                                      const wr_allocator *alloc, wr_melee_unit **out);

/**
 * @brief Releases a unit. Engagements using it must be released first.
 * @param unit The unit, or NULL (nothing happens).
 */
WR_API void wr_melee_unit_free(wr_melee_unit *unit);

/**
 * @brief The unit's current definition (figures and disorder as they are now).
 * @param unit The unit.
 * @param[out] def Its definition.
 * @return ::WR_OK; ::WR_ERR_NULL.
 */
WR_API wr_status wr_melee_unit_get(const wr_melee_unit *unit, wr_melee_unit_desc *def);

/**
 * @brief Sets the figures left (for removing casualties the game counts itself).
 * @param unit The unit.
 * @param figures 0..100000; 0..1 for a monster or character.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE; ::WR_ERR_FORBIDDEN
 *         for 1 on a monster or character whose wounds say dead (a dead one
 *         stays dead; wr_melee_unit_set_wounds() sets a record and its figures).
 */
WR_API wr_status wr_melee_unit_set_figures(wr_melee_unit *unit, int figures);

/**
 * @brief Sets or clears disorder (reforming clears it) [Reach].
 * @param unit The unit.
 * @param disordered Non-zero to disorder.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_FORBIDDEN when disordering a
 *         character (characters are never disordered, Blood Lust aside).
 */
WR_API wr_status wr_melee_unit_set_disordered(wr_melee_unit *unit, int disordered);

/**
 * @brief Sets the hit chart used for wounds on a monster or character.
 * @param unit The unit.
 * @param chart The chart (must outlive the unit), or NULL to remove it.
 * @return ::WR_OK; ::WR_ERR_NULL when unit is NULL.
 */
WR_API wr_status wr_melee_unit_set_hit_chart(wr_melee_unit *unit, const wr_hit_chart *chart);

/**
 * @brief The wounds a monster or character has taken so far.
 * @param unit The unit.
 * @param[out] wounds The record (all zeros for troops).
 * @return ::WR_OK; ::WR_ERR_NULL.
 */
WR_API wr_status wr_melee_unit_wounds(const wr_melee_unit *unit, wr_wounds *wounds);

/**
 * @brief Sets the wounds of a monster or character (restoring a saved game,
 *        or setting up a position); its figures become 0 when dead, else 1.
 * @param unit The monster or character.
 * @param wounds The record: counts 0..1000000 with counted <= hits and
 *        serious + critical <= counted; unconscious and dead 0 or 1.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE for a record that breaks
 *         those bounds; ::WR_ERR_INVALID for troops (they take no wounds).
 */
WR_API wr_status wr_melee_unit_set_wounds(wr_melee_unit *unit, const wr_wounds *wounds);

/**
 * @brief Whether a unit in combat may be ordered to leave it [Continuing]:
 *        only flying units at Combat Height may.
 * @param unit The unit.
 * @param[out] may 1 or 0.
 * @return ::WR_OK; ::WR_ERR_NULL.
 */
WR_API wr_status wr_melee_unit_may_leave(const wr_melee_unit *unit, int *may);

/* ------------------------------------------------------------------------ */
/* Starting a melee; advancing units; dead monsters                         */
/* ------------------------------------------------------------------------ */

/** @brief How a unit comes into contact with the enemy [Starting]. */
typedef enum wr_contact_move {
    WR_MOVE_CHARGE = 0,   /**< A charge: starts a melee. */
    WR_MOVE_PUSHBACK = 1, /**< A pushback: starts a melee. */
    WR_MOVE_PURSUIT = 2,  /**< A pursuit move: starts a melee. */
    WR_MOVE_ADVANCE = 3,  /**< An ordered advance at normal speed: stops 5 cm short. */
    WR_MOVE_OTHER = 4     /**< Any other move: does not start a melee. */
} wr_contact_move;

/**
 * @brief Whether a move may start hand-to-hand combat [Starting].
 * @param move The move.
 * @param[out] starts 1 for charges, pushbacks and pursuits, else 0.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID.
 */
WR_API wr_status wr_melee_may_start(wr_contact_move move, int *starts);

/** @brief The distance, in mm, at which two advancing units stop [Starting]. */
#define WR_ADVANCE_STOP_MM 50

/**
 * @brief Two units ordered to advance at normal speed into each other stop
 *        5 cm apart, or stay put when already 5 cm or less apart [Starting].
 *
 * When the moves would not bring them into contact (move_a + move_b <
 * gap_mm) they are unchanged, however close they are. Otherwise the distance they may close,
 * gap_mm - 50, is shared in proportion to their moves: a gets
 * floor(close * move_a / (move_a + move_b)), b the rest (a reading).
 *
 * @param gap_mm The distance between them, 0..10000000 mm.
 * @param move_a_mm The first unit's ordered move, 0..10000000 mm.
 * @param move_b_mm The second unit's ordered move, 0..10000000 mm.
 * @param[out] a_mm The first unit's move.
 * @param[out] b_mm The second unit's move.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE.
 */
WR_API wr_status wr_advance_stop(int gap_mm, int move_a_mm, int move_b_mm, int *a_mm, int *b_mm);

/** @brief What a dead monster leaves [Dead monsters]. */
typedef enum wr_remains {
    WR_REMAINS_WALL = 0,      /**< An obstacle that acts like a wall (base at most 40x40 mm). */
    WR_REMAINS_IMPASSABLE = 1 /**< Impassable terrain (base larger than 40x40 mm). */
} wr_remains;

/** @brief How a dead monster comes down [Dead monsters]. */
typedef enum wr_fall {
    WR_FALL_COLLAPSE = 0, /**< Collapses where it stands (four-legged beasts and the rest). */
    WR_FALL_TOPPLE =
        1,            /**< Falls in a random direction, crash rules for what it hits (two legs). */
    WR_FALL_CRASH = 2 /**< Killed in flight: follows the crash rules. */
} wr_fall;

/**
 * @brief What a dead monster becomes and how it falls [Dead monsters].
 * @param monster The monster.
 * @param in_flight Non-zero when it was killed flying.
 * @param d8 A d8 roll, 1..8, for the direction of a two-legged fall
 *        (1 = straight ahead, then clockwise in 45 degree steps); read only
 *        for a topple.
 * @param[out] remains Wall-like obstacle or impassable terrain.
 * @param[out] fall Collapse, topple or crash.
 * @param[out] direction 1..8 for a topple, else 0.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE for d8 when needed;
 *         ::WR_ERR_INVALID when the unit is not a monster, or in flight
 *         without ::WR_UNIT_FLYING.
 */
WR_API wr_status wr_dead_monster(const wr_melee_unit *monster, int in_flight, int d8,
                                 wr_remains *remains, wr_fall *fall, int *direction);

/**
 * @brief wr_dead_monster() rolling the d8 on a wr_rng (only when it topples).
 * @param monster The monster.
 * @param in_flight Non-zero when it was killed flying.
 * @param rng The dice.
 * @param[out] remains Wall-like obstacle or impassable terrain.
 * @param[out] fall Collapse, topple or crash.
 * @param[out] direction 1..8 for a topple, else 0.
 * @return As wr_dead_monster(); ::WR_ERR_NULL when rng is NULL.
 */
WR_API wr_status wr_dead_monster_rng(const wr_melee_unit *monster, int in_flight, wr_rng *rng,
                                     wr_remains *remains, wr_fall *fall, int *direction);

/* ------------------------------------------------------------------------ */
/* Explanations                                                             */
/* ------------------------------------------------------------------------ */

/** @brief A rule that an event applies; see wr_melee_rule_name() and wr_melee_rule_source(). */
typedef enum wr_melee_rule {
    WR_RULE_BCP = 0,      /**< value = the BCP; detail = weapon row * 8 + armour. */
    WR_RULE_MODIFIER = 1, /**< value = the modifier's total; detail = the ::wr_modifier. */
    WR_RULE_MCP = 2,      /**< value = the MCP. */
    WR_RULE_FIGHTING =
        3, /**< value = figures that fight; detail = the case 1..7 of wr_fighting_figures(). */
    WR_RULE_FCP = 4,            /**< value = the FCP. */
    WR_RULE_CERTAIN_KILLS = 5,  /**< value = FCP / 100 kills or wounds. */
    WR_RULE_REMAINDER_HIT = 6,  /**< value = the remainder; detail = the roll (at most it). */
    WR_RULE_REMAINDER_MISS = 7, /**< value = the remainder; detail = the roll (above it). */
    WR_RULE_KILLS_CAPPED = 8,   /**< value = the figures present; detail = the kills scored. */
    WR_RULE_WOUND = 9,          /**< value = the ::wr_wound; detail = the location. */
    WR_RULE_SLAIN = 10,         /**< A monster or character is killed; value = hits so far. */
    WR_RULE_DISORDERED =
        11, /**< Attacked in flank or rear: disordered; detail = the ::wr_modifier FLANK or REAR. */
    WR_RULE_NOT_DISORDERED =
        12, /**< Flank or rear attack that does not disorder; detail = the reason (1 character attacker, 2 monster in flank, 3 character). */
    WR_RULE_FLANK_TEST =
        13, /**< A morale test for a flank or rear attack; value = pass %, detail = the roll (0: due, not yet rolled, in a charge advisor's reasons, since 1.2). */
    WR_RULE_ONE_RANK = 14,      /**< Flanked: one rank counts; value = the ranks it has. */
    WR_RULE_LOST_ROUND = 15,    /**< value = figures lost; detail = figures the enemy lost. */
    WR_RULE_DRAWN = 16,         /**< Equal losses: drawn; value = each side's losses. */
    WR_RULE_PUSHED_BACK = 17,   /**< The loser is pushed back. */
    WR_RULE_MORALE_TEST = 18,   /**< The loser tests morale; value = pass %, detail = the roll. */
    WR_RULE_MORALE_PASSED = 19, /**< The test passed: the combat continues. */
    WR_RULE_RETIRES = 20,       /**< The test failed: the side retires and the combat ends. */
    WR_RULE_ROUTS = 21,         /**< The test failed: the side routs. */
    WR_RULE_PURSUIT = 22,       /**< The victor may make a pursuit move. */
    WR_RULE_DESTROYED = 23,     /**< The side has no figures left. */
    WR_RULE_COUNT =
        24, /**< Not a rule: one more than ::WR_RULE_DESTROYED; the rules ::WR_RULE_ONCE_PER_TURN to ::WR_RULE_NO_CHARGE_BONUS follow it, up to ::WR_RULE_LIMIT. */
    WR_RULE_ONCE_PER_TURN =
        25, /**< No figure fights twice in a turn: value = figures that fight here; detail = figures eligible here without the rule. */
    WR_RULE_DISORDERED_ELSEWHERE =
        26, /**< Disordered by a flank or rear attack in another fight of the phase; detail = that fight's index. */
    WR_RULE_BLOOD_LUST = 27, /**< Disordered by Blood Lust. */
    WR_RULE_LEFT_FIGHT =
        28, /**< The side failed a flank or rear test in another fight and leaves this one; value = the ::wr_morale_result, detail = that fight's index. */
    WR_RULE_NO_CHARGE_BONUS =
        29, /**< Contact made this turn without a charge bonus; detail = the ::wr_phase_contact. */
    WR_RULE_LIMIT =
        30 /**< Not a rule: one more than the largest rule. Rules are 0..23 and 25..29. */
} wr_melee_rule;

/** @brief One step of an explanation a game can show a player. */
typedef struct wr_melee_event {
    wr_melee_rule rule; /**< The rule applied. */
    int side;           /**< The side it concerns, 0 or 1. */
    int value;          /**< The main number (see ::wr_melee_rule). */
    int detail;         /**< A second number (see ::wr_melee_rule). */
} wr_melee_event;

/**
 * @brief A short English name for a rule, such as "Modified Combat Percentage".
 * @param rule Any value.
 * @return A static string; "unknown rule" for an unknown value; never NULL.
 */
WR_API const char *wr_melee_rule_name(wr_melee_rule rule);

/**
 * @brief Where in the text a rule comes from: its section and phrase.
 * @param rule Any value.
 * @return A static string; "" for an unknown value; never NULL.
 */
WR_API const char *wr_melee_rule_source(wr_melee_rule rule);

/**
 * @brief A short English name for a combat modifier, such as "Fighting a hated foe".
 * @param modifier Any value.
 * @return A static string; "unknown modifier" for an unknown value; never NULL.
 */
WR_API const char *wr_modifier_name(wr_modifier modifier);

/**
 * @brief One English sentence for an event, for a player.
 * @param event The event.
 * @param buf Where to write it (NUL-terminated, cut to fit); may be NULL when cap is 0.
 * @param cap The size of buf in bytes.
 * @param[out] len The sentence's full length, without the NUL (may be more than cap - 1).
 * @return ::WR_OK; ::WR_ERR_NULL when event or len is NULL, or buf is NULL
 *         with cap > 0; ::WR_ERR_INVALID for an unknown rule.
 */
WR_API wr_status wr_melee_event_text(const wr_melee_event *event, char *buf, size_t cap,
                                     size_t *len);

/* ------------------------------------------------------------------------ */
/* Engagements and rounds                                                   */
/* ------------------------------------------------------------------------ */

/** @brief Where the enemy strikes a side [Flank and rear]. */
typedef enum wr_facing {
    WR_FACING_FRONT = 0, /**< In the front. */
    WR_FACING_FLANK = 1, /**< In the flank. */
    WR_FACING_REAR = 2   /**< In the rear. */
} wr_facing;

/** @brief The degree of cover a side is behind [Modifiers] (cover). */
typedef enum wr_cover {
    WR_COVER_NONE = 0,   /**< No cover. */
    WR_COVER_LIGHT = 1,  /**< Light cover: ::WR_MOD_COVER_LIGHT for the enemy. */
    WR_COVER_MEDIUM = 2, /**< Medium cover: ::WR_MOD_COVER_MEDIUM for the enemy. */
    WR_COVER_HEAVY = 3   /**< Heavy cover: ::WR_MOD_COVER_HEAVY for the enemy. */
} wr_cover;

/** @brief One side's situation in an engagement. */
typedef struct wr_combatant_situation {
    int in_contact;        /**< Figures in base-to-base contact, 0..min(files, figures); when
                                 attacked_in is ::WR_FACING_FLANK also up to min(ranks, figures),
                                 ranks = figures / files rounded up, as in a melee phase (since
                                 1.2: a deep column's flank holds more figures than its files).
                                 Along a flank the contact is then not capped at the files; as
                                 figures fall it is capped at the figures left. */
    int charged;           /**< Non-zero when it charged (or pursued) into combat this turn. */
    wr_facing attacked_in; /**< Where the enemy strikes it. */
    wr_cover cover;        /**< The cover it is behind. */
    int character_present; /**< Non-zero when a character leads it. */
} wr_combatant_situation;

/** @brief The situation of an engagement: side 0 and side 1. */
typedef struct wr_situation {
    wr_combatant_situation side[2]; /**< Each side's situation. */
} wr_situation;

/** @brief What a morale test is for. */
typedef enum wr_morale_reason {
    WR_MORALE_REASON_LOST_ROUND = 0, /**< The side lost the round [Casualties 8]. */
    WR_MORALE_REASON_FLANK = 1,      /**< The side is attacked in the flank [Flank and rear]. */
    WR_MORALE_REASON_REAR = 2        /**< The side is attacked in the rear [Flank and rear]. */
} wr_morale_reason;

/** @brief A morale test to be taken; the numbers describe the moment of the test. */
typedef struct wr_morale_test {
    wr_morale_reason reason; /**< Why the test is taken. */
    int side;                /**< 0 or 1. */
    int round;               /**< The round, from 1. */
    int figures; /**< Figures it has left (after this round's losses; in a melee phase after all the phase's losses). */
    int lost;    /**< Figures it lost this round (in a melee phase: over the whole phase). */
    int enemy_lost;             /**< Figures the enemy lost this round. */
    int disordered;             /**< 1 when it is disordered. */
    int character_present;      /**< 1 when a character leads it. */
    int enemy_monster;          /**< 1 when the enemy is a monster. */
    const wr_melee_unit *unit;  /**< The unit (its own figures may differ: use the fields above). */
    const wr_melee_unit *enemy; /**< The enemy. */
} wr_morale_test;

/**
 * @brief The odds of a morale test, in percent: a d100 of at most `pass`
 *        passes, at most `pass + retire` retires, and above that routs.
 */
typedef struct wr_morale_odds {
    int pass;   /**< 0..100. */
    int retire; /**< 0..100. */
    int rout;   /**< 0..100; the three sum to 100. */
} wr_morale_odds;

/**
 * @brief A morale model: the game's Morale Test as odds.
 *
 * Must be a pure function of its arguments (the exact odds call it for
 * many states). Any status but ::WR_OK stops the caller, which returns it.
 *
 * @param user The pointer given with the model.
 * @param test The test.
 * @param[out] odds The odds.
 * @return ::WR_OK or a status to pass on.
 */
typedef wr_status (*wr_morale_fn)(void *user, const wr_morale_test *test, wr_morale_odds *odds);

/**
 * @brief The sample morale model (a sample, not the game's Morale Test).
 *
 * target = the unit's morale rating + the profile's applicable morale
 * modifiers (lost round, per figure lost, attacked in flank or rear,
 * disordered, character present, fighting a monster); pass =
 * clamp(target, 0, 100), retire = clamp(target + retire band, 0, 100) - pass,
 * rout the rest.
 *
 * @param user Ignored.
 * @param test The test.
 * @param[out] odds The odds.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for an unknown reason.
 */
WR_API wr_status wr_morale_sample(void *user, const wr_morale_test *test, wr_morale_odds *odds);

/** @brief An engagement: two units in hand-to-hand combat and their situation. */
typedef struct wr_engagement wr_engagement;

/**
 * @brief Makes an engagement.
 *
 * A character in direct control of a unit fights separately [Who fights]:
 * make a separate engagement for him, and set character_present for the unit.
 *
 * @param a Side 0 (strikes first); must outlive the engagement; not b.
 * @param b Side 1; must outlive the engagement.
 * @param situation The situation.
 * @param[out] out The new engagement; release it with wr_engagement_free().
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE for in_contact out of
 *         range (see ::wr_combatant_situation: a flank holds up to one figure
 *         per rank since 1.2); ::WR_ERR_INVALID for an unknown facing or cover, a == b, both
 *         sides attacked in flank or rear, or a swarm and a flier (they fight
 *         only with missiles); ::WR_ERR_NOMEM.
 */
WR_API wr_status wr_engagement_new(wr_melee_unit *a, wr_melee_unit *b,
                                   const wr_situation *situation, wr_engagement **out);

/**
 * @brief wr_engagement_new() with the caller's allocator.
 * @param a Side 0.
 * @param b Side 1.
 * @param situation The situation.
 * @param alloc The allocator, or NULL for the C library's.
 * @param[out] out The new engagement.
 * @return As wr_engagement_new().
 */
WR_API wr_status wr_engagement_new_ex(wr_melee_unit *a, wr_melee_unit *b,
                                      const wr_situation *situation, const wr_allocator *alloc,
                                      wr_engagement **out);

/**
 * @brief Releases an engagement (not its units).
 * @param engagement The engagement, or NULL (nothing happens).
 */
WR_API void wr_engagement_free(wr_engagement *engagement);

/**
 * @brief Sets the morale model.
 * @param engagement The engagement.
 * @param fn The model, or NULL for wr_morale_sample().
 * @param user Passed to fn.
 * @return ::WR_OK; ::WR_ERR_NULL when engagement is NULL.
 */
WR_API wr_status wr_engagement_set_morale(wr_engagement *engagement, wr_morale_fn fn, void *user);

/** @brief One side's strike in a round [Casualties 1-4]. */
typedef struct wr_strike {
    int bcp;               /**< Basic Combat Percentage. */
    int modifiers;         /**< Sum of the combat modifiers. */
    int mod[WR_MOD_COUNT]; /**< Each modifier's part of the sum (0 when it does not apply). */
    int ranks;             /**< Complete ranks counted for ::WR_MOD_PER_RANK. */
    int mcp;               /**< Modified Combat Percentage. */
    int fighting;          /**< Figures that fight. */
    int fighting_case;     /**< The case 1..7 of wr_fighting_figures() that applied. */
    int fcp;               /**< Final Combat Percentage. */
    int roll;              /**< The remainder d100, or 0 when there was no remainder. */
    int hits;              /**< Kills (or wounds) scored, before the cap. */
    int kills; /**< Figures of the enemy slain: hits capped by the figures present; for monsters and characters 1 when killed. */
} wr_strike;

/** @brief The most wounds of one round recorded one by one per side. */
#define WR_ROUND_MAX_WOUNDS 32
/** @brief The most events of one round. */
#define WR_ROUND_MAX_EVENTS 96

/** @brief How an engagement stands or ended. */
typedef enum wr_melee_end {
    WR_END_ONGOING = 0,        /**< The combat goes on (or the round cap was reached). */
    WR_END_A_ROUTS = 1,        /**< Side 0 routs: side 1 may pursue. */
    WR_END_A_RETIRES = 2,      /**< Side 0 retires: the combat ends. */
    WR_END_B_ROUTS = 3,        /**< Side 1 routs: side 0 may pursue. */
    WR_END_B_RETIRES = 4,      /**< Side 1 retires: the combat ends. */
    WR_END_A_DESTROYED = 5,    /**< Side 0 has no figures left. */
    WR_END_B_DESTROYED = 6,    /**< Side 1 has no figures left. */
    WR_END_BOTH_DESTROYED = 7, /**< Neither side has figures left. */
    WR_END_COUNT = 8           /**< The number of ends (not an end). */
} wr_melee_end;

/** @brief The outcome of a morale test. */
typedef enum wr_morale_result {
    WR_MORALE_NONE = 0,   /**< No test. */
    WR_MORALE_PASS = 1,   /**< Passed. */
    WR_MORALE_RETIRE = 2, /**< Failed: retires. */
    WR_MORALE_ROUT = 3    /**< Failed: routs. */
} wr_morale_result;

/** @brief Everything one round decided; nothing is applied until wr_engagement_apply(). */
typedef struct wr_melee_round {
    int round;                              /**< The round, from 1. */
    int figures_before[2];                  /**< Each side's figures when the round began. */
    wr_morale_result flank_test[2];         /**< Each side's test for a flank or rear attack. */
    int flank_roll[2];                      /**< Their d100 rolls (0 when none). */
    int disordered[2];                      /**< 1 when the side is disordered this round. */
    int fought;                             /**< 1 when blows were struck (no flank test failed). */
    wr_strike strike[2];                    /**< strike[i]: side i's attack on the other side. */
    int lost[2];                            /**< Figures each side lost. */
    int n_wounds[2];                        /**< Wounds side i took (monsters and characters). */
    wr_wound wound[2][WR_ROUND_MAX_WOUNDS]; /**< The first of them, in order. */
    int wound_location[2][WR_ROUND_MAX_WOUNDS]; /**< Their locations. */
    wr_wounds wounds_before[2]; /**< Each side's wound record when the round began. */
    wr_wounds wounds_after[2];  /**< Each side's wound record after the round. */
    int loser;                  /**< The side that lost more figures, or -1 for a draw. */
    int pushed_back;            /**< 1 when the loser is pushed back. */
    wr_morale_result morale;    /**< The loser's test. */
    int morale_roll;            /**< Its d100 (0 when none). */
    wr_morale_odds morale_odds; /**< Its odds. */
    wr_melee_end end;           /**< How the engagement stands after the round. */
    int pursuit;                /**< The side entitled to pursue, or -1. */
    int n_events;               /**< Events recorded. */
    int events_truncated;       /**< 1 when more than ::WR_ROUND_MAX_EVENTS happened. */
    wr_melee_event events[WR_ROUND_MAX_EVENTS]; /**< The explanation, in order. */
} wr_melee_round;

/**
 * @brief One side's strike as it stands now (the first part of the casualty
 *        procedure, without the remainder roll).
 * @param engagement The engagement.
 * @param side 0 or 1: the attacking side.
 * @param[out] strike bcp, modifiers, mod[], ranks, mcp, fighting,
 *        fighting_case, fcp; roll 0, hits fcp / 100, kills capped.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE for side; ::WR_ERR_STATE when
 *         the engagement has ended.
 */
WR_API wr_status wr_engagement_strike(const wr_engagement *engagement, int side, wr_strike *strike);

/**
 * @brief Fights one round with the caller's dice [Casualties 1-8].
 *
 * Rolls are read in this order, each only when needed: (1) the flank or
 * rear morale test d100 of side 0, then of side 1 (in the round where the
 * enemy charged into its flank or rear); (2) side 0's remainder d100 when
 * its FCP leaves a remainder; (3) when side 1 is a monster or character, a
 * d100 location then a d4 severity for each hit of side 0, until it dies;
 * (4) and (5) the same for side 1 against side 0; (6) the loser's morale
 * d100. Nothing is changed: apply the result with wr_engagement_apply()
 * after every combat of the phase is resolved [Casualties: phase ten].
 *
 * @param engagement The engagement.
 * @param rolls The dice, each in its range (d100 1..100, d4 1..4).
 * @param n_rolls How many there are.
 * @param[out] used How many were read.
 * @param[out] round The round.
 * @return ::WR_OK; ::WR_ERR_NULL (rolls may be NULL when n_rolls is 0);
 *         ::WR_ERR_RANGE when a roll is out of range or too few were given;
 *         ::WR_ERR_STATE when the engagement has ended or a monster or
 *         character has no hit chart (or the chart has no entry for a
 *         roll); any status the morale model returns.
 */
WR_API wr_status wr_engagement_fight_rolls(const wr_engagement *engagement, const int *rolls,
                                           size_t n_rolls, size_t *used, wr_melee_round *round);

/**
 * @brief Fights one round rolling on a wr_rng, in the order of
 *        wr_engagement_fight_rolls() (the same dice give the same round).
 * @param engagement The engagement.
 * @param rng The dice.
 * @param[out] round The round.
 * @return As wr_engagement_fight_rolls() (no ::WR_ERR_RANGE for dice).
 */
WR_API wr_status wr_engagement_fight_rng(const wr_engagement *engagement, wr_rng *rng,
                                         wr_melee_round *round);

/**
 * @brief Applies a round: casualties, wounds, disorder; after the last
 *        round the engagement ends [Casualties 7-8, Continuing].
 *
 * The charge bonus and the flank test belong to the first round: later
 * rounds count neither.
 *
 * An engagement is one fight of two units. A unit in more than one fight
 * in a turn (attacked in front and flank) belongs in a melee phase
 * (wr_melee_phase_add()), which shares its figures so that none fights
 * twice [Starting]; engagements of one unit resolved apart each count all
 * its figures. Rounds of such engagements are still applied as in 1.0:
 * resolve every round first, then apply them all [Casualties: phase ten].
 * Each application removes that round's losses
 * from the figures the unit has then (never below 0), and adds that round's
 * wounds to the record the monster or character has then, applying the
 * death rules to the sum (a hit from one combat on one knocked unconscious
 * in another kills). The game ends the other engagements of a unit that
 * routed or retired.
 *
 * @param engagement The engagement.
 * @param round The round this engagement fought next.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_STATE when the engagement has
 *         ended, the round is not its next one, or its numbers are not
 *         those of a round (losses or wound counts out of range); nothing
 *         is applied then.
 */
WR_API wr_status wr_engagement_apply(wr_engagement *engagement, const wr_melee_round *round);

/**
 * @brief How an engagement stands.
 * @param engagement The engagement.
 * @param[out] end ::WR_END_ONGOING or how it ended.
 * @param[out] rounds Rounds applied so far.
 * @return ::WR_OK; ::WR_ERR_NULL.
 */
WR_API wr_status wr_engagement_status(const wr_engagement *engagement, wr_melee_end *end,
                                      int *rounds);

/* ------------------------------------------------------------------------ */
/* Exact odds                                                               */
/* ------------------------------------------------------------------------ */

/**
 * @brief The exact distribution of the kills (or wounds) of one side's strike
 *        this round: hits[0] with percent[0] in 100, hits[1] with percent[1].
 *
 * With no remainder both entries are equal to FCP / 100 and percent[0] is 100.
 * kills[] are the same capped by the figures present.
 */
typedef struct wr_kill_odds {
    int hits[2]; /**< FCP / 100 and FCP / 100 + 1. */
    int kills
        [2]; /**< Those capped by the figures present (wounds on a monster or character are not capped). */
    int percent[2]; /**< 100 - remainder and remainder (exact, out of 100). */
} wr_kill_odds;

/**
 * @brief One side's kill distribution for the next round [Casualties 4].
 * @param engagement The engagement.
 * @param side 0 or 1: the attacking side.
 * @param[out] odds The distribution.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE for side; ::WR_ERR_STATE when ended.
 */
WR_API wr_status wr_engagement_kill_odds(const wr_engagement *engagement, int side,
                                         wr_kill_odds *odds);

/** @brief The most figures per side the exact odds accept. */
#define WR_ODDS_MAX_FIGURES 200
/** @brief The most rounds the exact odds accept. */
#define WR_ODDS_MAX_ROUNDS 40

/**
 * @brief The exact outcome distribution of a melee fought round after round.
 *
 * Every probability is a fraction whose denominator is a power of ten
 * (10^6 for each round of troops: at most three d100s; 10^4 more for each
 * wound a round can inflict on a monster or character: a d100 and a d4;
 * 10^2 for a flank test), held exactly in base 10^9 multi-word integers:
 * no rounding anywhere.
 */
typedef struct wr_melee_odds wr_melee_odds;

/**
 * @brief Computes the exact odds of an engagement from its current state,
 *        under its morale model, for at most max_rounds rounds (a Markov
 *        chain over the figures left of troops and the wound record of a
 *        monster or character) [Continuing], [Wounds].
 *
 * Mass still fighting after max_rounds is reported as ::WR_END_ONGOING.
 * A monster or character counts 1 figure while alive.
 *
 * @param engagement The engagement (not changed).
 * @param max_rounds 1..::WR_ODDS_MAX_ROUNDS.
 * @param[out] out The odds; release them with wr_melee_odds_free().
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE for max_rounds, a side
 *         of more than ::WR_ODDS_MAX_FIGURES figures, or a denominator of
 *         more than 1800 digits (max_rounds * (6 + 4 * the wounds a round
 *         can inflict on monsters and characters)); ::WR_ERR_STATE when the
 *         engagement has ended, or a monster or character has no hit chart
 *         or one that leaves a d100 result without a location;
 *         ::WR_ERR_NOMEM; any status of the morale model, or
 *         ::WR_ERR_INVALID when it returns odds that are not 0..100 summing to 100.
 */
WR_API wr_status wr_melee_odds_new(const wr_engagement *engagement, int max_rounds,
                                   wr_melee_odds **out);

/**
 * @brief wr_melee_odds_new() with the caller's allocator (all its memory
 *        comes from it, in a few blocks allocated at the start).
 * @param engagement The engagement.
 * @param max_rounds 1..::WR_ODDS_MAX_ROUNDS.
 * @param alloc The allocator, or NULL for the C library's.
 * @param[out] out The odds.
 * @return As wr_melee_odds_new().
 */
WR_API wr_status wr_melee_odds_new_ex(const wr_engagement *engagement, int max_rounds,
                                      const wr_allocator *alloc, wr_melee_odds **out);

/**
 * @brief Releases odds.
 * @param odds The odds, or NULL (nothing happens).
 */
WR_API void wr_melee_odds_free(wr_melee_odds *odds);

/**
 * @brief Working memory for the exact odds, kept from call to call by
 *        wr_melee_odds_new_in_workspace(): the chain's grids are allocated once, for
 *        the largest melee seen, and a call on memory the workspace already
 *        has allocates only its result. One workspace serves one thread at a
 *        time.
 */
typedef struct wr_odds_workspace wr_odds_workspace;

/**
 * @brief Makes an empty workspace (it grows on first use).
 * @param[out] out The workspace; release it with wr_odds_workspace_free().
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_NOMEM.
 */
WR_API wr_status wr_odds_workspace_new(wr_odds_workspace **out);

/**
 * @brief Makes an empty workspace with the caller's allocator, which serves
 *        its working memory and the odds computed in it.
 * @param alloc The allocator, or NULL for the C library's.
 * @param[out] out The workspace.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for an allocator
 *         without a function; ::WR_ERR_NOMEM.
 */
WR_API wr_status wr_odds_workspace_new_ex(const wr_allocator *alloc, wr_odds_workspace **out);

/**
 * @brief Releases a workspace and its working memory (odds computed in it
 *        stay valid).
 * @param workspace The workspace, or NULL (nothing happens).
 */
WR_API void wr_odds_workspace_free(wr_odds_workspace *workspace);

/**
 * @brief wr_melee_odds_new() in a caller-owned workspace: the same odds,
 *        digit for digit, without allocating working memory again when
 *        the workspace already has enough (its size is about (figures of
 *        side 0 + 1) x (figures of side 1 + 1) x 4 x (max_rounds x 6 / 9 + 3)
 *        bytes, twice, for troops). [Continuing], [Wounds].
 * @param engagement The engagement (not changed).
 * @param max_rounds 1..::WR_ODDS_MAX_ROUNDS.
 * @param workspace The workspace (kept for the next call whatever the status).
 * @param[out] out The odds, allocated with the workspace's allocator;
 *        release them with wr_melee_odds_free().
 * @return As wr_melee_odds_new(); ::WR_ERR_NULL for workspace too.
 */
WR_API wr_status wr_melee_odds_new_in_workspace(const wr_engagement *engagement, int max_rounds,
                                                wr_odds_workspace *workspace, wr_melee_odds **out);

/**
 * @brief The denominator's exponent: every probability is n / 10^exponent.
 * @param odds The odds.
 * @param[out] exponent The sum of the stages' digits (6 per round of troops).
 * @return ::WR_OK; ::WR_ERR_NULL.
 */
WR_API wr_status wr_melee_odds_exponent(const wr_melee_odds *odds, int *exponent);

/**
 * @brief The probability of an end, rounded down to units of 10^-18.
 * @param odds The odds.
 * @param end The end.
 * @param[out] p_e18 floor(probability * 10^18), 0..10^18.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for an unknown end.
 */
WR_API wr_status wr_melee_odds_end(const wr_melee_odds *odds, wr_melee_end end, uint64_t *p_e18);

/**
 * @brief The exact probability of an end as a decimal string ("0.0123", "1", "0").
 * @param odds The odds.
 * @param end The end.
 * @param buf Where to write it, NUL-terminated; may be NULL when cap is 0.
 * @param cap The size of buf; the string is at most exponent + 3 bytes with the NUL.
 * @param[out] len The string's length without the NUL.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for an unknown end;
 *         ::WR_ERR_RANGE when cap is too small (len is then still written, buf not).
 */
WR_API wr_status wr_melee_odds_end_exact(const wr_melee_odds *odds, wr_melee_end end, char *buf,
                                         size_t cap, size_t *len);

/**
 * @brief The probability that a side has exactly `figures` left when the
 *        melee ends (or at the round cap), rounded down to units of 10^-18.
 * @param odds The odds.
 * @param side 0 or 1.
 * @param figures 0..the side's figures at the start.
 * @param[out] p_e18 floor(probability * 10^18).
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE.
 */
WR_API wr_status wr_melee_odds_figures(const wr_melee_odds *odds, int side, int figures,
                                       uint64_t *p_e18);

/**
 * @brief The same as an exact decimal string.
 * @param odds The odds.
 * @param side 0 or 1.
 * @param figures 0..the side's figures at the start.
 * @param buf Where to write it; may be NULL when cap is 0.
 * @param cap The size of buf.
 * @param[out] len The string's length without the NUL.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE for side, figures or a too small cap.
 */
WR_API wr_status wr_melee_odds_figures_exact(const wr_melee_odds *odds, int side, int figures,
                                             char *buf, size_t cap, size_t *len);

/**
 * @brief Fights the melee `trials` times from the engagement's current state
 *        with the same rules and morale model, and counts the ends (Monte Carlo).
 * @param engagement The engagement (not changed).
 * @param max_rounds 1..1000.
 * @param rng The dice.
 * @param trials 1..100000000.
 * @param[out] counts WR_END_COUNT counters.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE; ::WR_ERR_STATE when ended
 *         or a monster or character has no hit chart; any status of the
 *         round or of the morale model.
 */
WR_API wr_status wr_engagement_simulate_rng(const wr_engagement *engagement, int max_rounds,
                                            wr_rng *rng, int trials, uint64_t counts[WR_END_COUNT]);

/* ------------------------------------------------------------------------ */
/* Batch forms                                                              */
/* ------------------------------------------------------------------------ */

/**
 * @brief One side's inputs to wr_melee_rounds_batch(): one array per
 *        quantity (struct of arrays), each holding one value per round.
 *
 * Every member must point to at least n values. The values have the ranges
 * of the counting functions they feed.
 */
typedef struct wr_melee_batch_combatant {
    const int *figures;    /**< The side's figures, 0..100000 (wr_fighting_figures()). */
    const int *files;      /**< Figures per rank, 1..100000. */
    const int *in_contact; /**< Figures in base-to-base contact, 0..min(files, figures). */
    const int *weapon;     /**< The reach class, a ::wr_weapon value. */
    const unsigned
        *flags;     /**< WR_COMBATANT_* flags of the side (the other side's are its enemy flags). */
    const int *bcp; /**< Basic Combat Percentage, 0..1000 (wr_combat_percent()). */
    const int *modifiers; /**< Sum of the combat modifiers, -1000..1000. */
    const int *d100;      /**< The side's remainder roll, 1..100 (wr_kills_from_percent()). */
} wr_melee_batch_combatant;

/**
 * @brief One side's outputs of wr_melee_rounds_batch(): one array per
 *        quantity, each with room for n values; a NULL member is not written.
 */
typedef struct wr_melee_batch_out {
    int *fighting; /**< Figures of the side that fight (wr_fighting_figures()). */
    int *mcp;      /**< The side's Modified Combat Percentage (wr_combat_percent()). */
    int *fcp;      /**< The side's Final Combat Percentage. */
    int *kills;    /**< Kills the side scores (wr_kills_from_percent(), not capped). */
    int *lost;     /**< Figures the side loses: the enemy's kills capped by the side's figures. */
} wr_melee_batch_out;

/**
 * @brief Resolves n independent rounds of troops against troops with the
 *        caller's dice, in one call [Who fights], [Casualties 2-4], [Casualties 7].
 *
 * Round i is exactly what the counting functions give for each side s (0 is
 * `a`, 1 is `b`, the enemy being the other): fighting =
 * wr_fighting_figures(figures, files, in_contact, weapon, flags of s, flags
 * of the enemy); (mcp, fcp) = wr_combat_percent(bcp, modifiers, fighting);
 * kills = wr_kills_from_percent(fcp, d100). Each side loses the enemy's
 * kills capped by its figures, and loser[i] is the side that lost more
 * figures, or -1 for a draw (equal losses), as in a round of
 * wr_engagement_fight_rolls().
 *
 * Every item is checked before anything is written: on the first bad item
 * the function returns the status the counting functions give it (checked in
 * the order side 0 then side 1; for each wr_fighting_figures(),
 * wr_combat_percent(), wr_kills_from_percent(); so a d100 outside 1..100 is
 * refused even when there is no remainder), writes that item's index to
 * *bad_index and writes no output. Outputs must not overlap the inputs.
 *
 * @param n The number of rounds (0 does nothing and returns ::WR_OK).
 * @param a Side 0's inputs; its members may be NULL only when n is 0.
 * @param b Side 1's inputs; likewise.
 * @param out_a Side 0's outputs (members may be NULL: not written).
 * @param out_b Side 1's outputs (members may be NULL: not written).
 * @param[out] loser n values: 0, 1, or -1 for a draw; may be NULL (not written).
 * @param[out] bad_index The index of the first bad item, written only when
 *        an item is refused (the one output written on failure); may be NULL.
 * @return ::WR_OK; ::WR_ERR_NULL when a, b, out_a or out_b is NULL, or n > 0
 *         and an input member is NULL (bad_index is not written);
 *         ::WR_ERR_RANGE or ::WR_ERR_INVALID for the first bad item, as the
 *         counting functions return them.
 */
WR_API wr_status wr_melee_rounds_batch(size_t n, const wr_melee_batch_combatant *a,
                                       const wr_melee_batch_combatant *b,
                                       const wr_melee_batch_out *out_a,
                                       const wr_melee_batch_out *out_b, int *loser,
                                       size_t *bad_index);

/* ------------------------------------------------------------------------ */
/* A melee phase: every fight of one turn                                  */
/* ------------------------------------------------------------------------ */

/**
 * @brief How a side came into a fight of this phase [Starting], [Modifiers] (charged).
 *
 * The charge bonus and the flank or rear Morale Test are separate facts: a
 * side that charged or pursued in gets the charge bonus; an enemy that came
 * in this turn by any of the three moves onto a side's flank or rear makes
 * that side take the flank or rear Morale Test (see docs/rules/melee.md).
 */
typedef enum wr_phase_contact {
    WR_CONTACT_CONTINUING = 0, /**< In this fight since an earlier turn: no bonus, no new test. */
    WR_CONTACT_CHARGE = 1,     /**< Charged into contact this turn: the charge bonus. */
    WR_CONTACT_PURSUIT =
        2, /**< Pursued into contact this turn: the charge bonus ("charged (or pursued)"). */
    WR_CONTACT_PUSHBACK = 3 /**< Pushed back into contact this turn: no charge bonus. */
} wr_phase_contact;

/** @brief The default for wr_phase_combatant::corner_fights: the text's default share. */
#define WR_PHASE_DEFAULT (-1)
/** @brief The most fights a phase holds. */
#define WR_PHASE_MAX_FIGHTS 10000

/** @brief One side of a fight in a phase. */
typedef struct wr_phase_combatant {
    wr_melee_unit *unit; /**< The unit; must outlive the phase. */
    wr_facing face;      /**< The face of this unit the enemy touches (front, flank or rear). */
    int in_contact;      /**< Figures of this unit in base-to-base contact on that face:
                                   0..min(files, figures) on the front or rear, 0..min(ranks, figures)
                                   along a flank (ranks = figures / files rounded up). */
    int corner;          /**< Of those, figures that also touch an enemy in another fight of
                                   this phase (a corner figure), 0..in_contact. */
    int corner_fights;   /**< ::WR_PHASE_DEFAULT, or 0..corner: how many of the corner figures
                                   fight in this fight (the game's assignment). */
    wr_phase_contact contact; /**< How this side came into the fight. */
    wr_cover cover;           /**< The cover it is behind. */
    int character_present;    /**< Non-zero when a character leads it. */
} wr_phase_combatant;

/** @brief A fight of a phase: side 0 strikes first, as in an engagement. */
typedef struct wr_phase_fight {
    wr_phase_combatant side[2]; /**< The two sides. */
} wr_phase_fight;

/**
 * @brief What a phase did to one unit, summed over its fights.
 */
typedef struct wr_phase_unit {
    int fights;         /**< Fights of the phase it is in. */
    int figures_before; /**< Its figures when the phase began. */
    int fighting;       /**< Figures that fought, over all its fights (each at most once). */
    int lost;           /**< Figures it lost, over all its fights (never more than it had). */
    int disordered;     /**< 1 when it is disordered after the phase. */
    wr_morale_result
        worst; /**< Its worst morale result of the phase (::WR_MORALE_NONE when no test). */
} wr_phase_unit;

/**
 * @brief A melee phase: every fight of one turn, resolved together
 *        [Casualties: phase ten].
 *
 * Resolving a phase: (1) every flank or rear attack disorders the unit it
 * strikes (as in an engagement), and that disorder holds in all the unit's
 * fights of the phase; (2) the flank and rear Morale Tests, fight by fight
 * in the order added, side 0 then side 1, before any blow [Flank and rear];
 * a unit that fails leaves every fight it is in (no blows there); (3) the
 * figures of each unit are shared out so that none fights twice ([Starting]
 * "No figure may fight more than once in a turn"): a corner figure fights
 * in one fight only (by default where it faces: the unit's front fight, then
 * flank, then rear, then the fight added first; or as wr_phase_combatant::corner_fights
 * assigns), and all the unit's fights together use at most its figures;
 * (4) each fight's blows, as in a round of an engagement; (5) once every
 * casualty of the phase is known, each fight's result: a side whose unit has
 * no figures left after all its fights is destroyed, else the side that lost
 * more figures in that fight loses it and takes the Morale Test, whose
 * wr_morale_test::figures and wr_morale_test::lost count its unit's figures
 * left and lost over the whole phase [Casualties: phase ten]; (6) then, and
 * only then, every loss, wound and disorder is applied to the units. A phase
 * is resolved once.
 */
typedef struct wr_melee_phase wr_melee_phase;

/**
 * @brief Makes an empty phase.
 * @param[out] out The new phase; release it with wr_melee_phase_free().
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_NOMEM.
 */
WR_API wr_status wr_melee_phase_new(wr_melee_phase **out);

/**
 * @brief wr_melee_phase_new() with the caller's allocator.
 * @param alloc The allocator, or NULL for the C library's.
 * @param[out] out The new phase.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for an allocator without
 *         a function; ::WR_ERR_NOMEM.
 */
WR_API wr_status wr_melee_phase_new_ex(const wr_allocator *alloc, wr_melee_phase **out);

/**
 * @brief Releases a phase (not its units).
 * @param phase The phase, or NULL (nothing happens).
 */
WR_API void wr_melee_phase_free(wr_melee_phase *phase);

/**
 * @brief Sets the morale model of every fight of the phase.
 * @param phase The phase.
 * @param fn The model, or NULL for wr_morale_sample().
 * @param user Passed to fn.
 * @return ::WR_OK; ::WR_ERR_NULL when phase is NULL.
 */
WR_API wr_status wr_melee_phase_set_morale(wr_melee_phase *phase, wr_morale_fn fn, void *user);

/**
 * @brief Adds a fight to the phase.
 * @param phase The phase.
 * @param fight The fight (copied).
 * @param[out] index The fight's index, from 0 in the order added.
 * @return ::WR_OK; ::WR_ERR_NULL (also for a side without a unit);
 *         ::WR_ERR_RANGE for a phase already holding ::WR_PHASE_MAX_FIGHTS
 *         fights, in_contact above the figures on that face,
 *         corner above in_contact, or corner_fights outside
 *         ::WR_PHASE_DEFAULT or 0..corner; ::WR_ERR_INVALID for an unknown
 *         face, contact or cover, the same unit on both sides, both sides
 *         attacked in flank or rear, a swarm against fliers, or a unit
 *         already fighting the same enemy on the same face in this phase;
 *         ::WR_ERR_STATE when the phase is resolved or a side has no
 *         figures; ::WR_ERR_NOMEM. Nothing is changed on failure.
 */
WR_API wr_status wr_melee_phase_add(wr_melee_phase *phase, const wr_phase_fight *fight, int *index);

/**
 * @brief The number of fights in a phase.
 * @param phase The phase.
 * @param[out] count The fights added.
 * @return ::WR_OK; ::WR_ERR_NULL.
 */
WR_API wr_status wr_melee_phase_count(const wr_melee_phase *phase, int *count);

/**
 * @brief One side's strike in a fight as the phase will resolve it, before
 *        any die: with the disorder of the phase, the figures shared out,
 *        and every flank or rear test taken as passed.
 * @param phase The phase (not resolved).
 * @param fight The fight's index.
 * @param side 0 or 1: the attacking side.
 * @param[out] strike As wr_engagement_strike() gives it.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE for fight or side;
 *         ::WR_ERR_STATE when resolved or the units changed so that a fight
 *         no longer fits them; ::WR_ERR_INVALID for corner figures that no
 *         other fight of the unit has; ::WR_ERR_NOMEM.
 */
WR_API wr_status wr_melee_phase_strike(const wr_melee_phase *phase, int fight, int side,
                                       wr_strike *strike);

/**
 * @brief The most dice resolving the phase can read (d100s and d4s
 *        together): give wr_melee_phase_resolve_rolls() at least this many.
 *
 * The count is an upper bound: a failed flank test, a missed remainder, a
 * monster slain or a drawn round read fewer.
 *
 * @param phase The phase (not resolved).
 * @param[out] most The most dice (SIZE_MAX if more).
 * @return ::WR_OK; ::WR_ERR_NULL; as wr_melee_phase_strike() for the rest.
 */
WR_API wr_status wr_melee_phase_dice_needed(const wr_melee_phase *phase, size_t *most);

/**
 * @brief Resolves every fight of the phase with the caller's dice and applies
 *        the results to the units.
 *
 * Dice order: (1) the flank and rear Morale Tests, fight by fight in the
 * order added, side 0 then side 1, one d100 each; (2) fight by fight, the
 * blows in the order of wr_engagement_fight_rolls(): side 0's remainder,
 * its wounds on a monster or character (a d100 and a d4 each), side 1's
 * remainder, its wounds; (3) fight by fight, the loser's morale d100. On
 * any failure nothing is changed: neither the phase nor a unit.
 *
 * @param phase The phase.
 * @param rolls The dice (d100 1..100, d4 1..4).
 * @param n_rolls How many there are.
 * @param[out] used How many were read.
 * @return ::WR_OK; ::WR_ERR_NULL (rolls may be NULL when n_rolls is 0);
 *         ::WR_ERR_RANGE for a roll out of range or too few rolls;
 *         ::WR_ERR_STATE when the phase is resolved, has no fight, or a unit
 *         changed so that a fight no longer fits it, or a monster or
 *         character has no hit chart; ::WR_ERR_INVALID as
 *         wr_melee_phase_strike(); ::WR_ERR_NOMEM; any status of the morale model.
 */
WR_API wr_status wr_melee_phase_resolve_rolls(wr_melee_phase *phase, const int *rolls,
                                              size_t n_rolls, size_t *used);

/**
 * @brief wr_melee_phase_resolve_rolls() rolling on a wr_rng, in the same
 *        order (the same dice give the same phase).
 * @param phase The phase.
 * @param rng The dice.
 * @return As wr_melee_phase_resolve_rolls() (no ::WR_ERR_RANGE for dice).
 */
WR_API wr_status wr_melee_phase_resolve_rng(wr_melee_phase *phase, wr_rng *rng);

/**
 * @brief A fight's round after the phase is resolved, with its explanation.
 *
 * A fight whose unit failed a flank or rear test (here or in another fight)
 * has fought 0 and ends in that unit's retire or rout.
 *
 * @param phase The resolved phase.
 * @param fight The fight's index.
 * @param[out] round The round.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE for fight; ::WR_ERR_STATE
 *         when the phase is not resolved.
 */
WR_API wr_status wr_melee_phase_round(const wr_melee_phase *phase, int fight,
                                      wr_melee_round *round);

/**
 * @brief What the resolved phase did to one of its units.
 * @param phase The resolved phase.
 * @param unit A unit of one of its fights.
 * @param[out] result The unit's summary.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID when the unit is in no
 *         fight of the phase; ::WR_ERR_STATE when the phase is not resolved.
 */
WR_API wr_status wr_melee_phase_unit(const wr_melee_phase *phase, const wr_melee_unit *unit,
                                     wr_phase_unit *result);

/* ------------------------------------------------------------------------ */
/* Exact odds of a melee phase (since 1.2)                                  */
/* ------------------------------------------------------------------------ */

/** @brief The most units of a phase the exact odds hold: two per fight (since 1.2). */
#define WR_PHASE_ODDS_MAX_UNITS 8
/** @brief The most fights the exact odds of a phase accept (since 1.2). */
#define WR_PHASE_ODDS_MAX_FIGHTS 4
/**
 * @brief The most states of one group of fights that share units: the
 *        product over its units of (figures + 1) (since 1.2).
 */
#define WR_PHASE_ODDS_MAX_STATES 1000000

/** @brief How a unit of a phase ends when its fights are fought to the end (since 1.2). */
typedef enum wr_melee_fate {
    WR_FATE_FIGHTING = 0, /**< Still fighting when the round cap is reached. */
    WR_FATE_HOLDS = 1,    /**< Every enemy it fought retired, routed or was destroyed; it stands. */
    WR_FATE_RETIRES = 2,  /**< It retired (a failed Morale Test) [Casualties 8]. */
    WR_FATE_ROUTS = 3,    /**< It routed (a failed Morale Test) [Casualties 8]. */
    WR_FATE_DESTROYED = 4, /**< It has no figures left. */
    WR_FATE_COUNT = 5      /**< The number of fates (not a fate). */
} wr_melee_fate;

/**
 * @brief The exact outcome distribution of a melee phase whose fights are
 *        fought turn after turn to the end (since 1.2).
 *
 * Every probability is n / 10^exponent, held exactly in base 10^9
 * multi-word integers as for an engagement (::wr_melee_odds).
 */
typedef struct wr_melee_phase_odds wr_melee_phase_odds;

/**
 * @brief Computes the exact odds of a melee phase fought turn after turn,
 *        under the phase's morale model, for at most max_rounds turns
 *        [Casualties: phase ten], [Continuing] (since 1.2).
 *
 * The first turn is the phase as it stands: every flank and rear Morale
 * Test first, the figures shared out so that none fights twice, every blow
 * on the figures the units had when the turn began, then each fight's
 * result and its loser's test on the losses of the whole turn, exactly as
 * wr_melee_phase_resolve_rolls() resolves it. Each later turn repeats the
 * phase with the fights still going on: contact continuing (no charge
 * bonus, no new flank test), the disorder of the first turn kept, the
 * figures in contact capped at the figures left, corner figures shared by
 * default among the fights still going on, and the turn counted in
 * wr_morale_test::round (1 for a fight that began this phase, then 2, 3
 * ...). A fight ends when one of its units retires, routs or is destroyed;
 * a unit that retires or routs in any fight leaves every fight it is in,
 * and a unit whose enemies have all gone holds (see docs/rules/melee.md).
 * Fights that share no unit are independent and are computed apart.
 *
 * For a phase of one fight the odds are those of wr_melee_odds_new() for
 * the same engagement, digit for digit.
 *
 * @param phase The phase (not resolved; not changed).
 * @param max_rounds The most turns, 1..::WR_ODDS_MAX_ROUNDS.
 * @param[out] out The odds; release them with wr_melee_phase_odds_free().
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE for max_rounds, more than
 *         ::WR_PHASE_ODDS_MAX_FIGHTS fights, a unit of more than
 *         ::WR_ODDS_MAX_FIGURES figures, a
 *         monster or character (their odds are an engagement's), or a group
 *         of fights of more than ::WR_PHASE_ODDS_MAX_STATES states;
 *         ::WR_ERR_STATE when the phase is resolved, has no fight, or a unit
 *         changed so that a fight no longer fits it; ::WR_ERR_INVALID as
 *         wr_melee_phase_strike() (corner figures); ::WR_ERR_NOMEM; any
 *         status of the morale model, or ::WR_ERR_INVALID when it returns
 *         odds that are not 0..100 summing to 100.
 */
WR_API wr_status wr_melee_phase_odds_new(const wr_melee_phase *phase, int max_rounds,
                                         wr_melee_phase_odds **out);

/**
 * @brief wr_melee_phase_odds_new() with the caller's allocator (working
 *        memory and result). The working memory of a group of fights is
 *        about 8 x states x (max_rounds x 6 x fights / 9 + 4) bytes.
 * @param phase The phase.
 * @param max_rounds 1..::WR_ODDS_MAX_ROUNDS.
 * @param alloc The allocator, or NULL for the C library's.
 * @param[out] out The odds.
 * @return As wr_melee_phase_odds_new(); ::WR_ERR_INVALID for an allocator
 *         without a function.
 */
WR_API wr_status wr_melee_phase_odds_new_ex(const wr_melee_phase *phase, int max_rounds,
                                            const wr_allocator *alloc, wr_melee_phase_odds **out);

/**
 * @brief Releases phase odds.
 * @param odds The odds, or NULL (nothing happens).
 */
WR_API void wr_melee_phase_odds_free(wr_melee_phase_odds *odds);

/**
 * @brief The denominator's exponent: every probability is n / 10^exponent.
 * @param odds The odds.
 * @param[out] exponent 2 per flank or rear test, 6 per fight per turn, for
 *        the largest group of fights sharing units.
 * @return ::WR_OK; ::WR_ERR_NULL.
 */
WR_API wr_status wr_melee_phase_odds_exponent(const wr_melee_phase_odds *odds, int *exponent);

/**
 * @brief The probability that a fight of the phase ends in `end`, rounded
 *        down to units of 10^-18 (::WR_END_ONGOING: still going on at the
 *        round cap) (since 1.2).
 *
 * A fight that ends because one of its units left another fight (or failed
 * a flank test there) ends with that unit's retire or rout, side 0's when
 * both left.
 *
 * @param odds The odds.
 * @param fight The fight's index in the phase.
 * @param end The end.
 * @param[out] p_e18 floor(probability * 10^18).
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE for fight; ::WR_ERR_INVALID
 *         for an unknown end.
 */
WR_API wr_status wr_melee_phase_odds_fight_end(const wr_melee_phase_odds *odds, int fight,
                                               wr_melee_end end, uint64_t *p_e18);

/**
 * @brief The same as an exact decimal string ("0.0123", "1", "0").
 * @param odds The odds.
 * @param fight The fight's index in the phase.
 * @param end The end.
 * @param buf Where to write it, NUL-terminated; may be NULL when cap is 0.
 * @param cap The size of buf; the string is at most exponent + 3 bytes with the NUL.
 * @param[out] len The string's length without the NUL.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE for fight or a too small
 *         cap (len is then still written, buf not); ::WR_ERR_INVALID for an
 *         unknown end.
 */
WR_API wr_status wr_melee_phase_odds_fight_end_exact(const wr_melee_phase_odds *odds, int fight,
                                                     wr_melee_end end, char *buf, size_t cap,
                                                     size_t *len);

/**
 * @brief The probability of a unit's fate, rounded down to units of 10^-18.
 * @param odds The odds.
 * @param unit A unit of the phase.
 * @param fate The fate.
 * @param[out] p_e18 floor(probability * 10^18).
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for a unit in no fight
 *         of the phase or an unknown fate.
 */
WR_API wr_status wr_melee_phase_odds_unit_fate(const wr_melee_phase_odds *odds,
                                               const wr_melee_unit *unit, wr_melee_fate fate,
                                               uint64_t *p_e18);

/**
 * @brief The same as an exact decimal string.
 * @param odds The odds.
 * @param unit A unit of the phase.
 * @param fate The fate.
 * @param buf Where to write it; may be NULL when cap is 0.
 * @param cap The size of buf.
 * @param[out] len The string's length without the NUL.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID as
 *         wr_melee_phase_odds_unit_fate(); ::WR_ERR_RANGE for a too small cap.
 */
WR_API wr_status wr_melee_phase_odds_unit_fate_exact(const wr_melee_phase_odds *odds,
                                                     const wr_melee_unit *unit, wr_melee_fate fate,
                                                     char *buf, size_t cap, size_t *len);

/**
 * @brief The probability that a unit has exactly `figures` left when its
 *        fights end (or at the round cap), rounded down to units of 10^-18.
 * @param odds The odds.
 * @param unit A unit of the phase.
 * @param figures 0..its figures when the phase began.
 * @param[out] p_e18 floor(probability * 10^18).
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for a unit in no fight
 *         of the phase; ::WR_ERR_RANGE for figures.
 */
WR_API wr_status wr_melee_phase_odds_unit_figures(const wr_melee_phase_odds *odds,
                                                  const wr_melee_unit *unit, int figures,
                                                  uint64_t *p_e18);

/**
 * @brief The same as an exact decimal string.
 * @param odds The odds.
 * @param unit A unit of the phase.
 * @param figures 0..its figures when the phase began.
 * @param buf Where to write it; may be NULL when cap is 0.
 * @param cap The size of buf.
 * @param[out] len The string's length without the NUL.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for a unit in no fight
 *         of the phase; ::WR_ERR_RANGE for figures or a too small cap.
 */
WR_API wr_status wr_melee_phase_odds_unit_figures_exact(const wr_melee_phase_odds *odds,
                                                        const wr_melee_unit *unit, int figures,
                                                        char *buf, size_t cap, size_t *len);

/**
 * @brief The expected figures a unit loses, rounded down to units of 10^-9.
 * @param odds The odds.
 * @param unit A unit of the phase.
 * @param[out] lost_e9 floor(expected figures lost * 10^9).
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for a unit in no fight
 *         of the phase.
 */
WR_API wr_status wr_melee_phase_odds_expected_lost(const wr_melee_phase_odds *odds,
                                                   const wr_melee_unit *unit, uint64_t *lost_e9);

/* ------------------------------------------------------------------------ */
/* Charge advisor (since 1.2)                                               */
/* ------------------------------------------------------------------------ */

/** @brief The most options a charge advisor holds (since 1.2). */
#define WR_CHARGE_ADVISOR_MAX_OPTIONS 64
/** @brief The most choices one ranking keeps (since 1.2). */
#define WR_CHARGE_ADVISOR_MAX_TOP 4096
/** @brief The most reasons kept for one choice (since 1.2). */
#define WR_CHARGE_ADVISOR_MAX_REASONS 96

/**
 * @brief One charge the game may make this turn: one of its units may strike
 *        one face of one enemy unit (since 1.2).
 */
typedef struct wr_charge_option {
    wr_melee_unit *attacker;  /**< The game's unit; must outlive the advisor. */
    wr_melee_unit *enemy;     /**< The enemy unit it may reach; must outlive the advisor. */
    wr_facing face;           /**< The enemy's face it would strike. */
    int in_contact;           /**< Its figures in contact, on its front (0..min(files, figures)). */
    int enemy_in_contact;     /**< The enemy's figures in contact on that face (as
                                   ::wr_phase_combatant::in_contact). */
    wr_phase_contact contact; /**< How it comes in: ::WR_CONTACT_CHARGE, ::WR_CONTACT_PURSUIT
                                   or ::WR_CONTACT_PUSHBACK. */
} wr_charge_option;

/** @brief What a ranking of charges seeks (since 1.2). */
typedef enum wr_charge_aim {
    WR_CHARGE_AIM_BREAK = 0,   /**< The probability that the target ends in one of the fates
                                    asked (by default it routs or is destroyed). */
    WR_CHARGE_AIM_FIGURES = 1, /**< Expected enemy figures lost minus own figures lost. */
    WR_CHARGE_AIM_SCORE = 2,   /**< break_weight x that probability + inflicted_weight x
                                    expected enemy figures lost - lost_weight x expected own
                                    figures lost. */
    WR_CHARGE_AIM_COUNT = 3    /**< The number of aims (not an aim). */
} wr_charge_aim;

/** @brief How to rank the charges; see wr_charge_advisor_params_default() (since 1.2). */
typedef struct wr_charge_advisor_params {
    wr_charge_aim aim;           /**< What is sought. */
    const wr_melee_unit *target; /**< The enemy unit whose break is sought (::WR_CHARGE_AIM_BREAK,
                                        and ::WR_CHARGE_AIM_SCORE with a break_weight); may be NULL
                                        otherwise. */
    unsigned fates;              /**< The fates that count as the target's break: a mask of
                                        (1u << ::wr_melee_fate), 1..31. */
    int break_weight;            /**< ::WR_CHARGE_AIM_SCORE: 0..1000. */
    int inflicted_weight;        /**< ::WR_CHARGE_AIM_SCORE: 0..1000. */
    int lost_weight;             /**< ::WR_CHARGE_AIM_SCORE: 0..1000. */
    int max_rounds;              /**< Turns each choice is fought, 1..::WR_ODDS_MAX_ROUNDS. */
    int top;                     /**< Choices to keep, 1..::WR_CHARGE_ADVISOR_MAX_TOP. */
} wr_charge_advisor_params;

/**
 * @brief The default ranking (since 1.2): ::WR_CHARGE_AIM_FIGURES, no
 *        target, fates routs or destroyed, weights 1, 1, 1, 6 turns, the top 5.
 * @return The parameters.
 */
WR_API wr_charge_advisor_params wr_charge_advisor_params_default(void);

/** @brief What a ranking did (since 1.2). */
typedef struct wr_charge_advisor_info {
    long long choices;   /**< Legal choices enumerated (holding back included). */
    long long evaluated; /**< Choices whose score was found exactly. */
    long long pruned;    /**< Choices shown unable to enter the top without their exact odds. */
    int groups;          /**< Groups of fights whose exact odds were computed. */
    int bounds;          /**< Groups of fights whose first turn was computed for the bounds. */
    int ranked;          /**< Choices kept: min(top, choices). */
} wr_charge_advisor_info;

/** @brief One ranked choice (since 1.2). */
typedef struct wr_charge_choice {
    int attackers;                        /**< The game's units with options, in order of their
                                               first option. */
    int option[WR_PHASE_ODDS_MAX_FIGHTS]; /**< For each of them the option it takes (its index
                                               from wr_charge_advisor_add_option()), or -1: it
                                               holds back. */
    int64_t score_e9;                     /**< The score, times 10^9, rounded toward zero. */
    uint64_t
        break_e18; /**< floor(probability of the target's break * 10^18); 0 without a target. */
    uint64_t inflicted_e9; /**< floor(expected enemy figures lost * 10^9). */
    uint64_t lost_e9;      /**< floor(expected own figures lost * 10^9). */
    int reasons;           /**< Reasons kept (wr_charge_advisor_reason()). */
} wr_charge_choice;

/** @brief One reason of a choice: a rule its first turn applies (since 1.2). */
typedef struct wr_charge_reason {
    int fight;            /**< The fight of the choice's phase: the fights added with
                               wr_charge_advisor_add_fight() first, then each charge in the
                               order of the attackers. */
    wr_melee_event event; /**< The rule applied (wr_melee_rule_source() cites it;
                               wr_melee_event_text() says it). */
} wr_charge_reason;

/**
 * @brief A charge advisor: the game's units, the enemy's, the charges each of
 *        its units may make this turn, and the fights already going on; it
 *        ranks every legal choice by the exact odds of its melee phase
 *        (since 1.2).
 *
 * A choice gives each of the game's units at most one of its options, or
 * none (holding back is a choice); no two units strike the same face of the
 * same enemy, nor a face an enemy already fights on. Each choice is the
 * melee phase of the fights going on (wr_charge_advisor_add_fight()) and
 * its charges, fought turn after turn (wr_melee_phase_odds_new()); its
 * score is the parameters' aim, in exact integer arithmetic. Corner
 * figures are not counted (0); a game that knows them resolves the chosen
 * phase itself.
 */
typedef struct wr_charge_advisor wr_charge_advisor;

/**
 * @brief Makes an empty advisor (since 1.2).
 * @param[out] out The advisor; release it with wr_charge_advisor_free().
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_NOMEM.
 */
WR_API wr_status wr_charge_advisor_new(wr_charge_advisor **out);

/**
 * @brief wr_charge_advisor_new() with the caller's allocator, which serves
 *        all its memory, its odds' working memory and the odds it returns.
 * @param alloc The allocator, or NULL for the C library's.
 * @param[out] out The advisor.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for an allocator without
 *         a function; ::WR_ERR_NOMEM.
 */
WR_API wr_status wr_charge_advisor_new_ex(const wr_allocator *alloc, wr_charge_advisor **out);

/**
 * @brief Releases an advisor (not its units).
 * @param advisor The advisor, or NULL (nothing happens).
 */
WR_API void wr_charge_advisor_free(wr_charge_advisor *advisor);

/**
 * @brief Sets the morale model of every choice's phase (as
 *        wr_melee_phase_set_morale()); discards a ranking.
 * @param advisor The advisor.
 * @param fn The model, or NULL for wr_morale_sample().
 * @param user Passed to fn.
 * @return ::WR_OK; ::WR_ERR_NULL when advisor is NULL.
 */
WR_API wr_status wr_charge_advisor_set_morale(wr_charge_advisor *advisor, wr_morale_fn fn,
                                              void *user);

/**
 * @brief Adds a fight already going on, fought in every choice; side 0 is
 *        the game's unit, side 1 the enemy's. Discards a ranking.
 *
 * A unit in such a fight cannot charge [Continuing]: "Units engaged in
 * combat ... cannot be ordered to leave that combat".
 *
 * @param advisor The advisor.
 * @param fight The fight (copied), as for wr_melee_phase_add().
 * @return ::WR_OK; ::WR_ERR_NULL; the statuses of wr_melee_phase_add() for
 *         the fight alone; ::WR_ERR_INVALID for a unit on both sides of the
 *         advisor (the game's and the enemy's); ::WR_ERR_FORBIDDEN for a unit
 *         of the game that has options; ::WR_ERR_RANGE beyond
 *         ::WR_PHASE_ODDS_MAX_FIGHTS fights (with the attackers).
 */
WR_API wr_status wr_charge_advisor_add_fight(wr_charge_advisor *advisor,
                                             const wr_phase_fight *fight);

/**
 * @brief Adds an option; discards a ranking.
 * @param advisor The advisor.
 * @param option The option (copied).
 * @param[out] index Its index, from 0 in the order added.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE for in_contact or
 *         enemy_in_contact out of range, more than
 *         ::WR_CHARGE_ADVISOR_MAX_OPTIONS options, or more than
 *         ::WR_PHASE_ODDS_MAX_FIGHTS fights (attackers and fights going on);
 *         ::WR_ERR_INVALID for an unknown
 *         face or contact, ::WR_CONTACT_CONTINUING, the attacker as its own
 *         enemy or on both sides of the advisor, a swarm against fliers, or
 *         the same attacker, enemy and face twice; ::WR_ERR_FORBIDDEN for an
 *         attacker already in a fight going on [Continuing];
 *         ::WR_ERR_STATE for a unit without figures.
 */
WR_API wr_status wr_charge_advisor_add_option(wr_charge_advisor *advisor,
                                              const wr_charge_option *option, int *index);

/**
 * @brief Ranks every legal choice by the exact odds of its phase and keeps
 *        the best `top` (since 1.2).
 *
 * Groups of fights that share no unit are independent: each group's odds
 * are computed once and serve every choice that has it. A choice is
 * pruned, without the odds of its groups, when bounds from their first turn
 * (what has ended by then is final; what still fights may yet end any way)
 * show that it cannot enter the top. Ties keep the order of enumeration
 * (holding back before the first option, attackers in order). The
 * probabilities are exact (n / 10^exponent); the score is compared exactly.
 *
 * @param advisor The advisor.
 * @param params How to rank.
 * @param[out] info What the ranking did; may be NULL.
 * @return ::WR_OK; ::WR_ERR_NULL (also for no target when the aim needs
 *         one); ::WR_ERR_INVALID for an unknown aim, a target that is no
 *         enemy unit of the advisor, or fates outside 1..31; ::WR_ERR_RANGE
 *         for a weight, max_rounds or top out of range, or a phase beyond the
 *         limits of wr_melee_phase_odds_new(); ::WR_ERR_STATE when a unit
 *         changed so that an option or fight no longer fits it; ::WR_ERR_NOMEM;
 *         any status of the morale model. On failure the advisor keeps no
 *         ranking.
 */
WR_API wr_status wr_charge_advisor_rank(wr_charge_advisor *advisor,
                                        const wr_charge_advisor_params *params,
                                        wr_charge_advisor_info *info);

/**
 * @brief A ranked choice (since 1.2).
 * @param advisor The advisor, ranked.
 * @param rank 0 (the best) .. ranked - 1.
 * @param[out] choice The choice.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE for rank; ::WR_ERR_STATE
 *         without a ranking; ::WR_ERR_NOMEM (the reasons are found on demand).
 */
WR_API wr_status wr_charge_advisor_choice(const wr_charge_advisor *advisor, int rank,
                                          wr_charge_choice *choice);

/**
 * @brief One reason of a ranked choice: a rule of its first turn, citing its
 *        section (disorder and flank or rear tests, the modifiers that apply,
 *        the figures that fight and why, the Final Combat Percentage)
 *        (since 1.2).
 * @param advisor The advisor, ranked.
 * @param rank 0..ranked - 1.
 * @param index 0..the choice's reasons - 1.
 * @param[out] reason The reason.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE for rank or index;
 *         ::WR_ERR_STATE without a ranking; ::WR_ERR_NOMEM.
 */
WR_API wr_status wr_charge_advisor_reason(const wr_charge_advisor *advisor, int rank, int index,
                                          wr_charge_reason *reason);

/**
 * @brief The exact odds of a ranked choice's phase (its fights in the order
 *        of ::wr_charge_reason::fight) (since 1.2).
 * @param advisor The advisor, ranked.
 * @param rank 0..ranked - 1.
 * @param[out] out The odds, with the advisor's allocator; release them with
 *        wr_melee_phase_odds_free().
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE for rank; ::WR_ERR_STATE
 *         without a ranking, or when a unit changed since; ::WR_ERR_NOMEM;
 *         any status of the morale model.
 */
WR_API wr_status wr_charge_advisor_odds(const wr_charge_advisor *advisor, int rank,
                                        wr_melee_phase_odds **out);

/* ---- Deprecated names ---------------------------------------------- */

/**
 * @name Deprecated names
 * Older names, kept with the same ABI for all of 1.x. Each one warns where it
 * is used and names its replacement; defining ::WR_ALLOW_DEPRECATED before
 * including <warrules/warrules.h> silences the warnings. CHANGELOG.md lists
 * every old name beside its new one.
 * @{
 */
/** @brief The older name of ::wr_melee_unit_desc, the same type.
 *  @deprecated Use ::wr_melee_unit_desc. */
typedef WR_DEPRECATED("use wr_melee_unit_desc") wr_melee_unit_desc wr_unit_def;

/** @brief The older name of ::wr_melee_unit_kind, the same type.
 *  @deprecated Use ::wr_melee_unit_kind. */
typedef WR_DEPRECATED("use wr_melee_unit_kind") wr_melee_unit_kind wr_unit_kind;

/** @brief The older name of ::wr_combatant_situation, the same type.
 *  @deprecated Use ::wr_combatant_situation. */
typedef WR_DEPRECATED("use wr_combatant_situation") wr_combatant_situation wr_side_situation;

/** @brief The older name of ::wr_phase_combatant, the same type.
 *  @deprecated Use ::wr_phase_combatant. */
typedef WR_DEPRECATED("use wr_phase_combatant") wr_phase_combatant wr_phase_side;

/** @brief The older name of ::wr_melee_batch_combatant, the same type.
 *  @deprecated Use ::wr_melee_batch_combatant. */
typedef WR_DEPRECATED("use wr_melee_batch_combatant") wr_melee_batch_combatant wr_melee_batch_side;

/** @brief The older name of ::WR_COMBATANT_MOUNTED, the same value.
 *  @deprecated Use ::WR_COMBATANT_MOUNTED. */
#define WR_SIDE_MOUNTED                                                            \
    WR_DEPRECATED_MACRO("WR_SIDE_MOUNTED is deprecated: use WR_COMBATANT_MOUNTED") \
    WR_COMBATANT_MOUNTED

/** @brief The older name of ::WR_COMBATANT_DISORDERED, the same value.
 *  @deprecated Use ::WR_COMBATANT_DISORDERED. */
#define WR_SIDE_DISORDERED                                                               \
    WR_DEPRECATED_MACRO("WR_SIDE_DISORDERED is deprecated: use WR_COMBATANT_DISORDERED") \
    WR_COMBATANT_DISORDERED

/** @brief The older name of ::WR_COMBATANT_SWARM, the same value.
 *  @deprecated Use ::WR_COMBATANT_SWARM. */
#define WR_SIDE_SWARM \
    WR_DEPRECATED_MACRO("WR_SIDE_SWARM is deprecated: use WR_COMBATANT_SWARM") WR_COMBATANT_SWARM

/** @brief The older name of ::WR_COMBATANT_FLYING, the same value.
 *  @deprecated Use ::WR_COMBATANT_FLYING. */
#define WR_SIDE_FLYING \
    WR_DEPRECATED_MACRO("WR_SIDE_FLYING is deprecated: use WR_COMBATANT_FLYING") WR_COMBATANT_FLYING

/** @brief The older name of ::WR_COMBATANT_FLANKED, the same value.
 *  @deprecated Use ::WR_COMBATANT_FLANKED. */
#define WR_SIDE_FLANKED                                                            \
    WR_DEPRECATED_MACRO("WR_SIDE_FLANKED is deprecated: use WR_COMBATANT_FLANKED") \
    WR_COMBATANT_FLANKED

/** @copydoc wr_profile_hated
 *  @deprecated Use wr_profile_hated(), the same call. */
WR_DEPRECATED("use wr_profile_hated")
WR_API wr_status wr_profile_hates(const wr_profile *profile, wr_race enemy, int *hated);

/** @copydoc wr_hit_chart_is_complete
 *  @deprecated Use wr_hit_chart_is_complete(), the same call. */
WR_DEPRECATED("use wr_hit_chart_is_complete")
WR_API wr_status wr_hit_chart_complete(const wr_hit_chart *chart, int *complete);

/** @copydoc wr_melee_unit_desc_default
 *  @deprecated Use wr_melee_unit_desc_default(), the same call. */
WR_DEPRECATED("use wr_melee_unit_desc_default") WR_API wr_melee_unit_desc wr_unit_def_default(void);

/** @copydoc wr_melee_unit_get
 *  @deprecated Use wr_melee_unit_get(), the same call. */
WR_DEPRECATED("use wr_melee_unit_get")
WR_API wr_status wr_melee_unit_def(const wr_melee_unit *unit, wr_melee_unit_desc *def);

/** @copydoc wr_engagement_fight_rng
 *  @deprecated Use wr_engagement_fight_rng(), the same call. */
WR_DEPRECATED("use wr_engagement_fight_rng")
WR_API wr_status wr_engagement_fight(const wr_engagement *engagement, wr_rng *rng,
                                     wr_melee_round *round);

/** @copydoc wr_melee_odds_new_in_workspace
 *  @deprecated Use wr_melee_odds_new_in_workspace(), the same call. */
WR_DEPRECATED("use wr_melee_odds_new_in_workspace")
WR_API wr_status wr_melee_odds_new_ws(const wr_engagement *engagement, int max_rounds,
                                      wr_odds_workspace *workspace, wr_melee_odds **out);

/** @copydoc wr_engagement_simulate_rng
 *  @deprecated Use wr_engagement_simulate_rng(), the same call. */
WR_DEPRECATED("use wr_engagement_simulate_rng")
WR_API wr_status wr_melee_simulate(const wr_engagement *engagement, int max_rounds, wr_rng *rng,
                                   int trials, uint64_t counts[WR_END_COUNT]);

/** @copydoc wr_melee_phase_resolve_rng
 *  @deprecated Use wr_melee_phase_resolve_rng(), the same call. */
WR_DEPRECATED("use wr_melee_phase_resolve_rng")
WR_API wr_status wr_melee_phase_resolve(wr_melee_phase *phase, wr_rng *rng);
/** @} */

#ifdef __cplusplus
}
#endif

#endif /* WARRULES_MELEE_H */
