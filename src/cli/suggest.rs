//! "Did you mean ...?": the nearest of a list of words by edit distance.

/// The edit distance between `a` and `b`: insertions, deletions,
/// substitutions and swaps of two neighbours each count 1 (optimal string
/// alignment).
///
/// ```
/// use nqueens::cli::distance;
/// assert_eq!(distance("cuont", "count"), 1);
/// assert_eq!(distance("coutn", "count"), 1);
/// assert_eq!(distance("cnt", "count"), 2);
/// ```
pub fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // rows[i][j]: the distance between a[..i] and b[..j].
    let mut rows = vec![vec![0; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let substitution = rows[i - 1][j - 1] + usize::from(a[i - 1] != b[j - 1]);
            let mut best = substitution.min(rows[i - 1][j] + 1).min(rows[i][j - 1] + 1);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = best;
        }
    }
    rows[a.len()][b.len()]
}

/// The candidate nearest to `word`, if it is within 2 edits and fewer
/// edits than `word` has characters (so `ab` suggests nothing for `gen`).
/// Ties go to the first candidate.
pub fn nearest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let mut best: Option<(usize, &str)> = None;
    for candidate in candidates {
        let d = distance(word, candidate);
        if d <= 2 && d < word.chars().count() && best.map_or(true, |(b, _)| d < b) {
            best = Some((d, candidate));
        }
    }
    best.map(|(_, candidate)| candidate)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_words() {
        let words = ["checker", "count", "merge", "gen", "show"];
        assert_eq!(nearest("cuont", words), Some("count"));
        assert_eq!(nearest("shwo", words), Some("show"));
        assert_eq!(nearest("chekcer", words), Some("checker"));
        assert_eq!(nearest("frobnicate", words), None);
        assert_eq!(nearest("in", words), None);
        assert_eq!(distance("", "gen"), 3);
    }
}
