/*
 * test_capi.c — C tests of every entry point of include/tsume.h, error
 * paths included. Run one test with `test_capi NAME`; ctest runs each name
 * as its own test. Tests that need a solver skip (exit 77) while the
 * library reports that solver as not built yet.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* sysconf(_SC_PHYS_PAGES) */
#include <inttypes.h>
#include <pthread.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"
#include "positions.h"
#include "tsume.h"

/* ---- helpers --------------------------------------------------------------- */

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void sleep_ms(long ms) {
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static tsume_solver *new_solver(uint32_t hash_mb, uint32_t cache_mb) {
    tsume_solver_options o = TSUME_SOLVER_OPTIONS_INIT;
    o.hash_mb = hash_mb;
    o.cache_mb = cache_mb;
    tsume_solver *s = NULL;
    char err[256];
    tsume_status st = tsume_solver_new(&o, &s, err, sizeof err);
    if (st != TSUME_OK) FAIL("tsume_solver_new: %s", err);
    CHECK(s != NULL);
    return s;
}

/* skip_if_not_built skips the test while a solver is missing from the
 * library (it answers TSUME_E_INTERNAL "... not built ..."). */
static void skip_if_not_built(tsume_status st, const char *err) {
    if (st == TSUME_E_INTERNAL && strstr(err, "not built") != NULL) SKIP("%s", err);
}

static tsume_status solve_shogi(tsume_solver *s, const char *sfen, const char *moves, int32_t rules,
                                uint64_t nodes, uint32_t ms, tsume_result **out, char *err, size_t err_len) {
    tsume_shogi_query q = TSUME_SHOGI_QUERY_INIT;
    q.sfen = sfen;
    q.moves = moves;
    q.rules = rules;
    q.node_limit = nodes;
    q.time_limit_ms = ms;
    tsume_status st = tsume_solve_shogi(s, &q, out, err, err_len);
    skip_if_not_built(st, err);
    return st;
}

static int32_t kind_of(const tsume_result *r) {
    int32_t k = -1;
    CHECK_STATUS(tsume_result_kind_of(r, &k), TSUME_OK);
    return k;
}

/* moves_of returns the whole line as a malloc'd string (free with free). */
static char *moves_of(const tsume_result *r) {
    char *m = NULL;
    CHECK_STATUS(tsume_result_moves(r, &m), TSUME_OK);
    CHECK(m != NULL);
    char *copy = strdup(m);
    tsume_string_free(m);
    return copy;
}

/* ---- library --------------------------------------------------------------- */

static void test_version(void) {
    CHECK(tsume_abi_version() == TSUME_ABI_VERSION);
    char want[32];
    snprintf(want, sizeof want, "%d.%d.%d", TSUME_VERSION_MAJOR, TSUME_VERSION_MINOR, TSUME_VERSION_PATCH);
    CHECK_STR(tsume_version_string(), want);
    /* static: the same pointer every time, never freed by the caller */
    CHECK(tsume_version_string() == tsume_version_string());
}

static void test_status_strings(void) {
    static const struct {
        tsume_status st;
        const char *name;
    } want[] = {
        {TSUME_OK, "ok"},
        {TSUME_E_INVALID_ARGUMENT, "invalid argument"},
        {TSUME_E_PARSE, "parse error"},
        {TSUME_E_ILLEGAL_POSITION, "illegal position"},
        {TSUME_E_NO_MEMORY, "out of memory"},
        {TSUME_E_CANCELLED, "cancelled"},
        {TSUME_E_BAD_HANDLE, "bad handle"},
        {TSUME_E_BUSY, "busy"},
        {TSUME_E_INTERNAL, "internal error"},
        {(tsume_status)9, "unknown status"},
        {(tsume_status)-1, "unknown status"},
        {(tsume_status)1000000, "unknown status"},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) CHECK_STR(tsume_status_string(want[i].st), want[i].name);
    tsume_string_free(NULL); /* ignored */
}

/* ---- solver handles and options -------------------------------------------- */

static void test_solver_options(void) {
    static const struct {
        const char *what;
        uint32_t struct_size;
        uint32_t hash_mb;
        int32_t huge_pages;
        uint32_t cache_mb;
        tsume_status want;
        const char *msg; /* part of the error message */
    } cases[] = {
        {"defaults", sizeof(tsume_solver_options), 16, 0, 16, TSUME_OK, ""},
        {"huge pages fall back", sizeof(tsume_solver_options), 4, 1, 0, TSUME_OK, ""},
        {"cache off", sizeof(tsume_solver_options), 1, 0, 0, TSUME_OK, ""},
        {"hash 0", sizeof(tsume_solver_options), 0, 0, 16, TSUME_E_INVALID_ARGUMENT, "hash_mb"},
        {"hash too big", sizeof(tsume_solver_options), (1u << 20) + 1, 0, 16, TSUME_E_INVALID_ARGUMENT, "hash_mb"},
        {"hash absurd", sizeof(tsume_solver_options), UINT32_MAX, 0, 16, TSUME_E_INVALID_ARGUMENT, "hash_mb"},
        {"huge_pages 2", sizeof(tsume_solver_options), 16, 2, 16, TSUME_E_INVALID_ARGUMENT, "huge_pages"},
        {"huge_pages -1", sizeof(tsume_solver_options), 16, -1, 16, TSUME_E_INVALID_ARGUMENT, "huge_pages"},
        {"cache absurd", sizeof(tsume_solver_options), 16, 0, UINT32_MAX, TSUME_E_INVALID_ARGUMENT, "cache_mb"},
        {"struct_size 0", 0, 16, 0, 16, TSUME_E_INVALID_ARGUMENT, "struct_size"},
        {"struct_size big", sizeof(tsume_solver_options) + 8, 16, 0, 16, TSUME_E_INVALID_ARGUMENT, "struct_size"},
        {"more than the machine", sizeof(tsume_solver_options), 1u << 20, 0, 16, TSUME_E_NO_MEMORY, "memory"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tsume_solver_options o = TSUME_SOLVER_OPTIONS_INIT;
        o.struct_size = cases[i].struct_size;
        o.hash_mb = cases[i].hash_mb;
        o.huge_pages = cases[i].huge_pages;
        o.cache_mb = cases[i].cache_mb;
        tsume_solver *s = (tsume_solver *)0x1; /* must be overwritten */
        char err[256] = "junk";
        tsume_status st = tsume_solver_new(&o, &s, err, sizeof err);
        if (st != cases[i].want) FAIL("%s: status %s (%s), want %s", cases[i].what, tsume_status_string(st), err, tsume_status_string(cases[i].want));
        if (st == TSUME_OK) {
            CHECK(s != NULL);
            CHECK_STR(err, "");
            CHECK_STATUS(tsume_solver_free(s), TSUME_OK);
        } else {
            if (s != NULL) FAIL("%s: *out not NULL on failure", cases[i].what);
            CHECK_CONTAINS(err, cases[i].msg);
        }
    }
    /* opts NULL: the defaults (256 MiB) */
    tsume_solver *s = NULL;
    CHECK_STATUS(tsume_solver_new(NULL, &s, NULL, 0), TSUME_OK);
    CHECK_STATUS(tsume_solver_free(s), TSUME_OK);
    /* out NULL */
    char err[128];
    CHECK_STATUS(tsume_solver_new(NULL, NULL, err, sizeof err), TSUME_E_INVALID_ARGUMENT);
    CHECK_CONTAINS(err, "out");
}

/* The library caps its memory: solvers reserve hash_mb + cache_mb + 64 MiB
 * each, and a new one that would exceed physical memory is refused. */
static void test_memory_cap(void) {
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0) SKIP("physical memory unknown");
    uint64_t total_mb = (uint64_t)pages * (uint64_t)page >> 20;
    tsume_solver_options o = TSUME_SOLVER_OPTIONS_INIT;
    o.hash_mb = (uint32_t)(total_mb * 4 / 10); /* mmap'd, never touched here */
    o.cache_mb = 0;
    tsume_solver *a = NULL, *b = NULL, *c = NULL;
    char err[256];
    CHECK_STATUS(tsume_solver_new(&o, &a, err, sizeof err), TSUME_OK);
    CHECK_STATUS(tsume_solver_new(&o, &b, err, sizeof err), TSUME_OK);
    CHECK_STATUS(tsume_solver_new(&o, &c, err, sizeof err), TSUME_E_NO_MEMORY);
    CHECK(c == NULL);
    CHECK_CONTAINS(err, "other solvers");
    CHECK_STATUS(tsume_solver_free(a), TSUME_OK);
    CHECK_STATUS(tsume_solver_new(&o, &c, err, sizeof err), TSUME_OK); /* a's share came back */
    CHECK_STATUS(tsume_solver_free(b), TSUME_OK);
    CHECK_STATUS(tsume_solver_free(c), TSUME_OK);
}

static void test_error_buffer(void) {
    tsume_solver_options o = TSUME_SOLVER_OPTIONS_INIT;
    o.hash_mb = 0;
    tsume_solver *s = NULL;
    char full[256], small[8];
    memset(small, 'x', sizeof small);
    CHECK_STATUS(tsume_solver_new(&o, &s, full, sizeof full), TSUME_E_INVALID_ARGUMENT);
    CHECK(strlen(full) > 7);
    /* truncated to 7 bytes plus NUL, the start of the full message */
    CHECK_STATUS(tsume_solver_new(&o, &s, small, sizeof small), TSUME_E_INVALID_ARGUMENT);
    CHECK(small[7] == '\0');
    CHECK(strncmp(small, full, 7) == 0);
    /* err_len 1: just the NUL; err_len 0 and err NULL: nothing written */
    char one[2] = {'x', 'y'};
    CHECK_STATUS(tsume_solver_new(&o, &s, one, 1), TSUME_E_INVALID_ARGUMENT);
    CHECK(one[0] == '\0' && one[1] == 'y');
    char zero[1] = {'z'};
    CHECK_STATUS(tsume_solver_new(&o, &s, zero, 0), TSUME_E_INVALID_ARGUMENT);
    CHECK(zero[0] == 'z');
    CHECK_STATUS(tsume_solver_new(&o, &s, NULL, 100), TSUME_E_INVALID_ARGUMENT);
    /* an absurd err_len is not trusted beyond the message */
    char big[256];
    CHECK_STATUS(tsume_solver_new(&o, &s, big, SIZE_MAX), TSUME_E_INVALID_ARGUMENT);
    CHECK_STR(big, full);
}

static void test_bad_handles(void) {
    tsume_solver *s = new_solver(1, 1);
    int local = 0;
    tsume_solver *foreign = (tsume_solver *)&local;
    tsume_solver *freed = new_solver(1, 0);
    CHECK_STATUS(tsume_solver_free(freed), TSUME_OK);
    tsume_result *res = NULL;
    char err[256];
    tsume_shogi_query q = TSUME_SHOGI_QUERY_INIT;
    q.sfen = MATE1_SFEN;
    tsume_capture_query cq = TSUME_CAPTURE_QUERY_INIT;
    cq.board_size = 9;
    cq.white = "D4";
    cq.target = "D4";

    struct {
        const char *what;
        tsume_solver *h;
        tsume_status want;
    } cases[] = {
        {"NULL", NULL, TSUME_E_INVALID_ARGUMENT},
        {"freed", freed, TSUME_E_BAD_HANDLE},
        {"foreign", foreign, TSUME_E_BAD_HANDLE},
        {"odd value", (tsume_solver *)(uintptr_t)0xdeadbeef, TSUME_E_BAD_HANDLE},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tsume_solver *h = cases[i].h;
        tsume_status want = cases[i].want;
        uint32_t fill;
        int32_t huge;
        CHECK_STATUS(tsume_solver_free(h), want);
        CHECK_STATUS(tsume_cancel(h), want);
        CHECK_STATUS(tsume_solver_set_progress(h, NULL, NULL, 100), want);
        CHECK_STATUS(tsume_solver_set_phase_progress(h, NULL, NULL, 100, sizeof(tsume_phase_progress)), want);
        CHECK_STATUS(tsume_solver_clear(h), want);
        CHECK_STATUS(tsume_solver_table_info(h, &fill, &huge), want);
        CHECK_STATUS(tsume_solver_prefault(h), want);
        CHECK_STATUS(tsume_solve_shogi(h, &q, &res, err, sizeof err), want);
        CHECK(res == NULL);
        CHECK(strlen(err) > 0);
        CHECK_STATUS(tsume_solve_capture(h, &cq, &res, err, sizeof err), want);
        CHECK(res == NULL);
    }

    /* result handles: NULL, foreign, a solver handle passed as a result */
    const tsume_result *rcases[] = {NULL, (const tsume_result *)&local, (const tsume_result *)s};
    for (size_t i = 0; i < 3; i++) {
        const tsume_result *r = rcases[i];
        tsume_status want = r == NULL ? TSUME_E_INVALID_ARGUMENT : TSUME_E_BAD_HANDLE;
        int32_t v;
        size_t n;
        char *str = (char *)0x1;
        tsume_stats stats;
        CHECK_STATUS(tsume_result_kind_of(r, &v), want);
        CHECK_STATUS(tsume_result_code(r, &v), want);
        CHECK_STATUS(tsume_result_length(r, &v), want);
        CHECK_STATUS(tsume_result_move_count(r, &n), want);
        CHECK_STATUS(tsume_result_move(r, 0, &str), want);
        CHECK_STATUS(tsume_result_moves(r, &str), want);
        CHECK_STATUS(tsume_result_best_move(r, &str), want);
        CHECK_STATUS(tsume_result_stats(r, &stats), want);
        CHECK_STATUS(tsume_result_flags(r, &v, &v, &v), want);
        CHECK_STATUS(tsume_result_free((tsume_result *)r), want);
    }
    /* a solver handle is still fine after all that */
    CHECK_STATUS(tsume_solver_free(s), TSUME_OK);
    CHECK_STATUS(tsume_solver_free(s), TSUME_E_BAD_HANDLE); /* double free */
}

static void test_solver_ops(void) {
    tsume_solver *s = new_solver(8, 1);
    uint32_t fill = 12345;
    int32_t huge = -1;
    CHECK_STATUS(tsume_solver_table_info(s, &fill, &huge), TSUME_OK);
    CHECK(fill == 0); /* a new table is empty */
    CHECK(huge == 0 || huge == 1);
    CHECK_STATUS(tsume_solver_table_info(s, NULL, NULL), TSUME_OK);
    CHECK_STATUS(tsume_solver_clear(s), TSUME_OK);
    CHECK_STATUS(tsume_solver_prefault(s), TSUME_OK);
    CHECK_STATUS(tsume_solver_table_info(s, &fill, NULL), TSUME_OK);
    CHECK(fill == 0); /* prefaulting writes no entry */
    CHECK_STATUS(tsume_cancel(s), TSUME_OK); /* idle: ignored */
    CHECK_STATUS(tsume_solver_set_progress(s, NULL, NULL, 0), TSUME_OK);
    CHECK_STATUS(tsume_solver_set_phase_progress(s, NULL, NULL, 0, 0), TSUME_OK); /* removing: size ignored */
    CHECK_STATUS(tsume_solver_free(s), TSUME_OK);
}

/* ---- shogi ----------------------------------------------------------------- */

static void test_shogi_bad_input(void) {
    tsume_solver *s = new_solver(8, 1);
    tsume_result *res = (tsume_result *)0x1;
    char err[256];

    struct {
        const char *what;
        const char *sfen;
        const char *moves;
        int32_t rules;
        int32_t algo;
        tsume_status want;
        const char *msg;
    } cases[] = {
        {"sfen NULL", NULL, NULL, 0, 0, TSUME_E_INVALID_ARGUMENT, "sfen"},
        {"sfen empty", "", NULL, 0, 0, TSUME_E_INVALID_ARGUMENT, "sfen"},
        {"sfen garbage", "this is not an sfen", NULL, 0, 0, TSUME_E_PARSE, ""},
        {"sfen bad rank", "4k4/9/4P4/9/9/9/9/9 b G 1", NULL, 0, 0, TSUME_E_PARSE, ""},
        {"sfen bad piece", "4k4/9/4X4/9/9/9/9/9/9 b G 1", NULL, 0, 0, TSUME_E_PARSE, ""},
        {"bad move text", MATE1_SFEN, "zz", 0, 0, TSUME_E_PARSE, ""},
        {"illegal move", MATE1_SFEN, "1a1b", 0, 0, TSUME_E_ILLEGAL_POSITION, ""},
        {"no attacker king problem: two black kings", "4k4/9/9/9/9/9/9/9/3KK4 b G 1", NULL, 0, 0,
         TSUME_E_ILLEGAL_POSITION, ""},
        {"rules 7", MATE1_SFEN, NULL, 7, 0, TSUME_E_INVALID_ARGUMENT, "rules"},
        {"algo APS", MATE1_SFEN, NULL, 0, TSUME_ALGO_APS, TSUME_E_INVALID_ARGUMENT, "capture"},
        {"algo 99", MATE1_SFEN, NULL, 0, 99, TSUME_E_INVALID_ARGUMENT, "algo"},
    };
    int skipped = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tsume_shogi_query q = TSUME_SHOGI_QUERY_INIT;
        q.sfen = cases[i].sfen;
        q.moves = cases[i].moves;
        q.rules = cases[i].rules;
        q.algo = cases[i].algo;
        res = (tsume_result *)0x1;
        tsume_status st = tsume_solve_shogi(s, &q, &res, err, sizeof err);
        if (st == TSUME_E_INTERNAL && strstr(err, "not built")) {
            skipped++; /* parse errors come from the solver package */
            continue;
        }
        if (st != cases[i].want) FAIL("%s: status %s (%s), want %s", cases[i].what, tsume_status_string(st), err, tsume_status_string(cases[i].want));
        if (res != NULL) FAIL("%s: *out not NULL on failure", cases[i].what);
        CHECK(strlen(err) > 0);
        CHECK_CONTAINS(err, cases[i].msg);
    }

    /* NULL query and out, a wrong struct_size */
    CHECK_STATUS(tsume_solve_shogi(s, NULL, &res, err, sizeof err), TSUME_E_INVALID_ARGUMENT);
    CHECK_CONTAINS(err, "query");
    tsume_shogi_query q = TSUME_SHOGI_QUERY_INIT;
    q.sfen = MATE1_SFEN;
    CHECK_STATUS(tsume_solve_shogi(s, &q, NULL, err, sizeof err), TSUME_E_INVALID_ARGUMENT);
    CHECK_CONTAINS(err, "out");
    q.struct_size = sizeof q - 4;
    CHECK_STATUS(tsume_solve_shogi(s, &q, &res, err, sizeof err), TSUME_E_INVALID_ARGUMENT);
    CHECK_CONTAINS(err, "struct_size");
    CHECK_STATUS(tsume_solver_free(s), TSUME_OK);
    if (skipped) SKIP("%d parse cases need the shogi solver, which is not built yet", skipped);
}

