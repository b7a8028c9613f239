//! Compare… (DECISIONS §13): picks the other side of a comparison with the envelope shown —
//! a demo, Your envelope, a file (opened or dropped here), or a pasted text: an envelope, a
//! request, or a share link.

use std::sync::Arc;

use leptos::prelude::*;
use pep_view::MAX_INPUT_BYTES;
use pep_view::share::fragment_payload;
use pep_view::text::{Lang, Text};

use crate::platform;
use crate::state::catalogue::DEMOS;
use crate::state::lang::{tr, use_lang};
use crate::state::shell::{CompareChoice, CompareSide};

/// The Compare… button and its picker, for the envelope `source` shown as `id`.
#[component]
pub fn ComparePicker(
    /// What is shown: a demo id, `custom`, `shared`, `hosted`.
    id: String,
    /// The envelope text shown: side A.
    source: Arc<str>,
) -> impl IntoView {
    let Some(CompareChoice(choice)) = use_context::<CompareChoice>() else {
        return ().into_any();
    };
    let open = RwSignal::new(false);
    let lang = use_lang();
    let a = StoredValue::new(CompareSide {
        label: side_label(lang.get_untracked(), &id),
        text: source,
    });
    let demo_a = DEMOS.iter().any(|demo| demo.id == id);
    let pick = move |b: CompareSide, demo: Option<&'static str>| {
        if let (true, Some(demo)) = (demo_a, demo) {
            let _ = platform::url::set_query_param("compare", demo, true);
        }
        choice.set(Some((a.get_value(), b)));
    };
    view! {
        <button
            type="button"
            class="pe-button"
            data-testid="compare"
            aria-expanded=move || open.get().to_string()
            on:click=move |_| open.update(|o| *o = !*o)
        >
            {tr(Text::Compare)}
        </button>
        <Show when=move || open.get()>{move || picker(lang, pick)}</Show>
    }
    .into_any()
}

/// The picker: the demos, Your envelope, a file, a pasted text or link.
fn picker(
    lang: RwSignal<Lang>,
    pick: impl Fn(CompareSide, Option<&'static str>) + Copy + 'static,
) -> impl IntoView {
    let yours = move |_| {
        leptos::task::spawn_local(async move {
            let text = match platform::storage::load_custom() {
                Some(text) => Some(text),
                None => crate::components::shell::custom_example().await,
            };
            if let Some(text) = text {
                let label = lang.get_untracked().t(Text::YourEnvelope).to_owned();
                pick(
                    CompareSide {
                        label,
                        text: Arc::from(text),
                    },
                    None,
                );
            }
        });
    };
    let text = RwSignal::new(String::new());
    let refused = RwSignal::new(None::<Text>);
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
            aria-label=tr(Text::CompareWith)
            data-testid="compare-picker"
            on:drop=dropped
        >
            <p class="pe-compare-picker__title">{tr(Text::CompareWith)}</p>
            <div class="pe-compare-picker__demos">
                {demo_buttons(lang, pick)}
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
                aria-label=tr(Text::ComparePaste)
                placeholder=tr(Text::ComparePaste)
                prop:value=move || text.get()
                on:input=move |event| text.set(event_target_value(&event))
            ></textarea>
            <button type="button" class="pe-button" data-testid="compare-go" on:click=go>
                {tr(Text::CompareGo)}
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
) -> impl IntoView {
    DEMOS
        .iter()
        .map(|demo| {
            let demo_id = demo.id;
            let choose = move |_| {
                leptos::task::spawn_local(async move {
                    if let Some(text) = demo_text(demo_id).await {
                        let label = side_label(lang.get_untracked(), demo_id);
                        let text = Arc::from(text);
                        pick(CompareSide { label, text }, Some(demo_id));
                    }
                });
            };
            view! {
                <button type="button" class="pe-button" data-testid=format!("compare-demo-{demo_id}") on:click=choose>
                    {move || if lang.get() == Lang::Zh { demo.title_zh } else { demo.title_en }}
                </button>
            }
        })
        .collect_view()
}

/// A side's name: a demo's title, else what `id` says it is.
pub fn side_label(lang: Lang, id: &str) -> String {
    match DEMOS.iter().find(|demo| demo.id == id) {
        Some(demo) if lang == Lang::Zh => demo.title_zh.to_owned(),
        Some(demo) => demo.title_en.to_owned(),
        None if id == crate::components::shell::CUSTOM => lang.t(Text::YourEnvelope).to_owned(),
        None => id.to_owned(),
    }
}

/// A demo's envelope text, from its view bundle.
pub async fn demo_text(id: &str) -> Option<String> {
    let demo = DEMOS.iter().find(|demo| demo.id == id)?;
    let bytes = platform::fetch::bytes(demo.bundle).await.ok()?;
    pep_view::wire::decode::<pep_view::model::Bundle>(&bytes)
        .ok()
        .map(|bundle| bundle.source)
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
    let label = match lang {
        Lang::Zh => "粘贴的文本".to_owned(),
        Lang::En => "pasted text".to_owned(),
    };
    match link {
        Some(payload) => {
            let text = platform::share::open_payload(&payload).await.ok()?;
            Some(CompareSide {
                label: "share link".to_owned(),
                text: Arc::from(text),
            })
        }
        None => Some(CompareSide {
            label,
            text: Arc::from(trimmed),
        }),
    }
}
