// UVa 11195 / ZeroJudge d757 "Another n-Queen Problem": count the ways to put
// n non-attacking queens on the free cells ('.') of an n x n board ('*' is
// blocked). Input: cases "n" + n rows, ended by "0" or end of file.
//
// How: every board is counted by a bitmask search (column / diagonal masks,
// 64 bits: any n <= 64). Per size n the program then picks the cheaper of
//  * direct search: the board is turned into the one of its 8 orientations
//    whose search tree is smallest (sizes estimated by random probes), and a
//    left-right symmetric board searches only the left half of its first row;
//    or, where that costs less (big boards with obstacles, n >= 15), the
//    search that fills next the open row with the fewest choices (by rows or
//    columns);
//  * solution index (n >= 10, when the direct searches of that size would
//    cost more than building it): the blank board's solutions with the row-0
//    queen in the left half are enumerated once, each cell keeps a bitset of
//    the solutions using it, and a board's answer is the number of solutions
//    outside the union of its blocked cells' bitsets (right half: the same
//    count for the board's mirror image).
// Boards equal up to rotation/reflection are solved once. A size above 64
// ends the input with an error (stderr, exit 1) after every earlier answer.
//
// Compile: javac --release 8 Main.java   Run: java Main < input
import java.io.*;
import java.util.*;

public class Main {
    static final int MAXN = 64;        // widest board (the judge's and nqueens' limit)
    static final int INDEX_MAXN = 15;

    // A board: row[r] has bit c set when cell (r, c) is free.
    static final class Board {
        final int n;
        final long[] row;
        Board(int n) { this.n = n; this.row = new long[n]; }
        long full() { return n == 64 ? -1L : (1L << n) - 1; }
        int freeCells() {
            int f = 0;
            for (int r = 0; r < n; r++) f += Long.bitCount(row[r]);
            return f;
        }
    }

    // The 8 symmetries of the square: cell (r, c) goes to (imageRow, imageCol).
    static int imageRow(int k, int n, int r, int c) {
        if ((k & 4) != 0) { int t = r; r = c; c = t; }  // transpose
        return (k & 2) != 0 ? n - 1 - r : r;             // flip rows
    }

    static int imageCol(int k, int n, int r, int c) {
        if ((k & 4) != 0) { int t = r; r = c; c = t; }
        return (k & 1) != 0 ? n - 1 - c : c;             // mirror columns
    }

    static Board turn(Board b, int k) {
        Board t = new Board(b.n);
        for (int r = 0; r < b.n; r++)
            for (int c = 0; c < b.n; c++)
                if ((b.row[r] >> c & 1) != 0)
                    t.row[imageRow(k, b.n, r, c)] |= 1L << imageCol(k, b.n, r, c);
        return t;
    }

    // Long.reverse mirrors all 64 columns; the shift puts the n real ones
    // back at bits 0..n-1.
    static boolean mirrorSymmetric(Board b) {
        for (int r = 0; r < b.n; r++)
            if (Long.reverse(b.row[r]) >>> (64 - b.n) != b.row[r]) return false;
        return true;
    }

    // -----------------------------------------------------------------------
    // The counting search: places a queen on each row of `free` top-down.
    // `cols` holds the used columns; `ld`/`rd` the cells of this row attacked
    // along the two diagonals (shifted by one column per row, so a queen's
    // diagonal moves with the rows); the last row adds its free cells
    // (popcount). State is static and the method small: the JVM interprets it
    // until the JIT has compiled it, and on small inputs that is most of the
    // run. It only counts: the index's enumeration is a copy of its own
    // (enumerate, below), since a flag for both let the JIT compile this one
    // for counting, throw that away when the index first collected, and
    // compile it again with the collecting inlined (that second compilation
    // took 77-94 ms in the compile log of the 120 judge-like boards).
    // -----------------------------------------------------------------------
    static long[] free;                         // the board's rows
    static int last;                            // its last row, n - 1

    static long run(int r, long cols, long ld, long rd) {
        long avail = free[r] & ~(cols | ld | rd);
        if (r == last) return Long.bitCount(avail);
        long total = 0;
        while (avail != 0) {
            long p = avail & -avail;  // lowest set bit: two's complement keeps only it
            avail ^= p;
            total += run(r + 1, cols | p, (ld | p) << 1, (rd | p) >>> 1);
        }
        return total;
    }

