# UVa 11195 / ZeroJudge d757 "Another n-Queen Problem": count the ways to put
# n non-attacking queens on the free cells ('.') of an n x n board ('*' is
# blocked). Input: cases "n" + n rows, ended by "0" or end of file.
#
# How (the C++ bundle's plan, in the form that is fast in CPython): a board is
# a tuple of row masks (bit c = column c free). Per size n the program picks
# the cheaper of
#  * direct search: the board turned into the one of its 8 orientations whose
#    search tree is smallest (sizes estimated by random probes); a left-right
#    symmetric board searches only the left half of its first row;
#  * solution index (10 <= n <= 15, when the direct searches of that size
#    would cost more than building it): the blank board's solutions, found
#    once by symmetry classes, are kept as one byte string per row (byte s =
#    the column of solution s's queen); a board's count is the number of
#    solutions whose bytes miss every blocked cell, computed by bytes and
#    big-integer operations that each run as one C loop.
# Blank boards are counted by symmetry classes ("constellations", below).
# Big boards with obstacles are searched most-constrained row first (the open
# row with the fewest choices next), where that costs less than the direct
# search. Boards equal up to rotation/reflection are solved once. A size above
# 64 ends the input with an error (stderr, exit 1) after every earlier answer.
#
# Run: python3 main.py < input   (CPython 3.6 or newer, standard library only)
import sys
from functools import reduce
from operator import and_, itemgetter, or_

MAXN = 64  # the widest board the engine (and this file) reads
INDEX_MAXN = 15  # the index of n = 15 holds 2279184 solutions: 68 MB


class BitLists(dict):
    """bits[m]: the single-bit masks of m, lowest first (computed on demand)."""

    def __missing__(self, m):
        p = m & -m
        bits = (p,) + self[m ^ p] if m else ()
        self[m] = bits
        return bits


def bit_lists(n):
    """The bits of every mask below 2**n: a list (fast to index) up to n = 16."""
    if n > 16:
        return BitLists()
    table = [()] * (1 << n)
    for m in range(1, 1 << n):
        p = m & -m
        table[m] = (p,) + table[m ^ p]
    return table


# int.bit_count is CPython 3.10+; before it, the binary string's '1's.
popcount = getattr(int, "bit_count", None) or (lambda x: bin(x).count("1"))


# The 8 symmetries of the square: cell (r, c) goes to image(k, n, r, c).
def image(k, n, r, c):
    if k & 4:
        r, c = c, r  # transpose
    if k & 2:
        r = n - 1 - r  # flip rows
    if k & 1:
        c = n - 1 - c  # mirror columns
    return r, c


def turn(rows, n, k):
    """The board `rows` (free masks) under symmetry k, as image() moves cells:
    each row a string of '0'/'1' (column 0 first), so the transpose is a zip."""
    lines = [format(m, "0%db" % n)[::-1] for m in rows]
    if k & 4:
        lines = ["".join(column) for column in zip(*lines)]
    if k & 2:
        lines.reverse()
    if k & 1:
        return tuple(int(line, 2) for line in lines)
    return tuple(int(line[::-1], 2) for line in lines)


def canonical(rows, n):
    return min(turn(rows, n, k) for k in range(8))


def mirror_symmetric(rows, n):
    return turn(rows, n, 1) == rows


# The one search: a queen on each row of `rows` top-down. `cols` holds the
# used columns; `ld`/`rd` the cells of this row attacked along the two
# diagonals (shifted by one column per row, so a queen's diagonal moves with
# the rows). The last row is not visited: one column is left there, and the
# row above counts the children that find it free.
def count(rows, n, bits):
    if n <= 3:
        return 1 if n == 1 and rows[0] else 0  # no n = 2 or 3 board has one
    third, second, last = rows[n - 3], rows[n - 2], rows[n - 1]

    # A call costs CPython more than a loop step, so each call places two
    # rows (r and r+1, nested loops) and the last call three; the last row
    # is only tested, since one column is left there.
    def tail(r, cols, ld, rd):
        total = 0
        for p in bits[third & ~(cols | ld | rd)]:
            c, l, d = cols | p, (ld | p) << 1, (rd | p) >> 1
            for q in bits[second & ~(c | l | d)]:
                if last & ~(c | q | (l | q) << 1 | (d | q) >> 1):
                    total += 1
        return total

    def pair(r, cols, ld, rd):
        total = 0
        down = r + 2
        step = tail if down == n - 3 else pair
        below = rows[r + 1]
        for p in bits[rows[r] & ~(cols | ld | rd)]:
            c, l, d = cols | p, (ld | p) << 1, (rd | p) >> 1
            for q in bits[below & ~(c | l | d)]:
                total += step(down, c | q, (l | q) << 1, (d | q) >> 1)
        return total

    if n % 2:
        return pair(0, 0, 0, 0)
    # An even n: row 0 on its own, then pairs from row 1.
    step = tail if n == 4 else pair
    return sum(step(1, p, p << 1, p >> 1) for p in bits[rows[0]])


