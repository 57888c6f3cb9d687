/*
 * capi.h — what the cgo files of capi/ include instead of tsume.h directly.
 *
 * cgo writes its own prototype of every exported function, in which const
 * qualifiers are lost, and compiles it in the same translation unit as the
 * preamble. tsume.h's prototypes (with const) would then conflict, so they
 * are renamed out of the way here; the types and constants come from tsume.h
 * unchanged. The C tests compile against tsume.h itself, and
 * tests/c/check_abi.py compares both prototype lists.
 */
#ifndef TSUME_CAPI_H
#define TSUME_CAPI_H

#define tsume_abi_version tsume_h_abi_version
#define tsume_version_string tsume_h_version_string
#define tsume_status_string tsume_h_status_string
#define tsume_string_free tsume_h_string_free
#define tsume_solver_new tsume_h_solver_new
#define tsume_solver_free tsume_h_solver_free
#define tsume_cancel tsume_h_cancel
#define tsume_solver_set_progress tsume_h_solver_set_progress
#define tsume_solver_set_phase_progress tsume_h_solver_set_phase_progress
#define tsume_solver_clear tsume_h_solver_clear
#define tsume_solver_table_info tsume_h_solver_table_info
#define tsume_solver_prefault tsume_h_solver_prefault
#define tsume_solve_shogi tsume_h_solve_shogi
#define tsume_solve_capture tsume_h_solve_capture
#define tsume_result_kind_of tsume_h_result_kind_of
#define tsume_result_code tsume_h_result_code
#define tsume_result_length tsume_h_result_length
#define tsume_result_move_count tsume_h_result_move_count
#define tsume_result_move tsume_h_result_move
#define tsume_result_moves tsume_h_result_moves
#define tsume_result_best_move tsume_h_result_best_move
#define tsume_result_stats tsume_h_result_stats
#define tsume_result_line_stats tsume_h_result_line_stats
#define tsume_result_flags tsume_h_result_flags
#define tsume_result_free tsume_h_result_free
#define tsume_result_proven tsume_h_result_proven
#define tsume_result_candidate tsume_h_result_candidate
#define tsume_result_note tsume_h_result_note
#define tsume_shogi_record tsume_h_shogi_record
#define tsume_capture_svg tsume_h_capture_svg
#define tsume_shogi_bestmove tsume_h_shogi_bestmove
#define tsume_shogi_verify tsume_h_shogi_verify

#include "tsume.h"

#undef tsume_abi_version
#undef tsume_version_string
#undef tsume_status_string
#undef tsume_string_free
#undef tsume_solver_new
#undef tsume_solver_free
#undef tsume_cancel
#undef tsume_solver_set_progress
#undef tsume_solver_set_phase_progress
#undef tsume_solver_clear
#undef tsume_solver_table_info
#undef tsume_solver_prefault
#undef tsume_solve_shogi
#undef tsume_solve_capture
#undef tsume_result_kind_of
#undef tsume_result_code
#undef tsume_result_length
#undef tsume_result_move_count
#undef tsume_result_move
#undef tsume_result_moves
#undef tsume_result_best_move
#undef tsume_result_stats
#undef tsume_result_line_stats
#undef tsume_result_flags
#undef tsume_result_free
#undef tsume_result_proven
#undef tsume_result_candidate
#undef tsume_result_note
#undef tsume_shogi_record
#undef tsume_capture_svg
#undef tsume_shogi_bestmove
#undef tsume_shogi_verify

#include <stdlib.h>
#include <string.h>

/* The size of tsume_capture_query as ABI 1 first shipped it, before
 * plays_limit was appended; callers built against that header still pass it. */
enum { tsume_capi_capture_query_v1_size = offsetof(tsume_capture_query, plays_limit) };

/* tsume_shogi_query as ABI 1 first shipped it, before reserved and threads
 * were appended. Its sizeof (48 on LP64, tail padding included) is the size
 * older callers pass; threads must begin at or after it, or the library
 * would read their padding as a thread count. */
