//! `{{var}}` placeholders (spec §3.2, DECISIONS §2).
//!
//! Syntax: `{{`, any ASCII spaces, a name `[A-Za-z_][A-Za-z0-9_]*`, any ASCII spaces, `}}`.
//! Anything else with braces is literal text. Like seed 001's `{name}` templates, an unknown
//! placeholder is never silently rendered empty: it stays as written, with a warning.

use std::collections::HashMap;

use crate::cap::Cap;
use crate::issue::{EnvelopeProblem, ExportProblem, Issue, Problem, Repeated};
use crate::model::{Entry, Envelope, Segment};
use crate::path::SegmentRef;

/// The most bytes the export's head (the system message) may reach by expanding
/// placeholders: 16 MiB (DECISIONS §9).
pub const HEAD_LIMIT: usize = 16 << 20;

/// A piece of template text: literal text or a placeholder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Token<'t> {
    /// Text copied as is.
    Text(&'t str),
    /// A placeholder.
    Placeholder {
        /// The placeholder exactly as written, e.g. `{{ name }}`.
        raw: &'t str,
        /// The variable name inside it.
        name: &'t str,
    },
}

/// Splits a template into literal text and placeholders, in order. Adjacent literal text is
/// returned as one token.
pub fn tokens(template: &str) -> Vec<Token<'_>> {
    token_iter(template).collect()
}

/// The tokens of `template` one by one, for walks that need no list of them (validation and
/// export: a template of 100,000 placeholders would otherwise cost a 4 MB list each time).
pub(crate) fn token_iter(template: &str) -> impl Iterator<Item = Token<'_>> {
    let bytes = template.as_bytes();
    let mut literal_start = 0;
    let mut at = 0;
    // A placeholder found after a literal run is handed out on the next call.
    let mut pending: Option<Token<'_>> = None;
    std::iter::from_fn(move || {
        if let Some(token) = pending.take() {
            return Some(token);
        }
        while let Some(offset) = template.get(at..).and_then(|rest| rest.find("{{")) {
            let start = at + offset;
            match placeholder_at(bytes, start) {
                Some((name_start, name_end, end)) => {
                    let placeholder = Token::Placeholder {
                        raw: &template[start..end],
                        name: &template[name_start..name_end],
                    };
                    let literal = &template[literal_start..start];
                    literal_start = end;
                    at = end;
                    if literal.is_empty() {
                        return Some(placeholder);
                    }
                    pending = Some(placeholder);
                    return Some(Token::Text(literal));
                }
                // `{{{x}}}`: the placeholder may start one brace later.
                None => at = start + 1,
            }
        }
        if literal_start < template.len() {
            let literal = &template[literal_start..];
            literal_start = template.len();
            at = template.len();
            return Some(Token::Text(literal));
        }
        None
    })
}

/// Matches a placeholder starting at `start` (which holds `{{`): returns the name's range and
/// the end of the closing `}}`.
fn placeholder_at(bytes: &[u8], start: usize) -> Option<(usize, usize, usize)> {
    let mut i = start + 2;
    while bytes.get(i) == Some(&b' ') {
        i += 1;
    }
    let name_start = i;
    match bytes.get(i) {
        Some(b) if b.is_ascii_alphabetic() || *b == b'_' => i += 1,
        _ => return None,
    }
    while matches!(bytes.get(i), Some(b) if b.is_ascii_alphanumeric() || *b == b'_') {
        i += 1;
    }
    let name_end = i;
    while bytes.get(i) == Some(&b' ') {
        i += 1;
    }
    (bytes.get(i) == Some(&b'}') && bytes.get(i + 1) == Some(&b'}')).then_some((
        name_start,
        name_end,
        i + 2,
    ))
}

/// One static_var definition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Definition<'e> {
    /// The value substituted for the variable.
    pub value: &'e str,
    /// The defining segment.
    pub at: SegmentRef,
}

/// Every static_var of an envelope (session scope, DECISIONS §2): the first definition of a
/// name wins.
#[derive(Debug, Clone, Default)]
pub struct Variables<'e> {
    definitions: HashMap<&'e str, Definition<'e>>,
    /// Names in order of first definition.
    order: Vec<&'e str>,
    /// Later definitions of an already defined name, as issues at their `name`.
    duplicates: Vec<Issue>,
}

impl<'e> Variables<'e> {
    /// Collects the static_vars of all valid segments of `envelope`.
    pub fn collect(envelope: &'e Envelope) -> Self {
        let mut variables = Variables::default();
        for (m, message) in envelope.messages.iter().enumerate() {
            let Entry::Valid(message) = message else {
                continue;
            };
            for (s, segment) in message.segments.iter().enumerate() {
                let Entry::Valid(Segment::StaticVar(var)) = segment else {
                    continue;
                };
                let at = SegmentRef::new(m, s);
                match variables.definitions.get(var.name.as_str()) {
                    Some(first) => variables.duplicates.push(Issue::in_segment(
                        at,
                        ".name",
                        Problem::Envelope(EnvelopeProblem::DuplicateVariable {
                            name: var.name.clone(),
                            first: first.at.path(),
                        }),
                    )),
                    None => {
                        variables.order.push(&var.name);
                        variables.definitions.insert(
                            &var.name,
                            Definition {
                                value: &var.value,
                                at,
                            },
                        );
                    }
                }
            }
        }
        variables
    }

