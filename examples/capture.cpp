// capture: ask the Go capture question through the C ABI from C++.
//
//   tsume_capture_example
//
// A white stone in a ladder on an empty 9x9 board: can Black capture it,
// moving first? Small RAII wrappers keep every handle and string freed.
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>

#include "tsume.h"

namespace {

struct SolverDeleter {
    void operator()(tsume_solver *s) const { tsume_solver_free(s); }
};
struct ResultDeleter {
    void operator()(tsume_result *r) const { tsume_result_free(r); }
};
using Solver = std::unique_ptr<tsume_solver, SolverDeleter>;
using Result = std::unique_ptr<tsume_result, ResultDeleter>;

// take copies a string returned by tsume and releases the original.
std::string take(char *s) {
    std::string out = s ? s : "";
    tsume_string_free(s);
    return out;
}

Solver make_solver(uint32_t hash_mb) {
    tsume_solver_options opts = TSUME_SOLVER_OPTIONS_INIT;
    opts.hash_mb = hash_mb;
    tsume_solver *s = nullptr;
    char err[256];
    if (tsume_solver_new(&opts, &s, err, sizeof err) != TSUME_OK) throw std::runtime_error(err);
    return Solver(s);
}

}  // namespace

int main() {
    try {
        Solver solver = make_solver(32);

        tsume_capture_query q = TSUME_CAPTURE_QUERY_INIT;
        q.board_size = 9;
        q.black = "C4 D3 E5";  // the white stone at D4 has two liberties, D5 and E4
        q.white = "D4";
        q.target = "D4";
        q.mode = TSUME_CAPTURE_ATTACK;
        q.plays_limit = 1000000;  // effort budget in board plays: the same answer on any machine
        q.time_limit_ms = 10000;  // wall-clock guard on top

        tsume_result *raw = nullptr;
        char err[256];
        tsume_status st = tsume_solve_capture(solver.get(), &q, &raw, err, sizeof err);
        if (st != TSUME_OK) {
            std::fprintf(stderr, "tsume_solve_capture: %s: %s\n", tsume_status_string(st), err);
            return 2;
        }
        Result res(raw);

        int32_t code = -1;
        tsume_result_code(res.get(), &code);
        char *best = nullptr, *line = nullptr;
        tsume_result_best_move(res.get(), &best);
        tsume_result_moves(res.get(), &line);
        std::string best_move = take(best), pv = take(line);

        static const char *const words[] = {"saved", "captured", "captured by ko", "captured by ko (needs a threat)"};
        std::printf("attack D4: %d %s (%s)\n", code, best_move.c_str(), code >= 0 && code <= 3 ? words[code] : "unknown");
        std::printf("line: %s\n", pv.c_str());
        return code > 0 ? 0 : 1;
    } catch (const std::exception &e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return 2;
    }
}
