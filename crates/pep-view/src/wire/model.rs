//! [`Wire`] for the view model.

use crate::links::LineLinks;
use crate::model::{
    BudgetView, Bundle, EnvelopeView, ExportView, ImportSummary, InvalidModel, IssueView,
    IssuesView, Markdown, MarkdownKey, MessageModel, MessageView, Opened, PromptPiece, Request,
    RequestListView, RequestRow, Response, RowBreak, RowCache, RowSegment, SecretFound,
    SegmentModel, SegmentView, SkillView, ToolView, ValueClass,
};
use crate::panel_tab::PanelTab;
use crate::wire_struct;

use super::impls::put_slice;
use super::{Decoder, Encoder, Wire, WireError};

/// [`Wire`] for an enum: a tag, then the variant's fields in order.
macro_rules! wire_variants {
    ($ty:ident { $($tag:literal => $variant:ident $( { $($field:ident),* } )? $( ($($value:ident),*) )?),* $(,)? }) => {
        impl Wire for $ty {
            fn put(&self, out: &mut Encoder) {
                match self {
                    $(
                        $ty::$variant $( { $($field),* } )? $( ($($value),*) )? => {
                            out.byte($tag);
                            $( $( Wire::put($field, out); )* )?
                            $( $( Wire::put($value, out); )* )?
                        }
                    )*
                }
            }
            fn take(input: &mut Decoder<'_>) -> Result<Self, WireError> {
                match input.byte()? {
                    $(
                        $tag => Ok($ty::$variant
                            $( { $($field: Wire::take(input)?),* } )?
                            $( ($({ let $value = Wire::take(input)?; $value }),*) )?),
                    )*
                    _ => Err(input.error(stringify!($ty))),
                }
            }
        }
    };
}

wire_struct!(Bundle {
    source,
    responses,
    note_zh,
    note_en
});
wire_struct!(IssueView {
    severity,
    path,
    place,
    en,
    zh
});
wire_struct!(IssuesView {
    listed,
    errors,
    warnings
});
impl Wire for ExportView {
    fn put(&self, out: &mut Encoder) {
        self.format.put(out);
        self.text.put(out);
        out.u32s(&self.line_starts);
        self.warnings.put(out);
        self.checks.put(out);
        self.size.put(out);
        self.links.put(out);
        self.model.put(out);
    }
    fn take(input: &mut Decoder<'_>) -> Result<Self, WireError> {
        Ok(ExportView {
            format: Wire::take(input)?,
            text: Wire::take(input)?,
            line_starts: input.u32s()?,
            warnings: Wire::take(input)?,
            checks: Wire::take(input)?,
            size: Wire::take(input)?,
            links: Wire::take(input)?,
            model: Wire::take(input)?,
        })
    }
}
wire_struct!(BudgetView {
    kinds,
    messages,
    requests,
    context_window
});
impl Wire for EnvelopeView {
    fn put(&self, out: &mut Encoder) {
        out.u32s(&self.heights);
        self.segment_count.put(out);
        self.issues.put(out);
        self.start.put(out);
        self.messages.put(out);
        self.export.put(out);
        self.raw.put(out);
    }
    fn take(input: &mut Decoder<'_>) -> Result<Self, WireError> {
        Ok(EnvelopeView {
            heights: input.u32s()?,
            segment_count: Wire::take(input)?,
            issues: Wire::take(input)?,
            start: Wire::take(input)?,
            messages: Wire::take(input)?,
            export: Wire::take(input)?,
            raw: Wire::take(input)?,
        })
    }
}
wire_struct!(SecretFound { path, kind });
wire_struct!(ImportSummary {
    source,
    messages,
    warnings
});
wire_struct!(MessageModel {
    id,
    role,
    timestamp,
    model_only,
    segments
});
wire_struct!(InvalidModel {
    path,
    kind,
    errors,
    raw
});
wire_struct!(SkillView {
    name,
    description,
    in_registry
});
wire_struct!(ToolView {
    name,
    description,
    parameters,
    schema
});

wire_variants!(Opened { 0 => Unreadable(issues), 1 => Envelope(envelope), 2 => Requests(issues) });
wire_struct!(RequestListView {
    count,
    rows,
    issues
});
wire_struct!(RequestRow {
    number,
    at,
    source,
    model,
    messages,
    tokens,
    time_ms,
    cache
});
wire_struct!(RowCache {
    format,
    prefix_tokens,
    broke
});
wire_struct!(RowBreak { item, segment });
wire_struct!(RowSegment {
    path,
    kind,
    in_previous
});
wire_variants!(MessageView { 0 => Valid(message), 1 => Invalid(invalid) });
wire_variants!(SegmentView { 0 => Valid(segment), 1 => Invalid(invalid) });
wire_variants!(Markdown { 0 => Html(html), 1 => TooLarge(text), 2 => TooComplex(text) });
wire_variants!(MarkdownKey { 0 => Skill(name), 1 => Parsed(at) });
wire_variants!(PromptPiece {
    0 => Text(text),
    1 => Known { raw, value },
    2 => Unknown { raw },
});
wire_variants!(PanelTab { 0 => Export(format), 1 => Raw });

