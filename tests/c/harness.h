/*
 * harness.h — a tiny test harness for the C tests of libtsume.
 *
 * Each test is a function registered in a table; `prog NAME` runs one test
 * (ctest registers every name separately), `prog` runs all. A test returns
 * through CHECK failures (exit 1) or SKIP (exit 77, ctest's skip code).
 */
#ifndef TSUME_TEST_HARNESS_H
#define TSUME_TEST_HARNESS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SKIP_CODE 77

#define FAIL(...)                                                    \
    do {                                                             \
        fprintf(stderr, "%s:%d: FAIL: ", __FILE__, __LINE__);        \
        fprintf(stderr, __VA_ARGS__);                                \
        fprintf(stderr, "\n");                                       \
        exit(1);                                                     \
    } while (0)

#define CHECK(cond)                                                  \
    do {                                                             \
        if (!(cond)) FAIL("%s", #cond);                              \
    } while (0)

#define CHECK_STATUS(expr, want)                                                             \
    do {                                                                                     \
        tsume_status got_ = (expr);                                                          \
        if (got_ != (want))                                                                  \
            FAIL("%s returned %d (%s), want %d (%s)", #expr, (int)got_, tsume_status_string(got_), \
                 (int)(want), tsume_status_string(want));                                    \
    } while (0)

#define CHECK_STR(got, want)                                                         \
    do {                                                                             \
        const char *g_ = (got), *w_ = (want);                                        \
        if (g_ == NULL || strcmp(g_, w_) != 0) FAIL("%s = \"%s\", want \"%s\"", #got, g_ ? g_ : "(null)", w_); \
    } while (0)

#define CHECK_CONTAINS(got, part)                                                    \
    do {                                                                             \
        const char *g_ = (got), *p_ = (part);                                        \
        if (g_ == NULL || strstr(g_, p_) == NULL) FAIL("%s = \"%s\" does not mention \"%s\"", #got, g_ ? g_ : "(null)", p_); \
    } while (0)

#define SKIP(...)                                                    \
    do {                                                             \
        fprintf(stderr, "SKIP: ");                                   \
        fprintf(stderr, __VA_ARGS__);                                \
        fprintf(stderr, "\n");                                       \
        exit(SKIP_CODE);                                             \
    } while (0)

typedef struct test_case {
    const char *name;
    void (*fn)(void);
} test_case;

/* run_tests runs the tests named on the command line in order, or every
 * test when none is named. */
static inline int run_tests(const test_case *tests, size_t n, int argc, char **argv) {
    if (argc > 1) {
        for (int a = 1; a < argc; a++) {
            size_t i = 0;
            while (i < n && strcmp(tests[i].name, argv[a]) != 0) i++;
            if (i == n) {
                fprintf(stderr, "no test named %s\n", argv[a]);
                return 2;
            }
            tests[i].fn();
            printf("ok %s\n", tests[i].name);
        }
        return 0;
    }
    for (size_t i = 0; i < n; i++) {
        tests[i].fn();
        printf("ok %s\n", tests[i].name);
    }
    return 0;
}

#endif
