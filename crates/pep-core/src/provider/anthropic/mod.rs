//! Anthropic Messages (DECISIONS §5): the export, and the import of its request bodies
//! (`blocks`: its content blocks).

pub(crate) mod blocks;
pub(crate) mod export;
pub(crate) mod import;