    static long countSolutions(Board b) {
        free = b.row;
        last = b.n - 1;
        return run(0, 0, 0, 0);
    }

    // A left-right symmetric board: solutions whose first queen is left of
    // the middle pair up with their mirror images, so count the left half
    // twice and the middle column (odd n) once.
    static long countDirect(Board b, boolean symmetric) {
        if (!symmetric) return countSolutions(b);
        Board h = new Board(b.n);
        System.arraycopy(b.row, 0, h.row, 0, b.n);
        h.row[0] = b.row[0] & ((1L << (b.n / 2)) - 1);
        long total = 2 * countSolutions(h);
        if ((b.n & 1) != 0) {
            h.row[0] = b.row[0] & (1L << (b.n / 2));
            total += countSolutions(h);
        }
        return total;
    }

    // Knuth's estimate of the search tree's size: walk random root-to-leaf
    // paths; a node reached through branchings k1..kd stands for k1*...*kd.
    static long rngState = 88172645463325252L;

    static int nextRandom() {
        rngState ^= rngState << 13; rngState ^= rngState >>> 7; rngState ^= rngState << 17;
        return (int) (rngState >>> 33);
    }

    static double estimateNodes(Board b, int probes) {
        double total = 0;
        for (int i = 0; i < probes; i++) {
            long cols = 0, ld = 0, rd = 0;
            double weight = 1;
            for (int r = 0; r < b.n; r++) {
                long avail = b.row[r] & ~(cols | ld | rd);
                int k = Long.bitCount(avail);
                if (k == 0) break;
                weight *= k;
                total += weight;
                for (int skip = nextRandom() % k; skip > 0; skip--) avail &= avail - 1;
                long p = avail & -avail;
                cols |= p; ld = (ld | p) << 1; rd = (rd | p) >>> 1;
            }
        }
        return total / probes;
    }

    // -----------------------------------------------------------------------
    // Most-constrained row first (big boards with obstacles, where the order
    // top to bottom is what makes a search slow): rows are filled in any
    // order, at every node the open row with the fewest choices next. Each
    // open row keeps its own choices (free, attacked by no queen placed so
    // far); a queen in row r clears, in a row d rows away, its column and the
    // cells d columns to either side. A node is dead when a row has no choice
    // left or a free column can no longer be reached by any open row.
    // -----------------------------------------------------------------------
    static final int[][] slotRow = new int[MAXN + 1][MAXN];     // per depth: the open rows
    static final long[][] slotAvail = new long[MAXN + 1][MAXN]; // and their choices
    static long mcFull;
    static int mcNext;  // the child's row with the fewest choices

    // The open rows of depth `depth` (k, none empty) once a queen is at bit
    // p of row `best`'s row, into depth + 1: their number, or -1 when the
    // node is dead.
    static int child(int depth, int k, int best, long p, long cols) {
        int[] row = slotRow[depth], toRow = slotRow[depth + 1];
        long[] avail = slotAvail[depth], to = slotAvail[depth + 1];
        int r = row[best], m = 0, fewest = 65;
        long reach = 0;
        for (int i = 0; i < k; i++) {
            if (i == best) continue;
            int d = Math.abs(row[i] - r);
            long a = avail[i] & ~(p | p << d | p >>> d);
            if (a == 0) return -1;
            int c = Long.bitCount(a);
            if (c < fewest) { fewest = c; mcNext = m; }
            reach |= a;
            toRow[m] = row[i]; to[m] = a; m++;
        }
        return (reach | cols | p) == mcFull ? m : -1;
    }

    static long countFrom(int depth, int k, int best, long cols) {
        if (k == 1) return Long.bitCount(slotAvail[depth][0]);
        long total = 0;
        for (long cells = slotAvail[depth][best]; cells != 0; cells &= cells - 1) {
            long p = cells & -cells;
            int m = child(depth, k, best, p, cols);
            if (m == 1) total += Long.bitCount(slotAvail[depth + 1][0]);
            else if (m > 0) total += countFrom(depth + 1, m, mcNext, cols | p);
        }
        return total;
    }