static void test_shogi_mate(void) {
    tsume_solver *s = new_solver(16, 1);
    tsume_result *res = NULL;
    char err[256];
    CHECK_STATUS(solve_shogi(s, MATE1_SFEN, NULL, TSUME_RULES_TSUME, 0, 20000, &res, err, sizeof err), TSUME_OK);
    CHECK_STR(err, "");
    CHECK(kind_of(res) == TSUME_RESULT_PROVEN);

    int32_t len = -1, code = 0, verified = -1, minimal = -1, cached = -1;
    CHECK_STATUS(tsume_result_length(res, &len), TSUME_OK);
    CHECK(len == 1);
    CHECK_STATUS(tsume_result_code(res, &code), TSUME_OK);
    CHECK(code == -1); /* shogi has no GNU Go code */
    size_t n = 0;
    CHECK_STATUS(tsume_result_move_count(res, &n), TSUME_OK);
    CHECK(n == 1);
    char *m = NULL;
    CHECK_STATUS(tsume_result_move(res, 0, &m), TSUME_OK);
    CHECK_STR(m, MATE1_MOVE);
    tsume_string_free(m);
    m = (char *)0x1;
    CHECK_STATUS(tsume_result_move(res, 1, &m), TSUME_E_INVALID_ARGUMENT);
    CHECK(m == NULL);
    CHECK_STATUS(tsume_result_move(res, SIZE_MAX, &m), TSUME_E_INVALID_ARGUMENT);
    CHECK_STATUS(tsume_result_move(res, 0, NULL), TSUME_E_INVALID_ARGUMENT);
    CHECK_STATUS(tsume_result_best_move(res, &m), TSUME_OK);
    CHECK_STR(m, MATE1_MOVE);
    tsume_string_free(m);
    char *line = moves_of(res);
    CHECK_STR(line, MATE1_MOVE);
    free(line);

    tsume_stats st;
    memset(&st, 0xff, sizeof st);
    CHECK_STATUS(tsume_result_stats(res, &st), TSUME_OK);
    CHECK(st.expanded >= 1 && st.expanded < 1000000);
    CHECK(st.generated >= 1);
    CHECK(st.time_ms >= 0 && st.time_ms < 20000);
    CHECK(st.hashfull <= 1000);
    CHECK_STATUS(tsume_result_stats(res, NULL), TSUME_E_INVALID_ARGUMENT);
    CHECK_STATUS(tsume_result_flags(res, &verified, &minimal, &cached), TSUME_OK);
    CHECK(verified == 1);
    CHECK(minimal == 1);
    CHECK(cached == 0);
    CHECK_STATUS(tsume_result_flags(res, NULL, NULL, NULL), TSUME_OK);
    CHECK_STATUS(tsume_result_kind_of(res, NULL), TSUME_E_INVALID_ARGUMENT);
    CHECK_STATUS(tsume_result_free(res), TSUME_OK);
    CHECK_STATUS(tsume_result_free(res), TSUME_E_BAD_HANDLE); /* double free */

    /* a longer mate, and moves played first: after them it is a mate in 1 */
    CHECK_STATUS(solve_shogi(s, MATE3_SFEN, NULL, TSUME_RULES_TSUME, 0, 20000, &res, err, sizeof err), TSUME_OK);
    CHECK(kind_of(res) == TSUME_RESULT_PROVEN);
    CHECK_STATUS(tsume_result_length(res, &len), TSUME_OK);
    CHECK(len == 3);
    line = moves_of(res);
    CHECK_STATUS(tsume_result_free(res), TSUME_OK);
    /* play the first two plies of the solution, then it is a mate in 1 */
    char first2[64];
    const char *sp = strchr(line, ' ');
    CHECK(sp != NULL);
    sp = strchr(sp + 1, ' ');
    CHECK(sp != NULL);
    snprintf(first2, sizeof first2, "%.*s", (int)(sp - line), line);
    CHECK_STATUS(solve_shogi(s, MATE3_SFEN, first2, TSUME_RULES_TSUME, 0, 20000, &res, err, sizeof err), TSUME_OK);
    CHECK(kind_of(res) == TSUME_RESULT_PROVEN);
    CHECK_STATUS(tsume_result_length(res, &len), TSUME_OK);
    CHECK(len == 1);
    CHECK_STATUS(tsume_result_best_move(res, &m), TSUME_OK);
    CHECK_STR(m, sp + 1);
    tsume_string_free(m);
    CHECK_STATUS(tsume_result_free(res), TSUME_OK);
    free(line);
    CHECK_STATUS(tsume_solver_free(s), TSUME_OK);
}

static void test_shogi_nomate(void) {
    tsume_solver *s = new_solver(16, 1);
    tsume_result *res = NULL;
    char err[256];
    for (int rules = 0; rules <= 1; rules++) {
        CHECK_STATUS(solve_shogi(s, NOMATE_SFEN, NULL, rules, 0, 20000, &res, err, sizeof err), TSUME_OK);
        CHECK(kind_of(res) == TSUME_RESULT_DISPROVEN);
        int32_t len = -1;
        size_t n = 99;
        CHECK_STATUS(tsume_result_length(res, &len), TSUME_OK);
        CHECK(len == 0);
        CHECK_STATUS(tsume_result_move_count(res, &n), TSUME_OK);
        CHECK(n == 0);
        char *m = NULL;
        CHECK_STATUS(tsume_result_best_move(res, &m), TSUME_OK);
        CHECK_STR(m, "");
        tsume_string_free(m);
        CHECK_STATUS(tsume_result_moves(res, &m), TSUME_OK);
        CHECK_STR(m, "");
        tsume_string_free(m);
        CHECK_STATUS(tsume_result_free(res), TSUME_OK);
    }
    CHECK_STATUS(tsume_solver_free(s), TSUME_OK);
}

static void test_shogi_limits(void) {
    tsume_solver *s = new_solver(16, 1);
    tsume_result *res = NULL;
    char err[256];
    /* a node limit far below what the problem needs: OK, kind UNKNOWN */
    CHECK_STATUS(solve_shogi(s, LONG_SFEN, NULL, TSUME_RULES_TSUME, 10, 0, &res, err, sizeof err), TSUME_OK);
    CHECK(kind_of(res) == TSUME_RESULT_UNKNOWN);
    tsume_stats st;
    CHECK_STATUS(tsume_result_stats(res, &st), TSUME_OK);
    CHECK(st.expanded >= 1 && st.expanded < 1000);
    CHECK_STATUS(tsume_result_free(res), TSUME_OK);
    /* a time limit: returns about on time */
    double t0 = now_ms();
    CHECK_STATUS(solve_shogi(s, LONG_SFEN, NULL, TSUME_RULES_TSUME, 0, 200, &res, err, sizeof err), TSUME_OK);
    double dt = now_ms() - t0;
    CHECK(kind_of(res) == TSUME_RESULT_UNKNOWN);
    if (dt > 3000) FAIL("a 200 ms time limit returned after %.0f ms", dt);
    CHECK_STATUS(tsume_result_free(res), TSUME_OK);
    /* UNKNOWN answers are not cached: the same question searches again */
    CHECK_STATUS(solve_shogi(s, LONG_SFEN, NULL, TSUME_RULES_TSUME, 10, 0, &res, err, sizeof err), TSUME_OK);
    int32_t cached = -1;
    CHECK_STATUS(tsume_result_flags(res, NULL, NULL, &cached), TSUME_OK);
    CHECK(cached == 0);
    CHECK_STATUS(tsume_result_free(res), TSUME_OK);
    CHECK_STATUS(tsume_solver_free(s), TSUME_OK);
}

/* solve_until_cached asks the question until the answer comes from the
 * cache: ristretto's Set is asynchronous and may drop an entry, so a test
 * must not assume the second ask hits. Returns the number of asks. */
static int solve_until_cached(tsume_solver *s, const char *sfen, int32_t rules, const char *want_line) {
    for (int i = 1; i <= 50; i++) {
        tsume_result *res = NULL;
        char err[256];
        CHECK_STATUS(solve_shogi(s, sfen, NULL, rules, 0, 20000, &res, err, sizeof err), TSUME_OK);
        char *line = moves_of(res);
        CHECK_STR(line, want_line);
        free(line);
        int32_t cached = -1;
        CHECK_STATUS(tsume_result_flags(res, NULL, NULL, &cached), TSUME_OK);
        CHECK_STATUS(tsume_result_free(res), TSUME_OK);
        if (cached) return i;
        sleep_ms(1);
    }
    FAIL("the answer never came from the cache");
}

