/**
 * @file core.h
 * @brief Status codes, version, allocators and dice: what every module of
 *        libwarrules stands on.
 *
 * Conventions that hold for the whole API:
 * - every fallible function returns ::wr_status and writes its results
 *   through out pointers, which it leaves untouched on any status other
 *   than ::WR_OK;
 * - caller mistakes (NULL, numbers out of range, unknown enum values) get a
 *   status, never an abort or undefined behaviour;
 * - handles are opaque, made by `wr_<name>_new(..., wr_<name> **out)` and released by
 *   `wr_<name>_free()`, which accepts NULL;
 * - there is no hidden global mutable state: separate handles may be used
 *   from separate threads at once and const handles may be shared;
 * - rule results use integer arithmetic only, so the same inputs and seed
 *   give bit-identical results everywhere;
 * - every failing call also leaves a detail (function, argument, value,
 *   allowed range or rule) for the calling thread: see wr_last_error().
 *
 * The version macros below are the one source of the version number: CMake,
 * pkg-config, the Python package and the Lua module read it from here.
 */
#ifndef WARRULES_CORE_H
#define WARRULES_CORE_H

#include <stddef.h>
#include <stdint.h>

/**
 * @def WR_API
 * @brief Marks a function exported from the shared library.
 *
 * The library is built with hidden visibility; only functions marked with
 * this macro (all named `wr_`) are exported.
 */
#if defined(_WIN32) || defined(__CYGWIN__)
#if defined(WR_BUILDING_SHARED)
#define WR_API __declspec(dllexport)
#elif defined(WR_USING_SHARED)
#define WR_API __declspec(dllimport)
#else
#define WR_API
#endif
#elif defined(__GNUC__) || defined(__clang__)
#define WR_API __attribute__((visibility("default")))
#else
#define WR_API
#endif

/**
 * @def WR_ALLOW_DEPRECATED
 * @brief Define it before including <warrules/warrules.h> to use the older,
 *        deprecated names without warnings (the library defines nothing by
 *        this name itself).
 */
#ifdef WR_DOXYGEN
#define WR_ALLOW_DEPRECATED
#endif

/**
 * @def WR_DEPRECATED
 * @brief Marks an older name of a function or type: using it warns with the
 *        name to use instead, unless ::WR_ALLOW_DEPRECATED is defined.
 * @param msg The warning's text, such as "use wr_map_hexside".
 */
/**
 * @def WR_DEPRECATED_MACRO
 * @brief Placed in the expansion of an older constant's name: using it warns
 *        (where the compiler has `#pragma GCC warning` or MSVC's
 *        `__pragma(message)`), unless ::WR_ALLOW_DEPRECATED is defined.
 * @param msg The warning's text.
 */
/**
 * @def WR_PRAGMA
 * @brief A pragma from within a macro (C99's `_Pragma` on a token list).
 * @param text The pragma's text, unquoted.
 */
#define WR_PRAGMA(text) _Pragma(#text)
#if defined(WR_ALLOW_DEPRECATED)
#define WR_DEPRECATED(msg)
#define WR_DEPRECATED_MACRO(msg)
#elif defined(__GNUC__) || defined(__clang__)
#define WR_DEPRECATED(msg) __attribute__((deprecated(msg)))
#define WR_DEPRECATED_MACRO(msg) WR_PRAGMA(GCC warning msg)
#elif defined(_MSC_VER)
#define WR_DEPRECATED(msg) __declspec(deprecated(msg))
#define WR_DEPRECATED_MACRO(msg) __pragma(message(msg))
#else
#define WR_DEPRECATED(msg)
#define WR_DEPRECATED_MACRO(msg)
#endif

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Major version: incompatible ABI changes. */
#define WR_VERSION_MAJOR 1
/** @brief Minor version: compatible additions. */
#define WR_VERSION_MINOR 2
/** @brief Patch version: fixes that change no interface. */
#define WR_VERSION_PATCH 0
/** @brief The version as "MAJOR.MINOR.PATCH". */
#define WR_VERSION_STRING "1.2.0"
/** @brief The version as MAJOR*10000 + MINOR*100 + PATCH. */
#define WR_VERSION_NUMBER (WR_VERSION_MAJOR * 10000 + WR_VERSION_MINOR * 100 + WR_VERSION_PATCH)