    // The root, every row open: n, or -1 when dead at once; mcNext the
    // row with the fewest choices.
    static int startConstrained(Board b) {
        mcFull = b.full();
        int fewest = 65;
        long reach = 0;
        for (int r = 0; r < b.n; r++) {
            slotRow[0][r] = r; slotAvail[0][r] = b.row[r];
            int c = Long.bitCount(b.row[r]);
            if (c == 0) return -1;
            if (c < fewest) { fewest = c; mcNext = r; }
            reach |= b.row[r];
        }
        return reach == mcFull ? b.n : -1;
    }

    static long countConstrained(Board b) {
        int k = startConstrained(b);
        return k < 0 ? 0 : countFrom(0, k, mcNext, 0);
    }

    // Knuth's estimate of its work: open rows examined, summed over the
    // tree's nodes, from random root-to-leaf walks.
    static double estimateConstrained(Board b, int probes) {
        int k0 = startConstrained(b), best0 = mcNext;
        if (k0 < 0) return 0;
        double total = 0;
        for (int i = 0; i < probes; i++) {
            int k = k0, best = best0, depth = 0;
            long cols = 0;
            double weight = 1;
            while (k > 1) {
                long cells = slotAvail[depth][best];
                int c = Long.bitCount(cells);
                weight *= c;
                total += weight * k;
                for (int skip = nextRandom() % c; skip > 0; skip--) cells &= cells - 1;
                long p = cells & -cells;
                k = child(depth, k, best, p, cols);
                cols |= p; best = mcNext; depth++;
            }
        }
        return total / probes;
    }

    // -----------------------------------------------------------------------
    // Solution index of the blank n x n board. Only the solutions whose row-0
    // queen is left of the middle (H) or on it (M, odd n) are enumerated and
    // stored: the others are the mirror images of H, so a board's count over
    // them is its mirror image's count over H. (The C++ version enumerates
    // by border constellations instead; in Java the extra code costs more
    // JIT time than it saves.)
    // -----------------------------------------------------------------------
    static final class SolutionSet {
        int size, words;
        long[][] bits;  // bits[cell][w]: solutions using cell
    }

    static final class Index { SolutionSet half, middle; }

    static final Index[] indexes = new Index[INDEX_MAXN + 1];

    // Collected solutions, 4 bits per row (the columns), by row-0 queen.
    static long[] half = new long[1 << 10], middle = new long[1 << 10];
    static int halfSize, middleSize;

    static final long[] queen = new long[MAXN];  // queen[r]: bit of row r's queen

    // The counting search's copy that stores every solution of `free`. With
    // n - 1 queens in distinct columns the last row has one column left, so
    // one cell at most.
    static void enumerate(int r, long cols, long ld, long rd) {
        long avail = free[r] & ~(cols | ld | rd);
        if (r == last) {
            if (avail != 0) { queen[r] = avail; store(); }
            return;
        }
        while (avail != 0) {
            long p = avail & -avail;
            avail ^= p;
            queen[r] = p;
            enumerate(r + 1, cols | p, (ld | p) << 1, (rd | p) >>> 1);
        }
    }

    static void store() {
        int n = last + 1;
        long code = 0;
        for (int r = 0; r < n; r++) code = code << 4 | Long.numberOfTrailingZeros(queen[r]);
        if (2 * Long.numberOfTrailingZeros(queen[0]) < n - 1) {
            if (halfSize == half.length) half = Arrays.copyOf(half, 2 * halfSize);
            half[halfSize++] = code;
        } else {
            if (middleSize == middle.length) middle = Arrays.copyOf(middle, 2 * middleSize);
            middle[middleSize++] = code;
        }
    }

    static SolutionSet fillSet(long[] found, int size, int n) {
        SolutionSet set = new SolutionSet();
        set.size = size;
        set.words = (size + 63) / 64;
        set.bits = new long[n * n][set.words];
        for (int s = 0; s < size; s++) {
            long code = found[s];
            for (int r = n - 1; r >= 0; r--, code >>>= 4)
                set.bits[r * n + (int) (code & 15)][s >>> 6] |= 1L << s;  // the shift takes s mod 64
        }
        return set;
    }

    static Index buildIndex(int n) {
        if (indexes[n] != null) return indexes[n];
        Board blank = new Board(n);
        Arrays.fill(blank.row, blank.full());
        blank.row[0] = (1L << ((n + 1) / 2)) - 1;  // left half and middle of row 0
        halfSize = middleSize = 0;
        free = blank.row;
        last = n - 1;
        enumerate(0, 0, 0, 0);
        Index ix = new Index();
        ix.half = fillSet(half, halfSize, n);
        ix.middle = fillSet(middle, middleSize, n);
        return indexes[n] = ix;
    }

