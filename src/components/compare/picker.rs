//! The picker of side B (DECISIONS §13): a demo, Your envelope, a file (opened or dropped
//! here), or a pasted text: an envelope, a request, or a share link. Input over 50 MiB, an
//! unreadable file or a link that cannot be opened is refused with a message.

use std::sync::Arc;

use leptos::prelude::*;
use pep_view::MAX_INPUT_BYTES;
use pep_view::share::fragment_payload;
use pep_view::text::compare::Label;
use pep_view::text::{Lang, Text};

use super::say;
use crate::platform;
use crate::state::catalogue::{CUSTOM, DEMOS};
use crate::state::compare::{CompareSide, SideAsk, resolve};
use crate::state::lang::{tr, use_lang};

/// The picker of side B: the demos, Your envelope, a file (chosen, or dropped here), a
/// pasted text or share link.
#[component]
pub fn Picker(
    /// Gets side B, and the demo it is (the URL can then say `?compare=`).
    on_pick: Callback<(CompareSide, Option<&'static str>)>,
) -> impl IntoView {
    let lang = use_lang();
    let pick = move |side: CompareSide, demo: Option<&'static str>| on_pick.run((side, demo));
    let text = RwSignal::new(String::new());
    let refused = RwSignal::new(None::<Text>);
    let yours = move |_| {
        refused.set(None);
        leptos::task::spawn_local(async move {
            match resolve(lang.get_untracked(), SideAsk::Custom).await {
                Some(side) => pick(side, Some(CUSTOM)),
                None => {
                    refused.try_set(Some(Text::CompareUnavailable));
                }
            }
        });
    };
    let go = paste_taker(lang, text, pick, refused);
    let take = file_taker(pick, refused);
    let file = move |event: leptos::ev::Event| take(platform::files::chosen_file(&event));
    // A file dropped here is side B, not Your envelope's new text.
    let dropped = move |event: leptos::ev::DragEvent| {
        if let Some(file) = platform::dom::dropped_file(&event) {
            event.prevent_default();
            event.stop_propagation();
            take(Some(file));
        }
    };
    view! {
        <div
            class="pe-compare-picker"
            role="group"
            aria-label=say(Label::With)
            data-testid="compare-picker"
            on:drop=dropped
        >
            <p class="pe-compare-picker__title">{say(Label::With)}</p>
            <div class="pe-compare-picker__demos">
                {demo_buttons(lang, pick, refused)}
                <button type="button" class="pe-button" data-testid="compare-custom" on:click=yours>
                    {tr(Text::YourEnvelope)}
                </button>
                <label class="pe-button pe-compare-picker__file">
                    {tr(Text::OpenFile)}
                    <input type="file" accept=".json,.jsonl,application/json" data-testid="compare-file" on:change=file />
                </label>
            </div>
            <textarea
                class="pe-compare-picker__text"
                data-testid="compare-text"
                aria-label=say(Label::Paste)
                placeholder=say(Label::Paste)
                prop:value=move || text.get()
                on:input=move |event| text.set(event_target_value(&event))
            ></textarea>
            <button type="button" class="pe-button" data-testid="compare-go" on:click=go>
                {say(Label::Go)}
            </button>
            {move || refused.get().map(|text| view! {
                <p class="pe-compare-picker__error" role="alert" data-testid="compare-refused">{tr(text)}</p>
            })}
        </div>
    }
}

/// Takes the pasted text (or the link in it) as side B; over 50 MiB, or a link that cannot
/// be opened, is refused with a message.
fn paste_taker(
    lang: RwSignal<Lang>,
    text: RwSignal<String>,
    pick: impl Fn(CompareSide, Option<&'static str>) + Copy + 'static,
    refused: RwSignal<Option<Text>>,
) -> impl Fn(leptos::ev::MouseEvent) + Copy + 'static {
    move |_| {
        let typed = text.get_untracked();
        if typed.trim().is_empty() {
            return;
        }
        if typed.len() > MAX_INPUT_BYTES {
            refused.set(Some(Text::InputTooLarge));
            return;
        }
        refused.set(None);
        leptos::task::spawn_local(async move {
            match pasted(lang.get_untracked(), typed).await {
                Some(side) => pick(side, None),
                None => refused.set(Some(Text::BrokenLink)),
            }
        });
    }
}

/// Reads a chosen or dropped file as side B; one over 50 MiB (DECISIONS §9) or unreadable is
/// refused with a message.
fn file_taker(
    pick: impl Fn(CompareSide, Option<&'static str>) + Copy + 'static,
    refused: RwSignal<Option<Text>>,
) -> impl Fn(Option<platform::files::File>) + Copy + 'static {
    move |file: Option<platform::files::File>| {
        let Some(file) = file else { return };
        refused.set(None);
        if platform::files::size(&file) > MAX_INPUT_BYTES as f64 {
            refused.set(Some(Text::FileTooLarge));
            return;
        }
        leptos::task::spawn_local(async move {
            match platform::files::read_file(&file).await {
                Ok(read) => {
                    let label = platform::files::name(&file);
                    let text = Arc::from(read);
                    pick(CompareSide { label, text }, None);
                }
                Err(_) => refused.set(Some(Text::FileReadFailed)),
            }
        });
    }
}

/// A button per demo, each choosing that demo as side B.
fn demo_buttons(
    lang: RwSignal<Lang>,
    pick: impl Fn(CompareSide, Option<&'static str>) + Copy + 'static,
    refused: RwSignal<Option<Text>>,
) -> impl IntoView {
    DEMOS
        .iter()
        .map(|demo| {
            let demo_id = demo.id;
            let choose = move |_| {
                leptos::task::spawn_local(async move {
                    let ask = SideAsk::Demo(demo_id.to_owned());
                    match resolve(lang.get_untracked(), ask).await {
                        Some(side) => pick(side, Some(demo_id)),
                        // Its bundle could not be fetched (offline, not cached yet).
                        None => {
                            refused.try_set(Some(Text::CompareUnavailable));
                        }
                    }
                });
            };
            view! {
                <button type="button" class="pe-button" data-testid=format!("compare-demo-{demo_id}") on:click=choose>
                    {move || demo.title(lang.get())}
                </button>
            }
        })
        .collect_view()
}

/// A pasted text as a side: a share link is opened (`None`: it cannot be), anything else
/// taken as it is.
async fn pasted(lang: Lang, typed: String) -> Option<CompareSide> {
    let trimmed = typed.trim();
    if trimmed.is_empty() {
        return None;
    }
    let link = trimmed
        .split_once('#')
        .filter(|(before, _)| before.starts_with("http"))
        .and_then(|(_, hash)| fragment_payload(&format!("#{hash}")).map(str::to_owned));
    let label = Label::Pasted.t(lang).to_owned();
    match link {
        Some(payload) => {
            let text = platform::share::open_payload(&payload).await.ok()?;
            Some(CompareSide {
                label: Label::SharedLink.t(lang).to_owned(),
                text: Arc::from(text),
            })
        }
        None => Some(CompareSide {
            label,
            text: Arc::from(trimmed),
        }),
    }
}
