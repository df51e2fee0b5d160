/**
 * @file campaign.h
 * @brief Strategic campaign movement on hex maps (Valormr campaign,
 *        "Strategic Movement: Terrain Effects").
 *
 * What this header holds:
 * - the river crossing, straggler and raft timber rules;
 * - hex utilities in axial coordinates (distance, neighbours, rings, ranges,
 *   lines);
 * - a hex map (::wr_map): terrain, regions, ports, channels, mud flats,
 *   rivers and crossings on hexsides, roads and tracks, water courses;
 * - move point tables per arm and vessel class (::wr_move_costs) with
 *   defaults labelled as defaults (the text's own table is missing);
 * - spending and saving move points on a march (::wr_march), unformed
 *   movement, stragglers, getting lost, beaching and sighting at sea;
 * - route planning (::wr_planner): earliest arrival, the earliest arrival
 *   field, the hexes reachable within N days, on a ::wr_map or over a game's
 *   own map through callbacks (::wr_plan_graph);
 * - a game's turn loop: plans from a force's state (::wr_force_state)
 *   with objectives and blocked hexes or hexsides for one query
 *   (wr_planner_plan()), and their replay day by day (wr_force_move(),
 *   wr_force_end_day(), wr_force_rally()) reaching exactly the planned steps;
 *   wr_map_check_rivers();
 * - where forces meet: the earliest contact with a moving enemy
 *   (interception, pursuit, meeting it formed) and the danger field of
 *   several enemy forces (wr_planner_intercept(), wr_planner_danger()).
 *
 * Headings of the text in brackets, such as [Saving Move Points] or
 * [Crossing], cite the parts of the text listed in docs/rules/campaign.md,
 * which cites the heading behind every rule and writes down each reading of
 * an open point.
 *
 * Time on a march is counted in move points. A force that has spent T points
 * since it set out (T = 0 at the start of day 1) is on day ceil(T / P), P being
 * its daily points, with day * P - T points saved. This is exactly the text's
 * spending and saving: a force enters a hex when it has the points, else it
 * waits for the next day with its unused points saved, and while it keeps
 * moving nothing is lost. Points are lost only when the force stays
 * stationary, halts or meets the enemy: whole-day crossings and rally days
 * therefore start on a fresh day.
 */
#ifndef WARRULES_CAMPAIGN_H
#define WARRULES_CAMPAIGN_H