    // Solutions of `set` using none of the blocked cells of `b`.
    static long countAvoiding(SolutionSet set, Board b) {
        long[] hit = new long[set.words];
        for (int r = 0; r < b.n; r++)
            for (int c = 0; c < b.n; c++)
                if ((b.row[r] >> c & 1) == 0) {
                    long[] cell = set.bits[r * b.n + c];
                    for (int w = 0; w < set.words; w++) hit[w] |= cell[w];
                }
        long used = 0;
        for (int w = 0; w < set.words; w++) used += Long.bitCount(hit[w]);
        return set.size - used;
    }

    static long countByIndex(Board b) {
        Index ix = buildIndex(b.n);
        return countAvoiding(ix.half, b) + countAvoiding(ix.half, turn(b, 1))
                + countAvoiding(ix.middle, b);
    }

    // -----------------------------------------------------------------------
    // Planning: per distinct board, its cheapest orientation and estimated
    // cost; per size, the index if the direct searches would cost more.
    // -----------------------------------------------------------------------
    static final class Plan {
        Board best;         // orientation to search
        boolean symmetric;  // best is left-right symmetric: search half
        boolean constrained;  // search best most-constrained row first
        boolean none;       // a row or column without a free cell: no solution
        double cost;        // estimated nodes
        long answer;
        int first;          // the first board it plans for
    }

    // Cost of building the index, in nodes of a direct search (measured:
    // enumerating half the blank board, a bit more than counting it, plus a
    // fixed ~3M for warming up the collecting path and the bitsets: with
    // less, an n = 12 index cost 50 ms where the direct searches took 10).
    static double indexCost(int n) {
        Board blank = new Board(n);
        Arrays.fill(blank.row, blank.full());
        return 0.6 * estimateNodes(blank, 400) + 3e6;
    }

    // Trees smaller than this are searched as given: turning would cost more.
    static final double SMALL_TREE = 2e5;

    // A board's first plan: as given, its cost a quick estimate.
    static Plan planBoard(Board b) {
        Plan p = new Plan();
        p.best = b;
        p.symmetric = mirrorSymmetric(b);
        // A row or column without a free cell: no solution, and no search
        // (the one top to bottom would fill every row above an empty one).
        long reach = 0;
        for (int r = 0; r < b.n; r++) {
            reach |= b.row[r];
            if (b.row[r] == 0) p.none = true;
        }
        if (reach != b.full()) p.none = true;
        if (p.none) return p;
        // 16 probes: this estimate only sorts boards into tiny / orient /
        // index, and on small inputs its JIT compilation is a visible cost.
        if (b.n >= 10) p.cost = estimateNodes(b, 16) * (p.symmetric ? 0.5 : 1.0);
        return p;
    }

    // A node of the most-constrained search costs ROW_COST plain nodes per
    // open row (measured). Below CONSTRAINED_MINN it is not tried: at the
    // judge's sizes (n <= 14) the nodes it saves take less time than the
    // JIT's compiling it (up to 50 ms of CPU, its recursion with child()
    // inlined): 10 dense n = 14 boards ran in 0.10 s of CPU without it,
    // 0.12-0.15 s with it (from n = 12).
    static final double ROW_COST = 0.75;
    static final int CONSTRAINED_MINN = 15;
    // A search past MC_SHARPEN nodes both ways (tens of ms) is estimated
    // again with MC_PROBES probes (a few ms), as in the C++ bundle.
    static final double MC_SHARPEN = 1e7;
    static final int MC_PROBES = 2000;

    // For a direct search: the orientation with the smallest estimated tree.
    // Mirroring the columns (odd k) keeps every node's number of choices, so
    // the tree's size too: only the 4 even k are estimated.
    static void chooseOrientation(Plan p) {
        Board b = p.best;
        for (int k = 0; k < 8; k += 2) {
            Board t = turn(b, k);
            boolean sym = mirrorSymmetric(t);
            double cost = estimateNodes(t, 200) * (sym ? 0.5 : 1.0);
            if (k == 0 || cost < p.cost) { p.best = t; p.symmetric = sym; p.cost = cost; }
        }
        // Most-constrained first, by rows or (transposed) by columns, when
        // its work (open rows examined, each ROW_COST nodes' time) is less.
        if (b.n < CONSTRAINED_MINN) return;
        double[] cost = new double[2];
        for (int k = 0; k < 8; k += 4) cost[k / 4] = ROW_COST * estimateConstrained(turn(b, k), 200);
        if (cost[0] > MC_SHARPEN && cost[1] > MC_SHARPEN)
            for (int k = 0; k < 8; k += 4) cost[k / 4] = ROW_COST * estimateConstrained(turn(b, k), MC_PROBES);
        for (int k = 0; k < 8; k += 4)
            if (cost[k / 4] < p.cost) { p.best = turn(b, k); p.constrained = true; p.cost = cost[k / 4]; }
    }

