//! OpenAI Chat Completions (DECISIONS §3, §7): the export, and the import of its request
//! bodies (`content`: a message's content parts).

pub(crate) mod content;
pub(crate) mod export;
pub(crate) mod import;
