//! The cost classes: which loop a price's CPU time is spent in.
//! Each [`CostClass`] is scaled at run time by its own factor
//! (`crate::plan::calibration`: one probe over each class's reference),
//! since the cost model's error differs between them; a [`crate::engine::counter::CountPrice`] names the class its
//! CPU time is spent in, so a quote can be scaled to this machine's speed.

/// The kinds of work priced apart, each scaled by its own factor.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CostClass {
    /// The half-board join of a blank board of even side.
    JoinEven,
    /// The half-board join of a blank board of odd side.
    JoinOdd,
    /// The half-board join of a board with blocked cells, either side.
    JoinBoard,
    /// The searches: the kernel's nodes, in lanes or not, and the methods
    /// priced from them.
    Search,
}

/// How many cost classes are priced apart.
pub const COST_CLASSES: usize = 4;

impl CostClass {
    /// Every cost class, in the order of [`REFERENCE_NS`] and the factors.
    pub const ALL: [CostClass; COST_CLASSES] = [
        CostClass::JoinEven,
        CostClass::JoinOdd,
        CostClass::JoinBoard,
        CostClass::Search,
    ];

    /// The join's cost class for a blank board of side `n`.
    pub fn join(n: usize) -> CostClass {
        if n % 2 == 0 {
            CostClass::JoinEven
        } else {
            CostClass::JoinOdd
        }
    }

    /// The join's cost class for a board of side `n` with `blocked` blocked
    /// cells.
    ///
    /// ```
    /// use nqueens::engine::pricing::CostClass;
    /// assert_eq!(CostClass::join_of(18, 0), CostClass::JoinEven);
    /// assert_eq!(CostClass::join_of(17, 2), CostClass::JoinBoard);
    /// ```
    pub fn join_of(n: usize, blocked: usize) -> CostClass {
        if blocked == 0 {
            CostClass::join(n)
        } else {
            CostClass::JoinBoard
        }
    }

    /// Its place in [`CostClass::ALL`] (and in every per-class array).
    pub fn index(self) -> usize {
        match self {
            CostClass::JoinEven => 0,
            CostClass::JoinOdd => 1,
            CostClass::JoinBoard => 2,
            CostClass::Search => 3,
        }
    }
}
