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
// Compile: javac --release 8 Main.java   Run: java Main < input
// FILE_IO = true: read checker.in and write checker.out (USACO training).
import java.io.*;

public class Main {
    static final boolean FILE_IO = false;

    static int n;
    static int[] freeMask = new int[32];  // cells allowed in each row (row 0: the columns tried)
    static int[] col = new int[32];       // column of the queen of each row, while searching
    static int printed;                   // solutions printed so far (at most 3)
    static final StringBuilder out = new StringBuilder();

    static void print(int lastCol) {
        for (int r = 0; r < n; r++) {
            if (r > 0) out.append(' ');
            out.append((r == n - 1 ? lastCol : col[r]) + 1);
        }
        out.append('\n');
        printed++;
    }

    // Solutions below row r, given the used columns and the cells of row r
    // attacked along the two diagonals (ld/rd shift one column per row, so a
    // queen's diagonal moves with the rows). The last row is counted by
    // popcount, and its solutions are printed while fewer than 3 have been.
    static long search(int r, int cols, int ld, int rd) {
        int avail = freeMask[r] & ~(cols | ld | rd);
        if (r == n - 1) {
            for (int a = avail; a != 0 && printed < 3; a &= a - 1) print(Integer.numberOfTrailingZeros(a));
            return Integer.bitCount(avail);
        }
        long total = 0;
        while (avail != 0) {
            int p = avail & -avail;  // lowest set bit: two's complement keeps only it
            avail ^= p;
            col[r] = Integer.numberOfTrailingZeros(p);
            total += search(r + 1, cols | p, (ld | p) << 1, (rd | p) >>> 1);
        }
        return total;
    }

    public static void main(String[] args) throws IOException {
        InputStream in = FILE_IO ? new FileInputStream("checker.in") : System.in;
        n = 0;
        for (int b = in.read(); b >= 0 && n <= 31; b = in.read()) {  // the first number
            if (b >= '0' && b <= '9') n = n * 10 + (b - '0');
            else if (n > 0) break;
        }
        if (n < 1 || n > 31) return;
        int full = (int) ((1L << n) - 1);
        for (int r = 0; r < n; r++) freeMask[r] = full;
        long total = 0;
        for (int c = 0; c < n; c++) {
            boolean left = 2 * c < n - 1, middle = 2 * c == n - 1;
            if (!left && !middle && printed == 3) break;  // mirrors: counted already
            freeMask[0] = 1 << c;
            long found = search(0, 0, 0, 0);
            total += left ? 2 * found : middle ? found : 0;
        }
        out.append(total).append('\n');
        PrintStream sink = FILE_IO ? new PrintStream(new FileOutputStream("checker.out")) : System.out;
        sink.print(out);
        sink.close();
    }
}
