//! Per-segment fold state: one signal per foldable segment, made when the segment is first
//! rendered, starting from its `collapsed` (spec §7.2) — or from the last Expand all / Collapse
//! all, which also sets every signal made so far. Fold state lives only here; the export never
//! reads it.

use std::collections::HashMap;

use leptos::prelude::*;
use pep_view::SegmentRef;

/// The fold signals of one shown envelope, keyed by segment.
///
/// The signals belong to the component that created the store: a demo's view, so they go
/// with it; or Your envelope's editor, which shows a new view as the user types and keeps
/// each segment's state across them.
#[derive(Debug, Clone, Copy)]
pub struct Collapse {
    store: StoredValue<Store>,
}

#[derive(Debug)]
struct Store {
    /// Where new signals are created, so they outlive re-rendered views.
    owner: Owner,
    signals: HashMap<SegmentRef, RwSignal<bool>>,
    /// The last Expand all (`false`) or Collapse all (`true`), for segments not seen yet.
    all: Option<bool>,
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
                all: None,
            }),
        }
    }

    /// The signal of the segment at `key`, made from `initial` (or the last fold-all) when
    /// it has none yet.
    pub fn signal(&self, key: SegmentRef, initial: bool) -> RwSignal<bool> {
        if let Some(signal) = self.existing(key) {
            return signal;
        }
        let (owner, all) = self
            .store
            .with_value(|store| (store.owner.clone(), store.all));
        let signal = owner.with(|| RwSignal::new(all.unwrap_or(initial)));
        self.store.update_value(|store| {
            store.signals.entry(key).or_insert(signal);
        });
        self.existing(key).unwrap_or(signal)
    }

    /// The signal of the segment at `key`, if it has been rendered.
    pub fn existing(&self, key: SegmentRef) -> Option<RwSignal<bool>> {
        self.store
            .try_with_value(|store| store.signals.get(&key).copied())
            .flatten()
    }

    /// Folds (`true`) or unfolds (`false`) every segment, those not rendered yet too.
    pub fn set_all(&self, collapsed: bool) {
        self.store.update_value(|store| store.all = Some(collapsed));
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
    fn signals_start_from_the_data_and_keep_the_users_choice() {
        let owner = Owner::new();
        owner.with(|| {
            let collapse = Collapse::new();
            let a = SegmentRef::new(0, 1);
            let b = SegmentRef::new(1, 0);
            assert!(collapse.signal(a, true).get_untracked());
            collapse.signal(a, true).set(false);
            assert!(
                !collapse.signal(a, true).get_untracked(),
                "kept across renders"
            );
            assert_eq!(collapse.existing(b), None);
            collapse.set_all(false);
            assert!(
                !collapse.signal(b, true).get_untracked(),
                "fold-all reaches new ones"
            );
            collapse.set_all(true);
            assert!(collapse.signal(a, false).get_untracked());
            assert!(collapse.signal(b, false).get_untracked());
        });
    }
}
