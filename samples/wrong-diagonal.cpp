// A deliberately wrong UVa 11195 solution whose bug only shows on boards
// of side 10 or more: its table of anti-diagonals (r + c) has 17 entries,
// enough for n <= 9, and the index wraps around instead of overflowing, so
// on bigger boards two far-apart anti-diagonals share an entry and some
// solutions are missed. `nqueens stress` with its default sizes (up to 14)
// catches it; with sizes up to 8 it passes. Build:
// g++ -O2 -o wrong-diagonal samples/wrong-diagonal.cpp
#include <cstdio>

static int n;
static unsigned freecells[64];
static bool anti[17];  // BUG: 2n - 1 entries are needed

static long long solve(int row, unsigned cols, unsigned down) {
    if (row == n) return 1;
    long long total = 0;
    for (unsigned left = freecells[row] & ~cols & ~down; left; left &= left - 1) {
        unsigned bit = left & -left;
        int c = __builtin_ctz(bit);
        int a = (row + c) % 17;
        if (anti[a]) continue;
        anti[a] = true;
        total += solve(row + 1, cols | bit, (down | bit) << 1);
        anti[a] = false;
    }
    return total;
}

int main() {
    char line[80];
    for (int k = 1; std::scanf("%d", &n) == 1 && n > 0; k++) {
        for (int r = 0; r < n; r++) {
            std::scanf("%79s", line);
            freecells[r] = 0;
            for (int c = 0; c < n; c++)
                if (line[c] == '.') freecells[r] |= 1u << c;
        }
        std::printf("Case %d: %lld\n", k, solve(0, 0, 0));
    }
}
