/* consumer.c: the smallest useful program against an installed tsume. */
#include <stdio.h>

#include "tsume.h"

int main(void) {
    if (tsume_abi_version() != TSUME_ABI_VERSION) return 1;
    tsume_solver_options o = TSUME_SOLVER_OPTIONS_INIT;
    o.hash_mb = 4;
    tsume_solver *s = NULL;
    char err[128];
    if (tsume_solver_new(&o, &s, err, sizeof err) != TSUME_OK) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    printf("tsume %s: solver created\n", tsume_version_string());
#ifdef TSUME_HAS_PHASE_PROGRESS
    /* the installed header, library and archive have the TSUME_1.1 function */
    if (tsume_solver_set_phase_progress(s, NULL, NULL, 0, sizeof(tsume_phase_progress)) != TSUME_OK) return 1;
#endif
    return tsume_solver_free(s) == TSUME_OK ? 0 : 1;
}
