//! One entry for a text, whatever it holds (DECISIONS §7, §11, §13): [`open`] finds what the
//! text is from the one parse it makes anyway, imports a request or a log, gathers the
//! requests of a file of many, and hands an envelope on to be decoded as its caller needs.

use super::{Imported, Requests, Source, detect, import_log, import_parsed, many};
use crate::decode::{Mode, parse_json, root_has_key};
use crate::issue::Issue;
use crate::provider::logs::{self, LogKind};
use crate::{Loaded, Prepared};

/// What a text opened as.
#[derive(Debug, Clone, PartialEq)]
pub enum Opened<'t> {
    /// An envelope, not yet decoded: the caller decodes it in its own [`Mode`], streamed or
    /// from its own parse ([`EnvelopeText`]).
    Envelope(EnvelopeText<'t>),
    /// A request or a session log, imported (DECISIONS §7, §10–§12, §14).
    Imported(Imported),
    /// A file of many requests (§13): every request imported; the file has at least two, and
    /// [`Requests::imported`] may be empty when none could be.
    Many(Requests),
}

/// The text of an envelope, recognised by its root `version` member (or as the caller said).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EnvelopeText<'t> {
    text: &'t str,
}

impl<'t> EnvelopeText<'t> {
    /// The text, as given.
    pub fn text(&self) -> &'t str {
        self.text
    }

    /// Decodes and validates the envelope ([`crate::load`]).
    pub fn load(&self, mode: Mode) -> Loaded {
        crate::load(self.text, mode)
    }

    /// Decodes and validates the envelope, then calls `with` on what validation computed
    /// ([`crate::load_with`]).
    pub fn load_with<R>(
        &self,
        mode: Mode,
        with: impl FnOnce(Prepared<'_, '_>) -> R,
    ) -> (Loaded, Option<R>) {
        crate::load_with(self.text, mode, with)
    }
}

/// Opens `text` as `from` says, or as its content shows when `from` is `None`:
///
/// - an object with a root `version` member is an envelope, found from its tokens (no tree
///   is built: [`EnvelopeText`] is decoded by the caller, streamed, in one pass);
/// - a session log named by `from` is read line by line, without a parse of the whole text
///   (but for Gemini CLI's, whose older single-object form is tried first);
/// - anything else is parsed once, and that parse is what [`detect`] reads and the import
///   reads: a request, Gemini CLI's older single-object log, or an OTLP trace (one with several
///   GenAI spans is [`Opened::Many`]);
/// - a text that is no one JSON value may be a session log, or JSON Lines of requests
///   ([`Opened::Many`]).
///
/// Errors are every problem found, each at its path; invalid JSON gives the decoder's error
/// (line and column), but for an envelope, whose JSON errors come from its decoding.
pub fn open(text: &str, from: Option<Source>) -> Result<Opened<'_>, Vec<Issue>> {
    let envelope = Opened::Envelope(EnvelopeText { text });
    match from {
        Some(Source::Envelope) => return Ok(envelope),
        Some(source) if LogKind::of(source).is_some() => {
            return import_log(text, source).map(Opened::Imported);
        }
        None if root_has_key(text, "version") => return Ok(envelope),
        _ => {}
    }
    let parsed = match parse_json(text) {
        Ok(parsed) => parsed,
        Err(issue) => return not_one_value(text, from, issue),
    };
    let source = match from {
        Some(source) => source,
        None => detect(&parsed.value).map_err(|issue| vec![issue])?,
    };
    if source == Source::Envelope {
        return Ok(envelope);
    }
    // A trace is one request per GenAI span: one imports as a request, several as a file of
    // many, each from this parse (counting the spans imports none).
    let spans = match source {
        Source::Otel => many::span_count(&parsed.value),
        _ => 0,
    };
    if spans >= 2
        && let Some(Ok(requests)) = many::spans(&parsed.value, parsed.warnings.clone())
    {
        return Ok(Opened::Many(requests));
    }
    import_parsed(parsed, source, text).map(Opened::Imported)
}

/// A text that is not one JSON value: a session log or a file of many requests when the
/// format is to be detected, else the decoder's error.
fn not_one_value(text: &str, from: Option<Source>, issue: Issue) -> Result<Opened<'_>, Vec<Issue>> {
    if from.is_some() {
        return Err(vec![issue]);
    }
    if let Some(source) = logs::detect(text) {
        return import_log(text, source).map(Opened::Imported);
    }
    match many::lines(text) {
        Some(requests) => Ok(Opened::Many(requests)),
        None => Err(vec![issue]),
    }
}

impl Opened<'_> {
    /// The text's one envelope, as `pep import` prints it and `pep diff` compares it: a
    /// request or a log as imported; an envelope validated strictly, taken only when it has no
    /// errors, its warnings then being [`Imported::warnings`]; a file of many an error saying
    /// how many requests it holds ([`Requests::how_many`]).
    pub fn one(self) -> Result<Imported, Vec<Issue>> {
        match self {
            Opened::Imported(imported) => Ok(imported),
            Opened::Many(requests) => Err(vec![requests.how_many()]),
            Opened::Envelope(text) => {
                // No raw JSON of invalid nodes: an envelope with errors is refused anyway.
                let loaded = crate::load_text(text.text, Mode::Strict, false);
                match loaded.envelope {
                    Some(envelope) if !loaded.issues.iter().any(Issue::is_error) => Ok(Imported {
                        source: Source::Envelope,
                        envelope,
                        warnings: loaded.issues,
                    }),
                    Some(_) => Err(loaded.issues),
                    None => Err(loaded.issues.into_iter().filter(Issue::is_error).collect()),
                }
            }
        }
    }
}
