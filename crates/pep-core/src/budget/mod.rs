//! The context budget: how much of a model's context each segment, each kind, each message
//! and each whole exported request takes, in characters and in tokens.
//!
//! The numbers come from the lowered [`Conversation`], so a segment is measured by exactly the
//! text the exports give it (DECISIONS §3):
//!
//! | segment | the text it contributes |
//! | --- | --- |
//! | `system_prompt` | its content with every `{{var}}` expanded (its head block) |
//! | `memory`, `skills`, `tool_overview` | its head block: the description and the `- …` lines |
//! | `text`, `long_text` | the content (an empty one reaches no model and has no row) |
//! | `document` | the `[Document: name (size)]` line and the snippet |
//! | `media` | an image in a user message: nothing (below); else its `[Image: …]`-like line |
//! | `tool_call_request` | the tool's name and the arguments as compact JSON |
//! | `tool_call_result` | the result text |
//! | `static_var` | nothing: its value is counted where it is expanded |
//!
//! A text in a system message is measured as its head block, one after a kept result in a
//! tool message as the text appended to that result. Segments that reach no model (invalid
//! ones, unmatched results, requests outside an assistant message, texts a tool message
//! drops) have no row. The `"\n\n"` that joins blocks belongs to no segment: it is counted in
//! the request totals only.
//!
//! An image in a user message is sent as an image (OpenAI `image_url`, an Anthropic `image`
//! block, an MCP `image` or `resource_link`), which providers bill by its pixels, not by any
//! text: its row has 0 characters and 0 tokens and is flagged [`SegmentBudget::media`]. (MCP
//! writes one with a relative url as its `[Image: …]` line, and carries a `data:audio` clip
//! as audio where the others write its `[Audio: …]` line: the request totals show that.)
//!
//! Tokens are counted by a [`TokenCounter`]: [`Estimate`] here (fast, small enough for wasm,
//! within about 10% of the exact o200k_base count on the demos), an exact tokenizer in the CLI.

#[cfg(test)]
mod tests;
mod window;

use crate::export::{Format, Options, print_measured};
use crate::lower::{Conversation, PartContent};
use crate::model::{Entry, Envelope, Role, SegmentKind};
use crate::path::SegmentRef;

pub use crate::tokens::{Estimate, Size, TokenCounter};
pub use window::{CONTEXT_WINDOWS, ContextWindow, context_window};

/// `12345` → `12,345`: a count as people read it (the CLI's reports and the viewer).
pub fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// One segment that reaches the model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SegmentBudget {
    /// The segment.
    pub at: SegmentRef,
    /// Its kind.
    pub kind: SegmentKind,
    /// The text it contributes (see the [module docs](self)).
    pub size: Size,
    /// Whether it is sent as an image rather than as text (its size is then 0: providers
    /// bill images separately, by their pixels).
    pub media: bool,
}

/// The segments of one kind, added up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KindBudget {
    /// The kind.
    pub kind: SegmentKind,
    /// How many of its segments reach the model.
    pub segments: usize,
    /// How many of those are sent as images.
    pub media: usize,
    /// Their sizes added up.
    pub size: Size,
}

/// The segments of one message, added up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MessageBudget {
    /// Index of the message in the envelope.
    pub message: usize,
    /// Its role.
    pub role: Role,
    /// How many of its segments reach the model.
    pub segments: usize,
    /// How many of those are sent as images.
    pub media: usize,
    /// Their sizes added up.
    pub size: Size,
}

/// One exported request body, measured as the model sees it.
///
/// Its model-visible text is every string value of the body, each measured on its own and
/// added up, with these exceptions:
/// - a declared tool's schema (OpenAI `tools[].function.parameters`, Anthropic
///   `tools[].input_schema`) and an Anthropic `tool_use` block's `input` are objects: each is
///   measured as its compact JSON text (OpenAI's `arguments` already is a string);
/// - the top-level `model` is not text for the model, nor are numbers, booleans or object
///   keys;
/// - image and audio blocks (OpenAI `image_url` parts, Anthropic `image` blocks, MCP `image`,
///   `audio` and `resource_link` blocks) count nothing: they are billed as media.
///
/// Role names and block types (`"user"`, `"text"`, `"function"`) are string values and count,
/// as a rough stand-in for the few tokens a provider adds around each message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RequestBudget {
    /// The request's format.
    pub format: Format,
    /// Its model-visible text.
    pub size: Size,
}

/// Every number of the context budget of one envelope.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Budget {
    /// One row per segment that reaches the model, in envelope order.
    pub segments: Vec<SegmentBudget>,
    /// One total per kind, every kind in [`SegmentKind::ALL`] order (zeros included).
    pub kinds: Vec<KindBudget>,
    /// One total per valid message of the envelope, in order (zeros included).
    pub messages: Vec<MessageBudget>,
    /// One total per request given, in the order given.
    pub requests: Vec<RequestBudget>,
    /// The model's context window in tokens, when [`context_window`] knows the model.
    pub context_window: Option<u64>,
}

