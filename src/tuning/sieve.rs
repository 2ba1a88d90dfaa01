//! How the join's hot loop cuts and groups: the sieve's buckets
//! ([`crate::engine::half_board::sieve`]), the depth of a chunk's cut
//! chosen by its price (`matching/cut.rs`, sampled in `matching/bottoms.rs`)
//! and the groupings of a batch's rest diagonals
//! (`matching/buckets/grouping.rs`).

use super::row::Provenance::*;

tunables! {
    /// The most cut diagonals. Up to 24 a chunk holds at most about 2^17
    /// bottoms (6 or 7 cut diagonals); past 24 a chunk holds millions, and
    /// cutting up to 11 rather than 8 leaves a third of the words: one set of
    /// 27 (`--growth 27 --part 2451012 --ranks 1`, one chunk of 3.5 million
    /// bottoms) 19.3/19.5 s against 26.0/22.8 s, kept pair words 2.2% -> 0.6%;
    /// a part of 27 (`--part 490202 --ranks 1`) 128 s against 151 s. Past 11
    /// a cut pays only on chunks that many tops read: the join prices each
    /// depth up to 13 (`matching`'s cut).
    MAX_CUT: usize = 13, "diagonals",
        Measured {
            how: "cargo bench --bench blank -- --growth 27 --part 2451012 --ranks 1 (and --part 490202)",
            when: "2026-11-28",
            notes: "The stored side, chunks past the cache share, and more cuts",
        };
    /// Bottoms a bucket should hold on average for its padding and its step to
    /// pay: a chunk of `nb` bottoms is cut into at most `nb / BUCKET_BOTTOMS`
    /// buckets (at 22 buckets of 512 and 256 bottoms read fewer words, not
    /// in less time).
    BUCKET_BOTTOMS: usize = 1024, "bottoms per bucket, on average",
        Measured {
            how: "cargo bench --bench blank -- --growth 22 --part 4096 --bucket B",
            when: "2026-11-27",
            notes: "The even step at 22 and the tables past 24",
        };
    /// The most words of a bucket the join tabulates and reads at a time
    /// (`matching`'s buckets): a larger bucket is joined a piece at a time, so
    /// that its tables (8 groups of up to 2^5 entries a word, past 24) stay
    /// within the L2.
    SLICE: usize = 128, "words of a bucket piece",
        Chosen("sized so that a piece's tables fit the L2 of the machines measured; not swept");
    /// One placement in this many is counted to choose the cut
    /// (`sieve.rs`'s `SAMPLE`).
    CUT_CHOICE_SAMPLE: usize = 16, "placements per one counted",
        Chosen("a sample large enough for a diagonal's share at the chunk sizes cut; not swept");

    /// A batch whose tops visit at least this many bucket pieces each (the
    /// batch's priced visits over its tops) has its tops' rests cut into
    /// their groups once (`matching/buckets.rs`); below, each visit cuts its
    /// top's rest itself. Cut once, the cut saved a visit's shifts and
    /// masks at 25..28 (19.7 visits a top at 25, 46 at 28, on a shard of
    /// each) and cost `count 18` (1.14 visits a top) a pass it never paid
    /// back.
    PRECUT_VISITS: f64 = 2.0, "visits per top",
        Chosen("between 1.14 (18) and 19.7 (25) visits a top, measured; the crossover not swept");
    /// What stepping to one key costs in a bucket piece's walk over the keys
    /// that may read it (`matching/buckets.rs`: a load of the key's range and a
    /// test), in the units of `Grouping::price` (a word ANDed for one
    /// group, about 0.07 ns): a few ns.
    KEY_STEP: f64 = 40.0, "words ANDed per key stepped",
        Chosen("a few ns by the instruction count; never fitted");
    /// Chunks of fewer than this many average buckets' bottoms (`2^15` by
    /// default) are cut `Sieve::cut_size` deep, unpriced: their pricing
    /// would cost a share of their join. (Relative to the buckets, so that the
    /// tests' small buckets price small boards' chunks, their counts checked.)
    PRICED_FROM: usize = 32, "buckets of BUCKET_BOTTOMS",
        Chosen("where pricing a cut stops being a small share of the join; not measured");
    /// The shallowest cut priced, when buckets of [`BUCKET_BOTTOMS`] would
    /// cut deeper: the price is not trusted below what the kernel took
    /// before it was priced (on light sets of 27 it chose 9-10 where 11
    /// read 0.7x the words in 0.94x the time).
    SHALLOWEST: usize = 11, "diagonals",
        Measured {
            how: "cargo bench --bench blank -- --sieved 27 K, light sets of 27 cut at 9-11",
            when: "2026-11-28",
            notes: "The cut priced per chunk",
        };
    /// The deepest cut priced: buckets of this share of [`BUCKET_BOTTOMS`]
    /// (64 bottoms, a word, by default).
    DEEPEST: usize = 16, "share of BUCKET_BOTTOMS",
        Chosen("a bucket of one word, the least that can be read; not measured");

    /// What a table word costs per group, in words ANDed, when a batch
    /// chooses its grouping: fitted to units 1 and 513 of 22's 1024 on one
    /// thread (4, 6 and 8 groups each; 0.65 ns a table word, 0.066 ns a
    /// word and group, 1.2 ns a visit and group), where they pick the
    /// fastest of the three.
    TABLE_WORD: f64 = 10.0, "words ANDed per table word and group",
        Measured {
            how: "count 22 --shard 1/1024 and 513/1024 with each grouping forced, one thread",
            when: "2026-12-05",
            notes: "The join in 4, 6 or 8 groups",
        };
    /// What a visit costs per group, in words ANDed (see [`TABLE_WORD`]).
    VISIT: f64 = 18.0, "words ANDed per visit and group",
        Measured {
            how: "count 22 --shard 1/1024 and 513/1024 with each grouping forced, one thread",
            when: "2026-12-05",
            notes: "The join in 4, 6 or 8 groups",
        };
    /// The most table words a tabulated word may take: a piece's tables
    /// (`SLICE` words a table) stay within 768 KiB, under the L2 of the
    /// machines measured, and a thread's scratch small at small N (4 groups
    /// of 8 bits at 16 made the estimated peak 1.3x the real one). Past it
    /// a grouping is not chosen; 8 groups always can be (at most `8 * 2^8`
    /// entries, past 48 rest diagonals).
    MOST_ENTRIES: usize = 768 * 1024 / (SLICE * 8), "table words per tabulated word",
        Measured {
            how: "4 groups of 10 bits at 22 and of 8 bits at 16 against 6 and 8 groups: time and peak",
            when: "2026-12-05",
            notes: "The join in 4, 6 or 8 groups",
        };

    /// Tops sampled per chunk to price its cuts (`matching/bottoms.rs`).
    TOP_SAMPLE: usize = 4096, "tops per chunk",
        Chosen("a sample whose price spreads little against the chunk's join; not measured");
    /// Past `2^16` bottoms, one in this many prices the cuts
    /// (`matching/bottoms.rs`'s `SAMPLE`).
    CUT_PRICE_SAMPLE: usize = 16, "bottoms per one sampled",
        Chosen("as CUT_CHOICE_SAMPLE; not measured");
}
