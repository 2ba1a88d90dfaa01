// UVa 11195 / ZeroJudge d757 "Another n-Queen Problem": count the ways to put
// n non-attacking queens on the free cells ('.') of an n x n board ('*' is
// blocked). Input: cases "n" + n rows, ended by "0" or end of file.
//
// How: every board is counted by a bitmask search (column / diagonal masks,
// 64 bits: any n <= 64). Per size n the program then picks the cheaper of
//  * direct search: the board is turned into the one of its 8 orientations
//    whose search tree is smallest (sizes estimated by random probes), and a
//    left-right symmetric board searches only the left half of its first row;
//    or, where that costs less (big boards with obstacles), the search that
//    fills next the open row with the fewest choices (by rows or columns);
//  * solution index (n >= 10, when the direct searches of that size would cost
//    more than building it): the blank board's solutions are enumerated once
//    (by symmetry classes, see below), each cell keeps a bitset of the
//    solutions using it, and a board's count is the number of solutions
//    outside the union of its blocked cells' bitsets.
// Boards equal up to rotation/reflection are solved once. A size above 64
// ends the input with an error (stderr, exit 1) after every earlier answer.
//
// Compile: g++ -std=c++11 -O2 -Wall -Wextra -o uva11195 uva11195.cpp
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>
using namespace std;

typedef unsigned long long u64;
typedef u64 Mask;       // bit c = column c of one row
const int MAXN = 64;    // widest board (the judge's and nqueens' limit)
const int INDEX_MAXN = 15;