static void test_shogi_cache(void) {
    tsume_solver *s = new_solver(16, 4);
    tsume_result *res = NULL;
    char err[256];
    double t0 = now_ms();
    CHECK_STATUS(solve_shogi(s, MATE3_SFEN, NULL, TSUME_RULES_TSUME, 0, 20000, &res, err, sizeof err), TSUME_OK);
    double first = now_ms() - t0;
    CHECK(kind_of(res) == TSUME_RESULT_PROVEN);
    char *want = moves_of(res);
    tsume_stats st1;
    CHECK_STATUS(tsume_result_stats(res, &st1), TSUME_OK);
    CHECK_STATUS(tsume_result_free(res), TSUME_OK);

    int asks = solve_until_cached(s, MATE3_SFEN, TSUME_RULES_TSUME, want);
    printf("cache hit after %d ask(s)\n", asks);

    /* the cached answer is the same answer, flagged as cached */
    CHECK_STATUS(solve_shogi(s, MATE3_SFEN, NULL, TSUME_RULES_TSUME, 0, 0, &res, err, sizeof err), TSUME_OK);
    CHECK(kind_of(res) == TSUME_RESULT_PROVEN);
    int32_t len, verified, cached;
    CHECK_STATUS(tsume_result_length(res, &len), TSUME_OK);
    CHECK(len == 3);
    CHECK_STATUS(tsume_result_flags(res, &verified, NULL, &cached), TSUME_OK);
    CHECK(cached == 1 && verified == 1);
    CHECK_STATUS(tsume_result_free(res), TSUME_OK);

    /* the cost of one cached call from C, result handle included */
    enum { N = 20000 };
    t0 = now_ms();
    for (int i = 0; i < N; i++) {
        CHECK_STATUS(solve_shogi(s, MATE3_SFEN, NULL, TSUME_RULES_TSUME, 0, 0, &res, err, sizeof err), TSUME_OK);
        CHECK_STATUS(tsume_result_free(res), TSUME_OK);
    }
    double per_call_us = (now_ms() - t0) * 1000 / N;
    printf("first solve %.3f ms (%" PRIu64 " nodes); cached solve + result_free: %.2f us per call\n", first,
           st1.expanded, per_call_us);
    if (per_call_us * 1e-3 >= first) FAIL("a cached call (%.2f us) is not faster than the search (%.3f ms)", per_call_us, first);
    if (per_call_us > 200) FAIL("a cached call costs %.2f us; expected microseconds", per_call_us);

    /* the floor: one accessor call, C -> Go -> C */
    CHECK_STATUS(solve_shogi(s, MATE3_SFEN, NULL, TSUME_RULES_TSUME, 0, 0, &res, err, sizeof err), TSUME_OK);
    int32_t k = 0;
    t0 = now_ms();
    for (int i = 0; i < N; i++) CHECK_STATUS(tsume_result_kind_of(res, &k), TSUME_OK);
    printf("one accessor call (tsume_result_kind_of): %.3f us\n", (now_ms() - t0) * 1000 / N);
    CHECK_STATUS(tsume_result_free(res), TSUME_OK);

    /* other rules, other position or moves: a different question, no hit */
    CHECK_STATUS(solve_shogi(s, MATE3_SFEN, NULL, TSUME_RULES_MATE, 0, 20000, &res, err, sizeof err), TSUME_OK);
    CHECK_STATUS(tsume_result_flags(res, NULL, NULL, &cached), TSUME_OK);
    CHECK(cached == 0);
    CHECK_STATUS(tsume_result_free(res), TSUME_OK);

    /* tsume_solver_clear empties the cache */
    CHECK_STATUS(tsume_solver_clear(s), TSUME_OK);
    CHECK_STATUS(solve_shogi(s, MATE3_SFEN, NULL, TSUME_RULES_TSUME, 0, 20000, &res, err, sizeof err), TSUME_OK);
    CHECK_STATUS(tsume_result_flags(res, NULL, NULL, &cached), TSUME_OK);
    CHECK(cached == 0);
    CHECK_STATUS(tsume_result_free(res), TSUME_OK);

    /* cache_mb 0: never cached */
    tsume_solver *nc = new_solver(8, 0);
    for (int i = 0; i < 3; i++) {
        CHECK_STATUS(solve_shogi(nc, MATE3_SFEN, NULL, TSUME_RULES_TSUME, 0, 20000, &res, err, sizeof err), TSUME_OK);
        CHECK_STATUS(tsume_result_flags(res, NULL, NULL, &cached), TSUME_OK);
        CHECK(cached == 0);
        CHECK_STATUS(tsume_result_free(res), TSUME_OK);
    }
    free(want);
    CHECK_STATUS(tsume_solver_free(nc), TSUME_OK);
    CHECK_STATUS(tsume_solver_free(s), TSUME_OK);
}

/* threads, the proof search's thread count. Two threads must give what one
 * gives: the kind, the proven-minimal length and, for these problems with a
 * single composers' line, the line. The no-mate takes about 4 300
 * expansions, past the one-thread start of a parallel search (2 000), so the
 * second thread really runs there. */
#define THREADS_NOMATE_SFEN "8k/9/9/9/9/9/9/9/9 b B2S 1"
#define THREADS_MATE5_SFEN "4k4/9/4P4/9/9/9/9/9/9 b RB 1"

/* The layout of tsume_shogi_query before reserved and threads were
 * appended: its sizeof is what a caller built against that header passes. */
typedef struct shogi_query_v1 {
    uint32_t struct_size;
    const char *sfen;
    const char *moves;
    int32_t rules;
    int32_t algo;
    uint64_t node_limit;
    uint32_t time_limit_ms;
} shogi_query_v1;

typedef struct shogi_answer {
    int32_t kind, length, verified, minimal;
    char *moves;
} shogi_answer;

/* ask_threads solves sfen on a fresh solver without a cache (so that every
 * ask searches), handing over a copy of the query allocated to struct_size
 * bytes: the sanitizer runs see any read past an old caller's struct. */
static shogi_answer ask_threads(const char *sfen, uint32_t threads, uint32_t struct_size) {
    tsume_solver *s = new_solver(16, 0);
    tsume_shogi_query q = TSUME_SHOGI_QUERY_INIT;
    q.sfen = sfen;
    q.time_limit_ms = 60000;
    q.threads = threads;
    q.struct_size = struct_size;
    void *copy = malloc(struct_size);
    CHECK(copy != NULL);
    memcpy(copy, &q, struct_size < sizeof q ? struct_size : sizeof q);
    tsume_result *res = NULL;
    char err[256];
    tsume_status st = tsume_solve_shogi(s, copy, &res, err, sizeof err);
    free(copy);
    skip_if_not_built(st, err);
    if (st != TSUME_OK)
        FAIL("%s, %u threads, struct_size %u: %s: %s", sfen, threads, struct_size, tsume_status_string(st), err);
    shogi_answer a;
    a.kind = kind_of(res);
    CHECK_STATUS(tsume_result_length(res, &a.length), TSUME_OK);
    CHECK_STATUS(tsume_result_flags(res, &a.verified, &a.minimal, NULL), TSUME_OK);
    a.moves = moves_of(res);
    CHECK_STATUS(tsume_result_free(res), TSUME_OK);
    CHECK_STATUS(tsume_solver_free(s), TSUME_OK);
    return a;
}

