//! OTLP/JSON traces (DECISIONS §12, §13): `resourceSpans[].scopeSpans[].spans[]`, each span
//! with `gen_ai.input.messages` one request. A span's attributes are `{key, value}` with
//! OTLP's typed values (`stringValue`, `kvlistValue`, …), read as JSON; a span whose own
//! attributes lack the messages may carry them on an event (the conventions' event mode,
//! `gen_ai.client.inference.operation.details`). Everything else of a trace (ids, resource,
//! usage, status) is trace metadata, not something the model was sent.

use std::borrow::Cow;

use serde_json::{Map, Number, Value};

use crate::issue::{ImportProblem, JsonType, Problem};
use crate::model::Envelope;
use crate::provider::otel::import::{Attribute, INPUT_MESSAGES, read_attributes};
use crate::provider::read::{Report, index_path, key_path};

/// A GenAI span: where its attributes are, and when it started.
pub(crate) struct GenAiSpan<'v> {
    /// The span's path (`resourceSpans[0].scopeSpans[0].spans[2]`).
    pub path: String,
    /// The attribute lists read, each with its path: the span's own, then (in event mode)
    /// the event's that holds the messages.
    attributes: Vec<(&'v [Value], String)>,
    /// `startTimeUnixNano`, when given.
    start_ns: Option<i64>,
}

impl GenAiSpan<'_> {
    /// When the span started, in Unix milliseconds (as envelope timestamps are).
    pub fn start_ms(&self) -> Option<i64> {
        self.start_ns.map(|ns| ns / 1_000_000)
    }

    /// The span's request; problems at their place in the trace.
    pub fn import(&self, report: &mut Report) -> Option<Envelope> {
        let attributes = self.attributes.iter().flat_map(|(list, base)| {
            list.iter()
                .enumerate()
                .filter_map(|(k, entry)| attribute(entry, index_path(base, k)))
        });
        read_attributes(attributes, self.start_ms(), report)
    }
}

/// The GenAI spans of the trace `root` in time order (exporters write spans as they end, a
/// parent after its children; with a span of unknown start the file's order stays); errors
/// for a trace that is not shaped as OTLP says.
pub(crate) fn genai_spans<'v>(root: &'v Value, report: &mut Report) -> Vec<GenAiSpan<'v>> {
    let mut spans = Vec::new();
    for (r, resource) in array_at(root, "resourceSpans", "", report)
        .iter()
        .enumerate()
    {
        let resource_path = index_path("resourceSpans", r);
        // `instrumentationLibrarySpans` is what collectors before OTLP 0.15 wrote.
        let key = match resource.get("scopeSpans") {
            None if resource.get("instrumentationLibrarySpans").is_some() => {
                "instrumentationLibrarySpans"
            }
            _ => "scopeSpans",
        };
        for (s, scope) in array_at(resource, key, &resource_path, report)
            .iter()
            .enumerate()
        {
            let scope_path = index_path(&key_path(&resource_path, key), s);
            for (k, span) in array_at(scope, "spans", &scope_path, report)
                .iter()
                .enumerate()
            {
                let path = index_path(&key_path(&scope_path, "spans"), k);
                if let Some(found) = genai_span(span, path) {
                    spans.push(found);
                }
            }
        }
    }
    if spans.iter().all(|span| span.start_ns.is_some()) {
        spans.sort_by_key(|span| span.start_ns);
    }
    spans
}

/// Imports a trace that holds exactly one GenAI span; several are a file of many requests
/// (§13), none is an error.
pub(crate) fn import_single(root: &Value, report: &mut Report) -> Option<Envelope> {
    let spans = genai_spans(root, report);
    if !report.errors.is_empty() {
        return None;
    }
    match spans.as_slice() {
        [] => report.error(
            "resourceSpans",
            Problem::Import(ImportProblem::TraceNoGenAi),
        ),
        [span] => return span.import(report),
        many => {
            let count = many.len();
            report.error(
                "$",
                Problem::Import(ImportProblem::ManyRequests { count, spans: true }),
            );
        }
    }
    None
}

/// The array member `key` of `value` (none when absent); another type is an error.
fn array_at<'v>(value: &'v Value, key: &str, base: &str, report: &mut Report) -> &'v [Value] {
    match value.get(key) {
        None | Some(Value::Null) => &[],
        Some(Value::Array(items)) => items,
        Some(other) => {
            report.wrong_type(key_path(base, key), JsonType::Array, other);
            &[]
        }
    }
}

