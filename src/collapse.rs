//! Per-segment collapse state: one signal per foldable segment, initialised from the segment's
//! `collapsed` (spec §7.2), toggled independently, and all at once by expand/collapse all.
//! Collapse state lives only here; the export never reads it.

use std::collections::HashMap;

use leptos::prelude::*;
use pep_core::model::{Entry, Envelope};

/// Identifies a segment by message and segment index.
pub type SegmentKey = pep_core::SegmentRef;

/// The initial collapse state of every foldable valid segment, in envelope order.
pub fn initial_states(envelope: &Envelope) -> Vec<(SegmentKey, bool)> {
    let mut states = Vec::new();
    for (m, message) in envelope.messages.iter().enumerate() {
        let Entry::Valid(message) = message else {
            continue;
        };
        for (s, segment) in message.segments.iter().enumerate() {
            if let Some(collapsed) = segment.valid().and_then(|segment| segment.collapsed()) {
                states.push((SegmentKey::new(m, s), collapsed));
            }
        }
    }
    states
}

/// The collapse signals of a rendered envelope, keyed by segment position.
///
/// The signals belong to the component that created the store: a demo's view, so they go
/// with it; or the user's own envelope editor, which re-renders the view as the user types and
/// keeps each segment's state across those renders ([`Collapse::sync`]).
#[derive(Debug, Clone, Copy)]
pub struct Collapse {
    store: StoredValue<Store>,
}

#[derive(Debug)]
struct Store {
    /// Where new signals are created, so they outlive re-rendered views.
    owner: Owner,
    signals: HashMap<SegmentKey, RwSignal<bool>>,
}

impl Default for Collapse {
    fn default() -> Self {
        Collapse::new()
    }
}

impl Collapse {
    /// An empty store owned by the current component.
    pub fn new() -> Collapse {
        let owner = Owner::current().unwrap_or_default();
        Collapse {
            store: StoredValue::new(Store {
                owner,
                signals: HashMap::new(),
            }),
        }
    }

    /// One signal per foldable segment of `envelope`.
    pub fn for_envelope(envelope: &Envelope) -> Collapse {
        let collapse = Collapse::new();
        collapse.sync(envelope);
        collapse
    }

    /// Adds a signal, initialised from the data, for each foldable segment of `envelope` that
    /// has none yet; segments already known keep the state the user gave them.
    pub fn sync(&self, envelope: &Envelope) {
        let missing: Vec<(SegmentKey, bool)> = self.store.with_value(|store| {
            initial_states(envelope)
                .into_iter()
                .filter(|(key, _)| !store.signals.contains_key(key))
                .collect()
        });
        if missing.is_empty() {
            return;
        }
        let owner = self.store.with_value(|store| store.owner.clone());
        let created: Vec<(SegmentKey, RwSignal<bool>)> = owner.with(|| {
            missing
                .into_iter()
                .map(|(key, collapsed)| (key, RwSignal::new(collapsed)))
                .collect()
        });
        self.store
            .update_value(|store| store.signals.extend(created));
    }

    /// The signal of the segment at `key`, if it folds.
    pub fn signal(&self, key: SegmentKey) -> Option<RwSignal<bool>> {
        self.store
            .with_value(|store| store.signals.get(&key).copied())
    }

    /// Folds (`true`) or unfolds (`false`) every segment.
    pub fn set_all(&self, collapsed: bool) {
        self.store.with_value(|store| {
            for signal in store.signals.values() {
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
            [
                (SegmentKey::new(0, 1), false),
                (SegmentKey::new(0, 2), true),
                (SegmentKey::new(1, 0), false)
            ]
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
            assert_eq!(collapse.signal(SegmentKey::new(99, 0)), None);
        });
    }

    #[test]
    fn sync_keeps_known_segments_and_adds_new_ones() {
        let owner = Owner::new();
        owner.with(|| {
            let load = |source: &str| pep_core::load(source, pep_core::Mode::Repair).envelope;
            let one = r#"{"version":"1.0","messages":[{"id":"a","role":"system","timestamp":1,
                "segments":[{"kind":"system_prompt","content":"p","collapsed":true}]}]}"#;
            let two = r#"{"version":"1.0","messages":[{"id":"a","role":"system","timestamp":1,
                "segments":[{"kind":"system_prompt","content":"p2","collapsed":true},
                            {"kind":"memory","items":[{"title":"t","content":"c"}],"collapsed":true}]}]}"#;
            let (Some(first), Some(second)) = (load(one), load(two)) else { panic!() };
            let collapse = Collapse::for_envelope(&first);
            collapse.signal(SegmentKey::new(0, 0)).iter().for_each(|s| s.set(false));
            collapse.sync(&second);
            assert_eq!(collapse.signal(SegmentKey::new(0, 0)).map(|s| s.get_untracked()), Some(false), "kept");
            assert_eq!(collapse.signal(SegmentKey::new(0, 1)).map(|s| s.get_untracked()), Some(true), "added");
        });
    }
}