def enumerate_solutions(rows, n, bits, emit):
    """Calls emit(col) for every solution (n >= 2), col[r] = the mask of the
    queen of row r. The last row is not a loop: one column is left there."""
    col = [0] * n
    second, last = n - 2, rows[n - 1]

    def below(r, cols, ld, rd):
        for p in bits[rows[r] & ~(cols | ld | rd)]:
            col[r] = p
            if r == second:
                q = last & ~(cols | p | (ld | p) << 1 | (rd | p) >> 1)
                if q:
                    col[-1] = q
                    emit(col)
            else:
                below(r + 1, cols | p, (ld | p) << 1, (rd | p) >> 1)

    below(0, 0, 0, 0)


def count_direct(rows, n, symmetric, bits):
    """A left-right symmetric board: solutions whose first queen is left of
    the middle pair up with their mirror images, so the left half counts
    twice and the middle column (odd n) once."""
    if not symmetric:
        return count(rows, n, bits)
    left = (1 << (n // 2)) - 1
    total = 2 * count((rows[0] & left,) + rows[1:], n, bits)
    if n & 1:
        total += count((rows[0] & 1 << (n // 2),) + rows[1:], n, bits)
    return total


class Constrained:
    """Most-constrained row first (big boards with obstacles, where the order
    top to bottom is what makes a search slow): rows are filled in any order,
    at every node the open row with the fewest choices next. Each open row
    keeps its own choices (free, attacked by no queen placed so far); a queen
    at (r, c) leaves row q the cells of clears(r)[c][q]. A node is dead when
    a row has no choice left or a free column can no longer be reached by
    any open row. Every step over the open rows is one C loop (map, min,
    reduce, itemgetter), so a node costs CPython little per row."""

    def __init__(self, n):
        self.n = n
        self.full = (1 << n) - 1
        self.table = [None] * n

    def clears(self, r):
        table = self.table[r]
        if table is None:
            n, full = self.n, self.full
            table = self.table[r] = [
                tuple(full & ~(p | p << abs(q - r) | p >> abs(q - r)) for q in range(n))
                for p in (1 << c for c in range(n))
            ]
        return table

    def start(self, rows):
        """The root's choices per row, or None when it is dead at once."""
        if not all(rows) or reduce(or_, rows) != self.full:
            return None
        return list(map(popcount, rows))

    def count(self, rows):
        counts = self.start(rows)
        if counts is None:
            return 0
        if self.n == 1:
            return counts[0]
        return self.below(list(range(self.n)), list(rows), counts.index(min(counts)), 0)

    def below(self, open_rows, avail, best, cols):
        r = open_rows[best]
        rest = open_rows[:best] + open_rows[best + 1 :]
        left = avail[:best] + avail[best + 1 :]
        table = self.clears(r)
        cells = avail[best]
        total = 0
        if len(rest) == 1:  # one row and one column left: a cell or none
            q, a = rest[0], left[0]
            while cells:
                p = cells & -cells
                cells ^= p
                if a & table[p.bit_length() - 1][q]:
                    total += 1
            return total
        pick = itemgetter(*rest)
        full = self.full
        while cells:
            p = cells & -cells
            cells ^= p
            new = list(map(and_, left, pick(table[p.bit_length() - 1])))
            counts = list(map(popcount, new))
            fewest = min(counts)
            if fewest and reduce(or_, new, cols | p) == full:
                total += self.below(rest, new, counts.index(fewest), cols | p)
        return total

    def estimate(self, rows, probes, rng):
        """Knuth's estimate of the search's nodes and of the open rows their
        parents examined (random root-to-leaf walks)."""
        start = self.start(rows)
        if start is None:
            return 0.0, 0.0
        nodes = work = 0.0
        for _ in range(probes):
            open_rows, avail, counts, cols, weight = list(range(self.n)), list(rows), start, 0, 1
            while len(open_rows) > 1:
                k = len(open_rows)
                best = counts.index(min(counts))
                cells, choices = avail[best], counts[best]
                weight *= choices
                nodes += weight
                work += weight * k
                for _ in range(rng.below(choices)):
                    cells &= cells - 1
                p = cells & -cells
                clear = self.clears(open_rows.pop(best))[p.bit_length() - 1]
                del avail[best]
                avail = [a & clear[q] for q, a in zip(open_rows, avail)]
                counts = list(map(popcount, avail))
                cols |= p
                if not min(counts) or reduce(or_, avail, cols) != self.full:
                    break
        return nodes / probes, work / probes


class XorShift:
    """A seeded xorshift64 generator: the probes are the same on every run
    (and `import random` would cost more than all the probes of a batch)."""

    def __init__(self, seed):
        self.state = seed

    def below(self, k):
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFFFFFFFFFF
        x ^= x >> 7
        x ^= (x << 17) & 0xFFFFFFFFFFFFFFFF
        self.state = x
        return (x >> 32) % k


def estimate_nodes(rows, n, probes, rng):
    """Knuth's estimate of the search tree's size: random root-to-leaf walks;
    a node reached through branchings of sizes k1..kd stands for k1*...*kd."""
    total = 0
    for _ in range(probes):
        cols = ld = rd = 0
        weight = 1
        for r in range(n):
            avail = rows[r] & ~(cols | ld | rd)
            k = popcount(avail)
            if k == 0:
                break
            weight *= k
            total += weight
            for _ in range(rng.below(k)):
                avail &= avail - 1
            p = avail & -avail
            cols |= p
            ld = (ld | p) << 1
            rd = (rd | p) >> 1
    return total / probes


# Constellations. A blank board's solution has exactly one queen on each border
# line (row 0, row n-1, column 0, column n-1): its "constellation". Only one
# constellation C per orbit of the 8 symmetries is searched (its queens folded
# into the board, so the search fills only the interior); each interior
# solution s stands for g(s) for every symmetry g giving a distinct image
# g(C), which covers every solution exactly once.
def attacks(r1, c1, r2, c2):
    return r1 == r2 or c1 == c2 or r1 - c1 == r2 - c2 or r1 + c1 == r2 + c2


def peaceful(cells):
    """Whether no two of the distinct `cells` attack each other."""
    return all(
        not attacks(r1, c1, r2, c2) for i, (r1, c1) in enumerate(cells) for r2, c2 in cells[i + 1 :]
    )


def border_constellations(n):
    """Every constellation, as its distinct cells: the row-0 queen's column
    (top), the column-0 queen's row (left), the column-(n-1) queen's row
    (right), the row-(n-1) queen's column (bottom). A corner queen sits on
    two border lines, so e.g. left == 0 exactly when top == 0 (both are the
    queen at (0, 0)): then each line holds exactly one queen."""
    last = n - 1
    for top in range(n):
        for left in range(n):
            if (left == 0) != (top == 0):
                continue
            upper = list(dict.fromkeys([(0, top), (left, 0)]))
            if not peaceful(upper):
                continue
            for right in range(n):
                if (right == 0) != (top == last):
                    continue
                three = list(dict.fromkeys(upper + [(right, last)]))
                if not peaceful(three):
                    continue
                for bottom in range(n):
                    if (bottom == 0) != (left == last) or (bottom == last) != (right == last):
                        continue
                    cells = list(dict.fromkeys(three + [(last, bottom)]))
                    if peaceful(cells):
                        yield (top, left, right, bottom), cells


def border_image(k, n, quad):
    """The border queens (top, left, right, bottom) of the image under
    symmetry k of the constellation `quad`, as image() moves cells."""
    top, left, right, bottom = quad
    last = n - 1
    if k & 4:  # transpose: the row-0 queen becomes the column-0 queen...
        top, left, right, bottom = left, top, bottom, right
    if k & 2:  # flip rows
        top, left, right, bottom = bottom, last - left, last - right, top
    if k & 1:  # mirror columns
        top, left, right, bottom = last - top, right, left, last - bottom
    return (top, left, right, bottom)


def fold(n, cells):
    """The blank board with queens on `cells`: each queen's row keeps only
    its cell, and every other cell a queen attacks is blocked."""
    full = (1 << n) - 1
    rows = [full] * n
    for qr, qc in cells:
        for r in range(n):
            d = r - qr
            if d == 0:
                rows[r] &= 1 << qc
            else:
                rows[r] &= ~(1 << qc | (1 << qc + d if 0 <= qc + d < n else 0) | (1 << qc - d if 0 <= qc - d < n else 0))
    return tuple(rows)


def smallest_tree_orientation(rows, n):
    """The symmetry k whose image of `rows` has the least product of free
    cells over its first n//2 - 1 open rows (rows of one cell are forced,
    not choices; measured best of n//2 - 2 .. n//2 + 2). Mirroring the
    columns keeps the counts, so that product is one of four: the top or
    bottom rows, or the left or right columns (transposed)."""
    lines = (
        [popcount(m) for m in rows],
        [sum(m >> c & 1 for m in rows) for c in range(n)],
    )
    best, best_score = 0, None
    for k in (0, 2, 4, 6):
        counts = lines[k >> 2][::-1] if k & 2 else lines[k >> 2]
        score = 1
        for x in [x for x in counts if x > 1][: n // 2 - 1]:
            score *= x
        if best_score is None or score < best_score:
            best, best_score = k, score
    return best


def constellations(n):
    """Per orbit of constellations: (board, emitters) with the queens folded
    into the board, turned so that its top half rows have the fewest free
    cells (product: the smallest tree), and the symmetries giving the
    distinct images of the constellation."""
    found = []
    for quad, cells in border_constellations(n):
        # One per orbit: the least quadruple among its images.
        if any(border_image(k, n, quad) < quad for k in range(1, 8)):
            continue
        rows = fold(n, cells)
        best = smallest_tree_orientation(rows, n)
        turned = border_image(best, n, quad)
        images, emitters = set(), []
        for k in range(8):
            image_quad = border_image(k, n, turned)
            if image_quad not in images:
                images.add(image_quad)
                emitters.append(k)
        found.append((turn(rows, n, best), emitters))
    return found


def count_blank(n, bits):
    if n <= 2:
        return 1 if n == 1 else 0
    return sum(count(rows, n, bits) * len(emitters) for rows, emitters in constellations(n))


class Index:
    """The blank board's solutions, one byte string per row: columns[r][s] =
    the column of solution s's queen in row r."""

    def __init__(self, n, bits):
        found = bytearray()
        order = range(n)
        column = {1 << c: c for c in order}.__getitem__
        flip = bytes(range(256))[:n][::-1] + bytes(range(n, 256))

        def emit_images(emitters):
            def emit(col):
                s = bytes(map(column, col))
                for k in emitters:
                    t = s
                    if k & 4:
                        t = bytes(map(t.index, order))  # transpose: the inverse permutation
                    if k & 2:
                        t = t[::-1]
                    if k & 1:
                        t = t.translate(flip)
                    found.extend(t)

            return emit

        for rows, emitters in constellations(n):
            enumerate_solutions(rows, n, bits, emit_images(emitters))
        self.size = len(found) // n
        self.columns = [bytes(found[r::n]) for r in range(n)]

    def count(self, rows, n):
        """Solutions using none of the blocked cells: each blocked row's bytes
        are mapped to 1 where the solution's queen is blocked, 0 elsewhere;
        their sum as one integer has a zero byte exactly where a solution
        avoids every blocked cell (a byte sums at most n < 256 ones)."""
        full = (1 << n) - 1
        hits = 0
        for r in range(n):
            blocked = full & ~rows[r]
            if blocked:
                table = bytes(blocked >> c & 1 for c in range(256))
                hits += int.from_bytes(self.columns[r].translate(table), "little")
        if not hits:
            return self.size
        return hits.to_bytes(self.size, "little").count(0)


# Trees smaller than this are searched as given: turning would cost more.
SMALL_TREE = 2e5


def index_cost(n, rng):
    """Building the index, in nodes of a direct search (measured): a share of
    the blank board's tree."""
    blank = ((1 << n) - 1,) * n
    return 0.5 * estimate_nodes(blank, n, 400, rng)


# A node of the most-constrained search costs NODE_COST nodes of the plain
# one, plus ROW_COST per open row of its parent (measured in CPython 3.11 at
# n = 15..37: 1.5 us a node and 0.04 us a row, against 0.21 us a plain node);
# below CONSTRAINED_MINN the plain search wins.
NODE_COST, ROW_COST = 7.0, 0.2
CONSTRAINED_MINN = 12
SEARCHES = {}


def constrained_search(n):
    """One Constrained per size: its tables serve every board of that size."""
    if n not in SEARCHES:
        SEARCHES[n] = Constrained(n)
    return SEARCHES[n]


class Plan:
    def __init__(self, rows, n, rng):
        self.rows = rows
        self.n = n
        self.symmetric = mirror_symmetric(rows, n)
        self.blank = all(m == (1 << n) - 1 for m in rows)
        self.empty_row = not all(rows)
        self.constrained = None  # the Constrained search to count with, if any
        self.cost = 0.0
        if n >= 10 and not self.empty_row and not self.blank:
            self.cost = estimate_nodes(rows, n, 64, rng) * (0.5 if self.symmetric else 1.0)

    def choose_orientation(self, rng):
        """The orientation with the smallest estimated tree. Mirroring the
        columns (odd k) keeps every node's number of choices, so the tree's
        size too: only the 4 even k are estimated."""
        board = self.rows
        for k in (0, 2, 4, 6):
            t = turn(board, self.n, k)
            sym = mirror_symmetric(t, self.n)
            cost = estimate_nodes(t, self.n, 200, rng) * (0.5 if sym else 1.0)
            if k == 0 or cost < self.cost:
                self.rows, self.symmetric, self.cost = t, sym, cost
        # Most-constrained first, by rows or (transposed) by columns, when its
        # estimated time is less.
        if self.n < CONSTRAINED_MINN:
            return
        search = constrained_search(self.n)
        for k in (0, 4):
            t = turn(board, self.n, k)
            nodes, work = search.estimate(t, 200, rng)
            cost = NODE_COST * nodes + ROW_COST * work
            if cost < self.cost:
                self.rows, self.constrained, self.cost = t, search, cost


def read_boards(data):
    """The cases of the input, and the size past MAXN that ended it, if one
    did: any whitespace between tokens; a size that is not 1..MAXN (such as
    the final 0) or a missing row ends the input."""
    tokens = data.split()
    # '.' -> '1', any other byte -> '0'.
    cells = bytes(ord("1") if c == ord(".") else ord("0") for c in range(256))
    boards = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if not token.isdigit():
            break
        n = int(token)
        if n > MAXN:
            return boards, token.decode()
        if n <= 0 or i + n >= len(tokens):
            break
        # Column 0 is the lowest bit: the row's string reversed.
        rows = [int(t[:n].translate(cells)[::-1], 2) for t in tokens[i + 1 : i + 1 + n]]
        boards.append((n, tuple(rows)))
        i += 1 + n
    return boards, None


def solve(boards):
    rng = XorShift(88172645463325252)
    plans = {}
    keys = []
    direct_cost = {}
    for n, rows in boards:
        key = (n, canonical(rows, n))
        if key not in plans:
            plan = plans[key] = Plan(rows, n, rng)
            direct_cost[n] = direct_cost.get(n, 0.0) + plan.cost
        keys.append(key)
    use_index = {
        n: cost > SMALL_TREE and cost > index_cost(n, rng)
        for n, cost in direct_cost.items()
        if 10 <= n <= INDEX_MAXN
    }
    indexes, blanks, answers = {}, {}, {}
    table_n = max([n for n, _ in boards] + [1])
    bits = bit_lists(table_n)
    for key, plan in plans.items():
        n = plan.n
        if plan.empty_row:
            answers[key] = 0
        elif use_index.get(n):
            if n not in indexes:
                indexes[n] = Index(n, bits)
            answers[key] = indexes[n].count(plan.rows, n)
        elif plan.blank:
            if n not in blanks:
                blanks[n] = count_blank(n, bits)
            answers[key] = blanks[n]
        else:
            if plan.cost >= SMALL_TREE:
                plan.choose_orientation(rng)
            if plan.constrained:
                answers[key] = plan.constrained.count(plan.rows)
            else:
                answers[key] = count_direct(plan.rows, n, plan.symmetric, bits)
    return [answers[key] for key in keys]


def main():
    boards, too_big = read_boards(sys.stdin.buffer.read())
    answers = solve(boards)
    sys.stdout.write("".join("Case %d: %d\n" % (i + 1, a) for i, a in enumerate(answers)))
    if too_big is not None:
        # Every earlier case is answered; this one cannot be: say so.
        sys.stdout.flush()
        sys.stderr.write(
            "error: case %d: board size %s: this program takes 1 <= n <= %d\n" % (len(boards) + 1, too_big, MAXN)
        )
        sys.exit(1)


main()