static void test_shogi_threads(void) {
    const uint32_t size = (uint32_t)sizeof(tsume_shogi_query);
    const uint32_t old_size = (uint32_t)sizeof(shogi_query_v1);
    /* threads begins past the old struct, or old callers' padding would be read as a count */
    CHECK(offsetof(tsume_shogi_query, threads) >= old_size);
    struct {
        const char *what;
        const char *sfen;
        int32_t want_kind, want_length;
        uint32_t threads, struct_size; /* the ask compared with one thread at the full size */
    } cases[] = {
        {"mate in 3, two threads", MATE3_SFEN, TSUME_RESULT_PROVEN, 3, 2, size},
        {"mate in 5, two threads", THREADS_MATE5_SFEN, TSUME_RESULT_PROVEN, 5, 2, size},
        {"no mate, two threads", THREADS_NOMATE_SFEN, TSUME_RESULT_DISPROVEN, 0, 2, size},
        {"no mate, 0 means one thread", THREADS_NOMATE_SFEN, TSUME_RESULT_DISPROVEN, 0, 0, size},
        /* an old caller: its struct ends before threads, whose 300 must not be read */
        {"mate in 5, old struct_size", THREADS_MATE5_SFEN, TSUME_RESULT_PROVEN, 5, 300, old_size},
        {"no mate, old struct_size", THREADS_NOMATE_SFEN, TSUME_RESULT_DISPROVEN, 0, 300, old_size},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        shogi_answer one = ask_threads(cases[i].sfen, 1, size);
        shogi_answer got = ask_threads(cases[i].sfen, cases[i].threads, cases[i].struct_size);
        printf("%s: one thread %d in %d (%s), asked %d in %d (%s)\n", cases[i].what, one.kind, one.length, one.moves,
               got.kind, got.length, got.moves);
        if (one.kind != cases[i].want_kind || one.length != cases[i].want_length)
            FAIL("%s: one thread gives %d in %d, want %d in %d", cases[i].what, one.kind, one.length,
                 cases[i].want_kind, cases[i].want_length);
        if (got.kind != one.kind || got.length != one.length || got.verified != one.verified ||
            got.minimal != one.minimal || strcmp(got.moves, one.moves) != 0)
            FAIL("%s: %d in %d \"%s\" (verified %d, minimal %d), one thread: %d in %d \"%s\" (%d, %d)",
                 cases[i].what, got.kind, got.length, got.moves, got.verified, got.minimal, one.kind, one.length,
                 one.moves, one.verified, one.minimal);
        if (one.kind == TSUME_RESULT_PROVEN) CHECK(one.verified == 1 && one.minimal == 1);
        free(one.moves);
        free(got.moves);
    }

    /* a count above TSUME_MAX_THREADS, and sizes of neither layout, are refused naming the field */
    tsume_solver *s = new_solver(8, 0);
    char err[256];
    struct {
        const char *what;
        uint32_t threads, struct_size;
        const char *msg;
    } bad[] = {
        {"max + 1", TSUME_MAX_THREADS + 1, size, "threads"},
        {"UINT32_MAX", UINT32_MAX, size, "threads"},
        {"old size - 1", 1, old_size - 1, "struct_size"},
        {"old size + 4", 1, old_size + 4, "struct_size"},
        {"size + 8", 1, size + 8, "struct_size"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        tsume_shogi_query q = TSUME_SHOGI_QUERY_INIT;
        q.sfen = MATE1_SFEN;
        q.threads = bad[i].threads;
        q.struct_size = bad[i].struct_size;
        tsume_result *res = (tsume_result *)0x1;
        tsume_status st = tsume_solve_shogi(s, &q, &res, err, sizeof err);
        if (st != TSUME_E_INVALID_ARGUMENT)
            FAIL("%s: %s (%s), want invalid argument", bad[i].what, tsume_status_string(st), err);
        CHECK(res == NULL);
        CHECK_CONTAINS(err, bad[i].msg);
    }
    /* the largest count is accepted */
    tsume_shogi_query q = TSUME_SHOGI_QUERY_INIT;
    q.sfen = MATE1_SFEN;
    q.threads = TSUME_MAX_THREADS;
    tsume_result *res = NULL;
    CHECK_STATUS(tsume_solve_shogi(s, &q, &res, err, sizeof err), TSUME_OK);
    CHECK(kind_of(res) == TSUME_RESULT_PROVEN);
    CHECK_STATUS(tsume_result_free(res), TSUME_OK);
    CHECK_STATUS(tsume_solver_free(s), TSUME_OK);
}

/* line_node_limit bounds the line search after the first proof. The mate in
 * 3 is found at once, and proving that no mate in 1 exists is the line
 * search's work: a limit of one node leaves the line verified but not
 * minimal, and such an answer must not be cached (a later ask with a
 * larger limit would get it back). A caller built against the header
 * before line_node_limit passes offsetof(tsume_shogi_query,
 * line_node_limit): whatever lies past that size is not read. */
typedef struct line_answer {
    int32_t kind, verified, minimal, cached;
    uint64_t line_nodes, exact_nodes;
    double line_ms;
} line_answer;

static line_answer ask_line(tsume_solver *s, const char *sfen, uint64_t line_node_limit, uint32_t struct_size) {
    tsume_shogi_query q = TSUME_SHOGI_QUERY_INIT;
    q.sfen = sfen;
    q.line_node_limit = line_node_limit;
    q.struct_size = struct_size;
    tsume_result *res = NULL;
    char err[256];
    tsume_status st = tsume_solve_shogi(s, &q, &res, err, sizeof err);
    skip_if_not_built(st, err);
    if (st != TSUME_OK)
        FAIL("%s, line_node_limit %llu, struct_size %u: %s: %s", sfen, (unsigned long long)line_node_limit,
             struct_size, tsume_status_string(st), err);
    line_answer a;
    a.kind = kind_of(res);
    CHECK_STATUS(tsume_result_flags(res, &a.verified, &a.minimal, &a.cached), TSUME_OK);
    CHECK_STATUS(tsume_result_line_stats(res, &a.line_nodes, &a.line_ms, &a.exact_nodes), TSUME_OK);
    CHECK_STATUS(tsume_result_line_stats(res, NULL, NULL, NULL), TSUME_OK);
    CHECK_STATUS(tsume_result_free(res), TSUME_OK);
    return a;
}

static void test_shogi_line_nodes(void) {
    const uint32_t size = (uint32_t)sizeof(tsume_shogi_query);
    const uint32_t v2_size = (uint32_t)offsetof(tsume_shogi_query, line_node_limit);
    CHECK(v2_size >= offsetof(tsume_shogi_query, threads) + sizeof(uint32_t));
    tsume_solver *s = new_solver(16, 16);

    line_answer cut = ask_line(s, MATE3_SFEN, 1, size);
    printf("limit 1: kind %d verified %d minimal %d cached %d, line nodes %llu, exact nodes %llu, %.2f ms\n", cut.kind,
           cut.verified, cut.minimal, cut.cached, (unsigned long long)cut.line_nodes,
           (unsigned long long)cut.exact_nodes, cut.line_ms);
    CHECK(cut.kind == TSUME_RESULT_PROVEN && cut.verified == 1 && cut.minimal == 0 && cut.cached == 0);
    line_answer again = ask_line(s, MATE3_SFEN, 1, size);
    CHECK(again.kind == TSUME_RESULT_PROVEN && again.minimal == 0 && again.cached == 0); /* searched again */

    line_answer full = ask_line(s, MATE3_SFEN, 0, size);
    printf("no limit: minimal %d cached %d, line nodes %llu, exact nodes %llu\n", full.minimal, full.cached,
           (unsigned long long)full.line_nodes, (unsigned long long)full.exact_nodes);
    CHECK(full.kind == TSUME_RESULT_PROVEN && full.minimal == 1 && full.cached == 0);
    CHECK(full.exact_nodes > cut.exact_nodes); /* the minimality proof is line-search work */
    CHECK(full.line_ms > 0 && full.line_nodes > 0);
    /* the finished answer now serves every limit */
    line_answer hit = ask_line(s, MATE3_SFEN, 1, size);
    CHECK(hit.minimal == 1 && hit.cached == 1 && hit.exact_nodes == full.exact_nodes);
    CHECK_STATUS(tsume_solver_free(s), TSUME_OK);

    /* the previous layout: the limit of 1 past its end is not read */
    s = new_solver(16, 0);
    line_answer old = ask_line(s, MATE3_SFEN, 1, v2_size);
    CHECK(old.kind == TSUME_RESULT_PROVEN && old.minimal == 1);
    /* a no-mate and a capture answer have no line work */
    line_answer none = ask_line(s, "8k/9/9/9/9/9/9/9/9 b P 1", 0, size);
    CHECK(none.kind == TSUME_RESULT_DISPROVEN && none.line_nodes == 0 && none.exact_nodes == 0 && none.line_ms == 0);
    /* sizes between the layouts are refused naming the field */
    tsume_shogi_query q = TSUME_SHOGI_QUERY_INIT;
    q.sfen = MATE3_SFEN;
    q.struct_size = v2_size + 4;
    tsume_result *res = (tsume_result *)0x1;
    char err[256];
    CHECK_STATUS(tsume_solve_shogi(s, &q, &res, err, sizeof err), TSUME_E_INVALID_ARGUMENT);
    CHECK(res == NULL);
    CHECK_CONTAINS(err, "struct_size");
    CHECK_STATUS(tsume_result_line_stats(NULL, NULL, NULL, NULL), TSUME_E_INVALID_ARGUMENT);
    CHECK_STATUS(tsume_solver_free(s), TSUME_OK);
}

/* ---- threads: cancellation, busy, concurrency, progress -------------------- */

typedef struct long_solve {
    tsume_solver *solver;
    const char *sfen;
    uint32_t time_limit_ms;
    tsume_status status;
    tsume_result *result;
    char err[256];
    double ms;
} long_solve;

static void *long_solve_thread(void *arg) {
    long_solve *ls = arg;
    tsume_shogi_query q = TSUME_SHOGI_QUERY_INIT;
    q.sfen = ls->sfen;
    q.time_limit_ms = ls->time_limit_ms;
    double t0 = now_ms();
    ls->status = tsume_solve_shogi(ls->solver, &q, &ls->result, ls->err, sizeof ls->err);
    ls->ms = now_ms() - t0;
    return NULL;
}

/* probe_not_built skips when the shogi solver is missing (before threads start). */
static void probe_not_built(tsume_solver *s) {
    tsume_result *res = NULL;
    char err[256];
    CHECK_STATUS(solve_shogi(s, MATE1_SFEN, NULL, 0, 0, 20000, &res, err, sizeof err), TSUME_OK);
    CHECK_STATUS(tsume_result_free(res), TSUME_OK);
}

static void test_cancel(void) {
    tsume_solver *s = new_solver(32, 1);
    probe_not_built(s);
    long_solve ls = {.solver = s, .sfen = LONG_SFEN, .time_limit_ms = 60000};
    pthread_t t;
    CHECK(pthread_create(&t, NULL, long_solve_thread, &ls) == 0);
    sleep_ms(300); /* let the search get going */

    /* while it searches: a second solve is BUSY, free is BUSY, clear is BUSY */
    tsume_result *res = (tsume_result *)0x1;
    char err[256];
    tsume_shogi_query q = TSUME_SHOGI_QUERY_INIT;
    q.sfen = MATE1_SFEN;
    CHECK_STATUS(tsume_solve_shogi(s, &q, &res, err, sizeof err), TSUME_E_BUSY);
    CHECK(res == NULL);
    CHECK_STATUS(tsume_solver_free(s), TSUME_E_BUSY);
    CHECK_STATUS(tsume_solver_clear(s), TSUME_E_BUSY);
    CHECK_STATUS(tsume_solver_set_progress(s, NULL, NULL, 0), TSUME_E_BUSY);
    CHECK_STATUS(tsume_solver_set_phase_progress(s, NULL, NULL, 0, 0), TSUME_E_BUSY);
    uint32_t fill;
    CHECK_STATUS(tsume_solver_table_info(s, &fill, NULL), TSUME_E_BUSY);

    double t0 = now_ms();
    CHECK_STATUS(tsume_cancel(s), TSUME_OK);
    CHECK(pthread_join(t, NULL) == 0);
    double latency = now_ms() - t0;
    printf("search ran %.0f ms; cancel took effect after %.1f ms\n", ls.ms, latency);
    if (ls.status == TSUME_OK) FAIL("LONG_SFEN finished in %.0f ms before the cancel; pick a harder position", ls.ms);
    CHECK_STATUS(ls.status, TSUME_E_CANCELLED);
    CHECK(ls.result != NULL);
    CHECK_CONTAINS(ls.err, "cancel");
    CHECK(kind_of(ls.result) == TSUME_RESULT_UNKNOWN);
    int32_t proven = -1;
    CHECK_STATUS(tsume_result_proven(ls.result, &proven), TSUME_OK);
    CHECK(proven == 0); /* cancelled in the proof phase */
    tsume_stats st;
    CHECK_STATUS(tsume_result_stats(ls.result, &st), TSUME_OK);
    CHECK(st.expanded > 0); /* the statistics so far */
    CHECK_STATUS(tsume_result_free(ls.result), TSUME_OK);
    if (latency > 1000) FAIL("cancel took %.0f ms", latency);

    /* a cancel while idle does not affect the next search */
    CHECK_STATUS(tsume_cancel(s), TSUME_OK);
    CHECK_STATUS(solve_shogi(s, MATE3_SFEN, NULL, 0, 0, 20000, &res, err, sizeof err), TSUME_OK);
    CHECK(kind_of(res) == TSUME_RESULT_PROVEN);
    CHECK_STATUS(tsume_result_free(res), TSUME_OK);
    CHECK_STATUS(tsume_solver_free(s), TSUME_OK);
}

static void test_concurrent_solvers(void) {
    tsume_solver *a = new_solver(16, 0), *b = new_solver(16, 0);
    probe_not_built(a);
    /* both search a long problem with a time limit, at the same time */
    long_solve la = {.solver = a, .sfen = LONG_SFEN, .time_limit_ms = 700};
    long_solve lb = {.solver = b, .sfen = LONG_SFEN, .time_limit_ms = 700};
    pthread_t ta, tb;
    double t0 = now_ms();
    CHECK(pthread_create(&ta, NULL, long_solve_thread, &la) == 0);
    CHECK(pthread_create(&tb, NULL, long_solve_thread, &lb) == 0);
    CHECK(pthread_join(ta, NULL) == 0);
    CHECK(pthread_join(tb, NULL) == 0);
    double wall = now_ms() - t0;
    printf("two solvers: %.0f ms and %.0f ms, wall %.0f ms\n", la.ms, lb.ms, wall);
    CHECK_STATUS(la.status, TSUME_OK);
    CHECK_STATUS(lb.status, TSUME_OK);
    /* they ran in parallel, not one after the other */
    if (wall > la.ms + lb.ms - 300) FAIL("the two searches did not overlap (wall %.0f ms)", wall);
    tsume_stats sa, sb;
    CHECK_STATUS(tsume_result_stats(la.result, &sa), TSUME_OK);
    CHECK_STATUS(tsume_result_stats(lb.result, &sb), TSUME_OK);
    CHECK(sa.expanded > 0 && sb.expanded > 0);
    CHECK_STATUS(tsume_result_free(la.result), TSUME_OK);
    CHECK_STATUS(tsume_result_free(lb.result), TSUME_OK);

    /* and two short mates give the right answers side by side */
    long_solve ma = {.solver = a, .sfen = MATE3_SFEN, .time_limit_ms = 20000};
    long_solve mb = {.solver = b, .sfen = MATE1_SFEN, .time_limit_ms = 20000};
    CHECK(pthread_create(&ta, NULL, long_solve_thread, &ma) == 0);
    CHECK(pthread_create(&tb, NULL, long_solve_thread, &mb) == 0);
    CHECK(pthread_join(ta, NULL) == 0);
    CHECK(pthread_join(tb, NULL) == 0);
    CHECK_STATUS(ma.status, TSUME_OK);
    CHECK_STATUS(mb.status, TSUME_OK);
    int32_t la3 = 0, lb1 = 0;
    CHECK_STATUS(tsume_result_length(ma.result, &la3), TSUME_OK);
    CHECK_STATUS(tsume_result_length(mb.result, &lb1), TSUME_OK);
    CHECK(la3 == 3 && lb1 == 1);
    CHECK_STATUS(tsume_result_free(ma.result), TSUME_OK);
    CHECK_STATUS(tsume_result_free(mb.result), TSUME_OK);
    CHECK_STATUS(tsume_solver_free(a), TSUME_OK);
    CHECK_STATUS(tsume_solver_free(b), TSUME_OK);
}

typedef struct progress_log {
    int calls;
    int wrong_thread;
    int not_increasing;
    uint64_t last_nodes;
    double last_elapsed;
    uint32_t max_hashfull;
    pthread_t solving_thread;
    tsume_solver *solver;
    int cancel_after;
} progress_log;

static void on_progress(const tsume_progress *p, void *user_data) {
    progress_log *log = user_data;
    log->calls++;
    if (!pthread_equal(pthread_self(), log->solving_thread)) log->wrong_thread++;
    if (p->nodes < log->last_nodes || p->elapsed_ms < log->last_elapsed) log->not_increasing++;
    log->last_nodes = p->nodes;
    log->last_elapsed = p->elapsed_ms;
    if (p->hashfull > log->max_hashfull) log->max_hashfull = p->hashfull;
    /* tsume_cancel is the one call allowed on this solver from the callback */
    if (log->cancel_after > 0 && log->calls == log->cancel_after) tsume_cancel(log->solver);
}

static void test_progress(void) {
    tsume_solver *s = new_solver(16, 0);
    probe_not_built(s);
    progress_log log = {.solving_thread = pthread_self(), .solver = s};
    CHECK_STATUS(tsume_solver_set_progress(s, on_progress, &log, 20), TSUME_OK);
    tsume_result *res = NULL;
    char err[256];
    CHECK_STATUS(solve_shogi(s, LONG_SFEN, NULL, 0, 0, 600, &res, err, sizeof err), TSUME_OK);
    tsume_stats st;
    CHECK_STATUS(tsume_result_stats(res, &st), TSUME_OK);
    CHECK_STATUS(tsume_result_free(res), TSUME_OK);
    printf("progress: %d calls in %.0f ms, last %" PRIu64 " nodes, hashfull %u\n", log.calls, st.time_ms,
           log.last_nodes, log.max_hashfull);
    /* about every 20 ms for 600 ms; allow a slow machine a wide margin */
    if (log.calls < 5) FAIL("progress called %d times in a 600 ms search with a 20 ms interval", log.calls);
    if (log.calls > 100) FAIL("progress called %d times: the interval is not honoured", log.calls);
    CHECK(log.wrong_thread == 0);
    CHECK(log.not_increasing == 0);
    CHECK(log.last_nodes > 0 && log.last_nodes <= st.expanded);
    CHECK(log.max_hashfull <= 1000);

    /* cancelling from inside the callback */
    progress_log log2 = {.solving_thread = pthread_self(), .solver = s, .cancel_after = 3};
    CHECK_STATUS(tsume_solver_set_progress(s, on_progress, &log2, 10), TSUME_OK);
    CHECK_STATUS(solve_shogi(s, LONG_SFEN, NULL, 0, 0, 30000, &res, err, sizeof err), TSUME_E_CANCELLED);
    CHECK(log2.calls >= 3 && log2.calls <= 4);
    CHECK_STATUS(tsume_result_free(res), TSUME_OK);

    /* removed: no more calls */
    CHECK_STATUS(tsume_solver_set_progress(s, NULL, NULL, 0), TSUME_OK);
    int before = log2.calls;
    CHECK_STATUS(solve_shogi(s, LONG_SFEN, NULL, 0, 0, 200, &res, err, sizeof err), TSUME_OK);
    CHECK_STATUS(tsume_result_free(res), TSUME_OK);
    CHECK(log2.calls == before);
    CHECK_STATUS(tsume_solver_free(s), TSUME_OK);
}

/* ---- the capture game -------------------------------------------------------- */

static tsume_status solve_capture(tsume_solver *s, const tsume_capture_query *q, tsume_result **out, char *err,
                                  size_t err_len) {
    tsume_status st = tsume_solve_capture(s, q, out, err, err_len);
    skip_if_not_built(st, err);
    return st;
}

static void test_capture_bad_input(void) {
    tsume_solver *s = new_solver(8, 1);
    char err[256];
    tsume_result *res = (tsume_result *)0x1;
    struct {
        const char *what;
        const char *sgf;
        int32_t board_size;
        const char *black, *white, *target;
        int32_t mode, algo, move_number;
        const char *widening;
        tsume_status want;
        const char *msg;
    } cases[] = {
        {"target NULL", NULL, 9, "C3", "D4", NULL, 0, 0, 0, NULL, TSUME_E_INVALID_ARGUMENT, "target"},
        {"board 4", NULL, 4, NULL, "B2", "B2", 0, 0, 0, NULL, TSUME_E_INVALID_ARGUMENT, "board_size"},
        {"board 20", NULL, 20, NULL, "B2", "B2", 0, 0, 0, NULL, TSUME_E_INVALID_ARGUMENT, "board_size"},
        {"mode 2", NULL, 9, NULL, "D4", "D4", 2, 0, 0, NULL, TSUME_E_INVALID_ARGUMENT, "mode"},
        {"algo -1", NULL, 9, NULL, "D4", "D4", 0, -1, 0, NULL, TSUME_E_INVALID_ARGUMENT, "algo"},
        {"sgf and lists", "(;SZ[9]AW[dd])", 9, "C3", NULL, "D4", 0, 0, 0, NULL, TSUME_E_INVALID_ARGUMENT, "sgf"},
        {"negative move number", "(;SZ[9]AW[dd])", 9, NULL, NULL, "D4", 0, 0, -3, NULL, TSUME_E_INVALID_ARGUMENT,
         "move_number"},
        {"bad sgf", "(;SZ[9]AW[dd", 9, NULL, NULL, "D4", 0, 0, 0, NULL, TSUME_E_PARSE, ""},
        {"not sgf", "hello", 9, NULL, NULL, "D4", 0, 0, 0, NULL, TSUME_E_PARSE, ""},
        {"bad target vertex", NULL, 9, NULL, "D4", "Z99", 0, 0, 0, NULL, TSUME_E_PARSE, ""},
        {"target I (no I column)", NULL, 9, NULL, "D4", "I5", 0, 0, 0, NULL, TSUME_E_PARSE, ""},
        {"bad stone list", NULL, 9, "C3 ??", "D4", "D4", 0, 0, 0, NULL, TSUME_E_PARSE, ""},
        {"stone off the board", NULL, 9, "T19", "D4", "D4", 0, 0, 0, NULL, TSUME_E_PARSE, ""},
        {"target empty", NULL, 9, NULL, "D4", "E5", 0, 0, 0, NULL, TSUME_E_ILLEGAL_POSITION, ""},
        {"two stones on a point", NULL, 9, "D4", "D4", "D4", 0, 0, 0, NULL, TSUME_E_ILLEGAL_POSITION, ""},
        {"unknown widening", NULL, 9, NULL, "D4", "D4", 0, TSUME_ALGO_APS, 0, "no-such-strategy",
         TSUME_E_INVALID_ARGUMENT, "no-such-strategy"},
    };
    int skipped = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tsume_capture_query q = TSUME_CAPTURE_QUERY_INIT;
        q.sgf = cases[i].sgf;
        q.board_size = cases[i].board_size;
        q.black = cases[i].black;
        q.white = cases[i].white;
        q.target = cases[i].target;
        q.mode = cases[i].mode;
        q.algo = cases[i].algo;
        q.move_number = cases[i].move_number;
        q.widening = cases[i].widening;
        res = (tsume_result *)0x1;
        tsume_status st = tsume_solve_capture(s, &q, &res, err, sizeof err);
        if (st == TSUME_E_INTERNAL && strstr(err, "not built")) {
            skipped++;
            continue;
        }
        if (st != cases[i].want) FAIL("%s: status %s (%s), want %s", cases[i].what, tsume_status_string(st), err, tsume_status_string(cases[i].want));
        if (res != NULL) FAIL("%s: *out not NULL on failure", cases[i].what);
        CHECK(strlen(err) > 0);
        CHECK_CONTAINS(err, cases[i].msg);
    }
    CHECK_STATUS(tsume_solve_capture(s, NULL, &res, err, sizeof err), TSUME_E_INVALID_ARGUMENT);
    tsume_capture_query q = TSUME_CAPTURE_QUERY_INIT;
    q.struct_size = 0;
    q.target = "D4";
    CHECK_STATUS(tsume_solve_capture(s, &q, &res, err, sizeof err), TSUME_E_INVALID_ARGUMENT);
    CHECK_CONTAINS(err, "struct_size");
    CHECK_STATUS(tsume_solver_free(s), TSUME_OK);
    if (skipped) SKIP("%d capture cases need the capture solver, which is not built yet", skipped);
}

