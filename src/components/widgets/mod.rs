//! Widgets the shell, the chat, the panel and the segments share: folds, disclosures, copy
//! buttons, segment links, issue lists, the JSON and markdown views, Share, Compare….

mod collapsible;
mod compare_button;
mod copy_button;
mod disclosure;
mod issue_list;
mod json_view;
mod markdown_view;
mod segment_link;
mod share_button;
mod windowed_json;

pub use collapsible::Collapsible;
pub use compare_button::CompareButton;
pub use copy_button::CopyButton;
pub use disclosure::Disclosure;
pub use issue_list::{IssueList, message};
pub use json_view::{JsonText, JsonView};
pub use markdown_view::MarkdownView;
pub use segment_link::SegmentLink;
pub use share_button::ShareButton;
