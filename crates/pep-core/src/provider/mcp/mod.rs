//! An MCP `prompts/get` result (DECISIONS §6): the export, and its import.

pub(crate) mod export;
pub(crate) mod import;
