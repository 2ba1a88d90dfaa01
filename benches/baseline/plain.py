# Baseline for UVa 11195 in Python: the plain bitmask DFS (one free mask per
# row; column and diagonal masks; p & -p for the lowest bit), with an explicit
# stack. No tricks. Run: python3 plain.py < input
import sys


def count(free, n):
    full = (1 << n) - 1
    total = 0
    stack = [(0, 0, 0, 0)]
    while stack:
        r, cols, ld, rd = stack.pop()
        if r == n:
            total += 1
            continue
        avail = free[r] & ~(cols | ld | rd) & full
        while avail:
            p = avail & -avail
            avail -= p
            stack.append((r + 1, cols | p, (ld | p) << 1, (rd | p) >> 1))
    return total


def main():
    tokens = sys.stdin.read().split()
    out = []
    i = 0
    while i < len(tokens) and int(tokens[i]) > 0:
        n = int(tokens[i])
        free = []
        for row in tokens[i + 1 : i + 1 + n]:
            mask = 0
            for c in range(n):
                if row[c] == ".":
                    mask |= 1 << c
            free.append(mask)
        out.append("Case %d: %d\n" % (len(out) + 1, count(free, n)))
        i += 1 + n
    sys.stdout.write("".join(out))


main()