#include "warrules/core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/** @name River crossings, stragglers, raft timber
 *  @{ */

/** @brief The arm of a land force [Crossing], [Forest and Swamp]. */
typedef enum wr_arm {
    WR_ARM_INFANTRY = 0, /**< Foot troops: 12 move points a day in the text. */
    WR_ARM_CAVALRY = 1   /**< Mounted troops. */
} wr_arm;

/** @brief The category of a river [Crossing]: white space between the
 *         shores is a major river, a single line a minor one. */
typedef enum wr_river {
    WR_RIVER_MINOR = 1, /**< Drawn as a single line. */
    WR_RIVER_MAJOR = 2  /**< Opposite shores separated by white space. */
} wr_river;

/** @brief No river on a hexside (the value of wr_hexside::river). */
#define WR_NO_RIVER 0

/** @brief The means of crossing a river on one hexside. */
typedef enum wr_crossing {
    WR_CROSS_OPEN = 0,   /**< No bridge, ferry or ford. */
    WR_CROSS_BRIDGE = 1, /**< An arc over the river. */
    WR_CROSS_FERRY = 2,  /**< Two dots, one either side of the river. */
    WR_CROSS_FORD = 3    /**< Two carets pointing to the ford (minor rivers only). */
} wr_crossing;

/**
 * @brief The cost of crossing a river [Crossing], [Bridges], [Ferries],
 *        [Fords], [Major Rivers], [Minor Rivers].
 *
 * BRIDGE: 0 points, 0 days, formed. FERRY: minor 0 points 1 day, major 0
 * points 2 days. FORD (minor only): cavalry 0 points, infantry
 * ceil(daily_points / 2) points, 0 days. OPEN: minor, cavalry
 * ceil(daily_points / 2) points and 0 days, infantry 0 points and 3 days
 * (rafts); major, both arms 0 points and 3 days (rafts). Every crossing but a
 * bridge leaves the force unformed; the days include reforming.
 *
 * @param arm The arm crossing.
 * @param river The river's category.
 * @param crossing The means of crossing.
 * @param daily_points The force's daily move points, 1..1000.
 * @param[out] extra_points Points spent on top of entering the hex.
 * @param[out] days Whole days the crossing takes.
 * @param[out] unformed 1 for every crossing but a bridge.
 * @return ::WR_OK; ::WR_ERR_NULL when an out pointer is NULL; ::WR_ERR_RANGE
 *         for daily_points; ::WR_ERR_INVALID for an unknown enum value or a
 *         ford on a major river (major rivers have no fords).
 */
WR_API wr_status wr_river_crossing(wr_arm arm, wr_river river, wr_crossing crossing,
                                   int daily_points, int *extra_points, int *days, int *unformed);

/**
 * @brief A half-die: a d6 divided by two, rounded up (note 2).
 * @param d6 The die, 1..6.
 * @param[out] half ceil(d6 / 2), 1..3.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE for d6.
 */
WR_API wr_status wr_half_die(int d6, int *half);

/**
 * @brief Figures lost to stragglers for one day of unformed movement
 *        [Units, Formed and Unformed], [Note 2]: half-dice x 5 %, rounded up
 *        to the nearest figure.
 * @param figures The force, 0..1000000 figures.
 * @param half_die The half-die, 1..3.
 * @param[out] lost ceil(figures * half_die * 5 / 100).
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE for figures or half_die.
 */
WR_API wr_status wr_stragglers(int figures, int half_die, int *lost);

/**
 * @brief Whether a force finds timber for rafts [Major Rivers]: in forest
 *        or swamp always; elsewhere a roll of 1-4 at the end of the first day
 *        reveals insufficient timber.
 * @param d6 The die, 1..6 (read only outside forest and swamp, but always
 *        checked).
 * @param in_forest_or_swamp Non-zero in a forest or swamp hex.
 * @param[out] enough 1 when there is timber enough, else 0.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE for d6.
 */
WR_API wr_status wr_raft_timber(int d6, int in_forest_or_swamp, int *enough);

/** @} */

/* ------------------------------------------------------------------------ */
/** @name Hex coordinates
 *  Axial coordinates (q, r). Direction d of 0..5 is (+1,0), (+1,-1), (0,-1),
 *  (-1,0), (-1,+1), (0,+1); the distance is (|dq| + |dr| + |dq + dr|) / 2.
 *  @{ */

/** @brief A hex in axial coordinates. */
typedef struct wr_hex {
    int q; /**< Axial column. */
    int r; /**< Axial row. */
} wr_hex;

/** @brief The largest |q| and |r| the hex utilities accept. */
#define WR_HEX_COORD_MAX (1 << 28)
/** @brief The largest radius of wr_hex_ring() and wr_hex_range(). */
#define WR_HEX_RADIUS_MAX (1 << 20)

/**
 * @brief The distance between two hexes, (|dq| + |dr| + |dq + dr|) / 2.
 * @param a One hex, |q| and |r| at most ::WR_HEX_COORD_MAX.
 * @param b The other hex, likewise.
 * @param[out] distance The number of steps between them.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE for a coordinate.
 */
WR_API wr_status wr_hex_distance(wr_hex a, wr_hex b, int *distance);

/**
 * @brief The neighbour of a hex in a direction.
 * @param hex The hex, coordinates within ::WR_HEX_COORD_MAX.
 * @param direction 0..5.
 * @param[out] out The neighbour; it must be within ::WR_HEX_COORD_MAX too.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE for a coordinate, a
 *         neighbour out of bounds or direction.
 */
WR_API wr_status wr_hex_neighbor(wr_hex hex, int direction, wr_hex *out);

/**
 * @brief The direction from a hex to an adjacent hex.
 * @param from The hex, coordinates within ::WR_HEX_COORD_MAX.
 * @param to A neighbour of from.
 * @param[out] direction 0..5.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE for a coordinate;
 *         ::WR_ERR_INVALID when the hexes are not adjacent.
 */
WR_API wr_status wr_hex_direction(wr_hex from, wr_hex to, int *direction);

/**
 * @brief The hexes at exactly one distance from a centre.
 *
 * Radius 0 gives the centre. Otherwise the ring starts at centre + radius x
 * direction 4 and walks radius steps in each of the directions 0, 1, ..., 5,
 * giving 6 x radius hexes. Call with out NULL and capacity 0 to learn the
 * count.
 *
 * @param center The centre.
 * @param radius 0..::WR_HEX_RADIUS_MAX; every hex of the ring must be within
 *        ::WR_HEX_COORD_MAX.
 * @param[out] out The hexes, or NULL to count only.
 * @param capacity The size of out (0 when out is NULL).
 * @param[out] count The number of hexes of the ring.
 * @return ::WR_OK; ::WR_ERR_NULL when count is NULL, or out is NULL with a
 *         capacity; ::WR_ERR_RANGE for radius, coordinates, or a capacity
 *         smaller than the ring.
 */
WR_API wr_status wr_hex_ring(wr_hex center, int radius, wr_hex *out, size_t capacity,
                             size_t *count);

/**
 * @brief The hexes within a distance of a centre, 3 r (r + 1) + 1 of them,
 *        ordered by q, then r (both ascending).
 * @param center The centre.
 * @param radius 0..::WR_HEX_RADIUS_MAX; every hex must be within
 *        ::WR_HEX_COORD_MAX.
 * @param[out] out The hexes, or NULL to count only.
 * @param capacity The size of out (0 when out is NULL).
 * @param[out] count The number of hexes.
 * @return As wr_hex_ring().
 */
WR_API wr_status wr_hex_range(wr_hex center, int radius, wr_hex *out, size_t capacity,
                              size_t *count);

/**
 * @brief The hexes on the straight line from a to b, both included, N + 1 of
 *        them for a distance N.
 *
 * Hex i is the cube-coordinate point a + (b - a) i / N rounded to the nearest
 * hex in exact integer arithmetic. Ties (a point exactly on a hexside or a
 * corner) are broken as if both ends were moved by an infinitesimal
 * (+1, +2, -3) x epsilon in cube coordinates (q, r, s = -q - r), the usual
 * nudge: the line is the same every time and from every platform.
 *
 * @param a The first hex, coordinates within ::WR_HEX_COORD_MAX.
 * @param b The last hex, likewise; distance(a, b) at most
 *        ::WR_HEX_RADIUS_MAX.
 * @param[out] out The hexes, or NULL to count only.
 * @param capacity The size of out (0 when out is NULL).
 * @param[out] count N + 1.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE for coordinates, the
 *         distance or too small a capacity.
 */
WR_API wr_status wr_hex_line(wr_hex a, wr_hex b, wr_hex *out, size_t capacity, size_t *count);

/**
 * @brief The hex of an offset position (col, row) in the map layout: odd rows
 *        shoved half a hex to the right ("odd-r"), q = col - floor(row / 2),
 *        r = row.
 * @param col The column, 0..::WR_HEX_COORD_MAX.
 * @param row The row, 0..::WR_HEX_COORD_MAX.
 * @param[out] out The hex.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE.
 */
WR_API wr_status wr_hex_from_offset(int col, int row, wr_hex *out);

/**
 * @brief The offset position of a hex (the inverse of wr_hex_from_offset()):
 *        col = q + floor(r / 2), row = r.
 * @param hex The hex, coordinates within ::WR_HEX_COORD_MAX.
 * @param[out] col The column.
 * @param[out] row The row.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE.
 */
WR_API wr_status wr_hex_to_offset(wr_hex hex, int *col, int *row);

/** @} */

/* ------------------------------------------------------------------------ */
/** @name The hex map
 *  @{ */

/**
 * @brief The terrain of a strategic map hex [Movement by Terrain Type],
 *        [Coastal Waters], [Open Sea], [Rivers].
 *
 * Clear to mountains and coast are land for land forces; a coast hex holds a
 * shore, so vessels move through it too. Sea and lake are water.
 */
typedef enum wr_hex_terrain {
    WR_HEX_CLEAR = 0,     /**< Clear terrain. */
    WR_HEX_FOREST = 1,    /**< Forest. */
    WR_HEX_SWAMP = 2,     /**< Swamp. */
    WR_HEX_HILLS = 3,     /**< Hills. */
    WR_HEX_MOUNTAINS = 4, /**< Mountains. */
    WR_HEX_SEA = 5,       /**< Sea: coastal waters or open sea (see ::wr_zone). */
    WR_HEX_COAST = 6,     /**< A hex of shore: land and water. */
    WR_HEX_LAKE = 7       /**< Inland water. */
} wr_hex_terrain;

/** @brief The number of ::wr_hex_terrain values. */
#define WR_HEX_TERRAIN_COUNT 8

/** @brief Hex feature: a port (troop transports dock only at ports). */
#define WR_FEATURE_PORT 0x01u
/** @brief Hex feature: a channel (dashed lines) that vessels can use. */
#define WR_FEATURE_CHANNEL 0x02u
/** @brief Hex feature: a mud flat coast, passable to vessels only by a channel. */
#define WR_FEATURE_MUD_FLAT 0x04u
/** @brief Every hex feature bit. */
#define WR_FEATURE_ALL 0x07u

/**
 * @brief A hexside: its river, crossing and road links. The campaign's
 *        hexsides are sides of a hex; the sides of a fight are combatants
 *        (::WR_COMBATANT_MOUNTED and the rest).
 */
typedef struct wr_hexside {
    int river;    /**< ::WR_NO_RIVER, ::WR_RIVER_MINOR or ::WR_RIVER_MAJOR. */
    int crossing; /**< A ::wr_crossing (::WR_CROSS_OPEN without a river). */
    int road;     /**< Non-zero: a road (two parallel lines) links the two hexes. */
    int track;    /**< Non-zero: a track (line of crosses) links the two hexes. */
} wr_hexside;

/** @brief wr_map_set_watercourse(): no water course through the hex. */
#define WR_NO_WATERCOURSE (-1)
/** @brief Water course flag: not navigable (the old canal). */
#define WR_WATER_UNNAVIGABLE 0x01u
/** @brief Water course flag: a cataract where the course leaves the hex
 *         downstream (crossing bars): no vessel passes it either way. */
#define WR_WATER_CATARACT 0x02u
/** @brief Water course flag: within the river's tidal reach. */
#define WR_WATER_TIDAL 0x04u
/** @brief Every water course flag bit. */
#define WR_WATER_ALL 0x07u

/** @brief What a hex is for vessels (see wr_map_zone()). */
typedef enum wr_zone {
    WR_ZONE_LAND = 0,           /**< Clear, forest, swamp, hills or mountains. */
    WR_ZONE_COAST = 1,          /**< A coast hex. */
    WR_ZONE_COASTAL_WATERS = 2, /**< A sea hex within two hexes of a coast hex. */
    WR_ZONE_OPEN_SEA = 3,       /**< A sea hex beyond coastal waters. */
    WR_ZONE_LAKE = 4            /**< A lake hex. */
} wr_zone;

/** @brief The largest width and height of a map. */
#define WR_MAP_MAX_EXTENT 16384
/** @brief The largest number of hexes of a map. */
#define WR_MAP_MAX_HEXES (1 << 24)

/**
 * @brief A strategic hex map: width x height hexes in the "odd-r" offset
 *        layout (see wr_hex_from_offset()).
 *
 * Hex (q, r) is on the map when 0 <= r < height and 0 <= q + floor(r / 2) <
 * width; its index (used by wr_map_index() and the field) is
 * r * width + q + floor(r / 2). Each hex has a terrain (clear when made),
 * features, 32 region tag bits, and a water course; each hexside between two
 * hexes of the map has a ::wr_hexside. A const map may be read from many threads
 * at once. It holds 8 bytes a hex, and its region tags only for the hexes
 * tagged (about 11 to 21 bytes each while few are; at most 4 bytes a hex
 * of the map once set).
 */
typedef struct wr_map wr_map;

/**
 * @brief Makes a map of clear hexes without rivers, roads or regions.
 * @param width 1..::WR_MAP_MAX_EXTENT.
 * @param height 1..::WR_MAP_MAX_EXTENT; width x height at most
 *        ::WR_MAP_MAX_HEXES.
 * @param[out] out The map; release it with wr_map_free().
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE; ::WR_ERR_NOMEM.
 */
WR_API wr_status wr_map_new(int width, int height, wr_map **out);

/**
 * @brief As wr_map_new(), with the caller's allocator.
 * @param width 1..::WR_MAP_MAX_EXTENT.
 * @param height 1..::WR_MAP_MAX_EXTENT.
 * @param alloc The allocator, or NULL for the C library's.
 * @param[out] out The map.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE; ::WR_ERR_INVALID for an
 *         allocator without a function; ::WR_ERR_NOMEM.
 */
WR_API wr_status wr_map_new_ex(int width, int height, const wr_allocator *alloc, wr_map **out);

/**
 * @brief Releases a map.
 * @param map The map, or NULL.
 */
WR_API void wr_map_free(wr_map *map);

/**
 * @brief The size of a map.
 * @param map The map.
 * @param[out] width Its width.
 * @param[out] height Its height.
 * @return ::WR_OK; ::WR_ERR_NULL.
 */
WR_API wr_status wr_map_size(const wr_map *map, int *width, int *height);

/**
 * @brief Whether a hex is on the map.
 * @param map The map.
 * @param hex Any hex.
 * @param[out] inside 1 when on the map, else 0.
 * @return ::WR_OK; ::WR_ERR_NULL.
 */
WR_API wr_status wr_map_has_hex(const wr_map *map, wr_hex hex, int *inside);

/**
 * @brief The index of a hex: r * width + q + floor(r / 2).
 * @param map The map.
 * @param hex A hex of the map.
 * @param[out] index 0..width x height - 1.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE when the hex is off the map.
 */
WR_API wr_status wr_map_index(const wr_map *map, wr_hex hex, int32_t *index);

/**
 * @brief The hex of an index.
 * @param map The map.
 * @param index 0..width x height - 1.
 * @param[out] hex The hex.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE.
 */
WR_API wr_status wr_map_hex(const wr_map *map, int32_t index, wr_hex *hex);

/**
 * @brief Sets the terrain of a hex.
 * @param map The map.
 * @param hex A hex of the map.
 * @param terrain A ::wr_hex_terrain.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE off the map;
 *         ::WR_ERR_INVALID for an unknown terrain.
 */
WR_API wr_status wr_map_set_terrain(wr_map *map, wr_hex hex, wr_hex_terrain terrain);

/**
 * @brief The terrain of a hex.
 * @param map The map.
 * @param hex A hex of the map.
 * @param[out] terrain Its terrain.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE off the map.
 */
WR_API wr_status wr_map_terrain(const wr_map *map, wr_hex hex, wr_hex_terrain *terrain);

/**
 * @brief Sets the features of a hex (port, channel, mud flat), replacing the
 *        old ones.
 * @param map The map.
 * @param hex A hex of the map.
 * @param features ::WR_FEATURE_PORT, ::WR_FEATURE_CHANNEL and
 *        ::WR_FEATURE_MUD_FLAT or'ed; they count on coast hexes.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE off the map;
 *         ::WR_ERR_INVALID for unknown bits.
 */
WR_API wr_status wr_map_set_features(wr_map *map, wr_hex hex, unsigned features);

/**
 * @brief The features of a hex.
 * @param map The map.
 * @param hex A hex of the map.
 * @param[out] features Its feature bits.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE off the map.
 */
WR_API wr_status wr_map_features(const wr_map *map, wr_hex hex, unsigned *features);

/**
 * @brief Sets the region tags of a hex: 32 bits whose meaning the game
 *        chooses (the Ellriendi home forest, say; see
 *        wr_plan_params::home_regions).
 * @param map The map.
 * @param hex A hex of the map.
 * @param tags The tags.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE off the map;
 *         ::WR_ERR_NOMEM when the map needs room for the tags of one more
 *         hex (the map is then unchanged).
 */
WR_API wr_status wr_map_set_regions(wr_map *map, wr_hex hex, uint32_t tags);

/**
 * @brief The region tags of a hex.
 * @param map The map.
 * @param hex A hex of the map.
 * @param[out] tags Its tags.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE off the map.
 */
WR_API wr_status wr_map_regions(const wr_map *map, wr_hex hex, uint32_t *tags);

/**
 * @brief Sets a hexside: its river and crossing, road and track. The side is
 *        shared: (hex, d) and (neighbour, d + 3 mod 6) are the same side.
 * @param map The map.
 * @param hex A hex of the map.
 * @param direction 0..5; the neighbour must be on the map too.
 * @param side The side: river ::WR_NO_RIVER or a ::wr_river, crossing a
 *        ::wr_crossing.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE off the map, for direction
 *         or a neighbour off the map; ::WR_ERR_INVALID for an unknown river
 *         or crossing, a bridge, ferry or ford without a river, or a ford on
 *         a major river.
 */
WR_API wr_status wr_map_set_hexside(wr_map *map, wr_hex hex, int direction, const wr_hexside *side);

/**
 * @brief A hexside.
 * @param map The map.
 * @param hex A hex of the map.
 * @param direction 0..5; the neighbour must be on the map.
 * @param[out] side The side (road and track as 0 or 1).
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE.
 */
WR_API wr_status wr_map_hexside(const wr_map *map, wr_hex hex, int direction, wr_hexside *side);

/**
 * @brief Sets the water course through a hex: the river a vessel navigates
 *        [Rivers: Navigating].
 *
 * A water course hex leads downstream to its neighbour in the given
 * direction, which is another water course hex, or the sea, a coast hex or a
 * lake where the river ends. Flags belong to the hex and to the link to its
 * downstream neighbour: unnavigable, a cataract on that link, tidal reach.
 *
 * @param map The map.
 * @param hex A hex of the map.
 * @param downstream 0..5 (the neighbour must be on the map), or
 *        ::WR_NO_WATERCOURSE to remove it.
 * @param flags ::WR_WATER_UNNAVIGABLE, ::WR_WATER_CATARACT and
 *        ::WR_WATER_TIDAL or'ed (0 with ::WR_NO_WATERCOURSE).
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE off the map, for the
 *         direction or a neighbour off the map; ::WR_ERR_INVALID for unknown
 *         flags or flags without a course.
 */
WR_API wr_status wr_map_set_watercourse(wr_map *map, wr_hex hex, int downstream, unsigned flags);

/**
 * @brief The water course through a hex.
 * @param map The map.
 * @param hex A hex of the map.
 * @param[out] downstream 0..5, or ::WR_NO_WATERCOURSE.
 * @param[out] flags Its ::WR_WATER_ALL bits.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE off the map.
 */
WR_API wr_status wr_map_watercourse(const wr_map *map, wr_hex hex, int *downstream,
                                    unsigned *flags);

/**
 * @brief What a hex is for vessels [Coastal Waters], [Open Sea]: coastal
 *        waters extend two sea hexes out from a coast hex.
 * @param map The map.
 * @param hex A hex of the map.
 * @param[out] zone Its ::wr_zone.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE off the map.
 */
WR_API wr_status wr_map_zone(const wr_map *map, wr_hex hex, wr_zone *zone);

/**
 * @brief Whether an observer in one hex can see a ship or shore in
 *        another [Open Sea]: ships beyond coastal waters cannot see the
 *        coast, nor can a shoreline observer see them.
 *
 * 0 when one hex is open sea and the other is land or coast; 1 otherwise
 * (this rule sets no other limit: ranges of sight are the game's).
 *
 * @param map The map.
 * @param a One hex of the map.
 * @param b Another hex of the map.
 * @param[out] visible 1 or 0.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE off the map.
 */
WR_API wr_status wr_map_is_visible(const wr_map *map, wr_hex a, wr_hex b, int *visible);

/** @} */

/* ------------------------------------------------------------------------ */
/** @name Movers and move point tables
 *  @{ */

/** @brief What moves: a land arm or a vessel class. The first two values are
 *         the ::wr_arm values. */
typedef enum wr_mover {
    WR_MOVER_INFANTRY = 0,     /**< Infantry (::WR_ARM_INFANTRY). */
    WR_MOVER_CAVALRY = 1,      /**< Cavalry (::WR_ARM_CAVALRY). */
    WR_MOVER_LONGSHIP = 2,     /**< Coastal waters, rivers; beaches. */
    WR_MOVER_GALLEY = 3,       /**< Coastal waters only; beaches. */
    WR_MOVER_SAILING_SHIP = 4, /**< Any sea; anchors offshore. */
    WR_MOVER_TRANSPORT = 5,    /**< Any sea; coast only by channel or port; docks at ports. */
    WR_MOVER_RIVER_BOAT = 6    /**< Rivers and lakes; beaches on river banks. */
} wr_mover;

/** @brief The number of ::wr_mover values. */
#define WR_MOVER_COUNT 7

/**
 * @brief A move point table for one mover: the text's table is missing, so
 *        every number is the caller's to set (wr_move_costs_default() gives
 *        the library's labelled defaults).
 *
 * A cost of 0 means "cannot enter"; other costs are 1..1000.
 */
typedef struct wr_move_costs {
    int daily_points;                /**< Move points a day, 1..1000. */
    int enter[WR_HEX_TERRAIN_COUNT]; /**< Cost to enter a hex, by ::wr_hex_terrain. */
    int road;                        /**< Cost to enter a hex along a road. */
    int track;                       /**< Cost to enter a hex along a track. */
    int upstream;                    /**< A vessel's cost to move one hex upstream. */
    int downstream;                  /**< A vessel's cost to move one hex downstream. */
    int sail_percent;                /**< River sailing: cost in percent with a fair
                                           wind, 1..100, or 0 for a vessel that does not
                                           sail on rivers. */
} wr_move_costs;

/**
 * @brief The library's DEFAULT move point table for a mover [Movement by
 *        Terrain Type], [Advanced: Upstream, Downstream] (not the game's
 *        own table, which the text lacks; see docs/rules/campaign.md).
 *
 * From the text: infantry 12 points a day; a clear hex 6; hills and swamp at
 * 2/3 of the clear rate, so 9; a river boat 30 points upstream and 42
 * downstream at 6 a hex, i.e. 5 and 7 hexes a day, given on one budget of 70
 * points as 14 a hex upstream and 10 downstream. Defaults of this library:
 * forest 9, mountains 12, coast 6, road 6, track 9, cavalry 18 points a day
 * with infantry's hex costs; vessels 70 points a day: longship sea and coast
 * 10, rivers 14 up and 10 down, lake 10, sails at 67 %; galley sea and coast
 * 10; sailing ship sea 7 and coast 10; transport sea and coast 10; river boat
 * rivers 14 up and 10 down, lake 10, sails at 67 %.
 *
 * @param mover A ::wr_mover.
 * @param[out] out The table.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for an unknown mover.
 */
WR_API wr_status wr_move_costs_default(wr_mover mover, wr_move_costs *out);

/** @brief Force trait: Ellriendi elves, at the clear rate in their home forest. */
#define WR_FORCE_ELLRIENDI 0x01u
/** @brief Force trait: lizard men, at the clear rate in swamp. */
#define WR_FORCE_LIZARD_MEN 0x02u
/** @brief Every force trait bit. */
#define WR_FORCE_ALL 0x03u

/** @brief How a land force enters a hex (see wr_land_entry()). */
typedef enum wr_route_kind {
    WR_ROUTE_NONE = 0, /**< Across country. */
    WR_ROUTE_ROAD = 1, /**< Along a road. */
    WR_ROUTE_TRACK = 2 /**< Along a track. */
} wr_route_kind;

/**
 * @brief The cost of a land force entering a hex and whether it may do so
 *        formed [Forest and Swamp], [Mountains].
 *
 * Across country the cost is costs->enter[terrain], or the clear cost for
 * Ellriendi elves in forest of their home region and lizard men in swamp;
 * along a road costs->road, along a track costs->track. Only infantry moves
 * formed through forest or swamp without a road; formed bodies cross
 * mountains only by road or track. A land force never enters sea or lake.
 *
 * @param costs The mover's table (checked as wr_plan_params::costs).
 * @param arm The arm.
 * @param traits ::WR_FORCE_ALL bits.
 * @param terrain The hex's terrain.
 * @param home_region Non-zero when the hex is in the elves' home region.
 * @param route A ::wr_route_kind.
 * @param[out] cost The points to enter.
 * @param[out] formed 1 when the force may enter formed, 0 when only unformed.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE for a number of the table;
 *         ::WR_ERR_INVALID for an unknown arm, terrain, route or trait bits;
 *         ::WR_ERR_FORBIDDEN for water or a cost of 0 (cannot enter).
 */
WR_API wr_status wr_land_entry(const wr_move_costs *costs, wr_arm arm, unsigned traits,
                               wr_hex_terrain terrain, int home_region, wr_route_kind route,
                               int *cost, int *formed);

/** @brief How a vessel puts in at a hex (see wr_map_landing()). */
typedef enum wr_landing {
    WR_LANDING_BEACH =
        1, /**< Beached (longships, galleys; river boats and longships on river banks). */
    WR_LANDING_ANCHOR = 2, /**< Anchored offshore, troops debark by rowboat (sailing ships). */
    WR_LANDING_DOCK = 3    /**< Docked at a port (troop transports). */
} wr_landing;

/**
 * @brief How a vessel may put in at a hex [Coastal Waters], [Rivers].
 *
 * Longships and galleys beach on any coast hex they may enter; river boats
 * and longships beach on either bank of a navigable water course hex;
 * sailing ships anchor off a coast hex; troop transports dock at a port.
 *
 * @param map The map.
 * @param mover A vessel class.
 * @param hex A hex of the map.
 * @param[out] how The ::wr_landing.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE off the map;
 *         ::WR_ERR_INVALID for an unknown mover or a land arm;
 *         ::WR_ERR_FORBIDDEN when it cannot put in there.
 */
WR_API wr_status wr_map_landing(const wr_map *map, wr_mover mover, wr_hex hex, wr_landing *how);

/** @} */

/* ------------------------------------------------------------------------ */
/** @name Spending and saving, unformed movement, getting lost
 *  @{ */

/**
 * @brief One force's move points during a march [Spending Move Points],
 *        [Saving Move Points], [Units, Formed and Unformed].
 *
 * Fill it with wr_march_start(); the functions check every field and refuse
 * a corrupted struct with ::WR_ERR_INVALID. Its successor, ::wr_force_state
 * with wr_force_move() and wr_force_end_day(), replays plans and counts
 * days of unformed movement as the planner does.
 */
typedef struct wr_march {
    int daily_points;   /**< 1..1000. */
    int points;         /**< Points left today, saved points included, 0..1000000. */
    int day;            /**< The current day, from 1. */
    int marching;       /**< 1 when the force entered or pressed towards a hex today. */
    int unformed;       /**< 1 while the force is unformed. */
    int unformed_today; /**< 1 when it moved unformed today. */
    int unformed_days;  /**< Days of unformed movement since it last rallied. */
} wr_march;

/**
 * @brief Starts a march [Spending Move Points]: day 1, the daily points,
 *        formed.
 * @param daily_points 1..1000.
 * @param[out] march The state.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE.
 */
WR_API wr_status wr_march_start(int daily_points, wr_march *march);

/**
 * @brief The force tries to enter the next hex [Spending Move Points]: it
 *        enters when it has the points, else it moves no farther today and
 *        presses on (its points will be saved for tomorrow).
 * @param march The state.
 * @param cost The cost of entering (crossing points included), 1..100000.
 * @param unformed Non-zero for a move that needs unformed movement (an
 *        unformed force's every move is unformed: the day is a day of
 *        unformed movement either way).

 * @param[out] entered 1 when it entered (points spent), 0 when it stops.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE for cost;
 *         ::WR_ERR_INVALID for a corrupted state.
 */
WR_API wr_status wr_march_enter(wr_march *march, int cost, int unformed, int *entered);

/**
 * @brief Ends the day [Saving Move Points]. A force that entered or pressed towards a hex today
 *        and does not halt keeps its unused points for tomorrow; a force that
 *        stayed stationary or halts loses them. A day of unformed movement is
 *        counted.
 * @param march The state.
 * @param halt Non-zero when the force halts its movement.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for a corrupted state;
 *         ::WR_ERR_RANGE when the day count would overflow.
 */
WR_API wr_status wr_march_end_day(wr_march *march, int halt);

/**
 * @brief Enemy contact [Saving Move Points], [Units, Formed and Unformed]:
 *        excess points are lost, and an unformed force starts
 *        the engagement non-rallied, as if in retreat.
 * @param march The state.
 * @param[out] non_rallied 1 when the force is unformed.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for a corrupted state.
 */
WR_API wr_status wr_march_contact(wr_march *march, int *non_rallied);

/**
 * @brief Spends the current day at a rally point reforming [Units, Formed
 *        and Unformed]: the force must
 *        not have moved today; its points are lost, it is formed again and
 *        the day ends.
 * @param march The state.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for a corrupted state;
 *         ::WR_ERR_STATE when the force is formed or moved today;
 *         ::WR_ERR_RANGE when the day count would overflow.
 */
WR_API wr_status wr_march_rally(wr_march *march);

/**
 * @brief Stragglers gathered by one day's wait at the rally point [Units,
 *        Formed and Unformed]: half-dice x 5 % of the force per day, rounded
 *        up, at most those missing; those still missing on departure are lost.
 * @param figures The force's figures when it set out unformed, 0..1000000.
 * @param missing Stragglers still missing, 0..figures.
 * @param half_die 1..3.
 * @param[out] gathered min(missing, ceil(figures * half_die * 5 / 100)).
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE.
 */
WR_API wr_status wr_stragglers_gathered(int figures, int missing, int half_die, int *gathered);

/**
 * @brief wr_half_die() with the d6 rolled on a dice roller (note 2).
 * @param rng The roller.
 * @param[out] half 1..3.
 * @return ::WR_OK; ::WR_ERR_NULL.
 */
WR_API wr_status wr_half_die_rng(wr_rng *rng, int *half);

/**
 * @brief The strength a force building rafts defends with [Major Rivers]:
 *        one-third its force during the first two days.
 * @param figures The force, 0..1000000.
 * @param raft_day The day of the raft crossing, 1..3 (collecting timber,
 *        building, crossing).
 * @param[out] defending figures / 3 (rounded down) on days 1 and 2; all on
 *        day 3, when the force crossing is unformed.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE.
 */
WR_API wr_status wr_raft_defence(int figures, int raft_day, int *defending);

/**
 * @brief Whether a commander gets lost [Advanced: Getting Lost]: only a
 *        small-unit commander, only off road, track and water course, with
 *        the chance the caller supplies.
 * @param small_unit Non-zero for a small-unit commander (a lieutenant, say).
 * @param on_route Non-zero when following a road, track or water course.
 * @param chance_percent 0..100.
 * @param d100 The roll, 1..100: lost when d100 <= chance_percent.
 * @param[out] lost 1 or 0.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE.
 */
WR_API wr_status wr_getting_lost(int small_unit, int on_route, int chance_percent, int d100,
                                 int *lost);

/**
 * @brief wr_getting_lost() with the d100 rolled on a dice roller (one roll is
 *        drawn only when the commander can get lost).
 * @param small_unit Non-zero for a small-unit commander.
 * @param on_route Non-zero when following a road, track or water course.
 * @param chance_percent 0..100.
 * @param rng The roller.
 * @param[out] lost 1 or 0.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE.
 */
WR_API wr_status wr_getting_lost_rng(int small_unit, int on_route, int chance_percent, wr_rng *rng,
                                     int *lost);

/**
 * @brief Whether the move from a hex in a direction follows a road, track or
 *        water course (for getting lost).
 * @param map The map.
 * @param hex A hex of the map.
 * @param direction 0..5; the neighbour must be on the map.
 * @param[out] on_route 1 along a road or track link, or between a water
 *        course hex and its downstream neighbour; else 0.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE.
 */
WR_API wr_status wr_map_is_on_route(const wr_map *map, wr_hex hex, int direction, int *on_route);

/** @} */

/* ------------------------------------------------------------------------ */
/** @name Route planning
 *  @{ */

/** @brief Plan option: allow unformed movement (rally days, stragglers). */
#define WR_PLAN_UNFORMED 0x01u
/** @brief Plan option: assume timber for rafts everywhere (else only where
 *         the near bank is forest or swamp, where it is certain). */
#define WR_PLAN_RAFTS_ANYWHERE 0x02u
/** @brief Plan option (advanced): the force has an engineers' bridging train. */
#define WR_PLAN_BRIDGING_TRAIN 0x04u
/** @brief Plan option: plain costs, for comparison with a plain Dijkstra:
 *         every move costs its points plus days x daily points, with no day
 *         boundaries, no formation state and no rally. */
#define WR_PLAN_PLAIN_COSTS 0x08u
/** @brief Every plan option bit. */
#define WR_PLAN_ALL 0x0Fu

/** @brief The tide, for rivers within their tidal reach [Advanced: Tide]. */
typedef enum wr_tide {
    WR_TIDE_NONE = 0,  /**< The tide is not tracked. */
    WR_TIDE_FLOOD = 1, /**< Incoming: upstream is with the tide. */
    WR_TIDE_EBB = 2,   /**< Outgoing: downstream is with the tide. */
    WR_TIDE_HIGH = 3   /**< High water ([Coastal Waters]: the mud flat is a mud flat
                            at all but times of high tide): vessels cross mud flats
                            without a channel; slack water on rivers. */
} wr_tide;

/** @brief wr_plan_params::wind: no wind for river sailing. */
#define WR_WIND_NONE (-1)

/** @brief The largest number of days a plan may take (labels beyond are
 *         unreachable). */
#define WR_PLAN_MAX_DAYS 1000000

/**
 * @brief What to plan for: the mover, its table, traits and options. Start
 *        from wr_plan_params_default().
 */
typedef struct wr_plan_params {
    int mover;             /**< A ::wr_mover. */
    wr_move_costs costs;   /**< Its move point table. */
    unsigned traits;       /**< ::WR_FORCE_ALL bits (land forces). */
    uint32_t home_regions; /**< Region tags of the Ellriendi home forest. */
    unsigned options;      /**< ::WR_PLAN_ALL bits. */
    int bridging_days;     /**< Whole days the bridging train takes to cross a
                                river without bridge, 1..30 (default 1, a default
                                of this library). */
    int tide;              /**< A ::wr_tide. */
    int wind;              /**< River sailing: the direction 0..5 the wind blows
                                towards, or ::WR_WIND_NONE. */
    int figures;           /**< The force's figures, 0..1000000, for expected stragglers. */
} wr_plan_params;

/**
 * @brief Default plan parameters for a mover: its default table, no traits,
 *        no options, bridging in 1 day, no tide, no wind, 0 figures.
 * @param mover A ::wr_mover.
 * @param[out] out The parameters.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for an unknown mover.
 */
WR_API wr_status wr_plan_params_default(wr_mover mover, wr_plan_params *out);

/** @brief Step: the start of the route. */
#define WR_STEP_START 0x0001u
/** @brief Step: made unformed (edge: needs unformed movement). */
#define WR_STEP_UNFORMED 0x0002u
/** @brief Step: along a road. */
#define WR_STEP_ROAD 0x0004u
/** @brief Step: along a track. */
#define WR_STEP_TRACK 0x0008u
/** @brief Step: fords a river (points on top of the hex). */
#define WR_STEP_FORD 0x0010u
/** @brief Step: cavalry crosses a minor river without a ford (half its daily points). */
#define WR_STEP_SWIM 0x0020u
/** @brief Step: over a bridge. */
#define WR_STEP_BRIDGE 0x0040u
/** @brief Step: by ferry (whole days, then the far hex's entry). */
#define WR_STEP_FERRY 0x0080u
/** @brief Step: by rafts (three whole days, then the far hex's entry). */
#define WR_STEP_RAFTS 0x0100u
/** @brief Step: over the bridging train's bridge (whole days, then the far hex's entry). */
#define WR_STEP_BRIDGING 0x0200u
/** @brief Step: a day at a rally point to reform, in the same hex. */
#define WR_STEP_RALLY 0x0400u
/** @brief Step: a vessel moves upstream. */
#define WR_STEP_UPSTREAM 0x0800u
/** @brief Step: a vessel moves downstream. */
#define WR_STEP_DOWNSTREAM 0x1000u
/** @brief Step: into open sea (a troop transport loses its galley escort). */
#define WR_STEP_OPEN_SEA 0x2000u
/** @brief Step: the force spends the night of wr_step::day in this hex. */
#define WR_STEP_NIGHT 0x4000u

/** @brief One step of a route. */
typedef struct wr_step {
    wr_hex hex;      /**< The hex reached (for the callback form, the node's hex). */
    int32_t node;    /**< Its index (wr_map_index(), or the callback node). */
    int day;         /**< The day on which the step is completed (the start: day 1, or
                          the day of wr_plan_query::start). */
    int points_left; /**< Points left that day after the step, saved ones included. */
    int nights;      /**< Nights spent in this hex before the next step completes
                          (1 for the last step). */
    unsigned flags;  /**< WR_STEP_ bits. */
} wr_step;

/** @brief A planned route; the steps belong to the planner and stay valid
 *         until its next call. */
typedef struct wr_route {
    const wr_step *steps; /**< The steps, the start first. */
    size_t step_count;    /**< Their number, at least 1. */
    int arrival_day;      /**< The day the force is at the target, formed. */
    int points_left;      /**< Points saved on that day. */
    int rally_days;       /**< Days spent reforming. */
    int unformed_days;    /**< Days of unformed movement: the days on which the
                               force entered a hex unformed, each counted once. */

    int stragglers;  /**< Expected stragglers: wr_stragglers() with the
                               mean half-die 2, day after day, from
                               wr_plan_params::figures. */
    int escort_lost; /**< 1 when a troop transport enters open sea. */
} wr_route;

/** @brief The earliest arrival at one hex (see wr_planner_field()). */
typedef struct wr_arrival {
    int32_t day;         /**< The earliest day, formed; -1 when unreachable. */
    int32_t points_left; /**< Points saved on that day (0 when unreachable). */
} wr_arrival;

/**
 * @brief A route planner: its search state, reused from query to query (no
 *        allocation after the first use on a map size). Use one per thread;
 *        many planners may read one const map at once.
 *
 * A planner also keeps what its searches read of the last map's hexes (up
 * to 24 bytes a hex), for the next query on the same map with the same
 * parameters; any change to the map makes it read the hexes again.
 */
typedef struct wr_planner wr_planner;

/**
 * @brief Makes a planner.
 * @param[out] out The planner; release it with wr_planner_free().
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_NOMEM.
 */
WR_API wr_status wr_planner_new(wr_planner **out);

/**
 * @brief Makes a planner with the caller's allocator.
 * @param alloc The allocator, or NULL for the C library's.
 * @param[out] out The planner.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_INVALID for an allocator without
 *         a function; ::WR_ERR_NOMEM.
 */
WR_API wr_status wr_planner_new_ex(const wr_allocator *alloc, wr_planner **out);

/**
 * @brief Releases a planner.
 * @param planner The planner, or NULL.
 */
WR_API void wr_planner_free(wr_planner *planner);

/**
 * @brief The earliest arrival of a force from one hex to another (every
 *        section of the text): the fewest
 *        days, then the most points saved, keeping every rule (daily points
 *        and saving, terrain and formation, crossings in points or whole
 *        days, unformed movement and rally days when allowed, sea and river
 *        rules for vessels). The plan starts at the beginning of day 1 and
 *        ends with the force formed at the target (a last rally day when it
 *        arrives unformed); wr_planner_plan() plans from any state, with
 *        other objectives and blocked hexes.

 * @param planner The planner.
 * @param map The map.
 * @param params The force (checked as described under ::wr_plan_params).
 * @param from The start hex, where the mover must be able to be.
 * @param to The target hex.
 * @param[out] route The route.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE for a hex off the map or a
 *         number of params; ::WR_ERR_INVALID for an unknown mover, tide,
 *         option or trait bits; ::WR_ERR_FORBIDDEN when the mover cannot be
 *         at the start or no route exists; ::WR_ERR_NOMEM.
 */
WR_API wr_status wr_planner_route(wr_planner *planner, const wr_map *map,
                                  const wr_plan_params *params, wr_hex from, wr_hex to,
                                  wr_route *route);

/**
 * @brief The earliest arrival field: for every hex of the map its earliest
 *        (day, points saved), formed, from one start.
 * @param planner The planner.
 * @param map The map.
 * @param params The force.
 * @param from The start hex.
 * @param[out] field width x height entries, by wr_map_index().
 * @param count The number of entries of field: exactly width x height.
 * @return As wr_planner_route() (no ::WR_ERR_FORBIDDEN for unreachable
 *         hexes, which get day -1); ::WR_ERR_RANGE for a wrong count.
 */
WR_API wr_status wr_planner_field(wr_planner *planner, const wr_map *map,
                                  const wr_plan_params *params, wr_hex from, wr_arrival *field,
                                  size_t count);

/**
 * @brief The hexes a force reaches, formed, within a number of days, the
 *        start included, in order of arrival.
 * @param planner The planner.
 * @param map The map.
 * @param params The force.
 * @param from The start hex.
 * @param days 1..::WR_PLAN_MAX_DAYS.
 * @param[out] hexes The hexes, owned by the planner until its next call.
 * @param[out] count Their number.
 * @return As wr_planner_route(); ::WR_ERR_RANGE for days.
 */
WR_API wr_status wr_planner_reachable(wr_planner *planner, const wr_map *map,
                                      const wr_plan_params *params, wr_hex from, int days,
                                      const wr_hex **hexes, size_t *count);

/** @brief The most landmarks wr_planner_prepare_landmarks() prepares. */
#define WR_PLAN_MAX_LANDMARKS 16

/**
 * @brief Prepares landmarks for faster routes over plain costs: an
 *        explicit preparation, kept by the planner for one map as it
 *        stands and one set of parameters.
 *
 * The planner picks `count` landmark hexes (farthest-point selection: the
 * first hex, by wr_map_index(), where the mover can be and from which a
 * quarter of the map is reachable (of up to 8 tried, the next each time
 * the first it did not reach), then each time the hex reached from the
 * landmarks so far whose nearest of them is the farthest: among the hexes
 * on the map's edge (its first and last rows and columns) when one of
 * them is reached and not a landmark, else among all, the lowest index
 * first among equals) and keeps the earliest label of every hex from each,
 * 2 bytes a hex a landmark when every label fits below 0xffff, else 4
 * (wr_planner_landmarks()). The preparation costs
 * `count` fields of the map (and a field of each hex tried first).
 *
 * A route query (wr_planner_route(), wr_planner_plan()) on the same map,
 * not changed since, with the same parameters, over plain costs
 * (::WR_PLAN_PLAIN_COSTS, a land force, nothing blocked) then bounds the
 * points still needed from each hex by the triangle inequality over the
 * landmarks as well as by the distance in hexes, and settles fewer states.
 * The routes are the same, step for step, as without landmarks; any other
 * query, map, state of the map or parameters ignores them. Deterministic:
 * the same map and parameters give the same landmarks.
 *
 * @param planner The planner; its landmarks are freed with it, or replaced
 *        by the next call (count 0: none).
 * @param map The map.
 * @param params The force: a land force with ::WR_PLAN_PLAIN_COSTS
 *        (checked as described under ::wr_plan_params).
 * @param count 0..::WR_PLAN_MAX_LANDMARKS; fewer are kept when fewer
 *        hexes are reachable (none when the mover can be on no hex).
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE for count or a number of
 *         params; ::WR_ERR_INVALID for a vessel, params without
 *         ::WR_PLAN_PLAIN_COSTS, or unknown bits; ::WR_ERR_NOMEM, the
 *         planner's landmarks then unchanged.
 */
WR_API wr_status wr_planner_prepare_landmarks(wr_planner *planner, const wr_map *map,
                                              const wr_plan_params *params, int count);

/**
 * @brief The landmarks a planner holds (wr_planner_prepare_landmarks()) and
 *        what they cost.
 * @param planner The planner.
 * @param[out] count The landmarks held, 0..::WR_PLAN_MAX_LANDMARKS.
 * @param[out] bytes The bytes they hold: 2 or 4 a hex a landmark.
 * @return ::WR_OK; ::WR_ERR_NULL.
 */
WR_API wr_status wr_planner_landmarks(const wr_planner *planner, int *count, size_t *bytes);

/**
 * @brief How many states the planner's last route search over plain costs
 *        settled (the A* of wr_planner_route() and wr_planner_plan() with
 *        ::WR_PLAN_PLAIN_COSTS, a land force, nothing blocked): the work
 *        landmarks save (wr_planner_prepare_landmarks()).
 * @param planner The planner.
 * @param[out] count The states settled; 0 before any such search. Other
 *        queries leave it as it was.
 * @return ::WR_OK; ::WR_ERR_NULL.
 */
WR_API wr_status wr_planner_settled(const wr_planner *planner, size_t *count);

/** @brief The most moves a node may have in ::wr_plan_graph or wr_map_moves(). */
#define WR_PLAN_MAX_EDGES 32
/** @brief The largest points of one move. */
#define WR_PLAN_MAX_EDGE_POINTS 100000
/** @brief The largest whole days of one move. */
#define WR_PLAN_MAX_EDGE_DAYS 1000

/**
 * @brief One move from a node: into node `to` for `points`, or, when days > 0,
 *        a whole-day move (a crossing) that starts on a fresh day, takes
 *        `days` days and is followed by `points` to enter `to` ([Crossing]:
 *        the crossing is in addition to the hex's entry).
 *
 * With ::WR_STEP_UNFORMED in flags the move needs unformed movement: a
 * formed force takes it only when ::WR_PLAN_UNFORMED is set and is unformed
 * afterwards. Any other move, whole-day moves included, keeps the force's
 * formation: a crossing neither leaves a formed force unformed nor reforms
 * an unformed one. The other WR_STEP_ bits are passed to the steps as they
 * are.
 */
typedef struct wr_plan_edge {
    int32_t to;     /**< The node entered. */
    int32_t points; /**< Points, 0..::WR_PLAN_MAX_EDGE_POINTS (after the whole days
                         when days > 0). */
    int32_t days;   /**< Whole days, 0..::WR_PLAN_MAX_EDGE_DAYS. */
    uint32_t flags; /**< WR_STEP_ bits. */
} wr_plan_edge;

/**
 * @brief A game's own map for the planner, in the Freeciv style: callbacks
 *        and a user pointer. Nodes are 0..node_count - 1.
 */
typedef struct wr_plan_graph {
    int32_t node_count; /**< 1..::WR_MAP_MAX_HEXES. */
    /** @brief Lists the moves from a node into out (capacity
     *         ::WR_PLAN_MAX_EDGES) and returns their number, or a negative
     *         number to stop the plan with ::WR_ERR_INVALID. */
    int (*moves)(void *user, int32_t node, wr_plan_edge *out, int capacity);
    /** @brief The hex of a node for the steps; may be NULL (then q = node, r = 0). */
    wr_hex (*node_hex)(void *user, int32_t node);
    void *user; /**< Passed to the callbacks. */
} wr_plan_graph;

/**
 * @brief wr_planner_route() over a game's own map. The rules of saving,
 *        whole days, unformed movement and rally are the planner's; the moves
 *        and their costs are the game's. params->costs.daily_points,
 *        options (::WR_PLAN_UNFORMED, ::WR_PLAN_PLAIN_COSTS) and figures are
 *        used; the rest of params is checked but not used.
 * @param planner The planner.
 * @param graph The callbacks.
 * @param params The force.
 * @param from The start node.
 * @param to The target node.
 * @param[out] route The route.
 * @return ::WR_OK; ::WR_ERR_NULL (graph->moves too); ::WR_ERR_RANGE for a
 *         node or params number; ::WR_ERR_INVALID for a bad move from the
 *         callback (count, node, points or days out of range) or params;
 *         ::WR_ERR_FORBIDDEN when no route exists; ::WR_ERR_NOMEM.
 */
WR_API wr_status wr_planner_route_graph(wr_planner *planner, const wr_plan_graph *graph,
                                        const wr_plan_params *params, int32_t from, int32_t to,
                                        wr_route *route);

/**
 * @brief The moves the planner considers from a hex of a map, as
 *        ::wr_plan_edge (nodes by wr_map_index()): for a benchmark or a game
 *        that builds its own graph.
 * @param map The map.
 * @param params The force.
 * @param from A hex of the map.
 * @param[out] out Room for capacity moves.
 * @param capacity At least ::WR_PLAN_MAX_EDGES.
 * @param[out] count The number of moves.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE for the hex, capacity or a
 *         number of params; ::WR_ERR_INVALID for params.
 */
WR_API wr_status wr_map_moves(const wr_map *map, const wr_plan_params *params, wr_hex from,
                              wr_plan_edge *out, size_t capacity, size_t *count);

/**
 * @brief One hex of a game's own map, described for wr_hex_desc_moves().
 */
typedef struct wr_hex_desc {
    int on_map;        /**< 0 when there is no hex (the other fields are then ignored). */
    int terrain;       /**< A ::wr_hex_terrain. */
    unsigned features; /**< ::WR_FEATURE_ALL bits. */
    uint32_t regions;  /**< Region tags. */
    int downstream;    /**< Water course: 0..5, or ::WR_NO_WATERCOURSE. */
    unsigned water;    /**< ::WR_WATER_ALL bits (0 without a water course). */
    int coastal;       /**< For a sea hex: non-zero within two hexes of a coast hex
                             (coastal waters), 0 for open sea. */
} wr_hex_desc;

/**
 * @brief The moves of a force from one hex of a game's own map, with every
 *        rule of the library: the building block of a ::wr_plan_graph
 *        callback over the game's storage (it gives the same moves as
 *        wr_map_moves() for the same hexes).
 * @param params The force.
 * @param here The hex the force is in (on_map must be set).
 * @param neighbors Its six neighbours, by direction 0..5.
 * @param sides The six hexsides, by direction (river ::WR_NO_RIVER or a
 *        ::wr_river, crossing a ::wr_crossing, road and track).
 * @param nodes The game's node of each neighbour, copied to wr_plan_edge::to.
 * @param[out] out Room for capacity moves.
 * @param capacity At least ::WR_PLAN_MAX_EDGES.
 * @param[out] count The number of moves.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE for capacity, a direction
 *         or a number of params; ::WR_ERR_INVALID for params, an unknown
 *         terrain, unknown feature or water bits, a side that makes no sense
 *         (a major-river ford, a crossing without a river), or here off the map.
 */
WR_API wr_status wr_hex_desc_moves(const wr_plan_params *params, const wr_hex_desc *here,
                                   const wr_hex_desc neighbors[6], const wr_hexside sides[6],
                                   const int32_t nodes[6], wr_plan_edge *out, size_t capacity,
                                   size_t *count);

/** @} */

/* ------------------------------------------------------------------------ */
/** @name A force's state, plans from it, and their replay
 *
 *  A strategy game's turn loop: plan from the force's real state
 *  (::wr_force_state), carry the plan out day by day with wr_force_move(),
 *  wr_force_rally() and wr_force_end_day(), which reach exactly the state the
 *  plan predicted at every step, and plan again from the state reached.
 *  @{ */

/**
 * @brief A force's state on the march: the start of a plan
 *        (::wr_plan_query::start) and what the replay functions update.
 *
 * All zero but day = 1 (wr_force_start()) is a fresh, formed force at the
 * start of day 1: the state wr_planner_route() plans from. The force has
 * daily_points + points_saved - points_spent points left today.
 *
 * A state that cannot exist is refused with ::WR_ERR_RANGE or
 * ::WR_ERR_INVALID (see wr_force_check()): saved points above a day's worth
 * (allowed only while pressing towards a move dearer than that, and never
 * more than the days so far: (day - 1) x daily_points), negative numbers,
 * points spent beyond those of the day, flags other than 0 or 1, a day
 * counted as unformed for a formed force, a force that reformed at its rally
 * point but is unformed, or spent or saved points there.
 */
typedef struct wr_force_state {
    int day;            /**< The current day, 1..::WR_PLAN_MAX_DAYS. */
    int points_spent;   /**< Points spent today, 0..daily_points + points_saved. */
    int points_saved;   /**< Points saved from yesterday [Saving Move Points]. */
    int unformed;       /**< 1 while the force is unformed. */
    int unformed_today; /**< 1 when it entered a hex unformed today (the day is
                             already a day of unformed movement). */
    int unformed_days;  /**< Days of unformed movement so far, 0..day. */
    int at_rally;       /**< 1 while it stays at a rally point. */
    int rally_days;     /**< Days it has waited there, 0..day - 1; the first
                             reforms it [Units, Formed and Unformed]. */
    int pressing;       /**< 1 when it tried to enter a hex today and lacked the
                             points: it keeps them tonight. */
    int crossing_days;  /**< Replay: whole days of a crossing still to come
                             (0 to plan). */
    int far_bank;       /**< Replay: 1 when the crossing's days are over and the
                             far hex's entry is still to pay (0 to plan). */
    unsigned crossing;  /**< Replay: the WR_STEP_ bits of the crossing under way
                             (0 when none). */
} wr_force_state;

/**
 * @brief The zero state: day 1, nothing spent or saved, formed.
 * @param[out] out The state.
 * @return ::WR_OK; ::WR_ERR_NULL.
 */
WR_API wr_status wr_force_start(wr_force_state *out);

/**
 * @brief Checks a state against a force's daily points.
 * @param state The state.
 * @param daily_points 1..1000.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE for a number out of range
 *         (the detail names the field); ::WR_ERR_INVALID for a combination
 *         that cannot exist.
 */
WR_API wr_status wr_force_check(const wr_force_state *state, int daily_points);

/**
 * @brief The force makes (or goes on with) one move of a plan: the
 *        ::wr_plan_result::moves entry of the next step.
 *
 * A move with points: entered when the force has the points (they are spent;
 * the force is unformed afterwards when it was or the move needs it), else
 * it presses on and moves no farther today. A move with whole days (ferry,
 * rafts, bridging train): it starts only on a fresh day (a force that moved
 * or pressed today must end the day first, and loses its points); the days
 * pass with wr_force_end_day(), then the force pays the far hex's entry as a
 * move with points ([Crossing]). A rally step (::WR_STEP_RALLY) is made with
 * wr_force_rally() instead.
 *
 * @param force The state (see wr_force_check()).
 * @param daily_points 1..1000.
 * @param move The move: points 0..::WR_PLAN_MAX_EDGE_POINTS, days
 *        0..::WR_PLAN_MAX_EDGE_DAYS.
 * @param[out] entered 1 when the hex was entered (the step is done), 0 when
 *        the day must end first.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE or ::WR_ERR_INVALID for a
 *         bad state or move; ::WR_ERR_STATE for a rally step.
 */
WR_API wr_status wr_force_move(wr_force_state *force, int daily_points, const wr_plan_edge *move,
                               int *entered);

/**
 * @brief Ends the day [Saving Move Points], [Units, Formed and Unformed].
 *
 * A force pressing on keeps its unused points unless it halts; any other
 * loses them. A day in which it entered a hex unformed is a day of unformed
 * movement: it is counted, and the force loses stragglers,
 * wr_stragglers(figures, half_die). A day of a crossing counts down its
 * days.
 *
 * @param force The state.
 * @param daily_points 1..1000.
 * @param halt Non-zero when the force halts (or meets the enemy).
 * @param figures The force's figures, 0..1000000.
 * @param half_die The half-die for stragglers, 1..3 (wr_half_die() of a
 *        given d6, or wr_half_die_rng() on a ::wr_rng; 2 is the mean the
 *        planner expects).
 * @param[out] stragglers The figures lost tonight (0 on a day without
 *        unformed movement).
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE or ::WR_ERR_INVALID for a
 *         bad state or number (also when the day count would overflow).
 */
WR_API wr_status wr_force_end_day(wr_force_state *force, int daily_points, int halt, int figures,
                                  int half_die, int *stragglers);

/**
 * @brief Spends the current day at a rally point [Units, Formed and
 *        Unformed]: the first day reforms an unformed force, later days wait
 *        for stragglers (wr_stragglers_gathered()). The day ends; points are
 *        lost.
 * @param force The state: it must not have moved or pressed today.
 * @param daily_points 1..1000.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE or ::WR_ERR_INVALID for a
 *         bad state; ::WR_ERR_STATE when the force moved today or is crossing.
 */
WR_API wr_status wr_force_rally(wr_force_state *force, int daily_points);

/**
 * @brief Enemy contact [Saving Move Points], [Units, Formed and
 *        Unformed], [Crossing]: the day's points are lost; the force starts the
 *        engagement non-rallied when it is unformed or crossing a river (a
 *        ferry's days, the third day of rafts; the first two raft days it is
 *        formed, defending with one third: wr_raft_defence()).
 * @param force The state.
 * @param daily_points 1..1000.
 * @param[out] non_rallied 1 or 0.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE or ::WR_ERR_INVALID for a
 *         bad state.
 */
WR_API wr_status wr_force_contact(wr_force_state *force, int daily_points, int *non_rallied);

/** @brief What a plan aims for (::wr_plan_query::objective). */
typedef enum wr_plan_objective {
    WR_OBJECTIVE_EARLIEST_FORMED = 0, /**< The earliest arrival, formed at the target
                                           (a last rally day when needed): what
                                           wr_planner_route() plans. */
    WR_OBJECTIVE_EARLIEST = 1,        /**< The earliest arrival, formed or not (no
                                           last rally day); for a field, the
                                           arrival field of an unformed force
                                           (scouting). */
    WR_OBJECTIVE_FEWEST_UNFORMED = 2  /**< The fewest days of unformed movement, then
                                           the earliest formed arrival (routes only). */
} wr_plan_objective;

/** @brief The number of ::wr_plan_objective values. */
#define WR_OBJECTIVE_COUNT 3

/**
 * @brief Says whether the move from one node into a neighbour is blocked for
 *        one query (an enemy's zone, a failed timber roll, ...).
 * @param user ::wr_plan_query::user.
 * @param from The node left (wr_map_index()).
 * @param to The node entered.
 * @return Non-zero when blocked.
 */
typedef int (*wr_plan_blocked_fn)(void *user, int32_t from, int32_t to);

/**
 * @brief The options of one query: the start state, the objective, hexes
 *        and hexsides blocked for this query only. All zero is today's
 *        behaviour (the start of day 1, formed; earliest formed arrival;
 *        nothing blocked). The map is never edited or copied.
 *
 * A force that starts unformed moves on unformed (every move of an unformed
 * force is unformed movement) and may rally, with or without
 * ::WR_PLAN_UNFORMED, which lets a formed force break formation.
 */

typedef struct wr_plan_query {
    const wr_force_state *start;  /**< The force's state, or NULL for the zero state. */
    int objective;                /**< A ::wr_plan_objective. */
    const uint8_t *blocked_hexes; /**< Bit i (byte i / 8, bit i % 8) blocks entering
                                       the hex of index i, or NULL. */
    size_t blocked_hexes_size;    /**< Its bytes: (width x height + 7) / 8, or 0. */
    const uint8_t *blocked_sides; /**< Bit wr_map_hexside_index() blocks crossing that
                                       hexside either way, or NULL. */
    size_t blocked_sides_size;    /**< Its bytes: (3 x width x height + 7) / 8, or 0. */
    wr_plan_blocked_fn blocked;   /**< A callback asked for each move, or NULL. */
    void *user;                   /**< Passed to blocked. */
} wr_plan_query;

/** @brief ::wr_plan_result::outcome: a route was found. */
#define WR_PLAN_FOUND 0
/** @brief ::wr_plan_result::outcome: no route exists (a normal result: the
 *         status is ::WR_OK). */
#define WR_PLAN_NO_ROUTE 1

/**
 * @brief The answer of wr_planner_plan(); its arrays belong to the planner
 *        and stay valid until its next call.
 */
typedef struct wr_plan_result {
    int outcome;               /**< ::WR_PLAN_FOUND or ::WR_PLAN_NO_ROUTE (then
                                     nothing else is set). */
    wr_route route;            /**< The route; its days are the game's days (from
                                     the start state's day), its unformed_days
                                     and stragglers those of the plan. */
    const wr_plan_edge *moves; /**< route.step_count moves: moves[i] takes step
                                     i - 1 to step i (to = its node; a rally:
                                     0 points, 1 day, ::WR_STEP_RALLY);
                                     moves[0] is the start (0, 0, ::WR_STEP_START). */
    wr_force_state arrival;    /**< The state the replay reaches on arrival (its
                                     unformed_days those of the start plus the plan's). */
} wr_plan_result;

/**
 * @brief The index of a hexside for ::wr_plan_query::blocked_sides: the hex
 *        whose side it is in direction 0, 1 or 2, times 3, plus that
 *        direction ((hex, d) and (neighbour, d + 3 mod 6) give the same index).
 * @param map The map.
 * @param hex A hex of the map.
 * @param direction 0..5; the neighbour must be on the map.
 * @param[out] index 0..3 x width x height - 1.
 * @return ::WR_OK; ::WR_ERR_NULL; ::WR_ERR_RANGE.
 */
WR_API wr_status wr_map_hexside_index(const wr_map *map, wr_hex hex, int direction, int32_t *index);

/**
 * @brief Plans a route from a force's state, with an objective and
 *        constraints for this query: wr_planner_route() generalised.
 *
 * With a zero query it gives what wr_planner_route() gives. The plan is
 * replayed with wr_force_move(), wr_force_rally() and wr_force_end_day()
 * from the same state: they reach each step on its day with its points left.
 *
 * @param planner The planner.
 * @param map The map (const: many planners may read it at once).
 * @param params The force.
 * @param query The query, or NULL for a zero query.
 * @param from The start hex.
 * @param to The target hex.
 * @param[out] result The result (::WR_PLAN_NO_ROUTE when no route exists).
 * @return ::WR_OK (a route or none); ::WR_ERR_NULL; ::WR_ERR_RANGE for a
 *         hex off the map, a number of params or the start state, or a
 *         blocked set of the wrong size; ::WR_ERR_INVALID for params, the
 *         start state or an unknown objective; ::WR_ERR_STATE for a start
 *         state in the middle of a crossing; ::WR_ERR_FORBIDDEN when the
 *         mover cannot be at the start hex (a bad start); ::WR_ERR_NOMEM.
 */
WR_API wr_status wr_planner_plan(wr_planner *planner, const wr_map *map,
                                 const wr_plan_params *params, const wr_plan_query *query,
                                 wr_hex from, wr_hex to, wr_plan_result *result);

/**
 * @brief The arrival field from a force's state: wr_planner_field()
 *        generalised. With ::WR_OBJECTIVE_EARLIEST each hex gets its earliest
 *        arrival formed or not (scouting); with ::WR_OBJECTIVE_EARLIEST_FORMED
 *        its earliest formed arrival. Days are the game's days.
 * @param planner The planner.
 * @param map The map.
 * @param params The force.
 * @param query The query, or NULL (::WR_OBJECTIVE_FEWEST_UNFORMED is refused).
 * @param from The start hex.
 * @param[out] field width x height entries, by wr_map_index().
 * @param count Exactly width x height.
 * @return As wr_planner_plan(); ::WR_ERR_RANGE for a wrong count.
 */
WR_API wr_status wr_planner_plan_field(wr_planner *planner, const wr_map *map,
                                       const wr_plan_params *params, const wr_plan_query *query,
                                       wr_hex from, wr_arrival *field, size_t count);

/** @brief wr_map_check_rivers(): the rivers are drawn once. */
#define WR_RIVERS_OK 0
/** @brief wr_map_check_rivers(): a hexside river lies across the side a water
 *         course flows through (the river is drawn twice). */
#define WR_RIVERS_HEXSIDE_ON_COURSE 1
/** @brief wr_map_check_rivers(): a water course flows into a land hex that has
 *         no water course (the river stops nowhere). */
#define WR_RIVERS_DEAD_END 2

/**
 * @brief Checks that a map draws each river once [Rivers], [Crossing]:
 *        rivers for crossing lie on hexsides, navigable rivers run through
 *        water course hexes, and they must not disagree. Hexes are checked by
 *        index; the first problem is reported.
 * @param map The map.
 * @param[out] problem ::WR_RIVERS_OK, ::WR_RIVERS_HEXSIDE_ON_COURSE or
 *             ::WR_RIVERS_DEAD_END.
 * @param[out] hex The water course hex of the problem (unchanged when none).
 * @param[out] direction Its downstream direction, the side at fault
 *             (unchanged when none).
 * @return ::WR_OK (problems are results); ::WR_ERR_NULL.
 */
WR_API wr_status wr_map_check_rivers(const wr_map *map, int *problem, wr_hex *hex, int *direction);

/** @} */

/* ------------------------------------------------------------------------ */
/** @name Where forces meet: interception, pursuit and the danger field
 *
 *  [Saving Move Points]: a force that makes enemy contact loses its excess
 *  points; [Units, Formed and Unformed]: units of a force still unformed at
 *  contact begin the engagement non-rallied, as if in retreat. These calls
 *  answer where and when two forces can meet under the planner's rules: the
 *  earliest contact with a moving enemy (interception), with an enemy moving
 *  away along its route (pursuit), and for several enemy forces the
 *  earliest day any of them reaches each hex (the danger field).
 *
 *  A day is played in two moves: one force moves its whole day, then the
 *  other (::wr_day_order says which first). Forces stand in whole hexes
 *  ([Note]: no figure straddles two hexes), and two forces are in contact
 *  when their hexes meet (::wr_meeting). Contact ends both moves: the first
 *  contact of a route is its contact.
 *  docs/rules/campaign.md writes down each reading.
 *  @{ */

/** @brief What an interception aims for (::wr_intercept_params::objective). */
typedef enum wr_intercept_objective {
    WR_INTERCEPT_EARLIEST = 0,     /**< The earliest contact, formed or not (formed
                                        when the force can be formed there by then). */
    WR_INTERCEPT_FORMED = 1,       /**< The earliest contact of the force keeping its
                                        formation: no unformed movement, and an
                                        unformed force first rallies where it stands
                                        (the text's penalty for meeting unformed). */
    WR_INTERCEPT_BEFORE = 2,       /**< The earliest contact, if it comes no later
                                        than the enemy's entry into
                                        ::wr_intercept_params::guard (interception). */
    WR_INTERCEPT_FORMED_BEFORE = 3 /**< ::WR_INTERCEPT_FORMED and ::WR_INTERCEPT_BEFORE. */
} wr_intercept_objective;

/** @brief The number of ::wr_intercept_objective values. */
#define WR_INTERCEPT_OBJECTIVE_COUNT 4

/** @brief Which hexes are in contact (::wr_intercept_params::meeting). */
typedef enum wr_meeting {
    WR_MEETING_SAME_HEX = 0,         /**< The two forces in one hex (the default). */
    WR_MEETING_ADJACENT = 1,         /**< One hex, or two neighbouring hexes. */
    WR_MEETING_ADJACENT_NO_RIVER = 2 /**< One hex, or two neighbouring hexes whose
                                          hexside has no river (a river between them
                                          keeps them apart, bridge or ford or not). */
} wr_meeting;

/** @brief The number of ::wr_meeting values. */
#define WR_MEETING_COUNT 3

/** @brief Who moves first within a day (::wr_intercept_params::order). */
typedef enum wr_day_order {
    WR_DAY_ENEMY_FIRST = 0, /**< The enemy moves its day first (the default): a force
                                 meets the enemy where the enemy ends its day, or by
                                 standing in its path since an earlier day. */
    WR_DAY_OWN_FIRST = 1    /**< The force moves its day first, then the enemy: a
                                 force that reaches a hex of the enemy's path on
                                 the day the enemy comes meets it. */
} wr_day_order;

/** @brief The number of ::wr_day_order values. */
#define WR_DAY_ORDER_COUNT 2

/** @brief The most positions of a ::wr_force_desc. */
#define WR_FORCE_MAX_POSITIONS (1 << 24)
/** @brief The most forces of a danger field (wr_planner_danger()). */
#define WR_DANGER_MAX_FORCES 1024

/** @brief A force in a hex from a day on (one position of a ::wr_force_desc). */
typedef struct wr_force_position {
    wr_hex hex; /**< The hex, on the map. */
    int day;    /**< The day the force enters it, 1..::WR_PLAN_MAX_DAYS (the steps
                     of a plan: wr_step::hex and wr_step::day). */
} wr_force_position;

/**
 * @brief A force for wr_planner_intercept() (the enemy) and
 *        wr_planner_danger(): either a force to plan (params, query, from
 *        and to) or its positions by day.
 *
 * Positions are in the order the force enters them, days never decreasing;
 * the force is in positions[0] until it enters positions[1] on that entry's
 * day, and so on; it stays in the last one. Several positions may fall on one
 * day (the hexes it moves through that day) and a hex may repeat (a rally
 * step). A planned force follows the steps of wr_planner_plan() from its
 * query's start state to `to`; when no route exists, it stays at `from`.
 */
typedef struct wr_force_desc {
    const wr_plan_params *params;       /**< The force to plan (NULL with positions). */
    const wr_plan_query *query;         /**< Its start state, objective and blocked
                                              hexes, or NULL for a zero query. */
    wr_hex from;                        /**< Its hex. */
    wr_hex to;                          /**< Where it marches (interception and pursuit
                                              only; the danger field does not read it). */
    const wr_force_position *positions; /**< Its positions by day instead of a plan, or
                                              NULL (interception only). */
    size_t position_count;              /**< 1..::WR_FORCE_MAX_POSITIONS with
                                              positions, 0 without. */
} wr_force_desc;

/**
 * @brief How an interception is judged. All zero is the default: the
 *        earliest contact, in one hex, the enemy moving first each day.
 */
typedef struct wr_intercept_params {
    int objective; /**< A ::wr_intercept_objective. */
    int meeting;   /**< A ::wr_meeting. */
    int order;     /**< A ::wr_day_order. */
    wr_hex guard;  /**< ::WR_INTERCEPT_BEFORE and ::WR_INTERCEPT_FORMED_BEFORE: the hex
                        the enemy must not reach first (on the map); else not read. */
} wr_intercept_params;

/** @brief ::wr_intercept_result::outcome: the forces can meet. */
#define WR_INTERCEPT_FOUND 0
/** @brief ::wr_intercept_result::outcome: no contact meets the objective (a
 *         normal result: the status is ::WR_OK). */
#define WR_INTERCEPT_IMPOSSIBLE 1

/**
 * @brief The answer of wr_planner_intercept(); its arrays belong to the
 *        planner and stay valid until its next call.
 */
typedef struct wr_intercept_result {
    int outcome;               /**< ::WR_INTERCEPT_FOUND or ::WR_INTERCEPT_IMPOSSIBLE (then
                                  only enemy_plan is set). */
    int day;                   /**< The day of contact. */
    int during_own_move;       /**< 1 when contact comes in the force's own move (it
                                  enters the hex), 0 in the enemy's (the force
                                  stands in the hex). */
    wr_hex hex;                /**< The force's hex at contact: its plan's last step. */
    wr_hex enemy_hex;          /**< The enemy's hex at contact. */
    int32_t enemy_index;       /**< The enemy's position at contact: an index of its
                                  positions, or of its plan's steps. */
    int non_rallied;           /**< 1 when the force begins the engagement non-rallied
                                  (unformed at contact), as wr_force_contact() says. */
    wr_force_state contact;    /**< The force's state after contact: its plan's arrival
                                  state, the nights it waits in the hex (halting),
                                  then wr_force_contact(). */
    wr_plan_result plan;       /**< The force's plan to the contact hex, from its start
                                  state (for ::WR_INTERCEPT_FORMED from an unformed
                                  state its first move is a rally day in place). */
    wr_plan_result enemy_plan; /**< A planned enemy's plan (::WR_PLAN_NO_ROUTE when it
                                    cannot reach its target: it stays where it is);
                                    all zero for an enemy given by positions. */
} wr_intercept_result;

/**
 * @brief The earliest contact of a force with an enemy moving along its
 *        positions or its own plan: interception, pursuit, and meeting the
 *        enemy formed [Saving Move Points], [Units, Formed and Unformed].
 *
 * The force plans from its query's start state as wr_planner_plan() does
 * (its query's objective is not read: how->objective says what is sought).
 * On the start's day it is the force's move (with ::WR_DAY_ENEMY_FIRST the
 * enemy has made its move of that day). Contact is the first moment the two
 * forces' hexes meet: in the force's move, when it enters a hex that meets
 * the enemy's (the earliest entry first); in the enemy's move, when the enemy
 * enters a hex that meets the one the force stands in (its earliest position
 * first). The force may wait in any hex it reaches; the plan leads to the
 * contact hex, and the force waits there, halting, until contact. Pursuit is
 * an interception of a planned enemy marching away.
 *
 * The state at contact is the replay's: wr_force_move(), wr_force_rally() and
 * wr_force_end_day() through the plan's moves, wr_force_end_day() with halt
 * for the nights it waits, then wr_force_contact(): excess points lost, and
 * non-rallied when unformed. With ::WR_INTERCEPT_EARLIEST the force is formed
 * at contact whenever it can be formed in that hex by then (a rally day
 * takes the force's whole move; with ::WR_DAY_OWN_FIRST the enemy's move of
 * the rally day finds it still unformed).
 *
 * Costs one arrival field of the force (wr_planner_plan_field()), one or two
 * routes to the contact hex, and the planned enemy's route.
 *
 * @param planner The planner.
 * @param map The map.
 * @param params The force.
 * @param query Its start state and blocked hexes and hexsides, or NULL.
 * @param from Its hex.
 * @param enemy The enemy: positions, or a force to plan.
 * @param how The objective, the meeting and the order of the day, or NULL
 *        for all zero.
 * @param[out] result The contact, or ::WR_INTERCEPT_IMPOSSIBLE.
 * @return ::WR_OK (a contact or none); ::WR_ERR_NULL (planner, map, params,
 *         enemy, result, or enemy->params without positions);
 *         ::WR_ERR_RANGE for a hex off the map (from, the guard, a position,
 *         a planned enemy's hexes), a day of a position, a position_count
 *         out of 1..::WR_FORCE_MAX_POSITIONS with positions, a number of
 *         params or a start state, a blocked set of the wrong size;
 *         ::WR_ERR_INVALID for an unknown objective, meeting or order,
 *         positions whose days decrease, a position_count without
 *         positions, bad params or start states or a planned enemy's
 *         unknown objective; ::WR_ERR_STATE for a start state in the middle
 *         of a crossing; ::WR_ERR_FORBIDDEN when a mover cannot be at its
 *         start hex; ::WR_ERR_NOMEM.
 */
WR_API wr_status wr_planner_intercept(wr_planner *planner, const wr_map *map,
                                      const wr_plan_params *params, const wr_plan_query *query,
                                      wr_hex from, const wr_force_desc *enemy,
                                      const wr_intercept_params *how, wr_intercept_result *result);

/** @brief One hex of a danger field (see wr_planner_danger()). */
typedef struct wr_danger {
    int32_t day;         /**< The earliest day any of the forces reaches the hex; -1
                              when none does. */
    int32_t points_left; /**< That force's points saved on that day (0 when none). */
    int32_t force;       /**< Which force: its index (the lowest of those arriving on
                              that day); -1 when none. */
} wr_danger;

/**
 * @brief The danger field: for every hex the earliest day any of several
 *        forces reaches it, and which one (Freeciv's danger map with the
 *        campaign's movement rules).
 *
 * Each force's field is wr_planner_plan_field() with its own params, query
 * (start state, objective, blocked hexes and hexsides) and start hex; the
 * danger field keeps, hex by hex, the earliest day, then the lowest index.
 * The map is const; the call costs one field a force.
 *
 * @param planner The planner.
 * @param map The map.
 * @param forces The forces: params, query and from (to is not read;
 *        positions must be NULL).
 * @param force_count 1..::WR_DANGER_MAX_FORCES.
 * @param[out] field width x height entries, by wr_map_index().
 * @param count Exactly width x height.
 * @return ::WR_OK; ::WR_ERR_NULL (also a force's params); ::WR_ERR_RANGE for
 *         force_count, count, and as wr_planner_plan_field() for each force;
 *         ::WR_ERR_INVALID for a force with positions and as
 *         wr_planner_plan_field(); ::WR_ERR_STATE, ::WR_ERR_FORBIDDEN as
 *         wr_planner_plan_field(); ::WR_ERR_NOMEM.
 */
WR_API wr_status wr_planner_danger(wr_planner *planner, const wr_map *map,
                                   const wr_force_desc *forces, size_t force_count,
                                   wr_danger *field, size_t count);

/** @} */

/* ---- Deprecated names ---------------------------------------------- */

/**
 * @name Deprecated names
 * Older names, kept with the same ABI for all of 1.x. Each one warns where it
 * is used and names its replacement; defining ::WR_ALLOW_DEPRECATED before
 * including <warrules/warrules.h> silences the warnings. CHANGELOG.md lists
 * every old name beside its new one.
 * @{
 */
/** @brief The older name of ::wr_hexside, the same type.
 *  @deprecated Use ::wr_hexside. */
typedef WR_DEPRECATED("use wr_hexside") wr_hexside wr_side;

/** @brief The older name of ::WR_MAP_MAX_EXTENT, the same value.
 *  @deprecated Use ::WR_MAP_MAX_EXTENT. */
#define WR_MAP_MAX_SIDE \
    WR_DEPRECATED_MACRO("WR_MAP_MAX_SIDE is deprecated: use WR_MAP_MAX_EXTENT") WR_MAP_MAX_EXTENT

/** @brief The older name of ::WR_RIVERS_HEXSIDE_ON_COURSE, the same value.
 *  @deprecated Use ::WR_RIVERS_HEXSIDE_ON_COURSE. */
#define WR_RIVERS_SIDE_ON_COURSE                                                                   \
    WR_DEPRECATED_MACRO("WR_RIVERS_SIDE_ON_COURSE is deprecated: use WR_RIVERS_HEXSIDE_ON_COURSE") \
    WR_RIVERS_HEXSIDE_ON_COURSE

/** @copydoc wr_map_has_hex
 *  @deprecated Use wr_map_has_hex(), the same call. */
WR_DEPRECATED("use wr_map_has_hex")
WR_API wr_status wr_map_contains(const wr_map *map, wr_hex hex, int *inside);

/** @copydoc wr_map_set_hexside
 *  @deprecated Use wr_map_set_hexside(), the same call. */
WR_DEPRECATED("use wr_map_set_hexside")
WR_API wr_status wr_map_set_side(wr_map *map, wr_hex hex, int direction, const wr_hexside *side);

/** @copydoc wr_map_hexside
 *  @deprecated Use wr_map_hexside(), the same call. */
WR_DEPRECATED("use wr_map_hexside")
WR_API wr_status wr_map_side(const wr_map *map, wr_hex hex, int direction, wr_hexside *side);

/** @copydoc wr_map_is_visible
 *  @deprecated Use wr_map_is_visible(), the same call. */
WR_DEPRECATED("use wr_map_is_visible")
WR_API wr_status wr_map_sight(const wr_map *map, wr_hex a, wr_hex b, int *visible);

/** @copydoc wr_half_die_rng
 *  @deprecated Use wr_half_die_rng(), the same call. */
WR_DEPRECATED("use wr_half_die_rng") WR_API wr_status wr_half_die_roll(wr_rng *rng, int *half);

/** @copydoc wr_getting_lost_rng
 *  @deprecated Use wr_getting_lost_rng(), the same call. */
WR_DEPRECATED("use wr_getting_lost_rng")
WR_API wr_status wr_getting_lost_roll(int small_unit, int on_route, int chance_percent, wr_rng *rng,
                                      int *lost);

/** @copydoc wr_map_is_on_route
 *  @deprecated Use wr_map_is_on_route(), the same call. */
WR_DEPRECATED("use wr_map_is_on_route")
WR_API wr_status wr_map_on_route(const wr_map *map, wr_hex hex, int direction, int *on_route);

/** @copydoc wr_hex_desc_moves
 *  @deprecated Use wr_hex_desc_moves(), the same call. */
WR_DEPRECATED("use wr_hex_desc_moves")
WR_API wr_status wr_moves_from(const wr_plan_params *params, const wr_hex_desc *here,
                               const wr_hex_desc neighbors[6], const wr_hexside sides[6],
                               const int32_t nodes[6], wr_plan_edge *out, size_t capacity,
                               size_t *count);

/** @copydoc wr_map_hexside_index
 *  @deprecated Use wr_map_hexside_index(), the same call. */
WR_DEPRECATED("use wr_map_hexside_index")
WR_API wr_status wr_map_side_index(const wr_map *map, wr_hex hex, int direction, int32_t *index);
/** @} */

#ifdef __cplusplus
}
#endif

#endif /* WARRULES_CAMPAIGN_H */
