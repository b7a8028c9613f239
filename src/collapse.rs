//! Per-segment collapse state: one signal per foldable segment, initialised from the segment's
//! `collapsed` (spec §7.2), toggled independently, and all at once by expand/collapse all.
//! Collapse state lives only here; the export never reads it.

use std::collections::HashMap;

use leptos::prelude::*;
use pep_core::model::{Entry, Envelope};

/// Identifies a segment by message and segment index.
pub type SegmentKey = (usize, usize);

/// The initial collapse state of every foldable valid segment, in envelope order.
pub fn initial_states(envelope: &Envelope) -> Vec<(SegmentKey, bool)> {
    let mut states = Vec::new();
    for (m, message) in envelope.messages.iter().enumerate() {
        let Entry::Valid(message) = message else {
            continue;
        };
        for (s, segment) in message.segments.iter().enumerate() {
            if let Some(collapsed) = segment.valid().and_then(|segment| segment.collapsed()) {
                states.push(((m, s), collapsed));
            }
        }
    }
    states
}

/// The collapse signals of one rendered envelope. Created by the component that renders the
/// envelope, so the signals are disposed with it.
#[derive(Debug, Clone, Copy)]
pub struct Collapse {
    signals: StoredValue<HashMap<SegmentKey, RwSignal<bool>>>,
}

impl Collapse {
    /// One signal per foldable segment of `envelope`.
    pub fn for_envelope(envelope: &Envelope) -> Collapse {
        let signals = initial_states(envelope)
            .into_iter()
            .map(|(key, collapsed)| (key, RwSignal::new(collapsed)))
            .collect();
        Collapse {
            signals: StoredValue::new(signals),
        }
    }

    /// The signal of the segment at `key`, if it folds.
    pub fn signal(&self, key: SegmentKey) -> Option<RwSignal<bool>> {
        self.signals
            .with_value(|signals| signals.get(&key).copied())
    }

    /// Folds (`true`) or unfolds (`false`) every segment.
    pub fn set_all(&self, collapsed: bool) {
        self.signals.with_value(|signals| {
            for signal in signals.values() {
                signal.set(collapsed);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn initial_states_follow_the_data() {
        let source = r#"{"version":"1.0","messages":[
          {"id":"a","role":"assistant","timestamp":1,"segments":[
            {"kind":"text","content":"x"},
            {"kind":"tool_call_request","toolName":"t","arguments":{},"collapsed":false},
            {"kind":"system_prompt","content":"p","collapsed":true}]},
          {"id":"b","role":"tool","timestamp":2,"segments":[
            {"kind":"tool_call_result","toolName":"t","result":"r","success":false,"collapsed":false}]}]}"#;
        let loaded = pep_core::load(source, pep_core::Mode::Repair);
        let Some(envelope) = loaded.envelope else {
            panic!("{:?}", loaded.issues)
        };
        assert_eq!(
            initial_states(&envelope),
            [((0, 1), false), ((0, 2), true), ((1, 0), false)]
        );
    }

    #[test]
    fn set_all_and_independent_toggles() {
        let owner = Owner::new();
        owner.with(|| {
            let Ok(catalogue) = crate::demos::Catalogue::embedded() else {
                panic!()
            };
            let loaded = pep_core::load(catalogue.pick(Some("b")).source, pep_core::Mode::Repair);
            let Some(envelope) = loaded.envelope else {
                panic!()
            };
            let collapse = Collapse::for_envelope(&envelope);
            let keys: Vec<SegmentKey> = initial_states(&envelope)
                .into_iter()
                .map(|(k, _)| k)
                .collect();
            assert!(keys.len() >= 3);
            collapse.set_all(false);
            assert!(
                keys.iter()
                    .all(|k| collapse.signal(*k).is_some_and(|s| !s.get_untracked()))
            );
            collapse.set_all(true);
            let first = collapse.signal(keys[0]);
            first.iter().for_each(|s| s.set(false));
            assert_eq!(first.map(|s| s.get_untracked()), Some(false));
            assert_eq!(
                collapse.signal(keys[1]).map(|s| s.get_untracked()),
                Some(true)
            );
            assert_eq!(collapse.signal((99, 0)), None);
        });
    }
}
