//! Share (DECISIONS §8), in the lazy module (`src/lazy_main.rs`): the page holds only the
//! button ([`crate::components::widgets::ShareButton`]); pressing it mounts [`ShareFlow`]
//! beside it, which scans the text for secrets, lists them ([`ShareFindings`]) and makes the
//! link.

mod findings;
mod flow;

pub use findings::ShareFindings;
pub use flow::ShareFlow;
