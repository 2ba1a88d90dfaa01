// Baseline for UVa 11195: the plain bitmask DFS (row/ld/rd masks, p & -p,
// one free mask per row). Build: javac --release 8 -d plain Plain.java; run: java -cp plain Main
import java.io.*;

class Main {
    static int n, full;
    static int[] freeMask = new int[32];

    static long dfs(int r, int cols, int ld, int rd) {
        if (r == n) return 1;
        long total = 0;
        int avail = freeMask[r] & ~(cols | ld | rd) & full;
        while (avail != 0) {
            int p = avail & -avail;
            avail -= p;
            total += dfs(r + 1, cols | p, (ld | p) << 1, (rd | p) >>> 1);
        }
        return total;
    }

    public static void main(String[] args) throws IOException {
        byte[] data = readAll(System.in);
        int[] pos = {0};
        StringBuilder out = new StringBuilder();
        for (int k = 1; ; k++) {
            String t = token(data, pos);
            if (t == null) break;
            n = Integer.parseInt(t);
            if (n <= 0) break;
            full = (1 << n) - 1;
            for (int r = 0; r < n; r++) {
                String row = token(data, pos);
                if (row == null) { System.out.print(out); return; }
                freeMask[r] = 0;
                for (int c = 0; c < n && c < row.length(); c++)
                    if (row.charAt(c) == '.') freeMask[r] |= 1 << c;
            }
            out.append("Case ").append(k).append(": ").append(dfs(0, 0, 0, 0)).append('\n');
        }
        System.out.print(out);
    }

    static byte[] readAll(InputStream s) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        byte[] buf = new byte[1 << 16];
        for (int m; (m = s.read(buf)) > 0; ) b.write(buf, 0, m);
        return b.toByteArray();
    }

    static String token(byte[] d, int[] pos) {
        int i = pos[0];
        while (i < d.length && d[i] <= ' ') i++;
        if (i >= d.length) { pos[0] = i; return null; }
        int j = i;
        while (j < d.length && d[j] > ' ') j++;
        pos[0] = j;
        return new String(d, i, j - i);
    }
}
