//! stub
use super::{Provenance::*, IN_NOTE};
tunables! {}