impl Wire for ValueClass {
    fn put(&self, out: &mut Encoder) {
        out.byte(match self {
            ValueClass::String => 0,
            ValueClass::Number => 1,
            ValueClass::Literal => 2,
            ValueClass::Structure => 3,
        });
    }
    fn take(input: &mut Decoder<'_>) -> Result<Self, WireError> {
        match input.byte()? {
            0 => Ok(ValueClass::String),
            1 => Ok(ValueClass::Number),
            2 => Ok(ValueClass::Literal),
            3 => Ok(ValueClass::Structure),
            _ => Err(input.error("a value class")),
        }
    }
}

wire_variants!(SegmentModel {
    0 => Text(markdown),
    1 => StaticVar { name, value, description },
    2 => SystemPrompt { summary, pieces, collapsed },
    3 => Memory { description, items, collapsed },
    4 => Skills { description, items, collapsed },
    5 => ToolOverview { items, collapsed },
    6 => ToolCallRequest { tool, arguments, line, collapsed },
    7 => ToolCallResult { tool, result, line, success, collapsed },
    8 => Document { file_name, mime_type, size, snippet, parsed },
    9 => LongText { content, char_count, lines, preview, cut, collapsed },
    10 => Media { media_type, url, alt, allowed },
});

wire_variants!(Request {
    0 => Open { doc, source, recognise, tab, first },
    1 => Messages { doc, start, end },
    2 => Search { doc, seq, query },
    3 => Markdown { doc, key },
    4 => Raw { doc },
    5 => Close { doc },
    6 => Perf { text, all },
    7 => Keep { doc, source, exports },
    8 => Step { doc, step, tab },
    9 => Compare { doc, a, b },
    10 => Redact { doc, source },
    11 => List { doc, source },
    12 => Pick { doc, number, show },
});

wire_variants!(Response {
    0 => Recognised { doc, text, summary },
    1 => Opened { doc, opened },
    2 => Export { doc, export },
    3 => Budget { doc, budget },
    4 => Raw { doc, text },
    5 => Messages { doc, start, messages },
    6 => Hits { doc, seq, hits, total },
    7 => Markdown { doc, key, markdown },
    8 => Perf { ms, bytes },
    9 => Stepped { doc, step, export },
    10 => SteppedBudget { doc, step, budget },
    11 => Compared { doc, compare },
    12 => Redacted { doc, found, redacted },
    13 => Listed { doc, list },
    14 => Picked { doc, number, show, text, summary },
});

/// The tag of [`Response::Perf`], the one response about no document.
const PERF_TAG: u8 = 8;

impl Response {
    /// The document a response's wire bytes are about, read from their first bytes alone (the
    /// tag, then `doc`, which every variant but `Perf` writes first): the page's two modules
    /// share one worker, and each decodes only the responses about its own documents. None
    /// for `Perf` and for bytes that begin no response.
    pub fn doc_in_wire(bytes: &[u8]) -> Option<u32> {
        let (&tag, rest) = bytes.split_first()?;
        if tag == PERF_TAG {
            return None;
        }
        u32::take(&mut Decoder::new(rest)).ok()
    }
}

impl Wire for (String, String, ValueClass) {
    fn put(&self, out: &mut Encoder) {
        self.0.put(out);
        self.1.put(out);
        self.2.put(out);
    }
    fn take(input: &mut Decoder<'_>) -> Result<Self, WireError> {
        Ok((
            String::take(input)?,
            String::take(input)?,
            ValueClass::take(input)?,
        ))
    }
}

impl Wire for f64 {
    fn put(&self, out: &mut Encoder) {
        out.uint(self.to_bits());
    }
    fn take(input: &mut Decoder<'_>) -> Result<Self, WireError> {
        input.uint().map(f64::from_bits)
    }
}

impl Wire for LineLinks {
    fn put(&self, out: &mut Encoder) {
        let (by_line, groups, first_line) = self.parts();
        out.u32s(by_line);
        put_slice(groups, out);
        put_slice(first_line, out);
    }
    fn take(input: &mut Decoder<'_>) -> Result<Self, WireError> {
        let by_line = input.u32s()?;
        let groups = Vec::take(input)?;
        let first_line = Vec::<usize>::take(input)?;
        Ok(LineLinks::from_parts(by_line, groups, first_line))
    }
}

#[cfg(test)]
mod tests {
    use super::super::encode;
    use super::*;

    #[test]
    fn a_response_names_its_document_in_its_first_bytes() {
        // Ids past one byte of LEB128, and the largest, as the lazy module numbers its own.
        for doc in [1, 300, 1 << 30, u32::MAX] {
            let raw = Response::Raw {
                doc,
                text: std::sync::Arc::from("text"),
            };
            assert_eq!(Response::doc_in_wire(&encode(&raw)), Some(doc));
            let hits = Response::Hits {
                doc,
                seq: 7,
                hits: Vec::new(),
                total: 0,
            };
            assert_eq!(Response::doc_in_wire(&encode(&hits)), Some(doc));
        }
        let perf = Response::Perf { ms: 1.5, bytes: 3 };
        assert_eq!(Response::doc_in_wire(&encode(&perf)), None);
        assert_eq!(Response::doc_in_wire(&[]), None);
        assert_eq!(Response::doc_in_wire(&[1]), None);
    }
}
