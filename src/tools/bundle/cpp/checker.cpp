// USACO 1.5.4 "Checker Challenge" / Luogu P1219: for an N x N board (input:
// N), print the first 3 placements of N non-attacking queens in lexicographic
// order (the 1-based column of the queen of each row), then their number.
//
// How: a bitmask search (one queen per row; column / diagonal masks), lowest
// column first, so solutions come in lexicographic order. Mirror symmetry
// halves the count: a solution whose row-0 queen is left of the middle pairs
// with its mirror image on the right, so the left half is counted twice and
// the middle column (odd N) once; the right half is searched only while fewer
// than 3 solutions have been printed (tiny N).
//
// Compile: g++ -std=c++11 -O2 -Wall -Wextra -o checker checker.cpp
// USACO_FILE_IO 1: read checker.in and write checker.out (USACO training).
#define USACO_FILE_IO 0
#include <cstdio>

static int n;
static unsigned freeMask[32];  // cells allowed in each row (row 0: the columns tried)
static int col[32];            // column of the queen of each row, while searching
static int printed;            // solutions printed so far (at most 3)

static void print(int lastCol) {
    for (int r = 0; r < n; r++) printf(r ? " %d" : "%d", (r == n - 1 ? lastCol : col[r]) + 1);
    printf("\n");
    printed++;
}

// Solutions below row r, given the used columns and the cells of row r
// attacked along the two diagonals (ld/rd shift one column per row, so a
// queen's diagonal moves with the rows). The last row is counted by popcount,
// and its solutions are printed while fewer than 3 have been.
static long long search(int r, unsigned cols, unsigned ld, unsigned rd) {
    unsigned avail = freeMask[r] & ~(cols | ld | rd);
    if (r == n - 1) {
        for (unsigned a = avail; a && printed < 3; a &= a - 1) print(__builtin_ctz(a));
        return __builtin_popcount(avail);
    }
    long long total = 0;
    while (avail) {
        unsigned p = avail & (0u - avail);  // lowest set bit: two's complement keeps only it
        avail ^= p;
        col[r] = __builtin_ctz(p);
        total += search(r + 1, cols | p, (ld | p) << 1, (rd | p) >> 1);
    }
    return total;
}

int main() {
#if USACO_FILE_IO
    if (!freopen("checker.in", "r", stdin) || !freopen("checker.out", "w", stdout)) return 1;
#endif
    if (scanf("%d", &n) != 1 || n < 1 || n > 31) return 0;
    unsigned full = n == 32 ? ~0u : (1u << n) - 1;
    for (int r = 0; r < n; r++) freeMask[r] = full;
    long long total = 0;
    for (int c = 0; c < n; c++) {
        bool left = 2 * c < n - 1, middle = 2 * c == n - 1;
        if (!left && !middle && printed == 3) break;  // mirrors: counted already
        freeMask[0] = 1u << c;
        long long found = search(0, 0, 0, 0);
        total += left ? 2 * found : middle ? found : 0;
    }
    printf("%lld\n", total);
    return 0;
}
