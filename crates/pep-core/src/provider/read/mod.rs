//! What every provider's import reads with: the [`Report`] of errors and warnings at paths
//! in the input, the helpers the request formats share (`common`), and the envelope being
//! built ([`draft::Draft`]).

mod common;
pub(crate) mod draft;
mod left_out_kinds;
mod report;

pub use common::parameters_summary;
pub(crate) use common::*;
pub(crate) use left_out_kinds::LeftOutKinds;
pub(crate) use report::*;