// Bits set in x, in a few arithmetic steps: the judges' g++ lines name no
// -mpopcnt, and __builtin_popcountll is then a library call (17% of the
// most-constrained search's time).
static int popcount(u64 x) {
    x -= x >> 1 & 0x5555555555555555ULL;
    x = (x & 0x3333333333333333ULL) + (x >> 2 & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return (int)(x * 0x0101010101010101ULL >> 56);
}
static int lowestBit(Mask x) { return __builtin_ctzll(x); }

struct Board {
    int n;
    Mask row[MAXN];  // free cells of each row
    bool operator<(const Board& o) const {
        return n != o.n ? n < o.n : memcmp(row, o.row, sizeof(Mask) * n) < 0;
    }
    Mask full() const { return n == 64 ? ~0ULL : (1ULL << n) - 1; }
};

// The 8 symmetries of the square: cell (r, c) goes to image(k, r, c).
static void image(int k, int n, int r, int c, int& r2, int& c2) {
    if (k & 4) { int t = r; r = c; c = t; }  // transpose
    if (k & 2) r = n - 1 - r;                // flip rows
    if (k & 1) c = n - 1 - c;                // mirror columns
    r2 = r; c2 = c;
}

static Board turn(const Board& b, int k) {
    Board t; t.n = b.n;
    memset(t.row, 0, sizeof t.row);
    for (int r = 0; r < b.n; r++)
        for (int c = 0; c < b.n; c++)
            if (b.row[r] >> c & 1) {
                int r2, c2;
                image(k, b.n, r, c, r2, c2);
                t.row[r2] |= 1ULL << c2;
            }
    return t;
}

static bool mirrorSymmetric(const Board& b) {
    Board m = turn(b, 1);
    return memcmp(m.row, b.row, sizeof(Mask) * b.n) == 0;
}

// The one search: places a queen on each row of `free` top-down. `cols` holds
// the used columns; `ld`/`rd` the cells of this row attacked along the two
// diagonals (shifted by one column per row, so a queen's diagonal moves with
// the rows). COLLECT = false counts (on the last row one column is left, so
// it adds 0 or 1); COLLECT = true hands every solution (col[r]) to `leaf`.
struct Search {
    int n;
    const Mask* free;
    int col[MAXN];
    u64 count;
    void (*leaf)(const int* col, int n);

    template <bool COLLECT>
    void run(int r, Mask cols, Mask ld, Mask rd) {
        Mask avail = free[r] & ~(cols | ld | rd);
        if (r == n - 1) {
            if (!COLLECT) { count += avail != 0; return; }  // one column is left
            for (; avail; avail &= avail - 1) { col[r] = lowestBit(avail); leaf(col, n); }
            return;
        }
        while (avail) {
            Mask p = avail & (0 - avail);  // lowest set bit: two's complement keeps only it
            avail ^= p;
            if (COLLECT) col[r] = lowestBit(p);
            run<COLLECT>(r + 1, cols | p, (ld | p) << 1, (rd | p) >> 1);
        }
    }
};

static u64 countSolutions(const Board& b) {
    Search s; s.n = b.n; s.free = b.row; s.count = 0; s.leaf = 0;
    s.run<false>(0, 0, 0, 0);
    return s.count;
}

static void enumerateSolutions(const Board& b, void (*leaf)(const int*, int)) {
    Search s; s.n = b.n; s.free = b.row; s.count = 0; s.leaf = leaf;
    s.run<true>(0, 0, 0, 0);
}

// A left-right symmetric board: solutions whose first queen is left of the
// middle pair up with their mirror images, so count the left half twice and
// the middle column (odd n) once.
static u64 countDirect(const Board& b, bool symmetric) {
    if (!symmetric) return countSolutions(b);
    Board h = b;
    Mask left = (1ULL << (b.n / 2)) - 1;
    h.row[0] = b.row[0] & left;
    u64 total = 2 * countSolutions(h);
    if (b.n & 1) {
        h.row[0] = b.row[0] & (1ULL << (b.n / 2));
        total += countSolutions(h);
    }
    return total;
}

// Knuth's estimate of the search tree's size: walk random root-to-leaf paths;
// a node reached through branchings of sizes k1..kd stands for k1*...*kd nodes.
static u64 rngState = 88172645463325252ULL;
static unsigned nextRandom() {
    rngState ^= rngState << 13; rngState ^= rngState >> 7; rngState ^= rngState << 17;
    return (unsigned)(rngState >> 32);
}

static double estimateNodes(const Board& b, int probes) {
    double total = 0;
    for (int i = 0; i < probes; i++) {
        Mask cols = 0, ld = 0, rd = 0;
        double weight = 1;
        for (int r = 0; r < b.n; r++) {
            Mask avail = b.row[r] & ~(cols | ld | rd);
            int k = popcount(avail);
            if (k == 0) break;
            weight *= k;
            total += weight;
            for (int skip = nextRandom() % k; skip > 0; skip--) avail &= avail - 1;
            Mask p = avail & (0 - avail);
            cols |= p; ld = (ld | p) << 1; rd = (rd | p) >> 1;
        }
    }
    return total / probes;
}


// Most-constrained row first (big boards with obstacles, where the order
// top to bottom is what makes a search slow): rows are filled in any order,
// at every node the open row with the fewest choices next. Each open row
// keeps its own choices (free, and attacked by no queen placed so far);
// placing a queen in row r clears, in a row d rows away, its column and the
// cells d columns to either side. A node is dead when a row has no choice
// left or a free column can no longer be reached by any open row.
struct Slot { int row; Mask avail; };
struct Constrained {
    Mask full;
    Slot slot[MAXN + 1][MAXN];  // per depth: the open rows and their choices
    double rows;                 // for estimates: open rows examined

    // The open rows of `s` (k of them, none empty, row `best` the fewest
    // choices) once a queen is at bit p of row s[best].row, into `t`: their
    // number, or -1 when the node is dead. `next`: the new fewest.
    int child(const Slot* s, int k, int best, Mask p, Mask cols, Slot* t, int& next) const {
        int r = s[best].row, m = 0, fewest = 65;
        Mask reach = 0;
        for (int i = 0; i < k; i++) {
            if (i == best) continue;
            int d = s[i].row > r ? s[i].row - r : r - s[i].row;
            Mask a = s[i].avail & ~(p | p << d | p >> d);
            if (!a) return -1;
            int c = popcount(a);
            if (c < fewest) { fewest = c; next = m; }
            reach |= a;
            t[m].row = s[i].row; t[m].avail = a; m++;
        }
        return (reach | cols | p) == full ? m : -1;
    }

    u64 count(int depth, int k, int best, Mask cols) {
        const Slot* s = slot[depth];
        if (k == 1) return popcount(s[0].avail);
        u64 total = 0;
        for (Mask cells = s[best].avail; cells; cells &= cells - 1) {
            Mask p = cells & (0 - cells);
            int next = 0, m = child(s, k, best, p, cols, slot[depth + 1], next);
            if (m == 1) total += popcount(slot[depth + 1][0].avail);
            else if (m > 0) total += count(depth + 1, m, next, cols | p);
        }
        return total;
    }

    // The root: every row open. Returns k (n), or -1 when dead at once.
    int start(const Board& b, int& best) {
        full = b.full();
        Slot* s = slot[0];
        int fewest = 65;
        Mask reach = 0;
        for (int r = 0; r < b.n; r++) {
            s[r].row = r; s[r].avail = b.row[r];
            int c = popcount(b.row[r]);
            if (!c) return -1;
            if (c < fewest) { fewest = c; best = r; }
            reach |= b.row[r];
        }
        return reach == full ? b.n : -1;
    }

    // Knuth's estimate of this search's work: open rows examined, summed
    // over the tree's nodes, from random root-to-leaf walks.
    double estimate(const Board& b, int probes) {
        int best0 = 0, k0 = start(b, best0);
        if (k0 < 0) return 0;
        double total = 0;
        for (int i = 0; i < probes; i++) {
            int k = k0, best = best0, depth = 0;
            Mask cols = 0;
            double weight = 1;
            while (k > 1) {
                const Slot* s = slot[depth];
                Mask cells = s[best].avail;
                int c = popcount(cells);
                weight *= c;
                total += weight * k;
                for (int skip = nextRandom() % c; skip > 0; skip--) cells &= cells - 1;
                Mask p = cells & (0 - cells);
                int next = 0;
                k = child(s, k, best, p, cols, slot[depth + 1], next);
                cols |= p; best = next; depth++;
            }
        }
        return total / probes;
    }
};
static Constrained constrained;

static u64 countConstrained(const Board& b) {
    int best = 0, k = constrained.start(b, best);
    return k < 0 ? 0 : constrained.count(0, k, best, 0);
}

// Solution index of the blank n x n board.
// Enumeration by symmetry: a solution has exactly one queen on each border
// line (row 0, row n-1, column 0, column n-1); those (up to 4) queens are its
// "constellation". Only one constellation C per orbit of the 8 symmetries is
// searched (its queens folded into the board, so the search only fills the
// interior); each solution s found is stored as g(s) for every symmetry g
// giving a distinct image g(C), which yields every solution exactly once.
// Storage keeps half: solutions whose row-0 queen is left of the middle (H),
// or on it (M, odd n); the right half are the mirrors of H.
struct SolutionSet {
    u64 size, words;
    vector<u64> bits;  // bits[cell * words + w]: solutions using cell
};

struct Index {
    bool built;
    SolutionSet half, middle;
};
static Index indexes[INDEX_MAXN + 1];
static vector<u64> foundHalf, foundMiddle;  // 4 bits per row: the columns
static int emitters[8], emitterCount;       // symmetries giving distinct images of C

static u64 encode(const int* col, int n) {
    u64 code = 0;
    for (int r = 0; r < n; r++) code = code << 4 | (u64)col[r];
    return code;
}

static void onConstellationSolution(const int* col, int n) {
    int img[MAXN];
    for (int e = 0; e < emitterCount; e++) {
        for (int r = 0; r < n; r++) {
            int r2, c2;
            image(emitters[e], n, r, col[r], r2, c2);
            img[r2] = c2;
        }
        if (2 * img[0] < n - 1) foundHalf.push_back(encode(img, n));
        else if (2 * img[0] == n - 1) foundMiddle.push_back(encode(img, n));
    }
}

static bool attacks(int r1, int c1, int r2, int c2) {
    return r1 == r2 || c1 == c2 || r1 - c1 == r2 - c2 || r1 + c1 == r2 + c2;
}

// The constellation of border queens (top, left, right, bottom): the row-0
// queen's column, the column-0 queen's row, the column-(n-1) queen's row, the
// row-(n-1) queen's column. Fills its distinct cells and returns their
// number, or 0 if two of them attack each other.
static int constellationCells(int n, const int* q, int* rows, int* cols) {
    int r[4] = {0, q[1], q[2], n - 1}, c[4] = {q[0], 0, n - 1, q[3]};
    int m = 0;
    for (int i = 0; i < 4; i++) {
        bool same = false;
        for (int j = 0; j < m; j++) {
            if (rows[j] == r[i] && cols[j] == c[i]) same = true;  // a corner queen
            else if (attacks(rows[j], cols[j], r[i], c[i])) return 0;
        }
        if (!same) { rows[m] = r[i]; cols[m] = c[i]; m++; }
    }
    return m;
}

static int constellationCode(int n, const int* rows, const int* cols, int m, int k) {
    int q[4] = {0, 0, 0, 0};
    for (int i = 0; i < m; i++) {
        int r2, c2;
        image(k, n, rows[i], cols[i], r2, c2);
        if (r2 == 0) q[0] = c2;
        if (c2 == 0) q[1] = r2;
        if (c2 == n - 1) q[2] = r2;
        if (r2 == n - 1) q[3] = c2;
    }
    return ((q[0] * n + q[1]) * n + q[2]) * n + q[3];
}

static void fillSet(SolutionSet& set, const vector<u64>& found, int n) {
    set.size = found.size();
    set.words = (set.size + 63) / 64;
    set.bits.assign((size_t)n * n * set.words, 0);
    for (u64 s = 0; s < set.size; s++) {
        u64 code = found[s];
        for (int r = n - 1; r >= 0; r--, code >>= 4)
            set.bits[((size_t)r * n + (code & 15)) * set.words + s / 64] |= 1ULL << (s % 64);
    }
}

// Folds the constellation's m queens into a blank board (each queen's row
// keeps only its cell; every other cell a queen attacks is blocked) and
// enumerates the interior, in the image of the board whose top half rows
// have the fewest free cells (product): the smallest tree.
static void searchConstellation(int n, int* rows, int* cols, int m) {
    Board b; b.n = n;
    for (int r = 0; r < n; r++) {
        b.row[r] = 0;
        for (int c = 0; c < n; c++) {
            bool ok = true;
            for (int i = 0; i < m; i++)
                if (attacks(rows[i], cols[i], r, c) && !(rows[i] == r && cols[i] == c)) ok = false;
            if (ok) b.row[r] |= 1ULL << c;
        }
    }
    int best = 0;
    double bestScore = 0;
    for (int k = 0; k < 8; k++) {
        Board t = turn(b, k);
        double score = 1;
        for (int r = 0; r < n / 2; r++) score *= popcount(t.row[r]);
        if (k == 0 || score < bestScore) { best = k; bestScore = score; }
    }
    for (int i = 0; i < m; i++) image(best, n, rows[i], cols[i], rows[i], cols[i]);
    int codes[8];
    emitterCount = 0;
    for (int k = 0; k < 8; k++) {
        codes[k] = constellationCode(n, rows, cols, m, k);
        bool repeat = false;
        for (int j = 0; j < k; j++) repeat |= codes[j] == codes[k];
        if (!repeat) emitters[emitterCount++] = k;
    }
    enumerateSolutions(turn(b, best), onConstellationSolution);
}

static Index& buildIndex(int n) {
    Index& ix = indexes[n];
    if (ix.built) return ix;
    foundHalf.clear(); foundMiddle.clear();
    int q[4];
    for (q[0] = 0; q[0] < n; q[0]++)
        for (q[1] = 0; q[1] < n; q[1]++)
            for (q[2] = 0; q[2] < n; q[2]++)
                for (q[3] = 0; q[3] < n; q[3]++) {
                    int rows[4], cols[4];
                    int m = constellationCells(n, q, rows, cols);
                    if (m == 0) continue;
                    // Each border line must hold exactly one of the queens.
                    int onLine[4] = {0, 0, 0, 0};
                    for (int i = 0; i < m; i++) {
                        onLine[0] += rows[i] == 0; onLine[1] += cols[i] == 0;
                        onLine[2] += cols[i] == n - 1; onLine[3] += rows[i] == n - 1;
                    }
                    if (onLine[0] != 1 || onLine[1] != 1 || onLine[2] != 1 || onLine[3] != 1) continue;
                    bool canonical = true;  // the smallest code of its orbit
                    for (int k = 1; k < 8 && canonical; k++)
                        canonical = constellationCode(n, rows, cols, m, k) >= constellationCode(n, rows, cols, m, 0);
                    if (canonical) searchConstellation(n, rows, cols, m);
                }
    fillSet(ix.half, foundHalf, n);
    fillSet(ix.middle, foundMiddle, n);
    vector<u64>().swap(foundHalf); vector<u64>().swap(foundMiddle);
    ix.built = true;
    return ix;
}

// Solutions of `set` using none of the blocked cells of `b`.
static u64 countAvoiding(const SolutionSet& set, const Board& b) {
    vector<u64> hit(set.words, 0);
    for (int r = 0; r < b.n; r++)
        for (int c = 0; c < b.n; c++)
            if (!(b.row[r] >> c & 1)) {
                const u64* cell = &set.bits[((size_t)r * b.n + c) * set.words];
                for (u64 w = 0; w < set.words; w++) hit[w] |= cell[w];
            }
    u64 used = 0;
    for (u64 w = 0; w < set.words; w++) used += popcount(hit[w]);
    return set.size - used;
}

static u64 countByIndex(const Board& b) {
    Index& ix = buildIndex(b.n);
    return countAvoiding(ix.half, b) + countAvoiding(ix.half, turn(b, 1)) +
           countAvoiding(ix.middle, b);
}

// Planning: per distinct board, its cheapest orientation and estimated cost;
// per size, the index if the direct searches would cost more than building it.
struct Plan {
    Board best;      // orientation to search
    bool symmetric;  // best is left-right symmetric: search half
    bool constrained;  // search best most-constrained row first
    bool none;       // a row or column without a free cell: no solution
    double cost;     // estimated nodes
    u64 answer;
};

// Cost of building the index, in nodes of a direct search (measured): a
// share of the blank board's tree, plus the constellations' setup.
static double indexCost(int n) {
    Board blank; blank.n = n;
    for (int r = 0; r < n; r++) blank.row[r] = blank.full();
    return 0.42 * estimateNodes(blank, 400) + 16.0 * n * n * n * n;
}

// Trees smaller than this are searched as given: turning would cost more.
const double SMALL_TREE = 2e5;

// A board's first plan: as given, its cost a quick estimate.
static Plan planBoard(const Board& b) {
    Plan p;
    p.best = b; p.symmetric = mirrorSymmetric(b); p.constrained = false;
    p.cost = 0; p.answer = 0;
    // A row or column without a free cell: no solution, and no search (the
    // one top to bottom would fill every row above an empty one first).
    Mask reach = 0;
    for (int r = 0; r < b.n; r++) reach |= b.row[r];
    p.none = reach != b.full();
    for (int r = 0; r < b.n; r++) p.none |= !b.row[r];
    if (p.none) return p;
    if (b.n >= 10) p.cost = estimateNodes(b, 64) * (p.symmetric ? 0.5 : 1.0);
    return p;
}

// A node of the most-constrained search costs ROW_COST plain nodes per open
// row (measured at n = 16..20, 5-40% blocked: 0.7-0.9 before the popcount
// above, 0.6-0.75 with it); below CONSTRAINED_MINN the plain search wins.
const double ROW_COST = 0.75;
const int CONSTRAINED_MINN = 12;
const double MC_SHARPEN = 1e7;
const int MC_PROBES = 2000;

// For a direct search: the orientation with the smallest estimated tree.
// Mirroring the columns (odd k) keeps every node's number of choices, so the
// tree's size too: only the 4 even k are estimated.
static void chooseOrientation(Plan& p) {
    Board b = p.best;
    for (int k = 0; k < 8; k += 2) {
        Board t = turn(b, k);
        bool sym = mirrorSymmetric(t);
        double cost = estimateNodes(t, 200) * (sym ? 0.5 : 1.0);
        if (k == 0 || cost < p.cost) { p.best = t; p.symmetric = sym; p.cost = cost; }
    }
    // Most-constrained first, by rows or (transposed) by columns, when its
    // work (open rows examined, each ROW_COST nodes' time) is less.
    // A search past MC_SHARPEN nodes (tens of ms) is estimated again with
    // MC_PROBES probes, a few ms: 200 probes chose columns on an n = 39
    // board with 81% blocked (2.1 s, rows 1.4 s; benches/NOTES.md).
    if (b.n < CONSTRAINED_MINN) return;
    double cost[2];
    for (int k = 0; k < 8; k += 4) cost[k / 4] = ROW_COST * constrained.estimate(turn(b, k), 200);
    if (cost[0] > MC_SHARPEN && cost[1] > MC_SHARPEN)
        for (int k = 0; k < 8; k += 4) cost[k / 4] = ROW_COST * constrained.estimate(turn(b, k), MC_PROBES);
    for (int k = 0; k < 8; k += 4)
        if (cost[k / 4] < p.cost) { p.best = turn(b, k); p.constrained = true; p.cost = cost[k / 4]; }
}

int main() {
    // Read all input; tokens are separated by any whitespace.
    vector<char> in;
    char buf[1 << 16];
    for (size_t m; (m = fread(buf, 1, sizeof buf, stdin)) > 0;) in.insert(in.end(), buf, buf + m);
    struct Token { const char* s; int len; };
    struct Reader {
        const char *p, *end;
        bool next(Token& t) {
            while (p < end && (unsigned char)*p <= ' ') p++;
            if (p >= end) return false;
            t.s = p;
            while (p < end && (unsigned char)*p > ' ') p++;
            t.len = (int)(p - t.s);
            return true;
        }
    } reader = {in.data(), in.data() + in.size()};

    vector<Board> boards;
    Token t;
    string tooBig;  // a size past MAXN: every earlier case is answered, then an error
    while (reader.next(t)) {
        int n = 0;
        for (int i = 0; i < t.len && n <= MAXN; i++) {
            if (t.s[i] < '0' || t.s[i] > '9') { n = -1; break; }
            n = n * 10 + (t.s[i] - '0');
        }
        if (n > MAXN) tooBig.assign(t.s, t.len);
        if (n <= 0 || n > MAXN) break;
        Board b; b.n = n;
        memset(b.row, 0, sizeof b.row);
        bool complete = true;
        for (int r = 0; r < n && complete; r++) {
            if (!reader.next(t)) { complete = false; break; }
            for (int c = 0; c < n && c < t.len; c++)
                if (t.s[c] == '.') b.row[r] |= 1ULL << c;
        }
        if (!complete) break;
        boards.push_back(b);
    }

    // Distinct boards up to symmetry, each planned once.
    map<Board, Plan> plans;
    vector<const Board*> key(boards.size());
    double directCost[MAXN + 1] = {0};
    for (size_t i = 0; i < boards.size(); i++) {
        Board canon = boards[i];
        for (int k = 1; k < 8; k++) {
            Board t2 = turn(boards[i], k);
            if (t2 < canon) canon = t2;
        }
        map<Board, Plan>::iterator it = plans.find(canon);
        if (it == plans.end()) {
            it = plans.insert(make_pair(canon, planBoard(boards[i]))).first;
            directCost[canon.n] += it->second.cost;
        }
        key[i] = &it->first;
    }
    bool useIndex[MAXN + 1] = {false};
    for (int n = 10; n <= INDEX_MAXN; n++) {
        if (directCost[n] > SMALL_TREE) useIndex[n] = directCost[n] > indexCost(n);
    }
    for (map<Board, Plan>::iterator it = plans.begin(); it != plans.end(); ++it) {
        Plan& pl = it->second;
        if (pl.none) continue;
        if (useIndex[pl.best.n]) { pl.answer = countByIndex(pl.best); continue; }
        if (pl.cost >= SMALL_TREE) chooseOrientation(pl);
        pl.answer = pl.constrained ? countConstrained(pl.best) : countDirect(pl.best, pl.symmetric);
    }

    string out;
    char line[64];
    for (size_t i = 0; i < boards.size(); i++) {
        snprintf(line, sizeof line, "Case %d: %llu\n", (int)i + 1, plans[*key[i]].answer);
        out += line;
    }
    fwrite(out.data(), 1, out.size(), stdout);
    if (!tooBig.empty()) {
        fflush(stdout);
        fprintf(stderr, "error: case %d: board size %s: this program takes 1 <= n <= %d\n",
                (int)boards.size() + 1, tooBig.c_str(), MAXN);
        return 1;
    }
    return 0;
}
