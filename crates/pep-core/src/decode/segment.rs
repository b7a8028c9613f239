//! Decoding one segment: a dispatch on `kind` of our own, so that every error keeps its exact
//! path (serde's internally tagged enums buffer the value and lose it).

use serde_json::Value;

use super::Mode;
use super::fields::{Fields, Payload};
use crate::cap::Cap;
use crate::issue::{Issue, Problem, type_name};
use crate::model::{
    DocumentSegment, LongTextSegment, MediaSegment, MediaType, MemoryItem, MemorySegment, Segment,
    SegmentKind, SkillItem, SkillsSegment, StaticVarSegment, SystemPromptSegment, TextSegment,
    ToolCallRequestSegment, ToolCallResultSegment, ToolItem, ToolOverviewSegment,
};
use crate::path::JsonPath;
use crate::url::is_allowed_media_url;

/// Decodes `value` as a segment, reporting every problem into `issues`.
/// Returns `None` when the segment has errors.
pub(crate) fn decode_segment(
    value: &Value,
    path: &JsonPath<'_>,
    mode: Mode,
    payload: Payload,
    issues: &mut Vec<Issue>,
    unknown: &mut Cap,
) -> Option<Segment> {
    let Value::Object(object) = value else {
        issues.push(Issue::new(
            path.to_string(),
            Problem::WrongType {
                expected: "an object",
                found: type_name(value),
            },
        ));
        return None;
    };
    let kind = match object.get("kind") {
        None => {
            let problem = Problem::MissingField { field: "kind" };
            issues.push(Issue::new(path.key("kind").to_string(), problem));
            return None;
        }
        Some(Value::String(name)) => match SegmentKind::from_name(name) {
            Some(kind) => kind,
            None => {
                let problem = Problem::UnknownKind {
                    found: name.clone(),
                };
                issues.push(Issue::new(path.key("kind").to_string(), problem));
                return None;
            }
        },
        Some(other) => {
            let problem = Problem::WrongType {
                expected: "a string",
                found: type_name(other),
            };
            issues.push(Issue::new(path.key("kind").to_string(), problem));
            return None;
        }
    };
    let repair = mode == Mode::Repair;
    let name = kind.as_str();
    macro_rules! read {
        ($($field:literal),*) => {
            Fields::read(object, &["kind", $($field),*], path, issues, payload, unknown)
        };
    }
    match kind {
        SegmentKind::Text => {
            let mut f = read!("content");
            let content = f.string("content");
            f.build(|extra| {
                Some(Segment::Text(TextSegment {
                    content: content?,
                    extra,
                }))
            })
        }
        SegmentKind::StaticVar => {
            let mut f = read!("name", "value", "description");
            let (var_name, var_value) = (f.string("name"), f.string("value"));
            let description = f.optional_string("description");
            f.build(|extra| {
                Some(Segment::StaticVar(StaticVarSegment {
                    name: var_name?,
                    value: var_value?,
                    description,
                    extra,
                }))
            })
        }
        SegmentKind::SystemPrompt => {
            let mut f = read!("content", "collapsed");
            let content = f.string("content");
            let collapsed = f.collapsed(name, true, repair);
            f.build(|extra| {
                Some(Segment::SystemPrompt(SystemPromptSegment {
                    content: content?,
                    collapsed,
                    extra,
                }))
            })
        }
        SegmentKind::Memory => {
            let mut f = read!("description", "items", "collapsed");
            let description = f.optional_string("description");
            let items = f.items("items", "item", |value, path, issues| {
                decode_memory_item(value, path, issues, payload, &mut *unknown)
            });
            let collapsed = f.collapsed(name, true, repair);
            f.build(|extra| {
                Some(Segment::Memory(MemorySegment {
                    description,
                    items: items?,
                    collapsed,
                    extra,
                }))
            })
        }
        SegmentKind::Skills => {
            let mut f = read!("description", "items", "collapsed");
            let description = f.optional_string("description");
            let items = f.items("items", "item", |value, path, issues| {
                decode_skill_item(value, path, issues, payload, &mut *unknown)
            });
            let collapsed = f.collapsed(name, true, repair);
            f.build(|extra| {
                Some(Segment::Skills(SkillsSegment {
                    description,
                    items: items?,
                    collapsed,
                    extra,
                }))
            })
        }
        SegmentKind::ToolOverview => {
            let mut f = read!("items", "collapsed");
            let items = f.items("items", "item", |value, path, issues| {
                decode_tool_item(value, path, issues, payload, &mut *unknown)
            });
            let collapsed = f.collapsed(name, true, repair);
            f.build(|extra| {
                Some(Segment::ToolOverview(ToolOverviewSegment {
                    items: items?,
                    collapsed,
                    extra,
                }))
            })
        }
        SegmentKind::ToolCallRequest => {
            let mut f = read!("toolName", "arguments", "collapsed", "callId");
            let tool_name = f.string("toolName");
            let arguments = f.object_in("arguments");
            let call_id = f.optional_string("callId");
            let collapsed = f.collapsed(name, false, repair);
            f.build(|extra| {
                Some(Segment::ToolCallRequest(ToolCallRequestSegment {
                    tool_name: tool_name?,
                    arguments: arguments?,
                    call_id: call_id.filter(|id| !id.is_empty()),
                    collapsed,
                    extra,
                }))
            })
        }
        SegmentKind::ToolCallResult => {
            let mut f = read!("toolName", "result", "success", "collapsed", "callId");
            let tool_name = f.string("toolName");
            let call_id = f.optional_string("callId");
            let result = f.string("result");
            let success = f.boolean("success");
            // Spec §7.2: a success folds away, a failure stays open.
            let collapsed = f.collapsed(name, success.unwrap_or(true), repair);
            f.build(|extra| {
                Some(Segment::ToolCallResult(ToolCallResultSegment {
                    tool_name: tool_name?,
                    result: result?,
                    success: success?,
                    call_id: call_id.filter(|id| !id.is_empty()),
                    collapsed,
                    extra,
                }))
            })
        }
        SegmentKind::Document => {
            let mut f = read!(
                "fileName",
                "mimeType",
                "snippet",
                "sizeBytes",
                "parsedContent"
            );
            let file_name = f.string("fileName");
            let mime_type = f.string("mimeType");
            let snippet = f.string("snippet");
            let size_bytes = f.count("sizeBytes");
            let parsed_content = f.optional_string("parsedContent");
            f.build(|extra| {
                Some(Segment::Document(DocumentSegment {
                    file_name: file_name?,
                    mime_type: mime_type?,
                    snippet: snippet?,
                    size_bytes: size_bytes?,
                    parsed_content,
                    extra,
                }))
            })
        }
        SegmentKind::LongText => {
            let mut f = read!("content", "charCount", "collapsed");
            let content = f.string("content");
            let char_count = match (f.raw("charCount"), &content) {
                (None, Some(content)) if repair => {
                    let computed = content.chars().count();
                    f.report("charCount", Problem::CharCountRepaired { computed });
                    Some(computed as u64)
                }
                _ => f.count("charCount"),
            };
            if let (Some(content), Some(declared)) = (&content, char_count) {
                // DECISIONS §1 counts Unicode scalar values (Rust chars), not bytes or UTF-16.
                let actual = content.chars().count();
                if declared != actual as u64 {
                    let declared = declared.to_string();
                    f.report("charCount", Problem::CharCountMismatch { declared, actual });
                }
            }
            let collapsed = f.collapsed(name, true, repair);
            f.build(|extra| {
                Some(Segment::LongText(LongTextSegment {
                    content: content?,
                    char_count: char_count?,
                    collapsed,
                    extra,
                }))
            })
        }
        SegmentKind::Media => {
            let mut f = read!("mediaType", "url", "altText");
            let media_type = match f.string("mediaType") {
                Some(found) => match MediaType::from_name(&found) {
                    Some(media_type) => Some(media_type),
                    None => {
                        f.report("mediaType", Problem::UnknownMediaType { found });
                        None
                    }
                },
                None => None,
            };
            let url = f.string("url");
            if let Some(url) = url.as_ref().filter(|url| !is_allowed_media_url(url)) {
                f.report("url", Problem::BlockedUrl { url: url.clone() });
            }
            let alt_text = f.optional_string("altText");
            f.build(|extra| {
                Some(Segment::Media(MediaSegment {
                    media_type: media_type?,
                    url: url?,
                    alt_text,
                    extra,
                }))
            })
        }
    }
}

