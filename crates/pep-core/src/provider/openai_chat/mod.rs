//! OpenAI Chat Completions (DECISIONS §3, §7): the export, the import of its request bodies
//! (`content`: a message's content parts), and its rule on the order of tool messages
//! (`checks`).

pub(crate) mod checks;
pub(crate) mod content;
pub(crate) mod export;
pub(crate) mod import;