/** @brief The result of every fallible function. */
typedef enum wr_status {
    WR_OK = 0,            /**< Success; the out values were written. */
    WR_ERR_NULL = 1,      /**< A required pointer argument was NULL. */
    WR_ERR_RANGE = 2,     /**< A number is outside its documented range. */
    WR_ERR_INVALID = 3,   /**< An unknown enum value or a meaningless combination. */
    WR_ERR_NOMEM = 4,     /**< An allocation failed. */
    WR_ERR_FORBIDDEN = 5, /**< The rules forbid it (a galley into open sea, infantry into water). */
    WR_ERR_STATE = 6      /**< The handle is not in a state that allows the call. */
} wr_status;

/**
 * @brief The name of a status code.
 * @param status Any value.
 * @return The enumerator's name, such as "WR_ERR_RANGE", or "WR_UNKNOWN"
 *         for a value that is no ::wr_status; never NULL. The string is static.
 */
WR_API const char *wr_status_name(wr_status status);

/**
 * @brief One English sentence that explains a status code.
 * @param status Any value.
 * @return A static sentence; for an unknown value a sentence saying so;
 *         never NULL.
 */
WR_API const char *wr_status_str(wr_status status);

/**
 * @brief The version of the library that is running.
 * @return "MAJOR.MINOR.PATCH", equal to the ::WR_VERSION_STRING the library
 *         was built with; static, never NULL.
 */
WR_API const char *wr_version(void);

/**
 * @brief The version of the library that is running, as a number.
 * @return MAJOR*10000 + MINOR*100 + PATCH, equal to the
 *         ::WR_VERSION_NUMBER the library was built with.
 */
WR_API int wr_version_number(void);

/**
 * @brief What went wrong in the most recent failing call on this thread.
 *
 * Filled by every call that returns a status other than ::WR_OK, in the
 * style of `errno` and SQLite's `sqlite3_errmsg()`: each thread has its own
 * detail, so threads never see each other's; a successful call leaves it
 * alone; wr_last_error_clear() resets it. Recording a detail allocates nothing
 * and formats nothing: the message is built when wr_last_error() asks.
 *
 * The strings are static (they live as long as the library is loaded).
 */
typedef struct wr_error {
    wr_status status; /**< The status the call returned; ::WR_OK when nothing failed. */
    const char *
        function; /**< The public function that failed, such as "wr_planner_route"; "" when none. */
    const char *
        argument; /**< The argument or field at fault, such as "to.q" or "params->daily_points"; "" when none. */
    long long value;      /**< The value refused, when has_value is non-zero. */
    int has_value;        /**< Non-zero when value holds the refused number. */
    const char *expected; /**< What is allowed ("2..1000000", "a non-NULL pointer") or the rule
                               that forbids it ("[11.6] closed formation at the start of the
                               Movement Phase"); "" when none. */
} wr_error;

/**
 * @brief The detail of the most recent failing call on this thread.
 * @param[out] out The detail; its status is ::WR_OK when no call on this
 *                 thread has failed since it started or since wr_last_error_clear().
 * @return ::WR_OK; ::WR_ERR_NULL when out is NULL (that failure is not
 *         recorded, so the detail asked for survives).
 */
WR_API wr_status wr_last_error_detail(wr_error *out);

/**
 * @brief The most recent failing call on this thread, in words.
 *
 * For example "wr_rng_roll: sides = 1 is outside 2..1000000 (WR_ERR_RANGE)".
 * The text names the function, the argument and its value, and what is
 * allowed or which rule forbids it, as far as the detail knows them.
 *
 * @return A string owned by the calling thread, valid until its next call
 *         into the library; "" when nothing failed; never NULL.
 */
WR_API const char *wr_last_error(void);

/**
 * @brief Forgets this thread's failure detail, so that the next
 *        wr_last_error_detail() reports ::WR_OK until a call fails.
 */
WR_API void wr_last_error_clear(void);

