//! The whole app: top bar, then the selected demo, the user's envelope or a shared one. Owns
//! the URL state (`?demo=`, `?lang=`, `?view=`, `?panel=`, `?embed=`, `#envelope=`).

use leptos::prelude::*;

use crate::browser;
use crate::components::host::{self, Hosted};
use crate::components::incoming::{self, Incoming};
use crate::components::{CustomView, EnvelopeView, SharedLink, TopBar, provide_lang, tr};
use crate::demos::Catalogue;
use crate::embed::HostIssue;
use crate::share::fragment_payload;
use pep_view::route::{Panel, is_embed};
use pep_view::text::{Lang, Text};
use pep_view::view_mode::ViewMode;

/// What the shell offers the views inside it.
#[derive(Debug, Clone, Copy)]
pub struct Shell {
    /// Embed mode: no top bar, no editor, nothing that leaves the view.
    pub embed: bool,
    /// Shows the user's own envelope (after "Edit a copy" saved one there).
    pub open_custom: Callback<()>,
}

/// The protocol panel as the URL (or an embedding host) chose it: its open tab, and whether it
/// is shown at all (`?panel=none`).
#[derive(Debug, Clone, Copy)]
pub struct PanelChoice {
    /// The open tab, shared by every envelope shown.
    pub tab: RwSignal<crate::components::PanelTab>,
    /// Whether the panel is shown.
    pub shown: RwSignal<bool>,
}

/// The `?demo=` value of the user's own envelope.
pub const CUSTOM: &str = "custom";

/// The viewer application.
#[component]
pub fn App() -> impl IntoView {
    let lang = RwSignal::new(match browser::query_param("lang") {
        Some(tag) => Lang::from_tag(&tag),
        None => Lang::from_tag(&browser::language()),
    });
    let hosted = provide_url_state(lang);
    // Embed mode (DECISIONS §8): the conversation and the panel only.
    let embed = is_embed(browser::query_param("embed").as_deref());
    // A share link wins over `?demo=`; a new one pasted into the address bar opens too.
    let shared = RwSignal::new(fragment_payload(&browser::hash()).map(str::to_owned));
    browser::on_hashchange(move || {
        shared.set(fragment_payload(&browser::hash()).map(str::to_owned))
    });

    let catalogue = match Catalogue::embedded() {
        Ok(catalogue) => catalogue,
        Err(message) => {
            return view! {
                <div class="pe-fatal" role="alert">
                    <h1>{move || lang.get().t(Text::CannotRead)}</h1>
                    <pre>{message}</pre>
                </div>
            }
            .into_any();
        }
    };
    let demos = StoredValue::new(catalogue);
    // `?demo=custom` is the user's own envelope; anything else names a demo.
    let pick = move || {
        let requested = browser::query_param("demo");
        if requested.as_deref() == Some(CUSTOM) {
            return CUSTOM.to_owned();
        }
        demos.with_value(|c| c.pick(requested.as_deref()).id.clone())
    };
    let demo_id = RwSignal::new(pick());
    // A `?demo=` that names no demo shows the default: say so in the URL too.
    if browser::query_param("demo").is_some_and(|requested| requested != demo_id.get_untracked()) {
        let _ = browser::set_query_param("demo", &demo_id.get_untracked(), false);
    }
    browser::on_popstate(move || demo_id.set(pick()));

    let select_demo = move |id: String| {
        if shared.get_untracked().is_some() {
            browser::clear_hash();
            shared.set(None);
        } else if demo_id.get_untracked() == id {
            return;
        }
        let _ = browser::set_query_param("demo", &id, true);
        demo_id.set(id);
        window().scroll_to_with_x_and_y(0.0, 0.0);
    };
    provide_shell(embed, shared, demo_id);
    let switch_lang = move |next: Lang| {
        let _ = browser::set_query_param("lang", if next == Lang::Zh { "zh" } else { "en" }, false);
        lang.set(next);
    };

    // While a shared envelope is shown, no demo button is pressed.
    let current = Signal::derive(move || {
        if shared.get().is_some() {
            String::new()
        } else {
            demo_id.get()
        }
    });
    view! {
        <div class="pe-app" class:pe-app--embed=embed>
            {(!embed).then(|| view! {
                <TopBar
                    demos=demos.with_value(|c| c.demos.clone())
                    current=current
                    on_select=select_demo
                    on_lang=switch_lang
                />
            })}
            // Without the top bar the page still needs its heading (axe: page-has-heading-one).
            {embed.then(|| view! { <header class="pe-sr-only"><h1>"Prompt Envelope"</h1></header> })}
            {move || refused_panel(hosted.refused.get())}
            {move || content(hosted, shared, demo_id, demos, embed)}
        </div>
    }
    .into_any()
}

