/*
 * test_hostile_progress.c — hostile uses of tsume_solver_set_phase_progress
 * and tsume_solver_set_progress: a callback that calls back into the
 * library (free, clear, table info, set either callback, solve again on the
 * same solver and on another), cancels twice, sleeps while another thread
 * cancels; threads; the capture game; two solvers on two threads. Every
 * call a callback makes on its own solver must be refused (TSUME_E_BUSY)
 * without a crash or a deadlock, and the solve must still end with an
 * honest answer.
 *
 * `test_hostile_progress NAME` runs one test, no name runs all.
 */
#include <pthread.h>
#include <stdint.h>
#include <time.h>

#include "tsume.h"
#include "harness.h"
#include "positions.h"

static tsume_solver *new_solver(uint32_t hash_mb) {
    tsume_solver_options o = TSUME_SOLVER_OPTIONS_INIT;
    o.hash_mb = hash_mb;
    tsume_solver *s = NULL;
    char err[256];
    if (tsume_solver_new(&o, &s, err, sizeof err) != TSUME_OK) FAIL("tsume_solver_new: %s", err);
    return s;
}

static void sleep_ms(int ms) {
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static tsume_status solve(tsume_solver *s, const char *sfen, int32_t rules, uint32_t ms, uint32_t threads,
                          tsume_result **out) {
    tsume_shogi_query q = TSUME_SHOGI_QUERY_INIT;
    q.sfen = sfen;
    q.rules = rules;
    q.time_limit_ms = ms;
    q.threads = threads;
    char err[256];
    return tsume_solve_shogi(s, &q, out, err, sizeof err);
}

static int32_t kind(const tsume_result *r) {
    int32_t k = -1;
    CHECK_STATUS(tsume_result_kind_of(r, &k), TSUME_OK);
    return k;
}

/* A callback that tries every call on its own solver. */
typedef struct reenter {
    tsume_solver *solver, *other;
    pthread_t thread;
    int calls, wrong_thread, not_busy, other_failed, cancels_at;
    int phases_seen[8];
} reenter;

static void ignore_phase(const tsume_phase_progress *p, void *u) { (void)p, (void)u; }
static void ignore_old(const tsume_progress *p, void *u) { (void)p, (void)u; }

static void reenter_all(reenter *r) {
    r->calls++;
    if (!pthread_equal(pthread_self(), r->thread)) r->wrong_thread++;
    tsume_solver *s = r->solver;
    tsume_result *res = (tsume_result *)0x1;
    uint32_t fill;
    if (tsume_solver_free(s) != TSUME_E_BUSY) r->not_busy++;
    if (tsume_solver_clear(s) != TSUME_E_BUSY) r->not_busy++;
    if (tsume_solver_table_info(s, &fill, NULL) != TSUME_E_BUSY) r->not_busy++;
    if (tsume_solver_prefault(s) != TSUME_E_BUSY) r->not_busy++;
    if (tsume_solver_set_phase_progress(s, ignore_phase, NULL, 10, sizeof(tsume_phase_progress)) != TSUME_E_BUSY)
        r->not_busy++;
    if (tsume_solver_set_phase_progress(s, NULL, NULL, 0, 0) != TSUME_E_BUSY) r->not_busy++;
    if (tsume_solver_set_progress(s, ignore_old, NULL, 10) != TSUME_E_BUSY) r->not_busy++;
    if (solve(s, MATE1_SFEN, 0, 1000, 1, &res) != TSUME_E_BUSY || res != NULL) r->not_busy++;
    tsume_capture_query cq = TSUME_CAPTURE_QUERY_INIT;
    cq.board_size = 9;
    cq.black = "D5 F5 E4";
    cq.white = "E5";
    cq.target = "E5";
    res = (tsume_result *)0x1;
    char err[256];
    if (tsume_solve_capture(s, &cq, &res, err, sizeof err) != TSUME_E_BUSY || res != NULL) r->not_busy++;
    if (r->other && r->calls == 1) {
        /* the library is re-entered on another, idle solver: it answers */
        res = NULL;
        if (solve(r->other, MATE3_SFEN, 0, 10000, 1, &res) != TSUME_OK || kind(res) != TSUME_RESULT_PROVEN)
            r->other_failed++;
        if (res) tsume_result_free(res);
    }
    if (r->cancels_at > 0 && r->calls >= r->cancels_at) {
        CHECK_STATUS(tsume_cancel(s), TSUME_OK);
        CHECK_STATUS(tsume_cancel(s), TSUME_OK); /* twice is harmless */
    }
}

static void on_phase(const tsume_phase_progress *p, void *u) {
    reenter *r = u;
    if (p->phase >= 0 && p->phase < 8) r->phases_seen[p->phase]++;
    reenter_all(r);
}

static void on_old(const tsume_progress *p, void *u) {
    (void)p;
    reenter_all(u);
}

/* Every call into the library from a callback on its own solver is BUSY,
 * in every phase of a shogi search (the line search and verifier too) and
 * with either kind of callback; a solve on another solver from inside the
 * callback answers; the search's answer is still the verified mate. */
static void test_reenter(void) {
    tsume_solver *s = new_solver(64), *other = new_solver(16);
    for (int kind_i = 0; kind_i < 2; kind_i++) {
        reenter r = {.solver = s, .other = other, .thread = pthread_self()};
        if (kind_i == 0)
            CHECK_STATUS(tsume_solver_set_phase_progress(s, on_phase, &r, 10, sizeof(tsume_phase_progress)), TSUME_OK);
        else
            CHECK_STATUS(tsume_solver_set_progress(s, on_old, &r, 10), TSUME_OK);
        CHECK_STATUS(tsume_solver_clear(s), TSUME_OK);
        tsume_result *res = NULL;
        CHECK_STATUS(solve(s, LINE_SFEN, TSUME_RULES_MATE, 60000, 1, &res), TSUME_OK);
        int32_t len = 0, verified = 0;
        CHECK(kind(res) == TSUME_RESULT_PROVEN);
        CHECK_STATUS(tsume_result_length(res, &len), TSUME_OK);
        CHECK_STATUS(tsume_result_flags(res, &verified, NULL, NULL), TSUME_OK);
        CHECK(len == LINE_LENGTH && verified == 1);
        CHECK_STATUS(tsume_result_free(res), TSUME_OK);
        printf("reenter (%s): %d calls, proof %d, verify %d\n", kind_i == 0 ? "phase" : "old", r.calls,
               r.phases_seen[TSUME_PHASE_PROOF], r.phases_seen[TSUME_PHASE_VERIFY]);
        CHECK(r.calls > 0 && r.wrong_thread == 0 && r.not_busy == 0 && r.other_failed == 0);
        if (kind_i == 0) CHECK(r.phases_seen[TSUME_PHASE_VERIFY] > 0);
    }
    /* idle again: everything works */
    CHECK_STATUS(tsume_solver_set_phase_progress(s, NULL, NULL, 0, 0), TSUME_OK);
    CHECK_STATUS(tsume_solver_clear(s), TSUME_OK);
    CHECK_STATUS(tsume_solver_free(other), TSUME_OK);
    CHECK_STATUS(tsume_solver_free(s), TSUME_OK);
}

/* Cancelling from the callback at its N-th call, for N in 1..6, in
 * whichever phase that lands: the solve ends CANCELLED with an unknown
 * answer or with the verified mate (the cancel came after the line was
 * verified), or finishes with it; never a mate without a verified line;
 * then the solver works. */
static void test_cancel_each_call(void) {
    tsume_solver *s = new_solver(64);
    for (int n = 1; n <= 6; n++) {
        reenter r = {.solver = s, .thread = pthread_self(), .cancels_at = n};
        CHECK_STATUS(tsume_solver_set_phase_progress(s, on_phase, &r, 10, sizeof(tsume_phase_progress)), TSUME_OK);
        CHECK_STATUS(tsume_solver_clear(s), TSUME_OK);
        tsume_result *res = NULL;
        tsume_status st = solve(s, LINE_SFEN, TSUME_RULES_MATE, 60000, 1, &res);
        CHECK(res != NULL);
        int32_t k = kind(res), verified = 0;
        CHECK_STATUS(tsume_result_flags(res, &verified, NULL, NULL), TSUME_OK);
        if (st == TSUME_E_CANCELLED)
            CHECK(k == TSUME_RESULT_UNKNOWN || k == TSUME_RESULT_PROVEN);
        else
            CHECK(st == TSUME_OK && k == TSUME_RESULT_PROVEN);
        if (k == TSUME_RESULT_PROVEN) CHECK(verified == 1);
        CHECK(r.not_busy == 0);
        CHECK_STATUS(tsume_result_free(res), TSUME_OK);
    }
    CHECK_STATUS(tsume_solver_set_phase_progress(s, NULL, NULL, 0, 0), TSUME_OK);
    tsume_result *res = NULL;
    CHECK_STATUS(solve(s, MATE3_SFEN, 0, 10000, 1, &res), TSUME_OK);
    CHECK(kind(res) == TSUME_RESULT_PROVEN);
    CHECK_STATUS(tsume_result_free(res), TSUME_OK);
    CHECK_STATUS(tsume_solver_free(s), TSUME_OK);
}

/* A slow callback (it sleeps) while another thread cancels and tries to
 * free the solver: the free is BUSY until the solve returns, then OK. */
typedef struct slow {
    tsume_solver *solver;
    int calls;
    volatile int in_callback;
} slow;

static void on_slow(const tsume_phase_progress *p, void *u) {
    (void)p;
    slow *sl = u;
    sl->calls++;
    __atomic_store_n(&sl->in_callback, 1, __ATOMIC_SEQ_CST);
    sleep_ms(50);
    __atomic_store_n(&sl->in_callback, 0, __ATOMIC_SEQ_CST);
}

typedef struct solve_thread_arg {
    tsume_solver *solver;
    const char *sfen;
    uint32_t threads;
    tsume_status status;
    tsume_result *result;
} solve_thread_arg;

static void *solve_thread(void *p) {
    solve_thread_arg *a = p;
    a->status = solve(a->solver, a->sfen, 0, 60000, a->threads, &a->result);
    return NULL;
}

static void test_slow_callback_cancel(void) {
    for (uint32_t threads = 1; threads <= 2; threads++) {
        tsume_solver *s = new_solver(32);
        slow sl = {.solver = s};
        CHECK_STATUS(tsume_solver_set_phase_progress(s, on_slow, &sl, 10, sizeof(tsume_phase_progress)), TSUME_OK);
        solve_thread_arg a = {.solver = s, .sfen = LONG_SFEN, .threads = threads};
        pthread_t t;
        CHECK(pthread_create(&t, NULL, solve_thread, &a) == 0);
        for (int i = 0; i < 400 && !__atomic_load_n(&sl.in_callback, __ATOMIC_SEQ_CST); i++) sleep_ms(5);
        CHECK(__atomic_load_n(&sl.in_callback, __ATOMIC_SEQ_CST)); /* cancel while the callback runs */
        CHECK_STATUS(tsume_solver_free(s), TSUME_E_BUSY);
        CHECK_STATUS(tsume_cancel(s), TSUME_OK);
        CHECK_STATUS(tsume_solver_set_progress(s, NULL, NULL, 0), TSUME_E_BUSY);
        CHECK(pthread_join(t, NULL) == 0);
        CHECK_STATUS(a.status, TSUME_E_CANCELLED);
        CHECK(a.result != NULL && kind(a.result) == TSUME_RESULT_UNKNOWN);
        CHECK_STATUS(tsume_result_free(a.result), TSUME_OK);
        CHECK_STATUS(tsume_solver_free(s), TSUME_OK);
        CHECK_STATUS(tsume_solver_free(s), TSUME_E_BAD_HANDLE);
    }
}

/* Two solvers searching on two threads, each with its own callback and
 * user data (and one with two search threads): no report reaches the
 * wrong callback or the wrong thread, and the struct is whole. */
typedef struct tagged {
    int tag;
    pthread_t thread;
    int calls, wrong;
    double last;
} tagged;

static void on_tagged(const tsume_phase_progress *p, void *u) {
    tagged *t = u;
    t->calls++;
    if (!pthread_equal(pthread_self(), t->thread)) t->wrong++;
    if (p->struct_size != sizeof(tsume_phase_progress) || p->phase_name == NULL) t->wrong++;
    if (p->elapsed_ms < t->last) t->wrong++;
    t->last = p->elapsed_ms;
}

typedef struct tagged_run {
    tsume_solver *solver;
    tagged tag;
    uint32_t threads;
    tsume_status status;
} tagged_run;

static void *tagged_thread(void *p) {
    tagged_run *r = p;
    r->tag.thread = pthread_self();
    CHECK_STATUS(tsume_solver_set_phase_progress(r->solver, on_tagged, &r->tag, 10, sizeof(tsume_phase_progress)),
                 TSUME_OK);
    tsume_result *res = NULL;
    r->status = solve(r->solver, LONG_SFEN, 0, 400, r->threads, &res);
    if (res) tsume_result_free(res);
    return NULL;
}

static void test_two_solvers(void) {
    tagged_run a = {.solver = new_solver(16), .tag = {.tag = 1}, .threads = 1};
    tagged_run b = {.solver = new_solver(16), .tag = {.tag = 2}, .threads = 2};
    pthread_t ta, tb;
    CHECK(pthread_create(&ta, NULL, tagged_thread, &a) == 0);
    CHECK(pthread_create(&tb, NULL, tagged_thread, &b) == 0);
    CHECK(pthread_join(ta, NULL) == 0 && pthread_join(tb, NULL) == 0);
    printf("two solvers: %d and %d calls\n", a.tag.calls, b.tag.calls);
    CHECK(a.status == TSUME_OK && b.status == TSUME_OK);
    CHECK(a.tag.calls > 0 && b.tag.calls > 0 && a.tag.wrong == 0 && b.tag.wrong == 0);
    CHECK_STATUS(tsume_solver_free(a.solver), TSUME_OK);
    CHECK_STATUS(tsume_solver_free(b.solver), TSUME_OK);
}

/* The capture game through the phase callback: PROOF reports only, with
 * no line figures; the callback's re-entries are BUSY; a cancel from it
 * ends the question CANCELLED (never a code claiming an answer). */
static void test_capture(void) {
    tsume_solver *s = new_solver(16);
    reenter r = {.solver = s, .thread = pthread_self(), .cancels_at = 3};
    CHECK_STATUS(tsume_solver_set_phase_progress(s, on_phase, &r, 10, sizeof(tsume_phase_progress)), TSUME_OK);
    tsume_capture_query q = TSUME_CAPTURE_QUERY_INIT;
    q.board_size = 19;
    q.black = "J10 K11 M9";
    q.white = "K10";
    q.target = "K10";
    q.mode = TSUME_CAPTURE_ATTACK;
    q.algo = TSUME_ALGO_APS;
    q.time_limit_ms = 20000;
    tsume_result *res = NULL;
    char err[256];
    tsume_status st = tsume_solve_capture(s, &q, &res, err, sizeof err);
    printf("capture: status %d, %d calls, proof %d\n", (int)st, r.calls, r.phases_seen[TSUME_PHASE_PROOF]);
    CHECK(r.not_busy == 0 && r.wrong_thread == 0);
    CHECK(r.calls == r.phases_seen[TSUME_PHASE_PROOF]);
    if (r.calls >= 3) {
        CHECK_STATUS(st, TSUME_E_CANCELLED);
        CHECK(kind(res) == TSUME_RESULT_UNKNOWN);
    }
    if (res) CHECK_STATUS(tsume_result_free(res), TSUME_OK);
    CHECK_STATUS(tsume_solver_free(s), TSUME_OK);
}

/* Hostile struct sizes: any size from this header's layout up (a newer
 * header's, up to SIZE_MAX) is accepted and each report says what the
 * library filled; every size below it is refused and leaves the callback
 * that was installed. */
typedef struct sized {
    int calls, wrong;
} sized;

static void on_sized(const tsume_phase_progress *p, void *u) {
    sized *z = u;
    z->calls++;
    if (p->struct_size != sizeof(tsume_phase_progress) || p->phase != TSUME_PHASE_PROOF) z->wrong++;
}

static void test_sizes(void) {
    tsume_solver *s = new_solver(16);
    size_t good[] = {sizeof(tsume_phase_progress), sizeof(tsume_phase_progress) + 1, (size_t)1 << 40, SIZE_MAX};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        sized z = {0};
        CHECK_STATUS(tsume_solver_set_phase_progress(s, on_sized, &z, 10, good[i]), TSUME_OK);
        for (size_t bad = 0; bad < sizeof(tsume_phase_progress); bad += 7)
            CHECK_STATUS(tsume_solver_set_phase_progress(s, ignore_phase, NULL, 10, bad), TSUME_E_INVALID_ARGUMENT);
        CHECK_STATUS(tsume_solver_clear(s), TSUME_OK);
        tsume_result *res = NULL;
        CHECK_STATUS(solve(s, LONG_SFEN, 0, 150, 1, &res), TSUME_OK);
        CHECK(kind(res) == TSUME_RESULT_UNKNOWN);
        CHECK_STATUS(tsume_result_free(res), TSUME_OK);
        CHECK(z.calls > 0 && z.wrong == 0); /* the refused calls left on_sized installed */
    }
    CHECK_STATUS(tsume_solver_free(s), TSUME_OK);
}

int main(int argc, char **argv) {
    static const test_case tests[] = {
        {"reenter", test_reenter},
        {"cancel_each_call", test_cancel_each_call},
        {"slow_callback_cancel", test_slow_callback_cancel},
        {"two_solvers", test_two_solvers},
        {"capture", test_capture},
        {"sizes", test_sizes},
    };
    return run_tests(tests, sizeof tests / sizeof tests[0], argc, argv);
}
