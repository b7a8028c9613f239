//! Protocol data types, exactly as spec §2–§3 define them (camelCase on the wire).
//!
//! These are data only: decoding lives in [`crate::decode`], writing back to JSON in
//! [`crate::encode`], and every derived view (export, validation) in its own module.

mod envelope;
mod extra;
mod segment;

pub use envelope::{Entry, Envelope, Invalid, Message, Role};
pub use extra::Extra;
pub use segment::{
    DocumentSegment, LongTextSegment, MediaSegment, MediaType, MemoryItem, MemorySegment, Segment,
    SegmentKind, SkillItem, SkillsSegment, StaticVarSegment, SystemPromptSegment, TextSegment,
    ToolCallRequestSegment, ToolCallResultSegment, ToolItem, ToolOverviewSegment,
};
