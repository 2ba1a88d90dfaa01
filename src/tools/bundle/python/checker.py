# USACO 1.5.4 "Checker Challenge" / Luogu P1219: for an N x N board (input:
# N), print the first 3 placements of N non-attacking queens in lexicographic
# order (the 1-based column of the queen of each row), then their number.
#
# How: a bitmask search (one queen per row; column / diagonal masks), lowest
# column first, finds the first 3 in order. The count uses mirror symmetry:
# a solution whose row-0 queen is left of the middle pairs with its mirror
# image on the right, so the left half counts twice and the middle column
# (odd N) once.
#
# Run: python3 main.py < input   (CPython 3.6 or newer, standard library only)
# USACO_FILE_IO = True: read checker.in and write checker.out (USACO training).
import sys

USACO_FILE_IO = False


class BitLists(dict):
    """bits[m]: the single-bit masks of m, lowest first (computed on demand)."""

    def __missing__(self, m):
        p = m & -m
        bits = (p,) + self[m ^ p] if m else ()
        self[m] = bits
        return bits


def first_solutions(n, bits, wanted):
    """The first `wanted` solutions in lexicographic order, as column lists.
    `cols` holds the used columns; `ld`/`rd` the cells of this row attacked
    along the two diagonals (shifted by one column per row)."""
    found, col, full = [], [0] * n, (1 << n) - 1

    def below(r, cols, ld, rd):
        for p in bits[full & ~(cols | ld | rd)]:
            col[r] = p.bit_length()
            if r == n - 1:
                found.append(list(col))
            else:
                below(r + 1, cols | p, ((ld | p) << 1) & full, (rd | p) >> 1)
            if len(found) == wanted:
                return

    below(0, 0, 0, 0)
    return found


def count(n, first, bits):
    """Solutions whose row-0 queen is in `first` (a mask). A call costs CPython
    more than a loop step, so each call places two rows (nested loops); the
    last row is only tested, since one column is left there."""
    full = (1 << n) - 1

    def below(r, cols, ld, rd):
        avail = full & ~(cols | ld | rd)
        if r == n - 1:
            return 1 if avail else 0
        total = 0
        for p in bits[avail]:
            c, l, d = cols | p, ((ld | p) << 1) & full, (rd | p) >> 1
            if r == n - 2:
                total += 1 if full & ~(c | l | d) else 0
                continue
            for q in bits[full & ~(c | l | d)]:
                if r == n - 3:
                    total += 1 if full & ~(c | q | (l | q) << 1 | (d | q) >> 1) else 0
                else:
                    total += below(r + 2, c | q, ((l | q) << 1) & full, (d | q) >> 1)
        return total

    if n == 1:
        return 1 if first & 1 else 0
    return sum(below(1, p, (p << 1) & full, p >> 1) for p in bits[first])


def main():
    source = open("checker.in", "rb") if USACO_FILE_IO else sys.stdin.buffer
    tokens = source.read().split()
    if not tokens or not tokens[0].isdigit() or not 1 <= int(tokens[0]) <= 31:
        return
    n = int(tokens[0])
    bits = BitLists()
    lines = [" ".join(map(str, col)) for col in first_solutions(n, bits, 3)]
    half = n // 2
    total = 2 * count(n, (1 << half) - 1, bits)
    if n & 1:
        total += count(n, 1 << half, bits)
    lines.append(str(total))
    text = "\n".join(lines) + "\n"
    if USACO_FILE_IO:
        with open("checker.out", "w") as out:
            out.write(text)
    else:
        sys.stdout.write(text)


main()
