//! One message: role, time and its segments in order (spec §2.2, §7.3).

use std::collections::HashMap;
use std::sync::Arc;

use leptos::prelude::*;
use pep_core::model::{Entry, Message, Role, Segment};

use crate::browser::local_offset_minutes;
use crate::collapse::{Collapse, SegmentKey};
use crate::components::context_budget::MessageBudgetBar;
use crate::components::segments::{InvalidCard, SegmentView};
use crate::components::tr;
use crate::components::use_lang;
use pep_view::text::Text;
use pep_view::time::format_timestamp;
use pep_view::view_mode::model_only;

/// A chat message, or a fallback card when the message itself is invalid.
#[component]
pub fn MessageView(
    /// Position in the envelope.
    index: usize,
    /// The message as decoded.
    entry: Entry<Message>,
    /// Collapse state of the envelope's segments.
    collapse: Collapse,
    /// Session variables for system prompt templates.
    variables: Arc<HashMap<String, String>>,
    /// The number of messages, when only some are rendered (a windowed list), so assistive
    /// technology can still say "message 12 of 10,000".
    #[prop(default = None)]
    set_size: Option<usize>,
    /// The segment a search jumped to: a message rendered in part shows enough to hold it.
    #[prop(default = None)]
    target: Option<RwSignal<Option<SegmentKey>>>,
) -> impl IntoView {
    let position = set_size.map(|_| index + 1);
    let message = match entry {
        Entry::Valid(message) => message,
        Entry::Invalid(invalid) => {
            return view! {
                <li
                    class="pe-message pe-message--invalid"
                    data-index=index
                    aria-setsize=set_size
                    aria-posinset=position
                >
                    <InvalidCard invalid=invalid title=Text::InvalidMessage />
                </li>
            }
            .into_any();
        }
    };
    let role = message.role;
    let role_label = tr(match role {
        Role::System => Text::RoleSystem,
        Role::User => Text::RoleUser,
        Role::Assistant => Text::RoleAssistant,
        Role::Tool => Text::RoleTool,
    });
    let time = format_timestamp(message.timestamp, local_offset_minutes(message.timestamp));
    // Nothing of it shows in the user view (the CSS hides the whole message then).
    let hidden_for_user = if model_only(&message.segments) {
        " pe-message--model-only"
    } else {
        ""
    };
    let segments = segment_chunks(index, message.segments, collapse, variables, target);
    view! {
        <li
            class=format!("pe-message pe-message--{}{hidden_for_user}", role.as_str())
            data-index=index
            aria-setsize=set_size
            aria-posinset=position
            data-role=role.as_str()
            data-message-id=message.id.clone()
        >
            <div class="pe-message__meta">
                <span class=format!("pe-role pe-role--{}", role.as_str())>{role_label}</span>
                <time
                    class="pe-message__time"
                    datetime=format!("{}Z", format_timestamp(message.timestamp, 0).replace(' ', "T"))
                    title=message.timestamp.to_string()
                >
                    {time}
                </time>
                <MessageBudgetBar index=index />
                <span class="pe-message__id">{format!("#{}", message.id)}</span>
            </div>
            <div class="pe-message__body">{segments}</div>
        </li>
    }
    .into_any()
}

/// Segments are rendered this many at a time: a message with thousands of segments (a long
/// run of tool results) would otherwise put all of them in the page at once.
pub const SEGMENTS_AT_ONCE: usize = 200;

/// The segments of a message, the first [`SEGMENTS_AT_ONCE`] at first, with a button that
/// shows the next ones; a search hit further down shows enough chunks to hold it.
fn segment_chunks(
    index: usize,
    segments: Vec<Entry<Segment>>,
    collapse: Collapse,
    variables: Arc<HashMap<String, String>>,
    target: Option<RwSignal<Option<SegmentKey>>>,
) -> AnyView {
    let total = segments.len();
    if total <= SEGMENTS_AT_ONCE {
        // The usual message: its segments are moved into their views, no store, no copies.
        return segments
            .into_iter()
            .enumerate()
            .map(|(position, entry)| {
                let key = SegmentKey::new(index, position);
                view! {
                    <SegmentView
                        key=key
                        entry=entry
                        collapsed=collapse.signal(key)
                        variables=variables.clone()
                    />
                }
            })
            .collect_view()
            .into_any();
    }
    let chunks = total.div_ceil(SEGMENTS_AT_ONCE);
    let shown = RwSignal::new(1_usize.min(chunks));
    if let Some(target) = target {
        Effect::new(move |_| {
            if let Some(SegmentKey { message, segment }) = target.get()
                && message == index
            {
                let needed = segment / SEGMENTS_AT_ONCE + 1;
                if needed > shown.get_untracked() {
                    shown.set(needed.min(chunks));
                }
            }
        });
    }
    let segments = StoredValue::new(segments);
    let chunk = move |number: usize| {
        let start = number * SEGMENTS_AT_ONCE;
        segments.with_value(|segments| {
            segments
                .iter()
                .enumerate()
                .skip(start)
                .take(SEGMENTS_AT_ONCE)
                .map(|(position, entry)| {
                    let key = SegmentKey::new(index, position);
                    view! {
                        <SegmentView
                            key=key
                            entry=entry.clone()
                            collapsed=collapse.signal(key)
                            variables=variables.clone()
                        />
                    }
                })
                .collect_view()
        })
    };
    let lang = use_lang();
    let more = move || {
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
    };
    view! {
        <For each=move || 0..shown.get() key=|number| *number children=chunk />
        {more}
    }
    .into_any()
}