    /// The winning definition of `name`.
    pub fn get(&self, name: &str) -> Option<&Definition<'e>> {
        self.definitions.get(name)
    }

    /// Defined names with their winning definitions, in order of definition.
    pub fn iter(&self) -> impl Iterator<Item = (&'e str, &Definition<'e>)> + '_ {
        self.order
            .iter()
            .filter_map(|name| Some((*name, self.definitions.get(name)?)))
    }

    /// Warnings about names defined more than once.
    pub fn duplicates(&self) -> &[Issue] {
        &self.duplicates
    }

    /// Expands `template`, the content of the system_prompt at `at`: each known placeholder
    /// becomes its value, inserted literally and once; unknown ones stay as written. Warnings
    /// go to `issues`. Expansion stops at [`HEAD_LIMIT`] bytes, as in the export's head
    /// (DECISIONS §9). Unknown placeholders and empty values beyond the first hundred warnings
    /// of each are counted in one summary warning.
    pub fn expand(&self, template: &str, at: SegmentRef, issues: &mut Vec<Issue>) -> String {
        let mut head = Head::default();
        let out = self.expand_in_head(template, at, issues, &mut head);
        head.finish(&format!("{at}.content"), issues);
        out
    }

    /// Expands `template` as part of the export's head (DECISIONS §9): once a value would
    /// take the head beyond [`HEAD_LIMIT`], that placeholder and every later one (`head.full`
    /// stays set across templates) are written as they are, with one warning. Without this,
    /// 20,000 uses of a 1 MB value would ask for 20 GB.
    pub(crate) fn expand_in_head(
        &self,
        template: &str,
        at: SegmentRef,
        issues: &mut Vec<Issue>,
        head: &mut Head,
    ) -> String {
        let issue = |problem| Issue::in_segment(at, ".content", problem);
        let mut out = String::with_capacity(template.len());
        for token in token_iter(template) {
            match token {
                Token::Text(text) => out.push_str(text),
                Token::Placeholder { raw, name } => match self.get(name) {
                    Some(definition) => {
                        let fits = head
                            .len
                            .saturating_add(out.len())
                            .saturating_add(definition.value.len())
                            <= HEAD_LIMIT;
                        if head.full || !fits {
                            if !head.full {
                                head.full = true;
                                issues.push(issue(Problem::Export(ExportProblem::HeadTooLarge {
                                    limit_mib: HEAD_LIMIT >> 20,
                                    placeholder: raw.to_owned(),
                                })));
                            }
                            out.push_str(raw);
                            continue;
                        }
                        if definition.value.is_empty() && head.empty_values.admit() {
                            issues.push(issue(Problem::Export(
                                ExportProblem::EmptyVariableValue {
                                    name: name.to_owned(),
                                },
                            )));
                        }
                        out.push_str(definition.value);
                    }
                    None => {
                        if head.unknown.admit() {
                            issues.push(unknown_placeholder(at, raw, name));
                        }
                        out.push_str(raw);
                    }
                },
            }
        }
        out
    }
}

/// The state of an export's head across its templates: its length so far, whether it reached
/// [`HEAD_LIMIT`], and the caps on its repetitive warnings (a placeholder is five bytes of
/// input, its warning a hundred).
#[derive(Debug)]
pub(crate) struct Head {
    /// Bytes of the head before the template being expanded.
    pub(crate) len: usize,
    full: bool,
    unknown: Cap,
    empty_values: Cap,
}

impl Default for Head {
    fn default() -> Self {
        Head {
            len: 0,
            full: false,
            unknown: unknown_placeholders(),
            empty_values: Cap::new(Repeated::EmptyValue),
        }
    }
}

impl Head {
    /// The summaries of the warnings not listed, at `path`.
    pub(crate) fn finish(&self, path: &str, issues: &mut Vec<Issue>) {
        issues.extend(self.unknown.summary(path));
        issues.extend(self.empty_values.summary(path));
    }
}

/// Unknown-placeholder warnings are capped per envelope: `{{x}}` is five bytes of input, its
/// warning a hundred (DECISIONS §9).
pub(crate) fn unknown_placeholders() -> Cap {
    Cap::new(Repeated::UnknownPlaceholder)
}

/// The warning for a placeholder with no static_var, in the content of the system_prompt at
/// `at`.
pub(crate) fn unknown_placeholder(at: SegmentRef, raw: &str, name: &str) -> Issue {
    Issue::in_segment(
        at,
        ".content",
        Problem::Envelope(EnvelopeProblem::UnknownPlaceholder {
            placeholder: raw.to_owned(),
            name: name.to_owned(),
        }),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(template: &str) -> Vec<&str> {
        tokens(template)
            .into_iter()
            .filter_map(|token| match token {
                Token::Placeholder { name, .. } => Some(name),
                Token::Text(_) => None,
            })
            .collect()
    }

    #[test]
    fn scanner_follows_decisions_2() {
        assert_eq!(names("{{a}} {{  b_1  }} {{_c}}"), ["a", "b_1", "_c"]);
        assert_eq!(
            names("{{ a, b }} {x} {{\tx}} {{x\t}} {{1x}} {{}} {{ }}"),
            Vec::<&str>::new()
        );
        assert_eq!(names("{{a-b}} {{a.b}} {{ä}}"), Vec::<&str>::new());
        assert_eq!(
            tokens("{{{x}}}"),
            [
                Token::Text("{"),
                Token::Placeholder {
                    raw: "{{x}}",
                    name: "x"
                },
                Token::Text("}")
            ]
        );
        assert_eq!(names("{{{{x}}}}"), ["x"]);
        assert_eq!(names("{{x}"), Vec::<&str>::new());
        assert_eq!(names("日期：{{current_date}}。"), ["current_date"]);
        assert_eq!(tokens(""), []);
        assert_eq!(tokens("plain"), [Token::Text("plain")]);
    }

    #[test]
    fn raw_keeps_inner_spaces() {
        assert_eq!(
            tokens("{{  Name }}"),
            [Token::Placeholder {
                raw: "{{  Name }}",
                name: "Name"
            }]
        );
    }
}