/**
 * @brief A caller-supplied allocation function, in the style of Lua's
 *        `lua_Alloc`.
 *
 * Called as `fn(user, NULL, 0, n)` to allocate n bytes,
 * `fn(user, p, old, n)` to resize a block of `old` bytes to n bytes and
 * `fn(user, p, old, 0)` to free it (the return value is then ignored).
 * It returns NULL when it cannot allocate; the library then fails with
 * ::WR_ERR_NOMEM and leaks nothing. Blocks must be aligned for any object
 * type, as malloc's are.
 *
 * @param user The allocator's `user` pointer.
 * @param ptr The block to resize or free, or NULL to allocate.
 * @param old_size The block's current size in bytes (0 when ptr is NULL).
 * @param new_size The size wanted, or 0 to free.
 * @return The block, or NULL.
 */
typedef void *(*wr_alloc_fn)(void *user, void *ptr, size_t old_size, size_t new_size);

/**
 * @brief An allocator that a handle uses for its whole life.
 *
 * Every constructor that allocates has an `_ex` form taking one; passing
 * NULL there means the C library's malloc, realloc and free. The handle
 * copies the struct, so it need not outlive the call, but `user` must
 * outlive the handle.
 */
typedef struct wr_allocator {
    wr_alloc_fn fn; /**< The allocation function; must not be NULL. */
    void *user;     /**< Passed to every call of fn. */
} wr_allocator;

/**
 * @brief A deterministic dice roller.
 *
 * The sequence for a seed is part of the contract, so replays and lockstep
 * games can depend on it: xoshiro256** seeded with four successive outputs
 * of SplitMix64 started at the seed; each roll maps the upper 32 bits of
 * successive outputs to 0..sides-1 with Lemire's nearly divisionless method
 * and adds 1. A handle is not safe to use from two threads at once; use one
 * per thread (see wr_rng_clone()).
 */
typedef struct wr_rng wr_rng;

/**
 * @brief Makes a dice roller.
 * @param seed Any 64-bit value.
 * @param[out] out The new handle; release it with wr_rng_free().
 * @return ::WR_OK; ::WR_ERR_NULL when out is NULL; ::WR_ERR_NOMEM.
 */
WR_API wr_status wr_rng_new(uint64_t seed, wr_rng **out);

/**
 * @brief Makes a dice roller whose memory comes from the caller's allocator.
 * @param seed Any 64-bit value.
 * @param alloc The allocator, or NULL for the C library's.
 * @param[out] out The new handle; release it with wr_rng_free().
 * @return ::WR_OK; ::WR_ERR_NULL when out is NULL; ::WR_ERR_INVALID when
 *         alloc is given without a function; ::WR_ERR_NOMEM.
 */
WR_API wr_status wr_rng_new_ex(uint64_t seed, const wr_allocator *alloc, wr_rng **out);

/**
 * @brief Releases a dice roller.
 * @param rng The handle, or NULL (nothing happens).
 */
WR_API void wr_rng_free(wr_rng *rng);

/**
 * @brief Rolls one die.
 *
 * Each roll advances the state by one or more draws (more only in the rare
 * rejection case of Lemire's method).
 *
 * @param rng The roller.
 * @param sides The number of faces, 2..1000000.
 * @param[out] out The result, uniform in 1..sides.
 * @return ::WR_OK; ::WR_ERR_NULL when rng or out is NULL; ::WR_ERR_RANGE
 *         when sides is outside 2..1000000 (the state is then unchanged).
 */
WR_API wr_status wr_rng_roll(wr_rng *rng, int sides, int *out);

/**
 * @brief Copies a dice roller, state included, so that both go on to roll
 *        the same sequence.
 * @param rng The roller to copy.
 * @param[out] out The copy, using the same allocator; release it with
 *                 wr_rng_free().
 * @return ::WR_OK; ::WR_ERR_NULL when rng or out is NULL; ::WR_ERR_NOMEM.
 */
WR_API wr_status wr_rng_clone(const wr_rng *rng, wr_rng **out);

/* ---- Deprecated names ---------------------------------------------- */

/**
 * @name Deprecated names
 * Older names, kept with the same ABI for all of 1.x. Each one warns where it
 * is used and names its replacement; defining ::WR_ALLOW_DEPRECATED before
 * including <warrules/warrules.h> silences the warnings. CHANGELOG.md lists
 * every old name beside its new one.
 * @{
 */
/** @copydoc wr_last_error_clear
 *  @deprecated Use wr_last_error_clear(), the same call. */
WR_DEPRECATED("use wr_last_error_clear") WR_API void wr_clear_error(void);
/** @} */

#ifdef __cplusplus
}
#endif

#endif /* WARRULES_CORE_H */
