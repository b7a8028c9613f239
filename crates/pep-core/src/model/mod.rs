//! Protocol data types, exactly as spec §2–§3 define them (camelCase on the wire).
//!
//! The envelope and messages are here, data only: decoding lives in [`crate::decode`],
//! writing back to JSON in `encode`, and every derived view (export, validation) in its own
//! module. Each segment kind lives in its own file under `kinds/` with the code that reads and
//! writes it; this module re-exports them, so every kind's path stays `model::…`.

mod envelope;
mod extra;

pub use crate::kinds::{
    DocumentSegment, LongTextSegment, MediaSegment, MediaType, MemoryItem, MemorySegment, Segment,
    SegmentKind, SkillItem, SkillsSegment, StaticVarSegment, SystemPromptSegment, TextSegment,
    ToolCallRequestSegment, ToolCallResultSegment, ToolItem, ToolOverviewSegment,
};
pub use envelope::{Entry, Envelope, Invalid, Message, Role};
pub use extra::Extra;
