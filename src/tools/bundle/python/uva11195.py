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
#    would cost more than building it): the blank board's solutions by
#    symmetry classes ("constellations", below), one eighth of them, kept as
#    one byte string per row (byte s = the column of solution s's queen); a
#    board's count is, per symmetry, the number of them whose bytes miss every
#    blocked cell of the board turned back, computed by bytes and big-integer
#    operations that each run as one C loop.
# Blank boards are counted by constellations. Big boards with obstacles are
# searched most-constrained row first (the open row with the fewest choices
# next), where that costs less than the direct search. The search keeps the
# rows below as one integer (n bits a row), so placing a queen is one AND with
# a precomputed mask and one shift. Boards equal up to rotation/reflection are
# solved once. A size above 64 ends the input with an error (stderr, exit 1)
# after every earlier answer.
#
# Run: python3 main.py < input   (CPython 3.6 or newer, standard library only)
import sys
from functools import reduce
from operator import and_, itemgetter, or_

MAXN = 64  # the widest board the engine (and this file) reads
INDEX_MAXN = 15  # the index of n = 15 holds 2279184 solutions, 4 MB of bytes


class Lists(dict):
    """lists[m]: values[c] for each column c of the mask m, lowest first
    (computed on demand)."""

    def __init__(self, values):
        self.values = values

    def __missing__(self, m):
        p = m & -m
        items = (self.values[p.bit_length() - 1],) + self[m ^ p] if m else ()
        self[m] = items
        return items


def lists_of(n, values):
    """The lists of every mask below 2**n: a list (fast to index) up to
    n = 16, on demand beyond."""
    if n > 16:
        return Lists(values)
    table = [()] * (1 << n)
    for m in range(1, 1 << n):
        p = m & -m
        table[m] = (values[p.bit_length() - 1],) + table[m ^ p]
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


def fold_forced(rows, n):
    """The board once every row with one free cell has its queen: its
    column and diagonals cleared from the other rows, as long as new such
    rows appear. Returns the rows and which are placed, or None when a row
    is left without a cell (no solution)."""
    rows = list(rows)
    placed = [False] * n
    todo = [r for r in range(n) if popcount(rows[r]) == 1]
    while todo:
        r = todo.pop()
        p = rows[r]
        if placed[r] or not p:
            continue
        placed[r] = True
        for q in range(n):
            d = abs(q - r)
            if d and rows[q] & (p | p << d | p >> d):
                rows[q] &= ~(p | p << d | p >> d)
                if popcount(rows[q]) == 1:
                    todo.append(q)
    if not all(rows):
        return None
    return rows, placed


# The one search: a queen on each open row top-down (rows with one free
# cell are placed first, fold_forced). The board below the current row is
# one integer S, n bits a row, the current row lowest: its free cells that
# no queen above attacks. A queen on column c keeps of S what keep(n)[c]
# keeps (its column and diagonals cleared in every row below), and the
# next open row, g rows down, is S shifted by g * n. A call costs CPython
# more than a loop step, so each call places two rows (nested loops) and
# the last call three, of which the last is only tested: one column is
# left there. The calls are closures made per board, each with its rows'
# distances bound.
KEEPS = {}


def keep(n):
    """keep(n)[c]: what a queen on column c leaves of the rows below it,
    row d below in bits d * n .. d * n + n - 1 (its own row: all but c)."""
    if n not in KEEPS:
        full = (1 << n) - 1
        KEEPS[n] = [
            sum((full & ~(1 << c | 1 << c << d | 1 << c >> d)) << d * n for d in range(n)) for c in range(n)
        ]
    return KEEPS[n]


def packed(rows, n):
    """The rows of the board as one integer, n bits a row, row 0 lowest."""
    return sum(m << r * n for r, m in enumerate(rows))


def tail_of(keeps, width, ga, gb):
    def tail(below):
        total = 0
        for k in keeps[below & width]:
            b = (below & k) >> ga
            for k2 in keeps[b & width]:
                if (b & k2) >> gb & width:
                    total += 1
        return total

    return tail


