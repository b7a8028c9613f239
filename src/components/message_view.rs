//! One message: role, time and its segments in order (spec §2.2, §7.3).

use std::collections::HashMap;
use std::sync::Arc;

use leptos::prelude::*;
use pep_core::model::{Entry, Message, Role};

use super::segments::{InvalidCard, SegmentView};
use super::tr;
use crate::collapse::Collapse;
use crate::i18n::Text;
use crate::time::{format_timestamp, local_offset_minutes};

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
    let segments = message
        .segments
        .into_iter()
        .enumerate()
        .map(|(position, entry)| {
            let key = (index, position);
            view! {
                <SegmentView
                    key=key
                    entry=entry
                    collapsed=collapse.signal(key)
                    variables=variables.clone()
                />
            }
        })
        .collect_view();
    view! {
        <li
            class=format!("pe-message pe-message--{}", role.as_str())
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
                <span class="pe-message__id">{format!("#{}", message.id)}</span>
            </div>
            <div class="pe-message__body">{segments}</div>
        </li>
    }
    .into_any()
}
