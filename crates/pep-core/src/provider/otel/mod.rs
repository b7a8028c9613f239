//! OpenTelemetry GenAI (DECISIONS §12): the span attributes the export writes, and the
//! import of attributes, messages with `parts` (`parts`) and OTLP/JSON traces (`otlp`).

pub(crate) mod export;
pub(crate) mod import;
pub(crate) mod otlp;
pub(crate) mod parts;
