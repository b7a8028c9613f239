//! Anthropic Messages (DECISIONS §5): the export, the import of its request bodies
//! (`blocks`: its content blocks), and its rules on the first and final turns (`checks`).

pub(crate) mod blocks;
pub(crate) mod checks;
pub(crate) mod export;
pub(crate) mod import;