static void test_capture_solve(void) {
    tsume_solver *s = new_solver(16, 1);
    char err[256];
    tsume_result *res = NULL;
    struct {
        const char *what;
        const char *sgf;
        const char *black, *white, *target;
        int32_t mode;
        int32_t algo;
        int32_t want_code;
        const char *want_move; /* NULL: any move */
    } cases[] = {
        /* white D4 in atari (last liberty D5): Black captures at D5 */
        {"atari, attack", NULL, "C4 E4 D3", "D4", "D4", TSUME_CAPTURE_ATTACK, 0, 1, "D5"},
        /* the same with C5 and E5 black too: extending to D5 only leaves D6, White cannot save it */
        {"net, defend", NULL, "C4 E4 D3 C5 E5", "D4", "D4", TSUME_CAPTURE_DEFEND, 0, 0, ""},
        /* a lone stone in the middle of an empty board cannot be captured ... */
        {"open stone, attack", NULL, NULL, "E5", "E5", TSUME_CAPTURE_ATTACK, 0, 0, ""},
        /* ... and is saved: with four liberties GNU Go names a real move (E4), not PASS */
        {"open stone, defend", NULL, NULL, "E5", "E5", TSUME_CAPTURE_DEFEND, 0, 1, "E4"},
        /* the ladder of the C++ example, from SGF: Black captures */
        {"ladder from sgf", "(;FF[4]SZ[9]AB[cf][dg][ee]AW[df])", NULL, NULL, "D4", TSUME_CAPTURE_ATTACK, 0, 1, NULL},
        {"atari, attack, aps explicitly", NULL, "C4 E4 D3", "D4", "D4", TSUME_CAPTURE_ATTACK, TSUME_ALGO_APS, 1, "D5"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tsume_capture_query q = TSUME_CAPTURE_QUERY_INIT;
        q.sgf = cases[i].sgf;
        q.board_size = 9;
        q.black = cases[i].black;
        q.white = cases[i].white;
        q.target = cases[i].target;
        q.mode = cases[i].mode;
        q.algo = cases[i].algo;
        q.time_limit_ms = 20000;
        tsume_status st = solve_capture(s, &q, &res, err, sizeof err);
        if (st != TSUME_OK) FAIL("%s: %s: %s", cases[i].what, tsume_status_string(st), err);
        int32_t code = -9;
        CHECK_STATUS(tsume_result_code(res, &code), TSUME_OK);
        if (code != cases[i].want_code) FAIL("%s: code %d, want %d", cases[i].what, code, cases[i].want_code);
        int32_t kind = kind_of(res);
        int32_t want_kind = code == 0 ? TSUME_RESULT_DISPROVEN : code == 1 ? TSUME_RESULT_PROVEN : TSUME_RESULT_KO;
        if (kind != want_kind) FAIL("%s: kind %d for code %d", cases[i].what, kind, code);
        char *best = NULL;
        CHECK_STATUS(tsume_result_best_move(res, &best), TSUME_OK);
        if (cases[i].want_move && strcmp(best, cases[i].want_move) != 0)
            FAIL("%s: best move %s, want %s", cases[i].what, best, cases[i].want_move);
        if (code > 0 && best[0] == '\0') FAIL("%s: success without a move", cases[i].what);
        /* the first move of the line is the best move */
        size_t n = 0;
        CHECK_STATUS(tsume_result_move_count(res, &n), TSUME_OK);
        if (n > 0) {
            char *m0 = NULL;
            CHECK_STATUS(tsume_result_move(res, 0, &m0), TSUME_OK);
            CHECK_STR(m0, best);
            tsume_string_free(m0);
        }
        tsume_string_free(best);
        CHECK_STATUS(tsume_result_free(res), TSUME_OK);
    }
    CHECK_STATUS(tsume_solver_free(s), TSUME_OK);
}

/* A capture question that stays open for seconds: a white stone on an
 * empty 19x19 board next to two black stones, Black to capture. */
/* A question that runs for many seconds: Abstract Proof Search leaves it
 * open after 20 s (70 M board plays). The test needs a search that is
 * still running when it is cancelled, not a particular algorithm, and
 * df-pn now answers it in 1.4 M plays (under a second), inside the 500 ms
 * of test_capture_progress_cancel on a fast machine. */
static void long_capture_query(tsume_capture_query *q) {
    q->board_size = 19;
    q->black = "J10 K11 M9";
    q->white = "K10";
    q->target = "K10";
    q->mode = TSUME_CAPTURE_ATTACK;
    q->algo = TSUME_ALGO_APS;
}

typedef struct capture_cancel_ctx {
    tsume_solver *solver;
    tsume_status status;
    tsume_result *result;
    double ms;
} capture_cancel_ctx;

static void *capture_thread(void *arg) {
    capture_cancel_ctx *c = arg;
    tsume_capture_query q = TSUME_CAPTURE_QUERY_INIT;
    long_capture_query(&q);
    q.time_limit_ms = 60000;
    char err[256];
    double t0 = now_ms();
    c->status = tsume_solve_capture(c->solver, &q, &c->result, err, sizeof err);
    c->ms = now_ms() - t0;
    return NULL;
}

/* Progress and cancellation work for the capture game too. */
static void test_capture_progress_cancel(void) {
    tsume_solver *s = new_solver(8, 0);
    progress_log log = {.solving_thread = pthread_self(), .solver = s};
    CHECK_STATUS(tsume_solver_set_progress(s, on_progress, &log, 20), TSUME_OK);
    tsume_capture_query q = TSUME_CAPTURE_QUERY_INIT;
    long_capture_query(&q);
    q.time_limit_ms = 500;
    tsume_result *res = NULL;
    char err[256];
    CHECK_STATUS(solve_capture(s, &q, &res, err, sizeof err), TSUME_OK);
    CHECK(kind_of(res) == TSUME_RESULT_UNKNOWN); /* if this ever finishes, pick a harder question */
    int32_t code = 0;
    CHECK_STATUS(tsume_result_code(res, &code), TSUME_OK);
    CHECK(code == -1);
    CHECK_STATUS(tsume_result_free(res), TSUME_OK);
    printf("capture progress: %d calls in 500 ms, last %" PRIu64 " nodes\n", log.calls, log.last_nodes);
    if (log.calls < 5 || log.calls > 50) FAIL("%d progress calls in 500 ms at a 20 ms interval", log.calls);
    CHECK(log.wrong_thread == 0 && log.not_increasing == 0 && log.last_nodes > 0);
    CHECK(log.max_hashfull == 0); /* the capture game has no shared table to fill */

    CHECK_STATUS(tsume_solver_set_progress(s, NULL, NULL, 0), TSUME_OK);
    capture_cancel_ctx c = {.solver = s};
    pthread_t t;
    CHECK(pthread_create(&t, NULL, capture_thread, &c) == 0);
    sleep_ms(200);
    CHECK_STATUS(tsume_cancel(s), TSUME_OK);
    CHECK(pthread_join(t, NULL) == 0);
    CHECK_STATUS(c.status, TSUME_E_CANCELLED);
    CHECK(c.result != NULL && kind_of(c.result) == TSUME_RESULT_UNKNOWN);
    if (c.ms > 1500) FAIL("the cancelled capture search returned after %.0f ms", c.ms);
    CHECK_STATUS(tsume_result_free(c.result), TSUME_OK);
    CHECK_STATUS(tsume_solver_free(s), TSUME_OK);
}

/* The capture game under the core's df-pn, PN* and C*. */
static void test_capture_core_algorithms(void) {
    tsume_solver *s = new_solver(16, 1);
    char err[256];
    tsume_result *res = NULL;
    const int32_t algos[] = {TSUME_ALGO_DFPN, TSUME_ALGO_PNSTAR, TSUME_ALGO_CSTAR};
    for (size_t i = 0; i < sizeof algos / sizeof algos[0]; i++) {
        tsume_capture_query q = TSUME_CAPTURE_QUERY_INIT;
        q.board_size = 9;
        q.black = "C4 E4 D3";
        q.white = "D4";
        q.target = "D4";
        q.algo = algos[i];
        q.time_limit_ms = 20000;
        tsume_status st = solve_capture(s, &q, &res, err, sizeof err);
        if (st == TSUME_E_INVALID_ARGUMENT && strstr(err, "not available")) SKIP("%s", err);
        if (st != TSUME_OK) FAIL("algo %d: %s: %s", algos[i], tsume_status_string(st), err);
        int32_t code = -9;
        CHECK_STATUS(tsume_result_code(res, &code), TSUME_OK);
        CHECK(code == 1);
        char *best = NULL;
        CHECK_STATUS(tsume_result_best_move(res, &best), TSUME_OK);
        CHECK_STR(best, "D5");
        tsume_string_free(best);
        tsume_stats stats;
        CHECK_STATUS(tsume_result_stats(res, &stats), TSUME_OK);
        /* expanded may be 0: the game-definition function gi1 decides this root */
        if (stats.generated == 0)
            FAIL("algo %d: statistics %" PRIu64 " expanded, %" PRIu64 " generated", algos[i], stats.expanded,
                 stats.generated);
        CHECK_STATUS(tsume_result_free(res), TSUME_OK);
    }
    CHECK_STATUS(tsume_solver_free(s), TSUME_OK);
}

/* plays_limit, the effort budget in board plays. The question (can White
 * save L10, next to black K10 and L11, with black N10 a point away, on an
 * otherwise empty 19x19 board?) is first asked of each algorithm without a
 * budget; a third of the plays that took must leave it unknown, and
 * 1 000 000 must answer it. The tiny budget is read from that run, not
 * written down, so that rules that need fewer plays keep the test
 * meaningful (below 30 plays the fixture is too easy, and the test says
 * so). A caller built against the header before plays_limit was appended
 * (struct_size = its offset) is still served, with no play budget. */
static void budget_query(tsume_capture_query *q, int32_t algo, uint64_t plays) {
    q->board_size = 19;
    q->black = "K10 L11 N10";
    q->white = "L10";
    q->target = "L10";
    q->mode = TSUME_CAPTURE_DEFEND;
    q->algo = algo;
    q->plays_limit = plays;
}

#define TINY UINT64_C(1) /* a marker in the cases below, not a budget */

static void test_capture_plays_limit(void) {
    tsume_solver *s = new_solver(8, 0); /* no result cache: every ask searches */
    char err[256];
    tsume_result *res = NULL;
    const int32_t algos[] = {TSUME_ALGO_APS, TSUME_ALGO_DFPN, TSUME_ALGO_PNSTAR};
    struct {
        const char *what;
        uint64_t plays; /* TINY: a third of what the question needs */
        int old_layout; /* 0: this header's struct; 1: an old caller's, allocated to its size;
                           2: old struct_size in a full struct (plays_limit set but not to be read) */
        int32_t want_kind;
        int aps_only; /* the unbudgeted cases are asked of APS only */
    } cases[] = {
        {"tiny budget", TINY, 0, TSUME_RESULT_UNKNOWN, 0},
        {"large budget", 1000000, 0, TSUME_RESULT_PROVEN, 0},
        {"no budget", 0, 0, TSUME_RESULT_PROVEN, 1},
        {"UINT64_MAX: no budget", UINT64_MAX, 0, TSUME_RESULT_PROVEN, 1},
        /* plays_limit is past an old caller's struct_size: its tiny budget must not be read */
        {"old struct_size, field set", TINY, 2, TSUME_RESULT_PROVEN, 1},
        /* an old caller's struct ends where plays_limit begins: the sanitizer runs see any read past it */
        {"old struct_size, old allocation", 0, 1, TSUME_RESULT_PROVEN, 1},
    };
    const size_t old_size = offsetof(tsume_capture_query, plays_limit);
    for (size_t a = 0; a < sizeof algos / sizeof algos[0]; a++) {
        uint64_t need = 0; /* the plays the question takes without a budget */
        {
            tsume_capture_query q = TSUME_CAPTURE_QUERY_INIT;
            budget_query(&q, algos[a], 0);
            q.time_limit_ms = 60000;
            tsume_status st = solve_capture(s, &q, &res, err, sizeof err);
            if (st != TSUME_OK) FAIL("algo %d, no budget: %s: %s", algos[a], tsume_status_string(st), err);
            tsume_stats stats;
            CHECK_STATUS(tsume_result_stats(res, &stats), TSUME_OK);
            if (kind_of(res) != TSUME_RESULT_PROVEN)
                FAIL("algo %d, no budget: kind %d, want the string saved", algos[a], kind_of(res));
            need = stats.generated;
            if (need < 30) FAIL("algo %d: the question takes %" PRIu64 " plays; pick a harder one", algos[a], need);
            CHECK_STATUS(tsume_result_free(res), TSUME_OK);
        }
        const uint64_t tiny = need / 3;
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
            if (cases[i].aps_only && algos[a] != TSUME_ALGO_APS) continue;
            const uint64_t plays = cases[i].plays == TINY ? tiny : cases[i].plays;
            tsume_capture_query q = TSUME_CAPTURE_QUERY_INIT;
            budget_query(&q, algos[a], plays);
            q.time_limit_ms = 60000; /* a guard only: the budgets decide */
            const tsume_capture_query *ask = &q;
            void *old = NULL;
            if (cases[i].old_layout) q.struct_size = (uint32_t)old_size;
            if (cases[i].old_layout == 1) {
                old = malloc(old_size);
                CHECK(old != NULL);
                memcpy(old, &q, old_size);
                ask = old;
            }
            tsume_status st = solve_capture(s, ask, &res, err, sizeof err);
            free(old);
            if (st != TSUME_OK) FAIL("algo %d, %s: %s: %s", algos[a], cases[i].what, tsume_status_string(st), err);
            tsume_stats stats;
            CHECK_STATUS(tsume_result_stats(res, &stats), TSUME_OK);
            int32_t kind = kind_of(res);
            printf("algo %d, %s: kind %d after %" PRIu64 " plays\n", algos[a], cases[i].what, kind, stats.generated);
            if (kind != cases[i].want_kind)
                FAIL("algo %d, %s: kind %d after %" PRIu64 " plays, want %d", algos[a], cases[i].what, kind,
                     stats.generated, cases[i].want_kind);
            if (kind == TSUME_RESULT_UNKNOWN && (stats.generated < tiny / 2 || stats.generated > tiny + tiny / 4 + 100))
                FAIL("algo %d, %s: stopped after %" PRIu64 " plays, not near the budget of %" PRIu64, algos[a],
                     cases[i].what, stats.generated, tiny);
            if (kind == TSUME_RESULT_PROVEN) {
                /* the budget did not change the search */
                if (stats.generated != need)
                    FAIL("algo %d, %s: answered in %" PRIu64 " plays, %" PRIu64 " without a budget", algos[a],
                         cases[i].what, stats.generated, need);
                char *best = NULL;
                CHECK_STATUS(tsume_result_best_move(res, &best), TSUME_OK);
                if (best[0] == '\0') FAIL("algo %d, %s: saved without a move", algos[a], cases[i].what);
                tsume_string_free(best);
            }
            CHECK_STATUS(tsume_result_free(res), TSUME_OK);
        }
    }
    /* sizes other than the two layouts are refused, naming the field */
    const uint32_t bad_sizes[] = {(uint32_t)old_size - 1, (uint32_t)old_size + 1, (uint32_t)sizeof(tsume_capture_query) + 8};
    for (size_t i = 0; i < sizeof bad_sizes / sizeof bad_sizes[0]; i++) {
        tsume_capture_query q = TSUME_CAPTURE_QUERY_INIT;
        budget_query(&q, TSUME_ALGO_APS, 0);
        q.struct_size = bad_sizes[i];
        res = (tsume_result *)0x1;
        CHECK_STATUS(tsume_solve_capture(s, &q, &res, err, sizeof err), TSUME_E_INVALID_ARGUMENT);
        CHECK(res == NULL);
        CHECK_CONTAINS(err, "struct_size");
    }
    CHECK_STATUS(tsume_solver_free(s), TSUME_OK);
}

