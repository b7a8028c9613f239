//! The viewer's components, by what they are: the [`shell`] (the app, its top bar and modes:
//! the demos, Your envelope, a shared or hosted envelope, embedding), shared [`widgets`], the
//! protocol [`panel`], and one component per segment kind under [`segments`]. What they render
//! from plain data — markdown, JSON tokens and lines — is in the leptos-free
//! [`crate::render`].

pub mod panel;
pub mod segments;
pub mod shell;
pub mod widgets;

pub use panel::{PanelTab, ProtocolPanel, SendCode};
pub use shell::app::{self, App, PanelChoice, Shell};
pub use shell::{
    CustomView, EnvelopeView, SharedLink, ThemeControl, ThemeSwitch, TopBar, ViewSwitch, host,
    incoming, provide_theme, use_theme, use_view_mode,
};
pub use widgets::{
    Collapsible, CopyButton, Disclosure, IssueList, JsonView, MarkdownView, MessageList,
    MessageView, SearchBar, ShareButton, ToolCallLine, ToolResultLine, context_budget, linking,
    provide_lang, tr, use_lang,
};
