//! The two views of a conversation (DECISIONS §8 `?view=`): everything the model receives, or
//! what the chat user saw. The user view hides the context the app put around the chat and
//! sums up each tool call and result in one line; the protocol panel is the same in both.

use pep_core::SegmentKind;
use pep_core::model::{Entry, Segment};

/// Which view of the conversation is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ViewMode {
    /// Everything the model receives (the default).
    #[default]
    Model,
    /// What the chat user saw.
    User,
}

impl ViewMode {
    /// The `?view=` value and `data-view` attribute.
    pub fn as_str(self) -> &'static str {
        match self {
            ViewMode::Model => "model",
            ViewMode::User => "user",
        }
    }

    /// The view a `?view=` value names; anything else is the model view.
    pub fn from_query(value: Option<&str>) -> ViewMode {
        match value {
            Some("user") => ViewMode::User,
            _ => ViewMode::Model,
        }
    }
}

/// Whether the chat user saw segments of `kind` (DECISIONS §8): not the variables, the system
/// prompt, memory, skills or tool declarations. Tool calls and results are seen as one line.
pub fn user_sees(kind: SegmentKind) -> bool {
    match kind {
        SegmentKind::StaticVar
        | SegmentKind::SystemPrompt
        | SegmentKind::Memory
        | SegmentKind::Skills
        | SegmentKind::ToolOverview => false,
        SegmentKind::Text
        | SegmentKind::ToolCallRequest
        | SegmentKind::ToolCallResult
        | SegmentKind::Document
        | SegmentKind::LongText
        | SegmentKind::Media => true,
    }
}

/// Whether a message shows nothing in the user view: every segment is one the user did not
/// see. Invalid segments stay visible as fallback cards in both views.
pub fn model_only(segments: &[Entry<Segment>]) -> bool {
    !segments.is_empty()
        && segments
            .iter()
            .all(|entry| matches!(entry, Entry::Valid(segment) if !user_sees(segment.kind())))
}

/// `text` cut to about `max` characters on a character boundary, on one line.
pub fn one_line(text: &str, max: usize) -> String {
    let line = text.lines().next().unwrap_or_default();
    let mut cut: String = line.chars().take(max).collect();
    if cut.len() < line.len() || line.len() < text.trim_end().len() {
        cut.push('…');
    }
    cut
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_values() {
        assert_eq!(ViewMode::from_query(Some("user")), ViewMode::User);
        assert_eq!(ViewMode::from_query(Some("model")), ViewMode::Model);
        assert_eq!(ViewMode::from_query(Some("USER")), ViewMode::Model);
        assert_eq!(ViewMode::from_query(None), ViewMode::Model);
        assert_eq!(ViewMode::User.as_str(), "user");
    }

    #[test]
    fn the_user_sees_the_chat_not_its_context() {
        let seen: Vec<_> = SegmentKind::ALL
            .into_iter()
            .filter(|k| user_sees(*k))
            .collect();
        assert_eq!(
            seen,
            [
                SegmentKind::Text,
                SegmentKind::ToolCallRequest,
                SegmentKind::ToolCallResult,
                SegmentKind::Document,
                SegmentKind::LongText,
                SegmentKind::Media
            ]
        );
    }

    #[test]
    fn one_line_cuts_and_marks() {
        assert_eq!(one_line("short", 10), "short");
        assert_eq!(one_line("abcdef", 3), "abc…");
        assert_eq!(one_line("first\nsecond", 10), "first…");
        assert_eq!(one_line("日本語テキスト", 3), "日本語…");
        assert_eq!(one_line("", 3), "");
        assert_eq!(one_line("end\n", 10), "end");
    }
}