/// Reads `?view=`, `?panel=` and `?theme=` into the contexts every view uses, keeps
/// `<html lang>` in step with `lang`, and answers a framing host.
fn provide_url_state(lang: RwSignal<Lang>) -> Hosted {
    provide_lang(lang);
    crate::components::provide_theme();
    let view_mode = RwSignal::new(ViewMode::from_query(
        browser::query_param("view").as_deref(),
    ));
    provide_context(view_mode);
    Effect::new(move || {
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("lang", lang.get().code());
        }
    });
    let panel = Panel::from_query(browser::query_param("panel").as_deref());
    let choice = PanelChoice {
        tab: RwSignal::new(panel.tab()),
        shown: RwSignal::new(panel != Panel::Hidden),
    };
    provide_context(choice);
    // What a framing host loads (the embedding API answers only when framed).
    let hosted = Hosted {
        source: RwSignal::new(None),
        refused: RwSignal::new(Vec::new()),
    };
    host::connect(hosted, lang, view_mode, choice);
    hosted
}

/// The shell's services (opening Your envelope), and, outside embed mode, paste anywhere and
/// drop a file, which go to Your envelope.
fn provide_shell(embed: bool, shared: RwSignal<Option<String>>, demo_id: RwSignal<String>) {
    let open_custom = Callback::new(move |()| {
        if shared.get_untracked().is_some() {
            browser::clear_hash();
            shared.set(None);
        }
        let _ = browser::set_query_param("demo", CUSTOM, true);
        demo_id.set(CUSTOM.to_owned());
        window().scroll_to_with_x_and_y(0.0, 0.0);
    });
    provide_context(Shell { embed, open_custom });
    if !embed {
        let incoming = Incoming(RwSignal::new(None));
        provide_context(incoming);
        incoming::listen(incoming, move || {
            if demo_id.get_untracked() != CUSTOM {
                open_custom.run(());
            }
        });
    }
}

/// What the page shows: a hosted envelope, a shared one, Your envelope or a demo.
fn content(
    hosted: Hosted,
    shared: RwSignal<Option<String>>,
    demo_id: RwSignal<String>,
    demos: StoredValue<Catalogue>,
    embed: bool,
) -> AnyView {
    if let Some(source) = hosted.source.get() {
        return view! { <EnvelopeView source=source file_stem="envelope" id="hosted" /> }
            .into_any();
    }
    if let Some(payload) = shared.get() {
        return view! { <SharedLink payload=payload /> }.into_any();
    }
    let id = demo_id.get();
    if id == CUSTOM {
        let example = demos.with_value(|c| c.pick(None).source);
        if embed {
            // Read-only in embed mode: the stored envelope, no editor.
            let source = browser::load_custom().unwrap_or_else(|| example.to_owned());
            return view! { <EnvelopeView source=source file_stem="envelope" id=CUSTOM /> }
                .into_any();
        }
        return view! { <CustomView example=example /> }.into_any();
    }
    let demo = demos.with_value(|c| c.pick(Some(&id)).clone());
    let file_stem = demo.file.trim_end_matches(".json").to_owned();
    view! { <EnvelopeView source=demo.source file_stem=file_stem id=demo.id /> }.into_any()
}

/// The host's last refused `load` or `set`, as one error panel (the envelope shown stays).
fn refused_panel(issues: Vec<HostIssue>) -> Option<impl IntoView> {
    (!issues.is_empty()).then(|| {
        let rows = issues
            .into_iter()
            .map(|issue| view! { <li><code>{issue.path}</code>" "{issue.message}</li> })
            .collect_view();
        view! {
            <div class="pe-host-error" role="alert" data-testid="host-error">
                <p>{tr(Text::HostRefused)}</p>
                <ul>{rows}</ul>
            </div>
        }
    })
}
