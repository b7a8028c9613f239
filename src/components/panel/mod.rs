//! The protocol panel (spec §7.3): its tabs, and how to send an export.

mod export_tab;
mod protocol_panel;
mod send_code;

pub use protocol_panel::ProtocolPanel;
pub use send_code::SendCode;