/// `span` as a GenAI span, when it or one of its events has `gen_ai.input.messages`.
fn genai_span(span: &Value, path: String) -> Option<GenAiSpan<'_>> {
    let has_messages = |attributes: &[Value]| {
        attributes
            .iter()
            .any(|a| a.get("key").and_then(Value::as_str) == Some(INPUT_MESSAGES))
    };
    let own = span.get("attributes").and_then(Value::as_array);
    let own = own.map(|list| (list.as_slice(), key_path(&path, "attributes")));
    let mut attributes: Vec<_> = own.into_iter().collect();
    if !attributes.iter().any(|(list, _)| has_messages(list)) {
        // Event mode: the messages are on an event; the model and tools may stay on the span.
        let events = span.get("events").and_then(Value::as_array)?;
        let event = events.iter().enumerate().find_map(|(e, event)| {
            let list = event.get("attributes").and_then(Value::as_array)?;
            let at = key_path(&index_path(&key_path(&path, "events"), e), "attributes");
            has_messages(list).then_some((list.as_slice(), at))
        })?;
        attributes.push(event);
    }
    Some(GenAiSpan {
        path,
        attributes,
        start_ns: span.get("startTimeUnixNano").and_then(nanos),
    })
}

/// OTLP's nanoseconds: a decimal string (the JSON mapping of a uint64) or a number.
fn nanos(value: &Value) -> Option<i64> {
    match value {
        Value::String(text) => text.parse::<u64>().ok(),
        other => other.as_u64(),
    }
    .and_then(|n| i64::try_from(n).ok())
}

/// One `{key, value}` entry as an attribute; an entry without a string key is not one.
fn attribute(entry: &Value, path: String) -> Option<Attribute<'_>> {
    let key = entry.get("key")?.as_str()?;
    let value = entry.get("value").unwrap_or(&Value::Null);
    let (value, inner) = any_value(value);
    let path = match inner {
        Some(member) => key_path(&key_path(&path, "value"), member),
        None => key_path(&path, "value"),
    };
    Some(Attribute { key, value, path })
}

/// An OTLP `AnyValue` as JSON, and the member it was written in: a string stays itself
/// (borrowed); arrays and key-value lists become JSON arrays and objects; an `intValue`
/// (a decimal string in OTLP/JSON) a number.
fn any_value(value: &Value) -> (Cow<'_, Value>, Option<&'static str>) {
    let Value::Object(map) = value else {
        return (Cow::Borrowed(value), None);
    };
    if let Some(text @ Value::String(_)) = map.get("stringValue") {
        return (Cow::Borrowed(text), Some("stringValue"));
    }
    for member in ["boolValue", "doubleValue", "bytesValue"] {
        if let Some(found) = map.get(member) {
            return (Cow::Borrowed(found), Some(member));
        }
    }
    if let Some(int) = map.get("intValue") {
        let number = match int {
            Value::String(text) => text
                .parse::<i64>()
                .ok()
                .map(Number::from)
                .map(Value::Number),
            other => Some(other.clone()),
        };
        return (
            Cow::Owned(number.unwrap_or_else(|| int.clone())),
            Some("intValue"),
        );
    }
    if let Some(list) = map.get("arrayValue") {
        return (
            Cow::Owned(Value::Array(array_value(list))),
            Some("arrayValue"),
        );
    }
    if let Some(list) = map.get("kvlistValue") {
        return (
            Cow::Owned(Value::Object(kvlist_value(list))),
            Some("kvlistValue"),
        );
    }
    (Cow::Borrowed(value), None)
}

fn array_value(list: &Value) -> Vec<Value> {
    let values = list.get("values").and_then(Value::as_array);
    let values = values.map(Vec::as_slice).unwrap_or_default();
    values.iter().map(|v| any_value(v).0.into_owned()).collect()
}

fn kvlist_value(list: &Value) -> Map<String, Value> {
    let values = list.get("values").and_then(Value::as_array);
    let values = values.map(Vec::as_slice).unwrap_or_default();
    values
        .iter()
        .filter_map(|entry| {
            let key = entry.get("key")?.as_str()?.to_owned();
            let value = entry
                .get("value")
                .map_or(Value::Null, |v| any_value(v).0.into_owned());
            Some((key, value))
        })
        .collect()
}
