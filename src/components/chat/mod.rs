//! The chat column: its toolbar (count, search, view switch, folds, Share, Edit a copy), the
//! stepper, the context budget, and the windowed list of messages.

mod budget;
mod message_list;
mod message_view;
mod search_bar;
mod stepper;
mod tool_activity;
mod toolbar;

pub use budget::{ContextBudget, MessageBudgetBar, MessageSizes};
pub use message_list::MessageList;
pub use message_view::{MessageView, SEGMENTS_AT_ONCE};
pub use search_bar::SearchBar;
pub use stepper::Stepper;
pub use tool_activity::{ToolCallLine, ToolResultLine};
pub use toolbar::Toolbar;