    // Whitespace-separated tokens of all of stdin.
    static byte[] data;
    static int pos, tokenStart, tokenLength;

    static boolean nextToken() {
        while (pos < data.length && (data[pos] & 0xff) <= ' ') pos++;
        if (pos >= data.length) return false;
        tokenStart = pos;
        while (pos < data.length && (data[pos] & 0xff) > ' ') pos++;
        tokenLength = pos - tokenStart;
        return true;
    }

    public static void main(String[] args) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        byte[] buf = new byte[1 << 16];
        for (int m; (m = System.in.read(buf)) > 0; ) bytes.write(buf, 0, m);
        data = bytes.toByteArray();

        List<Board> boards = new ArrayList<Board>();
        String tooBig = null;  // a size past MAXN: earlier cases answered, then an error
        read:
        while (nextToken()) {
            int n = 0;
            for (int i = 0; i < tokenLength && n <= MAXN; i++) {
                byte d = data[tokenStart + i];
                if (d < '0' || d > '9') { n = -1; break; }
                n = n * 10 + (d - '0');
            }
            if (n > MAXN) tooBig = new String(data, tokenStart, tokenLength, "US-ASCII");
            if (n <= 0 || n > MAXN) break;
            Board b = new Board(n);
            for (int r = 0; r < n; r++) {
                if (!nextToken()) break read;
                for (int c = 0; c < n && c < tokenLength; c++)
                    if (data[tokenStart + c] == '.') b.row[r] |= 1L << c;
            }
            boards.add(b);
        }

        // Distinct boards up to symmetry, each planned once. Only boards of
        // the same size and number of free cells can be turns of each other,
        // so the 8 turns are compared only then (rare on random inputs).
        int count = boards.size();
        Plan[] planOf = new Plan[count];
        List<Plan> plans = new ArrayList<Plan>();
        int[] freeCells = new int[count];
        double[] directCost = new double[MAXN + 1];
        for (int i = 0; i < count; i++) {
            Board b = boards.get(i);
            freeCells[i] = b.freeCells();
            for (int j = 0; j < i && planOf[i] == null; j++) {
                Board o = boards.get(j);
                if (planOf[j].first != j || o.n != b.n || freeCells[j] != freeCells[i]) continue;
                for (int k = 0; k < 8 && planOf[i] == null; k++)
                    if (Arrays.equals(turn(b, k).row, o.row)) planOf[i] = planOf[j];
            }
            if (planOf[i] == null) {
                Plan p = planBoard(b);
                p.first = i;
                plans.add(p);
                planOf[i] = p;
                directCost[b.n] += p.cost;
            }
        }
        boolean[] useIndex = new boolean[MAXN + 1];
        for (int n = 10; n <= INDEX_MAXN; n++) {
            if (directCost[n] > SMALL_TREE) useIndex[n] = directCost[n] > indexCost(n);
        }
        for (Plan p : plans) {
            if (p.none) continue;
            if (useIndex[p.best.n]) { p.answer = countByIndex(p.best); continue; }
            if (p.cost >= SMALL_TREE) chooseOrientation(p);
            p.answer = p.constrained ? countConstrained(p.best) : countDirect(p.best, p.symmetric);
        }

        StringBuilder out = new StringBuilder();
        for (int i = 0; i < boards.size(); i++)
            out.append("Case ").append(i + 1).append(": ").append(planOf[i].answer).append('\n');
        System.out.print(out);
        System.out.flush();
        if (tooBig != null) {
            System.err.println("error: case " + (boards.size() + 1) + ": board size " + tooBig
                    + ": this program takes 1 <= n <= " + MAXN);
            System.exit(1);
        }
    }
}