/// Reads an array element that must be an object, with the given field names.
fn item_fields<'v, 'p, 'i>(
    value: &'v Value,
    names: &'static [&'static str],
    path: &'p JsonPath<'p>,
    issues: &'i mut Vec<Issue>,
    payload: Payload,
    unknown: &mut Cap,
) -> Option<Fields<'v, 'p, 'i>> {
    match value {
        Value::Object(object) => Some(Fields::read(object, names, path, issues, payload, unknown)),
        other => {
            issues.push(Issue::new(
                path.to_string(),
                Problem::WrongType {
                    expected: "an object",
                    found: type_name(other),
                },
            ));
            None
        }
    }
}

fn decode_memory_item(
    value: &Value,
    path: &JsonPath<'_>,
    issues: &mut Vec<Issue>,
    payload: Payload,
    unknown: &mut Cap,
) -> (Option<MemoryItem>, usize) {
    let Some(mut f) = item_fields(value, &["title", "content"], path, issues, payload, unknown)
    else {
        return (None, 1);
    };
    let title = f.string("title");
    let content = f.string("content");
    let errors = f.errors();
    let item = f.build(|extra| {
        Some(MemoryItem {
            title: title?,
            content: content?,
            extra,
        })
    });
    (item, errors)
}

fn decode_skill_item(
    value: &Value,
    path: &JsonPath<'_>,
    issues: &mut Vec<Issue>,
    payload: Payload,
    unknown: &mut Cap,
) -> (Option<SkillItem>, usize) {
    let names = &["name", "description", "body"];
    let Some(mut f) = item_fields(value, names, path, issues, payload, unknown) else {
        return (None, 1);
    };
    let name = f.string("name");
    let description = f.string("description");
    // A body is ignored whatever it holds (spec §4.3): a warning, never an error. A string
    // is kept for round trips; anything else is kept raw.
    if f.raw("body").is_some() {
        f.report("body", Problem::SkillBodyIgnored);
    }
    let body = match f.raw("body") {
        Some(Value::String(body)) => Some(body.clone()),
        Some(_) => {
            f.keep_raw("body");
            None
        }
        None => None,
    };
    let errors = f.errors();
    let item = f.build(|extra| {
        Some(SkillItem {
            name: name?,
            description: description?,
            body,
            extra,
        })
    });
    (item, errors)
}

fn decode_tool_item(
    value: &Value,
    path: &JsonPath<'_>,
    issues: &mut Vec<Issue>,
    payload: Payload,
    unknown: &mut Cap,
) -> (Option<ToolItem>, usize) {
    let names = &["name", "description", "parameters", "schema"];
    let Some(mut f) = item_fields(value, names, path, issues, payload, unknown) else {
        return (None, 1);
    };
    let name = f.string("name");
    let description = f.string("description");
    let parameters = f.string("parameters");
    let schema = f.optional_object_in("schema");
    let errors = f.errors();
    let item = f.build(|extra| {
        Some(ToolItem {
            name: name?,
            description: description?,
            parameters: parameters?,
            schema,
            extra,
        })
    });
    (item, errors)
}
