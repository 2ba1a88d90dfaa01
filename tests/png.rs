//! A minimal PNG reader for the tests (std only): enough for a browser's
//! screenshot (8-bit RGB or RGBA, not interlaced), every chunk's CRC and
//! the zlib stream's Adler-32 checked, so a truncated or garbled file is
//! an error and not a picture.

/// A decoded picture: `width x height` pixels, row by row, as RGB.
pub struct Image {
    pub width: usize,
    pub height: usize,
    pub pixels: Vec<[u8; 3]>,
}

impl Image {
    /// The pixel at `(x, y)`.
    pub fn at(&self, x: usize, y: usize) -> [u8; 3] {
        self.pixels[y * self.width + x]
    }
}

/// Decodes the PNG file `data`.
pub fn decode(data: &[u8]) -> Result<Image, String> {
    let body = data
        .strip_prefix(b"\x89PNG\r\n\x1a\n")
        .ok_or("not a PNG file")?;
    let (mut pos, mut header, mut compressed) = (0, None, Vec::new());
    loop {
        let field = |at: usize| -> Result<u32, String> {
            let bytes = body.get(at..at + 4).ok_or("truncated chunk")?;
            Ok(u32::from_be_bytes(bytes.try_into().unwrap()))
        };
        let len = field(pos)? as usize;
        let chunk = body.get(pos + 4..pos + 8 + len).ok_or("truncated chunk")?;
        if crc32(chunk) != field(pos + 8 + len)? {
            return Err(format!("bad CRC in chunk at byte {}", pos + 8));
        }
        let (kind, content) = chunk.split_at(4);
        match kind {
            b"IHDR" => header = Some(content.to_vec()),
            b"IDAT" => compressed.extend_from_slice(content),
            b"IEND" => break,
            _ => {}
        }
        pos += 12 + len;
    }
    let header = header.ok_or("no IHDR chunk")?;
    let dimension = |at: usize| u32::from_be_bytes(header[at..at + 4].try_into().unwrap());
    let (width, height) = (dimension(0) as usize, dimension(4) as usize);
    let channels = match (header[8], header[9], header[12]) {
        (8, 2, 0) => 3,
        (8, 6, 0) => 4,
        other => return Err(format!("unsupported (depth, colour, interlace): {other:?}")),
    };
    let raw = zlib(&compressed)?;
    let stride = width * channels;
    if raw.len() != height * (stride + 1) {
        return Err(format!(
            "{} bytes of scanlines for {width}x{height}",
            raw.len()
        ));
    }
    let mut rows: Vec<Vec<u8>> = Vec::with_capacity(height);
    for line in raw.chunks(stride + 1) {
        let (filter, line) = (line[0], &line[1..]);
        let zero = vec![0; stride];
        let up = rows.last().unwrap_or(&zero);
        let mut row = vec![0u8; stride];
        for i in 0..stride {
            let a = if i >= channels { row[i - channels] } else { 0 };
            let (b, c) = (up[i], if i >= channels { up[i - channels] } else { 0 });
            let predicted = match filter {
                0 => 0,
                1 => a,
                2 => b,
                3 => ((a as u16 + b as u16) / 2) as u8,
                4 => paeth(a, b, c),
                f => return Err(format!("unknown filter {f}")),
            };
            row[i] = line[i].wrapping_add(predicted);
        }
        rows.push(row);
    }
    let pixels = rows
        .iter()
        .flat_map(|row| row.chunks(channels).map(|p| [p[0], p[1], p[2]]))
        .collect();
    Ok(Image {
        width,
        height,
        pixels,
    })
}

