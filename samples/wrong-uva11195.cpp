// A deliberately wrong UVa 11195 solution, for trying `nqueens stress`:
// it reads the rows but forgets the obstacles ('*'), so it counts the
// blank board. Build: g++ -O2 -o wrong demo/wrong-uva11195.cpp
#include <cstdio>

static int n;
static long long solve(int row, unsigned cols, unsigned down, unsigned up) {
    if (row == n) return 1;
    long long total = 0;
    unsigned all = (1u << n) - 1;
    for (unsigned free = all & ~(cols | down | up); free; free &= free - 1) {
        unsigned bit = free & -free;
        total += solve(row + 1, cols | bit, (down | bit) << 1, (up | bit) >> 1);
    }
    return total;
}

int main() {
    char row[64];
    for (int k = 1; std::scanf("%d", &n) == 1 && n > 0; k++) {
        for (int r = 0; r < n; r++) std::scanf("%63s", row);  // BUG: ignored
        std::printf("Case %d: %lld\n", k, solve(0, 0, 0, 0));
    }
}
