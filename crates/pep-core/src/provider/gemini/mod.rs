//! Google Gemini `generateContent` request bodies (DECISIONS §14): the export, the import, and
//! what they share (`media`: the mime types a file's extension names).

pub(crate) mod export;
pub(crate) mod import;
pub(crate) mod media;
