//! The whole app: top bar, then the selected demo, the user's envelope, a shared one or the
//! one a framing host loaded. Owns the URL state (`?demo=`, `?lang=`, `?view=`, `?panel=`,
//! `?embed=`, `?present=`, `?compare=`, `?at=`, `#envelope=`).

use leptos::prelude::*;
use pep_view::host::HostIssue;
use pep_view::route::{Panel, is_embed, is_present};
use pep_view::share::fragment_payload;
use pep_view::text::{Lang, Text};
use pep_view::view_mode::ViewMode;

use super::page_keys::page_keys;
use super::{DemoView, EnvelopeLayout, LazyHost, TopBar};
use crate::platform;
use crate::state::catalogue;
use crate::state::compare::SideAsk;
use crate::state::engine::use_engine;
use crate::state::lang::{provide_lang, tr};
use crate::state::options::{AtAsk, PanelChoice, Presenter, StepAsk, ViewModeState, Wrap};
use crate::state::shell::{HostOptions, Hosted, Incoming, LazyShown, Shell};
use crate::state::theme::provide_theme;

pub use crate::state::catalogue::CUSTOM;

/// The first demo's bundle, fetched before the app started (it is in the first render).
#[derive(Debug, Clone, Default)]
pub struct FirstBundle(pub Option<(&'static str, Vec<u8>)>);

/// The viewer application.
#[component]
pub fn App(
    /// The bundle of the demo the URL asks for, when it was fetched before the start.
    #[prop(optional)]
    first: FirstBundle,
) -> impl IntoView {
    let lang = RwSignal::new(match platform::url::query_param("lang") {
        Some(tag) => Lang::from_tag(&tag),
        None => Lang::from_tag(&platform::url::language()),
    });
    let hosted = provide_url_state(lang);
    // Embed mode (DECISIONS §8): the conversation and the panel only.
    let embed = is_embed(platform::url::query_param("embed").as_deref());
    // A share link wins over `?demo=`; a new one pasted into the address bar opens too.
    let shared = RwSignal::new(fragment_payload(&platform::url::hash()).map(str::to_owned));
    platform::url::on_hashchange(move || {
        shared.set(fragment_payload(&platform::url::hash()).map(str::to_owned))
    });
    let demo_id = RwSignal::new(pick());
    // A `?demo=` that names no demo shows the default: say so in the URL too.
    if platform::url::query_param("demo")
        .is_some_and(|requested| requested != demo_id.get_untracked())
    {
        let _ = platform::url::set_query_param("demo", &demo_id.get_untracked(), false);
    }
    // Back / Forward: the demo and the step (`?step=`) of that entry. The step is asked for
    // once the entry's envelope has replaced the one shown, which would otherwise take it.
    let step = crate::state::options::use_step_ask();
    platform::url::on_popstate(move || {
        demo_id.set(pick());
        compare_from_url(
            lang.get_untracked(),
            &demo_id.get_untracked(),
            shown_alone(shared),
        );
        let asked = pep_view::step::from_query(platform::url::query_param("step").as_deref());
        set_timeout(move || step.set(asked), std::time::Duration::ZERO);
    });
    provide_shell(embed, shared, demo_id);
    // `?demo=X&compare=Y` (DECISIONS §13): the comparison, once the page is there.
    platform::tasks::after_paint(move || {
        compare_from_url(
            lang.get_untracked(),
            &demo_id.get_untracked(),
            shown_alone(shared),
        );
    });
    // Presenter mode (`?present=1`): large type for a projector; never in embed mode.
    let present =
        RwSignal::new(!embed && is_present(platform::url::query_param("present").as_deref()));
    provide_context(Presenter(present));
    provide_context(Wrap::remembered());
    page_keys(present, lang);
    let first = StoredValue::new(first.0);
    view! {
        <div class="pe-app" class:pe-app--embed=embed class:pe-app--present=present>
            {(!embed).then(|| top_bar(lang, shared, demo_id))}
            // Without the top bar the page still needs its heading (axe: page-has-heading-one).
            {embed.then(|| view! { <header class="pe-sr-only"><h1>"Prompt Envelope"</h1></header> })}
            {move || refused_panel(hosted.refused.get())}
            {move || content(hosted, shared, demo_id, embed, first)}
        </div>
    }
}

/// Whether `?compare=` cannot apply: in embed mode (no Compare… there) or when a share link
/// is shown, which is not the `?demo=` the URL names.
fn shown_alone(shared: RwSignal<Option<String>>) -> bool {
    is_embed(platform::url::query_param("embed").as_deref()) || shared.get_untracked().is_some()
}

/// Shows the comparison `?compare=Y` asks for, of the demo `demo` (or Your envelope) with Y
/// (a demo or `custom`; anything else is dropped from the URL, as an unknown `?demo=` is
/// corrected); none without it (Back to such a URL ends the one shown).
fn compare_from_url(lang: Lang, demo: &str, alone: bool) {
    let asked = platform::url::query_param("compare");
    match asked.filter(|other| !alone && SideAsk::from_id(other).is_some()) {
        Some(other) => platform::compare::open(lang, (demo, None, None), Some(&other)),
        None => {
            platform::compare::close();
            let _ = platform::url::remove_query_param("compare");
        }
    }
}

/// `?demo=custom` is the user's own envelope; anything else names a demo.
fn pick() -> String {
    let requested = platform::url::query_param("demo");
    if requested.as_deref() == Some(CUSTOM) {
        return CUSTOM.to_owned();
    }
    catalogue::pick(requested.as_deref()).id.to_owned()
}

fn top_bar(
    lang: RwSignal<Lang>,
    shared: RwSignal<Option<String>>,
    demo_id: RwSignal<String>,
) -> impl IntoView {
    let select_demo = move |id: String| {
        if shared.get_untracked().is_some() {
            platform::url::clear_hash();
            shared.set(None);
        } else if demo_id.get_untracked() == id {
            return;
        }
        let _ = platform::url::set_query_param("demo", &id, true);
        demo_id.set(id);
        platform::viewport::scroll_to_y(0.0);
    };
    let switch_lang = move |next: Lang| {
        let code = if next == Lang::Zh { "zh" } else { "en" };
        let _ = platform::url::set_query_param("lang", code, false);
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
    view! { <TopBar current=current on_select=select_demo on_lang=switch_lang /> }
}

/// Reads `?view=`, `?panel=` and `?theme=` into the contexts every view uses, keeps
/// `<html lang>` in step with `lang`, and answers a framing host.
fn provide_url_state(lang: RwSignal<Lang>) -> Hosted {
    provide_lang(lang);
    let theme = provide_theme();
    let view = RwSignal::new(ViewMode::from_query(
        platform::url::query_param("view").as_deref(),
    ));
    provide_context(ViewModeState(view));
    Effect::new(move || platform::dom::set_root_attribute("lang", lang.get().code()));
    let panel = PanelChoice::new(Panel::from_query(
        platform::url::query_param("panel").as_deref(),
    ));
    provide_context(panel);
    // `?step=k` (DECISIONS §13): the first envelope shown takes it; out of range is the last.
    let step = RwSignal::new(pep_view::step::from_query(
        platform::url::query_param("step").as_deref(),
    ));
    provide_context(StepAsk(step));
    // `?at=` (DECISIONS §15): the first envelope shown opens on that place.
    let at = RwSignal::new(platform::url::query_param("at"));
    provide_context(AtAsk(at));
    let hosted = Hosted {
        shown: RwSignal::new(None),
        refused: RwSignal::new(Vec::new()),
    };
    // The embedding API answers only when framed.
    let options = HostOptions {
        lang,
        view,
        panel,
        theme,
        step,
        at,
    };
    super::host::connect(hosted, options);
    hosted
}

/// The shell's services (opening Your envelope), and, outside embed mode, paste anywhere and
/// drop a file, which go to Your envelope. The worker starts once the page has painted.
fn provide_shell(embed: bool, shared: RwSignal<Option<String>>, demo_id: RwSignal<String>) {
    let open_custom = Callback::new(move |()| {
        if shared.get_untracked().is_some() {
            platform::url::clear_hash();
            shared.set(None);
        }
        let _ = platform::url::set_query_param("demo", CUSTOM, true);
        demo_id.set(CUSTOM.to_owned());
        platform::viewport::scroll_to_y(0.0);
    });
    provide_context(Shell { embed, open_custom });
    if !embed {
        let incoming = Incoming(RwSignal::new(None));
        provide_context(incoming);
        super::incoming::listen(move || {
            if demo_id.get_untracked() != CUSTOM {
                open_custom.run(());
            }
        });
    }
    platform::tasks::after_paint(move || use_engine().start());
}

/// What the page shows: a hosted envelope, a shared one, Your envelope or a demo.
fn content(
    hosted: Hosted,
    shared: RwSignal<Option<String>>,
    demo_id: RwSignal<String>,
    embed: bool,
    first: StoredValue<Option<(&'static str, Vec<u8>)>>,
) -> AnyView {
    if let Some(doc) = hosted.shown.get() {
        return view! { <EnvelopeLayout doc=doc id="hosted" file_stem="envelope" /> }.into_any();
    }
    // The envelopes the lazy module shows: the page's first render carries none of them.
    if let Some(payload) = shared.get() {
        return view! { <LazyHost shown=LazyShown::Shared(payload) /> }.into_any();
    }
    let id = demo_id.get();
    if id == CUSTOM {
        // Embed mode's `?demo=custom` is the stored envelope, read-only.
        let shown = if embed {
            LazyShown::Stored
        } else {
            LazyShown::Custom
        };
        return view! { <LazyHost shown=shown /> }.into_any();
    }
    let demo = catalogue::pick(Some(&id));
    // The bundle fetched before the start is for the first render only.
    let bundle = first
        .try_update_value(|first| first.take_if(|(wanted, _)| *wanted == demo.id))
        .flatten()
        .map(|(_, bytes)| bytes);
    match bundle {
        Some(bundle) => view! { <DemoView demo=demo bundle=bundle /> }.into_any(),
        None => view! { <DemoView demo=demo /> }.into_any(),
    }
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