/* ---- the answer contract, table sizes, multibyte input, capture default ---- */

static char *take(tsume_status (*fn)(const tsume_result *, char **), const tsume_result *r) {
    char *m = NULL;
    CHECK_STATUS(fn(r, &m), TSUME_OK);
    CHECK(m != NULL);
    char *copy = strdup(m);
    tsume_string_free(m);
    return copy;
}

/* check_contract asserts tsume.h's "Answers" on any shogi result: PROVEN
 * only with a verified line; proven 1 with UNKNOWN only with a candidate
 * line and no moves; a candidate only then. Capture results (no verifier)
 * are PROVEN or KO with verified 0 and never have a candidate. */
static void check_contract(const tsume_result *r, const char *what, int shogi) {
    int32_t kind = kind_of(r), verified = -1, minimal = -1, proven = -1, len = -1;
    CHECK_STATUS(tsume_result_flags(r, &verified, &minimal, NULL), TSUME_OK);
    CHECK_STATUS(tsume_result_proven(r, &proven), TSUME_OK);
    CHECK_STATUS(tsume_result_length(r, &len), TSUME_OK);
    char *moves = moves_of(r), *cand = take(tsume_result_candidate, r);
    if (!shogi) {
        if (verified != 0 || cand[0] != '\0' || proven != (kind == TSUME_RESULT_PROVEN || kind == TSUME_RESULT_KO))
            FAIL("%s: capture kind %d with verified %d, proven %d, candidate \"%s\"", what, kind, verified, proven, cand);
        free(moves);
        free(cand);
        return;
    }
    if (kind == TSUME_RESULT_PROVEN && (verified != 1 || proven != 1 || moves[0] == '\0'))
        FAIL("%s: PROVEN with verified %d, proven %d, line \"%s\"", what, verified, proven, moves);
    if (kind != TSUME_RESULT_PROVEN && (verified != 0 || minimal != 0 || len != 0 || moves[0] != '\0'))
        FAIL("%s: kind %d with verified %d, minimal %d, length %d, line \"%s\"", what, kind, verified, minimal, len, moves);
    if (kind == TSUME_RESULT_DISPROVEN && proven != 0) FAIL("%s: DISPROVEN and proven", what);
    if (cand[0] != '\0' && !(kind == TSUME_RESULT_UNKNOWN && proven == 1))
        FAIL("%s: a candidate line \"%s\" with kind %d, proven %d", what, cand, kind, proven);
    free(moves);
    free(cand);
}

static void test_shogi_contract(void) {
    tsume_solver *s = new_solver(16, 0);
    tsume_result *res = NULL;
    char err[256];
    int32_t proven = -1;
    /* a mate: proven, verified, no candidate */
    CHECK_STATUS(solve_shogi(s, MATE3_SFEN, NULL, TSUME_RULES_TSUME, 0, 20000, &res, err, sizeof err), TSUME_OK);
    CHECK(kind_of(res) == TSUME_RESULT_PROVEN);
    CHECK_STATUS(tsume_result_proven(res, &proven), TSUME_OK);
    CHECK(proven == 1);
    check_contract(res, "mate in 3", 1);
    char *cand = take(tsume_result_candidate, res);
    CHECK_STR(cand, "");
    free(cand);
    /* the accessors' argument checks */
    CHECK_STATUS(tsume_result_proven(res, NULL), TSUME_E_INVALID_ARGUMENT);
    CHECK_STATUS(tsume_result_candidate(res, NULL), TSUME_E_INVALID_ARGUMENT);
    CHECK_STATUS(tsume_result_note(res, NULL), TSUME_E_INVALID_ARGUMENT);
    CHECK_STATUS(tsume_result_free(res), TSUME_OK);
    char *m = (char *)0x1;
    CHECK_STATUS(tsume_result_proven(res, &proven), TSUME_E_BAD_HANDLE); /* freed */
    CHECK_STATUS(tsume_result_candidate(NULL, &m), TSUME_E_INVALID_ARGUMENT);
    CHECK_STATUS(tsume_result_note((tsume_result *)s, &m), TSUME_E_BAD_HANDLE); /* a solver, not a result */
    /* a no-mate: not proven */
    CHECK_STATUS(solve_shogi(s, NOMATE_SFEN, NULL, TSUME_RULES_TSUME, 0, 20000, &res, err, sizeof err), TSUME_OK);
    CHECK(kind_of(res) == TSUME_RESULT_DISPROVEN);
    CHECK_STATUS(tsume_result_proven(res, &proven), TSUME_OK);
    CHECK(proven == 0);
    check_contract(res, "no mate", 1);
    CHECK_STATUS(tsume_result_free(res), TSUME_OK);
    /* a node limit: unknown, not proven, and the note says why */
    CHECK_STATUS(solve_shogi(s, LONG_SFEN, NULL, TSUME_RULES_TSUME, 10, 0, &res, err, sizeof err), TSUME_OK);
    CHECK(kind_of(res) == TSUME_RESULT_UNKNOWN);
    CHECK_STATUS(tsume_result_proven(res, &proven), TSUME_OK);
    CHECK(proven == 0);
    check_contract(res, "10 nodes", 1);
    char *note = take(tsume_result_note, res);
    CHECK_CONTAINS(note, "stopped");
    free(note);
    CHECK_STATUS(tsume_result_free(res), TSUME_OK);
    /* time limits from 1 ms up on the mate in 5 and the long problem: every
     * answer, cut wherever it was, keeps the contract */
    const char *sfens[] = {MATE5_SFEN, LONG_SFEN};
    for (size_t i = 0; i < 2; i++) {
        for (uint32_t ms = 1; ms <= 64; ms *= 2) {
            CHECK_STATUS(solve_shogi(s, sfens[i], NULL, TSUME_RULES_TSUME, 0, ms, &res, err, sizeof err), TSUME_OK);
            char what[64];
            snprintf(what, sizeof what, "problem %zu at %u ms", i, ms);
            check_contract(res, what, 1);
            CHECK_STATUS(tsume_result_free(res), TSUME_OK);
            CHECK_STATUS(tsume_solver_clear(s), TSUME_OK);
        }
    }
    CHECK_STATUS(tsume_solver_free(s), TSUME_OK);
}

/* hash_mb: shogi/mate's one rule (1 MiB up to the machine's memory), the
 * figures in the message; 1 MiB is a working table. */
static void test_hash_rule(void) {
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0) SKIP("physical memory unknown");
    uint64_t total_mb = (uint64_t)pages * (uint64_t)page >> 20;
    if (total_mb >= (1u << 20)) SKIP("more memory than the range");
    tsume_solver_options o = TSUME_SOLVER_OPTIONS_INIT;
    tsume_solver *s = NULL;
    char err[256], want[32];
    o.hash_mb = (uint32_t)total_mb + 1;
    o.cache_mb = 0;
    CHECK_STATUS(tsume_solver_new(&o, &s, err, sizeof err), TSUME_E_NO_MEMORY);
    CHECK(s == NULL);
    printf("hash_mb %u: %s\n", o.hash_mb, err);
    CHECK_CONTAINS(err, "hash_mb");
    snprintf(want, sizeof want, "%" PRIu64 " MiB", total_mb + 1);
    CHECK_CONTAINS(err, want);
    snprintf(want, sizeof want, "%" PRIu64 " MiB of memory", total_mb);
    CHECK_CONTAINS(err, want);
    o.hash_mb = 0;
    CHECK_STATUS(tsume_solver_new(&o, &s, err, sizeof err), TSUME_E_INVALID_ARGUMENT);
    CHECK_CONTAINS(err, "hash size 0 MiB");
    o.hash_mb = 1;
    CHECK_STATUS(tsume_solver_new(&o, &s, err, sizeof err), TSUME_OK);
    tsume_result *res = NULL;
    CHECK_STATUS(solve_shogi(s, MATE3_SFEN, NULL, TSUME_RULES_TSUME, 0, 20000, &res, err, sizeof err), TSUME_OK);
    CHECK(kind_of(res) == TSUME_RESULT_PROVEN);
    CHECK_STATUS(tsume_result_free(res), TSUME_OK);
    CHECK_STATUS(tsume_solver_free(s), TSUME_OK);
}

/* valid_utf8 reports whether s is well-formed UTF-8. */
static int valid_utf8(const unsigned char *s) {
    while (*s) {
        int n = *s < 0x80 ? 0 : (*s & 0xe0) == 0xc0 ? 1 : (*s & 0xf0) == 0xe0 ? 2 : (*s & 0xf8) == 0xf0 ? 3 : -1;
        if (n < 0 || (n == 1 && *s < 0xc2)) return 0;
        s++;
        for (int i = 0; i < n; i++, s++)
            if ((*s & 0xc0) != 0x80) return 0;
    }
    return 1;
}

/* Multibyte and invalid bytes in an SFEN: TSUME_E_PARSE, the parser's
 * message passed through unchanged (the Go test TestParseErrorPassesThrough
 * compares it with the parser's own), and an error buffer of any size cut
 * only between characters. */
static void test_parse_multibyte(void) {
    tsume_solver *s = new_solver(4, 0);
    static const char *sfens[] = {
        "4k4/9/4\xc3\xa9" "4/9/9/9/9/9/9 b G 1",        /* e-acute on the board */
        "4k4/9/4P4/9/9/9/9/9/9 b G\xc3\xa9 1",          /* in the hand */
        "4k4/9/4\xff" "4/9/9/9/9/9/9 b G 1",            /* a byte that is not UTF-8 */
    };
    int old_parser = 0;
    for (size_t i = 0; i < sizeof sfens / sizeof sfens[0]; i++) {
        char full[512];
        tsume_result *res = (tsume_result *)0x1;
        CHECK_STATUS(solve_shogi(s, sfens[i], NULL, TSUME_RULES_TSUME, 0, 1000, &res, full, sizeof full), TSUME_E_PARSE);
        CHECK(res == NULL);
        printf("%s\n", full);
        CHECK_CONTAINS(full, "sfen");
        if (!valid_utf8((const unsigned char *)full)) FAIL("the message is not UTF-8: %s", full);
        for (size_t n = 1; n <= strlen(full) + 1; n++) {
            char cut[512];
            memset(cut, 'x', sizeof cut);
            solve_shogi(s, sfens[i], NULL, TSUME_RULES_TSUME, 0, 1000, &res, cut, n);
            if (cut[n - 1] != '\0' && strlen(cut) >= n) FAIL("err_len %zu: not terminated within the buffer", n);
            if (strncmp(cut, full, strlen(cut)) != 0) FAIL("err_len %zu: \"%s\" is not a prefix of \"%s\"", n, cut, full);
            if (!valid_utf8((const unsigned char *)cut)) FAIL("err_len %zu: the cut splits a character: \"%s\"", n, cut);
        }
        if (i < 2 && strstr(full, "\xc3\xa9") == NULL) {
            /* shogi's parser still names the first byte of the character
             * (U+00C3) instead of the character: its fix is not in this tree */
            if (strstr(full, "\xc3\x83") == NULL) FAIL("the message names neither the character nor its first byte: %s", full);
            old_parser = 1;
        }
    }
    CHECK_STATUS(tsume_solver_free(s), TSUME_OK);
    if (old_parser) SKIP("shogi's SFEN parser names the byte 0xC3 as U+00C3, not the character; the pass-through is checked");
}

