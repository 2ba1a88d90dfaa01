//! Output formats: exactly the bytes the judges expect.
//!
//! Callers hand in a buffered writer; nothing here flushes.

use std::io::{self, Write};

/// Writes one judge answer line: `Case k: N`.
///
/// ```
/// let mut out = Vec::new();
/// nqueens::base::output::case_line(&mut out, 2, 92).unwrap();
/// assert_eq!(out, b"Case 2: 92\n");
/// ```
pub fn case_line(out: &mut dyn Write, case: u64, count: u128) -> io::Result<()> {
    writeln!(out, "Case {case}: {count}")
}

/// Writes a solution as 1-based column numbers separated by single spaces.
///
/// ```
/// let mut out = Vec::new();
/// nqueens::base::output::columns_line(&mut out, &[1, 3, 0, 2]).unwrap();
/// assert_eq!(out, b"2 4 1 3\n");
/// ```
pub fn columns_line(out: &mut dyn Write, columns: &[usize]) -> io::Result<()> {
    for (i, col) in columns.iter().enumerate() {
        if i > 0 {
            out.write_all(b" ")?;
        }
        write!(out, "{}", col + 1)?;
    }
    out.write_all(b"\n")
}
