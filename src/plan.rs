//! Judge mode's solver: the cheapest exact method per case and per batch.

pub mod planner;
