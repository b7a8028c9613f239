//! Google Gemini (DECISIONS §14): what the export changes or loses, and what the import of a
//! `generateContent` body leaves out or converts. The problems, their severity and their
//! English text, side by side.

use std::fmt;

use super::Severity;

/// The Gemini export's and import's own warnings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GeminiProblem {
    /// The model is not in the body: it travels in the url.
    ModelInUrl {
        /// The envelope's model.
        model: String,
    },
    /// A media url without an extension Gemini's mime types name: the type was guessed from
    /// the segment's mediaType.
    MimeGuessed {
        /// The mime type written.
        mime: &'static str,
    },
    /// A media url Gemini can neither take inline nor fetch, written as its text.
    MediaAsText,
    /// A user content's functionResponse parts were moved before its other parts.
    ResponsesMovedFirst,
    /// A snake_case key whose camelCase spelling the same object also has: that one is read
    /// (G-9).
    OtherSpelling {
        /// The camelCase key read instead.
        read: &'static str,
    },
    /// `thoughtSignature`s, left out and counted (a thinking model wants them back).
    ThoughtSignatures {
        /// How many.
        count: usize,
    },
    /// A declaration's OpenAPI-subset `parameters`, kept as JSON Schema with every `type`
    /// lower-cased (G-4).
    ParametersConverted {
        /// The tool's name.
        tool: String,
    },
    /// A fileData mimeType the envelope cannot give back: a media segment keeps only the url,
    /// and the export names another type for it.
    MimeNotKept {
        /// The mimeType given.
        mime: String,
        /// The one an export names.
        back: &'static str,
    },
    /// A built-in tool (`googleSearch`, `codeExecution`, …), left out: only
    /// functionDeclarations are imported.
    BuiltInTool {
        /// Its key, as written.
        kind: String,
    },
}

impl GeminiProblem {
    /// How serious the problem is: all are warnings.
    pub fn severity(&self) -> Severity {
        match self {
            GeminiProblem::ModelInUrl { .. }
            | GeminiProblem::MimeGuessed { .. }
            | GeminiProblem::MediaAsText
            | GeminiProblem::ResponsesMovedFirst
            | GeminiProblem::OtherSpelling { .. }
            | GeminiProblem::ThoughtSignatures { .. }
            | GeminiProblem::ParametersConverted { .. }
            | GeminiProblem::MimeNotKept { .. }
            | GeminiProblem::BuiltInTool { .. } => Severity::Warning,
        }
    }
}

impl fmt::Display for GeminiProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GeminiProblem::ModelInUrl { model } => write!(
                f,
                "Gemini takes the model in the url, not the body: POST \
                 models/{model}:generateContent"
            ),
            GeminiProblem::MimeGuessed { mime } => write!(
                f,
                "the url's extension names no media type Gemini knows; sent as {mime}, a guess \
                 from the segment's mediaType"
            ),
            GeminiProblem::MediaAsText => write!(
                f,
                "Gemini can neither take this url inline nor fetch it (only base64 data:, http, \
                 https and gs urls): it is written as its [Image: …], [Audio: …] or [Video: …] \
                 text"
            ),
            GeminiProblem::ResponsesMovedFirst => write!(
                f,
                "functionResponse parts are moved before the other parts of this user content"
            ),
            GeminiProblem::OtherSpelling { read } => write!(
                f,
                "left out of the envelope: this object also has `{read}`, the camelCase \
                 spelling of this key, which is read instead"
            ),
            GeminiProblem::ThoughtSignatures { count } => {
                let s = if *count == 1 { "" } else { "s" };
                write!(
                    f,
                    "{count} thoughtSignature{s} left out: a thinking model expects them back \
                     with its turns"
                )
            }
            GeminiProblem::ParametersConverted { tool } => write!(
                f,
                "the tool `{tool}`'s parameters (Gemini's OpenAPI subset) are kept as JSON \
                 Schema, every `type` lower-cased and every key in camelCase"
            ),
            GeminiProblem::MimeNotKept { mime, back } => write!(
                f,
                "the mimeType `{mime}` is not kept: a media segment holds only the url, whose \
                 export names {back}"
            ),
            GeminiProblem::BuiltInTool { kind } => write!(
                f,
                "left out of the envelope: Gemini's built-in tool `{kind}` (only \
                 functionDeclarations are imported)"
            ),
        }
    }
}
