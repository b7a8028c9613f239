//! Export of an envelope to provider request formats (spec §5).

mod openai;
mod size;

pub use openai::{OpenAiExport, to_openai};
pub use size::human_size;
