//! # pep-core: the Prompt Envelope Protocol core
//!
//! Types ([`model`]), decoding and validation ([`decode`], [`validate`]), `{{var}}` templates
//! ([`template`]), export ([`export`]), import ([`import`]), comparison ([`diff`]), the
//! skills registry ([`skills`]) and the redaction of secrets ([`redact`]) for the Prompt
//! Envelope Protocol v1.0 (the spec in `shared/seeds/000_…`, with `shared/DECISIONS.md`).
//! The vocabulary is at the root: [`Envelope`], [`Issue`] and its [`Problem`]s, the
//! [`Provider`]s with what they export to ([`Format`]) and import from ([`Source`]), and the
//! one entry for a text, [`open`], which says what the text is ([`Opened`]).
//!
//! This crate depends on no UI or browser crate, so the compiler keeps the protocol apart from
//! the viewer; the same code runs in the `pep` CLI and, compiled to wasm, in the browser.
//!
//! ```
//! use pep_core::{Format, Mode, Opened, Options, open};
//!
//! let text = r#"{"version":"1.0","model":"gpt-4-turbo","messages":[
//!   {"id":"m1","role":"user","segments":[{"kind":"text","content":"你好！"}],"timestamp":1}]}"#;
//! let Ok(Opened::Envelope(envelope)) = open(text, None) else { panic!("not an envelope") };
//! let loaded = envelope.load(Mode::Strict);
//! assert!(loaded.issues.is_empty());
//! let Some(envelope) = &loaded.envelope else { panic!("no envelope") };
//! let export = pep_core::export::export(envelope, Format::OpenAi, Options::default());
//! assert_eq!(
//!     export.request().to_string(),
//!     r#"{"model":"gpt-4-turbo","messages":[{"role":"user","content":"你好！"}]}"#
//! );
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod budget;
mod cap;
pub mod decode;
pub mod diff;
pub mod export;
pub mod import;
mod issue;
pub mod lower;
pub mod model;
mod pairing;
mod path;
mod provider;
pub mod redact;
mod schema_check;
pub mod skills;
pub mod template;
mod tokens;
pub mod url;
pub mod validate;

pub use decode::Mode;
pub use export::{Export, Format, Options, Provider};
pub use import::{EnvelopeText, Imported, Opened, Requests, Source, open};
pub use issue::{
    AnthropicProblem, ArrayOf, CheckProblem, EnvelopeProblem, ExportProblem, GeminiProblem,
    ImportProblem, Issue, JsonType, LogProblem, McpProblem, Problem, Repeated, Severity,
    StructureProblem,
};
pub use model::{Envelope, Segment, SegmentKind};
pub use path::{Place, SegmentRef};

/// An envelope read from text, with everything found wrong with it.
#[derive(Debug, Clone, PartialEq)]
pub struct Loaded {
    /// The envelope, unless the text is not JSON, not an object, or has no `messages` array.
    pub envelope: Option<Envelope>,
    /// Every problem, structural ones first, in document order.
    pub issues: Vec<Issue>,
}

impl Loaded {
    /// Whether any issue is an error.
    pub fn has_errors(&self) -> bool {
        self.issues.iter().any(Issue::is_error)
    }
}

/// Parses, decodes and validates an envelope, reporting every problem at once.
///
/// The same result as [`decode::parse_json`] + [`load_parsed`], in a fraction of the memory:
/// messages are decoded as they are read and no JSON tree of the whole document is kept.
pub fn load(text: &str, mode: Mode) -> Loaded {
    load_text(text, mode, true)
}

/// What [`load_with`]'s callback gets: the envelope, the [`lower::Analysis`] and the lowered
/// [`lower::Conversation`] that validation and the request checks used.
pub struct Prepared<'p, 'e> {
    /// The envelope.
    pub envelope: &'e Envelope,
    /// Its variables and tool-call pairing.
    pub analysis: &'p lower::Analysis<'e>,
    /// The envelope lowered for export.
    pub conversation: &'p lower::Conversation<'e>,
    /// Every problem found: decoding, validation, and the request checks when there are no
    /// errors (what [`Loaded::issues`] will hold).
    pub issues: &'p [Issue],
}

/// [`load`], and then `with` called on what validation computed, so a caller that also
/// exports (the viewer: every format and its own view of the variables) collects the
/// variables, pairs the tool calls and lowers the envelope only once.
pub fn load_with<R>(
    text: &str,
    mode: Mode,
    with: impl FnOnce(Prepared<'_, '_>) -> R,
) -> (Loaded, Option<R>) {
    analyse(decode_text(text, mode, true), with)
}

/// [`load_parsed`] with [`load_with`]'s `with`.
pub fn load_parsed_with<R>(
    parsed: &decode::Parsed,
    mode: Mode,
    with: impl FnOnce(Prepared<'_, '_>) -> R,
) -> (Loaded, Option<R>) {
    let mut issues = parsed.warnings.clone();
    let envelope = decode::decode_envelope(&parsed.value, mode, &mut issues);
    analyse(Ok((envelope, issues)), with)
}

