//! Protocol data types, exactly as spec §2–§3 define them (camelCase on the wire).
//!
//! The data layer of the core: the envelope, its messages and the eleven segment kinds, and
//! how each of them is read field by field (`read`) and written back (`write`). Each segment
//! kind lives in its own file under `kinds/` with the code that reads and writes it; this
//! module re-exports them, so every kind's path stays `model::…`. It needs nothing of the core
//! but paths, URLs (a media segment's policy), problems and caps: parsing a whole text lives
//! in [`crate::decode`], and every derived view (export, validation) in its own module above.

mod envelope;
mod extra;
mod kinds;
pub(crate) mod read;
pub(crate) mod write;

pub use envelope::{Entry, Envelope, Invalid, Message, Role};
pub use extra::Extra;
pub use kinds::{
    DocumentSegment, LongTextSegment, MediaSegment, MediaType, MemoryItem, MemorySegment, Segment,
    SegmentKind, SkillItem, SkillsSegment, StaticVarSegment, SystemPromptSegment, TextSegment,
    ToolCallRequestSegment, ToolCallResultSegment, ToolItem, ToolOverviewSegment,
};