def pair_of(keeps, width, ga, gb, step):
    def pair(below):
        total = 0
        for k in keeps[below & width]:
            b = (below & k) >> ga
            for k2 in keeps[b & width]:
                total += step((b & k2) >> gb)
        return total

    return pair


def one_of(keeps, width, ga, step):
    def one(below):
        return sum(step((below & k) >> ga) for k in keeps[below & width])

    return one


def count(rows, n, keeps):
    """The solutions of the board `rows`; keeps = lists_of(n, keep(n))."""
    folded = fold_forced(rows, n)
    if folded is None:
        return 0
    rows, placed = folded
    at = [r for r in range(n) if not placed[r]]
    k = len(at)
    if k < 2:
        return popcount(rows[at[0]]) if k else 1
    width = (1 << n) - 1
    below = packed(rows, n) >> at[0] * n
    gap = [(b - a) * n for a, b in zip(at, at[1:])]
    if k == 2:
        return sum(1 for c in keeps[below & width] if (below & c) >> gap[0] & width)
    step = tail_of(keeps, width, gap[k - 3], gap[k - 2])
    i = k - 3  # the rows before the tail's
    while i >= 2:
        step = pair_of(keeps, width, gap[i - 2], gap[i - 1], step)
        i -= 2
    if i:
        step = one_of(keeps, width, gap[0], step)
    return step(below)


def enumerate_solutions(rows, n, columns, emit):
    """Calls emit(path) for every solution: path[r] = the column of row r's
    queen (columns = lists_of(n, range(n))). The search is count's, with
    columns for keeps: two rows a call, the last three in the last call."""
    folded = fold_forced(rows, n)
    if folded is None:
        return
    rows, placed = folded
    path = [m.bit_length() - 1 if placed[r] else 0 for r, m in enumerate(rows)]
    at = [r for r in range(n) if not placed[r]]
    width, kept = (1 << n) - 1, keep(n)

    def tail_of(ra, ga, rb, gb, rc):
        def tail(below):
            for c in columns[below & width]:
                path[ra] = c
                b = (below & kept[c]) >> ga
                for c2 in columns[b & width]:
                    last = (b & kept[c2]) >> gb & width
                    if last:
                        path[rb], path[rc] = c2, last.bit_length() - 1
                        emit(path)

        return tail

    def pair_of(ra, ga, rb, gb, step):
        def pair(below):
            for c in columns[below & width]:
                path[ra] = c
                b = (below & kept[c]) >> ga
                for c2 in columns[b & width]:
                    path[rb] = c2
                    step((b & kept[c2]) >> gb)

        return pair

    def one_of(ra, ga, step):
        def one(below):
            for c in columns[below & width]:
                path[ra] = c
                step((below & kept[c]) >> ga)

        return one

    def last_of(ra):
        def last(below):
            if below & width:
                path[ra] = (below & width).bit_length() - 1
                emit(path)

        return last

    k = len(at)
    if not k:
        emit(path)
        return
    gap = [(b - a) * n for a, b in zip(at, at[1:])]
    if k < 3:
        step = last_of(at[-1])
    else:
        step = tail_of(at[k - 3], gap[k - 3], at[k - 2], gap[k - 2], at[k - 1])
        k -= 2
    for i in range(k - 1, 1, -2):
        step = pair_of(at[i - 2], gap[i - 2], at[i - 1], gap[i - 1], step)
    if k % 2 == 0:
        step = one_of(at[0], gap[0], step)
    step(packed(rows, n) >> at[0] * n)


