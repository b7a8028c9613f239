//! Widgets the shell, the panel and the segments share: folds, copy buttons, issue lists,
//! the JSON and markdown views, the chat list and its messages, search, the budget, linking.

mod collapsible;
pub mod context_budget;
mod copy_button;
mod disclosure;
mod issue_list;
mod json_view;
mod lang;
pub mod linking;
mod markdown_view;
mod message_list;
mod message_view;
mod search_bar;
mod share_button;
mod tool_activity;

pub use collapsible::Collapsible;
pub use copy_button::CopyButton;
pub use disclosure::Disclosure;
pub use issue_list::IssueList;
pub use json_view::JsonView;
pub use lang::{provide_lang, tr, use_lang};
pub use markdown_view::MarkdownView;
pub use message_list::MessageList;
pub use message_view::MessageView;
pub use search_bar::SearchBar;
pub use share_button::ShareButton;
pub use tool_activity::{ToolCallLine, ToolResultLine};
