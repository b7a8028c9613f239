//! Google Gemini `generateContent` request bodies (DECISIONS §14): the export, and what it
//! shares with the import (`media`: the mime types a file's extension names).

pub(crate) mod export;
pub(crate) mod media;
