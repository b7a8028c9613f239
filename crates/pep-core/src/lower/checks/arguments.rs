//! Tool-call arguments against the declared tool's schema, and calls to undeclared tools.

use std::collections::HashMap;

use crate::issue::{CheckProblem, EnvelopeProblem, Issue, Problem, Repeated};
use crate::lower::{Conversation, Tool};
use crate::schema_check::Compiled;

/// At most this many "not checked" keywords are named per tool.
const UNCHECKED_NAMED: usize = 8;

/// The argument checks of every exported tool call: each schema is read once, each call
/// checked once (linear in calls and arguments). A call of a tool outside the declared ones
/// is reported when the envelope declares any.
pub fn arguments(conversation: &Conversation<'_>) -> Vec<Issue> {
    let mut issues = Vec::new();
    let mut tools: HashMap<&str, (&Tool<'_>, Option<Compiled<'_>>, bool)> = conversation
        .tools
        .iter()
        .map(|tool| (tool.name, (tool, tool.schema.map(Compiled::new), false)))
        .collect();
    for call in conversation.turns.iter().flat_map(|turn| &turn.tool_uses) {
        let Some((tool, schema, reported)) = tools.get_mut(call.name) else {
            // Without any declaration the envelope simply does not show its tools; a name
            // outside the declared ones is what deserves a word.
            if conversation.tools.is_empty() {
                continue;
            }
            issues.push(Issue::in_segment(
                call.at,
                "",
                Problem::Check(CheckProblem::UndeclaredTool {
                    tool: call.name.to_owned(),
                }),
            ));
            continue;
        };
        let Some(schema) = schema else { continue };
        let report = schema.check(call.arguments);
        for mismatch in &report.mismatches {
            issues.push(Issue::in_segment(
                call.at,
                &format!(".arguments{}", mismatch.path),
                Problem::Check(CheckProblem::ArgumentsMismatch {
                    tool: call.name.to_owned(),
                    detail: mismatch.problem.message(),
                }),
            ));
        }
        if report.more > 0 {
            issues.push(Issue::in_segment(
                call.at,
                ".arguments",
                Problem::Envelope(EnvelopeProblem::NotListed {
                    count: report.more,
                    what: Repeated::SchemaMismatch,
                }),
            ));
        }
        // What the schema says but the checker does not check, once per tool that is called.
        if !*reported && !report.unchecked.is_empty() {
            *reported = true;
            let mut keywords: Vec<&str> = Vec::new();
            for unchecked in &report.unchecked {
                if !keywords.contains(&unchecked.keyword.as_str()) {
                    keywords.push(&unchecked.keyword);
                }
            }
            let named = keywords.len().min(UNCHECKED_NAMED);
            let mut list = keywords[..named].join(", ");
            if keywords.len() > named {
                list.push_str(", …");
            }
            issues.push(Issue::in_segment(
                tool.at,
                &format!(".items[{}].schema", tool.item),
                Problem::Check(CheckProblem::SchemaNotChecked {
                    tool: call.name.to_owned(),
                    keywords: list,
                }),
            ));
        }
    }
    issues
}
