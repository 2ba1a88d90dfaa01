//! The text of the SVG: values escaped, numbers short.

/// `x` with at most 4 decimals, no trailing zeros.
pub(super) fn number(x: f64) -> String {
    let text = format!("{x:.4}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// `text` as XML character data or an attribute value: `&`, `<`, `>`,
/// quotes as entities; control characters XML 1.0 does not allow as U+FFFD.
///
/// ```
/// use nqueens::tools::show::svg::escape;
/// assert_eq!(escape("a<b & \"c\" 'd'>"), "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;");
/// assert_eq!(escape("bell\u{7}"), "bell\u{fffd}");
/// ```
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short() {
        assert_eq!(number(0.1), "0.1");
        assert_eq!(number(1.0 / 40.0), "0.025");
        assert_eq!(number(2.0), "2");
        assert_eq!(number(1.0 / 3.0), "0.3333");
    }
}
