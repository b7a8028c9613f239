//! One component per segment kind (spec §3, §7), and [`SegmentView`], which dispatches on the
//! kind with an exhaustive `match`: a new kind does not compile until it has a component.

mod description;
mod document;
mod invalid;
mod long_text;
mod media;
mod memory;
mod skills;
mod static_var;
mod system_prompt;
mod text;
mod tool_call_request;
mod tool_call_result;
mod tool_overview;

use std::collections::HashMap;
use std::sync::Arc;

use leptos::prelude::*;
use pep_core::model::{Entry, Segment};

pub use description::Description;
pub use document::DocumentCard;
pub use invalid::InvalidCard;
pub use long_text::LongTextView;
pub use media::MediaView;
pub use memory::MemoryView;
pub use skills::SkillsView;
pub use static_var::StaticVarBadge;
pub use system_prompt::SystemPromptView;
pub use text::TextView;
pub use tool_call_request::ToolCallRequestView;
pub use tool_call_result::ToolCallResultView;
pub use tool_overview::ToolOverviewView;

use crate::collapse::SegmentKey;
use crate::components::{ToolCallLine, ToolResultLine};
use pep_view::text::Text;

/// Renders one segment with the component of its kind, or a fallback card when invalid.
#[component]
pub fn SegmentView(
    /// Where the segment is.
    key: SegmentKey,
    /// The segment as decoded.
    entry: Entry<Segment>,
    /// The segment's collapse state, for kinds that fold.
    collapsed: Option<RwSignal<bool>>,
    /// Session variables, for system prompt templates.
    variables: Arc<HashMap<String, String>>,
) -> impl IntoView {
    let segment = match entry {
        Entry::Valid(segment) => segment,
        Entry::Invalid(invalid) => {
            return view! { <InvalidCard invalid=invalid title=Text::InvalidSegment /> }.into_any();
        }
    };
    // Kinds that fold always have a signal from the collapse store; the fallback keeps a
    // component usable on its own (tests, embedding).
    let fold = |initial: bool| collapsed.unwrap_or_else(|| RwSignal::new(initial));
    match segment {
        Segment::Text(segment) => view! { <TextView segment=segment /> }.into_any(),
        Segment::StaticVar(segment) => {
            view! { <StaticVarBadge key=key segment=segment /> }.into_any()
        }
        Segment::SystemPrompt(segment) => {
            let collapsed = fold(segment.collapsed);
            view! { <SystemPromptView key=key segment=segment collapsed=collapsed variables=variables /> }
                .into_any()
        }
        Segment::Memory(segment) => {
            let collapsed = fold(segment.collapsed);
            view! { <MemoryView key=key segment=segment collapsed=collapsed /> }.into_any()
        }
        Segment::Skills(segment) => {
            let collapsed = fold(segment.collapsed);
            view! { <SkillsView key=key segment=segment collapsed=collapsed /> }.into_any()
        }
        Segment::ToolOverview(segment) => {
            let collapsed = fold(segment.collapsed);
            view! { <ToolOverviewView key=key segment=segment collapsed=collapsed /> }.into_any()
        }
        // The one-line summary is for the user view (CSS shows one or the other). One
        // wrapper, so each segment stays one child of its message body (links and search
        // find segments by position).
        Segment::ToolCallRequest(segment) => {
            let collapsed = fold(segment.collapsed);
            view! {
                <div class="pe-tool-seg">
                    <ToolCallLine segment=segment.clone() />
                    <ToolCallRequestView key=key segment=segment collapsed=collapsed />
                </div>
            }
            .into_any()
        }
        Segment::ToolCallResult(segment) => {
            let collapsed = fold(segment.collapsed);
            view! {
                <div class="pe-tool-seg">
                    <ToolResultLine segment=segment.clone() />
                    <ToolCallResultView key=key segment=segment collapsed=collapsed />
                </div>
            }
            .into_any()
        }
        Segment::Document(segment) => view! { <DocumentCard key=key segment=segment /> }.into_any(),
        Segment::LongText(segment) => {
            let collapsed = fold(segment.collapsed);
            view! { <LongTextView key=key segment=segment collapsed=collapsed /> }.into_any()
        }
        Segment::Media(segment) => view! { <MediaView segment=segment /> }.into_any(),
    }
}