fn paeth(a: u8, b: u8, c: u8) -> u8 {
    let p = a as i16 + b as i16 - c as i16;
    let (pa, pb, pc) = (
        (p - a as i16).abs(),
        (p - b as i16).abs(),
        (p - c as i16).abs(),
    );
    if pa <= pb && pa <= pc {
        a
    } else if pb <= pc {
        b
    } else {
        c
    }
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &byte in bytes {
        crc ^= byte as u32;
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// A zlib stream's data, its Adler-32 checked.
fn zlib(data: &[u8]) -> Result<Vec<u8>, String> {
    if data.len() < 6 || data[0] & 0x0f != 8 || (data[0] as u16 * 256 + data[1] as u16) % 31 != 0 {
        return Err("not a zlib stream".into());
    }
    let mut bits = Bits {
        data: &data[2..],
        pos: 0,
        buffer: 0,
        count: 0,
    };
    let out = inflate(&mut bits)?;
    let trailer = bits.data.get(bits.pos..bits.pos + 4).ok_or("no Adler-32")?;
    let (mut a, mut b) = (1u32, 0u32);
    for &byte in &out {
        a = (a + byte as u32) % 65521;
        b = (b + a) % 65521;
    }
    if u32::from_be_bytes(trailer.try_into().unwrap()) != (b << 16 | a) {
        return Err("bad Adler-32".into());
    }
    Ok(out)
}

/// Bits of a deflate stream, least significant first.
struct Bits<'a> {
    data: &'a [u8],
    pos: usize,
    buffer: u32,
    count: u32,
}

impl Bits<'_> {
    fn take(&mut self, n: u32) -> Result<u32, String> {
        while self.count < n {
            let byte = *self.data.get(self.pos).ok_or("deflate stream ends early")?;
            self.pos += 1;
            self.buffer |= (byte as u32) << self.count;
            self.count += 8;
        }
        let value = self.buffer & ((1u64 << n) - 1) as u32;
        self.buffer >>= n;
        self.count -= n;
        Ok(value)
    }

    /// The next symbol of canonical Huffman code `code`.
    fn symbol(&mut self, code: &Huffman) -> Result<u16, String> {
        let (mut value, mut first, mut index) = (0i32, 0i32, 0i32);
        for len in 1..16 {
            value |= self.take(1)? as i32;
            let count = code.counts[len] as i32;
            if value - first < count {
                return Ok(code.symbols[(index + value - first) as usize]);
            }
            index += count;
            first = (first + count) << 1;
            value <<= 1;
        }
        Err("bad Huffman code".into())
    }
}

/// A canonical Huffman code: how many codes of each length, and the
/// symbols in code order.
struct Huffman {
    counts: [u16; 16],
    symbols: Vec<u16>,
}

impl Huffman {
    fn new(lengths: &[u8]) -> Huffman {
        let mut counts = [0u16; 16];
        for &len in lengths {
            counts[len as usize] += 1;
        }
        counts[0] = 0;
        let mut symbols = Vec::new();
        for len in 1..16 {
            for (symbol, &l) in lengths.iter().enumerate() {
                if l as usize == len {
                    symbols.push(symbol as u16);
                }
            }
        }
        Huffman { counts, symbols }
    }
}

const LENGTH_BASE: [u16; 29] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
    163, 195, 227, 258,
];
const LENGTH_EXTRA: [u32; 29] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
const DISTANCE_BASE: [u16; 30] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DISTANCE_EXTRA: [u32; 30] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
];
const ORDER: [usize; 19] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
];

/// A raw deflate stream's data (RFC 1951); `bits` is left at the byte
/// after it.
fn inflate(bits: &mut Bits) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    loop {
        let last = bits.take(1)? == 1;
        match bits.take(2)? {
            0 => {
                (bits.buffer, bits.count) = (0, 0);
                let field = |at: usize| -> Result<u16, String> {
                    let b = bits.data.get(at..at + 2).ok_or("truncated stored block")?;
                    Ok(u16::from_le_bytes([b[0], b[1]]))
                };
                let (len, inverse) = (field(bits.pos)?, field(bits.pos + 2)?);
                if len != !inverse {
                    return Err("bad stored block length".into());
                }
                let start = bits.pos + 4;
                let stored = bits.data.get(start..start + len as usize);
                out.extend_from_slice(stored.ok_or("truncated stored block")?);
                bits.pos = start + len as usize;
            }
            1 => {
                let mut lengths = [8u8; 288];
                lengths[144..256].fill(9);
                lengths[256..280].fill(7);
                block(
                    bits,
                    &mut out,
                    &Huffman::new(&lengths),
                    &Huffman::new(&[5; 30]),
                )?;
            }
            2 => {
                let (literals, distances) = dynamic_codes(bits)?;
                block(bits, &mut out, &literals, &distances)?;
            }
            _ => return Err("bad block type".into()),
        }
        if last {
            // The rest of the last byte is padding.
            (bits.buffer, bits.count) = (0, 0);
            return Ok(out);
        }
    }
}

