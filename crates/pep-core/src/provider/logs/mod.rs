//! Agent session logs (DECISIONS §11, §14): Claude Code transcripts, Codex CLI rollouts and
//! Gemini CLI recordings, one JSON object per line (Gemini CLI's older recordings: one
//! object). Their shapes drift between versions, so they are read leniently:
//! whatever is skipped is warned (counted, for whole kinds of line), never a refusal.
//!
//! Paths name the line first: `line 12` is the twelfth line of the file, and
//! `line 12.message.content[1]` a node inside it.

mod claude_code;
mod codex;
pub(crate) mod gemini_cli;
mod time;

use serde_json::Value;

use super::Source;
use crate::decode::parse_json;
use crate::issue::{LogProblem, Problem};
use crate::model::{Entry, Envelope, Segment};
use crate::provider::read::Report;
use crate::provider::read::draft::Draft;

/// How many object lines detection looks at.
const DETECT_LINES: usize = 50;

/// The line types of a Codex rollout.
const CODEX_TYPES: [&str; 4] = ["session_meta", "response_item", "event_msg", "turn_context"];

/// One line of a log that is a JSON object.
pub(crate) struct Line {
    /// 1-based line number.
    pub no: usize,
    /// The object.
    pub value: Value,
}

impl Line {
    /// The path of the line itself.
    pub fn path(&self) -> String {
        format!("line {}", self.no)
    }

    /// A string member.
    pub fn str(&self, key: &str) -> Option<&str> {
        self.value.get(key).and_then(Value::as_str)
    }

    /// The line's `timestamp` in milliseconds since the epoch, if it has a readable one.
    pub fn stamp(&self) -> Option<i64> {
        self.str("timestamp").and_then(time::millis)
    }
}

/// The kind of log `text` is, if it is one: among its first object lines, one that
/// [`gemini_cli::is_line`] is Gemini CLI; one with
/// `sessionId` and `type` or `parentUuid` is Claude Code; one whose `type` is a Codex line
/// type is Codex, and so is the older shape (a first `{id, timestamp}` line, then items).
/// Only called on a text that is not a single JSON value.
pub(crate) fn detect(text: &str) -> Option<Source> {
    let mut first = true;
    let mut older_shape = false;
    for value in without_bom(text)
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line.trim()).ok())
        .filter(Value::is_object)
        .take(DETECT_LINES)
    {
        let has = |key: &str| value.get(key).is_some();
        // Before Claude Code's rule (DECISIONS §14): a Gemini CLI header has `sessionId` too.
        if gemini_cli::is_line(&value) {
            return Some(Source::GeminiCli);
        }
        if has("sessionId") && (has("type") || has("parentUuid")) {
            return Some(Source::ClaudeCode);
        }
        let kind = value.get("type").and_then(Value::as_str);
        if kind.is_some_and(|kind| CODEX_TYPES.contains(&kind)) {
            return Some(Source::Codex);
        }
        // The older shape: a bare session line, then bare items (an envelope's message line
        // has `id` and `timestamp` too, but also `role` and `segments`).
        if first && has("id") && has("timestamp") && !has("type") && !has("role") {
            older_shape = true;
        } else if older_shape && kind.is_some_and(|kind| codex::BARE_ITEMS.contains(&kind)) {
            return Some(Source::Codex);
        }
        first = false;
    }
    None
}

/// `text` without a leading byte-order mark (as the JSON decoder reads it).
fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// The kinds of log.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LogKind {
    /// A Claude Code transcript.
    ClaudeCode,
    /// A Codex CLI rollout.
    Codex,
    /// A Gemini CLI recording.
    GeminiCli,
}

impl LogKind {
    /// The log kind of `source`, if it is one.
    pub fn of(source: Source) -> Option<LogKind> {
        match source {
            Source::ClaudeCode => Some(LogKind::ClaudeCode),
            Source::Codex => Some(LogKind::Codex),
            Source::GeminiCli => Some(LogKind::GeminiCli),
            Source::Envelope
            | Source::OpenAi
            | Source::Anthropic
            | Source::Mcp
            | Source::Responses
            | Source::Otel
            | Source::Gemini => None,
        }
    }
}

/// Imports the log `text` as `kind`.
pub(crate) fn import(text: &str, kind: LogKind, report: &mut Report) -> Option<Envelope> {
    if kind == LogKind::GeminiCli
        && let Ok(parsed) = parse_json(text)
        && gemini_cli::is_single(&parsed.value)
    {
        report.warnings.extend(parsed.warnings);
        return gemini_cli::import_single(&parsed.value, report);
    }
    let lines = read_lines(without_bom(text), report);
    match kind {
        LogKind::ClaudeCode => claude_code::import(&lines, report),
        LogKind::Codex => codex::import(&lines, report),
        LogKind::GeminiCli => gemini_cli::import(&lines, report),
    }
}

/// Runs `read` on one line's content, and turns the errors it reports into warnings that it
/// left those nodes out: a request import refuses them, a log is read leniently.
pub(crate) fn leniently<T>(report: &mut Report, read: impl FnOnce(&mut Report) -> T) -> T {
    let before = report.errors.len();
    let out = read(report);
    for error in report.errors.drain(before..).collect::<Vec<_>>() {
        let problem = Box::new(error.problem);
        report.warn(
            error.path,
            Problem::Log(LogProblem::NodeSkipped { problem }),
        );
    }
    out
}

/// The object lines of `text`; a line that is not a JSON object is skipped with a warning
/// naming it, a blank line silently.
fn read_lines(text: &str, report: &mut Report) -> Vec<Line> {
    let mut lines = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let no = index + 1;
        match parse_json(line) {
            Ok(parsed) if parsed.value.is_object() => lines.push(Line {
                no,
                value: parsed.value,
            }),
            _ => report.warn(
                format!("line {no}"),
                Problem::Log(LogProblem::LineSkipped { line: no }),
            ),
        }
    }
    lines
}

/// The envelope a log import ends with, and its last warnings: thinking left out, and what a
/// log does not hold (a system prompt, when none of its messages is one; tool declarations).
pub(crate) fn finish(draft: Draft, thinking: usize, report: &mut Report) -> Option<Envelope> {
    if thinking > 0 {
        report.warn("$", Problem::Log(LogProblem::Thinking { count: thinking }));
    }
    let envelope = draft.finish(report, "$")?;
    let system = envelope.messages.iter().any(|m| match m {
        Entry::Valid(message) => message
            .segments
            .iter()
            .any(|s| matches!(s, Entry::Valid(Segment::SystemPrompt(_)))),
        Entry::Invalid(_) => false,
    });
    report.warn("$", Problem::Log(LogProblem::HoldsNo { system: !system }));
    Some(envelope)
}
