//! What an import leaves out of the envelope, as a problem's payload (here, beside the
//! problems, so that they need nothing of the import).

use std::fmt;

/// Something of the input that the envelope has no place for ([`crate::ImportProblem::LeftOut`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LeftOut {
    /// A key of an object (`temperature`, `tool_choice`, `cache_control`, …).
    Key(String),
    /// A content block or part of this type (`thinking`, `refusal`, …).
    Block(String),
    /// A Responses input item of this type (`reasoning`, `item_reference`, …).
    Item(String),
    /// An OpenTelemetry message part of this type (`reasoning`, `server_tool_call`, …), or of
    /// a type the message's role has no place for (a `tool_call` outside an assistant message).
    Part(String),
    /// An OpenTelemetry media part of another modality than image, audio or video.
    Modality(String),
    /// An OpenTelemetry `blob` part without `mime_type`: a `data:` url needs one.
    BlobWithoutMime,
    /// A text with no characters.
    EmptyText,
    /// A message with nothing an envelope can hold.
    EmptyMessage,
    /// An Anthropic server tool (one without `input_schema`), by name.
    ServerTool(String),
    /// A tool or tool call of a type other than `function`, by type.
    NotFunction(String),
    /// An Anthropic image or document source of another type than those imported, by type.
    Source(String),
}

impl fmt::Display for LeftOut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LeftOut::Key(key) => write!(f, "the key `{key}`"),
            LeftOut::Block(kind) => write!(f, "a content block of type `{kind}`"),
            LeftOut::Item(kind) => write!(f, "an input item of type `{kind}`"),
            LeftOut::Part(kind) => write!(f, "a part of type `{kind}`"),
            LeftOut::Modality(modality) => write!(f, "a part of modality `{modality}`"),
            LeftOut::BlobWithoutMime => f.write_str("a blob part without mime_type"),
            LeftOut::EmptyText => f.write_str("an empty text"),
            LeftOut::EmptyMessage => f.write_str("a message with nothing an envelope can hold"),
            LeftOut::ServerTool(name) => {
                write!(f, "the server tool `{name}` (a tool without input_schema)")
            }
            LeftOut::NotFunction(kind) => {
                write!(
                    f,
                    "a tool of type `{kind}` (only function tools are imported)"
                )
            }
            LeftOut::Source(kind) => write!(
                f,
                "a source of type `{kind}` (only base64, url, text and content sources are imported)"
            ),
        }
    }
}
