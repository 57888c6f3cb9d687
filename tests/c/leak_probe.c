/*
 * leak_probe.c — deliberately leaks strings returned by tsume, to show that
 * the LeakSanitizer run (lsan.c_tests) would catch a leak: ctest expects
 * this program to fail (WILL_FAIL).
 */
#include <stdio.h>
#include <string.h>

#include "tsume.h"

/* leak_one asks for an owned string and forgets to free it. */
static size_t leak_one(tsume_result *r) {
    char *best = NULL;
    if (tsume_result_best_move(r, &best) != TSUME_OK) return 0;
    return strlen(best); /* missing tsume_string_free(best) */
}

int main(void) {
    tsume_solver_options o = TSUME_SOLVER_OPTIONS_INIT;
    o.hash_mb = 4;
    tsume_solver *s = NULL;
    char err[256];
    if (tsume_solver_new(&o, &s, err, sizeof err) != TSUME_OK) return 0; /* a pass would be a failure */
    tsume_shogi_query q = TSUME_SHOGI_QUERY_INIT;
    q.sfen = "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1";
    tsume_result *r = NULL;
    if (tsume_solve_shogi(s, &q, &r, err, sizeof err) != TSUME_OK) {
        /* no shogi solver built in: nothing to leak, so exit 0 (a failure for ctest) */
        fprintf(stderr, "%s\n", err);
        tsume_solver_free(s);
        return 0;
    }
    size_t total = 0;
    for (int i = 0; i < 8; i++) total += leak_one(r);
    printf("leaked %zu bytes on purpose\n", total + 8);
    tsume_result_free(r);
    tsume_solver_free(s);
    return 0;
}
