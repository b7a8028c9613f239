//! One component per segment kind (spec §3, §7), and [`SegmentView`], which dispatches on the
//! kind with an exhaustive `match`: a new kind does not compile until it has a component.
//! Each gets its segment's data as plain values from the message's shared model, and puts
//! `data-path` (DECISIONS §15) and the segment's link button on its own outermost element.

mod asked;
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

use leptos::prelude::*;
use pep_view::SegmentRef;
use pep_view::model::{SegmentModel, SegmentView as Segment};
use pep_view::text::Text;

pub use asked::AskedMarkdown;
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

use crate::components::chat::{ToolCallLine, ToolResultLine};
use crate::components::widgets::SegmentLink;

/// Renders one segment with the component of its kind, or a fallback card when invalid.
#[component]
pub fn SegmentView(
    /// Where the segment is.
    key: SegmentRef,
    /// The segment's model.
    segment: Segment,
    /// The segment's fold state, for kinds that fold.
    collapsed: Option<RwSignal<bool>>,
) -> impl IntoView {
    let segment = match segment {
        Segment::Valid(segment) => segment,
        Segment::Invalid(invalid) => {
            return view! { <InvalidCard invalid=invalid title=Text::InvalidSegment key=key /> }
                .into_any();
        }
    };
    // Kinds that fold always get a signal from the fold store; the fallback keeps a component
    // usable on its own (tests, embedding).
    let fold = |initial: bool| collapsed.unwrap_or_else(|| RwSignal::new(initial));
    match segment {
        SegmentModel::Text(markdown) => view! { <TextView key=key markdown=markdown /> }.into_any(),
        SegmentModel::StaticVar {
            name,
            value,
            description,
        } => view! {
            <StaticVarBadge key=key name=name value=value description=description />
        }
        .into_any(),
        SegmentModel::SystemPrompt {
            summary,
            pieces,
            collapsed,
        } => view! {
            <SystemPromptView key=key summary=summary pieces=pieces collapsed=fold(collapsed) />
        }
        .into_any(),
        SegmentModel::Memory {
            description,
            items,
            collapsed,
        } => view! {
            <MemoryView key=key description=description items=items collapsed=fold(collapsed) />
        }
        .into_any(),
        SegmentModel::Skills {
            description,
            items,
            collapsed,
        } => view! {
            <SkillsView key=key description=description items=items collapsed=fold(collapsed) />
        }
        .into_any(),
        SegmentModel::ToolOverview { items, collapsed } => view! {
            <ToolOverviewView key=key items=items collapsed=fold(collapsed) />
        }
        .into_any(),
        other => tool_or_content(key, other, fold),
    }
}

/// The kinds that carry tool activity or content. The one-line summary of a tool call or
/// result is for the user view (CSS shows one or the other); one wrapper keeps each segment
/// one child of its message body (links and search find segments by position).
fn tool_or_content(
    key: SegmentRef,
    segment: SegmentModel,
    fold: impl Fn(bool) -> RwSignal<bool>,
) -> AnyView {
    match segment {
        SegmentModel::ToolCallRequest { tool, arguments, line, collapsed } => view! {
            <div class="pe-tool-seg" data-path=key.path()>
                <ToolCallLine tool=tool.clone() line=line />
                <ToolCallRequestView key=key tool=tool arguments=arguments collapsed=fold(collapsed) />
                <SegmentLink />
            </div>
        }
        .into_any(),
        SegmentModel::ToolCallResult { tool, result, line, success, collapsed } => view! {
            <div class="pe-tool-seg" data-path=key.path()>
                <ToolResultLine tool=tool.clone() line=line success=success />
                <ToolCallResultView key=key tool=tool result=result success=success collapsed=fold(collapsed) />
                <SegmentLink />
            </div>
        }
        .into_any(),
        SegmentModel::Document { file_name, mime_type, size, snippet, parsed } => view! {
            <DocumentCard key=key file_name=file_name mime_type=mime_type size=size snippet=snippet parsed=parsed />
        }
        .into_any(),
        SegmentModel::LongText { content, char_count, lines, preview, cut, collapsed } => view! {
            <LongTextView
                key=key
                content=content
                char_count=char_count
                lines=lines
                preview=preview
                cut=cut
                collapsed=fold(collapsed)
            />
        }
        .into_any(),
        SegmentModel::Media { media_type, url, alt, allowed } => view! {
            <MediaView key=key media_type=media_type url=url alt=alt allowed=allowed />
        }
        .into_any(),
        // Dispatched by `SegmentView` itself.
        SegmentModel::Text(_)
        | SegmentModel::StaticVar { .. }
        | SegmentModel::SystemPrompt { .. }
        | SegmentModel::Memory { .. }
        | SegmentModel::Skills { .. }
        | SegmentModel::ToolOverview { .. } => ().into_any(),
    }
}
