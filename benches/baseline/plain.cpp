// Baseline for UVa 11195: the plain bitmask DFS (row/ld/rd masks, p & -p,
// one free mask per row). Build: g++ -std=c++11 -O2 -o plain plain.cpp
#include <cstdio>

static int n;
static unsigned freeMask[32];  // bit c set: cell (r, c) is free
static unsigned full;

static long long dfs(int r, unsigned cols, unsigned ld, unsigned rd) {
    if (r == n) return 1;
    long long total = 0;
    unsigned avail = freeMask[r] & ~(cols | ld | rd) & full;
    while (avail) {
        unsigned p = avail & -avail;  // lowest set bit
        avail -= p;
        total += dfs(r + 1, cols | p, (ld | p) << 1, (rd | p) >> 1);
    }
    return total;
}

int main() {
    char row[64];
    for (int k = 1; std::scanf("%d", &n) == 1 && n > 0; k++) {
        full = (1u << n) - 1;
        for (int r = 0; r < n; r++) {
            if (std::scanf("%63s", row) != 1) return 0;
            freeMask[r] = 0;
            for (int c = 0; c < n; c++)
                if (row[c] == '.') freeMask[r] |= 1u << c;
        }
        std::printf("Case %d: %lld\n", k, dfs(0, 0, 0, 0));
    }
    return 0;
}
