//! What the viewer shows for one envelope source, computed once per source with the same core
//! as the `pep` CLI: the decoded envelope (with the viewer's repairs), its issues, the three
//! exports and the raw protocol text. Decoding, the variables and the tool-call pairing happen
//! once and feed validation, every export and the view.

use std::collections::HashMap;
use std::sync::Arc;

use pep_core::budget::{Budget, RequestBudget};
use pep_core::export::Format;
use pep_core::model::{Entry, Envelope};
use pep_core::{Issue, Loaded, Mode, Prepared};

use crate::raw_text::RawText;
use crate::view_steps::{self, Step};
use pep_view::links::LineLinks;

/// The largest input the viewer takes, by any way in (DECISIONS §9): 50 MiB of UTF-8.
pub const MAX_INPUT_BYTES: usize = 50 * 1024 * 1024;

/// Up to this size the Raw tab's text is made with the view (and its element holds the whole
/// text, as find-in-page and tests expect); above it, only when first shown.
pub const RAW_EAGER_UP_TO: usize = 256 * 1024;

/// Everything the viewer renders for one envelope source.
#[derive(Debug, Clone, PartialEq)]
pub struct ViewModel {
    /// The envelope, unless the source is not JSON or has no `messages` array.
    pub envelope: Option<Envelope>,
    /// Validation issues, including the viewer's repairs (DECISIONS §1).
    pub issues: Vec<Issue>,
    /// The OpenAI, Anthropic and MCP exports, in [`Format::ALL`] order; empty without an
    /// envelope.
    pub exports: Vec<ExportText>,
    /// The source, pretty-printed with its key order and numbers kept; the source itself when it
    /// is not JSON, so the user's input is never lost. Made later for large sources.
    pub raw_json: RawText,
    /// Session variables (first definition wins), for showing templates with their values.
    pub variables: HashMap<String, String>,
    /// The context budget, with estimated tokens; `None` without an envelope.
    pub budget: Option<Arc<Budget>>,
}

/// One export as the panel shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct ExportText {
    /// Which format.
    pub format: Format,
    /// The request, pretty-printed exactly as `pep export --to FORMAT` prints it (without the
    /// final newline). Shared, not copied, by the panel's view, Copy and Download.
    pub json: Arc<str>,
    /// Its warnings, including what was left out because it is invalid.
    pub warnings: Vec<Issue>,
    /// Which of its lines came from which segments (none yet, for a large envelope's first
    /// render).
    pub links: Arc<LineLinks>,
    /// Its model-visible size, for the context budget.
    pub request: RequestBudget,
    /// The request checks that concern this format: arguments against the tools' schemas,
    /// calls of undeclared tools, the provider's ordering rules.
    pub checks: Vec<Issue>,
}

/// What the view needs beyond [`Loaded`], computed with validation's analysis and lowering.
#[derive(Default)]
struct Derived {
    exports: Vec<ExportText>,
    variables: HashMap<String, String>,
    budget: Option<Arc<Budget>>,
}

/// Everything at once (`complete`), or what the first render needs: the OpenAI export
/// without its line links ([`view_steps::LATER`] makes the rest).
fn derive(prepared: Prepared<'_, '_>, complete: bool) -> Derived {
    let conversation = prepared.conversation;
    let exports: Vec<ExportText> = if complete {
        Format::ALL
            .into_iter()
            .map(|format| view_steps::export_text(conversation, format, true))
            .collect()
    } else {
        vec![view_steps::export_text(conversation, Format::OpenAi, false)]
    };
    let budget = complete.then(|| {
        Arc::new(view_steps::budget_of(
            conversation,
            prepared.envelope,
            &exports,
        ))
    });
    let variables = prepared
        .analysis
        .variables
        .iter()
        .map(|(name, definition)| (name.to_owned(), definition.value.to_owned()))
        .collect();
    Derived {
        exports,
        variables,
        budget,
    }
}

impl ViewModel {
    /// Loads `source` the way the viewer does: repair mode, then the exports of the valid
    /// parts.
    pub fn from_source(source: &str) -> ViewModel {
        let ((loaded, derived), raw_json) = if source.len() > RAW_EAGER_UP_TO {
            // The core's streaming decoder builds no tree of the whole document, and the
            // first render waits for nothing but the OpenAI export.
            (
                pep_core::load_with(source, Mode::Repair, |p| derive(p, false)),
                RawText::later(source),
            )
        } else {
            // Parse once: the same tree feeds the raw view and the decoder.
            match pep_core::decode::parse_json(source) {
                Ok(parsed) => (
                    pep_core::load_parsed_with(&parsed, Mode::Repair, |p| derive(p, true)),
                    RawText::ready(format!("{:#}", parsed.value)),
                ),
                Err(issue) => (
                    (
                        Loaded {
                            envelope: None,
                            issues: vec![issue],
                        },
                        None,
                    ),
                    RawText::ready(source.to_owned()),
                ),
            }
        };
        let Derived {
            exports,
            variables,
            budget,
        } = derived.unwrap_or_default();
        ViewModel {
            envelope: loaded.envelope,
            issues: loaded.issues,
            exports,
            raw_json,
            variables,
            budget,
        }
    }