/* TSUME_ALGO_DEFAULT for the capture game is df-pn: the same answer and
 * the same work as TSUME_ALGO_DFPN under a play budget, other work than
 * APS; a widening strategy is accepted with every algorithm (df-pn and
 * PN* widen the attacker's moves, APS both sides'). */
static void test_capture_default(void) {
    tsume_solver *s = new_solver(8, 0);
    const int32_t algos[] = {TSUME_ALGO_DEFAULT, TSUME_ALGO_DFPN, TSUME_ALGO_APS};
    tsume_stats st[3];
    int32_t kinds[3], proven = -1;
    char err[256];
    for (int i = 0; i < 3; i++) {
        tsume_capture_query q = TSUME_CAPTURE_QUERY_INIT;
        budget_query(&q, algos[i], 200000);
        tsume_result *res = NULL;
        CHECK_STATUS(solve_capture(s, &q, &res, err, sizeof err), TSUME_OK);
        kinds[i] = kind_of(res);
        CHECK_STATUS(tsume_result_stats(res, &st[i]), TSUME_OK);
        CHECK_STATUS(tsume_result_proven(res, &proven), TSUME_OK);
        CHECK(proven == (kinds[i] == TSUME_RESULT_PROVEN || kinds[i] == TSUME_RESULT_KO));
        check_contract(res, "capture", 0);
        CHECK_STATUS(tsume_result_free(res), TSUME_OK);
        printf("algo %d: kind %d, %" PRIu64 " plays, %" PRIu64 " nodes\n", algos[i], kinds[i], st[i].generated, st[i].expanded);
    }
    CHECK(kinds[0] == TSUME_RESULT_PROVEN && kinds[1] == kinds[0]);
    if (st[0].generated != st[1].generated || st[0].expanded != st[1].expanded) FAIL("DEFAULT did not search as DFPN");
    if (st[0].generated == st[2].generated && st[0].expanded == st[2].expanded) FAIL("DEFAULT and APS did the same work");
    tsume_capture_query q = TSUME_CAPTURE_QUERY_INIT;
    budget_query(&q, TSUME_ALGO_DEFAULT, 1000);
    q.widening = "3";
    tsume_result *res = (tsume_result *)0x1;
    CHECK_STATUS(solve_capture(s, &q, &res, err, sizeof err), TSUME_OK);
    CHECK_STATUS(tsume_result_free(res), TSUME_OK);
    q.algo = TSUME_ALGO_APS;
    CHECK_STATUS(solve_capture(s, &q, &res, err, sizeof err), TSUME_OK);
    CHECK_STATUS(tsume_result_free(res), TSUME_OK);
    CHECK_STATUS(tsume_solver_free(s), TSUME_OK);
}

/* Both games on one solver: the table is shared, the answers must not mix. */
static void test_games_share_solver(void) {
    tsume_solver *s = new_solver(16, 1);
    probe_not_built(s);
    char err[256];
    tsume_result *res = NULL;
    for (int round = 0; round < 2; round++) {
        CHECK_STATUS(solve_shogi(s, MATE3_SFEN, NULL, 0, 0, 20000, &res, err, sizeof err), TSUME_OK);
        CHECK(kind_of(res) == TSUME_RESULT_PROVEN);
        CHECK_STATUS(tsume_result_free(res), TSUME_OK);
        tsume_capture_query q = TSUME_CAPTURE_QUERY_INIT;
        q.board_size = 9;
        q.black = "C4 E4 D3";
        q.white = "D4";
        q.target = "D4";
        CHECK_STATUS(solve_capture(s, &q, &res, err, sizeof err), TSUME_OK);
        CHECK(kind_of(res) == TSUME_RESULT_PROVEN);
        CHECK_STATUS(tsume_result_free(res), TSUME_OK);
    }
    CHECK_STATUS(tsume_solver_free(s), TSUME_OK);
}

/* Many threads on one solver and its results: solves (one wins, the others
 * get BUSY), cancels, accessors and frees interleave; nothing may crash,
 * every status must be one the header allows, and every answer right. */
typedef struct stress_ctx {
    tsume_solver *solver;
    int ok, busy, cancelled, bad;
} stress_ctx;

static void *stress_thread(void *arg) {
    stress_ctx *c = arg;
    for (int i = 0; i < 200; i++) {
        tsume_shogi_query q = TSUME_SHOGI_QUERY_INIT;
        q.sfen = (i % 3 == 0) ? MATE3_SFEN : MATE1_SFEN;
        q.rules = i % 2;
        q.time_limit_ms = 5000;
        tsume_result *res = NULL;
        char err[256];
        tsume_status st = tsume_solve_shogi(c->solver, &q, &res, err, sizeof err);
        if (i % 7 == 0) tsume_cancel(c->solver);
        if (st == TSUME_OK) {
            int32_t len = 0;
            if (tsume_result_length(res, &len) != TSUME_OK || len != ((i % 3 == 0) ? 3 : 1)) __atomic_add_fetch(&c->bad, 1, __ATOMIC_SEQ_CST);
            char *m = NULL;
            if (tsume_result_moves(res, &m) != TSUME_OK) __atomic_add_fetch(&c->bad, 1, __ATOMIC_SEQ_CST);
            tsume_string_free(m);
            if (tsume_result_free(res) != TSUME_OK) __atomic_add_fetch(&c->bad, 1, __ATOMIC_SEQ_CST);
            __atomic_add_fetch(&c->ok, 1, __ATOMIC_SEQ_CST);
        } else if (st == TSUME_E_BUSY && res == NULL) {
            __atomic_add_fetch(&c->busy, 1, __ATOMIC_SEQ_CST);
        } else if (st == TSUME_E_CANCELLED && res != NULL) {
            tsume_result_free(res);
            __atomic_add_fetch(&c->cancelled, 1, __ATOMIC_SEQ_CST);
        } else {
            fprintf(stderr, "unexpected: %s: %s\n", tsume_status_string(st), err);
            __atomic_add_fetch(&c->bad, 1, __ATOMIC_SEQ_CST);
        }
    }
    return NULL;
}

static void test_stress(void) {
    stress_ctx c = {.solver = new_solver(8, 0)}; /* no cache: real searches */
    probe_not_built(c.solver);
    pthread_t t[4];
    for (int i = 0; i < 4; i++) CHECK(pthread_create(&t[i], NULL, stress_thread, &c) == 0);
    for (int i = 0; i < 4; i++) CHECK(pthread_join(t[i], NULL) == 0);
    printf("stress: %d ok, %d busy, %d cancelled, %d bad\n", c.ok, c.busy, c.cancelled, c.bad);
    CHECK(c.bad == 0);
    CHECK(c.ok > 0);
    CHECK(c.ok + c.busy + c.cancelled == 800);
    CHECK_STATUS(tsume_solver_free(c.solver), TSUME_OK);
}

/* tsume_shogi_record: KIF and CSA records of a position and a line; bad
 * format, position and moves are refused with a message. */
static void test_shogi_record(void) {
    char err[256];
    char *out = NULL;
    const char *sfen = "7sk/9/7PP/9/9/9/9/9/9 b GS 1";
    CHECK_STATUS(tsume_shogi_record(TSUME_RECORD_KIF, sfen, TSUME_RULES_TSUME, "S*1b 2a1b G*2b", 1, &out, err, sizeof err), TSUME_OK);
    CHECK(strstr(out, "   2 \xe5\x90\x8c\xe3\x80\x80\xe9\x8a\x80(21)") != NULL); /* 同　銀(21) */
    CHECK(strstr(out, "\xe8\xa9\xb0\xe3\x81\xbf") != NULL);                     /* 詰み */
    CHECK(strstr(out, "\xe5\xbe\x8c\xe6\x89\x8b\xe3\x81\xae\xe6\x8c\x81\xe9\xa7\x92\xef\xbc\x9a\xe9\xa3\x9b") != NULL); /* 後手の持駒：飛 (tsume rules: the rest) */
    tsume_string_free(out);
    CHECK_STATUS(tsume_shogi_record(TSUME_RECORD_CSA, sfen, TSUME_RULES_MATE, "S*1b 2a1b G*2b", 1, &out, err, sizeof err), TSUME_OK);
    CHECK(strstr(out, "+0012GI\n-2112GI\n+0022KI\n%TSUMI\n") != NULL);
    tsume_string_free(out);
    CHECK_STATUS(tsume_shogi_record(TSUME_RECORD_SVG, sfen, TSUME_RULES_MATE, "S*1b 2a1b G*2b", 1, &out, err, sizeof err), TSUME_OK);
    CHECK(strncmp(out, "<svg", 4) == 0 && strstr(out, "data-square=\"11\" data-piece=\"k\"") != NULL);
    tsume_string_free(out);
    CHECK_STATUS(tsume_shogi_record(TSUME_RECORD_CSA, sfen, TSUME_RULES_MATE, NULL, 0, &out, err, sizeof err), TSUME_OK);
    CHECK(strstr(out, "TSUMI") == NULL && strstr(out, "P+00KI00GI") != NULL);
    tsume_string_free(out);
    CHECK_STATUS(tsume_shogi_record(TSUME_RECORD_KIF, sfen, 9, "", 0, &out, err, sizeof err), TSUME_E_INVALID_ARGUMENT);
    CHECK_STATUS(tsume_shogi_record(7, sfen, TSUME_RULES_MATE, "", 0, &out, err, sizeof err), TSUME_E_INVALID_ARGUMENT);
    CHECK(strstr(err, "format") != NULL);
    CHECK_STATUS(tsume_shogi_record(TSUME_RECORD_KIF, "not a position", TSUME_RULES_MATE, "", 0, &out, err, sizeof err), TSUME_E_PARSE);
    CHECK_STATUS(tsume_shogi_record(TSUME_RECORD_KIF, sfen, TSUME_RULES_MATE, "S*1b G*2b", 0, &out, err, sizeof err), TSUME_E_ILLEGAL_POSITION);
    CHECK(strstr(err, "move 2") != NULL);
    CHECK_STATUS(tsume_shogi_record(TSUME_RECORD_KIF, sfen, TSUME_RULES_MATE, "", 0, NULL, err, sizeof err), TSUME_E_INVALID_ARGUMENT);
}

/* tsume_shogi_verify: a mate verified, a line with a non-check and one
 * mated only if the defender has no piece to drop (tsume rules give it the
 * spare pieces) rejected, a defender-first line; bad arguments refused. */
static void test_shogi_verify(void) {
    char err[256];
    char *out = NULL;
    const char *sfen = "7sk/9/7PP/9/9/9/9/9/9 b GS 1";
    const char *rook = "8k/6G2/9/9/9/9/9/9/9 b R 1";
    CHECK_STATUS(tsume_shogi_verify(sfen, NULL, TSUME_RULES_TSUME, 0, "S*1b 2a1b G*2b", 0, 0, &out, err, sizeof err), TSUME_OK);
    CHECK(strstr(out, "\"verdict\":\"verified\"") != NULL && strstr(out, "\"length\":3") != NULL);
    tsume_string_free(out);
    CHECK_STATUS(tsume_shogi_verify(sfen, NULL, TSUME_RULES_TSUME, 0, "S*1b 2a1b G*3b", 0, 0, &out, err, sizeof err), TSUME_OK);
    CHECK(strstr(out, "\"verdict\":\"rejected\"") != NULL && strstr(out, "does not give check") != NULL);
    tsume_string_free(out);
    CHECK_STATUS(tsume_shogi_verify(rook, "", TSUME_RULES_MATE, 0, "R*1e", 0, 0, &out, err, sizeof err), TSUME_OK);
    CHECK(strstr(out, "\"verdict\":\"verified\"") != NULL);
    tsume_string_free(out);
    CHECK_STATUS(tsume_shogi_verify(rook, "", TSUME_RULES_TSUME, 0, "R*1e", 0, 0, &out, err, sizeof err), TSUME_OK);
    CHECK(strstr(out, "\"verdict\":\"rejected\"") != NULL);
    tsume_string_free(out);
    CHECK_STATUS(tsume_shogi_verify(sfen, "S*1b", TSUME_RULES_TSUME, 2, "2a1b G*2b", 0, 0, &out, err, sizeof err), TSUME_OK);
    CHECK(strstr(out, "\"verdict\":\"verified\"") != NULL);
    tsume_string_free(out);
    CHECK_STATUS(tsume_shogi_verify(sfen, NULL, 9, 0, "S*1b", 0, 0, &out, err, sizeof err), TSUME_E_INVALID_ARGUMENT);
    CHECK_STATUS(tsume_shogi_verify(sfen, NULL, TSUME_RULES_TSUME, 3, "S*1b", 0, 0, &out, err, sizeof err), TSUME_E_INVALID_ARGUMENT);
    CHECK_STATUS(tsume_shogi_verify(sfen, NULL, TSUME_RULES_TSUME, 0, NULL, 0, 0, &out, err, sizeof err), TSUME_E_INVALID_ARGUMENT);
    CHECK_STATUS(tsume_shogi_verify("not a position", NULL, TSUME_RULES_TSUME, 0, "S*1b", 0, 0, &out, err, sizeof err), TSUME_E_PARSE);
    CHECK_STATUS(tsume_shogi_verify(sfen, NULL, TSUME_RULES_MATE, 0, "S*1b G*2b", 0, 0, &out, err, sizeof err), TSUME_E_ILLEGAL_POSITION);
    CHECK(strstr(err, "move 2") != NULL);
    CHECK_STATUS(tsume_shogi_verify("9/6G2/9/9/9/9/9/9/9 b R 1", NULL, TSUME_RULES_MATE, 0, "R*1e", 0, 0, &out, err, sizeof err), TSUME_E_ILLEGAL_POSITION);
    CHECK(strstr(err, "no king") != NULL);
    CHECK_STATUS(tsume_shogi_verify(sfen, NULL, TSUME_RULES_TSUME, 0, "S*1b", 0, 0, NULL, err, sizeof err), TSUME_E_INVALID_ARGUMENT);
}

/* Shogi under C* (TSUME_ALGO_CSTAR), and tsume_shogi_bestmove: a free rook
 * taken by both best-move searches; bad arguments refused. */
