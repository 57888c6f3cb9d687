// test_static.cpp — a C++ program linking libtsume.a (tsume::tsume_static).
//
// Checks that the header works from C++ (extern "C", the INIT macros), that
// the archive links and runs without libtsume.so, and a solve through RAII
// wrappers when the shogi solver is built in.
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <string>

#include "positions.h"
#include "tsume.h"

namespace {

int failures = 0;

#define EXPECT(cond)                                                        \
    do {                                                                    \
        if (!(cond)) {                                                      \
            std::fprintf(stderr, "%s:%d: FAIL: %s\n", __FILE__, __LINE__, #cond); \
            failures++;                                                     \
        }                                                                   \
    } while (0)

struct SolverFree {
    void operator()(tsume_solver *s) const { EXPECT(tsume_solver_free(s) == TSUME_OK); }
};
struct ResultFree {
    void operator()(tsume_result *r) const { EXPECT(tsume_result_free(r) == TSUME_OK); }
};
struct StringFree {
    void operator()(char *s) const { tsume_string_free(s); }
};

// loaded reports whether a shared libtsume is mapped into this process.
bool shared_libtsume_loaded() {
    std::ifstream maps("/proc/self/maps");
    std::string line;
    while (std::getline(maps, line))
        if (line.find("libtsume.so") != std::string::npos) return true;
    return false;
}

}  // namespace

int main() {
    EXPECT(tsume_abi_version() == TSUME_ABI_VERSION);
    EXPECT(!shared_libtsume_loaded());

    tsume_solver_options opts = TSUME_SOLVER_OPTIONS_INIT;
    opts.hash_mb = 8;
    tsume_solver *raw = nullptr;
    char err[256];
    EXPECT(tsume_solver_new(&opts, &raw, err, sizeof err) == TSUME_OK);
    std::unique_ptr<tsume_solver, SolverFree> solver(raw);

    // an error path from C++
    tsume_shogi_query bad = TSUME_SHOGI_QUERY_INIT;
    tsume_result *res = nullptr;
    EXPECT(tsume_solve_shogi(solver.get(), &bad, &res, err, sizeof err) == TSUME_E_INVALID_ARGUMENT);
    EXPECT(res == nullptr);
    EXPECT(std::strstr(err, "sfen") != nullptr);

    // the phase-progress callback from C++: a captureless lambda, the
    // struct_size check macro, and the archive exports the function
    int reports = 0;
    tsume_phase_progress_fn on_progress = [](const tsume_phase_progress *p, void *user) {
        if (TSUME_PHASE_PROGRESS_HAS(p, open)) ++*static_cast<int *>(user);
    };
    EXPECT(tsume_solver_set_phase_progress(solver.get(), on_progress, &reports, 10, sizeof(tsume_phase_progress)) ==
           TSUME_OK);
    EXPECT(tsume_solver_set_phase_progress(solver.get(), on_progress, &reports, 10, sizeof(tsume_progress)) ==
           TSUME_E_INVALID_ARGUMENT);

    tsume_shogi_query q = TSUME_SHOGI_QUERY_INIT;
    q.sfen = MATE1_SFEN;
    q.time_limit_ms = 20000;
    tsume_status st = tsume_solve_shogi(solver.get(), &q, &res, err, sizeof err);
    if (st == TSUME_E_INTERNAL && std::strstr(err, "not built")) {
        std::printf("static archive links and runs; solve skipped: %s\n", err);
        return failures ? 1 : 0;
    }
    EXPECT(st == TSUME_OK);
    if (st == TSUME_OK) {
        std::unique_ptr<tsume_result, ResultFree> result(res);
        int32_t kind = -1;
        EXPECT(tsume_result_kind_of(result.get(), &kind) == TSUME_OK && kind == TSUME_RESULT_PROVEN);
        char *m = nullptr;
        EXPECT(tsume_result_best_move(result.get(), &m) == TSUME_OK);
        std::unique_ptr<char, StringFree> best(m);
        EXPECT(best && std::string(best.get()) == MATE1_MOVE);
        std::printf("static archive: %s -> %s\n", MATE1_SFEN, best ? best.get() : "(none)");
    } else {
        std::fprintf(stderr, "solve: %s: %s\n", tsume_status_string(st), err);
    }
    return failures ? 1 : 0;
}
