//! The OpenAI Responses API (DECISIONS §10): the export, and the import of its request
//! bodies (`items`: its input items, which Codex CLI rollouts hold too).

pub(crate) mod export;
pub(crate) mod import;
pub(crate) mod items;
