//! What the engines' costs are priced by: the kernel a cost runs in.
//! Each [`Kernel`] is scaled at run time by its own factor
//! (`crate::plan::calibration`: one probe over each kernel's reference),
//! since the cost model's error differs between them; a [`crate::engine::counter::Sizing`] names the kernel its
//! CPU time is spent in, so a quote can be scaled to this machine's speed.

/// The kernels priced apart.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Kernel {
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

/// How many kernels are priced apart.
pub const KERNELS: usize = 4;

impl Kernel {
    /// Every kernel, in the order of [`REFERENCE_NS`] and the factors.
    pub const ALL: [Kernel; KERNELS] = [
        Kernel::JoinEven,
        Kernel::JoinOdd,
        Kernel::JoinBoard,
        Kernel::Search,
    ];

    /// The join's kernel for a blank board of side `n`.
    pub fn join(n: usize) -> Kernel {
        if n % 2 == 0 {
            Kernel::JoinEven
        } else {
            Kernel::JoinOdd
        }
    }

    /// The join's kernel for a board of side `n` with `blocked` blocked
    /// cells.
    ///
    /// ```
    /// use nqueens::engine::pricing::Kernel;
    /// assert_eq!(Kernel::join_of(18, 0), Kernel::JoinEven);
    /// assert_eq!(Kernel::join_of(17, 2), Kernel::JoinBoard);
    /// ```
    pub fn join_of(n: usize, blocked: usize) -> Kernel {
        if blocked == 0 {
            Kernel::join(n)
        } else {
            Kernel::JoinBoard
        }
    }

    /// Its place in [`Kernel::ALL`] (and in every per-kernel array).
    pub fn index(self) -> usize {
        match self {
            Kernel::JoinEven => 0,
            Kernel::JoinOdd => 1,
            Kernel::JoinBoard => 2,
            Kernel::Search => 3,
        }
    }
}
