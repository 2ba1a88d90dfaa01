// Baseline for UVa 11195: the plain bitmask DFS (row/ld/rd masks, p & -p,
// one free mask per row). Build: g++ -std=c++11 -O2 -o plain plain.cpp
// (n <= 31), or with -DWIDE for 64-bit masks (n <= 64: the big boards of
// the submit bench's `boards` group).
#include <cstdio>

#ifdef WIDE
typedef unsigned long long mask;
#else
typedef unsigned mask;
#endif

static int n;
static mask freeMask[64];  // bit c set: cell (r, c) is free
static mask full;

static long long dfs(int r, mask cols, mask ld, mask rd) {
    if (r == n) return 1;
    long long total = 0;
    mask avail = freeMask[r] & ~(cols | ld | rd) & full;
    while (avail) {
        mask p = avail & -avail;  // lowest set bit
        avail -= p;
        total += dfs(r + 1, cols | p, (ld | p) << 1, (rd | p) >> 1);
    }
    return total;
}

int main() {
    char row[80];
    for (int k = 1; std::scanf("%d", &n) == 1 && n > 0; k++) {
        full = n >= (int)(8 * sizeof(mask)) ? ~(mask)0 : ((mask)1 << n) - 1;
        for (int r = 0; r < n; r++) {
            if (std::scanf("%79s", row) != 1) return 0;
            freeMask[r] = 0;
            for (int c = 0; c < n; c++)
                if (row[c] == '.') freeMask[r] |= (mask)1 << c;
        }
        std::printf("Case %d: %lld\n", k, dfs(0, 0, 0, 0));
    }
    return 0;
}
