/*
 * cancel_latency.c — measures how long tsume_cancel takes to end a shogi
 * search through the C ABI, at many cancel points spread over the phases of
 * one problem (proof, line search, verification). A measurement tool, not a
 * test: it asserts nothing about time; it exits non-zero only when a
 * cancelled call does not return TSUME_E_CANCELLED or breaks the result
 * contract of tsume.h.
 *
 *   cancel_latency FILE [POINTS [TIME_LIMIT_MS [HASH_MB]]]
 *
 * FILE holds the SFEN on its first line and, optionally, USI moves played
 * from it on the second (e.g. a tail of Microcosmos). Each of the POINTS runs
 * (default 50) solves the problem from a cleared table with a time limit of
 * TIME_LIMIT_MS (default 12000), so that the line search stops at its own
 * deadline and leaves the verifier the last quarter; run i is cancelled
 * (i + 0.5) / POINTS of the way through the limit. The progress callback
 * (every 20 ms) tells when the proof ended in that run (its node count
 * restarts when the line search begins), which names the phase of the
 * cancel point: the proof, the line search, or, past the line search's
 * deadline (three quarters of the time the proof left), the verification.
 * The proof's length varies with the machine's load, so the phases of the
 * points do too.
 */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tsume.h"

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void sleep_until(double t) {
    double d = t - now_ms();
    if (d <= 0) return;
    struct timespec ts = {(time_t)(d / 1000), (long)((d - (time_t)(d / 1000) * 1000) * 1e6)};
    nanosleep(&ts, NULL);
}

typedef struct run {
    tsume_solver *solver;
    tsume_shogi_query q;
    double start, end;
    tsume_status status;
    tsume_result *result;
    char err[256];
} run;

static void *solve_thread(void *arg) {
    run *r = arg;
    r->start = now_ms();
    r->status = tsume_solve_shogi(r->solver, &r->q, &r->result, r->err, sizeof r->err);
    r->end = now_ms();
    return NULL;
}

/* proof_end_ms: when the node count of the progress reports first fell. */
typedef struct phase_probe {
    double proof_end;
    uint64_t last;
} phase_probe;

static void on_progress(const tsume_progress *p, void *user) {
    phase_probe *pp = user;
    if (pp->proof_end == 0 && p->nodes < pp->last) pp->proof_end = p->elapsed_ms;
    pp->last = p->nodes;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static char *read_line(FILE *f) {
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    int c;
    while ((c = fgetc(f)) != EOF && c != '\n') {
        if (n + 1 >= cap) buf = realloc(buf, cap *= 2);
        buf[n++] = (char)c;
    }
    buf[n] = 0;
    if (n == 0 && c == EOF) {
        free(buf);
        return NULL;
    }
    return buf;
}

static void summary(const char *name, double *lat, int n) {
    if (n == 0) {
        printf("%-13s   0 points\n", name);
        return;
    }
    qsort(lat, n, sizeof *lat, cmp_double);
    double med = n % 2 ? lat[n / 2] : (lat[n / 2 - 1] + lat[n / 2]) / 2;
    printf("%-13s %3d points: median %7.1f ms, worst %7.1f ms, best %6.1f ms\n", name, n, med, lat[n - 1], lat[0]);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE [POINTS [TIME_LIMIT_MS [HASH_MB]]]\n", argv[0]);
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    char *sfen = read_line(f), *moves = read_line(f);
    fclose(f);
    int points = argc > 2 ? atoi(argv[2]) : 50;
    uint32_t limit = argc > 3 ? (uint32_t)atoi(argv[3]) : 12000;
    tsume_solver_options o = TSUME_SOLVER_OPTIONS_INIT;
    o.hash_mb = argc > 4 ? (uint32_t)atoi(argv[4]) : 256;
    o.cache_mb = 0;
    tsume_solver *s = NULL;
    char err[256];
    if (tsume_solver_new(&o, &s, err, sizeof err) != TSUME_OK) {
        fprintf(stderr, "tsume_solver_new: %s\n", err);
        return 2;
    }
    run base = {.solver = s, .q = TSUME_SHOGI_QUERY_INIT};
    base.q.sfen = sfen;
    base.q.moves = moves;
    base.q.time_limit_ms = limit;

    double *lat[4];
    int nlat[4] = {0};
    const char *names[4] = {"proof", "line search", "verification", "all"};
    for (int k = 0; k < 4; k++) lat[k] = calloc(points, sizeof(double));
    int bad = 0, early = 0;
    setvbuf(stdout, NULL, _IOLBF, 0);
    printf("%5s %9s %9s %-13s %-10s %4s %6s %8s %10s\n", "point", "cancel_ms", "proof_ms", "phase", "status", "kind",
           "proven", "verified", "latency_ms");
    for (int i = 0; i < points; i++) {
        tsume_solver_clear(s);
        double at = (i + 0.5) * limit / points;
        run r = base;
        phase_probe pp = {0};
        tsume_solver_set_progress(s, on_progress, &pp, 20);
        pthread_t t;
        pthread_create(&t, NULL, solve_thread, &r);
        /* solve_thread sets start; wait for it, then for the cancel point */
        while (r.start == 0) sleep_until(now_ms() + 0.1);
        sleep_until(r.start + at);
        double t0 = now_ms();
        tsume_cancel(s);
        pthread_join(t, NULL);
        if (r.end < t0) { /* finished before the cancel: nothing to measure */
            early++;
            if (r.result) tsume_result_free(r.result);
            continue;
        }
        double l = r.end - t0;
        int32_t k = -1, pv = -1, v = -1;
        if (r.result) {
            tsume_result_kind_of(r.result, &k);
            tsume_result_proven(r.result, &pv);
            tsume_result_flags(r.result, &v, NULL, NULL);
            tsume_result_free(r.result);
        }
        double line_end = pp.proof_end + (limit - pp.proof_end) * 3 / 4;
        /* proven says whether the proof was done; the progress reports
         * only where the line search's deadline fell */
        int phase = !pv ? 0 : pp.proof_end > 0 && at >= line_end ? 2 : 1;
        printf("%5d %9.0f %9.0f %-13s %-10s %4d %6d %8d %10.1f\n", i, at, pp.proof_end, names[phase],
               r.status == TSUME_E_CANCELLED ? "CANCELLED" : tsume_status_string(r.status), k, pv, v, l);
        if (r.status != TSUME_E_CANCELLED || r.result == NULL || (k == TSUME_RESULT_PROVEN && v != 1)) {
            printf("      ^ a cancelled call must return TSUME_E_CANCELLED with a result under the contract\n");
            bad++;
        }
        lat[phase][nlat[phase]++] = l;
        lat[3][nlat[3]++] = l;
    }
    printf("tsume_cancel latency (from the call to the solve call's return):\n");
    for (int k = 0; k < 4; k++) summary(names[k], lat[k], nlat[k]);
    if (early) printf("%d runs finished before their cancel point\n", early);
    tsume_solver_free(s);
    free(sfen);
    free(moves);
    return bad ? 1 : 0;
}
