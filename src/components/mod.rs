//! The viewer's components: one file per widget, one per segment kind under [`segments`].

mod app;
mod collapsible;
mod copy_button;
mod custom_view;
mod disclosure;
mod envelope_view;
mod issue_list;
mod json_view;
mod lang;
mod markdown_view;
mod message_list;
mod message_view;
mod panel_tab;
mod protocol_panel;
mod search_bar;
pub mod segments;
mod send_code;
mod top_bar;

pub use app::App;
pub use collapsible::Collapsible;
pub use copy_button::CopyButton;
pub use custom_view::CustomView;
pub use disclosure::Disclosure;
pub use envelope_view::EnvelopeView;
pub use issue_list::IssueList;
pub use json_view::JsonView;
pub use lang::{provide_lang, tr, use_lang};
pub use markdown_view::MarkdownView;
pub use message_list::MessageList;
pub use message_view::MessageView;
pub use panel_tab::PanelTab;
pub use protocol_panel::ProtocolPanel;
pub use search_bar::SearchBar;
pub use send_code::SendCode;
pub use top_bar::TopBar;
