/*
 * solve_tsume: solve one tsume-shogi problem through the C ABI.
 *
 *   tsume_solve_example ["SFEN" [time_limit_ms]]
 *
 * Without arguments it solves a mate in 3. Prints the answer, the solution
 * in USI notation and the search statistics; exits 0 when a mate was found.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "tsume.h"

/* Mate in 3 with two golds in hand: G*6c, then the second gold mates. */
static const char *const default_sfen = "9/3k5/9/3P5/9/9/9/9/9 b 2G 1";

int main(int argc, char **argv) {
    const char *sfen = argc > 1 ? argv[1] : default_sfen;
    char err[256];

    if (tsume_abi_version() != TSUME_ABI_VERSION) {
        fprintf(stderr, "libtsume ABI %u, this program was built for %d\n", tsume_abi_version(), TSUME_ABI_VERSION);
        return 2;
    }

    tsume_solver_options opts = TSUME_SOLVER_OPTIONS_INIT;
    opts.hash_mb = 64;
    tsume_solver *solver = NULL;
    if (tsume_solver_new(&opts, &solver, err, sizeof err) != TSUME_OK) {
        fprintf(stderr, "tsume_solver_new: %s\n", err);
        return 2;
    }

    tsume_shogi_query q = TSUME_SHOGI_QUERY_INIT;
    q.sfen = sfen;
    q.rules = TSUME_RULES_TSUME;
    q.time_limit_ms = argc > 2 ? (uint32_t)strtoul(argv[2], NULL, 10) : 10000;

    tsume_result *res = NULL;
    tsume_status st = tsume_solve_shogi(solver, &q, &res, err, sizeof err);
    if (st != TSUME_OK) {
        fprintf(stderr, "tsume_solve_shogi: %s: %s\n", tsume_status_string(st), err);
        tsume_solver_free(solver);
        return 2;
    }

    int32_t kind = 0, length = 0, verified = 0, minimal = 0;
    char *moves = NULL;
    tsume_stats stats;
    tsume_result_kind_of(res, &kind);
    tsume_result_length(res, &length);
    tsume_result_flags(res, &verified, &minimal, NULL);
    tsume_result_moves(res, &moves);
    tsume_result_stats(res, &stats);

    printf("sfen    %s\n", sfen);
    printf("result  %s\n", kind == TSUME_RESULT_PROVEN      ? "mate"
                           : kind == TSUME_RESULT_DISPROVEN ? "nomate"
                                                            : "unknown");
    if (kind == TSUME_RESULT_PROVEN) { /* a mate always comes with a verified line */
        printf("length  %d (%s, %s)\n", length, minimal ? "proven minimal" : "minimality not proven",
               verified ? "verified" : "not verified");
        printf("moves   %s\n", moves);
    } else {
        /* UNKNOWN may still say that a mate was proven; its line did not
         * pass the verifier, so it is not printed as an answer */
        int32_t proven = 0;
        char *note = NULL;
        tsume_result_proven(res, &proven);
        tsume_result_note(res, &note);
        if (proven) printf("proven  a mate, but no line passed the verifier\n");
        if (note && note[0]) printf("note    %s\n", note);
        tsume_string_free(note);
    }
    printf("nodes   %" PRIu64 " expanded, %" PRIu64 " generated, %.1f ms, %.0f nodes/s\n", stats.expanded,
           stats.generated, stats.time_ms, stats.nodes_per_second);

    tsume_string_free(moves);
    tsume_result_free(res);
    tsume_solver_free(solver);
    return kind == TSUME_RESULT_PROVEN ? 0 : 1;
}