    /// What is still to be made after the first render ([`view_steps::run`] each, in order):
    /// nothing for a small envelope.
    pub fn later(&self) -> &'static [Step] {
        let complete = self.envelope.is_none() || self.budget.is_some();
        if complete { &[] } else { &view_steps::LATER }
    }

    /// Makes at once what [`Self::later`] lists (tests, the performance harness).
    pub fn complete(&mut self) {
        let Some(envelope) = &self.envelope else {
            return;
        };
        for step in self.later() {
            view_steps::run(envelope, *step, &mut self.exports, &mut self.budget);
        }
    }

    /// The export in `format`, if there is an envelope.
    pub fn export(&self, format: Format) -> Option<&ExportText> {
        self.exports.iter().find(|export| export.format == format)
    }

    /// The number of segments in valid messages (invalid ones included, as fallback cards),
    /// for the chat header.
    pub fn segment_count(&self) -> usize {
        self.envelope.as_ref().map_or(0, |envelope| {
            envelope
                .messages
                .iter()
                .filter_map(Entry::valid)
                .map(|message| message.segments.len())
                .sum()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::demos::Catalogue;

    #[test]
    fn demo_export_is_the_cli_export() {
        let Ok(catalogue) = Catalogue::embedded() else {
            panic!("catalogue")
        };
        for demo in &catalogue.demos {
            let model = ViewModel::from_source(demo.source);
            for format in Format::ALL {
                let cli = pep_core::export_text(demo.source, format, Default::default());
                let cli = cli.map(|e| e.to_pretty_json()).map_err(|_| ());
                let view = model.export(format).map(|e| e.json.to_string()).ok_or(());
                assert_eq!(view, cli, "{} {format:?}", demo.id);
            }
            assert!(model.issues.is_empty(), "{}: {:?}", demo.id, model.issues);
            assert!(model.segment_count() > 0);
        }
    }

    #[test]
    fn large_sources_load_like_small_ones() {
        let Ok(catalogue) = Catalogue::embedded() else {
            panic!("catalogue")
        };
        let small = catalogue.pick(Some("b")).source;
        // The same envelope, padded with spaces past the eager limit: the streaming path must
        // give the same envelope, issues, export and raw text.
        let large = format!("{small}{}", " ".repeat(RAW_EAGER_UP_TO));
        let (a, b) = (
            ViewModel::from_source(small),
            ViewModel::from_source(&large),
        );
        assert!(a.raw_json.is_ready() && !b.raw_json.is_ready());
        // The large one first has the OpenAI export only, then the rest, one step each.
        assert_eq!(b.exports.len(), 1);
        assert_eq!(b.later().len(), 4);
        let mut b = b;
        b.complete();
        assert!(b.later().is_empty());
        assert_eq!(a, b);
        let broken = format!("{{ not json{}", " ".repeat(RAW_EAGER_UP_TO));
        let model = ViewModel::from_source(&broken);
        assert!(model.envelope.is_none());
        assert_eq!(model.raw_json.text().as_ref(), broken.as_str());
    }

    #[test]
    fn broken_input_is_kept_and_reported() {
        let model = ViewModel::from_source("{ not json");
        assert!(model.envelope.is_none());
        assert_eq!(model.raw_json.text().as_ref(), "{ not json");
        assert!(model.exports.is_empty());
        assert!(model.issues[0].to_string().contains("line 1, column 3"));
    }

    #[test]
    fn invalid_segments_are_left_out_of_the_export_with_a_warning() {
        let source = r#"{"version":"1.0","model":"m","messages":[{"id":"a","role":"user","timestamp":1,
            "segments":[{"kind":"text","content":"ok"},{"kind":"text","content":5}]}]}"#;
        let model = ViewModel::from_source(source);
        for format in Format::ALL {
            let Some(export) = model.export(format) else {
                panic!("{format:?}")
            };
            assert!(export.json.contains("\"ok\""), "{format:?}");
            assert_eq!(export.warnings[0].path, "messages[0].segments[1]");
        }
    }
}
