//! The protocol panel (spec §7.3): its tabs, its wrap switch, and how to send an export.

mod export_tab;
mod protocol_panel;
mod send_code;
mod snippets;
mod wrap_switch;

pub use protocol_panel::ProtocolPanel;
pub use send_code::SendCode;
pub use snippets::Snippets;
