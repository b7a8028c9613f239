//! `system_prompt`: the system instruction, possibly a template (spec §3.3).

use serde_json::Value;

use crate::model::read::{Input, fill_extra};
use crate::model::write::{flag, kind, object, text};
use crate::model::{Extra, SegmentKind};

/// The system instruction, possibly a template (spec §3.3).
#[derive(Debug, Clone, PartialEq)]
pub struct SystemPromptSegment {
    /// Full text, may contain `{{var}}` placeholders.
    pub content: String,
    /// Initial folding state.
    pub collapsed: bool,
    /// Unknown fields.
    pub extra: Extra,
}

/// Reads a `system_prompt` segment (spec §3.3: `content` and `collapsed` required; spec
/// §7.2 folds it by default).
pub(crate) fn decode(input: Input<'_, '_, '_>) -> Option<SystemPromptSegment> {
    let repair = input.repair();
    let (mut f, _) = input.read(&["kind", "content", "collapsed"]);
    let content = f.string("content");
    let collapsed = f.collapsed(SegmentKind::SystemPrompt.as_str(), true, repair);
    f.build(|extra| {
        Some(SystemPromptSegment {
            content: content?,
            collapsed,
            extra,
        })
    })
}

/// Writes a `system_prompt` segment back, keys in spec §3.3 order unless the input had
/// another.
pub(crate) fn encode(segment: &SystemPromptSegment) -> Value {
    object(
        vec![
            kind(SegmentKind::SystemPrompt),
            ("content", text(&segment.content)),
            ("collapsed", flag(segment.collapsed)),
        ],
        &segment.extra,
    )
}

/// Moves in the unknown fields' values the streaming decoder deferred.
pub(crate) fn move_payloads(segment: &mut SystemPromptSegment, raw: &mut Value) {
    fill_extra(&mut segment.extra, raw);
}
