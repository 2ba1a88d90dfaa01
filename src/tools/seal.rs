//! Lines sealed with their CRC-32, as checkpoints and shard records are
//! written: `BODY crc=C`, `C` the CRC-32 of the bytes of `BODY` in eight
//! lowercase hex digits, so that a line edited by hand or damaged is
//! refused. One room for both formats: the checkpoint's header names a
//! shard, and a shard record is sealed as a checkpoint's lines are.
//!
//! # Complexity
//! One table look-up per byte.

/// CRC-32 (IEEE 802.3, reflected, as zlib's `crc32`).
///
/// ```
/// assert_eq!(nqueens::tools::seal::crc32(b"123456789"), 0xcbf4_3926);
/// ```
pub fn crc32(bytes: &[u8]) -> u32 {
    const TABLE: [u32; 256] = {
        let mut table = [0u32; 256];
        let mut i = 0;
        while i < 256 {
            let mut c = i as u32;
            let mut k = 0;
            while k < 8 {
                c = if c & 1 == 1 {
                    0xedb8_8320 ^ (c >> 1)
                } else {
                    c >> 1
                };
                k += 1;
            }
            table[i] = c;
            i += 1;
        }
        table
    };
    let mut crc = !0u32;
    for &byte in bytes {
        crc = TABLE[((crc ^ u32::from(byte)) & 0xff) as usize] ^ (crc >> 8);
    }
    !crc
}

/// `body crc=C` for a line's body.
///
/// ```
/// use nqueens::tools::seal::{sealed, Seal};
/// let line = sealed("shard 1/2");
/// assert!(line.starts_with("shard 1/2 crc="));
/// assert_eq!(Seal::of(&line), Seal::Matches("shard 1/2"));
/// ```
pub fn sealed(body: &str) -> String {
    format!("{body} crc={:08x}", crc32(body.as_bytes()))
}

/// A line's seal.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Seal<'a> {
    /// Its `crc=` matches its body (given).
    Matches(&'a str),
    /// It has none: its body is all of it.
    Absent(&'a str),
    /// Its `crc=` does not match: edited or damaged.
    Broken,
}

impl<'a> Seal<'a> {
    /// The seal of `line` (as it is: no whitespace trimmed).
    ///
    /// ```
    /// use nqueens::tools::seal::Seal;
    /// assert_eq!(Seal::of("x"), Seal::Absent("x"));
    /// assert_eq!(Seal::of("x crc=00000000"), Seal::Broken);
    /// ```
    pub fn of(line: &'a str) -> Seal<'a> {
        match line.rsplit_once(" crc=") {
            None => Seal::Absent(line),
            Some((body, crc)) if *crc == format!("{:08x}", crc32(body.as_bytes())) => {
                Seal::Matches(body)
            }
            Some(_) => Seal::Broken,
        }
    }
}
