//! **scan**: each constellation of the constellation engine is searched once, and
//! a completion counts once per image of its constellation that avoids the
//! board's blocked cells ([`crate::engine::constellations::scan`]); for one
//! near-blank board on its own. Its units are the constellations, shared by
//! the threads.
//!
//! # Constraints
//! n <= 16 (beyond, the blank board is too big).
//!
//! # Complexity
//! The constellation engine's count plus a few mask tests per completion.

use std::sync::Arc;

use crate::base::error::Result;
use crate::engine::constellations::scan::Frames;
use crate::plan::method::interface::{About, Answer, Batch, Case, CountingMethod, Shared, Skip};
use crate::plan::prices::{
    constellation_engine_units, CONSTELLATION_ENGINE_SHARE, NS_PER_NODE, SETUP_NS_PER_UNIT,
};
use crate::plan::work::Work;
use crate::tuning::methods::SCAN_MAX_N as MAX_N;

const ABOUT: About = About {
    name: "scan",
    help: "blank solutions that avoid the blocked cells",
    applies: "n <= 16",
};

#[derive(Default)]
pub struct Scan;

impl CountingMethod for Scan {
    fn about(&self) -> About {
        ABOUT
    }

    fn applies(&mut self, case: Case, _: &mut Shared) -> std::result::Result<(), Skip> {
        if case.board.n() > MAX_N {
            return Err("no scan above n = 16");
        }
        Ok(())
    }

    fn quotes_on_threads(&self) -> bool {
        true
    }

    fn memory(&mut self, case: Case, _: &mut Shared) -> f64 {
        crate::plan::estimate::constellation_engine_bytes(case.board.n())
    }

    /// The constellation engine's count, priced as `count` prices it: checking
    /// each solution against the board's images adds nothing measurable
    /// (once priced at 0.033, then 0.016 of a plain blank search; in three
    /// sittings of the quotes bench the scans of 15 then took 0.16 s, what
    /// `count 15` takes, at 0.63-0.66 of their quotes, those of 16
    /// 0.68-0.75: benches/NOTES.md, "The probes after the sparse boards of
    /// 15").
    fn quote(&mut self, case: Case, shared: &mut Shared) -> f64 {
        let n = case.board.n();
        let search = shared.blank_nodes(n) * NS_PER_NODE * CONSTELLATION_ENGINE_SHARE;
        let setup = constellation_engine_units(n) * SETUP_NS_PER_UNIT;
        (search + setup) / shared.threads() as f64
    }

    fn plan(&mut self, case: Case, shared: &mut Shared, batch: &mut Batch) -> Result<Answer> {
        // The units are made only once the scan is chosen: on threads they
        // need the constellation engine's set-up.
        let all = shared.constellations(case.board.n())?;
        let frames = Arc::new(Frames::new(case.board));
        let units = (0..all.units().len()).map(|i| (Work::Scan(frames.clone(), all.clone(), i), 1));
        Ok(batch.sum(case.index, units))
    }
}