/// The request budgets of `conversation` printed in each of `formats`, measured with
/// `counter`, for callers that do not print the exports themselves (the viewer measures the
/// ones it prints as it prints them, [`crate::export::print_measured`]).
pub fn request_budgets(
    conversation: &Conversation<'_>,
    formats: &[Format],
    counter: &dyn TokenCounter,
) -> Vec<RequestBudget> {
    formats
        .iter()
        .map(|&format| {
            let export = print_measured(conversation, format, Options::default(), Some(counter));
            RequestBudget {
                format,
                size: export.size.unwrap_or_default(),
            }
        })
        .collect()
}

/// The context budget of `conversation`, the lowering of `envelope`, with tokens counted by
/// `counter`, and the given request budgets (any of the formats, usually all three, measured
/// with the same counter).
pub fn budget(
    conversation: &Conversation<'_>,
    envelope: &Envelope,
    counter: &dyn TokenCounter,
    requests: Vec<RequestBudget>,
) -> Budget {
    let segments = segment_rows(conversation, envelope, counter);
    let mut kinds: Vec<KindBudget> = SegmentKind::ALL
        .into_iter()
        .map(|kind| KindBudget {
            kind,
            segments: 0,
            media: 0,
            size: Size::default(),
        })
        .collect();
    // Envelope message index → position in `messages`.
    let mut slots = vec![None; envelope.messages.len()];
    let mut messages = Vec::new();
    for (m, entry) in envelope.messages.iter().enumerate() {
        if let Entry::Valid(message) = entry {
            slots[m] = Some(messages.len());
            messages.push(MessageBudget {
                message: m,
                role: message.role,
                segments: 0,
                media: 0,
                size: Size::default(),
            });
        }
    }
    for row in &segments {
        let media = usize::from(row.media);
        if let Some(total) = kinds.get_mut(kind_index(row.kind)) {
            total.segments += 1;
            total.media += media;
            total.size += row.size;
        }
        let slot = slots.get(row.at.message).copied().flatten();
        if let Some(total) = slot.and_then(|slot| messages.get_mut(slot)) {
            total.segments += 1;
            total.media += media;
            total.size += row.size;
        }
    }
    Budget {
        segments,
        kinds,
        messages,
        requests,
        context_window: conversation.model.and_then(context_window),
    }
}

/// The position of `kind` in [`SegmentKind::ALL`].
fn kind_index(kind: SegmentKind) -> usize {
    SegmentKind::ALL
        .iter()
        .position(|k| *k == kind)
        .unwrap_or_default()
}

/// One row per segment that reaches the model, sorted by position in the envelope.
fn segment_rows(
    conversation: &Conversation<'_>,
    envelope: &Envelope,
    counter: &dyn TokenCounter,
) -> Vec<SegmentBudget> {
    let mut rows = Rows {
        envelope,
        counter,
        rows: Vec::new(),
    };
    if let Some(head) = &conversation.head {
        for (at, range) in &head.sources {
            rows.text(*at, head.text.get(range.clone()).unwrap_or_default());
        }
    }
    for turn in &conversation.turns {
        for part in &turn.parts {
            match &part.content {
                PartContent::Image { .. } => rows.push(part.at, Size::default(), true),
                content => rows.text(part.at, content.as_text()),
            }
        }
        for call in &turn.tool_uses {
            let arguments = serde_json::to_string(call.arguments).unwrap_or_default();
            let mut size = Size::of(call.name, counter);
            size += Size::of(&arguments, counter);
            rows.push(call.at, size, false);
        }
        for result in &turn.results {
            for (at, range) in &result.sources {
                rows.text(*at, result.content.get(range.clone()).unwrap_or_default());
            }
        }
    }
    in_envelope_order(envelope, rows.rows)
}

/// `rows` in envelope order: each is put at its segment's place among all the envelope's
/// segments (one slot per segment, so no sort and linear time; and a sort would cost wasm
/// size).
fn in_envelope_order(envelope: &Envelope, rows: Vec<SegmentBudget>) -> Vec<SegmentBudget> {
    let mut first = Vec::with_capacity(envelope.messages.len());
    let mut slots = 0;
    for entry in &envelope.messages {
        first.push(slots);
        slots += entry.valid().map_or(0, |message| message.segments.len());
    }
    let count = rows.len();
    let mut placed: Vec<Option<SegmentBudget>> = Vec::new();
    placed.resize_with(slots, || None);
    for row in rows {
        let slot = first
            .get(row.at.message)
            .map(|start| start + row.at.segment);
        if let Some(place) = slot.and_then(|slot| placed.get_mut(slot)) {
            *place = Some(row);
        }
    }
    let mut ordered = Vec::with_capacity(count);
    ordered.extend(placed.into_iter().flatten());
    ordered
}

/// The rows being collected.
struct Rows<'a> {
    envelope: &'a Envelope,
    counter: &'a dyn TokenCounter,
    rows: Vec<SegmentBudget>,
}

impl Rows<'_> {
    fn text(&mut self, at: SegmentRef, text: &str) {
        self.push(at, Size::of(text, self.counter), false);
    }

    /// Adds the row of the segment at `at`, unless it names no valid segment.
    fn push(&mut self, at: SegmentRef, size: Size, media: bool) {
        let Some(found) = self.envelope.segment_at(at.message, at.segment) else {
            return;
        };
        self.rows.push(SegmentBudget {
            at,
            kind: found.kind(),
            size,
            media,
        });
    }
}