typedef struct tsume_capi_shogi_query_v1 {
    uint32_t struct_size;
    const char *sfen;
    const char *moves;
    int32_t rules;
    int32_t algo;
    uint64_t node_limit;
    uint32_t time_limit_ms;
} tsume_capi_shogi_query_v1;
enum { tsume_capi_shogi_query_v1_size = sizeof(tsume_capi_shogi_query_v1) };
_Static_assert(offsetof(tsume_shogi_query, threads) >= sizeof(tsume_capi_shogi_query_v1),
               "tsume_shogi_query.threads overlaps the first layout");
_Static_assert(offsetof(tsume_shogi_query, time_limit_ms) == offsetof(tsume_capi_shogi_query_v1, time_limit_ms),
               "tsume_capi_shogi_query_v1 does not mirror tsume_shogi_query");

/* tsume_shogi_query before line_node_limit was appended: callers built
 * against that header pass this size (its sizeof, tail padding included,
 * on every target: line_node_limit, 8-byte aligned, begins where it ended). */
enum { tsume_capi_shogi_query_v2_size = offsetof(tsume_shogi_query, line_node_limit) };
_Static_assert(offsetof(tsume_shogi_query, line_node_limit) >= offsetof(tsume_shogi_query, threads) + sizeof(uint32_t),
               "tsume_shogi_query.line_node_limit overlaps threads");

/* Handles are integers that never point anywhere; the conversion to a
 * pointer type happens in C so that Go never builds a pointer from an
 * integer (go vet and checkptr both object to that). */
static inline tsume_solver *tsume_capi_solver_token(uintptr_t v) { return (tsume_solver *)v; }
static inline tsume_result *tsume_capi_result_token(uintptr_t v) { return (tsume_result *)v; }

/* Go cannot call a C function pointer directly. */
static inline void tsume_capi_call_progress(tsume_progress_fn fn, const tsume_progress *p, void *user_data) {
    fn(p, user_data);
}

static inline void tsume_capi_call_phase_progress(tsume_phase_progress_fn fn, const tsume_phase_progress *p, void *user_data) {
    fn(p, user_data);
}

/* The least struct_size tsume_solver_set_phase_progress accepts: the end of the
 * first layout's last field (appended fields must not move this). */
enum { tsume_capi_phase_progress_v1_size = offsetof(tsume_phase_progress, open) + sizeof(uint32_t) };

/* The static name of each tsume_phase the library knows. */
static inline const char *tsume_capi_phase_name(int phase) {
    switch (phase) {
    case TSUME_PHASE_PROOF: return "proof";
    case TSUME_PHASE_MINIMAL: return "minimal";
    case TSUME_PHASE_SHORTEN: return "shorten";
    case TSUME_PHASE_LINE: return "line";
    case TSUME_PHASE_REPAIR: return "repair";
    case TSUME_PHASE_VERIFY: return "verify";
    }
    return "other";
}

/* Static strings handed to C: literals live for the whole process and are
 * never freed, which is what tsume.h promises for these two functions. */
#define TSUME_CAPI_STR_(x) #x
#define TSUME_CAPI_STR(x) TSUME_CAPI_STR_(x)

static inline const char *tsume_capi_version(void) {
    return TSUME_CAPI_STR(TSUME_VERSION_MAJOR) "." TSUME_CAPI_STR(TSUME_VERSION_MINOR) "." TSUME_CAPI_STR(
        TSUME_VERSION_PATCH);
}

static inline const char *tsume_capi_status_name(int status) {
    switch (status) {
    case TSUME_OK: return "ok";
    case TSUME_E_INVALID_ARGUMENT: return "invalid argument";
    case TSUME_E_PARSE: return "parse error";
    case TSUME_E_ILLEGAL_POSITION: return "illegal position";
    case TSUME_E_NO_MEMORY: return "out of memory";
    case TSUME_E_CANCELLED: return "cancelled";
    case TSUME_E_BAD_HANDLE: return "bad handle";
    case TSUME_E_BUSY: return "busy";
    case TSUME_E_INTERNAL: return "internal error";
    }
    return "unknown status";
}

#endif /* TSUME_CAPI_H */