/// Validates and lowers an envelope already decoded (the viewer's step-through: the envelope
/// it keeps, cut to its first messages), then calls `with` as [`load_with`] does; returns the
/// problems validation and the request checks found, and what `with` gave.
pub fn prepare<R>(
    envelope: &Envelope,
    with: impl FnOnce(Prepared<'_, '_>) -> R,
) -> (Vec<Issue>, R) {
    validate_and_lower(envelope, Vec::new(), with)
}

/// Validates `envelope` with one [`lower::Analysis`] and one lowering (for the request
/// checks), after the problems decoding found, and hands all of it to `with`.
fn validate_and_lower<R>(
    envelope: &Envelope,
    mut issues: Vec<Issue>,
    with: impl FnOnce(Prepared<'_, '_>) -> R,
) -> (Vec<Issue>, R) {
    let analysis = lower::Analysis::of(envelope);
    issues.extend(validate::check_with(envelope, &analysis));
    let conversation = export::lower(envelope, &analysis);
    // The request checks concern the request, which an envelope with errors does not give
    // (its invalid parts would make them noise).
    if !issues.iter().any(Issue::is_error) {
        issues.extend(conversation.checks.all().cloned());
    }
    let result = with(Prepared {
        envelope,
        analysis: &analysis,
        conversation: &conversation,
        issues: &issues,
    });
    (issues, result)
}

/// The decoded envelope and the problems found while decoding.
type Decoded = Result<(Option<Envelope>, Vec<Issue>), Issue>;

fn decode_text(text: &str, mode: Mode, keep_raw: bool) -> Decoded {
    decode::load_streaming(text, mode, keep_raw).unwrap_or_else(|| {
        decode::parse_json(text).map(|parsed| {
            let mut issues = parsed.warnings;
            let envelope = decode::decode_envelope(&parsed.value, mode, &mut issues);
            (envelope, issues)
        })
    })
}

/// Validates the decoded envelope ([`validate_and_lower`]), which `with` then shares.
fn analyse<R>(decoded: Decoded, with: impl FnOnce(Prepared<'_, '_>) -> R) -> (Loaded, Option<R>) {
    match decoded {
        Ok((Some(envelope), issues)) => {
            let (issues, result) = validate_and_lower(&envelope, issues, with);
            let envelope = Some(envelope);
            (Loaded { envelope, issues }, Some(result))
        }
        Ok((None, issues)) => (
            Loaded {
                envelope: None,
                issues,
            },
            None,
        ),
        Err(issue) => (
            Loaded {
                envelope: None,
                issues: vec![issue],
            },
            None,
        ),
    }
}

/// [`load`], keeping the raw JSON of invalid nodes or not (`null` then: only the viewer's
/// fallback cards show it).
pub(crate) fn load_text(text: &str, mode: Mode, keep_raw: bool) -> Loaded {
    analyse(decode_text(text, mode, keep_raw), |_| ()).0
}

/// Decodes and validates an already parsed document, for callers that also need the parsed
/// JSON itself (the viewer's raw view) and should not parse the text twice.
pub fn load_parsed(parsed: &decode::Parsed, mode: Mode) -> Loaded {
    load_parsed_with(parsed, mode, |_| ()).0
}

/// Every problem of the envelope in `text`, strictly (what `pep validate` prints).
pub fn validate(text: &str) -> Vec<Issue> {
    load_text(text, Mode::Strict, false).issues
}

/// Exports the envelope in `text` to `format`, as `pep export --to FORMAT` does: when the
/// envelope has errors, nothing is exported and every issue is returned.
pub fn export_text(
    text: &str,
    format: export::Format,
    options: export::Options,
) -> Result<export::Export, Vec<Issue>> {
    // No raw JSON of invalid nodes: with errors nothing is exported anyway.
    let (loaded, export) = analyse(decode_text(text, Mode::Strict, false), |prepared| {
        export::print(prepared.conversation, format, options)
    });
    match export {
        Some(export) if !loaded.has_errors() => Ok(export),
        _ => Err(loaded.issues),
    }
}

/// [`export_text`] written into `sink` as it is made (`pep export`: the request never exists
/// whole in memory); its [`export::Export::text`] is empty. When the envelope has errors,
/// nothing is written and every issue is returned.
pub fn export_to(
    text: &str,
    format: export::Format,
    options: export::Options,
    sink: &mut dyn std::io::Write,
) -> Result<export::Export, Vec<Issue>> {
    let (loaded, export) = analyse(decode_text(text, Mode::Strict, false), |prepared| {
        // Errors are known before printing: nothing of the request is written then.
        (!prepared.issues.iter().any(Issue::is_error))
            .then(|| export::print_to(prepared.conversation, format, options, sink))
    });
    match export.flatten() {
        Some(export) => Ok(export),
        None => Err(loaded.issues),
    }
}