static void test_shogi_cstar_bestmove(void) {
    tsume_solver *s = new_solver(16, 1);
    char err[256];
    tsume_result *res = NULL;
    tsume_shogi_query q = TSUME_SHOGI_QUERY_INIT;
    q.sfen = "7sk/9/7PP/9/9/9/9/9/9 b GS 1";
    q.algo = TSUME_ALGO_CSTAR;
    q.time_limit_ms = 20000;
    tsume_status st = tsume_solve_shogi(s, &q, &res, err, sizeof err);
    skip_if_not_built(st, err);
    if (st != TSUME_OK) FAIL("cstar: %s: %s", tsume_status_string(st), err);
    int32_t len = -1;
    CHECK_STATUS(tsume_result_length(res, &len), TSUME_OK);
    CHECK(len == 3);
    CHECK_STATUS(tsume_result_free(res), TSUME_OK);
    CHECK_STATUS(tsume_solver_free(s), TSUME_OK);

    char *out = NULL;
    const char *rook = "k8/9/9/9/4r4/4S4/9/9/K8 b - 1";
    const int32_t algos[] = {TSUME_BESTMOVE_CSTAR, TSUME_BESTMOVE_ALPHABETA};
    for (size_t i = 0; i < 2; i++) {
        st = tsume_shogi_bestmove(rook, NULL, algos[i], 3, 3, 200000, 20000, &out, err, sizeof err);
        skip_if_not_built(st, err);
        if (st != TSUME_OK) FAIL("bestmove %d: %s: %s", algos[i], tsume_status_string(st), err);
        CHECK_CONTAINS(out, "\"move\":\"5f5e\"");
        CHECK_CONTAINS(out, "\"value\":1500");
        tsume_string_free(out);
    }
    CHECK_STATUS(tsume_shogi_bestmove("startpos", "7g7f", TSUME_BESTMOVE_CSTAR, 2, 0, 5000, 0, &out, err, sizeof err), TSUME_OK);
    CHECK_CONTAINS(out, "\"separation\"");
    tsume_string_free(out);
    CHECK_STATUS(tsume_shogi_bestmove(rook, NULL, 7, 3, 3, 1000, 0, &out, err, sizeof err), TSUME_E_INVALID_ARGUMENT);
    CHECK_STATUS(tsume_shogi_bestmove(rook, NULL, TSUME_BESTMOVE_CSTAR, 65, 3, 1000, 0, &out, err, sizeof err), TSUME_E_INVALID_ARGUMENT);
    CHECK_STATUS(tsume_shogi_bestmove("not a position", NULL, TSUME_BESTMOVE_CSTAR, 3, 3, 1000, 0, &out, err, sizeof err), TSUME_E_PARSE);
    CHECK_STATUS(tsume_shogi_bestmove(rook, NULL, TSUME_BESTMOVE_CSTAR, 3, 3, 1000, 0, NULL, err, sizeof err), TSUME_E_INVALID_ARGUMENT);
}

/* tsume_capture_svg: the board of a capture query with the target ringed
 * and a line numbered; bad queries and vertices are refused. */
static void test_capture_svg(void) {
    char err[256];
    char *out = NULL;
    tsume_capture_query q = TSUME_CAPTURE_QUERY_INIT;
    q.board_size = 9;
    q.black = "C4 E4 D3";
    q.white = "D4";
    q.target = "D4";
    CHECK_STATUS(tsume_capture_svg(&q, "D5", &out, err, sizeof err), TSUME_OK);
    CHECK(strncmp(out, "<svg", 4) == 0);
    CHECK(strstr(out, "class=\"target\" data-vertex=\"D4\"") != NULL);
    CHECK(strstr(out, "class=\"stone\" data-vertex=\"C4\" data-color=\"b\"") != NULL);
    CHECK(strstr(out, "class=\"move\" data-vertex=\"D5\" data-n=\"1\"") != NULL);
    tsume_string_free(out);
    CHECK_STATUS(tsume_capture_svg(&q, "Z99", &out, err, sizeof err), TSUME_E_PARSE);
    q.target = "A1";
    CHECK_STATUS(tsume_capture_svg(&q, NULL, &out, err, sizeof err), TSUME_E_ILLEGAL_POSITION);
    CHECK_STATUS(tsume_capture_svg(&q, NULL, NULL, err, sizeof err), TSUME_E_INVALID_ARGUMENT);
}

/* What the phase-progress callback saw. */
typedef struct phase_log {
    int calls;
    int wrong_thread, wrong_size, wrong_name, not_increasing;
    int per_phase[TSUME_PHASE_OTHER + 1];
    int proof_root;          /* PROOF reports with a root number */
    int line_fields_outside; /* PROOF reports with a line-phase field set */
    int with_length, with_ply, with_best, best_verified;
    int verify_alternatives, verify_settled, verify_counts_wrong, verify_ply_wrong;
    uint32_t last_best;
    double last_elapsed;
    pthread_t solving_thread;
    tsume_solver *solver;
    int cancel_after;
} phase_log;

static const char *const phase_names[] = {"proof", "minimal", "shorten", "line", "repair", "verify"};

static void on_phase_progress(const tsume_phase_progress *p, void *user_data) {
    phase_log *log = user_data;
    log->calls++;
    if (!pthread_equal(pthread_self(), log->solving_thread)) log->wrong_thread++;
    /* every field of this header's layout is there */
    if (p->struct_size != sizeof(tsume_phase_progress) || !TSUME_PHASE_PROGRESS_HAS(p, open)) log->wrong_size++;
    if (p->phase < TSUME_PHASE_PROOF || p->phase > TSUME_PHASE_VERIFY || p->phase_name == NULL ||
        strcmp(p->phase_name, phase_names[p->phase]) != 0) {
        log->wrong_name++;
        return;
    }
    log->per_phase[p->phase]++;
    if (p->elapsed_ms < log->last_elapsed) log->not_increasing++;
    log->last_elapsed = p->elapsed_ms;
    if (p->phase == TSUME_PHASE_PROOF) {
        if (p->root_pn > 0 || p->root_dn > 0) log->proof_root++;
        if (p->length || p->ply || p->alternatives || p->settled || p->open) log->line_fields_outside++;
    }
    if (p->length > 0) log->with_length++;
    if (p->ply > 0) log->with_ply++;
    if (p->best > 0) {
        log->with_best++;
        log->last_best = p->best;
    }
    if (p->best_verified) log->best_verified++;
    if (p->phase == TSUME_PHASE_VERIFY) {
        if (p->alternatives > 0) log->verify_alternatives++;
        if (p->settled > 0) log->verify_settled++;
        /* every alternative met is settled, left open, or the one searched */
        if ((uint64_t)p->settled + p->open + 1 != p->alternatives) log->verify_counts_wrong++;
        if (p->ply >= p->length) log->verify_ply_wrong++;
    }
    if (log->cancel_after > 0 && log->calls == log->cancel_after) tsume_cancel(log->solver);
}

/* tsume_solver_set_phase_progress: every phase reports, with the line
 * search's and the verifier's figures; a struct_size below the first
 * layout is refused and changes nothing; the two kinds of callback replace
 * each other. */
static void test_phase_progress(void) {
    tsume_solver *s = new_solver(64, 0);
    probe_not_built(s);
    tsume_result *res = NULL;
    char err[256];

    /* hostile sizes: 0, tiny, the old struct's, one byte short */
    progress_log old = {.solving_thread = pthread_self(), .solver = s};
    CHECK_STATUS(tsume_solver_set_progress(s, on_progress, &old, 10), TSUME_OK);
    phase_log none = {.solving_thread = pthread_self(), .solver = s};
    size_t bad[] = {0, 1, 4, sizeof(tsume_progress), sizeof(tsume_phase_progress) - 1};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK_STATUS(tsume_solver_set_phase_progress(s, on_phase_progress, &none, 10, bad[i]), TSUME_E_INVALID_ARGUMENT);
    CHECK_STATUS(tsume_solver_set_phase_progress(NULL, on_phase_progress, &none, 10, sizeof(tsume_phase_progress)),
                 TSUME_E_INVALID_ARGUMENT);
    /* the refused calls left the old callback installed */
    CHECK_STATUS(solve_shogi(s, LONG_SFEN, NULL, 0, 0, 200, &res, err, sizeof err), TSUME_OK);
    CHECK_STATUS(tsume_result_free(res), TSUME_OK);
    CHECK(old.calls > 0 && none.calls == 0);

    /* a newer header's larger struct is accepted; reports say what was filled */
    phase_log log = {.solving_thread = pthread_self(), .solver = s};
    CHECK_STATUS(tsume_solver_set_phase_progress(s, on_phase_progress, &log, 10, sizeof(tsume_phase_progress) + 64),
                 TSUME_OK);
    int old_calls = old.calls;
    CHECK_STATUS(solve_shogi(s, LINE_SFEN, NULL, TSUME_RULES_MATE, 0, 60000, &res, err, sizeof err), TSUME_OK);
    CHECK(kind_of(res) == TSUME_RESULT_PROVEN);
    int32_t len = 0;
    CHECK_STATUS(tsume_result_length(res, &len), TSUME_OK);
    CHECK_STATUS(tsume_result_free(res), TSUME_OK);
    printf("phase progress: %d calls (proof %d, minimal %d, shorten %d, line %d, repair %d, verify %d); "
           "length %d ply %d best %d verified %d; verify: alternatives %d settled %d\n",
           log.calls, log.per_phase[0], log.per_phase[1], log.per_phase[2], log.per_phase[3], log.per_phase[4],
           log.per_phase[5], log.with_length, log.with_ply, log.with_best, log.best_verified, log.verify_alternatives,
           log.verify_settled);
    CHECK(old.calls == old_calls); /* replaced */
    CHECK(len == LINE_LENGTH);
    CHECK(log.wrong_thread == 0 && log.wrong_size == 0 && log.wrong_name == 0 && log.not_increasing == 0);
    /* the proof reports its root numbers and no line figures */
    CHECK(log.per_phase[TSUME_PHASE_PROOF] > 0 && log.proof_root > 0 && log.line_fields_outside == 0);
    /* the line search and the verifier report, with their figures */
    int line_calls = log.calls - log.per_phase[TSUME_PHASE_PROOF];
    CHECK(line_calls > 0);
    CHECK(log.with_length > 0 && log.with_best > 0 && log.best_verified > 0);
    CHECK(log.last_best >= (uint32_t)len);
    CHECK(log.per_phase[TSUME_PHASE_VERIFY] > 0);
    CHECK(log.with_ply > 0 && log.verify_alternatives > 0 && log.verify_settled > 0);
    CHECK(log.verify_counts_wrong == 0 && log.verify_ply_wrong == 0);

    /* cancelling from inside the callback */
    CHECK_STATUS(tsume_solver_clear(s), TSUME_OK);
    phase_log log2 = {.solving_thread = pthread_self(), .solver = s, .cancel_after = 1};
    CHECK_STATUS(tsume_solver_set_phase_progress(s, on_phase_progress, &log2, 10, sizeof(tsume_phase_progress)),
                 TSUME_OK);
    CHECK_STATUS(solve_shogi(s, LONG_SFEN, NULL, 0, 0, 30000, &res, err, sizeof err), TSUME_E_CANCELLED);
    CHECK(log2.calls >= 1 && log2.calls <= 2);
    CHECK_STATUS(tsume_result_free(res), TSUME_OK);

    /* the old kind replaces this one; NULL removes either */
    progress_log old2 = {.solving_thread = pthread_self(), .solver = s};
    CHECK_STATUS(tsume_solver_set_progress(s, on_progress, &old2, 10), TSUME_OK);
    CHECK_STATUS(solve_shogi(s, LONG_SFEN, NULL, 0, 0, 100, &res, err, sizeof err), TSUME_OK);
    CHECK_STATUS(tsume_result_free(res), TSUME_OK);
    CHECK(log2.calls <= 2 && old2.calls > 0);
    CHECK_STATUS(tsume_solver_set_phase_progress(s, NULL, NULL, 0, 0), TSUME_OK);
    int before = old2.calls;
    CHECK_STATUS(solve_shogi(s, LONG_SFEN, NULL, 0, 0, 100, &res, err, sizeof err), TSUME_OK);
    CHECK_STATUS(tsume_result_free(res), TSUME_OK);
    CHECK(old2.calls == before);

    /* the capture game reports PROOF */
    phase_log log3 = {.solving_thread = pthread_self(), .solver = s};
    CHECK_STATUS(tsume_solver_set_phase_progress(s, on_phase_progress, &log3, 10, sizeof(tsume_phase_progress)),
                 TSUME_OK);
    tsume_capture_query cq = TSUME_CAPTURE_QUERY_INIT;
    long_capture_query(&cq);
    cq.time_limit_ms = 200;
    CHECK_STATUS(solve_capture(s, &cq, &res, err, sizeof err), TSUME_OK);
    CHECK_STATUS(tsume_result_free(res), TSUME_OK);
    CHECK(log3.calls > 0 && log3.per_phase[TSUME_PHASE_PROOF] == log3.calls && log3.wrong_size == 0);
    CHECK_STATUS(tsume_solver_free(s), TSUME_OK);
}

static const test_case tests[] = {
    {"version", test_version},
    {"status_strings", test_status_strings},
    {"solver_options", test_solver_options},
    {"memory_cap", test_memory_cap},
    {"error_buffer", test_error_buffer},
    {"bad_handles", test_bad_handles},
    {"solver_ops", test_solver_ops},
    {"shogi_bad_input", test_shogi_bad_input},
    {"shogi_mate", test_shogi_mate},
    {"shogi_nomate", test_shogi_nomate},
    {"shogi_limits", test_shogi_limits},
    {"shogi_cache", test_shogi_cache},
    {"shogi_threads", test_shogi_threads},
    {"shogi_line_nodes", test_shogi_line_nodes},
    {"cancel", test_cancel},
    {"concurrent_solvers", test_concurrent_solvers},
    {"progress", test_progress},
    {"phase_progress", test_phase_progress},
    {"capture_bad_input", test_capture_bad_input},
    {"capture_solve", test_capture_solve},
    {"capture_core_algorithms", test_capture_core_algorithms},
    {"capture_progress_cancel", test_capture_progress_cancel},
    {"capture_plays_limit", test_capture_plays_limit},
    {"games_share_solver", test_games_share_solver},
    {"stress", test_stress},
    {"shogi_contract", test_shogi_contract},
    {"hash_rule", test_hash_rule},
    {"parse_multibyte", test_parse_multibyte},
    {"capture_default", test_capture_default},
    {"shogi_record", test_shogi_record},
    {"capture_svg", test_capture_svg},
    {"shogi_cstar_bestmove", test_shogi_cstar_bestmove},
    {"shogi_verify", test_shogi_verify},
};

int main(int argc, char **argv) { return run_tests(tests, sizeof tests / sizeof tests[0], argc, argv); }