def count_direct(rows, n, symmetric, keeps):
    """A left-right symmetric board: solutions whose first queen is left of
    the middle pair up with their mirror images, so the left half counts
    twice and the middle column (odd n) once."""
    if not symmetric:
        return count(rows, n, keeps)
    left = (1 << (n // 2)) - 1
    total = 2 * count((rows[0] & left,) + rows[1:], n, keeps)
    if n & 1:
        total += count((rows[0] & 1 << (n // 2),) + rows[1:], n, keeps)
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
def border_constellations(n):
    """The constellations (n >= 3) that may be the least of their orbit: the
    row-0 queen's column (top), the column-0 queen's row (left), the
    column-(n-1) queen's row (right), the row-(n-1) queen's column (bottom),
    top no more than any of them or their distances to the far edge (the
    top of every image is one of those). A corner queen sits on two border
    lines, so e.g. left == 0 exactly when top == 0 (both are the queen at
    (0, 0)): then each line holds exactly one queen. Two distinct queens of
    the four attack each other only along the lines tested here."""
    last = n - 1
    for top in range(last // 2 + 1):
        inner = range(top, last - top + 1)
        for left in inner:
            if (left == 0) != (top == 0) or (top and left == top):
                continue
            for right in inner:
                if (right == 0) != (top == last) or (top != last and right == last - top):
                    continue
                if left == right or abs(left - right) == last:
                    continue
                for bottom in inner:
                    if (bottom == 0) != (left == last) or (bottom == last) != (right == last):
                        continue
                    if top == bottom or abs(top - bottom) == last:
                        continue
                    if (bottom and bottom == last - left) or (bottom != last and right == bottom):
                        continue
                    yield top, left, right, bottom


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


FOLDS = {}


def fold(n, quad):
    """The blank board with the constellation's queens: each queen's row
    keeps only its cell, and every other cell a queen attacks is blocked.
    FOLDS[n][r][c]: what a queen on (r, c) leaves of each row."""
    if n not in FOLDS:
        full = (1 << n) - 1
        FOLDS[n] = [
            [tuple(full & ~(1 << c | 1 << c << abs(q - r) | 1 << c >> abs(q - r)) if q != r else 1 << c for q in range(n)) for c in range(n)]
            for r in range(n)
        ]
    leaves = FOLDS[n]
    top, left, right, bottom = quad
    last = n - 1
    rows = ((1 << n) - 1,) * n
    for r, c in {(0, top), (left, 0), (right, last), (last, bottom)}:
        rows = tuple(map(and_, rows, leaves[r][c]))
    return rows


def smallest_tree_orientation(n, quad):
    """The symmetry k whose image of the constellation's board has the least
    product of free cells over its first n//2 - 1 open rows (rows of one
    cell are forced, not choices; measured best of n//2 - 2 .. n//2 + 2).
    Mirroring the columns keeps the counts, so that product is one of four:
    the top or bottom rows, or the left or right columns (the rows of the
    transposed board, which is the transposed constellation's)."""
    lines = [list(map(popcount, fold(n, border_image(k, n, quad)))) for k in (0, 4)]
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
    distinct images of the constellation. A constellation's board turned is
    its turned constellation's."""
    found = []
    for quad in border_constellations(n):
        # One per orbit: the least quadruple among its images.
        if any(border_image(k, n, quad) < quad for k in range(1, 8)):
            continue
        turned = border_image(smallest_tree_orientation(n, quad), n, quad)
        images, emitters = set(), []
        for k in range(8):
            image_quad = border_image(k, n, turned)
            if image_quad not in images:
                images.add(image_quad)
                emitters.append(k)
        found.append((fold(n, turned), emitters))
    return found


def count_blank(n, keeps):
    if n <= 2:
        return 1 if n == 1 else 0
    return sum(count(rows, n, keeps) * len(emitters) for rows, emitters in constellations(n))


def inverse(k):
    """The symmetry that undoes k: a flip or mirror undoes itself; after a
    transpose, flipping the rows is mirroring the columns before it."""
    return k if k < 4 else 4 | (k & 1) << 1 | (k >> 1) & 1


class Index:
    """The blank board's solutions by constellation: each constellation's
    interior solutions (on its board as constellations() turns it), grouped
    by its emitters, one byte string per row (byte s = the column of
    solution s's queen in that row). Solution s of a group with emitters E
    stands for image(k, s) for each k in E: every solution once, found by
    one search of an eighth of the blank board's tree."""

    def __init__(self, n):
        found = {}
        columns = lists_of(n, range(n))
        for rows, emitters in constellations(n):
            enumerate_solutions(rows, n, columns, found.setdefault(tuple(emitters), bytearray()).extend)
        self.groups = [
            (emitters, len(data) // n, [bytes(data[r::n]) for r in range(n)]) for emitters, data in found.items()
        ]
        self.size = sum(len(emitters) * size for emitters, size, _ in self.groups)
        self.tables = {}

    def count(self, rows, n):
        """Solutions using none of the blocked cells. image(k, s) avoids them
        exactly when s avoids those of the board turned by k's inverse. Per
        group and symmetry, each blocked row's bytes are mapped to 1 where
        the solution's queen is blocked, 0 elsewhere; their sum as one
        integer has a zero byte exactly where a solution avoids every
        blocked cell (a byte sums at most n < 256 ones)."""
        full = (1 << n) - 1
        if all(m == full for m in rows):
            return self.size
        boards = {}
        total = 0
        for emitters, size, columns in self.groups:
            for k in emitters:
                board = boards.get(k)
                if board is None:
                    board = boards[k] = turn(rows, n, inverse(k))
                hits = 0
                for r in range(n):
                    blocked = full & ~board[r]
                    if blocked:
                        hits += int.from_bytes(columns[r].translate(self.table(blocked)), "little")
                total += hits.to_bytes(size, "little").count(0) if hits else size
        return total

    def table(self, blocked):
        """bytes.translate's table: column c to 1 when blocked, else 0."""
        table = self.tables.get(blocked)
        if table is None:
            table = self.tables[blocked] = bytes(blocked >> c & 1 for c in range(256))
        return table


# Trees smaller than this are searched as given: turning would cost more.
SMALL_TREE = 2e5


def index_costs(n, rng):
    """Building the index and one count with it, in nodes of a direct
    search (measured in CPython 3.11 at n = 11..14: a direct search 0.16 to
    0.3 us a node; the build 0.07 to 0.09 us per node of the blank board's
    tree, and 50 us per constellation, about 0.6 n^3 of them; a count about
    0.001 of a node of that tree)."""
    blank = estimate_nodes(((1 << n) - 1,) * n, n, 400, rng)
    return 0.3 * blank + 150 * n ** 3, 0.001 * blank


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
        # A row or column without a free cell: no solution, and no search.
        full = (1 << n) - 1
        self.none = not all(rows) or reduce(or_, rows, 0) != full
        self.constrained = None  # the Constrained search to count with, if any
        self.cost = 0.0
        if n >= 10 and not self.none and not self.blank:
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
    for n, rows in boards:
        key = (n, canonical(rows, n))
        if key not in plans:
            plans[key] = Plan(rows, n, rng)
        keys.append(key)
    # Per size, the index when the searches it would answer (those costing
    # more than a count with it) cost more than building it.
    use_index = {}
    for n in sorted(set(n for n, _ in plans)):
        if 10 <= n <= INDEX_MAXN:
            build, query = index_costs(n, rng)
            saved = sum(p.cost for p in plans.values() if p.n == n and p.cost > query)
            if saved > SMALL_TREE and saved > build:
                use_index[n] = query
    indexes, blanks, answers, keeps = {}, {}, {}, {}
    for key, plan in plans.items():
        n = plan.n
        if plan.none:
            answers[key] = 0
        elif n in use_index and (plan.blank or plan.cost > use_index[n]):
            if n not in indexes:
                indexes[n] = Index(n)
            answers[key] = indexes[n].count(plan.rows, n)
        else:
            if n not in keeps:
                keeps[n] = lists_of(n, keep(n))
            if plan.blank:
                if n not in blanks:
                    blanks[n] = count_blank(n, keeps[n])
                answers[key] = blanks[n]
                continue
            if plan.cost >= SMALL_TREE:
                plan.choose_orientation(rng)
            if plan.constrained:
                answers[key] = plan.constrained.count(plan.rows)
            else:
                answers[key] = count_direct(plan.rows, n, plan.symmetric, keeps[n])
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