/// A dynamic block's literal/length and distance codes.
fn dynamic_codes(bits: &mut Bits) -> Result<(Huffman, Huffman), String> {
    let literals = bits.take(5)? as usize + 257;
    let distances = bits.take(5)? as usize + 1;
    let code_lengths = bits.take(4)? as usize + 4;
    let mut lengths = [0u8; 19];
    for &i in &ORDER[..code_lengths] {
        lengths[i] = bits.take(3)? as u8;
    }
    let lengths_code = Huffman::new(&lengths);
    let mut lengths: Vec<u8> = Vec::new();
    while lengths.len() < literals + distances {
        let (value, repeat) = match bits.symbol(&lengths_code)? {
            symbol @ 0..=15 => (symbol as u8, 1),
            16 => {
                let previous = *lengths.last().ok_or("repeat of no length")?;
                (previous, 3 + bits.take(2)?)
            }
            17 => (0, 3 + bits.take(3)?),
            _ => (0, 11 + bits.take(7)?),
        };
        lengths.extend(std::iter::repeat(value).take(repeat as usize));
    }
    if lengths.len() != literals + distances {
        return Err("code lengths overrun".into());
    }
    let (literal_lengths, distance_lengths) = lengths.split_at(literals);
    Ok((
        Huffman::new(literal_lengths),
        Huffman::new(distance_lengths),
    ))
}

/// One Huffman-coded block, appended to `out`.
fn block(
    bits: &mut Bits,
    out: &mut Vec<u8>,
    literals: &Huffman,
    distances: &Huffman,
) -> Result<(), String> {
    loop {
        let symbol = bits.symbol(literals)? as usize;
        match symbol {
            0..=255 => out.push(symbol as u8),
            256 => return Ok(()),
            _ => {
                let i = symbol - 257;
                let base = *LENGTH_BASE.get(i).ok_or("bad length symbol")?;
                let len = base as usize + bits.take(LENGTH_EXTRA[i])? as usize;
                let d = bits.symbol(distances)? as usize;
                let base = *DISTANCE_BASE.get(d).ok_or("bad distance symbol")?;
                let distance = base as usize + bits.take(DISTANCE_EXTRA[d])? as usize;
                if distance > out.len() {
                    return Err("distance beyond the start".into());
                }
                for _ in 0..len {
                    out.push(out[out.len() - distance]);
                }
            }
        }
    }
}

#[test]
fn the_png_reader_reads_a_stored_and_a_fixed_block_picture() {
    // A 2 x 1 RGB picture (red, blue), its scanline in one stored block.
    let scanline = [0u8, 255, 0, 0, 0, 0, 255];
    let mut stream = vec![0x78, 0x01, 1, 7, 0, !7, !0];
    stream.extend_from_slice(&scanline);
    let (mut a, mut b) = (1u32, 0u32);
    for &byte in &scanline {
        a = (a + byte as u32) % 65521;
        b = (b + a) % 65521;
    }
    stream.extend_from_slice(&(b << 16 | a).to_be_bytes());
    let chunk = |kind: &[u8], content: &[u8]| {
        let mut c = (content.len() as u32).to_be_bytes().to_vec();
        let mut body = kind.to_vec();
        body.extend_from_slice(content);
        c.extend_from_slice(&body);
        c.extend_from_slice(&crc32(&body).to_be_bytes());
        c
    };
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    png.extend(chunk(b"IHDR", &[0, 0, 0, 2, 0, 0, 0, 1, 8, 2, 0, 0, 0]));
    png.extend(chunk(b"IDAT", &stream));
    png.extend(chunk(b"IEND", &[]));
    let image = decode(&png).unwrap();
    assert_eq!((image.width, image.height), (2, 1));
    assert_eq!(image.pixels, vec![[255, 0, 0], [0, 0, 255]]);
    // A flipped bit fails its chunk's CRC.
    let mut garbled = png.clone();
    garbled[45] ^= 1;
    assert!(decode(&garbled).is_err());
    // "abc" compressed with fixed codes (zlib.compress(b"abc")).
    let fixed = [
        0x78, 0x9c, 0x4b, 0x4c, 0x4a, 0x06, 0x00, 0x02, 0x4d, 0x01, 0x27,
    ];
    assert_eq!(zlib(&fixed).unwrap(), b"abc");
}
