//! One message: role, time and its segments in order (spec §2.2, §7.3), from the shared
//! model of the message (never copied whole).

use std::sync::Arc;

use leptos::prelude::*;
use pep_view::Role;
use pep_view::SegmentRef;
use pep_view::model::{MessageModel, MessageView as Message, SegmentView as Segment};
use pep_view::text::Text;
use pep_view::time::format_timestamp;

use super::budget::MessageBudgetBar;
use crate::components::segments::{InvalidCard, SegmentView};
use crate::platform::tasks::local_offset_minutes;
use crate::state::collapse::Collapse;
use crate::state::lang::{tr, use_lang};

/// Segments are rendered this many at a time: a message with thousands of segments (a long
/// run of tool results) would otherwise put all of them in the page at once.
pub const SEGMENTS_AT_ONCE: usize = 200;

/// A chat message, or a fallback card when the message itself is invalid.
#[component]
pub fn MessageView(
    /// Position in the envelope.
    index: usize,
    /// The message's model, shared with the list.
    message: Arc<Message>,
    /// Fold state of the envelope's segments.
    collapse: Collapse,
    /// The number of messages, when only some are rendered (a windowed list), so assistive
    /// technology can still say "message 12 of 10,000".
    #[prop(default = None)]
    set_size: Option<usize>,
    /// The segment a search jumped to: a message rendered in part shows enough to hold it.
    #[prop(default = None)]
    target: Option<RwSignal<Option<SegmentRef>>>,
) -> impl IntoView {
    let position = set_size.map(|_| index + 1);
    let model = match &*message {
        Message::Valid(model) => model,
        Message::Invalid(invalid) => {
            return view! {
                <li
                    class="pe-message pe-message--invalid"
                    data-index=index
                    aria-setsize=set_size
                    aria-posinset=position
                >
                    <InvalidCard invalid=invalid.clone() title=Text::InvalidMessage />
                </li>
            }
            .into_any();
        }
    };
    let role = model.role;
    let role_label = tr(match role {
        Role::System => Text::RoleSystem,
        Role::User => Text::RoleUser,
        Role::Assistant => Text::RoleAssistant,
        Role::Tool => Text::RoleTool,
    });
    let timestamp = model.timestamp;
    let time = format_timestamp(timestamp, local_offset_minutes(timestamp));
    // Nothing of it shows in the user view (the CSS hides the whole message then).
    let hidden_for_user = if model.model_only {
        " pe-message--model-only"
    } else {
        ""
    };
    let segments = segment_chunks(index, Arc::clone(&message), collapse, target);
    view! {
        <li
            class=format!("pe-message pe-message--{}{hidden_for_user}", role.as_str())
            data-index=index
            aria-setsize=set_size
            aria-posinset=position
            data-role=role.as_str()
            data-message-id=model.id.clone()
        >
            <div class="pe-message__meta">
                <span class=format!("pe-role pe-role--{}", role.as_str())>{role_label}</span>
                <time
                    class="pe-message__time"
                    datetime=format!("{}Z", format_timestamp(timestamp, 0).replace(' ', "T"))
                    title=timestamp.to_string()
                >
                    {time}
                </time>
                <MessageBudgetBar index=index />
                <span class="pe-message__id">{format!("#{}", model.id)}</span>
            </div>
            <div class="pe-message__body">{segments}</div>
        </li>
    }
    .into_any()
}

/// The valid model inside `message` (a valid message's).
fn segments_of(message: &Message) -> &[Segment] {
    match message {
        Message::Valid(MessageModel { segments, .. }) => segments,
        Message::Invalid(_) => &[],
    }
}

/// One segment's view: its own copy of the segment's data, and its fold signal.
fn segment_view(index: usize, position: usize, segment: &Segment, collapse: Collapse) -> AnyView {
    let key = SegmentRef::new(index, position);
    let initial = match segment {
        Segment::Valid(model) => model.collapsed(),
        Segment::Invalid(_) => None,
    };
    let collapsed = initial.map(|initial| collapse.signal(key, initial));
    view! { <SegmentView key=key segment=segment.clone() collapsed=collapsed /> }.into_any()
}

/// The segments of a message, the first [`SEGMENTS_AT_ONCE`] at first, with a button that
/// shows the next ones; a search hit further down shows enough chunks to hold it.
fn segment_chunks(
    index: usize,
    message: Arc<Message>,
    collapse: Collapse,
    target: Option<RwSignal<Option<SegmentRef>>>,
) -> AnyView {
    let total = segments_of(&message).len();
    if total <= SEGMENTS_AT_ONCE {
        return segments_of(&message)
            .iter()
            .enumerate()
            .map(|(position, segment)| segment_view(index, position, segment, collapse))
            .collect_view()
            .into_any();
    }
    let chunks = total.div_ceil(SEGMENTS_AT_ONCE);
    let shown = RwSignal::new(1_usize.min(chunks));
    if let Some(target) = target {
        Effect::new(move |_| {
            if let Some(key) = target.get()
                && key.message == index
            {
                let needed = key.segment / SEGMENTS_AT_ONCE + 1;
                if needed > shown.get_untracked() {
                    shown.set(needed.min(chunks));
                }
            }
        });
    }
    let message = StoredValue::new(message);
    let chunk = move |number: usize| {
        let start = number * SEGMENTS_AT_ONCE;
        message.with_value(|message| {
            segments_of(message)
                .iter()
                .enumerate()
                .skip(start)
                .take(SEGMENTS_AT_ONCE)
                .map(|(position, segment)| segment_view(index, position, segment, collapse))
                .collect_view()
        })
    };
    view! {
        <For each=move || 0..shown.get() key=|number| *number children=chunk />
        {more_button(total, chunks, shown)}
    }
    .into_any()
}

/// "Show 200 more segments (…left)", while some are not shown.
fn more_button(total: usize, chunks: usize, shown: RwSignal<usize>) -> impl IntoView {
    let lang = use_lang();
    move || {
        let left = total.saturating_sub(shown.get() * SEGMENTS_AT_ONCE);
        (left > 0).then(|| {
            view! {
                <button
                    type="button"
                    class="pe-button pe-message__more"
                    data-testid="more-segments"
                    on:click=move |_| shown.update(|shown| *shown = (*shown + 1).min(chunks))
                >
                    {move || lang.get().more_segments(left.min(SEGMENTS_AT_ONCE), left)}
                </button>
            }
        })
    }
}
