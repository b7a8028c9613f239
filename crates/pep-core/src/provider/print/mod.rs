//! What every provider's export prints with: one pass of pretty JSON text (`writer`), its
//! escaping, the lines each part came from (`links`), and the [`Printer`] that joins them.

mod base64;
mod escape;
mod links;
pub(crate) mod turns;
mod writer;

pub(crate) use base64::percent_data_as_base64;
pub use links::Link;
pub(crate) use links::Recorder;
pub(crate) use writer::{Writer, compact};

/// What a printer writes into: the text and its links.
pub(crate) struct Printer<'m> {
    pub(crate) writer: writer::Writer<'m>,
    pub(crate) links: links::Recorder,
}

impl Printer<'_> {
    /// The member `key` with one element per declared tool, each written by `print`; none
    /// when there are no tools (every format leaves the key out then).
    pub(crate) fn tools(
        &mut self,
        key: &str,
        tools: &[crate::lower::Tool<'_>],
        print: fn(&crate::lower::Tool<'_>, &mut Printer<'_>),
    ) {
        if tools.is_empty() {
            return;
        }
        self.writer.key(key);
        self.writer.begin_array();
        for tool in tools {
            print(tool, self);
        }
        self.writer.end_array();
    }

    /// The next array element as an object of string fields, linked to `sources` (a tool
    /// message, a Responses call or output: flat items every printer writes alike).
    pub(crate) fn flat_item(
        &mut self,
        fields: &[(&str, &str)],
        sources: impl FnOnce() -> Vec<crate::path::SegmentRef>,
    ) {
        let w = &mut self.writer;
        w.element();
        let first = w.line();
        w.begin_object();
        for (key, value) in fields {
            w.field(key, value);
        }
        w.end_object();
        self.links.add(first, w.line(), sources);
    }
}
